// The combat page: builds the body of POST /v1/turm-und-leute/combat from the form and
// shows the oracle's answer. Plain script, no build step; the service holds no state,
// so the page keeps the fight being built. The unit names, tile sizes and positions
// come from GET /v1/turm-und-leute/units, never from a copy kept here.
"use strict";

const API = document.body.dataset.api || "";
const ROLE_LABEL = { attackers: "Attacker", target: "Target", helpers: "Helper" };

const tables = {}; // edition -> the answer of /units, fetched once
let table = null; // the current edition's

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

// ------------------------------------------------------------------------ HTTP

// Calls the API and returns {status, body}; a network failure becomes an Error.
async function api(method, path, body) {
  const options = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(API + path, options);
  const type = response.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  return { status: response.status, ok: response.ok, body: data };
}

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

// What a player reads for a unit's id: the German name with its umlauts
// ("bogenschuetzen" → "Bogenschützen"); a position's id in words ("small_tower" →
// "small tower"). The ids stay the values sent.
function unitName(kind) {
  const written = kind.replace(/ae/g, "ä").replace(/oe/g, "ö").replace(/ue/g, "ü");
  return written.charAt(0).toUpperCase() + written.slice(1);
}

function positionName(position) {
  return position.replace(/_/g, " ");
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
      $("legend", row).textContent = role === "target" ? "Target" : `${ROLE_LABEL[role]} ${i + 1}`;
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
  return value ? "yes" : "no";
}

function describe(sent, pointer) {
  const [, role, index] = pointer.split("/");
  const group = role === "target" ? sent.target : (sent[role] || [])[Number(index)];
  const name = role === "target" ? "Target" : `${ROLE_LABEL[role]} ${Number(index) + 1}`;
  return group ? `${name}: ${group.figures} × ${unitName(group.kind)} (${positionName(group.position)})` : pointer;
}

function showOutcome(outcome, sent) {
  if (outcome.defended) {
    say(`Defended: ${outcome.defence} against ${outcome.attack}.`, "defended");
  } else {
    say(
      `Not defended: ${outcome.attack} against ${outcome.defence}; the target loses ${outcome.losses}.`,
      "lost",
    );
  }
  const facts = [
    ["attack", outcome.attack],
    ["defence", outcome.defence],
    ["defended", yesNo(outcome.defended)],
    ["figures lost", outcome.losses],
    ["target's figures after", outcome.target_figures_after],
    ["removed", yesNo(outcome.removed)],
    ["gold left", outcome.gold],
    ["angels may convert it", yesNo(outcome.convertible)],
    ["an attacker must take its place", yesNo(outcome.must_occupy)],
  ];
  $("#outcome").replaceChildren(
    ...facts.flatMap(([term, value]) => {
      const dt = document.createElement("dt");
      dt.textContent = term;
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
      tr.replaceChildren(
        ...cells.map((text) => {
          const td = document.createElement("td");
          td.textContent = String(text);
          return td;
        }),
      );
      return tr;
    }),
  );
  $("#contributions").hidden = false;
}

// A 422 names one rule and one field; a 400 lists every problem with its pointer.
function showProblem(answer) {
  const body = answer.body || {};
  say(problemSentence(answer), "error");
  const items = [];
  if (body.rule) {
    items.push(`${body.rule} · ${body.field || "(the fight)"} · ${body.detail}`);
    mark(body.field || "");
  }
  for (const error of body.errors || []) {
    const where = error.pointer ?? error.parameter ?? "";
    items.push(`${where || "(the body)"} · ${error.detail}`);
    mark(where);
  }
  $("#problems").replaceChildren(
    ...items.map((text) => {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    }),
  );
}

async function resolve(event) {
  event.preventDefault();
  clearResult();
  const sent = request();
  $("#request").textContent = JSON.stringify(sent, null, 1);
  say("Asking the oracle…");
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
        u.may_attack ? (u.ranged ? "yes (ranged)" : "yes") : "no",
        yesNo(u.may_defend),
        u.actions,
      ];
      tr.replaceChildren(
        ...cells.map((text) => {
          const td = document.createElement("td");
          td.textContent = String(text);
          return td;
        }),
      );
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
  say("Choose the groups and press Fight.");
  document.body.dataset.ready = "true";
}

guarded(start)();
