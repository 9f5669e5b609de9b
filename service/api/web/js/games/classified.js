// Classified Information: hands, suitcases, guards, the encrypted pile, discard and answers.

import { call } from "../api.js";
import { back, card, h, label, s, svg } from "../dom.js";

export const title = "Classified Information";

function cardInfo(view, ref, id) {
  const design = view.state.designs[id];
  const face = ((ref.classified || {}).designs || {})[design] || {};
  return { number: Math.floor(id / 2) + 1, name: face.name || design, design };
}

export function cardName(view, ref, id) {
  if (id === null || id === undefined) return "?";
  const c = cardInfo(view, ref, id);
  return `${c.number} ${c.name}`;
}

function drawCard(view, ref, x, y, id, extra = {}) {
  if (id === null || id === undefined) return back(x, y, extra);
  const c = cardInfo(view, ref, id);
  const words = c.name.split(" ");
  const half = Math.ceil(words.length / 2);
  const small = (extra.w || 70) < 60; // too narrow for the name: the number only (name on hover)
  return card(x, y, small ? [String(c.number)] : [String(c.number), words.slice(0, half).join(" "), words.slice(half).join(" ")],
    { dataCard: id, title: `${c.number} ${c.name} (${c.design})`, ...extra });
}

function playerRow(view, ref, p, y) {
  const st = view.state;
  const pl = st.players[p];
  const items = [label(10, y + 14, `Seat ${p}${st.you === p ? " (you)" : ""}${st.turn === p ? " — to act" : ""}`)];
  items.push(label(10, y + 34, "Suitcase", "small"));
  items.push(pl.suitcase_chosen ? drawCard(view, ref, 10, y + 40, pl.suitcase, { fill: "#f3e0b5" }) : label(10, y + 60, "none yet", "small"));
  items.push(label(100, y + 34, "Guards", "small"));
  pl.guards.forEach((g, i) => {
    const x = 100 + i * 78;
    if (!g) { items.push(s("rect", { x, y: y + 40, width: 70, height: 96, rx: 6, fill: "none", stroke: "#aaa", "stroke-dasharray": "4" })); return; }
    items.push(g.card === null ? back(x, y + 40, { label: g.face_up ? "up" : "?" }) : drawCard(view, ref, x, y + 40, g.card, { fill: g.face_up ? "#e6f4e6" : "#fdfaf0" }));
  });
  items.push(label(345, y + 34, `Hand (${pl.hand_size})`, "small"));
  const hand = pl.hand || Array(pl.hand_size).fill(null);
  hand.forEach((id, i) => items.push(drawCard(view, ref, 345 + i * 76, y + 40, id)));
  if (pl.play_area.length) {
    const x0 = 345 + Math.max(hand.length, 1) * 76 + 10;
    items.push(label(x0, y + 34, "Play area", "small"));
    pl.play_area.forEach((it, i) => items.push(drawCard(view, ref, x0 + i * 76, y + 40, it.card, { fill: "#e8e8ff" })));
  }
  return items;
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
    items.push(s("g", { class: "note", "data-number": n, "data-mark": mark, style: "cursor:pointer",
      onclick: () => call("PUT", `/matches/${table.matchId}/notes`, { body: { number: n, mark: next }, token: table.token })
        .then(() => table.refresh(true)).catch(() => {}) },
      s("title", { text: `number ${n}: ${mark} (click: ${next})` }),
      s("circle", { cx: x, cy: y, r: 14, fill: MARK_FILL[mark], stroke: "#333" }),
      s("text", { x, y: y + 5, "text-anchor": "middle", fill: mark === "black" ? "#fff" : "#000", text: String(n) })));
  }
  return svg(160, 160, "Cypher wheel (your private notes)", items);
}

export function draw(view, ref, table) {
  const st = view.state;
  const me = st.you === null ? 0 : st.you;
  const other = 1 - me;
  const board = svg(860, 460, "Classified Information table",
    s("rect", { x: 0, y: 0, width: 860, height: 460, fill: "#f4efe4" }),
    playerRow(view, ref, other, 0),
    label(10, 170, `Encrypted pile (${st.encrypted.length})`, "small"),
    st.encrypted.map((e, i) => e.card === null
      ? back(10 + i * 50, 178, { w: 44, h: 60, label: e.by === null ? "·" : "s" + e.by })
      : drawCard(view, ref, 10 + i * 50, 178, e.card, { w: 44, h: 60 })),
    label(420, 170, `Deck ${st.deck_size} · Discard (${st.discard.length})`, "small"),
    st.discard.slice(-6).map((id, i) => drawCard(view, ref, 420 + i * 72, 178, id, { w: 66, h: 60 })),
    playerRow(view, ref, me, 250),
  );
  const facts = [`Turn ${st.turn_no}, stage ${st.stage}`];
  if (st.final_turns_left !== null) facts.push(`final turns left: ${st.final_turns_left}`);
  if (st.stack.length) facts.push("pending: " + st.stack.map((f) => `${f.kind} (seat ${f.seat})`).join(", "));
  const wheel = st.notes && table && table.token ? h("div.wheel", {}, h("h3", { text: "Cypher wheel (only you see it)" }), cypherWheel(st.notes, table)) : "";
  return h("div", {}, board, wheel, h("p.facts", { text: facts.join(" · ") }),
    st.answers.length ? h("details", {}, h("summary", { text: `Answers (${st.answers.length})` }),
      h("ul", {}, st.answers.map((a) => h("li", { text: `turn ${a.turn}: seat ${a.asker} asked seat ${a.answerer} (${a.design}) ${JSON.stringify(a.question)} → ${JSON.stringify(a.answer)}` })))) : "");
}

export function label_(action, view, ref) {
  const name = (id) => cardName(view, ref, id);
  const rest = Object.entries(action).filter(([k]) => !["type", "card"].includes(k))
    .map(([k, v]) => `${k} ${Array.isArray(v) ? "[" + v.map(name).join(", ") + "]" : (["give", "take"].includes(k) ? name(v) : v)}`);
  const base = action.type.replace(/_/g, " ") + ("card" in action ? " " + name(action.card) : "");
  return base + (rest.length ? " (" + rest.join(", ") + ")" : "");
}
export { label_ as label };
