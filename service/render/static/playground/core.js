// What every game's playground shares: talking to the service, showing its answers and
// its refusals, the page's address, the position field and the new-game form. A game is
// a module in its own folder (terra-turrium/, spiel-der-tuerme/) that the shell hands
// these to; nothing here knows a rule. Every sentence is a message of the pages' catalog (i18n.js).

import { _, N_, followAddress, languageHeaders, nameOf, withLanguage } from "./i18n.js";

export const SVG_NS = "http://www.w3.org/2000/svg";

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

// An element with attributes (`class`, `data-*`, `hidden` …) and children (nodes or text).
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
  node.append(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return node;
}

// ----------------------------------------------------------------------- the service

// A refusal of the service (RFC 9457 problem details): `detail` and `rule` are what a
// player reads. Also stands for "no answer at all", with a sentence of our own.
export class Problem extends Error {
  constructor(problem) {
    super(problem.detail || problem.title || _("The service refused the request."));
    this.name = "Problem";
    this.problem = problem;
  }

  get rule() {
    return this.problem.rule || (this.problem.violation && this.problem.violation.rule) || null;
  }

  // The reasons: the detail, and for a request the schema refused, where each one is
  // (the member of the position, also for a notation: docs/notation.md).
  get reasons() {
    const { detail, errors } = this.problem;
    const where = (e) => e.pointer || e.parameter || "";
    const errorList = (errors || []).filter((e) => e.detail);
    if (errorList.length === 1 && errorList[0].detail === detail && where(errorList[0])) {
      return [_("{detail} (at {where})", { detail, where: where(errorList[0]) })];
    }
    return [this.message, ...errorList.filter((e) => e.detail !== detail).map((e) => `${where(e)}: ${e.detail}`)];
  }
}

// One request to the service, its answer's sentences in the page's language:
// `{status, ok, statusText, body}` (JSON, or text such as SVG), refusals included, for
// pages that show a refusal beside the form that caused it (the combat and ledger
// pages). No answer at all, or one that cannot be read, is a Problem.
export async function exchange(base, method, path, body, accept = "application/json") {
  const init = { method, headers: { Accept: accept, ...languageHeaders } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(base + path, init);
  } catch {
    throw new Problem({ title: _("No answer"), detail: _("The rules service did not answer. Is it still running?") });
  }
  const type = response.headers.get("Content-Type") || "";
  let data;
  try {
    data = type.includes("json") ? await response.json() : await response.text();
  } catch {
    throw new Problem({ title: _("Unreadable answer"), detail: _("The answer to {path} could not be read.", { path }) });
  }
  return { status: response.status, ok: response.ok, statusText: response.statusText, body: data };
}

// JSON (or SVG text) from the service; a refusal becomes a Problem.
export function createApi(base = "") {
  return async function api(method, path, body, accept = "application/json") {
    const answer = await exchange(base, method, path, body, accept);
    if (!answer.ok) {
      const data = answer.body;
      throw new Problem(data && typeof data === "object" ? data : {
        status: answer.status,
        detail: _("{path} answered {status} {reason}.", { path, status: answer.status, reason: answer.statusText }),
      });
    }
    return answer.body;
  };
}

// Runs a step of the game that asks the service; if the service refuses it (or what it
// leads to), `undo` puts the game back as it was and the refusal goes on to be shown.
export async function orUndo(step, undo) {
  try {
    return await step();
  } catch (error) {
    undo();
    throw error;
  }
}

// A seat's colour as a small disc for the page's text, painted like the picture
// (`fill`, white when the picture had none).
export function colourDot(fill) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", "dot");
  svg.setAttribute("viewBox", "0 0 20 20");
  const circle = document.createElementNS(SVG_NS, "circle");
  for (const [name, value] of Object.entries({ cx: 10, cy: 10, r: 8, stroke: "#1a1a1a", "stroke-width": 2 })) {
    circle.setAttribute(name, value);
  }
  circle.setAttribute("fill", fill || "#ffffff");
  svg.append(circle);
  return svg;
}

// An SVG document from the service as a node of this page.
export function svgNode(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  if (doc.querySelector("parsererror") || doc.documentElement.namespaceURI !== SVG_NS) {
    throw new Problem({ title: _("Unreadable picture"), detail: _("The picture of the board could not be read.") });
  }
  return document.importNode(doc.documentElement, true);
}

// ------------------------------------------------------------------------- messages

// The status line under the board: a sentence, or a refusal with its rule.
// A sentence held (hold()) stays until the person acts again: what the page says
// meanwhile (each step of the computer's turn) does not replace it.
export function say(text, { hold = false } = {}) {
  const message = $("#message");
  if (message.classList.contains("held") && !hold) return;
  message.className = hold ? "error held" : "";
  message.replaceChildren(text);
}

// The person's next click or key lets go of a sentence held (before that click's own
// handlers run, which may hold another).
export function releaseOnAction() {
  const release = () => $("#message").classList.remove("held");
  document.addEventListener("pointerdown", release, true);
  document.addEventListener("keydown", release, true);
}

// Where a rule id is explained: the rules page of the game played, at the rule's anchor.
export function ruleLink(rule) {
  const page = document.body.dataset.game === "spiel-der-tuerme" ? "/rules/spiel-der-tuerme" : "/rules";
  const id = String(rule).split(/[,\s–]+/)[0];
  return el("a", {
    class: "rule", href: withLanguage(`${page}#${encodeURIComponent(id)}`), title: _("Rule {rule} in the rules", { rule }),
  }, rule);
}

// A refusal's words: its rule (a link to it), its reason and any further reasons.
function refusal(error, lead = "") {
  const [first, ...more] = error.reasons;
  return [
    error.rule ? ruleLink(error.rule) : "",
    error.rule ? " " : "",
    lead,
    first,
    ...more.map((reason) => el("span", { class: "reason" }, reason)),
  ];
}

export function fail(error) {
  const message = $("#message");
  message.className = "error";
  if (error instanceof Problem) {
    message.replaceChildren(...refusal(error));
  } else {
    // A fault of the page itself: the player gets a sentence, the console the details.
    console.error(error);
    message.replaceChildren(_("Something went wrong in this page. Reload it to go on from the position in the address."));
  }
}

// Why a pasted position could not be opened, under the box it was pasted in.
export function failPaste(error) {
  const box = $("#paste-error");
  if (!(error instanceof Problem)) {
    fail(error);
    return;
  }
  box.hidden = false;
  box.replaceChildren(...refusal(error, _("This could not be opened: ")));
}

export function clearPaste() {
  const box = $("#paste-error");
  box.hidden = true;
  box.replaceChildren();
}

// The live region: what the page says after each click or key, answer or refusal, read
// out by screen readers (the status line, then whose turn it is and what to do).
export function announce() {
  const paste = $("#paste-error");
  const parts = [paste && !paste.hidden ? paste.textContent : "", $("#message").textContent,
    $("#banner") && !$("#banner").hidden ? $("#banner").textContent : "",
    $("#whose") ? $("#whose").textContent : "", $("#instruction") ? $("#instruction").textContent : ""];
  speak(parts.map((part) => part.trim()).filter(Boolean).join(" "));
}

// A sentence read out at once, while a longer action goes on (each step of the
// computer's turn): announce() speaks once every handler is done. Each sentence is a
// line of its own added to the live region (which reads what is added), so that the
// next one does not replace it before it is read, and a step said twice is read twice;
// the region keeps only the last few.
const SPOKEN = 4;
export function speak(text) {
  const region = $("#announce");
  if (!region || !text) return;
  region.append(el("span", {}, text, " "));
  while (region.childNodes.length > SPOKEN) region.firstChild.remove();
}

// An event handler whose failures are shown on the page, never thrown at the player.
// Handlers run one after the other, in the order of the clicks, each on the state the
// one before left; <body data-idle> says that none is running or waiting.
let queue = Promise.resolve();
let pending = 0;
export function guard(action) {
  return (...args) => {
    pending += 1;
    document.body.removeAttribute("data-idle");
    queue = queue.then(async () => {
      try {
        await action(...args);
      } catch (error) {
        fail(error);
      } finally {
        pending -= 1;
        if (pending === 0) {
          announce();
          document.body.setAttribute("data-idle", "");
        }
      }
    });
    return queue;
  };
}

export function catchEverything() {
  window.addEventListener("error", (event) => {
    event.preventDefault();
    fail(event.error || new Error(event.message));
  });
  window.addEventListener("unhandledrejection", (event) => {
    event.preventDefault();
    fail(event.reason);
  });
}

// ------------------------------------------------------------------ the page's address

// The position in the address: `#NOTATION` (the form links use) or `?position=NOTATION`;
// `?placing` marks a game whose turrians are still being put on the board, `?game=` the
// game when it is not the page's own (<body data-game>). A game without a notation
// writes its JSON position in the same place.
export function readAddress() {
  const query = new URLSearchParams(location.search);
  const hash = location.hash.replace(/^#/, "");
  let position = null;
  try {
    position = hash ? decodeURIComponent(hash) : query.get("position");
  } catch {
    position = hash;
  }
  return {
    position: position || null, placing: query.has("placing"), turn: readTurn(query.get("turn")),
    computer: query.get("computer"),
  };
}

// Who plays each seat, as the address writes it (`?computer=red:2,blue:1`: the seats the
// computer plays and at which level; none: people only). The opponent sets it; every
// address written after holds it, so that reload, Back and a copied link keep the game's
// opponent.
let seatsInAddress = "";
export function setAddressSeats(text) {
  seatsInAddress = text || "";
  if (holding) return;
  const url = new URL(location.href);
  if (seatsInAddress) url.searchParams.set("computer", seatsInAddress);
  else url.searchParams.delete("computer");
  const address = `${url.pathname}${url.search}${url.hash}`.replace(/computer=([^&#]*)/, (_all, v) => `computer=${decodeURIComponent(v)}`);
  if (address !== location.pathname + location.search + location.hash) history.replaceState(null, "", address);
  followAddress();
}

// While the browser has moved to another entry of its history (Back, Forward) and the
// page has not opened it yet, nothing the page still finishes may write over that entry.
let holding = false;
export function holdAddress(hold) {
  holding = hold;
}

// The turn being built, when the address has one (`?turn=`): where it started and what
// has been done, so that a link or Back reopens it with Undo and Restart still working.
function readTurn(text) {
  if (!text) return null;
  try {
    const turn = JSON.parse(text);
    return turn && typeof turn === "object" ? turn : null;
  } catch {
    return null;
  }
}

export function addressOf(notation, placing, turn = null) {
  // `|` is written as it is, and JSON's brackets and braces, which an address's fragment
  // may hold: the notation's other characters need no escaping.
  const hash = encodeURI(notation)
    .replace(/%(7C|5B|5D|7B|7D)/gi, (escaped) => decodeURIComponent(escaped))
    .replace(/#/g, "%23");
  const game = new URLSearchParams(location.search).get("game");
  // The language the address chose stays in it, so a copied link opens in that language.
  const lang = new URLSearchParams(location.search).get("lang");
  const query = [game ? `game=${encodeURIComponent(game)}` : "", lang ? `lang=${encodeURIComponent(lang)}` : "", placing ? "placing" : "",
    seatsInAddress ? `computer=${seatsInAddress}` : "",
    turn ? `turn=${encodeURIComponent(JSON.stringify(turn))}` : ""].filter(Boolean).join("&");
  return `${location.pathname}${query ? `?${query}` : ""}#${hash}`;
}

// `push`: a new entry in the browser's history (a new game, a turn played); otherwise the
// entry is replaced (an action within the turn being built).
// While the computer plays, nothing is pushed: its turn replaces the entry of the person's
// turn before it, so that Back and Forward go from one person's turn to the next, never
// into the computer's (which it would then play again).
export function writeAddress(notation, { placing = false, push = false, turn = null } = {}) {
  if (holding) return;
  const url = addressOf(notation, placing, turn);
  if (url !== location.pathname + location.search + location.hash) {
    if (push && document.body.dataset.computer !== "playing") history.pushState(null, "", url);
    else history.replaceState(null, "", url);
  }
  followAddress(); // the language switcher opens this position
}

// What a player pastes: a notation, a link to this page, or a JSON position (or a whole
// request body). Answers the position (string or object) and whether the link said
// `placing`; for a link also the link and its `game` (null: the page's own).
export function readPasted(text) {
  const pasted = text.trim();
  if (!pasted) throw new Problem({ detail: _("Paste a position's notation, a link or a JSON position first.") });
  if (pasted.startsWith("{")) {
    let value;
    try {
      value = JSON.parse(pasted);
    } catch {
      // The browser's own reason is in the browser's language, not the page's.
      throw new Problem({ detail: _("This is not valid JSON: check its braces, quotes and commas.") });
    }
    return { position: value && value.position ? value.position : value, placing: false };
  }
  if (/^https?:\/\/|^\//.test(pasted)) {
    const url = new URL(pasted, location.href);
    const hash = url.hash.replace(/^#/, "");
    const position = hash ? decodeURIComponent(hash) : url.searchParams.get("position");
    if (!position) throw new Problem({ detail: _("This link holds no position.") });
    return {
      position, placing: url.searchParams.has("placing"), turn: readTurn(url.searchParams.get("turn")),
      link: url.href, game: url.searchParams.get("game"),
    };
  }
  return { position: pasted, placing: false };
}

export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard for this page (not a secure context): select it for the player.
    if (input) {
      input.focus();
      input.select();
    }
    return false;
  }
}

// -------------------------------------------------------------------- the new-game form

// The form of a set-up operation's query parameters, as the service's OpenAPI document
// lists them: a short integer range becomes a choice of numbers, a long one (a seed) a
// number field, an enum a choice of its values, a boolean a check box. New options of
// the service appear without a change here.
export async function setupParameters(api, path) {
  const document = await api("GET", "/openapi.yaml");
  const operation = document.paths && document.paths[path] && document.paths[path].get;
  if (!operation) throw new Problem({ detail: _("The service does not describe {path}.", { path }) });
  return (operation.parameters || []).filter((p) => p.in === "query");
}

// An option's name and its description as players read them: from the catalog, where
// each parameter of the set-up operations is listed under `option` (its name) and
// `option-hint` (its description, tools/pages_catalog.py); else as the service's
// description writes them. The values sent stay the service's.
// The English page's names of the options the service has now, in players' words (the
// other languages' are the catalog's `option` entries); a new option is named by its
// parameter until it is added here.
const ENGLISH_OPTIONS = {
  players: "Players", goal: "Goal", team_play: "Play in teams", outside_rule: "Outside squares",
  two_player_board: "Board for two", captures: "Captures", reentry: "Back from the reserve",
  handicap: "Handicap", seed: "Deal number", max_height: "Highest tower",
};
// A choice's values in players' words, by option (the value sent stays the service's).
const VALUES = {
  goal: { standard: N_("towers 1 to 6 (standard)"), pro: N_("towers 2 to 7, held for a round (pro)") },
  outside_rule: { line: N_("a clear line to the edge (standard)"), path: N_("a clear path to the edge") },
  two_player_board: { "8x8": N_("8 × 8 (standard)"), "6x6": N_("6 × 6 (French edition)") },
  captures: { standard: N_("at any time (standard)"), burgenland: N_("two each, once someone stands on 5 4 4 3 2 1 (Burgenland)") },
  reentry: { entry_row: N_("on the entry row (standard)"), outside: N_("on any outside square (French edition)") },
  max_height: { 5: N_("5 stones (standard)"), none: N_("no limit") },
};
const words = (name) => nameOf("option", name, ENGLISH_OPTIONS[name] || name.replace(/_/g, " "));
const valueWords = (name, value) => (VALUES[name] && VALUES[name][value] ? _(VALUES[name][value]) : String(value));
const hintOf = (description) => nameOf("option-hint", description.replace(/\.$/, ""));

// A choice of at most this many numbers; a longer range is a number field.
const MAX_CHOICES = 20;

// `placeholders`: what an empty number field stands for, by parameter (the game decides).
export function buildSetupForm(container, parameters, placeholders = {}) {
  const fields = parameters.map((parameter) => {
    const { name, schema = {}, description = "" } = parameter;
    const hint = description ? el("span", { class: "hint" }, hintOf(description)) : null;
    // The player counts an option exists for (`x-players`), if only some.
    const players = schema["x-players"] ? schema["x-players"].join(" ") : null;
    if (schema.type === "boolean") {
      const box = el("input", { type: "checkbox", name, "data-default": String(schema.default === true), "data-players": players });
      box.checked = schema.default === true;
      return el("label", { class: "option check" }, box, ` ${words(name)} `, hint);
    }
    const range = schema.type === "integer" && schema.minimum !== undefined && schema.maximum !== undefined;
    if (range && schema.maximum - schema.minimum >= MAX_CHOICES) {
      const input = el("input", {
        type: "number", name, min: schema.minimum, max: schema.maximum, step: 1, inputmode: "numeric",
        placeholder: placeholders[name] ? _(placeholders[name]) : schema.default === undefined ? null : String(schema.default),
        "data-default": String(schema.default),
      });
      return el("label", { class: "option" }, `${words(name)} `, input, hint);
    }
    let values = schema.enum;
    if (!values && range) {
      values = [];
      for (let n = schema.minimum; n <= schema.maximum; n += 1) values.push(n);
    }
    if (!values) return null; // a parameter this form cannot offer keeps the service's default
    const select = el("select", { name, "data-default": String(schema.default), "data-players": players },
      values.map((value) => el("option", { value: String(value), selected: value === schema.default }, valueWords(name, value))));
    return el("label", { class: "option" }, `${words(name)} `, select, hint);
  });
  container.replaceChildren(...fields.filter(Boolean));
}

// The query of the form: only the choices that differ from the service's defaults (an
// empty number field is left to the game).
export function setupQuery(form) {
  const query = new URLSearchParams();
  for (const field of form.elements) {
    if (!field.name || field.disabled) continue;
    const value = field.type === "checkbox" ? String(field.checked) : field.value;
    if (value !== "" && value !== field.dataset.default) query.set(field.name, value);
  }
  return query;
}
