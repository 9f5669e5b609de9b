// A match table for one seat (or a spectator): a status line saying what to decide, the table
// drawn per game with its cards and cells clickable for the moves they belong to (picker.js),
// a score panel per seat, the seat's own secret, the log in sentences (newest first, the last
// move highlighted on the table), live updates from the seat's SSE stream (via a stream ticket),
// the turn clock and the outcome in words.

import { get, post, reference, tokenFor } from "./api.js";
import { h, narrow, showError } from "./dom.js";
import { GAMES, seatName, choicesOf, logLine } from "./games/index.js";
import { attachHelp, referenceOf } from "./help.js";
import { Picker } from "./picker.js";
import { scorePanel, markLastMove } from "./panels.js";

export async function openTable(root, matchId, seat) {
  const token = seat === null ? null : tokenFor(matchId, seat);
  if (seat !== null && !token) {
    root.append(h("p", { text: `This browser holds no token for seat ${seat + 1} of this match. ` }),
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
    this.live = h("span.live#live", { text: "connecting…" });
    this.status = h("p.status#status", { "aria-live": "polite" });
    this.explainBox = h("p.explain#explain", { "aria-live": "assertive", hidden: true });
    this.actions = h("div.actions#actions", { "aria-label": "Your choices" });
    this.board = h("div.board-box#board");
    this.scores = h("section.scores#scores", { "aria-label": "Players" });
    this.secret = h("section.secret#secret", { hidden: true });
    this.log = h("ol.log#log", { reversed: true });
    this.result = h("section.result#result", { hidden: true, "aria-live": "polite" });
    this.layout = h("div.table-layout");
    this.picker = new Picker(this.layout, this.actions, {
      act: (i, button) => this.act(i, button),
      explain: (words) => this.explain(words),
      decorate: (i, button) => this.decorate(i, button),
    });
    this.statusbar = h("div.statusbar", {}, this.status, this.explainBox, this.actions);
    root.append(this.header, this.result, this.statusbar,
      this.layout);
    this.layout.append(this.board, h("div.side", {}, this.secret, this.scores,
      h("details.logbox", { open: true }, h("summary", { text: "What happened (newest first)" }), this.log)));
    this.timer = setInterval(() => this.tick(), 500);
    this.wasNarrow = narrow();
    this.onResize = () => { // redraw in the other arrangement when the width crosses phone size
      if (narrow() !== this.wasNarrow && this.view) { this.wasNarrow = narrow(); this.render(this.view); }
    };
    window.addEventListener("resize", this.onResize);
  }

  close() {
    this.closed = true;
    clearInterval(this.timer);
    window.removeEventListener("resize", this.onResize);
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
        if (!this.ref.info) this.ref = { ...this.ref, info: await referenceOf(view.game) };
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
      this.live.textContent = "offline, retrying";
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
      // an event that carries the new version tells whether the page is behind without a GET
      if (this.view && typeof event.version === "number" && event.version <= this.view.version) return;
      this.narrate(event);
      this.refresh();
    });
    stream.addEventListener("error", () => {
      if (this.view && this.view.finished) { this.live.textContent = ""; stream.close(); return; }
      this.live.textContent = "reconnecting…";
      if (stream.readyState !== EventSource.CLOSED || this.closed) return;
      // closed for good (ended, expired ticket): resume after the last event with a new ticket
      this.reconnectTimer = setTimeout(async () => { await this.refresh(); this.follow(); }, 1000);
    });
  }

  // ---- drawing ------------------------------------------------------------------------------

  render(view) {
    this.view = view;
    const game = GAMES[view.game] || {};
    const you = this.seat === null ? "Watching as a spectator" : `You are ${seatName(this.seat)}`;
    this.header.replaceChildren(
      h("h1", {}, game.title || view.game),
      h("p.meta", {}, you, " · move ", h("span#version", { text: view.version }),
        view.finished ? "" : [" · ", this.live], view.deadline && !view.finished ? [" · ", this.clock] : "",
        this.seat !== null ? h("a.btn.small#watch-link", { href: `#/match/${this.matchId}/watch`, text: "Watch as spectator" }) : ""));
    if (view.finished) { this.live.textContent = ""; if (this.stream) this.stream.close(); }
    try {
      this.board.replaceChildren(game.draw ? game.draw(view, this.ref, this) : h("p", { text: "This game cannot be drawn here." }));
    } catch (exc) {
      this.board.replaceChildren(h("p", { text: "This position cannot be drawn: " + exc }));
    }
    if (!this.helpOn) { attachHelp(this.layout, view.game); this.helpOn = true; }
    markLastMove(this.layout, view, game);
    this.drawStatus(view, game);
    this.scores.replaceChildren(scorePanel(view, game, this.seat, this.ref));
    const secret = game.secret && this.seat !== null ? game.secret(view, this.ref) : null;
    this.secret.hidden = !secret;
    this.secret.replaceChildren(...(secret ? [h("h2", { text: "Only you see this" }), secret] : []));
    this.drawLog(view, game);
    this.drawResult(view);
    this.tick();
  }

  drawStatus(view, game) {
    this.explain("");
    const choices = choicesOf(view, game);
    const others = view.to_move.filter((s) => s !== this.seat);
    const waiting = others.length ? `Waiting for ${others.map(seatName).join(", ")}…` : "";
    let text;
    if (view.finished) text = (view.outcome && (view.outcome.text || view.outcome.summary)) || "The match is over.";
    else if (choices.length) text = view.prompt || "Your move.";
    else if (this.seat === null) text = others.length ? `${others.map(seatName).join(", ")} to move.` : "";
    else text = waiting || "Waiting…";
    this.status.textContent = text;
    this.statusbar.hidden = !!view.finished; // the outcome banner says it
    this.status.classList.toggle("your-turn", !view.finished && choices.length > 0);
    this.picker.prompt = view.prompt || "";
    this.picker.update(view.finished ? [] : choices,
      view.finished ? "The match is over." : this.seat === null ? "Spectators watch; they do not play." : (waiting ? "It is not your turn. " + waiting : ""));
  }

  explain(words) {
    this.explainBox.hidden = !words;
    this.explainBox.textContent = words || "";
  }

  decorate(index, button) {
    const game = GAMES[this.view.game] || {};
    const action = this.view.legal_actions[index];
    button.dataset.type = action.type;
    if (game.odds) game.odds(action, this.view, this.oddsCache, (words) => { button.textContent = this.view.choices[index].label + " — " + words; });
  }

  async act(index, button) {
    showError("");
    const action = this.view.legal_actions[index];
    this.actions.querySelectorAll("button").forEach((b) => { b.disabled = true; });
    if (button) button.classList.add("sent");
    try {
      const view = await post(`/matches/${this.matchId}/actions`, { action, version: this.view.version }, { token: this.token });
      this.render(view);
    } catch (exc) {
      showError("Move refused: " + (exc.words || exc));
      await this.refresh(true); // the choices again, as they are now
    }
  }

  /** A stream event's sentences go into the log at once (the view follows with the next GET). */
  narrate(event) {
    const said = (event.entries || []).filter((e) => e && typeof e.text === "string" && e.text);
    if (!said.length) return;
    this.log.querySelectorAll("li.newest").forEach((li) => li.classList.remove("newest"));
    this.log.prepend(...said.reverse().map((e) => h("li.newest", { "data-seq": e.seq ?? event.version, text: e.text })));
  }

  drawLog(view, game) {
    const entries = (view.log || []).slice(-80).reverse();
    const newest = entries.length ? entries[0].seq : -1;
    this.log.replaceChildren(...entries.map((e) => h("li", { class: e.seq === newest ? "newest" : "", "data-seq": e.seq },
      logLine(e, game, this.seat))));
  }

  drawResult(view) {
    if (!view.finished || !view.outcome) { this.result.hidden = true; return; }
    const o = view.outcome;
    const mine = (o.seats || []).find((s) => s.seat === this.seat);
    this.result.hidden = false;
    this.result.classList.toggle("won", !!(mine && mine.won));
    this.result.replaceChildren(h("h2#result-title", { text: mine ? (mine.won ? "You won!" : "Match over — you did not win") : "Match over" }),
      h("p#result-summary", { text: o.text || o.summary || "" }),
      h("a.btn#replay-link", { href: `#/replay/${this.matchId}`, text: "Replay this match step by step" }));
  }

  tick() {
    const deadline = this.view && this.view.deadline;
    if (!deadline || this.view.finished) { this.clock.textContent = ""; return; }
    const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
    this.clock.textContent = `clock ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    this.clock.classList.toggle("urgent", left < 10);
  }
}
