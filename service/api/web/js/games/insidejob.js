// Inside Job: the mission, the trick on the table, your hand, the drawn missions to choose from;
// Intel, roles as revealed and your own role. Cards (data-ref "card:<id>"), missions
// ("mission:<id>") and seats (the score panels, "seat:<n>") are clickable for their moves.

import { h, label, narrow, s, svg } from "../dom.js";

export const title = "Inside Job";
const SUIT_FILL = ["#cfe0ff", "#ffd0d0", "#fff3b0", "#d4f5d4"];
const SUIT_INK = ["#1d4fa8", "#b02a2a", "#8a6d00", "#237a32"];

function suitName(ref, c) {
  return ((ref.insidejob || {}).suits || ["blue", "red", "yellow", "green"])[Math.floor(c / 13)];
}

export function cardName(ref, c) {
  return `${suitName(ref, c)} ${(c % 13) + 1}`;
}

function drawCard(ref, x, y, c, { w = 64, ht = 92, wager = false } = {}) {
  const suit = Math.floor(c / 13);
  return s("g", { class: "card", "data-card": c, "data-ref": `card:${c}`, "data-info": `suit:${suit}`, "aria-label": cardName(ref, c) },
    s("rect", { x, y, width: w, height: ht, rx: 7, fill: SUIT_FILL[suit], stroke: wager ? "#c07000" : "#444", "stroke-width": wager ? 4 : 1 }),
    s("text", { x: x + 8, y: y + 24, class: "big", fill: SUIT_INK[suit], text: String((c % 13) + 1) }),
    s("text", { x: x + w / 2, y: y + ht - 12, "text-anchor": "middle", class: "small", fill: SUIT_INK[suit], text: suitName(ref, c) }),
    wager ? s("text", { x: x + w - 8, y: y + 24, "text-anchor": "end", class: "small", text: "W" }) : "");
}

function missionId(mission) {
  return mission && typeof mission === "object" ? mission.id : mission;
}

function missionText(ref, mission) {
  const info = (ref.info || {})[`mission:${missionId(mission)}`]; // its text with the trump suit
  if (info && info.text) return info.text;
  if (mission && typeof mission === "object") return mission.text || "";
  return ((ref.insidejob || {}).missions || {})[mission] || "";
}

function missionName(ref, id) {
  const info = (ref.info || {})[`mission:${id}`];
  return (info && info.name) || `Mission ${String(id).replace(/\D/g, "").replace(/^0+/, "")}`;
}

/** A mission drawn as a wide card with its text wrapped. */
function drawMission(ref, x, y, mission, w = 250) {
  const id = missionId(mission);
  const words = missionText(ref, mission).split(" ");
  const lines = [""];
  for (const word of words) {
    if ((lines[lines.length - 1] + " " + word).length > w / 8.2 && lines.length < 4) lines.push(word);
    else lines[lines.length - 1] = (lines[lines.length - 1] + " " + word).trim();
  }
  return s("g", { class: "card mission", "data-ref": `mission:${id}`, "data-info": `mission:${id}`, "aria-label": missionName(ref, id) },
    s("rect", { x, y, width: w, height: 104, rx: 8, fill: "#fffaf0", stroke: "#6b4f1d", "stroke-width": 2 }),
    s("text", { x: x + 10, y: y + 22, class: "lbl", text: missionName(ref, id) }),
    lines.map((line, i) => s("text", { x: x + 10, y: y + 44 + i * 16, class: "small", text: line })));
}

export function draw(view, ref) {
  const st = view.state;
  const items = [];
  const hand = st.hand || [];
  const small = narrow();
  const perRow = small ? 5 : 12;
  const width = small ? 360 : Math.max(760, 24 + Math.min(hand.length, perRow) * 70);
  items.push(label(14, 26, `Trick ${st.trick_number}`));
  let y = 36;
  if (st.mission) items.push(drawMission(ref, 14, y, st.mission, small ? 332 : 250));
  if (st.drawn) {
    const x0 = small ? 14 : 290;
    let y0 = small ? (st.mission ? y + 114 : y + 16) : y;
    items.push(label(x0, y0 - 10, "Drawn missions", "small"));
    st.drawn.forEach((m, i) => items.push(small ? drawMission(ref, 14, y0 + 10 + i * 112, m, 332) : drawMission(ref, 290 + i * 240, y0, m, 230)));
    y = small ? y0 + 10 + st.drawn.length * 112 : y + 114;
  } else {
    const trickX = st.mission && !small ? 290 : 14;
    const trickY = st.mission && small ? y + 130 : y;
    items.push(label(trickX, trickY - 10 + (small ? 0 : 0), st.trick.length ? "On the table" : "No card played yet", "small"));
    st.trick.forEach(([seat, c, wager], i) => {
      items.push(drawCard(ref, trickX + i * 76, trickY, c, { wager }));
      items.push(s("text", { x: trickX + i * 76 + 32, y: trickY + 110, "text-anchor": "middle", class: "small", text: seat === st.you ? "you" : `Seat ${seat + 1}` }));
    });
    y = trickY + 124;
  }
  y += 22;
  items.push(label(14, y, st.hand ? `Your hand (${hand.length})` : "Hands are hidden"));
  hand.forEach((c, i) => items.push(drawCard(ref, 14 + (i % perRow) * (small ? 68 : 70), y + 10 + Math.floor(i / perRow) * 100, c)));
  const height = y + 20 + Math.max(1, Math.ceil(hand.length / perRow)) * 100;
  const board = svg(width, height, "Inside Job table", s("rect", { x: 0, y: 0, width, height, rx: 12, fill: "#2f6b4a" }),
    s("rect", { x: 6, y: 6, width: width - 12, height: height - 12, rx: 10, fill: "#eef3ea" }), items);
  return h("div", {}, board,
    h("details.facts", {}, h("summary", { text: `Tricks played (${st.tricks.length})` }),
      h("ol", {}, st.tricks.map((t) => h("li", { text: `${t.mission ? missionName(ref, t.mission) : "No mission"}: ${t.plays.map(([seat, c, w]) => `Seat ${seat + 1} ${cardName(ref, c)}${w ? " (wager)" : ""}`).join(", ")} — won by Seat ${t.winner + 1}, ${t.success ? "success" : "failed"}` })))));
}

function roleName(ref, role) {
  const info = (ref.info || {})[`role:${role}`];
  return (info && info.name) || String(role).replace(/_/g, " ");
}

export function seatStats(view, ref = {}) {
  const st = view.state;
  return st.hand_sizes.map((size, p) => {
    const stats = [["Intel", st.intel[p]], ["Cards", size]];
    if (st.roles && st.roles[p] && (st.revealed[p] || view.finished)) stats.push(["Role", roleName(ref, st.roles[p])]);
    return stats;
  });
}

export function teamStats(view) {
  const st = view.state;
  return [["Missions done", `${st.completed.length} of ${st.params.target} needed`],
    ["Missions failed", st.failed.length], ["Intel that forces a reveal", st.params.threshold], ["Intel supply", st.supply]];
}

export function secret(view, ref) {
  const st = view.state;
  if (st.you === null || st.you === undefined || !st.roles || !st.roles[st.you]) return null;
  const role = st.roles[st.you];
  const info = (ref.info || {})[`role:${role}`];
  const known = (st.knowledge || []).map((k) => k.kind === "peek"
    ? `Seat ${k.seat + 1} is ${roleName(ref, k.role)}.`
    : k.kind === "discarded_mission" ? `You put ${missionName(ref, k.mission)} aside in trick ${k.trick}.` : "");
  return h("div", {}, h("p.secret-main", {}, "Your role: ", h("strong", { text: roleName(ref, role), "data-info": `role:${role}` })),
    info ? h("p", { text: info.text }) : "", known.filter(Boolean).map((t) => h("p", { text: t })));
}

export function lastRefs(entry) {
  const p = entry.public || {};
  if (p.type === "play" && typeof p.card === "number") return [`card:${p.card}`];
  if (p.type === "choose_mission") return [`mission:${p.mission}`];
  if (typeof p.winner === "number") return [`seat:${p.winner}`];
  return [];
}
