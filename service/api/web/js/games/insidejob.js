// Inside Job: hand, current trick, missions, Intel and wagers, roles as revealed.

import { card, h, label, s, svg } from "../dom.js";

export const title = "Inside Job";
const SUIT_FILL = ["#cfe0ff", "#ffd0d0", "#fff3b0", "#d4f5d4"];

function suitName(ref, c) {
  return ((ref.insidejob || {}).suits || ["S0", "S1", "S2", "S3"])[Math.floor(c / 13)];
}

export function cardName(ref, c) {
  return `${(c % 13) + 1} ${suitName(ref, c)}`;
}

function drawCard(ref, x, y, c, extra = {}) {
  return card(x, y, [String((c % 13) + 1), suitName(ref, c)],
    { dataCard: c, fill: SUIT_FILL[Math.floor(c / 13)], title: cardName(ref, c), w: 56, h: 80, ...extra });
}

function missionText(ref, mission) {
  if (mission && typeof mission === "object") return `${mission.text}${mission.risky ? " (risky)" : ""}`;
  return ((ref.insidejob || {}).missions || {})[mission] || mission;
}

function missionId(mission) {
  return mission && typeof mission === "object" ? mission.id : mission;
}

export function draw(view, ref) {
  const st = view.state;
  const n = st.players;
  const rows = [];
  for (let p = 0; p < n; p++) {
    const y = 24 + p * 26;
    const role = st.roles && st.roles[p] ? ` role ${st.roles[p]}` : "";
    rows.push(label(10, y, `Seat ${p}${st.you === p ? " (you)" : ""}: ${st.hand_sizes[p]} cards · Intel ${st.intel[p]}${st.revealed[p] ? " · revealed" : ""}${role}${st.turn === p ? " ◀" : ""}`));
  }
  const trickY = 40 + n * 26;
  const trick = st.trick.map(([seat, c, wager], i) => [
    drawCard(ref, 10 + i * 110, trickY + 20, c, { cls: wager ? "wager" : "" }),
    label(10 + i * 110, trickY + 116, `seat ${seat}${wager ? " + wager" : ""}`, "small")]);
  const handY = trickY + 150;
  const hand = (st.hand || []).map((c, i) => drawCard(ref, 10 + i * 60, handY + 20, c));
  const height = handY + 120;
  const board = svg(Math.max(800, 20 + (st.hand || []).length * 60), height, "Inside Job table",
    s("rect", { x: 0, y: 0, width: "100%", height, fill: "#eef3ea" }),
    rows,
    label(10, trickY, `Trick ${st.trick_number}${st.mission ? " — mission " + missionId(st.mission) + ": " + missionText(ref, st.mission) : ""}`),
    trick,
    label(10, handY, st.hand ? `Your hand (${st.hand.length})` : "Hands are hidden"),
    hand);
  const facts = [`phase ${st.phase}`, `Intel supply ${st.supply}`, `target ${st.params.target} missions, Insider threshold ${st.params.threshold}`,
    `completed ${st.completed.length}: ${st.completed.join(", ") || "—"}`, `failed ${st.failed.length}: ${st.failed.join(", ") || "—"}`,
    `deck ${st.deck_size}`];
  if (st.drawn) facts.push(`drawn missions: ${st.drawn.map((m) => missionId(m) + " " + missionText(ref, m)).join(" | ")}`);
  if (st.votes) facts.push(`votes: ${JSON.stringify(st.votes)}`);
  else if (st.voted) facts.push(`voted: ${JSON.stringify(st.voted)}`);
  return h("div", {}, board, h("p.facts", { text: facts.join(" · ") }),
    st.knowledge && st.knowledge.length ? h("p.facts", { text: "You know: " + st.knowledge.map((k) => JSON.stringify(k)).join("; ") }) : "",
    h("details", {}, h("summary", { text: `Tricks played (${st.tricks.length})` }),
      h("ol", {}, st.tricks.map((t) => h("li", { text: `${t.mission || ""} ${t.mission ? missionText(ref, t.mission) : ""}: ${t.plays.map(([seat, c, w]) => `seat ${seat} ${cardName(ref, c)}${w ? "+w" : ""}`).join(", ")} → seat ${t.winner} ${t.success ? "success" : "fail"}` })))));
}

export function label_(action, view, ref) {
  const parts = [action.type.replace(/_/g, " ")];
  for (const [k, v] of Object.entries(action)) {
    if (k === "type") continue;
    if (k === "card") parts.push(cardName(ref, v));
    else if (k === "wager") parts.push(v ? "+ wager" : "");
    else if (k === "mission") parts.push(`${v} (${missionText(ref, v)})`);
    else parts.push(`${k} ${Array.isArray(v) ? v.join(",") : v}`);
  }
  return parts.filter(Boolean).join(" ");
}
export { label_ as label };
