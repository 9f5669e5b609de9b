// Dark Agent: the theatre (7 lines × 5 cells) with satellites and spies, objectives, hands, the
// UN vote, and the exact odds of each attack from POST /darkagent/odds/attack.

import { post } from "../api.js";
import { h, label, s, svg } from "../dom.js";

export const title = "Dark Agent";
const SEAT_COLOURS = ["#d33f3f", "#3b6fd1", "#2e9b4a", "#c08a00", "#8a3fc0", "#1a9aa0"];
const KIND_FILL = { aim: "#ffe7a8", sentinel: "#dcdcdc", agent: "#ffd0c0", dark: "#555", special: "#d8ecff",
                    equipment: "#e5f5dc", spy: "#fff" };
const CELL_W = 118, CELL_H = 62, LEFT = 150;

function cellText(cell) {
  if (!cell) return ["", ""];
  if (cell.kind === "spy") return [`spy L${cell.level}`, `seat ${cell.owner} · def ${cell.defence}+d6`];
  if (cell.kind === "equipment") return [cell.name.replace(/_/g, " "), "equipment"];
  if (cell.kind === "special") return [cell.name, "special"];
  return [cell.name.replace(/_/g, " "), `L${cell.level} def ${cell.defence} · ${cell.vp} VP`];
}

export function cellName(view, index) {
  const cell = view.state.grid[Math.floor(index / 5)][index % 5];
  return `L${Math.floor(index / 5) + 1}.${index % 5 + 1} ${cell ? cellText(cell)[0] : "empty"}`;
}

export function draw(view) {
  const st = view.state;
  const items = [];
  const spotted = new Set(st.turn_state.spotted);
  st.grid.forEach((line, li) => {
    const y = 20 + li * (CELL_H + 8);
    items.push(label(6, y + 20, `Line ${li + 1}`));
    (st.satellites[li] || []).forEach((owner, k) => items.push(s("circle", {
      cx: 12 + k * 16, cy: y + 40, r: 6, fill: owner < 0 ? "#fff" : SEAT_COLOURS[owner % 6], stroke: "#333" },
      s("title", { text: owner < 0 ? "empty satellite slot" : `satellite of seat ${owner}` }))));
    line.forEach((cell, d) => {
      const x = LEFT + d * (CELL_W + 6);
      const [a, b] = cellText(cell);
      const fill = cell ? (cell.kind === "spy" ? SEAT_COLOURS[cell.owner % 6] : KIND_FILL[cell.kind] || "#fff") : "#f8f8f8";
      const dark = cell && (cell.kind === "dark" || cell.kind === "spy");
      items.push(s("g", { class: "cell", "data-cell": li * 5 + d },
        s("rect", { x, y, width: CELL_W, height: CELL_H, rx: 5, fill, stroke: spotted.has(li * 5 + d) ? "#f0a000" : "#444",
                    "stroke-width": spotted.has(li * 5 + d) ? 4 : 1 }),
        s("text", { x: x + 6, y: y + 24, class: "small", fill: dark ? "#fff" : "#000", text: a }),
        s("text", { x: x + 6, y: y + 44, class: "tiny", fill: dark ? "#fff" : "#000", text: b }),
        s("text", { x: x + CELL_W - 6, y: y + 14, class: "tiny", "text-anchor": "end", fill: dark ? "#fff" : "#666", text: `${li * 5 + d}` })));
    });
  });
  const height = 30 + 7 * (CELL_H + 8);
  const board = svg(LEFT + 5 * (CELL_W + 6) + 10, height, "Dark Agent theatre",
    s("rect", { x: 0, y: 0, width: "100%", height, fill: "#eef0f3" }), items);
  const players = st.players.map((p) => h("li", { style: `border-left: 6px solid ${SEAT_COLOURS[p.seat % 6]}` },
    `seat ${p.seat}${p.seat === st.you ? " (you)" : ""}: score ${p.score} · reserve spies [${p.reserve.join(",")}]` +
    `${p.wounded.length ? " · wounded [" + p.wounded.join(",") + "]" : ""} · hand ${p.hand_size}` +
    `${p.hand_known.length ? " (known: " + p.hand_known.join(", ") + ")" : ""} · captured ${p.captured.join(", ") || "—"}` +
    `${p.has_voted ? " · voted" : ""}`));
  const markers = Object.entries(st.attempt_markers).map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`).join(", ");
  const facts = [`phase ${st.phase}`, `round ${st.round}/${st.round_limit}`, `turn: seat ${st.turn}`, `deck ${st.deck_size}`,
    `UN rotations ${st.rotations}`];
  if (st.my_vote !== undefined && st.my_vote !== -1) facts.push(`your UN vote: ${st.my_vote ? "rotate" : "keep"}`);
  if (st.last_roll) facts.push(`last roll [${st.last_roll.dice.join(",")}] +${st.last_roll.bonus} vs ${st.last_roll.defence}: ${st.last_roll.success ? "success" : "failure"}`);
  if (st.end_reason) facts.push(`ended: ${st.end_reason}`);
  return h("div", {}, board, h("p.facts", { text: facts.join(" · ") }),
    h("p.facts", { text: `Objectives' attempt markers: ${markers}` }),
    st.hand ? h("p.facts#hand", { text: `Your equipment: ${st.hand.join(", ") || "none"}` }) : "",
    h("ul.players", {}, players));
}

export function label_(action, view) {
  const parts = [action.type.replace(/_/g, " ")];
  for (const [k, v] of Object.entries(action)) {
    if (k === "type") continue;
    if (["cell", "target", "to", "adrenaline"].includes(k) && typeof v === "number") parts.push(`${k} ${cellName(view, v)}`);
    else if (k === "spies" || k === "cells") parts.push(`${k} [${v.map((c) => cellName(view, c)).join("; ")}]`);
    else if (k === "line" || k === "with_line") parts.push(`${k} ${v + 1}`);
    else parts.push(`${k} ${Array.isArray(v) ? "[" + v.join(",") + "]" : v}`);
  }
  return parts.join(" ");
}
export { label_ as label };

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

/** Ask the odds endpoint (cached per question) and report "NN% (fraction)". */
export function odds(action, view, cache, report) {
  if (action.type !== "attack") return;
  const question = attackQuestion(action, view);
  if (!question) return;
  const key = JSON.stringify(question);
  if (!cache.has(key)) cache.set(key, post("/darkagent/odds/attack", { attack: question }));
  cache.get(key).then((a) => report(`${(a.probability * 100).toFixed(1)}% (${a.fraction})`), () => report("odds unavailable"));
}
