// One module per game: draw(view, ref, table) → an element from the seat's view (things a move
// can name carry data-ref keys, things with rules text carry data-info), seatStats(view) → the
// score panel figures per seat, secret(view) → what only this seat knows, lastRefs(entry) → the
// data-ref keys the newest move touched.

import * as classified from "./classified.js";
import * as insidejob from "./insidejob.js";
import * as ifthen from "./ifthen.js";
import * as darkagent from "./darkagent.js";

export const GAMES = { classified, insidejob, ifthen, darkagent };

/** Seats are numbered from 1 for people, as the API's words do ("Seat 2" is seat index 1). */
export function seatName(seat) {
  return `Seat ${seat + 1}`;
}

/** "snake_case" or "camelCase" in words. */
export function humanize(key) {
  return String(key).replace(/([a-z])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
}

/** A plain label for an action when the server sends no words (an older server). */
export function genericLabel(action) {
  const rest = Object.entries(action).filter(([k]) => k !== "type")
    .map(([k, v]) => `${humanize(k)} ${Array.isArray(v) ? v.join(", ") : typeof v === "object" ? "…" : v}`);
  const text = humanize(action.type) + (rest.length ? ": " + rest.join(", ") : "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The view's choices (labels and refs), or plain ones from its legal actions. */
export function choicesOf(view) {
  const legal = view.legal_actions || [];
  if (Array.isArray(view.choices) && view.choices.length === legal.length) return view.choices;
  return legal.map((a) => ({ label: genericLabel(a), refs: [] }));
}

/** A log entry in words: its `text`, or a plain sentence when the server sends none. */
export function logLine(entry) {
  if (entry.text) return entry.text;
  const pub = entry.public || {};
  const what = pub.event || pub.type || pub.action || Object.keys(pub)[0] || "move";
  const who = entry.actor === null || entry.actor === undefined ? "The game" : seatName(entry.actor);
  return `${who}: ${humanize(typeof what === "string" ? what : "move")}.`;
}
