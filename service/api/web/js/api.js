// The public API over fetch, plus the seat tokens kept in localStorage (never in a URL).

const TOKENS_KEY = "safehouse.tokens";

export class ApiError extends Error {
  constructor(status, body) {
    const detail = (body && body.error) || {};
    super(detail.message || `HTTP ${status}`);
    this.status = status;
    this.code = detail.code || "http_" + status;
    this.field = detail.field;
  }
  /** The error in words, for a person. */
  get words() {
    return `${this.message} (${this.code}${this.field ? ", " + this.field : ""})`;
  }
}

export async function call(method, path, { body, token, headers } = {}) {
  const init = { method, headers: { Accept: "application/json", ...(headers || {}) } };
  if (token) init.headers.Authorization = "Bearer " + token;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (exc) {
    throw new ApiError(0, { error: { code: "network", message: "the server cannot be reached" } });
  }
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (exc) { data = null; }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const get = (path, opts) => call("GET", path, opts);
export const post = (path, body, opts = {}) => call("POST", path, { ...opts, body });

/** {match_id: {seat: token}} from localStorage. */
export function allTokens() {
  try { return JSON.parse(localStorage.getItem(TOKENS_KEY) || "{}"); } catch (exc) { return {}; }
}

export function saveToken(matchId, seat, token) {
  const all = allTokens();
  all[matchId] = { ...(all[matchId] || {}), [seat]: token };
  localStorage.setItem(TOKENS_KEY, JSON.stringify(all));
}

export function forgetMatch(matchId) {
  const all = allTokens();
  delete all[matchId];
  localStorage.setItem(TOKENS_KEY, JSON.stringify(all));
}

export function tokenFor(matchId, seat) {
  const seats = allTokens()[matchId] || {};
  return seats[seat];
}

let catalogPromise = null;
export function catalog() {
  if (!catalogPromise) catalogPromise = get("/games").then((d) => d.games);
  return catalogPromise;
}

let refPromise = null;
export function reference() {
  if (!refPromise) refPromise = get("/web/ref.json").catch(() => ({}));
  return refPromise;
}
