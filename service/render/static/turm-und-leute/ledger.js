// The ledger page: a side's turn of Turm und Leute kept by clicks. The service holds no
// state, so the page keeps the game: each side's ledger at the start of its next turn,
// and the actions of the turn being played. After every click it sends the whole turn
// so far to POST /v1/turm-und-leute/turns/apply (end: false) and shows the ledger the
// oracle answers; an action the rules forbid is refused with its rule and taken back.
// Which kinds attack and work comes from GET /v1/turm-und-leute/units. Every sentence,
// and the names of sides, units, sites, projects, resources and buildings, in the page's
// language from the pages' catalog (/playground/i18n.js); the values sent stay the API's.

import { _, nameOf, ngettext } from "/playground/i18n.js";
import { $, $$, exchange } from "/playground/core.js";

const API = document.body.dataset.api || "";
const BASE = "/v1/turm-und-leute";

// What the contract offers per edition (docs/turm-und-leute.md, "Actions").
const EDITION = {
  "turm-und-leute": {
    sites: ["forest", "field", "quarry", "gold"],
    projects: ["farm", "quarry", "castle_part", "gate", "dragon", "catapult"],
    into: ["reiter", "bogenschuetzen", "pikeniere"],
  },
  "stahl-und-sterne": {
    sites: ["green", "blue", "red", "gold"],
    projects: ["tower", "dragon", "catapult"],
    into: ["daemonenreiter", "strahlenwerfer", "elektrokaempfer"],
  },
};

const state = {
  edition: "turm-und-leute",
  peoples: [],
  order: [],
  ledgers: {}, // side -> its ledger at the start of its next turn
  turn: 0, // index into order
  actions: [],
  current: null, // the answer of apply for the actions so far
  units: {}, // kind -> the row of /units
};


function busy(on) {
  if (on) document.body.removeAttribute("data-idle");
  else document.body.setAttribute("data-idle", "");
}

// Calls the API (core.js): {status, ok, body}, a refusal included; no answer is a Problem.
const api = (method, path, body) => exchange(API, method, path, body);

function say(text, kind = "") {
  const node = $("#message");
  node.textContent = text;
  node.className = kind;
}

function problemSentence(answer) {
  const body = answer.body;
  if (body && typeof body === "object") {
    const where = body.violation ? " " + _("(action {n})", { n: body.violation.index + 1 }) : "";
    return (body.rule ? `${body.rule}: ` : "") + (body.detail || body.title || `HTTP ${answer.status}`) + where;
  }
  return `HTTP ${answer.status}`;
}

function element(tag, text = "", attributes = {}) {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

// A value of the API as players read it: its name under `context` in the catalog; in
// English the rulebook's words for the ids that are not English words already.
const ENGLISH = {
  side: { graf: "the count", imperator: "the imperator", zwerge: "the dwarves", engel: "the angels", fluid: "the Fluid" },
  project: { castle_part: "castle part" },
};
const named = (context) => (value) => nameOf(context, value, (ENGLISH[context] || {})[value] || String(value).replace(/_/g, " "));
const sideName = named("side");
const sides = (ids) => ids.map(sideName).join(", ");

// A unit's kind in the page's language (in English the German name with its umlauts,
// as the combat page writes it: "bogenschuetzen" → "Bogenschützen").
function unitName(kind) {
  const written = kind.replace(/ae/g, "ä").replace(/oe/g, "ö").replace(/ue/g, "ü");
  return nameOf("unit", kind, written.charAt(0).toUpperCase() + written.slice(1));
}

// A group as players read it: its kind and its number ("bogenschuetzen-1" → "Bogenschützen 1");
// a side's own figure (the count's "graf") by the side's name.
function groupName(id) {
  const found = /^(.+)-(\d+)$/.exec(String(id));
  return found ? `${unitName(found[1])} ${found[2]}` : sideName(String(id));
}
const groupNames = (ids) => ids.map(groupName).join(", ");

function options(select, values, context) {
  const name = context === "unit" ? unitName : named(context);
  select.replaceChildren(...values.map((v) => element("option", name(v), { value: v })));
}

const side = () => state.order[state.turn];

// ------------------------------------------------------------------------ the game

async function newGame(event) {
  if (event) event.preventDefault();
  const edition = $("#edition").value;
  const peoples = $$('input[name="people"]:checked').map((box) => box.value);
  if (!peoples.length) {
    say(_("Choose at least one people against the count (L9)."), "error");
    return;
  }
  const answer = await api("GET", `${BASE}/setup?edition=${edition}&peoples=${peoples.join(",")}`);
  if (!answer.ok) {
    say(problemSentence(answer), "error");
    return;
  }
  const units = await api("GET", `${BASE}/units?edition=${edition}`);
  state.units = Object.fromEntries(units.body.units.map((u) => [u.kind, u]));
  state.edition = edition;
  state.peoples = answer.body.peoples;
  state.order = answer.body.order;
  state.ledgers = Object.fromEntries(answer.body.sides.map((s) => [s.side, s.ledger]));
  state.turn = 0;
  state.actions = [];
  document.body.dataset.edition = edition;
  options($("#project"), EDITION[edition].projects, "project");
  options($("#into"), EDITION[edition].into, "unit");
  options($("#absorb-side"), state.order.filter((s) => s !== "fluid"), "side");
  $("#turn").hidden = false;
  $("#goals").replaceChildren();
  say(_("A new game: {sides}.", { sides: sides(state.order) }));
  await refresh();
}

function body(end) {
  return {
    edition: state.edition,
    peoples: state.peoples,
    ledger: state.ledgers[side()],
    actions: state.actions,
    end,
  };
}

// Sends the turn so far; a refusal takes the last action back.
async function refresh() {
  const sent = body(false);
  $("#request").textContent = JSON.stringify(sent, null, 2);
  const answer = await api("POST", `${BASE}/turns/apply`, sent);
  if (answer.ok) {
    state.current = answer.body;
  } else {
    if (answer.body && answer.body.violation && state.actions.length) state.actions.pop();
    say(problemSentence(answer), "error");
  }
  render();
  return answer.ok;
}

async function act(action) {
  state.actions.push(action);
  if (await refresh()) say(_("{action}: done.", { action: describe(action) }), "good");
}

async function endTurn() {
  const answer = await api("POST", `${BASE}/turns/apply`, body(true));
  if (!answer.ok) {
    say(problemSentence(answer), "error");
    return;
  }
  const done = side();
  state.ledgers[done] = answer.body.ledger;
  state.turn = (state.turn + 1) % state.order.length;
  state.actions = [];
  await showGoals();
  say(_("The turn of {done} is over; now {next}.", { done: sideName(done), next: sideName(side()) }));
  await refresh();
}

async function showGoals() {
  const answer = await api("POST", `${BASE}/goal`, {
    edition: state.edition,
    peoples: state.peoples,
    ledgers: state.order.map((s) => state.ledgers[s]),
  });
  if (!answer.ok) return;
  $("#goals").replaceChildren(
    ...answer.body.sides.map((s) =>
      element("li", s.met ? _("{side}, {aim}: reached", { side: sideName(s.side), aim: nameOf("aim", s.aim) })
        : _("{side}, {aim}: missing {missing}", { side: sideName(s.side), aim: nameOf("aim", s.aim), missing: s.missing.join(", ") }))
    )
  );
  if (answer.body.game_over) say(_("The game is over: {winners} won.", { winners: sides(answer.body.winners) }), "good");
}

// An action of the turn as a player says it.
function describe(action) {
  const group = action.group === undefined ? "" : groupName(action.group);
  switch (action.type) {
    case "move": {
      const moved = action.to === "board" ? _("{group} enters the board", { group })
        : action.to === "off" ? _("{group} flees off the board", { group }) : _("{group} moves", { group });
      return action.gold ? _("{move}, picking up {gold} gold", { move: moved, gold: action.gold }) : moved;
    }
    case "work": return _("{group} works: {site}", { group, site: named("site")(action.site) });
    case "attack": return _("{group} attacks", { group });
    case "build": return _("build: {project}", { project: named("project")(action.project) });
    case "hire": return ngettext("hire {n} figure", "hire {n} figures", action.figures || 1);
    case "convert": return _("convert {workers} into {into}", { workers: groupNames(action.workers), into: unitName(action.into) });
    case "bridge": return ngettext("bridge {n} field", "bridge {n} fields", action.fields);
    case "place": return _("place a fluid");
    case "relocate": return _("relocate two fluids");
    case "split": return _("split the stack {stack} into {parts}", { stack: action.stack, parts: action.parts.join(" + ") });
    case "absorb": return _("absorb {group} of {side}", { group, side: sideName(action.side) });
    case "move_planet": return _("move a planet");
    default: return action.type;
  }
}

// An event of the turn as a sentence, with the rules it applies.
function told(event) {
  const group = event.group === undefined ? "" : groupName(event.group);
  let text;
  switch (event.type) {
    case "worlds_moved": text = _("The worlds move on."); break;
    case "markers_removed": text = ngettext("{n} marker left lying is taken off.", "{n} markers left lying are taken off.", event.markers); break;
    case "markers_received": text = ngettext("{n} marker received.", "{n} markers received.", event.markers); break;
    case "angel_returned": text = _("{group} comes back.", { group }); break;
    case "moved": text = event.to === "board" ? _("{group} enters the board.", { group })
      : event.to === "off" ? _("{group} flees off the board.", { group }) : _("{group} moves.", { group }); break;
    case "gold_collected": text = _("{group} picks up {gold} gold and keeps {kept}.", { group, gold: event.gold, kept: event.kept }); break;
    case "worked": {
      const made = event.workers ? groupNames(event.workers)
        : Object.entries(event).filter(([name]) => !["type", "group", "site", "interpretations"].includes(name))
          .map(([name, n]) => `${n} ${named("resource")(name)}`).join(", ");
      text = _("{group} works ({site}): {made}.", { group, site: named("site")(event.site), made });
      break;
    }
    case "attacked": text = _("{group} attacks.", { group }); break;
    case "built": text = _("Built: {project}.", { project: named("project")(event.project) }); break;
    case "converted": text = _("{workers} become {groups}.", { workers: groupNames(event.workers), groups: groupNames(event.groups) }); break;
    case "hired": text = ngettext("{group} hired, {n} figure.", "{group} hired, {n} figures.", event.figures, { group }); break;
    case "bridge": text = ngettext("A bridge of {n} field, for {markers} markers.", "A bridge of {n} fields, for {markers} markers.", event.fields, { markers: event.markers }); break;
    case "placed": text = _("A fluid is placed."); break;
    case "relocated": text = _("Two fluids are relocated."); break;
    case "split": text = _("The stack {stack} is split into {parts}.", { stack: event.stack, parts: event.parts.join(" + ") }); break;
    case "absorbed": text = _("{group} of {side} is absorbed.", { group, side: sideName(event.side) }); break;
    case "planet_moved": text = _("A planet is moved."); break;
    default: text = event.type;
  }
  return event.interpretations && event.interpretations.length ? `${text} (${event.interpretations.join(", ")})` : text;
}

// ---------------------------------------------------------------------- drawing

function render() {
  const answer = state.current;
  if (!answer) return;
  const ledger = answer.ledger;
  const fluid = ledger.side === "fluid";
  $("#side-name").textContent = sideName(ledger.side);
  $("#order").textContent = _("Order (L10): {order}", {
    order: state.order.map((s) => (s === side() ? `[${sideName(s)}]` : sideName(s))).join(" → "),
  });
  document.body.dataset.side = fluid ? "fluid" : "sides";

  const supply = [["markers", ledger.markers], ...Object.entries(ledger.supply)];
  if (fluid) supply.splice(0, supply.length, ["fluids", ledger.fluids], ["stacks", ledger.stacks.join(", ") || "—"]);
  $("#supply thead tr").replaceChildren(...supply.map(([name]) => element("th", named("resource")(name), { scope: "col" })));
  $("#supply tbody tr").replaceChildren(...supply.map(([name, value]) => element("td", String(value), {
    "data-supply": name,
  })));

  const buildings = Object.entries(ledger.buildings);
  $("#buildings thead tr").replaceChildren(...buildings.map(([name]) => element("th", named("building")(name), { scope: "col" })));
  $("#buildings tbody tr").replaceChildren(...buildings.map(([name, n]) => element("td", String(n), {
    "data-building": name,
  })));

  $("#groups tbody").replaceChildren(...ledger.groups.map(groupRow));

  $("#actions").replaceChildren(...state.actions.map((a) => element("li", describe(a))));
  const made = Object.entries(answer.production).map(([name, n]) => `${n} ${name === "arbeiter" ? unitName(name) : named("resource")(name)}`);
  $("#production").textContent = made.join(", ") || "—";
  $("#events").replaceChildren(...answer.events.map((e) => element("li", told(e))));
}

function groupRow(group) {
  const row = element("tr", "", { "data-group": group.id });
  const unit = state.units[group.kind] || {};
  const blocked = group.markers > group.actions_used;
  row.append(
    element("th", groupName(group.id), { scope: "row" }),
    element("td", String(group.figures)),
    element("td", blocked ? _("{markers} blocked", group) : String(group.markers)),
    element("td", _("{used} of {actions}", { used: group.actions_used, actions: unit.actions || 1 })),
    element("td", group.off_board ? _("off the board") : _("on the board")),
  );
  const cell = element("td");
  // The action is made at the click, so that it reads the gold field as it is then.
  const button = (text, kind, action) => {
    const node = element("button", text, { type: "button", "data-act": kind, "aria-label": `${text} ${groupName(group.id)}` });
    node.addEventListener("click", guarded(() => act(action())));
    cell.append(node);
  };
  const move = (more = {}) => () => {
    const gold = Number($("#move-gold").value) || 0;
    return { type: "move", group: group.id, ...more, ...(gold ? { gold } : {}) };
  };
  if (group.kind === "engel") {
    button(group.off_board ? _("Enter") : _("Move"), "move", move(group.off_board ? { to: "board" } : {}));
    if (!group.off_board) button(_("Flee"), "move", move({ to: "off" }));
  } else {
    button(_("Move"), "move", move());
  }
  if (unit.may_attack) button(_("Attack"), "attack", () => ({ type: "attack", group: group.id }));
  // Workers, and every group of fighters, the dwarves and angels among them (L16, L24).
  const works = group.kind === "arbeiter" || unit.may_attack;
  if (works) {
    const site = element("select", "", { "aria-label": _("site for {group}", { group: groupName(group.id) }) });
    options(site, EDITION[state.edition].sites, "site");
    const node = element("button", _("Work"), { type: "button", "data-act": "work", "aria-label": _("Work") + " " + groupName(group.id) });
    node.addEventListener("click", guarded(() => act({ type: "work", group: group.id, site: site.value })));
    cell.append(site, node);
  }
  if (group.kind === "arbeiter") {
    const label = element("label", " " + _("convert"));
    label.prepend(element("input", "", { type: "checkbox", "data-convert": group.id }));
    cell.append(label);
  }
  row.append(cell);
  return row;
}

// ----------------------------------------------------------------------- wiring

// Runs an async handler with the page marked busy, showing a failure instead of losing it.
function guarded(handler) {
  return async (event) => {
    busy(true);
    try {
      await handler(event);
    } catch (error) {
      say(String(error), "error");
    } finally {
      busy(false);
    }
  };
}

function fluidMove(kind) {
  if (kind === "split") {
    const parts = $("#split-parts").value.split(",").map((p) => Number(p.trim()));
    return { type: "split", stack: Number($("#split-stack").value), parts };
  }
  if (kind === "absorb") return { type: "absorb", side: $("#absorb-side").value, group: $("#absorb-group").value };
  return { type: kind };
}

function start() {
  const gold = element("label", _("gold picked up on a move") + " ");
  gold.append(element("input", "", { type: "number", id: "move-gold", min: "0", value: "0" }));
  $("#economy").append(gold);
  $("#game").addEventListener("submit", guarded(newGame));
  $("#build").addEventListener("click", guarded(() => act({ type: "build", project: $("#project").value })));
  $("#hire").addEventListener("click", guarded(() => {
    const figures = Number($("#hire-figures").value) || 1;
    return act(figures === 1 ? { type: "hire" } : { type: "hire", figures });
  }));
  $("#convert").addEventListener("click", guarded(() => act({
    type: "convert",
    workers: $$("input[data-convert]:checked").map((box) => box.dataset.convert),
    into: $("#into").value,
  })));
  $("#bridge").addEventListener("click", guarded(() => act({ type: "bridge", fields: Number($("#bridge-fields").value) })));
  for (const node of $$("[data-fluid]")) {
    node.addEventListener("click", guarded(() => act(fluidMove(node.dataset.fluid))));
  }
  $("#undo").addEventListener("click", guarded(async () => {
    state.actions.pop();
    await refresh();
  }));
  $("#end-turn").addEventListener("click", guarded(endTurn));
  busy(false);
}

start();
