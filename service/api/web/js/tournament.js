// Tournaments: start one from a spec, follow its progress (long-poll), standings with ratings
// and their uncertainty, a chart of the ratings (mu ± 2 sigma) and the match records.
// The owner token of a tournament started here is kept in localStorage (never in a URL): only
// its holder can cancel it.

import { call, catalog, get, post } from "./api.js";
import { h, s } from "./dom.js";

const EXAMPLE = {game: "classified", entrants: ["random", "heuristic"], deals: 10, seed: 1};
const OWNERS_KEY = "safehouse.tournaments";
const SEEN_KEY = "safehouse.tournaments.seen"; // tournaments this browser started or opened (no GET /tournaments yet)

function seen() {
  try { return JSON.parse(localStorage.getItem(SEEN_KEY) || "[]"); } catch (exc) { return []; }
}

function remember(view) {
  const list = seen().filter((t) => t.id !== view.tournament_id);
  list.unshift({ id: view.tournament_id, game: view.game, status: view.status, done: view.done, total: view.total });
  localStorage.setItem(SEEN_KEY, JSON.stringify(list.slice(0, 50)));
}

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
  const openId = h("input#tournament-open-id", {type: "text", placeholder: "tournament id", "aria-label": "tournament id", required: true});
  const openForm = h("form#tournament-open", {}, openId, " ", h("button", {type: "submit"}, "Open"));
  openForm.addEventListener("submit", (ev) => { ev.preventDefault(); if (openId.value.trim()) location.hash = `#/tournament/${encodeURIComponent(openId.value.trim())}`; });
  const mine = seen();
  root.append(h("section.tournament-list", {}, h("h2", {}, "Tournaments in this browser"),
    mine.length ? h("ul#tournament-list.tournament-list", {}, mine.map((x) => h("li", {},
      h("a", {href: `#/tournament/${encodeURIComponent(x.id)}`}, `${x.id}`), ` · ${x.game} · ${x.status}, ${x.done} of ${x.total} matches`)))
      : h("p", {}, "None yet: start one below, or open one by its id."),
    h("h3", {}, "Open a tournament by id"), openForm));
  root.append(h("section.tournament-form", {},
    h("h2", {}, "New tournament"),
    h("p", {}, "A spec as for ", h("code", {}, "safehouse tournament run"), " (JSON): game, entrants, deals, seed, format, budget."),
    spec, h("p", {}, h("button#tournament-start", {onclick: start}, "Start")), message));
  return () => {};
}

/** #/tournament/<id>: progress, standings, ratings chart and matches, updated as matches finish. */
const GAME_NAMES = {};

export async function renderTournament(root, id) {
  let stopped = false;
  try { (await catalog()).forEach((g) => { GAME_NAMES[g.game] = g.name; }); } catch (exc) { /* ids then */ }
  const page = h("section.tournament", {"aria-live": "polite"});
  root.append(page);
  let view = await get(`/tournaments/${encodeURIComponent(id)}`);
  remember(view);
  draw(page, view);
  (async () => {
    while (!stopped && view.status === "running") {
      try {
        view = await get(`/tournaments/${encodeURIComponent(id)}?after=${view.done}&wait=10`);
        if (!stopped) { remember(view); draw(page, view); }
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
  page.replaceChildren(...[
    h("h2", {}, `${GAME_NAMES[view.game] || view.game} tournament`), h("p.facts", {}, `id ${view.tournament_id}`),
    h("p#tournament-progress", {}, `${view.status}: ${view.done} of ${view.total} matches`,
      " ", h("progress", {max: view.total, value: view.done})),
    h("p#tournament-seeds", {}, `seed commitment ${view.commitment || "–"}`,
      view.seed_secret ? ` · secret ${view.seed_secret}` : " (the secret is shown when it ends)"),
    view.status === "running" && token ? h("button#tournament-cancel", {onclick: cancel}, "Cancel") : null,
    standingsTable(view.standings || []),
    ratingsChart(view.standings || []),
    h("div#tournament-matches")].filter(Boolean)); // (a null child would print "null")
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

/** Each entrant's rating (dot) with its 95% interval (mu ± 2σ), on a labelled rating axis. */
function ratingsChart(rows) {
  if (!rows.length) return null;
  const width = 560, row = 28, left = 130, top = 14, height = rows.length * row + top + 46;
  const lows = rows.map((r) => r.mu - 2 * r.sigma), highs = rows.map((r) => r.mu + 2 * r.sigma);
  const lo = Math.floor(Math.min(...lows)), hi = Math.ceil(Math.max(...highs)), span = (hi - lo) || 1;
  const x = (v) => left + ((v - lo) / span) * (width - left - 20);
  const axisY = top + rows.length * row;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => lo + f * span);
  return s("svg", {id: "ratings-chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "ratings with their 95% intervals"},
    s("text", {x: 4, y: top - 2, "font-size": 13, "font-weight": "bold"}, "Entrant"),
    rows.map((r, i) => {
      const y = top + 14 + i * row;
      return [s("text", {x: 4, y: y + 5, "font-size": 13}, r.entrant),
              s("line", {x1: x(lows[i]), x2: x(highs[i]), y1: y, y2: y, stroke: "#555", "stroke-width": 2}),
              s("circle", {cx: x(r.mu), cy: y, r: 5, fill: "#c33"})];
    }),
    s("line", {x1: left, x2: width - 20, y1: axisY, y2: axisY, stroke: "#333"}),
    ticks.map((v) => [s("line", {x1: x(v), x2: x(v), y1: axisY, y2: axisY + 5, stroke: "#333"}),
      s("text", {x: x(v), y: axisY + 19, "text-anchor": "middle", "font-size": 12}, v.toFixed(1))]),
    s("text", {id: "ratings-axis-label", x: (left + width - 20) / 2, y: axisY + 38, "text-anchor": "middle", "font-size": 13},
      "rating (dot: mu; bar: mu ± 2σ, about 95%)"));
}

async function drawMatches(page, id) {
  const box = page.querySelector("#tournament-matches");
  const data = await get(`/tournaments/${encodeURIComponent(id)}/matches?limit=50`);
  box.replaceChildren(h("h3", {}, "Matches"), h("ol", {start: 1}, data.matches.map((m) =>
    h("li", {}, `${m.seats.join(" vs ")} → ${winnersWords(m)}`, m.match_id ? [" · ", h("a", {href: `#/replay/${m.match_id}`}, "replay")] : ""))));
}

function winnersWords(m) {
  const winners = m.winners || [];
  if (!winners.length) return "nobody won";
  return "won by " + winners.map((w) => `${m.seats[w] ?? "seat " + (w + 1)} (seat ${w + 1})`).join(" and ");
}
