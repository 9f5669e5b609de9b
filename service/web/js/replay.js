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
  const ref = { ...cardRef, info };
  const outcome = finalView.outcome || replay.outcome || {};
  root.append(h("h1", { text: `Replay — ${game.title || replay.game}` }),
    h("p#replay-outcome.result", { text: outcome.text || outcome.summary || "The match is over." }),
    h("details.facts", {}, h("summary", {}, "Fair deal: ", verdict),
      h("p", {}, "Match ", h("code", { text: matchId }), " · seed ", h("code#replay-seed", { text: replay.seed })),
      h("p", {}, "Commitment ", h("code", { text: replay.commitment }))));
  checkCommitment(replay, verdict);
  const steps = replay.history;
  const sentences = new Map(); // version -> the sentences of that step (the public log in words)
  for (const e of finalView.log || []) {
    if (!sentences.has(e.seq)) sentences.set(e.seq, []);
    sentences.get(e.seq).push(logLine(e));
  }
  // a seat of this browser sees the match as that seat saw it then (its hand too); others as a spectator
  const seats = Object.keys(allTokens()[matchId] || {});
  const token = seats.length ? allTokens()[matchId][seats[0]] : undefined;
  const asOf = await supportsAsOf(matchId, token);
  let at = 0;
  const position = h("span#replay-position");
  const slider = h("input#replay-slider", { type: "range", min: 0, max: steps.length, value: 0, step: 1, "aria-label": "step" });
  const now = h("div.replay-now#replay-current");
  const table = h("div.board-box#replay-table");
  const scores = h("section.scores#replay-scores");
  const list = h("ol.replay-steps#replay-steps", { start: 1 });
  const prev = h("button#replay-prev", { type: "button", text: "◀ Back", "aria-keyshortcuts": "ArrowLeft" });
  const next = h("button#replay-next", { type: "button", text: "Forward ▶", "aria-keyshortcuts": "ArrowRight" });
  const first = h("button", { type: "button", text: "|◀ Start" });
  const last = h("button", { type: "button", text: "End ▶|" });
  const stepWords = (i) => (sentences.get(i) || []).join(" ") || `${seatName(steps[i - 1].seat)} moved.`;
  steps.forEach((step, i) => list.append(h("li", { "data-step": i + 1 },
    h("button.linkish", { type: "button", text: stepWords(i + 1), onclick: () => show(i + 1) }))));
  const views = new Map();
  let drawn = -1;
  const draw = async (n) => {
    if (!asOf) return;
    if (!views.has(n)) views.set(n, get(`/matches/${matchId}/replay?at=${n}`, { token }));
    let view;
    try { view = await views.get(n); } catch (exc) { table.replaceChildren(h("p", { text: "This step cannot be drawn: " + (exc.words || exc) })); return; }
    if (n !== at || drawn === n) return; // the slider moved on meanwhile
    drawn = n;
    table.replaceChildren(game.draw ? game.draw(view, ref) : "");
    markLastMove(table, view, game);
    scores.replaceChildren(scorePanel(view, game, token ? Number(seats[0]) : null, ref));
  };
  const show = (n) => {
    at = Math.max(0, Math.min(steps.length, n));
    slider.value = String(at);
    position.textContent = `step ${at} of ${steps.length}`;
    prev.disabled = at === 0;
    next.disabled = at === steps.length;
    list.querySelectorAll("li").forEach((li) => li.classList.toggle("current", Number(li.dataset.step) === at));
    now.replaceChildren(h("p", { text: at === 0 ? "The deal, before the first move." : `Step ${at}: ${stepWords(at)}` }));
    const li = list.querySelector("li.current");
    if (li) li.scrollIntoView({ block: "nearest" });
    draw(at);
  };
  slider.addEventListener("input", () => show(Number(slider.value)));
  prev.addEventListener("click", () => show(at - 1));
  next.addEventListener("click", () => show(at + 1));
  first.addEventListener("click", () => show(0));
  last.addEventListener("click", () => show(steps.length));
  const keys = (ev) => {
    if (ev.target.closest("input, select, textarea")) return;
    if (ev.key === "ArrowLeft") show(at - 1);
    if (ev.key === "ArrowRight") show(at + 1);
  };
  document.addEventListener("keydown", keys);
  root.append(h("div.replay-controls", {}, first, prev, slider, next, last, position), now);
  if (asOf) {
    root.append(h("div.table-layout", {}, table, h("div.side", {}, scores,
      h("details", { open: true }, h("summary", { text: `Every step (${steps.length})` }), list))));
    attachHelp(table, replay.game);
  } else { // an older server without views at a version: the steps and the final table only
    root.append(h("details", { open: true }, h("summary", { text: `Every step (${steps.length})` }), list),
      h("h2", { text: "Final table" }), h("div#final-table", {}, game.draw ? game.draw(finalView, ref) : ""));
  }
  show(0);
  return () => document.removeEventListener("keydown", keys);
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
