// Tournaments: start one from a spec, follow its progress (long-poll), standings with ratings
// and their uncertainty, a chart of the ratings (mu ± 2 sigma) and the match records.
// The owner token of a tournament started here is kept in localStorage (never in a URL): only
// its holder can cancel it.

import { call, get, post } from "./api.js";
import { h, s } from "./dom.js";

const EXAMPLE = {game: "classified", entrants: ["random", "heuristic"], deals: 10, seed: 1};
const OWNERS_KEY = "safehouse.tournaments";

function owners() {
  try { return JSON.parse(localStorage.getItem(OWNERS_KEY) || "{}"); } catch (exc) { return {}; }
}

function saveOwner(id, token) {
  localStorage.setItem(OWNERS_KEY, JSON.stringify({...owners(), [id]: token}));
}

/** #/tournaments: a form for a new tournament, or open one by id. */
export async function renderTournamentForm(root) {
  const spec = h("textarea#tournament-spec", {rows: 8, cols: 60, "aria-label": "tournament spec (JSON)"},
                 JSON.stringify(EXAMPLE, null, 2));
  const message = h("p#tournament-message", {role: "status"});
  const start = async () => {
    message.textContent = "";
    let parsed;
    try { parsed = JSON.parse(spec.value); } catch (exc) { message.textContent = "the spec is not JSON"; return; }
    try {
      const made = await post("/tournaments", {spec: parsed});
      saveOwner(made.tournament_id, made.owner_token);
      location.hash = `#/tournament/${made.tournament_id}`;
    } catch (exc) { message.textContent = exc.words || String(exc); }
  };
  root.append(h("section.tournament-form", {},
    h("h2", {}, "New tournament"),
    h("p", {}, "A spec as for ", h("code", {}, "safehouse tournament run"), " (JSON): game, entrants, deals, seed, format, budget."),
    spec, h("p", {}, h("button#tournament-start", {onclick: start}, "Start")), message));
  return () => {};
}

/** #/tournament/<id>: progress, standings, ratings chart and matches, updated as matches finish. */
export async function renderTournament(root, id) {
  let stopped = false;
  const page = h("section.tournament", {"aria-live": "polite"});
  root.append(page);
  let view = await get(`/tournaments/${encodeURIComponent(id)}`);
  draw(page, view);
  (async () => {
    while (!stopped && view.status === "running") {
      try {
        view = await get(`/tournaments/${encodeURIComponent(id)}?after=${view.done}&wait=10`);
        if (!stopped) draw(page, view);
      } catch (exc) { await new Promise((done) => setTimeout(done, 2000)); }
    }
    if (!stopped) await drawMatches(page, id);
  })();
  return () => { stopped = true; };
}

function draw(page, view) {
  const token = owners()[view.tournament_id];
  const cancel = async () => {
    try { await call("DELETE", `/tournaments/${encodeURIComponent(view.tournament_id)}`, {token}); } catch (exc) { /* shown on the next poll */ }
  };
  page.replaceChildren(
    h("h2", {}, `Tournament ${view.tournament_id}: ${view.game}`),
    h("p#tournament-progress", {}, `${view.status}: ${view.done} of ${view.total} matches`,
      " ", h("progress", {max: view.total, value: view.done})),
    h("p#tournament-seeds", {}, `seed commitment ${view.commitment}`,
      view.seed_secret ? ` · secret ${view.seed_secret}` : " (the secret is shown when it ends)"),
    view.status === "running" && token ? h("button#tournament-cancel", {onclick: cancel}, "Cancel") : null,
    standingsTable(view.standings || []),
    ratingsChart(view.standings || []),
    h("div#tournament-matches"));
}

function fmt(x, digits = 2) { return x === null || x === undefined ? "–" : Number(x).toFixed(digits); }

function standingsTable(rows) {
  if (!rows.length) return h("p", {}, "No match finished yet.");
  return h("table#standings", {},
    h("thead", {}, h("tr", {}, ["#", "entrant", "rating (mu ± 2σ)", "win rate [95%]", "points", "CPU ms/move"].map((t) => h("th", {}, t)))),
    h("tbody", {}, rows.map((row, i) => h("tr", {},
      h("td", {}, i + 1), h("td.entrant", {}, row.entrant),
      h("td", {}, `${fmt(row.mu, 1)} ± ${fmt(2 * row.sigma, 1)}`),
      h("td", {}, `${fmt(row.win_rate)} [${fmt(row.win_low)}, ${fmt(row.win_high)}]`),
      h("td", {}, fmt(row.points)), h("td", {}, fmt(row.cpu_ms_per_move, 1))))));
}

function ratingsChart(rows) {
  if (!rows.length) return null;
  const width = 360, row = 26, left = 110, height = rows.length * row + 24;
  const lows = rows.map((r) => r.mu - 2 * r.sigma), highs = rows.map((r) => r.mu + 2 * r.sigma);
  const lo = Math.min(...lows), hi = Math.max(...highs), span = (hi - lo) || 1;
  const x = (v) => left + ((v - lo) / span) * (width - left - 10);
  return s("svg", {id: "ratings-chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "ratings with intervals"},
    rows.map((r, i) => {
      const y = 16 + i * row;
      return [s("text", {x: 4, y: y + 4, "font-size": 12}, r.entrant),
              s("line", {x1: x(lows[i]), x2: x(highs[i]), y1: y, y2: y, stroke: "#555", "stroke-width": 2}),
              s("circle", {cx: x(r.mu), cy: y, r: 4, fill: "#c33"})];
    }));
}

async function drawMatches(page, id) {
  const box = page.querySelector("#tournament-matches");
  const data = await get(`/tournaments/${encodeURIComponent(id)}/matches?limit=50`);
  box.replaceChildren(h("h3", {}, "Matches"), h("ol", {start: 0}, data.matches.map((m) =>
    h("li", {}, `seed ${m.seed ?? "hidden"}: ${m.seats.join(" vs ")} → winners ${JSON.stringify(m.winners)}`))));
}
