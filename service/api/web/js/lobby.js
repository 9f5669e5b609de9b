// Lobby: the catalog with every option, creating matches with human/open/bot seats, joining an
// open seat, listing and filtering matches, and resuming a seat from its token.

import { allTokens, catalog, get, post, saveToken, ApiError } from "./api.js";
import { h, showError } from "./dom.js";
import { GAMES } from "./games/index.js";

const GAME_NAMES = {};

export async function renderLobby(root) {
  const games = await catalog();
  games.forEach((g) => { GAME_NAMES[g.game] = g.name; });
  const listBox = h("section.matches", {}, h("h2", { text: "Matches" }));
  root.append(
    h("h1", { text: "Lobby" }),
    h("div.lobby", {}, createSection(games), listBox, mySeatsSection(), resumeSection()),
  );
  await matchList(listBox, games);
  return () => {};
}

// ---- create ---------------------------------------------------------------------------------

function createSection(games) {
  const form = h("form.create", { "aria-label": "Create a match" });
  const gameSelect = h("select#create-game", { name: "game" },
    games.map((g) => h("option", { value: g.game, text: `${g.name} (${g.min_players === g.max_players ? g.min_players : g.min_players + "–" + g.max_players} players)` })));
  const details = h("div.details");
  form.append(h("label", {}, "Game ", gameSelect), details);
  const draw = () => drawGameForm(details, games.find((g) => g.game === gameSelect.value));
  gameSelect.addEventListener("change", draw);
  draw();
  form.addEventListener("submit", (ev) => { ev.preventDefault(); createMatch(form, games); });
  return h("section", {}, h("h2", { text: "New match" }), form);
}

/** An option's value in words: "seat0" → "Seat 1", "strict_majority" → "Strict majority". */
function valueWords(value) {
  if (typeof value === "boolean") return value ? "yes" : "no";
  const text = String(value).replace(/^seat(\d+)$/, (m, n) => `Seat ${Number(n) + 1}`)
    .replace(/_(\d+)$/, " $1").replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function optionInput(name, spec) {
  const id = "opt-" + name;
  let input;
  if (spec.choices) {
    input = h("select", { id, name },
      spec.choices.map((c) => h("option", { value: JSON.stringify(c), text: valueWords(c), selected: c === spec.default })));
  } else if (spec.type === "bool") {
    input = h("input", { id, name, type: "checkbox", checked: spec.default === true });
  } else if (spec.type === "int") {
    input = h("input", { id, name, type: "number", value: spec.default, min: spec.min, max: spec.max, step: 1 });
  } else {
    input = h("input", { id, name, type: "text", value: Array.isArray(spec.default) ? spec.default.join(",") : (spec.default ?? ""),
                          placeholder: spec.type === "str[]" ? "comma-separated" : "" });
  }
  input.dataset.kind = spec.choices ? "choice" : spec.type;
  const range = spec.min !== undefined && spec.max !== undefined ? ` (${spec.min} to ${spec.max})` : "";
  const title = spec.label || valueWords(name);
  return h("label.opt", {}, h("span.opt-name", { text: title + range }), input,
    spec.help ? h("span.help", { text: spec.help }) : "");
}

function readOption(input) {
  switch (input.dataset.kind) {
    case "choice": return JSON.parse(input.value);
    case "bool": return input.checked;
    case "int": return Number(input.value);
    case "str[]": return input.value.split(",").map((x) => x.trim()).filter(Boolean);
    default: return input.value;
  }
}

function drawGameForm(box, game) {
  const opts = h("fieldset.options", {}, h("legend", { text: "Options" }),
    Object.entries(game.options).map(([name, spec]) => optionInput(name, spec)));
  const seats = h("fieldset.seats", {}, h("legend", { text: "Seats" }));
  const clock = h("label", {}, "Turn clock (seconds, empty = none) ",
    h("input#create-clock", { type: "number", name: "turn_clock_s", min: 1, max: 86400 }));
  const submit = h("button#create-submit", { type: "submit", text: "Create match" });
  box.replaceChildren(h("p.notes", { text: `${game.min_players === game.max_players ? game.min_players : game.min_players + " to " + game.max_players} players. Card texts show on the table when you point at a card.` }),
    opts, seats, clock, submit);
  const drawSeats = () => {
    const options = {};
    opts.querySelectorAll("[data-kind]").forEach((input) => { options[input.name] = readOption(input); });
    const count = (GAMES[game.game] || {}).seatCount;
    drawSeatRows(seats, game, count ? count(options) : options.players);
  };
  opts.addEventListener("change", drawSeats);
  drawSeats();
}

function drawSeatRows(box, game, count) {
  const rows = box.querySelectorAll(".seat-row");
  if (rows.length === count) return; // keep what was chosen
  rows.forEach((r) => r.remove());
  for (let i = 0; i < count; i++) {
    const kind = h("select", { id: `seat-${i}-kind`, name: `seat-${i}-kind` },
      [["human", "you (this browser)"], ["open", "open for another player"], ["bot", "computer player"]].map(([k, words]) =>
        h("option", { value: k, text: words, selected: k === (i === 0 ? "human" : "bot") })));
    const bot = h("select", { id: `seat-${i}-bot`, "aria-label": "which computer player" },
      game.bots.map((b) => h("option", { value: b.bot, text: valueWords(b.bot), title: b.description || "" })));
    const params = h("span.params");
    const drawParams = () => {
      const spec = game.bots.find((b) => b.bot === bot.value);
      params.replaceChildren(...Object.entries(spec.params).map(([name, p]) =>
        h("label.param", { title: p.description || "" }, valueWords(name) + " ",
          h("input", { type: "number", "data-param": name, value: p.default, min: p.min, max: p.max }))));
    };
    bot.addEventListener("change", drawParams);
    drawParams();
    const botBox = h("span.botbox", {}, " ", bot, params);
    const name = h("input", { id: `seat-${i}-name`, type: "text", placeholder: "name", maxlength: 64, size: 10 });
    const sync = () => { botBox.hidden = kind.value !== "bot"; };
    kind.addEventListener("change", sync);
    sync();
    box.append(h("div.seat-row", { "data-seat": i }, h("label", {}, `Seat ${i + 1} `, kind), " ", name, botBox));
  }
}

async function createMatch(form, games) {
  showError("");
  const game = form.querySelector("#create-game").value;
  const options = {};
  form.querySelectorAll(".options [data-kind]").forEach((input) => { options[input.name] = readOption(input); });
  const seats = [...form.querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector("select").value;
    const name = row.querySelector("input[type=text]").value.trim();
    const seat = { kind };
    if (name) seat.name = name;
    if (kind === "bot") {
      seat.bot = row.querySelector(".botbox select").value;
      row.querySelectorAll("[data-param]").forEach((p) => { seat[p.dataset.param] = Number(p.value); });
    }
    return seat;
  });
  const body = { game, options, seats };
  const clock = form.querySelector("#create-clock").value;
  if (clock) body.turn_clock_s = Number(clock);
  try {
    const made = await post("/matches", body);
    made.tokens.forEach((t) => saveToken(made.match_id, t.seat, t.token));
    const first = made.tokens[0];
    location.hash = first ? `#/match/${made.match_id}/seat/${first.seat}` : `#/match/${made.match_id}/watch`;
  } catch (exc) {
    showError("Could not create the match: " + (exc.words || exc));
  }
}

// ---- list -----------------------------------------------------------------------------------

async function matchList(box, games) {
  const game = h("select#filter-game", {}, h("option", { value: "", text: "any game" }),
    games.map((g) => h("option", { value: g.game, text: g.name })));
  const status = h("select#filter-status", {}, [["", "any status"], ["open", "waiting for players"], ["active", "being played"], ["finished", "finished"]].map(([v, words]) => h("option", { value: v, text: words })));
  const open = h("select#filter-open", {}, [["", "any seats"], ["true", "with open seats"], ["false", "full"]].map(([v, t]) => h("option", { value: v, text: t })));
  const table = h("table.list", {}, h("thead", {}, h("tr", {}, ["Match", "Game", "Status", "Seats", "Moves", ""].map((t) => h("th", { text: t })))));
  const body = h("tbody#match-rows");
  table.append(body);
  const total = h("p.total");
  const more = h("button#more", { type: "button", text: "More", hidden: true });
  let cursor = null;
  const load = async (reset) => {
    const params = new URLSearchParams({ limit: "20" });
    if (game.value) params.set("game", game.value);
    if (status.value) params.set("status", status.value);
    if (open.value) params.set("open_seats", open.value);
    if (!reset && cursor) params.set("cursor", cursor);
    try {
      const page = await get("/matches?" + params);
      if (reset) body.replaceChildren();
      page.matches.forEach((m) => body.append(matchRow(m)));
      cursor = page.next_cursor;
      more.hidden = !cursor;
      total.textContent = `${page.total} match(es)`;
    } catch (exc) { showError(exc.words || String(exc)); }
  };
  [game, status, open].forEach((el) => el.addEventListener("change", () => load(true)));
  more.addEventListener("click", () => load(false));
  const refresh = h("button", { type: "button", text: "Refresh", onclick: () => load(true) });
  box.append(h("div.filters", {}, game, status, open, refresh), total, h("div.scroll", {}, table), more);
  await load(true);
}

function seatText(seat, i) {
  if (seat.kind === "bot") return `Seat ${i + 1}: computer (${seat.bot ? valueWords(seat.bot.bot || "") : ""})`;
  return `Seat ${i + 1}: ${seat.name || (seat.joined ? "player" : "open")}`;
}

function matchRow(m) {
  const mine = allTokens()[m.match_id] || {};
  const links = [];
  for (const seat of Object.keys(mine)) links.push(h("a.btn", { href: `#/match/${m.match_id}/seat/${seat}`, text: `Play as Seat ${Number(seat) + 1}` }));
  links.push(h("a.btn", { href: `#/match/${m.match_id}/watch`, text: "Watch" }));
  if (m.status === "finished") links.push(h("a.btn", { href: `#/replay/${m.match_id}`, text: "Replay" }));
  for (const seat of m.open_seats) {
    links.push(h("button.join", { type: "button", "data-seat": seat, text: `Join as Seat ${seat + 1}`,
                                  onclick: () => join(m.match_id, seat) }));
  }
  return h("tr", { "data-match": m.match_id },
    h("td", {}, h("code", { text: m.match_id.slice(0, 8) })), h("td", { text: GAME_NAMES[m.game] || m.game }),
    h("td", { text: { open: "waiting for players", active: "being played", finished: "finished" }[m.status] || m.status }), h("td", { text: m.seats.map(seatText).join(", ") }),
    h("td", { text: m.version }), h("td.actions", {}, links));
}

async function join(matchId, seat) {
  const name = prompt("Your name at the table (optional)") || undefined;
  try {
    const answer = await post(`/matches/${matchId}/join`, name ? { seat, name } : { seat });
    saveToken(matchId, answer.seat, answer.token);
    location.hash = `#/match/${matchId}/seat/${answer.seat}`;
  } catch (exc) { showError("Could not join: " + (exc.words || exc)); }
}

// ---- my seats and resume --------------------------------------------------------------------

function mySeatsSection() {
  const tokens = allTokens();
  const items = Object.entries(tokens).flatMap(([mid, seats]) => Object.keys(seats).map((seat) =>
    h("li", {}, h("a", { href: `#/match/${mid}/seat/${seat}`, text: `match ${mid.slice(0, 8)}, Seat ${Number(seat) + 1}` }))));
  return h("section.mine", {}, h("h2", { text: "My seats (this browser)" }),
    items.length ? h("ul#my-seats", {}, items) : h("p", { text: "None yet." }));
}

function resumeSection() {
  const mid = h("input#resume-match", { type: "text", placeholder: "match id", required: true });
  const token = h("input#resume-token", { type: "password", placeholder: "seat token", required: true, autocomplete: "off" });
  const form = h("form.resume", { "aria-label": "Resume a seat" }, mid, " ", token, " ",
    h("button#resume-submit", { type: "submit", text: "Resume" }));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      const view = await get(`/matches/${encodeURIComponent(mid.value.trim())}`, { token: token.value.trim() });
      if (view.seat === null || view.seat === undefined) throw new ApiError(403, { error: { code: "forbidden_seat", message: "that token is not a seat of this match" } });
      saveToken(view.match_id, view.seat, token.value.trim());
      location.hash = `#/match/${view.match_id}/seat/${view.seat}`;
    } catch (exc) { showError("Could not resume: " + (exc.words || exc)); }
  });
  return h("section", {}, h("h2", { text: "Resume a seat from its token" }),
    h("p", { text: "The token is kept in this browser's local storage only." }), form);
}
