// A TypeScript client of the service, written against the types openapi-typescript
// generates from openapi.yaml as api.d.ts: tests/clients/test_typescript_client.py puts
// both in a temporary directory and type-checks them with `tsc --strict --noEmit`. It is
// never run: what it shows is that the document's types let a client read every answer
// without a cast, an `any` or optional chaining. The answer types are named once below,
// from the operations, the way a client would.

import type { components, paths } from "./api";

type Schemas = components["schemas"];

/** The request body of a JSON POST operation. */
type Body<P extends keyof paths> = paths[P]["post"] extends {
  requestBody: { content: { "application/json": infer B } };
}
  ? B
  : never;

/** The JSON answer of an operation (200). */
type Answer<P extends keyof paths, M extends "get" | "post"> = paths[P][M] extends {
  responses: { 200: { content: { "application/json": infer A } } };
}
  ? A
  : never;

export type Position = Answer<"/v1/setup", "get">;
export type ValidateAnswer = Answer<"/v1/turns/validate", "post">;
export type Event = Answer<"/v1/turns/apply", "post">["events"][number];
export type RenderQuery = Body<"/v1/render">;

const BASE = "http://127.0.0.1:8080";

async function post<P extends keyof paths>(path: P, body: Body<P>): Promise<Response> {
  const response = await fetch(BASE + path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const problem: Schemas["Problem"] = await response.json();
    throw new Error(`${path}: ${problem.status} ${problem.title}: ${problem.detail}`);
  }
  return response;
}

// Response.json() is where untyped data enters any client: each call says which answer
// it expects, as a typed fetch wrapper would, and everything after that is checked.
async function ask<P extends keyof paths>(path: P, body: Body<P>): Promise<Answer<P, "post">> {
  return (await post(path, body)).json();
}

/** One line for a verdict: narrowed on `legal`, the violation exists only when false. */
export function verdict(answer: ValidateAnswer): string {
  if (answer.legal) {
    return "legal";
  }
  const { rule, phase, index, detail } = answer.violation;
  return `illegal: ${rule}, ${phase} action ${index}: ${detail}`;
}

/** One line per event: a switch over `type` that must name every kind of event. */
export function describe(event: Event): string {
  switch (event.type) {
    case "take":
      return `${event.seat} takes the top stone of ${event.square}`;
    case "place":
      return `${event.seat} places a ${event.bonus ? "bonus " : ""}stone on ${event.square}`;
    case "enter":
      return `${event.seat} brings a turrian back on ${event.square}`;
    case "move":
      return `${event.seat} walks from ${event.origin} to ${event.square} for ${event.cost} points`;
    case "capture":
      return `${event.seat} captures ${event.victim}'s turrian on ${event.square} (${event.kind})`;
    case "attack":
      return `${event.seat} has used ${event.attacks} of 5 attacks`;
    case "hold":
      return `${event.seat} holds ${event.squares.join(", ")}`;
    case "hold_lost":
      return `${event.seat} lost its hold`;
    case "captures_used":
      return `${event.seat} has made its last capture`;
    case "captures_open":
      return `${event.seat} opened the capture phase`;
    case "finish":
      return `${event.seat} has finished`;
    case "game_over":
      return `game over, won by ${event.winners.join(" and ")}`;
    default: {
      // A kind of event the document adds later fails to compile here.
      const unknown: never = event;
      return unknown;
    }
  }
}

/** What a player sees of an answer's position: every member is there, none optional. */
export function summary(position: Position): string {
  const turn: Schemas["TurnState"] = position.turn;
  const roundStart: string = position.round_start;
  const finishers: string[] = position.finishers;
  const goal: "standard" | "pro" = position.rules.goal;
  const teams: boolean = position.rules.team_play;
  return [
    `${position.to_move} to move: ${turn.phase} phase, ${turn.in_hand} in hand, ${turn.points} points`,
    `taken this turn: ${turn.taken.join(", ") || "none"}${turn.attacked ? ", attacked" : ""}`,
    `round started by ${roundStart}; finished: ${finishers.join(", ") || "none"}`,
    `${goal} goal, outside rule ${position.rules.outside_rule}${teams ? ", in teams" : ""}`,
  ].join("\n");
}

/** A picture of where one turrian can go: an answer's position goes back as it came. */
export function reachPicture(position: Position, from: string): RenderQuery {
  return { position, highlight: { kind: "reach", from } };
}

/** The turn a client plays with the turrian on `from` of the player to move: the picture
 * of its reach, the cheapest walk judged and played, and what happened, as text. */
export async function play(start: Position, from: string): Promise<string> {
  const picture = await (await post("/v1/render", reachPicture(start, from))).text();
  const reach = await ask("/v1/reach", { position: start, from });
  const cheapest = reach.reachable.reduce((best, r) => (r.cost < best.cost ? r : best));
  const turn: Schemas["Turn"] = { move: [{ from, path: cheapest.path }] };
  const lines = [picture, summary(start), verdict(await ask("/v1/turns/validate", { position: start, turn }))];
  const applied = await ask("/v1/turns/apply", { position: start, turn });
  return [...lines, ...applied.events.map(describe), summary(applied.position)].join("\n");
}
