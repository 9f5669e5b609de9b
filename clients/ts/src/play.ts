// Plays one match of each game against a live Safehouse server with the types openapi-typescript
// generates from openapi.yaml (src/schema.d.ts); `tsc --strict` must accept it with 0 errors.
// Usage: node dist/play.js http://127.0.0.1:8000  -> prints one line per game, exits 1 on a failure.
import type { components } from "./schema";

type Schemas = components["schemas"];
type CreateMatchRequest = Schemas["CreateMatchRequest"];
type CreatedMatch = Schemas["CreatedMatch"];
type MatchView = Schemas["MatchView"];
type ActionRequest = Schemas["ActionRequest"];
type Catalog = Schemas["Catalog"];
type ErrorBody = Schemas["Error"];

const base: string = process.argv[2] ?? "http://127.0.0.1:8000";

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token !== undefined) headers["Authorization"] = `Bearer ${token}`;
  const answer = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!answer.ok) {
    const error = (await answer.json()) as ErrorBody;
    throw new Error(`${method} ${path}: ${answer.status} ${error.error.code}: ${error.error.message}`);
  }
  return (await answer.json()) as T;
}

async function playOne(request: CreateMatchRequest, maxActions: number): Promise<MatchView> {
  const created = await call<CreatedMatch>("POST", "/matches", request);
  const tokens = new Map<number, string>(created.tokens.map((t) => [t.seat, t.token]));
  let view = await call<MatchView>("GET", `/matches/${created.match_id}`);
  for (let step = 0; step < maxActions && !view.finished; step++) {
    const seat = view.to_move[0];
    if (seat === undefined) throw new Error("nobody is to move in an unfinished match");
    const token = tokens.get(seat);
    if (token === undefined) throw new Error(`no token for seat ${seat}`);
    const mine = await call<MatchView>("GET", `/matches/${created.match_id}`, undefined, token);
    const action = mine.legal_actions[0];
    if (action === undefined) throw new Error(`seat ${seat} is to move with no legal action`);
    const body: ActionRequest = { action, version: mine.version };
    view = await call<MatchView>("POST", `/matches/${created.match_id}/actions`, body, token);
  }
  return view;
}

async function main(): Promise<void> {
  const catalog = await call<Catalog>("GET", "/games");
  const requests: CreateMatchRequest[] = [
    { game: "classified", seed: 1 }, { game: "darkagent", seed: 2 },
    { game: "ifthen", seed: 3 }, { game: "insidejob", seed: 4 },
  ];
  for (const request of requests) {
    const entry = catalog.games.find((g) => g.game === request.game);
    if (entry === undefined) throw new Error(`${request.game} is not in the catalog`);
    const view = await playOne(request, entry.max_length);
    if (!view.finished || view.outcome === undefined) throw new Error(`${request.game} did not finish`);
    console.log(`${request.game}: finished at version ${view.version}, winners ${JSON.stringify(view.outcome.winners)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
