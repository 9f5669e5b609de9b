// Dark Agent: the theatre (7 lines × 5 depths, numbered from 1 as the log and the choices say)
// with satellites and spies, a colour legend of the agencies, equipment hands, objectives and the
// UN vote; the exact odds of each attack from POST /darkagent/odds/attack. Cells ("cell:L:D"),
// lines ("line:L") and equipment cards ("card:<name>") are clickable for their moves.

import { post } from "../api.js";
import { h, s, svg } from "../dom.js";

export const title = "Dark Agent";
export const SEAT_COLOURS = ["#d33f3f", "#3b6fd1", "#2e9b4a", "#c08a00", "#8a3fc0", "#1a9aa0"];
const COLOUR_NAMES = ["red", "blue", "green", "ochre", "purple", "teal"];
const KIND_FILL = { aim: "#ffe7a8", sentinel: "#dcdcdc", agent: "#ffd0c0", dark: "#444", special: "#d8ecff",
                    equipment: "#e5f5dc", spy: "#fff" };
const PIECE_INFO = { sentinel: "piece:sentinel", agent: "piece:agent", dark: "piece:dark_agent", spy: "piece:spy" };
const CELL_W = 120, CELL_H = 72, TOP = 34, LEFT = 10, LINE_H = 64;

function info(ref, key) {
  return (ref.info || {})[key];
}

function nice(name) {
  return String(name).replace(/\d+$/, "").replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/** [title, detail, data-info key] of a cell. */
function cellWords(cell, ref, you) {
  if (!cell) return ["", "", null];
  if (cell.kind === "spy") return [cell.owner === you ? "Your spy" : `Seat ${cell.owner + 1} spy`, `level ${cell.level}`, "piece:spy"];
  if (cell.kind === "equipment") return [(info(ref, `equipment:${cell.name}`) || {}).name || nice(cell.name), "equipment", `equipment:${cell.name}`];
  if (cell.kind === "special") return [(info(ref, `special:${cell.name}`) || {}).name || nice(cell.name), "special card", `special:${cell.name}`];
  if (cell.kind === "aim") return [(info(ref, `objective:${cell.name}`) || {}).name || nice(cell.name), `${cell.vp} VP · def ${cell.defence}`, `objective:${cell.name}`];
  return [nice(cell.name), `L${cell.level} · def ${cell.defence} · ${cell.vp} VP`, PIECE_INFO[cell.kind] || null];
}

/** A cell's name on one line, or two when it is too long for the cell. */
function nameLines(name) {
  if (name.length <= 14) return [name];
  const words = name.split(" ");
  const cut = Math.max(1, Math.ceil(words.length / 2));
  return [words.slice(0, cut).join(" "), words.slice(cut).join(" ")];
}

/** Line i (0-based in the state) runs across the theatre as a column; depth 1 is nearest the satellites. */
function cellBox(li, d) {
  return { x: LEFT + li * (CELL_W + 6), y: TOP + LINE_H + d * (CELL_H + 6) };
}

/** One cell of the theatre: its piece or card, numbered "line·depth" from 1. */
function drawCell(cell, li, d, ref, you, spotted) {
  const { x: cx, y } = cellBox(li, d);
  const [a, b, infoKey] = cellWords(cell, ref, you);
  const fill = cell ? (cell.kind === "spy" ? SEAT_COLOURS[cell.owner % 6] : KIND_FILL[cell.kind] || "#fff") : "#f3f4f6";
  const ink = cell && (cell.kind === "dark" || cell.kind === "spy") ? "#fff" : null;
  return s("g", { class: "cell", "data-ref": `cell:${li + 1}:${d + 1}`, "data-info": infoKey,
                  "aria-label": `line ${li + 1}, depth ${d + 1}${a ? " (" + a + ")" : ""}` },
    s("rect", { x: cx, y, width: CELL_W, height: CELL_H, rx: 6, fill, stroke: spotted ? "#f0a000" : "#555", "stroke-width": spotted ? 4 : 1 }),
    s("text", { x: cx + 6, y: y + 16, class: "small", fill: ink || "#666", text: `${li + 1}·${d + 1}` }),
    nameLines(a).map((line, k, all) => s("text", { x: cx + 6, y: y + (all.length > 1 ? 31 : 38) + k * 15, class: "small", "font-weight": "bold", fill: ink || "#000", text: line })),
    s("text", { x: cx + 6, y: y + 64, class: "small", fill: ink || "#333", text: b }));
}

export function draw(view, ref) {
  const st = view.state;
  const items = [];
  const spotted = new Set(st.turn_state.spotted);
  const lines = st.grid.length;
  st.grid.forEach((line, li) => {
    const x = LEFT + li * (CELL_W + 6);
    const sats = st.satellites[li] || [];
    items.push(s("g", { class: "line", "data-ref": `line:${li + 1}`, "aria-label": `line ${li + 1}` },
      s("rect", { x, y: TOP - 28, width: CELL_W, height: LINE_H + 18, rx: 6, fill: "#dfe5ee", stroke: "#8896ad" }),
      s("text", { x: x + CELL_W / 2, y: TOP - 8, "text-anchor": "middle", class: "lbl", text: `Line ${li + 1}` }),
      sats.map((owner, k) => s("circle", { cx: x + 18 + k * 24, cy: TOP + 26, r: 9, fill: owner < 0 ? "#fff" : SEAT_COLOURS[owner % 6], stroke: "#333" },
        s("title", { text: owner < 0 ? "empty satellite slot" : `satellite of Seat ${owner + 1}` })))));
    line.forEach((cell, d) => items.push(drawCell(cell, li, d, ref, st.you, spotted.has(li * 5 + d))));
  });
  const width = LEFT * 2 + lines * (CELL_W + 6);
  const height = TOP + LINE_H + 5 * (CELL_H + 6) + 10;
  const board = svg(width, height, "Dark Agent theatre", s("rect", { x: 0, y: 0, width, height, rx: 12, fill: "#eef0f3" }), items);
  const facts = [`Round ${st.round} of ${st.round_limit}`, `equipment deck ${st.deck_size}`, `UN rotations ${st.rotations}`];
  if (st.my_vote !== undefined && st.my_vote !== -1 && st.my_vote !== null) facts.push(`your UN vote: ${st.my_vote ? "rotate" : "keep"}`);
  if (st.last_roll) facts.push(`last attack: dice ${st.last_roll.dice.join(" + ")} + ${st.last_roll.bonus} against ${st.last_roll.defence}: ${st.last_roll.success ? "success" : "failure"}`);
  return h("div", {}, legend(st), board,
    st.hand ? h("div.hand-row", {}, h("span.lbl", { text: "Your equipment: " }), st.hand.length ? st.hand.map((name) =>
      h("span.eq-card", { "data-ref": `card:${name}`, "data-info": `equipment:${name}`, "aria-label": (info(ref, `equipment:${name}`) || {}).name || nice(name),
                          text: (info(ref, `equipment:${name}`) || {}).name || nice(name) })) : h("span", { text: "none" })) : "",
    h("p.facts", { text: facts.join(" · ") }));
}

/** Which colour is which agency; lines and depths are numbered from 1. */
function legend(st) {
  return h("p.legend", {}, st.players.map((p) => h("span.legend-item", {},
    seatSwatch(p.seat), `${p.seat === st.you ? "You" : "Seat " + (p.seat + 1)} (${COLOUR_NAMES[p.seat % 6]})`)),
  h("span.legend-item", {}, h("span.swatch.empty"), "empty satellite slot"),
  h("span.legend-note", { text: "Lines 1–7 left to right, depths 1–5 from the satellites down." }));
}

export function seatSwatch(seat) {
  const swatch = h("span.swatch");
  swatch.style.background = SEAT_COLOURS[seat % 6];
  return swatch;
}

export function seatStats(view, ref) {
  return view.state.players.map((p) => {
    const stats = [["VP", p.score], ["Captured", p.captured.length ? p.captured.map((c) => nice(typeof c === "object" ? c.name || "card" : c)).join(", ") : "none"],
      ["Spies in reserve", p.reserve.length ? p.reserve.map((l) => "level " + l).join(", ") : "none"], ["Equipment cards", p.hand_size]];
    if (p.wounded.length) stats.push(["Wounded", p.wounded.map((l) => "level " + l).join(", ")]);
    if (p.has_voted) stats.push(["UN vote", "cast"]);
    return stats;
  });
}

export function teamStats(view) {
  const st = view.state;
  const markers = Object.entries(st.attempt_markers).filter(([, v]) => v).map(([k, v]) => `${nice(k)} ${v}`);
  return markers.length ? [["Attempts on objectives", markers.join(", ")]] : [];
}

export function lastRefs(entry) {
  const keys = [];
  const walk = (obj) => {
    if (!obj || typeof obj !== "object") return;
    if (typeof obj.line === "number" && typeof obj.depth === "number") keys.push(`cell:${obj.line + 1}:${obj.depth + 1}`);
    else if (typeof obj.line === "number") keys.push(`line:${obj.line + 1}`);
    for (const k of ["cell", "target", "to"]) if (typeof obj[k] === "number") keys.push(`cell:${Math.floor(obj[k] / 5) + 1}:${(obj[k] % 5) + 1}`);
    Object.values(obj).forEach((v) => { if (v && typeof v === "object") walk(v); });
  };
  walk(entry.public);
  return keys;
}

/** The odds question of an attack action, built from the view (engine/darkagent/attack.py). */
export function attackQuestion(action, view) {
  const st = view.state;
  const cellAt = (i) => st.grid[Math.floor(i / 5)][i % 5];
  const target = cellAt(action.target);
  if (!target) return null;
  const spies = action.spies.map((c) => (cellAt(c) || {}).level || 0);
  let bonus = action.adrenaline !== undefined && action.adrenaline !== null ? ((cellAt(action.adrenaline) || {}).level || 0) : 0;
  if (target.kind === "aim") bonus += st.attempt_markers[target.name] || 0;
  const status = st.turn_state.status || [];
  const equipment = [];
  if (status.includes("rifle")) equipment.push("rifle");
  if (status.includes("rocket")) equipment.push("rocket_launcher");
  const question = { spies, bonus, equipment, vp: target.vp || 0 };
  if (["spy", "agent", "dark"].includes(target.kind)) question.spy_base = target.defence;
  else question.defence = target.defence;
  return question;
}

/** Ask the odds endpoint (cached per question) and report "NN% chance". */
export function odds(action, view, cache, report) {
  if (action.type !== "attack") return;
  const question = attackQuestion(action, view);
  if (!question) return;
  const key = JSON.stringify(question);
  if (!cache.has(key)) cache.set(key, post("/darkagent/odds/attack", { attack: question }));
  cache.get(key).then((a) => report(`${(a.probability * 100).toFixed(1)}% chance (${a.fraction})`), () => report("odds unavailable"));
}
