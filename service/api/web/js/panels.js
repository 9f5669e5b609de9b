// Side panels shared by the table and the replay: one score panel per seat (what each game
// counts: VP, tokens, captured, penalties...) and the last move marked on the drawn table.

import { h } from "./dom.js";
import { seatName } from "./games/index.js";

/** One panel per seat: its name, whether it is to move, and the game's figures for it. */
export function scorePanel(view, game, you, ref = {}) {
  const stats = game.seatStats ? game.seatStats(view, ref) : [];
  const team = game.teamStats ? game.teamStats(view, ref) : [];
  const seats = view.seats || [];
  const count = Math.max(seats.length, stats.length);
  const panels = [];
  for (let i = 0; i < count; i++) {
    const seat = seats[i] || {};
    const who = seat.kind === "bot" ? `bot (${(seat.bot && seat.bot.bot) || "bot"})` : (seat.name || (seat.kind === "open" && !seat.joined ? "open seat" : ""));
    const moving = !view.finished && view.to_move.includes(i);
    panels.push(h("div", { class: "seat-panel" + (moving ? " to-move" : "") + (i === you ? " you" : ""), "data-ref": `seat:${i}`,
                                      "aria-label": seatName(i), "data-seat": i },
      h("div.seat-name", {}, game.seatSwatch ? game.seatSwatch(i) : "", h("strong", { text: i === you ? `${seatName(i)} (you)` : seatName(i) }),
        who ? h("span.who", { text: " · " + who }) : "", moving ? h("span.moving", { text: " ◀ to move" }) : ""),
      h("dl", {}, (stats[i] || []).flatMap(([k, v]) => [h("dt", { text: k }), h("dd", { text: String(v) })]))));
  }
  return h("div", {}, h("h2", { text: "Players" }), panels,
    team.length ? h("dl.team", {}, team.flatMap(([k, v]) => [h("dt", { text: k }), h("dd", { text: String(v) })])) : "");
}

/** Mark on the table what the newest move touched (the game's lastRefs of its log entries). */
export function markLastMove(board, view, game) {
  const log = view.log || [];
  if (!log.length || !game.lastRefs) return;
  const newest = log[log.length - 1].seq;
  const keys = new Set(log.filter((e) => e.seq === newest).flatMap((e) => game.lastRefs(e, view) || []));
  board.querySelectorAll("[data-ref], [data-last]").forEach((el) => {
    const key = el.getAttribute("data-last") || el.getAttribute("data-ref");
    el.classList.toggle("last-move", keys.has(key));
  });
}
