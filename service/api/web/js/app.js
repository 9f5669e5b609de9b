// Hash router: #/ lobby, #/match/<id>/seat/<n>, #/match/<id>/watch, #/replay/<id>,
// #/tournaments (start one), #/tournament/<id>.
// Only match ids and seat numbers appear in the URL; seat tokens stay in localStorage.

import { showError } from "./dom.js";
import { renderLobby } from "./lobby.js";
import { openTable } from "./table.js";
import { renderReplay } from "./replay.js";
import { renderTournament, renderTournamentForm } from "./tournament.js";

let current = null; // the open page's cleanup (closes streams, clocks)

async function route() {
  if (current) { current(); current = null; }
  showError("");
  const root = document.getElementById("app");
  root.replaceChildren();
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  try {
    if (parts[0] === "match" && parts[1]) {
      const seat = parts[2] === "seat" ? Number(parts[3]) : null;
      current = await openTable(root, parts[1], seat);
    } else if (parts[0] === "tournament" && parts[1]) {
      current = await renderTournament(root, parts[1]);
    } else if (parts[0] === "tournaments") {
      current = await renderTournamentForm(root);
    } else if (parts[0] === "replay" && parts[1]) {
      current = await renderReplay(root, parts[1]);
    } else {
      current = await renderLobby(root);
    }
  } catch (exc) {
    showError(exc.words || String(exc));
  }
  root.focus({ preventScroll: true });
}

window.addEventListener("hashchange", route);
route();
