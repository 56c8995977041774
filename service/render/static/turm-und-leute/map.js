// The map page: Stahl und Sterne's example map, where a player moves a group and sees
// where it may go. The service holds no state, so the page keeps the map: it draws it
// with POST /v1/turm-und-leute/map/render, asks POST …/map/reach for the fields a group
// reaches (with their markers and path), moves the group on the map it keeps (building
// the bridge a crossing pays for, LS17), and asks POST …/map/worlds-moved for the
// imperator's move of the worlds (LS6). Every sentence in the page's language.

import { _ } from "/playground/i18n.js";
import { $, exchange } from "/playground/core.js";

const API = document.body.dataset.api || "";
const BASE = "/v1/turm-und-leute/map";

const state = { map: null, side: null, group: null, reach: [] };

async function call(method, path, body, accept) {
  const answer = await exchange(API, method, path, body, accept);
  if (!answer.ok) {
    const problem = typeof answer.body === "object" ? answer.body : {};
    throw new Error(problem.rule ? `${problem.rule}: ${problem.detail}` : problem.detail || answer.statusText);
  }
  return answer.body;
}

async function draw() {
  const body = { map: state.map };
  if (state.group) Object.assign(body, { side: state.side, group: state.group });
  $("#board").innerHTML = await call("POST", `${BASE}/render`, body, "image/svg+xml");
}

function say(text) {
  $("#message").textContent = text;
}

async function select(side, group) {
  const answer = await call("POST", `${BASE}/reach`, { map: state.map, side, group });
  Object.assign(state, { side, group, reach: answer.reach });
  say(_("{group}: the outlined fields, each with its markers.", { group }));
  await draw();
}

async function move(found) {
  const piece = state.map.groups.find((g) => g.side === state.side && g.id === state.group);
  const from = piece.field;
  piece.field = found.field;
  if (found.bridge !== undefined) state.map.bridges.push([from.split(":")[0], found.field.split(":")[0]]);
  const item = document.createElement("li");
  item.textContent = _("{group}: {from} → {to}, {markers} ({rules})", {
    group: state.group, from, to: found.field, markers: found.markers, rules: found.rules.join(", "),
  });
  $("#moves").append(item);
  await select(state.side, state.group);
}

async function clicked(event) {
  const target = event.target.closest("[data-field]");
  if (!target) return;
  const field = target.dataset.field;
  const found = state.reach.find((r) => r.field === field);
  try {
    if (found) await move(found);
    else if (target.dataset.group) await select(target.dataset.side, target.dataset.group);
    else {
      Object.assign(state, { side: null, group: null, reach: [] });
      say(_("Click a group."));
      await draw();
    }
  } catch (error) {
    say(error.message);
  }
}

async function worlds() {
  try {
    state.map = (await call("POST", `${BASE}/worlds-moved`, { map: state.map })).map;
    if (state.group) await select(state.side, state.group);
    else await draw();
  } catch (error) {
    say(error.message);
  }
}

async function reset() {
  state.map = await call("GET", `${BASE}/example`);
  Object.assign(state, { side: null, group: null, reach: [] });
  $("#moves").replaceChildren();
  say(_("Click a group."));
  await draw();
}

$("#board").addEventListener("click", clicked);
$("#worlds").addEventListener("click", worlds);
$("#reset").addEventListener("click", reset);
reset().catch((error) => say(error.message));
