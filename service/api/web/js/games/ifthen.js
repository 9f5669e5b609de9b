// If Then: the code line, the market, invalid plays, your hand, the team's events and hints.
// Hand cards ("card:<id>"), market slots ("market:<slot>"), held events ("event:<id>") and seats
// (score panels) are clickable for their moves.

import { h, label, narrow, s, svg } from "../dom.js";

export const title = "If Then";

/** Seats of a match: the codebreakers, plus the All Knowing when a person plays it. */
export function seatCount(options) {
  return options.players - (options.allKnowing === "seat" ? 0 : 1);
}
const COLOURS = { Y: "#f2d23c", B: "#3b6fd1", R: "#d33f3f" };
const COLOUR_WORDS = { Y: "yellow", B: "blue", R: "red" };
const SIZE_WORDS = { S: "small", M: "medium", L: "large" };
const SIZES = { S: 14, M: 18, L: 24 };

function half(ref, c, o) {
  const codes = (ref.ifthen || {}).half_codes;
  return codes ? codes[2 * c + o] : null;
}

function halfWords(code) {
  if (!code) return "?";
  const [value, size, ncol, bg] = code;
  return `${value} ${SIZE_WORDS[size]} ${COLOUR_WORDS[ncol]} on ${COLOUR_WORDS[bg]}`;
}

/** "3SRY" → value 3, size S, number colour R on background Y. */
function drawHalf(x, y, code, w, ht) {
  if (!code) return s("text", { x: x + 5, y: y + 20, text: "?" });
  const [value, size, ncol, bg] = code;
  return s("g", {},
    s("rect", { x, y, width: w, height: ht, rx: 3, fill: COLOURS[bg] || "#ccc", stroke: "#333" }),
    s("text", { x: x + w / 2, y: y + ht / 2 + SIZES[size] / 3, "text-anchor": "middle", "font-size": SIZES[size],
                "font-weight": "bold", fill: COLOURS[ncol] || "#000", stroke: "#fff", "stroke-width": 3, "paint-order": "stroke", text: value }));
}

export function cardName(ref, c, o = 0) {
  return `card ${c + 1} (${halfWords(half(ref, c, o))} / ${halfWords(half(ref, c, 1 - o))})`;
}

function drawCard(ref, x, y, c, o = 0, { key, mark } = {}) {
  const w = 52, ht = 38;
  return s("g", { class: "card", "data-card": c, "data-ref": key || `card:${c}`, "data-info": `card:${c}`, "aria-label": cardName(ref, c, o) },
    drawHalf(x, y, half(ref, c, o), w, ht), drawHalf(x, y + ht, half(ref, c, 1 - o), w, ht),
    mark ? s("rect", { x: x - 2, y: y - 2, width: w + 4, height: 2 * ht + 4, fill: "none", stroke: mark, "stroke-width": 3 }) : "");
}

function eventName(ref, id) {
  const info = (ref.info || {})[`event:${id}`];
  return (info && info.name) || `Event ${id}`;
}

function drawEvent(ref, x, y, id) {
  return s("g", { class: "card event", "data-ref": `event:${id}`, "data-info": `event:${id}`, "aria-label": eventName(ref, id) },
    s("rect", { x, y, width: 110, height: 76, rx: 7, fill: "#efe4ff", stroke: "#5a3d8a", "stroke-width": 2 }),
    s("text", { x: x + 8, y: y + 22, class: "small muted", text: "Event" }),
    s("text", { x: x + 8, y: y + 44, class: "small", "font-weight": "bold", text: eventName(ref, id),
                textLength: eventName(ref, id).length > 12 ? 94 : undefined, lengthAdjust: "spacingAndGlyphs" }));
}

export function draw(view, ref) {
  const st = view.state;
  const small = narrow();
  const perRow = small ? 6 : 14;
  const lineRows = Math.max(1, Math.ceil(st.line.length / perRow));
  const items = [label(12, 22, small ? `Code line (${st.line.length}), top halves in order` : `Code line (${st.line.length}) — read the top halves from left to right`)];
  st.line.forEach(([c, o], i) => items.push(drawCard(ref, 12 + (i % perRow) * 58, 30 + Math.floor(i / perRow) * 88, c, o,
    { key: `line-card:${c}` })));
  let y = 40 + lineRows * 88;
  items.push(label(12, y, `Market · deck ${st.deck_size} · discard ${st.discard.length}`, "small"));
  st.market.forEach(([c, o], i) => items.push(drawCard(ref, 12 + i * 58, y + 8, c, o, { key: `market:${i}` })));
  const invalid = st.invalid.slice(small ? -6 : -8);
  const invX = small ? 12 : 300;
  if (small) y += 100;
  items.push(label(invX, y, `Invalid plays (${st.invalid.length})`, "small"));
  invalid.forEach((inv, i) => items.push(drawCard(ref, invX + i * 58, y + 8, inv[1], inv[2] || 0, { mark: "#c00", key: `invalid:${inv[1]}` })));
  const held = st.held_events || [];
  y += 112;
  if (held.length) {
    items.push(label(12, y, "The team's events (use them on your turn)", "small"));
    held.forEach((id, i) => items.push(drawEvent(ref, 12 + (i % (small ? 3 : 6)) * 116, y + 8 + Math.floor(i / (small ? 3 : 6)) * 84, id)));
    y += 12 + Math.ceil(held.length / (small ? 3 : 6)) * 84;
  }
  const hand = st.hand || st.ak_hand;
  items.push(label(12, y, hand ? `Your hand (${hand.length})` : "Hands are hidden"));
  (hand || []).forEach((c, i) => items.push(drawCard(ref, 12 + (i % perRow) * 58, y + 8 + Math.floor(i / perRow) * 88, c)));
  y += 8 + Math.max(1, Math.ceil((hand || []).length / perRow)) * 88 + 8;
  const width = small ? 360 : Math.max(860, 20 + Math.min(perRow, Math.max(st.line.length, (hand || []).length)) * 58);
  const board = svg(width, y, "If Then table", s("rect", { x: 0, y: 0, width, height: y, rx: 12, fill: "#4b3a6b" }),
    s("rect", { x: 6, y: 6, width: width - 12, height: y - 12, rx: 10, fill: "#f7f2fb" }), items);
  const hints = st.hints_revealed.length ? st.hints_revealed.map(([, text]) => text).join(" ") : "none bought yet";
  return h("div", {}, board,
    h("ul.facts", {},
      st.current_event ? h("li", {}, "Current event: ", h("span.info", { text: eventName(ref, st.current_event), "data-info": `event:${st.current_event}` })) : "",
      h("li", { text: "Hints: " + hints }),
      h("li", { text: hintStatus(st) }),
      st.wrong_guesses.length ? h("li", { text: `Wrong guesses so far: ${st.wrong_guesses.length}` }) : ""));
}

/** Hints may be proposed by any codebreaker while penalty 2 or 3 is active. */
function hintStatus(st) {
  const parts = [st.penalty_level >= 2 ? "a hint may be proposed now (penalty " + st.penalty_level + ")" : "hints open at penalty 2"];
  if (st.hint_proposer !== null && st.hint_proposer !== undefined && st.hint_proposer >= 0) {
    parts.push(`Seat ${st.hint_proposer + 1} proposed one; still to vote: ${(st.voters || []).map((v) => "Seat " + (v + 1)).join(", ") || "nobody"}`);
  }
  return "Hint proposals: " + parts.join(" · ");
}

export function seatStats(view, ref) {
  return view.state.hands.map((x) => {
    const stats = [["Cards in hand", x.size]];
    if (x.revealed.length) stats.push(["Shown cards", x.revealed.map((c) => `card ${c + 1}`).join(", ")]);
    return stats;
  });
}

export function teamStats(view) {
  const st = view.state;
  return [["Penalty level", `${st.penalty_level} (${st.penalty_draws} to draw)`], ["Invalid plays", st.invalid_count ?? st.invalid.length],
    ["Event deck", st.event_deck_size], ["Rules still possible", st.candidates.length]];
}

export function secret(view) {
  const st = view.state;
  if (st.role !== "all_knowing" && st.role !== "codebreaker") return null;
  return h("p.secret-main", { text: st.role === "all_knowing" ? "You are the All Knowing: you know the secret rule and judge every play."
    : "You are a codebreaker: find the secret rule by playing cards to the code line." });
}

export function lastRefs(entry) {
  const p = entry.public || {};
  if (typeof p.card === "number") return [`line-card:${p.card}`, `invalid:${p.card}`, `card:${p.card}`];
  return [];
}
