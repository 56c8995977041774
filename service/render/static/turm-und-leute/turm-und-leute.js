// The combat page: builds the body of POST /v1/turm-und-leute/combat from the form and
// shows the oracle's answer. Plain script, no build step; the service holds no state,
// so the page keeps the fight being built. The unit names, tile sizes and positions
// come from GET /v1/turm-und-leute/units, never from a copy kept here; their names in
// the page's language from the pages' catalog (/playground/i18n.js), as every sentence.

import { _, N_, nameOf } from "/playground/i18n.js";
import { $, $$, el, exchange } from "/playground/core.js";

const API = document.body.dataset.api || "";
const ROLE_LABEL = { attackers: N_("Attacker {n}"), target: N_("Target"), helpers: N_("Helper {n}") };
const roleName = (role, index) => _(ROLE_LABEL[role], { n: index + 1 });

const tables = {}; // edition -> the answer of /units, fetched once
let table = null; // the current edition's


// ------------------------------------------------------------------------ HTTP

// Calls the API (core.js): {status, ok, body}, a refusal included; no answer is a Problem.
const api = (method, path, body) => exchange(API, method, path, body);

async function units(edition) {
  if (!tables[edition]) {
    const answer = await api("GET", `/v1/turm-und-leute/units?edition=${encodeURIComponent(edition)}`);
    if (!answer.ok) throw new Error(problemSentence(answer));
    tables[edition] = answer.body;
  }
  return tables[edition];
}

function problemSentence(answer) {
  const body = answer.body;
  if (body && typeof body === "object") {
    return (body.rule ? `${body.rule}: ` : "") + (body.detail || body.title || `HTTP ${answer.status}`);
  }
  return `HTTP ${answer.status}`;
}

// ---------------------------------------------------------------------- groups

// What a player reads for a unit's id: its name in the page's language (the catalog's
// `unit` names), in English the German name with its umlauts ("bogenschuetzen" →
// "Bogenschützen"); a position's id in words ("small_tower" → "small tower"). The ids
// stay the values sent.
function unitName(kind) {
  const written = kind.replace(/ae/g, "ä").replace(/oe/g, "ö").replace(/ue/g, "ü");
  return nameOf("unit", kind, written.charAt(0).toUpperCase() + written.slice(1));
}

function positionName(position) {
  return nameOf("position", position, position.replace(/_/g, " "));
}

function option(value, text = value) {
  const node = document.createElement("option");
  node.value = value;
  node.textContent = text;
  return node;
}

// Fills a group's lists from the edition's table. Kinds are kept by their row (both
// editions list the same units in the same order, so a graf becomes the imperator);
// a position the edition lacks falls back to the ground.
function fill(row, kindRow, position) {
  const kind = $('[data-member="kind"]', row);
  kind.replaceChildren(...table.units.map((u) => option(u.kind, unitName(u.kind))));
  kind.selectedIndex = Math.min(Math.max(kindRow, 0), table.units.length - 1);
  const where = $('[data-member="position"]', row);
  where.replaceChildren(...table.positions.map((p) => option(p.position, `${positionName(p.position)} (×${p.bonus})`)));
  where.value = table.positions.some((p) => p.position === position) ? position : "ground";
  limitFigures(row);
}

function limitFigures(row) {
  const unit = table.units[$('[data-member="kind"]', row).selectedIndex];
  if (unit) $('[data-member="figures"]', row).max = String(unit.max_figures);
}

function addGroup(role, values = {}) {
  const row = $("#group-template").content.firstElementChild.cloneNode(true);
  row.dataset.role = role;
  row.classList.add(role === "attackers" ? "attacker" : "defender");
  if (role === "target") row.classList.add("target");
  fill(row, values.kindRow ?? 1, values.position ?? "ground");
  $('[data-member="figures"]', row).value = String(values.figures ?? 1);
  $('[data-member="kind"]', row).addEventListener("change", () => limitFigures(row));
  $(".remove", row).addEventListener("click", () => {
    row.remove();
    renumber();
  });
  $(`#${role}`).appendChild(row);
  renumber();
  return row;
}

// Names each group as the answer does and gives every input the JSON pointer of the
// member it becomes, so that a problem's pointer finds its input.
function renumber() {
  for (const role of Object.keys(ROLE_LABEL)) {
    $$(`#${role} .group`).forEach((row, i) => {
      const pointer = role === "target" ? "/target" : `/${role}/${i}`;
      row.dataset.pointer = pointer;
      $("legend", row).textContent = roleName(role, i);
      $$("[data-member]", row).forEach((input) => {
        input.dataset.pointer = `${pointer}/${input.dataset.member}`;
      });
    });
  }
}

// A whole number typed is sent as a number; anything else as typed, for the oracle to
// name the mistake.
function count(input) {
  const text = input.value.trim();
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

function readGroup(row) {
  const group = {
    kind: $('[data-member="kind"]', row).value,
    figures: count($('[data-member="figures"]', row)),
    position: $('[data-member="position"]', row).value,
  };
  if (row.dataset.role === "attackers") group.actions_used = count($('[data-member="actions_used"]', row));
  else group.marked = $('[data-member="marked"]', row).checked;
  return group;
}

function request() {
  const form = $("#fight");
  return {
    edition: form.edition.value,
    attackers: $$("#attackers .group").map(readGroup),
    target: readGroup($("#target .group")),
    helpers: $$("#helpers .group").map(readGroup),
    attack_from_outside: form.attack_from_outside.checked,
    attack_from_tower: form.attack_from_tower.checked,
    target_side_imperator: form.target_side_imperator.checked,
  };
}

// ---------------------------------------------------------------------- answers

function say(text, kind = "") {
  const message = $("#message");
  message.textContent = text;
  message.className = kind;
}

function clearResult() {
  $("#outcome").hidden = true;
  $("#contributions").hidden = true;
  $("#problems").replaceChildren();
  $$(".bad").forEach((node) => node.classList.remove("bad"));
}

function mark(pointer) {
  const input = $(`[data-pointer="${CSS.escape(pointer)}"]`);
  if (input) input.classList.add("bad");
  else if (pointer) {
    // A pointer to a whole group (or a member the page has no input for): the group.
    const group = $$(".group").find((row) => pointer.startsWith(row.dataset.pointer));
    if (group) group.classList.add("bad");
  }
}

function yesNo(value) {
  return value ? _("yes") : _("no");
}

function describe(sent, pointer) {
  const [, role, index] = pointer.split("/");
  const group = role === "target" ? sent.target : (sent[role] || [])[Number(index)];
  const name = roleName(role, Number(index) || 0);
  return group ? `${name}: ${group.figures} × ${unitName(group.kind)} (${positionName(group.position)})` : pointer;
}

function showOutcome(outcome, sent) {
  if (outcome.defended) {
    say(_("Defended: {defence} against {attack}.", outcome), "defended");
  } else {
    say(_("Not defended: {attack} against {defence}; the target loses {losses}.", outcome), "lost");
  }
  // Each fact under its English name (data-member), shown in the page's language.
  const facts = [
    ["attack", outcome.attack, N_("attack")],
    ["defence", outcome.defence, N_("defence")],
    ["defended", yesNo(outcome.defended), N_("defended")],
    ["figures lost", outcome.losses, N_("figures lost")],
    ["target's figures after", outcome.target_figures_after, N_("target's figures after")],
    ["removed", yesNo(outcome.removed), N_("removed")],
    ["gold left", outcome.gold, N_("gold left")],
    ["angels may convert it", yesNo(outcome.convertible), N_("angels may convert it")],
    ["an attacker must take its place", yesNo(outcome.must_occupy), N_("an attacker must take its place")],
  ];
  $("#outcome").replaceChildren(
    ...facts.flatMap(([term, value, shown]) => {
      const dt = document.createElement("dt");
      dt.textContent = _(shown);
      const dd = document.createElement("dd");
      dd.textContent = String(value);
      dd.dataset.member = term;
      return [dt, dd];
    }),
  );
  $("#outcome").hidden = false;
  $("#contributions tbody").replaceChildren(
    ...outcome.contributions.map((c) => {
      const tr = document.createElement("tr");
      tr.dataset.group = c.group;
      if (!c.counted) tr.className = "not-counted";
      const cells = [describe(sent, c.group), c.strength, `×${c.bonus}`, yesNo(c.counted), c.counted ? c.strength * c.bonus : 0];
      tr.replaceChildren(...cells.map((text) => el("td", {}, String(text))));
      return tr;
    }),
  );
  $("#contributions").hidden = false;
}

// A label's own words, without those of the control inside it (a list's options).
function labelText(label) {
  const own = label.cloneNode(true);
  own.querySelectorAll("input, select, textarea, output").forEach((control) => control.remove());
  return own.textContent.trim();
}

// Where a problem's pointer (/attackers/0/figures) is on the page, in the words the
// player reads there: the group's title and the field's label; never the pointer.
function placeOf(pointer) {
  if (!pointer) return _("(the fight)");
  const input = $(`[data-pointer="${CSS.escape(pointer)}"]`);
  const row = $$(".group").find((group) => pointer.startsWith(group.dataset.pointer));
  const legend = row && row.querySelector("legend");
  const label = input && input.closest("label");
  const words = [legend ? legend.textContent.trim() : "", label ? labelText(label) : ""].filter(Boolean);
  return words.length ? words.join(", ") : _("(the fight)");
}

// A 422 names one rule and one field; a 400 lists every problem with its pointer, which
// the list names by the group and the field it points at.
function showProblem(answer) {
  const body = answer.body || {};
  say(problemSentence(answer), "error");
  const items = [];
  if (body.rule) {
    items.push(`${body.rule} · ${placeOf(body.field || "")}: ${body.detail}`);
    mark(body.field || "");
  }
  for (const error of body.errors || []) {
    const where = error.pointer ?? error.parameter ?? "";
    items.push(`${placeOf(where)}: ${error.detail}`);
    mark(where);
  }
  $("#problems").replaceChildren(...items.map((text) => el("li", {}, text)));
}

async function resolve(event) {
  event.preventDefault();
  clearResult();
  const sent = request();
  $("#request").textContent = JSON.stringify(sent, null, 1);
  say(_("Asking the oracle…"));
  const answer = await api("POST", "/v1/turm-und-leute/combat", sent);
  if (answer.ok) showOutcome(answer.body, sent);
  else showProblem(answer);
}

// ------------------------------------------------------------------- the edition

function showUnits() {
  $("#units tbody").replaceChildren(
    ...table.units.map((u) => {
      const tr = document.createElement("tr");
      const cells = [
        unitName(u.kind),
        u.max_figures,
        u.points,
        u.full_strength,
        u.may_attack ? (u.ranged ? _("yes (ranged)") : _("yes")) : _("no"),
        yesNo(u.may_defend),
        u.actions,
      ];
      tr.replaceChildren(...cells.map((text) => el("td", {}, String(text))));
      return tr;
    }),
  );
}

async function setEdition(edition) {
  const kept = $$(".group").map((row) => [
    row,
    $('[data-member="kind"]', row).selectedIndex,
    $('[data-member="position"]', row).value,
  ]);
  table = await units(edition);
  document.body.dataset.edition = edition;
  // The sectors and towers count in Stahl und Sterne only (LS2): elsewhere they cannot be set.
  $("#sector").disabled = edition !== "stahl-und-sterne";
  for (const [row, kindRow, position] of kept) fill(row, kindRow, position);
  showUnits();
}

function guarded(action) {
  return async (...args) => {
    try {
      await action(...args);
    } catch (error) {
      say(error.message, "error");
    }
  };
}

async function start() {
  await setEdition($("#edition").value);
  // The rules' own example: two riders against five pikemen.
  addGroup("attackers", { kindRow: 3, figures: 2 });
  addGroup("target", { kindRow: 1, figures: 5 });
  $("#edition").addEventListener("change", guarded(() => setEdition($("#edition").value)));
  $("#add-attacker").addEventListener("click", () => addGroup("attackers", { kindRow: 1 }));
  $("#add-helper").addEventListener("click", () => addGroup("helpers", { kindRow: 1 }));
  $("#fight").addEventListener("submit", guarded(resolve));
  say(_("Choose the groups and press Fight."));
  document.body.dataset.ready = "true";
}

guarded(start)();
