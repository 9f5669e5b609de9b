// One module per game: draw(view, ref) → an element from the seat's view, label(action) → text.

import * as classified from "./classified.js";
import * as insidejob from "./insidejob.js";
import * as ifthen from "./ifthen.js";
import * as darkagent from "./darkagent.js";

export const GAMES = { classified, insidejob, ifthen, darkagent };

/** A readable label from any action dict: its type, then key=value pairs. */
export function genericLabel(action) {
  const rest = Object.entries(action).filter(([k]) => k !== "type")
    .map(([k, v]) => `${k} ${Array.isArray(v) ? "[" + v.join(",") + "]" : v}`);
  return action.type.replace(/_/g, " ") + (rest.length ? ": " + rest.join(", ") : "");
}
