// If Then: the code line, your hand, the market, invalid piles, penalties, hints and events.

import { h, label, s, svg } from "../dom.js";

export const title = "If Then";

/** Seats of a match: the codebreakers, plus the All Knowing when a person plays it. */
export function seatCount(options) {
  return options.players - (options.allKnowing === "seat" ? 0 : 1);
}
const COLOURS = { Y: "#f2d23c", B: "#3b6fd1", R: "#d33f3f" };
const SIZES = { S: 13, M: 17, L: 22 };

function half(ref, c, o) {
  const codes = (ref.ifthen || {}).half_codes;
  return codes ? codes[2 * c + o] : null;
}

/** "3SRY" → value 3, size S, number colour R on background Y. */
function drawHalf(x, y, code, w, ht) {
  if (!code) return s("text", { x: x + 5, y: y + 20, text: "?" });
  const [value, size, ncol, bg] = code;
  return s("g", {},
    s("rect", { x, y, width: w, height: ht, fill: COLOURS[bg] || "#ccc", stroke: "#333" }),
    s("text", { x: x + w / 2, y: y + ht / 2 + SIZES[size] / 3, "text-anchor": "middle", "font-size": SIZES[size],
                "font-weight": "bold", fill: COLOURS[ncol] || "#000", stroke: "#fff", "stroke-width": 0.6, text: value }));
}

function drawCard(ref, x, y, c, o = 0, extra = {}) {
  const w = 50, ht = 36;
  const top = half(ref, c, o), bottom = half(ref, c, 1 - o);
  return s("g", { class: "card", "data-card": c },
    s("title", { text: `card ${c}: ${top} / ${bottom}` }),
    drawHalf(x, y, top, w, ht), drawHalf(x, y + ht, bottom, w, ht),
    s("text", { x: x + w / 2, y: y + 2 * ht + 12, "text-anchor": "middle", class: "tiny", text: `#${c}` }),
    extra.mark ? s("rect", { x: x - 2, y: y - 2, width: w + 4, height: 2 * ht + 4, fill: "none", stroke: extra.mark, "stroke-width": 3 }) : "");
}

export function cardName(ref, c, o = 0) {
  return `${half(ref, c, o) || "#" + c}/${half(ref, c, 1 - o) || ""}`;
}

export function draw(view, ref) {
  const st = view.state;
  const perRow = 14;
  const lineRows = Math.max(1, Math.ceil(st.line.length / perRow));
  const items = [label(10, 18, `Code line (${st.line.length}) — top halves read left to right`)];
  st.line.forEach(([c, o], i) => items.push(drawCard(ref, 10 + (i % perRow) * 56, 26 + Math.floor(i / perRow) * 92, c, o)));
  let y = 30 + lineRows * 92;
  items.push(label(10, y, `Market (${st.market.length}) · deck ${st.deck_size} · discard ${st.discard.length}`));
  st.market.forEach(([c, o], i) => items.push(drawCard(ref, 10 + i * 56, y + 8, c, o)));
  const invalid = st.invalid.slice(-6);
  items.push(label(300, y, `Invalid plays (${st.invalid.length})`));
  invalid.forEach((inv, i) => items.push(drawCard(ref, 300 + i * 56, y + 8, inv[1], inv[2] || 0, { mark: "#c00" })));
  y += 110;
  const hand = st.hand || st.ak_hand;
  items.push(label(10, y, hand ? `Your hand (${hand.length})` : "Hands are hidden"));
  (hand || []).forEach((c, i) => items.push(drawCard(ref, 10 + (i % perRow) * 56, y + 8 + Math.floor(i / perRow) * 92, c)));
  y += 8 + Math.max(1, Math.ceil((hand || []).length / perRow)) * 92 + 10;
  const board = svg(800, y, "If Then table", s("rect", { x: 0, y: 0, width: 800, height: y, fill: "#f7f2fb" }), items);
  const facts = [`role ${st.role}`, `phase ${st.phase}`, `round ${st.round}`, `turn: seat ${st.turn}`,
    `penalty level ${st.penalty_level} (${st.penalty_draws} draws)`, `candidates left ${st.candidates.length}`];
  if (st.result) facts.push(`result ${st.result} (${st.reason})`);
  return h("div", {}, board, h("p.facts", { text: facts.join(" · ") }),
    h("ul.facts", {},
      h("li", { text: "Hands: " + st.hands.map((x) => `seat ${x.seat}: ${x.size} cards${x.revealed.length ? " (revealed " + x.revealed.map((c) => cardName(ref, c)).join(", ") + ")" : ""}`).join("; ") }),
      h("li", { text: "Hints: " + (st.hints_revealed.length ? st.hints_revealed.map(([sym, text]) => `${sym}: ${text}`).join("; ") : "none revealed") }),
      h("li", { text: hintStatus(st) }),
      h("li", { text: `Event: ${st.current_event} · held ${JSON.stringify(st.held_events)} · event deck ${st.event_deck_size}` }),
      st.challenge ? h("li", { text: "Challenge: " + JSON.stringify(st.challenge.text || st.challenge) }) : "",
      st.wrong_guesses.length ? h("li", { text: "Wrong guesses: " + JSON.stringify(st.wrong_guesses) }) : ""));
}

/** Hints may be proposed by any codebreaker while penalty 2 or 3 is active (a "hint" button
 * appears among your choices even when it is not your turn); a refused proposer waits for the
 * next other action before proposing again. */
function hintStatus(st) {
  const parts = [st.penalty_level >= 2 ? "hints may be proposed now (penalty " + st.penalty_level + ")" : "hints open at penalty 2"];
  if (st.hint_proposer !== null && st.hint_proposer !== undefined) parts.push(`seat ${st.hint_proposer} proposed one, voting: seats ${st.voters.join(", ")}`);
  if ((st.hint_refused || []).length) parts.push(`refused (until the next play): seats ${st.hint_refused.join(", ")}`);
  return "Hint proposals: " + parts.join(" · ");
}

export function label_(action, view, ref) {
  const parts = [action.type.replace(/_/g, " ")];
  for (const [k, v] of Object.entries(action)) {
    if (k === "type") continue;
    if (k === "card" && typeof v === "number") parts.push(cardName(ref, v, action.orient || 0));
    else parts.push(`${k} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  }
  return parts.join(" ");
}
export { label_ as label };
