// Replay viewer for a finished match: the seed, the commitment checked in the browser
// (SubtleCrypto SHA-256 over canonical JSON, README "Verifying a commitment"), and a step slider
// that redraws the table as it was after every move (GET /matches/{id}/replay?at=V) with the
// sentences of that step.

import { allTokens, get, reference } from "./api.js";
import { h } from "./dom.js";
import { GAMES, logLine, seatName } from "./games/index.js";
import { attachHelp, referenceOf } from "./help.js";
import { markLastMove, scorePanel } from "./panels.js";

/** Python's json.dumps(obj, sort_keys=True, separators=(",", ":")) (ensure_ascii) for JSON data. */
export function canonicalJson(value) {
  if (value === null || typeof value !== "object") {
    return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (ch) => "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0"));
  }
  if (Array.isArray(value)) return "[" + value.map(canonicalJson).join(",") + "]";
  const keys = Object.keys(value).sort();
  return "{" + keys.map((k) => canonicalJson(k) + ":" + canonicalJson(value[k])).join(",") + "}";
}

/** The commitment of a replay: the seed goes in as a JSON integer, spliced in as its digits. */
export async function commitmentOf(replay) {
  if (!/^[0-9]{1,19}$/.test(replay.seed)) throw new Error("the seed is not a string of digits");
  const text = canonicalJson({ game: replay.game, options: replay.options, seed: "@SEED@", setup: replay.setup })
    .replace('"seed":"@SEED@"', '"seed":' + replay.seed);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function renderReplay(root, matchId) {
  const replay = await get(`/matches/${matchId}/replay`);
  const game = GAMES[replay.game] || {};
  const verdict = h("span#commitment-verdict", { text: "checking…" });
  const [finalView, cardRef, info] = await Promise.all([get(`/matches/${matchId}`), reference(), referenceOf(replay.game)]);
  const outcome = finalView.outcome || replay.outcome || {};
  root.append(h("h1", { text: `Replay — ${game.title || replay.game}` }),
    h("p#replay-outcome.result", { text: outcome.text || outcome.summary || "The match is over." }),
    h("details.facts", {}, h("summary", {}, "Fair deal: ", verdict),
      h("p", {}, "Match ", h("code", { text: matchId }), " · seed ", h("code#replay-seed", { text: replay.seed })),
      h("p", {}, "Commitment ", h("code", { text: replay.commitment }))));
  checkCommitment(replay, verdict);
  // a seat of this browser sees the match as that seat saw it then (its hand too); others as a spectator
  const seats = Object.keys(allTokens()[matchId] || {});
  const seat = seats.length ? Number(seats[0]) : null;
  const token = seats.length ? allTokens()[matchId][seats[0]] : undefined;
  const stepper = new Stepper(root, { matchId, replay, game, finalView, ref: { ...cardRef, info }, seat, token });
  await stepper.start(await supportsAsOf(matchId, token));
  return () => stepper.close();
}

/** The step slider: the table redrawn as it stood after each step, with the step's sentences. */
class Stepper {
  constructor(root, props) {
    Object.assign(this, props, { root });
    this.steps = props.replay.history;
    this.at = 0;
    this.drawn = -1;
    this.views = new Map();
    this.sentences = new Map(); // version -> the sentences of that step (the public log in words)
    for (const e of props.finalView.log || []) {
      if (!this.sentences.has(e.seq)) this.sentences.set(e.seq, []);
      this.sentences.get(e.seq).push(logLine(e));
    }
    this.keys = (ev) => {
      if (ev.target.closest("input, select, textarea")) return;
      if (ev.key === "ArrowLeft") this.show(this.at - 1);
      if (ev.key === "ArrowRight") this.show(this.at + 1);
    };
    document.addEventListener("keydown", this.keys);
  }

  close() {
    document.removeEventListener("keydown", this.keys);
  }

  words(i) {
    return (this.sentences.get(i) || []).join(" ") || `${seatName(this.steps[i - 1].seat)} moved.`;
  }

  controls() {
    const n = this.steps.length;
    this.position = h("span#replay-position");
    this.slider = h("input#replay-slider", { type: "range", min: 0, max: n, value: 0, step: 1, "aria-label": "step" });
    this.prev = h("button#replay-prev", { type: "button", text: "◀ Back", "aria-keyshortcuts": "ArrowLeft", onclick: () => this.show(this.at - 1) });
    this.next = h("button#replay-next", { type: "button", text: "Forward ▶", "aria-keyshortcuts": "ArrowRight", onclick: () => this.show(this.at + 1) });
    this.slider.addEventListener("input", () => this.show(Number(this.slider.value)));
    return h("div.replay-controls", {}, h("button", { type: "button", text: "|◀ Start", onclick: () => this.show(0) }),
      this.prev, this.slider, this.next, h("button", { type: "button", text: "End ▶|", onclick: () => this.show(n) }), this.position);
  }

  async start(asOf) {
    this.asOf = asOf;
    this.now = h("div.replay-now#replay-current");
    this.table = h("div.board-box#replay-table");
    this.scores = h("section.scores#replay-scores");
    this.list = h("ol.replay-steps#replay-steps", { start: 1 }, this.steps.map((step, i) => h("li", { "data-step": i + 1 },
      h("button.linkish", { type: "button", text: this.words(i + 1), onclick: () => this.show(i + 1) }))));
    const every = h("details", { open: true }, h("summary", { text: `Every step (${this.steps.length})` }), this.list);
    this.root.append(this.controls(), this.now);
    if (asOf) {
      this.root.append(h("div.table-layout", {}, this.table, h("div.side", {}, this.scores, every)));
      attachHelp(this.table, this.replay.game);
    } else { // an older server without views at a version: the steps and the final table only
      this.root.append(every, h("h2", { text: "Final table" }),
        h("div#final-table", {}, this.game.draw ? this.game.draw(this.finalView, this.ref) : ""));
    }
    this.show(0);
  }

  show(n) {
    this.at = Math.max(0, Math.min(this.steps.length, n));
    this.slider.value = String(this.at);
    this.position.textContent = `step ${this.at} of ${this.steps.length}`;
    this.prev.disabled = this.at === 0;
    this.next.disabled = this.at === this.steps.length;
    this.list.querySelectorAll("li").forEach((li) => li.classList.toggle("current", Number(li.dataset.step) === this.at));
    this.now.replaceChildren(h("p", { text: this.at === 0 ? "The deal, before the first move." : `Step ${this.at}: ${this.words(this.at)}` }));
    const li = this.list.querySelector("li.current");
    if (li) li.scrollIntoView({ block: "nearest" });
    this.draw(this.at);
  }

  /** The table at version n (GET /matches/{id}/replay?at=n, cached), unless the slider moved on. */
  async draw(n) {
    if (!this.asOf) return;
    if (!this.views.has(n)) this.views.set(n, get(`/matches/${this.matchId}/replay?at=${n}`, { token: this.token }));
    let view;
    try {
      view = await this.views.get(n);
    } catch (exc) {
      this.table.replaceChildren(h("p", { text: "This step cannot be drawn: " + (exc.words || exc) }));
      return;
    }
    if (n !== this.at || this.drawn === n) return;
    this.drawn = n;
    this.table.replaceChildren(this.game.draw ? this.game.draw(view, this.ref) : "");
    markLastMove(this.table, view, this.game);
    this.scores.replaceChildren(scorePanel(view, this.game, this.seat, this.ref));
  }
}

async function checkCommitment(replay, verdict) {
  try {
    const digest = await commitmentOf(replay);
    const ok = digest === replay.commitment;
    verdict.textContent = ok ? "commitment OK (SHA-256 checked in this browser)" : `MISMATCH (computed ${digest})`;
    verdict.className = ok ? "ok" : "bad";
  } catch (exc) {
    verdict.textContent = "cannot check: " + exc;
    verdict.className = "bad";
  }
}

/** Whether the server answers views at a version (GET /matches/{id}/replay?at=V gives a view). */
async function supportsAsOf(matchId, token) {
  try {
    const answer = await get(`/matches/${matchId}/replay?at=0`, { token });
    return !!(answer && answer.state && answer.version === 0);
  } catch (exc) {
    return false;
  }
}
