// Replay viewer for a finished match: the seed, the commitment checked in the browser
// (SubtleCrypto SHA-256 over canonical JSON, README "Verifying a commitment"), and every action
// stepped forward and back together with the log entries it produced.

import { get, reference } from "./api.js";
import { h } from "./dom.js";
import { GAMES, genericLabel } from "./games/index.js";

/** A log entry of the full replay: the public part, then what each seat alone was shown. */
function replayLogText(entry) {
  const words = (obj) => Object.entries(obj).map(([k, v]) => `${k}=${typeof v === "object" ? JSON.stringify(v) : v}`).join(" ");
  const parts = entry.public ? [words(entry.public)] : [];
  for (const [seat, part] of Object.entries(entry.private || {})) parts.push(`[seen by seat ${seat} only: ${words(part)}]`);
  return parts.join(" ");
}

/** Python's json.dumps(obj, sort_keys=True, separators=(",", ":")) (ensure_ascii) for JSON data. */
export function canonicalJson(value) {
  if (value === null || typeof value !== "object") {
    return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (ch) => "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0"));
  }
  if (Array.isArray(value)) return "[" + value.map(canonicalJson).join(",") + "]";
  const keys = Object.keys(value).sort();
  return "{" + keys.map((k) => canonicalJson(k) + ":" + canonicalJson(value[k])).join(",") + "}";
}

/** The commitment of a replay: the seed goes in as a JSON integer, spliced in as its digits. */
export async function commitmentOf(replay) {
  if (!/^[0-9]{1,19}$/.test(replay.seed)) throw new Error("the seed is not a string of digits");
  const text = canonicalJson({ game: replay.game, options: replay.options, seed: "@SEED@", setup: replay.setup })
    .replace('"seed":"@SEED@"', '"seed":' + replay.seed);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function renderReplay(root, matchId) {
  const replay = await get(`/matches/${matchId}/replay`);
  const game = GAMES[replay.game] || {};
  const verdict = h("span#commitment-verdict", { text: "checking…" });
  root.append(h("h1", { text: `Replay — ${game.title || replay.game}` }),
    h("p", {}, "Match ", h("code", { text: matchId }), " · seed ", h("code#replay-seed", { text: replay.seed })),
    h("p", {}, "Commitment ", h("code", { text: replay.commitment }), ": ", verdict),
    h("p#replay-outcome", { text: "Outcome: " + (replay.outcome ? replay.outcome.summary || JSON.stringify(replay.outcome.winners) : "—") }));
  try {
    const digest = await commitmentOf(replay);
    const ok = digest === replay.commitment;
    verdict.textContent = ok ? "commitment OK (SHA-256 checked in this browser)" : `MISMATCH (computed ${digest})`;
    verdict.className = ok ? "ok" : "bad";
  } catch (exc) {
    verdict.textContent = "cannot check: " + exc;
    verdict.className = "bad";
  }
  const steps = replay.history;
  let at = 0;
  const position = h("span#replay-position");
  const current = h("div#replay-current");
  const list = h("ol.replay-steps#replay-steps", { start: 1 });
  const prev = h("button#replay-prev", { type: "button", text: "◀ Back", "aria-keyshortcuts": "ArrowLeft" });
  const next = h("button#replay-next", { type: "button", text: "Forward ▶", "aria-keyshortcuts": "ArrowRight" });
  const first = h("button", { type: "button", text: "|◀ Start" });
  const last = h("button", { type: "button", text: "End ▶|" });
  const label = (a) => {
    try { return (game.label && game.label(a, null, {})) || genericLabel(a); } catch (exc) { return genericLabel(a); }
  };
  steps.forEach((step, i) => list.append(h("li", { "data-step": i + 1 },
    h("button.linkish", { type: "button", text: `seat ${step.seat}: ${label(step.action)}`, onclick: () => show(i + 1) }))));
  const show = (n) => {
    at = Math.max(0, Math.min(steps.length, n));
    position.textContent = `step ${at} of ${steps.length}`;
    prev.disabled = at === 0;
    next.disabled = at === steps.length;
    list.querySelectorAll("li").forEach((li) => li.classList.toggle("current", Number(li.dataset.step) === at));
    const entries = replay.log.filter((e) => e.seq === at);
    current.replaceChildren(
      h("p", { text: at === 0 ? "Set-up (before the first action)." : `Seat ${steps[at - 1].seat} played ${label(steps[at - 1].action)}` }),
      h("ul", {}, entries.map((e) => h("li", { text: replayLogText(e) }))));
    const li = list.querySelector("li.current");
    if (li) li.scrollIntoView({ block: "nearest" });
  };
  prev.addEventListener("click", () => show(at - 1));
  next.addEventListener("click", () => show(at + 1));
  first.addEventListener("click", () => show(0));
  last.addEventListener("click", () => show(steps.length));
  const keys = (ev) => {
    if (ev.target.closest("input, select, textarea")) return;
    if (ev.key === "ArrowLeft") show(at - 1);
    if (ev.key === "ArrowRight") show(at + 1);
  };
  document.addEventListener("keydown", keys);
  root.append(h("div.replay-controls", {}, first, prev, position, next, last), current,
    h("details", { open: true }, h("summary", { text: `Actions (${steps.length})` }), list),
    h("details", {}, h("summary", { text: "Initial set-up (revealed)" }), h("pre", { text: JSON.stringify(replay.setup, null, 1).slice(0, 20000) })));
  show(0);
  try { // the final table as everyone sees it now that the match is over
    const [view, ref] = await Promise.all([get(`/matches/${matchId}`), reference()]);
    if (game.draw) root.append(h("h2", { text: "Final table" }), h("div#final-table", {}, game.draw(view, ref)));
  } catch (exc) { /* the replay stands without it */ }
  return () => document.removeEventListener("keydown", keys);
}
