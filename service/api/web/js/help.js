// Card help: the rules text of every card, mission, role, equipment, event... from
// GET /games/{game}/reference, shown on hover (pointer) and on tap (touch) of anything drawn with
// a `data-info="kind:id"` attribute. Entries that are ours (not from the published game) carry a
// discreet mark.

import { get } from "./api.js";
import { h } from "./dom.js";

const cache = new Map();

/** {"<kind>:<id>": entry} for a game (empty when the server has no reference yet). */
export function referenceOf(game) {
  if (!cache.has(game)) {
    cache.set(game, get(`/games/${encodeURIComponent(game)}/reference`).then((ref) => {
      const index = {};
      for (const section of ref.sections || []) {
        for (const entry of section.entries || []) index[`${section.kind}:${entry.id}`] = { ...entry, section: section.title };
      }
      return index;
    }).catch(() => ({})));
  }
  return cache.get(game);
}

let tip = null;
let hideTimer = null;
let hidesAttached = false;

function tipBox() {
  if (!tip) {
    tip = h("div.card-tip#card-tip", { role: "tooltip", hidden: true });
    document.body.append(tip);
  }
  return tip;
}

/** The help box's content for one entry. */
export function entryHelp(entry) {
  return [h("strong", { text: entry.name }),
    entry.source === "ours" ? h("span.ours", { text: " · ours", title: "not from the published game: our placeholder or invention" }) : "",
    h("p", { text: entry.text })];
}

function show(el, index, x, y) {
  const entry = index[el.getAttribute("data-info")];
  if (!entry) return false;
  const box = tipBox();
  box.replaceChildren(...entryHelp(entry));
  box.hidden = false;
  const room = document.documentElement.clientWidth; // the page's width without its scrollbar
  const width = Math.min(320, room - 16);
  box.style.width = width + "px";
  box.style.left = Math.max(8, Math.min(x + 12, room - width - 8)) + "px";
  box.style.top = (y + 16 + window.scrollY) + "px";
  return true;
}

export function hideHelp() {
  if (tip) tip.hidden = true;
}

/** Hover and tap help for everything with data-info under `root`. */
export function attachHelp(root, game) {
  let index = {};
  referenceOf(game).then((i) => { index = i; });
  root.addEventListener("mouseover", (ev) => {
    const el = ev.target.closest && ev.target.closest("[data-info]");
    if (!el) { hideHelp(); return; }
    clearTimeout(hideTimer);
    show(el, index, ev.clientX, ev.clientY);
  });
  root.addEventListener("mouseleave", hideHelp);
  if (!hidesAttached) { // anywhere else, and on resizing, the help goes away
    hidesAttached = true;
    document.addEventListener("mouseover", (ev) => { if (!(ev.target.closest && ev.target.closest("[data-info]"))) hideHelp(); });
    window.addEventListener("resize", hideHelp);
  }
  root.addEventListener("click", (ev) => { // a tap shows the text for a few seconds
    const el = ev.target.closest && ev.target.closest("[data-info]");
    if (!el) return;
    if (show(el, index, ev.clientX, ev.clientY)) {
      clearTimeout(hideTimer);
      hideTimer = setTimeout(hideHelp, 6000);
    }
  });
}
