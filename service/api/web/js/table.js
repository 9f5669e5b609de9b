// A match table for one seat (or a spectator): the seat's view drawn per game, every legal action
// as a button, live updates from the seat's SSE stream (via a stream ticket), the turn clock and
// the result screen.

import { get, post, reference, tokenFor } from "./api.js";
import { h, showError } from "./dom.js";
import { GAMES, genericLabel } from "./games/index.js";

export async function openTable(root, matchId, seat) {
  const token = seat === null ? null : tokenFor(matchId, seat);
  if (seat !== null && !token) {
    root.append(h("p", { text: `This browser holds no token for seat ${seat} of this match. ` }),
      h("a", { href: `#/match/${matchId}/watch`, text: "Watch as a spectator" }));
    return () => {};
  }
  const ref = await reference();
  const table = new Table(root, matchId, seat, token, ref);
  await table.refresh();
  table.follow();
  return () => table.close();
}

class Table {
  constructor(root, matchId, seat, token, ref) {
    Object.assign(this, { root, matchId, seat, token, ref });
    this.view = null;
    this.lastSeq = 0;
    this.busy = false;
    this.dirty = false;
    this.closed = false;
    this.stream = null;
    this.oddsCache = new Map();
    this.header = h("div.match-head#match-head");
    this.clock = h("span.clock#clock", { "aria-live": "off" });
    this.board = h("div.board-box#board");
    this.actions = h("section.actions#actions", { "aria-label": "Your choices" });
    this.log = h("ol.log#log", { reversed: true });
    this.result = h("section.result#result", { hidden: true, "aria-live": "polite" });
    this.live = h("span.live#live", { text: "connecting…" });
    root.append(this.header, this.result,
      h("div.table-layout", {}, this.board, h("div.side", {}, this.actions,
        h("details.logbox", { open: true }, h("summary", { text: "Log" }), this.log))));
    this.timer = setInterval(() => this.tick(), 500);
  }

  close() {
    this.closed = true;
    clearInterval(this.timer);
    if (this.stream) this.stream.close();
    clearTimeout(this.reconnectTimer);
  }

  /** Fetch the view; redraw when it is newer (or always, with `force`). */
  async refresh(force = false) {
    if (this.busy && !force) { this.dirty = true; return; }
    this.busy = true;
    try {
      do {
        this.dirty = false;
        const view = await get(`/matches/${this.matchId}`, { token: this.token });
        // events replayed from the stream's start (or a resume) bring nothing new: keep the page
        if (!this.closed && (force || !this.view || view.version > this.view.version)) this.render(view);
        force = false;
      } while (this.dirty && !this.closed);
    } catch (exc) {
      showError(exc.words || String(exc));
    } finally {
      this.busy = false;
    }
  }

  // ---- live updates -------------------------------------------------------------------------

  async follow() {
    if (this.closed || (this.view && this.view.finished)) { this.live.textContent = ""; return; }
    let url = `/matches/${this.matchId}/stream`;
    const params = new URLSearchParams();
    try {
      if (this.token) {
        const ticket = await post(`/matches/${this.matchId}/stream-ticket`, {}, { token: this.token });
        params.set("ticket", ticket.ticket); // short-lived, this match and seat only
      }
    } catch (exc) {
      this.live.textContent = "offline: " + (exc.words || exc);
      this.reconnectTimer = setTimeout(() => this.follow(), 3000);
      return;
    }
    if (this.lastSeq) params.set("after", String(this.lastSeq));
    if ([...params].length) url += "?" + params;
    const stream = new EventSource(url);
    this.stream = stream;
    stream.addEventListener("open", () => { this.live.textContent = "live"; });
    stream.addEventListener("match", (ev) => {
      const event = JSON.parse(ev.data);
      this.lastSeq = Math.max(this.lastSeq, event.seq || Number(ev.lastEventId) || 0);
      this.refresh();
    });
    stream.addEventListener("error", () => {
      if (stream.readyState !== EventSource.CLOSED) { this.live.textContent = "reconnecting…"; return; }
      // closed for good (ended, expired ticket): resume after the last event with a new ticket
      this.live.textContent = "reconnecting…";
      if (this.closed) return;
      this.reconnectTimer = setTimeout(async () => { await this.refresh(); this.follow(); }, 1000);
    });
  }

  // ---- drawing ------------------------------------------------------------------------------

  render(view) {
    this.view = view;
    const game = GAMES[view.game] || {};
    const who = this.seat === null ? "spectator" : `seat ${this.seat}`;
    const seats = view.seats.map((s, i) => h("li", { class: view.to_move.includes(i) ? "to-move" : "" },
      `${i}: ${s.kind === "bot" ? "bot " + ((s.bot && s.bot.bot) || "") : (s.name || s.kind)}${i === this.seat ? " (you)" : ""}${view.to_move.includes(i) ? " ◀ to move" : ""}`));
    this.header.replaceChildren(
      h("h1", {}, `${game.title || view.game} — ${who}`),
      h("p", {}, h("code", { text: view.match_id }), ` · version `, h("span#version", { text: view.version }),
        ` · ${view.status} · `, this.live, " · ", this.clock,
        this.seat !== null ? h("a.btn", { href: `#/match/${this.matchId}/watch`, text: "Watch as spectator" }) : ""),
      h("ul.seats", {}, seats));
    try {
      this.board.replaceChildren(game.draw ? game.draw(view, this.ref, this) : h("pre", { text: JSON.stringify(view.state, null, 1) }));
    } catch (exc) {
      this.board.replaceChildren(h("p", { text: "cannot draw this view: " + exc }), h("pre", { text: JSON.stringify(view.state, null, 1) }));
    }
    this.drawActions(view, game);
    this.drawLog(view, game);
    this.drawResult(view);
    this.tick();
  }

  drawActions(view, game) {
    const actions = view.legal_actions || [];
    if (view.finished) { this.actions.replaceChildren(); return; }
    if (!actions.length) {
      const waiting = view.to_move.length ? `Waiting for seat ${view.to_move.join(", ")}…` : "Waiting…";
      this.actions.replaceChildren(h("h2", { text: "Your choices" }), h("p#waiting", { text: this.seat === null ? "Spectating." : waiting }));
      return;
    }
    const groups = new Map();
    actions.forEach((action, index) => {
      const type = action.type;
      if (!groups.has(type)) groups.set(type, []);
      const text = (game.label && game.label(action, view, this.ref)) || genericLabel(action);
      const button = h("button.action", { type: "button", "data-index": index, "data-type": type, text,
                                          onclick: () => this.act(action, button) });
      groups.get(type).push(button);
      if (game.odds) game.odds(action, view, this.oddsCache, (words) => { button.textContent = text + " — " + words; });
    });
    this.actions.replaceChildren(h("h2", { text: `Your choices (${actions.length})` }),
      ...[...groups].map(([type, buttons]) => h("div.group", {}, h("h3", { text: type.replace(/_/g, " ") }), h("div.buttons", {}, buttons))));
    const first = this.actions.querySelector("button.action");
    if (first && !this.actions.contains(document.activeElement) && document.activeElement === document.body) first.focus({ preventScroll: true });
  }

  async act(action, button) {
    showError("");
    this.actions.querySelectorAll("button").forEach((b) => { b.disabled = true; });
    button.classList.add("sent");
    try {
      const view = await post(`/matches/${this.matchId}/actions`, { action, version: this.view.version }, { token: this.token });
      this.render(view);
    } catch (exc) {
      showError("Move refused: " + (exc.words || exc));
      await this.refresh(true); // the choices again, as they are now
    }
  }

  drawLog(view, game) {
    const entries = (view.log || []).slice(-60).reverse();
    this.log.replaceChildren(...entries.map((e) => h("li", {},
      `v${e.seq}${e.actor !== null && e.actor !== undefined ? " seat " + e.actor : ""}: `,
      (game.logText && game.logText(e, this.ref)) || logText(e))));
  }

  drawResult(view) {
    if (!view.finished || !view.outcome) { this.result.hidden = true; return; }
    const o = view.outcome;
    this.result.hidden = false;
    this.result.replaceChildren(h("h2#result-title", { text: "Match over" }),
      h("p#result-summary", { text: o.summary || "" }),
      h("p", { text: "Winners: " + (o.winners.length ? o.winners.map((w) => "seat " + w).join(", ") : "none") }),
      h("ul", {}, (o.seats || []).map((s) => h("li", { text: `seat ${s.seat}: ${s.won ? "won" : "lost"} — ${s.reason || ""}${s.score !== null && s.score !== undefined ? " (score " + s.score + ")" : ""}` }))),
      h("a.btn#replay-link", { href: `#/replay/${this.matchId}`, text: "Replay this match" }));
  }

  tick() {
    const deadline = this.view && this.view.deadline;
    if (!deadline || this.view.finished) { this.clock.textContent = "no clock"; return; }
    const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
    this.clock.textContent = `clock ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    this.clock.classList.toggle("urgent", left < 10);
  }
}

export function logText(entry) {
  const parts = [];
  if (entry.public) parts.push(compact(entry.public));
  if (entry.private) parts.push("(you) " + compact(entry.private));
  return parts.join(" ");
}

function compact(obj) {
  return Object.entries(obj).map(([k, v]) => `${k}=${typeof v === "object" ? JSON.stringify(v) : v}`).join(" ");
}
