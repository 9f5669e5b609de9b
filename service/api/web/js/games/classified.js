// Classified Information: both players' Suitcases, Guards and hands, the Encrypted pile, the
// discard, the cypher wheel (private notes). Cards are clickable (data-ref "card:<id>", guard
// spots "slot:<seat>:<spot>"), and show their rules text on hover/tap (data-info).

import { call } from "../api.js";
import { back, h, label, narrow, s, svg } from "../dom.js";

export const title = "Classified Information";
const GUILD_FILL = { Guard: "#e9eef8", Assassin: "#f8e6e6", Sentinel: "#eaf5e4" };

/** Which copy of its number a card is: Guard, Assassin, Sentinel 1 or 2 (numbers 3, 6, 9). */
function copyWord(id) {
  const n = Math.floor(id / 2) + 1;
  if (n % 3 === 0) return `Sentinel ${(id % 2) + 1}`;
  return id % 2 === 0 ? "Guard" : "Assassin";
}

function cardInfo(view, ref, id) {
  const design = view.state.designs[id];
  const face = ((ref.classified || {}).designs || {})[design] || {};
  return { number: Math.floor(id / 2) + 1, name: face.name || "Card", design, copy: copyWord(id) };
}

export function cardName(view, ref, id) {
  if (id === null || id === undefined) return "a hidden card";
  const c = cardInfo(view, ref, id);
  return `${c.number} · ${c.name} (${c.copy})`;
}

/** Words of a name over up to two lines of about `width` characters. */
function wrap(name, width) {
  const words = name.split(" ");
  const lines = [""];
  for (const w of words) {
    const cur = lines[lines.length - 1];
    if (cur && (cur + " " + w).length > width && lines.length < 3) lines.push(w);
    else lines[lines.length - 1] = cur ? cur + " " + w : w;
  }
  return lines;
}

function drawCard(view, ref, x, y, id, { w = 84, ht = 112, fill, refKey, small } = {}) {
  if (id === null || id === undefined) return back(x, y, { w, h: ht, label: "?" });
  const c = cardInfo(view, ref, id);
  const g = s("g", { class: "card", "data-card": id, "data-ref": refKey || `card:${id}`, "data-info": `card:${c.design}`,
                     "aria-label": cardName(view, ref, id) },
    s("rect", { x, y, width: w, height: ht, rx: 7, fill: fill || GUILD_FILL[c.copy.split(" ")[0]], stroke: "#444" }),
    s("text", { x: x + 8, y: y + 22, class: "big", text: String(c.number) }),
    small ? "" : s("text", { x: x + w / 2, y: y + ht - 10, "text-anchor": "middle", class: "small muted", text: c.copy }));
  if (!small) {
    wrap(c.name, 11).forEach((line, i) => g.append(s("text", { x: x + w / 2, y: y + 50 + i * 16, "text-anchor": "middle", class: "small", text: line,
      // a long word is narrowed to fit the card, never shrunk below the page's 12 px
      textLength: line.length > 11 ? w - 8 : undefined, lengthAdjust: line.length > 11 ? "spacingAndGlyphs" : undefined })));
  }
  return g;
}

/** One player's side: Suitcase and Guards, then the hand beside them (or below, at phone width).
 * Returns [items, height]. */
function playerRow(view, ref, p, y) {
  const st = view.state;
  const pl = st.players[p];
  const you = st.you === p;
  const items = [label(10, y + 16, you ? "You" : `Seat ${p + 1}`)];
  items.push(label(10, y + 38, "Suitcase", "small"));
  items.push(pl.suitcase_chosen ? drawCard(view, ref, 10, y + 44, pl.suitcase, { fill: "#f3e0b5" }) : label(10, y + 70, "not chosen yet", "small"));
  const gx = narrow() ? 98 : 110, gstep = narrow() ? 88 : 92;
  items.push(label(gx, y + 38, "Guards", "small"));
  pl.guards.forEach((g, i) => {
    const x = gx + i * gstep;
    const key = `slot:${p}:${i}`;
    const spot = `${you ? "your" : `Seat ${p + 1}'s`} Guard spot ${i + 1}`;
    if (!g) {
      items.push(s("g", { "data-ref": key, "aria-label": spot + " (empty)", class: "slot" },
        s("rect", { x, y: y + 44, width: 84, height: 112, rx: 7, fill: "rgba(255,255,255,.4)", stroke: "#999", "stroke-dasharray": "5" }),
        s("text", { x: x + 42, y: y + 104, "text-anchor": "middle", class: "small muted", text: `spot ${i + 1}` })));
      return;
    }
    const face = g.card === null ? back(x, y + 44, { w: 84, h: 112, label: g.face_up ? "up" : "?" })
      : drawCard(view, ref, x, y + 44, g.card, { fill: g.face_up ? "#dff0da" : undefined, refKey: key });
    items.push(s("g", { "data-ref": key, "aria-label": `${spot}${g.card !== null ? ": " + cardName(view, ref, g.card) : ""}`, class: "slot" }, face));
  });
  const small = narrow();
  const handX = small ? 10 : 400;
  const handY = small ? y + 160 : y;
  items.push(label(handX, handY + 38, `Hand (${pl.hand_size})`, "small"));
  const hand = pl.hand || Array(pl.hand_size).fill(null);
  const play = pl.play_area.map((it) => it.card);
  hand.forEach((id, i) => items.push(drawCard(view, ref, handX + i * 88, handY + 44, id)));
  if (play.length) {
    const x0 = handX + Math.max(hand.length, 1) * 90 + 10;
    items.push(label(x0, handY + 38, "In play", "small"));
    play.forEach((id, i) => items.push(drawCard(view, ref, x0 + i * 90, handY + 44, id, { fill: "#e8e8ff" })));
  }
  return [items, small ? 320 : 160];
}

const MARKS = ["none", "coloured", "black"];
const MARK_FILL = { none: "#fff", coloured: "#e0a020", black: "#222" };

/** The cypher wheel: your private notes on the other Suitcase, one mark per number 1-9; click a
 * number to cycle none → coloured → black → none. Notes never advance the match and nobody else
 * sees them (PUT /matches/{id}/notes; the view carries only your own as state.notes). */
function cypherWheel(notes, table) {
  const cx = 80, cy = 80, r = 56;
  const items = [s("circle", { cx, cy, r: r + 18, fill: "#efe6d2", stroke: "#8a7a5a" }),
    s("text", { x: cx, y: cy + 4, "text-anchor": "middle", class: "small", text: "cypher" })];
  for (let n = 1; n <= 9; n += 1) {
    const angle = (2 * Math.PI * (n - 1)) / 9 - Math.PI / 2;
    const x = cx + r * Math.cos(angle), y = cy + r * Math.sin(angle);
    const mark = notes[String(n)] || "none";
    const next = MARKS[(MARKS.indexOf(mark) + 1) % MARKS.length];
    const note = s("g", { class: "note", "data-number": n, "data-mark": mark,
      onclick: () => call("PUT", `/matches/${table.matchId}/notes`, { body: { number: n, mark: next }, token: table.token })
        .then(() => table.refresh(true)).catch(() => {}) },
      s("title", { text: `number ${n}: ${mark} (click: ${next})` }),
      s("circle", { cx: x, cy: y, r: 14, fill: MARK_FILL[mark], stroke: "#333" }),
      s("text", { x, y: y + 5, "text-anchor": "middle", fill: mark === "black" ? "#fff" : "#000", text: String(n) }));
    note.style.cursor = "pointer";
    items.push(note);
  }
  return svg(160, 160, "Cypher wheel (your private notes)", items);
}

export function draw(view, ref, table) {
  const st = view.state;
  const me = st.you === null || st.you === undefined ? 0 : st.you;
  const other = 1 - me;
  const limbo = (st.limbo || []).filter((c) => c !== null && c !== undefined);
  const small = narrow();
  const [top, topH] = playerRow(view, ref, other, 4);
  const midY = 4 + topH + 24;
  const pileX = small ? 10 : 440, pileY = small ? midY + 88 : midY;
  const [bottom, bottomH] = playerRow(view, ref, me, pileY + 96);
  const width = small ? 360 : 900, height = pileY + 96 + bottomH + 14;
  const board = svg(width, height, "Classified Information table",
    s("rect", { x: 0, y: 0, width, height, rx: 12, fill: "#2f5d46" }),
    s("rect", { x: 6, y: 6, width: width - 12, height: height - 12, rx: 10, fill: "#f4efe4" }),
    top,
    label(10, midY, `Encrypted pile (${st.encrypted.length})`, "small"),
    st.encrypted.map((e, i) => e.card === null
      ? back(10 + i * 54, midY + 8, { w: 48, h: 66, label: e.by === null ? "·" : String(e.by + 1) })
      : drawCard(view, ref, 10 + i * 54, midY + 8, e.card, { w: 48, ht: 66, small: true })),
    label(pileX, pileY, `Deck ${st.deck_size} · Discard (${st.discard.length}, newest right)`, "small"),
    st.discard.slice(small ? -5 : -6).map((id, i) => drawCard(view, ref, pileX + i * 56, pileY + 8, id, { w: 50, ht: 66, small: true })),
    limbo.length ? [label(pileX + 340, pileY, "Set aside", "small"), limbo.map((id, i) => drawCard(view, ref, pileX + 340 + i * 56, pileY + 8, id, { w: 50, ht: 66, small: true }))] : "",
    bottom,
  );
  const facts = [`Turn ${st.turn_no}`];
  if (st.final_turns_left !== null) facts.push(`final turns left: ${st.final_turns_left}`);
  const wheel = st.notes && table && table.token ? h("div.wheel", {}, h("h3", { text: "Cypher wheel (only you see it)" }), cypherWheel(st.notes, table)) : "";
  return h("div", {}, board, h("p.facts", { text: facts.join(" · ") }), wheel);
}

export function seatStats(view) {
  return view.state.players.map((pl) => [
    ["Guards standing", pl.guards.filter(Boolean).length],
    ["Cards in hand", pl.hand_size],
    ["Suitcase", pl.suitcase_revealed ? "revealed" : pl.suitcase_chosen ? "hidden" : "not chosen"],
  ]);
}

export function teamStats(view) {
  const st = view.state;
  return [["Draw deck", st.deck_size], ["Encrypted pile", st.encrypted.length], ["Discard", st.discard.length]];
}

/** Your Suitcase, and what the answers so far leave possible for the opponent's. */
export function secret(view, ref) {
  const st = view.state;
  if (st.you === null || st.you === undefined) return null;
  const pl = st.players[st.you];
  const mine = pl.suitcase_chosen && pl.suitcase !== null ? `Your Suitcase: ${cardName(view, ref, pl.suitcase)}.` : "You have not chosen your Suitcase yet.";
  const told = (st.answers || []).filter((a) => a.answerer !== st.you && Array.isArray(a.possible));
  const last = told[told.length - 1];
  return h("div", {}, h("p.secret-main", { text: mine }),
    last ? h("p", { text: `From the answers, the opponent's Suitcase Number is one of ${last.possible.join(", ")}.` }) : "");
}

/** The data-ref keys a log entry's move touched. */
export function lastRefs(entry) {
  const p = entry.public || {};
  const keys = [];
  if (typeof p.card === "number") keys.push(`card:${p.card}`);
  if (typeof p.slot === "number" && typeof p.seat === "number") keys.push(`slot:${p.seat}:${p.slot}`);
  return keys;
}
