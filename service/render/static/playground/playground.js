// The playground: shows positions drawn by POST /v1/render and asks the JSON API
// (docs/api.md, served at /docs) about them. Plain script, no build step; the service holds no state, so the
// page keeps the position and the turn being built.
"use strict";

const API = document.body.dataset.api || "";
const SVG_NS = "http://www.w3.org/2000/svg";

const state = {
  position: null,
  highlight: null, // {kind, from} as sent to /v1/render
  origin: null, // the square (or "reserve") whose reach is listed
  turn: { take: [], place: [], move: [] },
  segment: null, // the move segment that clicks extend
};

const $ = (selector) => document.querySelector(selector);

function say(text, isError = false) {
  const message = $("#message");
  message.textContent = text;
  message.classList.toggle("error", isError);
}

// ------------------------------------------------------------------------ HTTP

function problemText(body, response) {
  if (body && typeof body === "object") {
    const rule = body.rule ? `${body.rule}: ` : "";
    return rule + (body.detail || body.title || response.statusText);
  }
  return `${response.status} ${response.statusText}`;
}

// Calls the API; a 4xx/5xx answer becomes an Error, except an illegal turn (422
// with a violation), which is returned for the caller to show.
async function api(method, path, body) {
  const options = { method, headers: { Accept: "application/json, image/svg+xml" } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(API + path, options);
  const type = response.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok && !(data && data.violation)) throw new Error(problemText(data, response));
  return data;
}

const post = (path, extra = {}) => api("POST", path, { position: state.position, ...extra });

// Runs an async action and reports its failure on the page.
function guarded(action) {
  return async (...args) => {
    try {
      await action(...args);
    } catch (error) {
      say(error.message, true);
    }
  };
}

// ---------------------------------------------------------------------- board

async function show(highlight = null) {
  state.highlight = highlight;
  const body = highlight ? { highlight } : {};
  const text = await post("/v1/render", body);
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  if (doc.querySelector("parsererror")) throw new Error("the picture could not be read");
  $("#board").replaceChildren(document.importNode(doc.documentElement, true));
  markTurn();
}

function squareGroup(name) {
  return $(`#board [data-square="${name}"]`);
}

// Numbers the squares of the turn being built on the picture (T1, P2, M3 …).
function markTurn() {
  document.querySelectorAll("#board .pick").forEach((node) => node.remove());
  const picks = [];
  state.turn.take.forEach((s, i) => picks.push([s, `T${i + 1}`]));
  state.turn.place.forEach((s, i) => picks.push([s, `P${i + 1}`]));
  state.turn.move.forEach((segment, i) => segment.path.forEach((s) => picks.push([s, `M${i + 1}`])));
  const seen = {};
  for (const [square, text] of picks) {
    const group = squareGroup(square);
    if (!group) continue;
    const n = (seen[square] = (seen[square] || 0) + 1);
    const label = document.createElementNS(SVG_NS, "text");
    label.setAttribute("class", "pick");
    label.setAttribute("x", "3");
    label.setAttribute("y", String(50 - (n - 1) * 11));
    label.textContent = text;
    group.appendChild(label);
  }
}

function setPosition(position) {
  state.position = position;
  $("#position-json").value = JSON.stringify(position, null, 1);
  clearTurn();
  listAnswers("Answers", []);
}

function moverTurrians() {
  const mover = state.position.seats.find((seat) => seat.id === state.position.to_move);
  return mover ? mover.turrians : [];
}

// -------------------------------------------------------------------- answers

// items: [{square, text, path?}] — each becomes an <li data-square>.
function listAnswers(title, items) {
  $("#answers-title").textContent = title;
  $("#answers").replaceChildren(
    ...items.map((item) => {
      const li = document.createElement("li");
      li.dataset.square = item.square;
      if (item.path) li.dataset.path = item.path.join(" ");
      li.textContent = item.text;
      return li;
    }),
  );
}

async function showReach(from) {
  const data = await post("/v1/reach", { from });
  state.origin = from;
  listAnswers(
    `Reach from ${from}`,
    [...data.reachable].sort((a, b) => a.cost - b.cost).map((r) => ({
      square: r.square,
      path: r.path,
      text: `${r.square} · cost ${r.cost} · path ${r.path.join(" ")}` +
        (r.captures.length ? ` · captures ${r.captures.join(" ")}` : ""),
    })),
  );
  await show({ kind: "reach", from });
  say(data.reachable.length ? "Click an answer to add its path as a move segment." : "No square in reach.");
}

const queries = {
  async removals() {
    const data = await post("/v1/removals");
    listAnswers("Legal removals", data.removals.map((r) => ({
      square: r.square, text: `${r.square} · ${r.territory} · height ${r.height} · ${r.rule}`,
    })));
    await show({ kind: "removals" });
  },
  async placements() {
    const data = await post("/v1/placements");
    listAnswers("Placements", data.squares.map((s) => ({ square: s, text: s })));
    await show({ kind: "placements" });
  },
  async captures() {
    const data = await post("/v1/captures");
    listAnswers("Capture options", data.captures.map((c) => ({
      square: c.target,
      text: `${c.from} → ${c.target} · ${c.victim} · ${c.kind} · cost ${c.cost}`,
    })));
    await show({ kind: "captures" });
  },
  reserve: () => showReach("reserve"),
  async none() {
    listAnswers("Answers", []);
    await show();
  },
};

// ------------------------------------------------------------------------ turn

function mode() {
  return document.querySelector('input[name="mode"]:checked').value;
}

function clearTurn() {
  state.turn = { take: [], place: [], move: [] };
  state.segment = null;
  $("#verdict").textContent = "";
  renderTurn();
}

function renderTurn() {
  $("#turn-json").textContent = JSON.stringify(state.turn);
  markTurn();
}

const onSquare = guarded(async (square) => {
  const kind = mode();
  if (kind === "inspect") {
    if (moverTurrians().includes(square)) await showReach(square);
    else say(`No turrian of ${state.position.to_move} on ${square}.`);
    return;
  }
  if (kind === "take" || kind === "place") {
    state.turn[kind].push(square);
  } else if (state.segment) {
    state.segment.path.push(square);
  } else {
    state.segment = { from: square, path: [] };
    state.turn.move.push(state.segment);
    say(`Segment from ${square}: click the squares of its path.`);
  }
  renderTurn();
});

function addReachSegment(li) {
  if (!li || !li.dataset.path || state.origin === null) return;
  state.segment = null;
  state.turn.move.push({ from: state.origin, path: li.dataset.path.split(" ") });
  renderTurn();
}

function undo() {
  const { take, place, move } = state.turn;
  const kind = mode();
  if (kind === "take") take.pop();
  else if (kind === "place") place.pop();
  else if (move.length) {
    const last = move[move.length - 1];
    if (last.path.length && last === state.segment) last.path.pop();
    else {
      move.pop();
      state.segment = null;
    }
  }
  renderTurn();
}

function describeEvent(event) {
  const details = Object.entries(event)
    .filter(([key]) => key !== "type" && key !== "seat")
    .map(([key, value]) => `${key} ${Array.isArray(value) ? value.join(" ") : value}`);
  return [event.seat, event.type, ...details].join(" · ");
}

function showViolation(violation) {
  const { rule, phase, index, detail } = violation;
  $("#verdict").textContent = `Illegal (${rule}, ${phase} #${index + 1}): ${detail}`;
  $("#verdict").className = "illegal";
}

async function validate() {
  const data = await post("/v1/turns/validate", { turn: state.turn });
  if (data.legal) {
    $("#verdict").textContent = "Legal.";
    $("#verdict").className = "legal";
  } else {
    showViolation(data.violation);
  }
}

async function apply() {
  const data = await post("/v1/turns/apply", { turn: state.turn });
  if (data.violation) {
    showViolation(data.violation);
    return;
  }
  const events = data.events.map(describeEvent);
  setPosition(data.position);
  $("#events").replaceChildren(...events.map((text) => {
    const li = document.createElement("li");
    li.textContent = text;
    return li;
  }));
  $("#verdict").textContent = `Applied; ${data.position.to_move} to move.`;
  $("#verdict").className = "legal";
  await show();
}

// --------------------------------------------------------------------- set-up

async function setup(form) {
  const field = form.elements;
  const query = new URLSearchParams({ players: field.players.value });
  if (field.goal.value !== "standard") query.set("goal", field.goal.value);
  if (field.team_play.checked) query.set("team_play", "true");
  if (field.two_player_board.checked) query.set("two_player_board", "6x6");
  setPosition(await api("GET", `/v1/setup?${query}`));
  $("#events").replaceChildren();
  await show();
  say("Set-up loaded. Put turrians on the board by editing the JSON (S3), then show it.");
}

async function showPasted() {
  let position;
  try {
    position = JSON.parse($("#position-json").value);
  } catch (error) {
    throw new Error(`not valid JSON: ${error.message}`);
  }
  // A whole request body ({"position": …}) is accepted as well.
  setPosition(position.position || position);
  await show();
  say("Position shown.");
}

document.addEventListener("DOMContentLoaded", () => {
  $("#setup-form").addEventListener("submit", (event) => {
    event.preventDefault();
    guarded(setup)(event.target);
  });
  $("#show-position").addEventListener("click", guarded(showPasted));
  document.querySelectorAll("[data-query]").forEach((button) => {
    button.addEventListener("click", guarded(queries[button.dataset.query]));
  });
  $("#board").addEventListener("click", (event) => {
    const group = event.target.closest("[data-square]");
    if (group) onSquare(group.dataset.square);
  });
  $("#answers").addEventListener("click", (event) => addReachSegment(event.target.closest("li")));
  $("#end-segment").addEventListener("click", () => {
    state.segment = null;
    say("Segment ended.");
  });
  $("#reserve-segment").addEventListener("click", () => {
    state.segment = { from: "reserve", path: [] };
    state.turn.move.push(state.segment);
    say("Segment from the reserve: click the entry square, then the path (M9).");
    renderTurn();
  });
  $("#undo").addEventListener("click", undo);
  $("#clear-turn").addEventListener("click", clearTurn);
  $("#validate").addEventListener("click", guarded(validate));
  $("#apply").addEventListener("click", guarded(apply));
  guarded(setup)($("#setup-form"));
});
