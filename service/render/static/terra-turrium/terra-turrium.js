// Terra Turrium in the playground: setting the turrians up, building a turn by clicks and
// playing a whole game at one screen. Every square offered, every cost and every verdict
// is an answer of the service (docs/api.md); the page only remembers the clicks.
//
// A turn is built as a plan, {take, place, move}, from the position at its start. After
// each click the service plays the plan so far (/v1/turns/progress) and the board shows the
// position part-way through the turn, with what can be done next on it; "End turn" plays
// the whole plan (/v1/turns/apply).

import { $, $$, Problem, SVG_NS, colourDot, el, fail, orUndo, say, svgNode } from "/playground/core.js";
import { _, N_, listOf, nameOf, ngettext } from "/playground/i18n.js";
import { drawLast } from "/playground/board.js";
import { continueRecord, paintMoves, viewRecord } from "/playground/moves.js";

const PHASES = ["take", "place", "move"];

// The highlight styles of /v1/render, as the legend explains them.
const LEGEND = [
  ["removal", N_("a stone you may take")],
  ["placement", N_("a square you may put a stone on (at set-up: a turrian)")],
  ["mark", N_("your turrians: click one to move it")],
  ["reach", N_("the turrian you picked can end its move here")],
  ["capture", N_("… and captures the turrian standing there")],
  ["origin", N_("the turrian you picked")],
  ["badge", N_("movement points the move costs, capture surcharges included")],
  ["pick", N_("this turn so far: stones taken (T), placed (P), moves (M)")],
  ["last", N_("the last turn, until the next begins: stones taken (T) and placed (P), the way walked, captures (×)")],
];

const emptyPlan = () => ({ take: [], place: [], move: [] });
const copyPlan = (plan) => ({ take: [...plan.take], place: [...plan.place], move: plan.move.map((m) => ({ ...m, path: [...m.path] })) });
const planSize = (plan) => plan.take.length + plan.place.length + plan.move.length;
const list = (items) => items.join(", ");
// A territory (NW, NE, SE, SW) as the page's language abbreviates the compass (the
// catalog's `territory` names: German NO, SO).
const territories = (ids) => listOf(ids.map((id) => nameOf("territory", id)));
// A seat as players read it: its colour in the page's language (the id stays the API's).
const seatName = (id) => nameOf("seat", id);
const seats = (ids) => list(ids.map(seatName));
// Turrians in reserve per seat, as the picture's seat panel states them (S2).
const reserveIn = (svg) => Object.fromEntries($$("g.seat", svg).map((block) => [block.dataset.seat, Number(block.dataset.reserve)]));

// The events in the order a player tells them: a capture (and the attack it counts)
// after the move that made it, where the service names the capture first.
export function inOrder(events) {
  const out = [];
  let waiting = [];
  for (const event of events) {
    if (event.type === "capture" || (event.type === "attack" && waiting.length)) {
      waiting.push(event);
    } else if (event.type === "move" && waiting.length) {
      out.push(event, ...waiting);
      waiting = [];
    } else {
      out.push(event);
    }
  }
  return [...out, ...waiting];
}

// A turn in the turn notation (docs/notation.md, "Turns and games"): `-d9 -e9 -i7 +d8
// +d8 +d8 d6-e6 reserve-a6-a7`, or `pass`.
export function turnLine(plan) {
  const parts = [...plan.take.map((square) => `-${square}`), ...plan.place.map((square) => `+${square}`),
    ...plan.move.map((segment) => [segment.from, ...segment.path].join("-"))];
  return parts.length ? parts.join(" ") : "pass";
}

// A line of the turn notation as a plan (the service has judged the line: a replay).
export function planOf(line) {
  const plan = emptyPlan();
  for (const part of line.trim().split(/\s+/)) {
    if (part === "pass" || !part) continue;
    if (part.startsWith("-")) plan.take.push(part.slice(1));
    else if (part.startsWith("+")) plan.place.push(part.slice(1));
    else {
      const [from, ...path] = part.split("-");
      plan.move.push({ from, path });
    }
  }
  return plan;
}

// The events a player is told, each once: a turrian brought back from the reserve is
// told by its move ("moved a turrian from the reserve to i4"), not also by its entry.
export function told(events) {
  const ordered = inOrder(events);
  const fromReserve = new Set(ordered.filter((e) => e.type === "move" && e.origin === "reserve").map((e) => e.seat));
  return ordered.filter((e) => !(e.type === "enter" && fromReserve.has(e.seat)));
}

// One event of /v1/turns/apply or /v1/turns/progress as a sentence.
export function describe(event) {
  switch (event.type) {
    case "take": return _("took a stone from {square}", event);
    case "place": return event.bonus ? _("put a bonus stone on {square}", event) : _("put a stone on {square}", event);
    case "enter": return _("brought a turrian back from the reserve onto {square}", event);
    case "move": return event.origin === "reserve"
      ? ngettext("moved a turrian from the reserve to {square} for {n} point", "moved a turrian from the reserve to {square} for {n} points", event.cost, event)
      : ngettext("moved from {origin} to {square} for {n} point", "moved from {origin} to {square} for {n} points", event.cost, event);
    case "capture": return _("captured {victim}'s turrian on {square} ({kind})", { ...event, victim: seatName(event.victim) });
    case "attack": return _("attacked: the attack counter is now {attacks}", event);
    case "hold": return _("holds {squares} (pro goal)", { squares: list(event.squares) });
    case "hold_lost": return _("lost the hold (pro goal)");
    case "finish": return _("meets the goal and finishes");
    case "game_over": return event.winners.length
      ? _("game over: {winners} won", { winners: seats(event.winners) }) : _("game over: nobody won");
    default: return event.type;
  }
}

// A position whose turrians are still being put on the board (S3), though the address
// does not say so (a notation copied during set-up): no turn has been played yet (the
// heights are the set-up's, nothing taken, no attack, nobody finished) and a seat still
// has turrians to place.
async function isSettingUp(api, position) {
  const quiet = position.turn.phase === "take" && position.turn.taken.length === 0 && position.finishers.length === 0 &&
    position.seats.every((seat) => seat.attacks === 0 && seat.bonus_stones === 0) &&
    position.seats.some((seat) => seat.turrians.length < 6);
  if (!quiet) return false;
  const query = new URLSearchParams({ players: String(position.seats.length), ...position.rules });
  const fresh = await api("GET", `/v1/setup?${query}`);
  return JSON.stringify(fresh.heights) === JSON.stringify(position.heights);
}

class TerraTurrium {
  constructor(api) {
    this.api = api;
    this.geometry = null; // GET /v1/board
    this.game = null; // what the board shows; see begin()
    this.log = []; // the turns played in this page, newest first
    // The game record (the move list): the position its turns start from (the first after
    // the set-up, or the position opened) and each turn played, with the position after it
    // ({seat, plan, line, position, notation}); `at`: how many of them lead to the position
    // played on. Null during the set-up.
    this.record = null;
    this.at = 0;
  }

  post(path, body) {
    return this.api("POST", path, body);
  }

  async init() {
    document.title = _("{game} playground", { game: "Terra Turrium" });
    this.geometry = await this.api("GET", "/v1/board");
    $("#legend-items").replaceChildren(...LEGEND.map(([style, text]) =>
      el("li", { "data-style": style }, el("span", { class: `swatch ${style}` }, style === "badge" ? "3" : style === "pick" ? "T1" : ""), " " + _(text))));
  }

  // ------------------------------------------------------------------ opening a game

  // A position (notation or object) as the service reads it; `placing`: its turrians are
  // still being put on the board (S3).
  // `turn`: the turn being built, from an address ({start, plan, goingOn}): its start is
  // opened and its actions replayed, so that Undo and Restart go on working.
  // In a game with a record the address holds the record (the turns up to the position
  // played on) and, mid-turn, the turn's actions only ({plan, goingOn}).
  async open({ position, placing, turn = null }, { push = false } = {}) {
    const building = turn && turn.plan ? { plan: turn.plan, goingOn: Boolean(turn.goingOn) } : {};
    if (turn && turn.start && turn.plan) {
      const start = await this.post("/v1/notation", { position: turn.start });
      await this.begin(start.position, { push, ...building });
      return;
    }
    if (typeof position === "string" && position.trim().includes("\n")) {
      await this.openRecord(position, { push, ...building });
      return;
    }
    const answer = await this.post("/v1/notation", { position });
    const settingUp = placing || await isSettingUp(this.api, answer.position);
    this.follow(settingUp ? null : answer.notation, answer.position);
    await this.begin(answer.position, settingUp ? { placing: true, push } : { push, ...building });
  }

  // The record of a position opened: the game's own when it is one of its positions (Back,
  // a link of this game), else a record that starts there.
  follow(notation, position) {
    if (notation === null) {
      this.record = null;
      this.log = [];
      return;
    }
    const { record } = this;
    const known = record && [record.start, ...record.turns.map((t) => t.notation)].indexOf(notation);
    if (record && known >= 0) {
      this.at = known;
      return;
    }
    this.record = { start: notation, position, turns: [] };
    this.at = 0;
    this.log = [];
  }

  // A whole game record pasted (a position's notation, then one turn per line): replayed
  // by the service, the move list rebuilt, the game going on after its last turn.
  async openRecord(text, { push = false, plan = null, goingOn = false } = {}) {
    const lines = text.trim().split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
    // The game's own record, up to one of its turns (Back, Forward): the move list keeps
    // every turn, and nothing is asked again.
    const { record } = this;
    const own = record && record.start === lines[0] && lines.length - 1 <= record.turns.length
      && lines.slice(1).every((line, i) => line === record.turns[i].line);
    if (own) {
      this.at = lines.length - 1;
      await this.begin(this.at ? record.turns[this.at - 1].position : record.position, { push, plan, goingOn });
      return;
    }
    const answer = await this.post("/v1/games/replay", { record: lines.join("\n"), positions: true });
    const refused = answer.turns.find((t) => !t.legal);
    if (refused) {
      throw new Problem({
        rule: refused.violation.rule,
        detail: _("Turn {n} of the record is not legal: {detail}", { n: refused.index + 1, detail: refused.violation.detail }),
      });
    }
    const start = await this.post("/v1/notation", { position: lines[0] });
    const written = await Promise.all(answer.turns.map((t) => this.post("/v1/notation", { position: t.position })));
    let seat = start.position.to_move;
    const turns = answer.turns.map((t, i) => {
      const entry = { seat, plan: planOf(lines[i + 1]), line: lines[i + 1], position: t.position, notation: written[i].notation, events: t.events };
      seat = t.position.to_move;
      return entry;
    });
    this.record = { start: start.notation, position: start.position, turns };
    this.at = turns.length;
    this.log = turns.map((t) => ({ seat: t.seat, events: t.events, turn: t.plan, after: t.position })).reverse();
    await this.begin(answer.final, { push, plan, goingOn });
    say(ngettext("The game record is opened: {n} turn.", "The game record is opened: {n} turns.", turns.length));
  }

  // The game record as text: the start's notation, then a turn per line.
  recordText() {
    if (!this.record) return "";
    return [this.record.start, ...this.record.turns.slice(0, this.at).map((t) => t.line)].join("\n");
  }

  // The position after `k` turns of the record (moves.js); a turn leaves its walks and
  // the stones it took and placed.
  view(k) {
    return viewRecord(this, k, {
      render: "/v1/render",
      lastTurn: (turn) => ({
        walks: turn.plan.move.map((segment) => [segment.from, ...segment.path]),
        marks: [...turn.plan.take.map((square) => [square, "T", _("a stone taken")]),
          ...turn.plan.place.map((square) => [square, "P", _("a stone placed")])],
      }),
    });
  }

  continueFrom(k) {
    return continueRecord(this, k);
  }

  async newGame(query, { push = true } = {}) {
    const position = await this.api("GET", `/v1/setup${query.toString() ? `?${query}` : ""}`);
    const { log, record, at } = this;
    this.log = [];
    this.record = null;
    await orUndo(() => this.begin(position, { placing: true, push }), () => { Object.assign(this, { log, record, at }); });
  }

  async begin(position, { placing = false, push = false, plan = null, goingOn = false } = {}) {
    const previous = this.game;
    this.viewing = null;
    delete document.body.dataset.viewing;
    this.game = {
      start: position, // the position the plan starts from
      plan: plan ? copyPlan({ ...emptyPlan(), ...plan }) : emptyPlan(),
      now: position, // the position part-way through the turn
      events: [], // what the plan did so far
      selected: null, // move phase: the square (or "reserve") of the turrian picked
      reach: [], // /v1/reach from `selected`
      goingOn, // place phase: moving on with bonus stones left (P3)
      placing, // set-up: turrians still to put on the board (S3)
      // set-up: the seat putting its turrians on the board, the one to move first
      placer: Math.max(0, position.seats.findIndex((seat) => seat.id === position.to_move)),
      placed: [], // set-up: [seat index, square], for undo
      over: false,
      goal: null,
      reserve: {}, // seat id → turrians in reserve, as the picture states it
    };
    await orUndo(() => this.refresh({ push }), () => { this.game = previous; });
  }

  // A change to the game, undone if the service refuses what it leads to.
  async act(change, options = {}) {
    const g = this.game;
    const saved = { ...g, start: g.start, plan: copyPlan(g.plan), placed: [...g.placed] };
    change(g);
    await orUndo(() => this.refresh(options), () => { this.game = saved; });
  }

  // ----------------------------------------------------------------------- the view

  async refresh({ push = false } = {}) {
    const g = this.game;
    if (g.placing) return this.refreshSetUp({ push });

    if (planSize(g.plan) === 0 || !g.startNotation) {
      const [goal, written] = await Promise.all([
        this.post("/v1/goal", { position: g.start }),
        this.post("/v1/notation", { position: g.start }),
      ]);
      if (planSize(g.plan) === 0) {
        g.goal = goal;
        g.over = goal.game_over;
      }
      g.startNotation = written.notation;
    }
    if (g.over) {
      g.now = g.start;
      g.events = [];
    } else {
      const progress = await this.post("/v1/turns/progress", { position: g.start, turn: g.plan });
      g.now = progress.position;
      g.events = progress.events;
    }
    const { now } = g;
    const phase = now.turn.phase;
    const moving = !g.over && (phase === "move" || (phase === "place" && g.goingOn));
    const mover = now.seats.find((seat) => seat.id === now.to_move);
    if (moving && now.turn.points === 0) g.selected = null;

    const render = { position: now };
    if (g.over) {
      // The plain board.
    } else if (moving && g.selected !== null) {
      render.highlight = { kind: "reach", from: g.selected };
    } else if (moving && now.turn.points > 0) {
      render.squares = mover.turrians.map((square) => ({ square, style: "mark" }));
    } else {
      render.highlight = { kind: phase === "take" ? "removals" : "placements" };
    }
    const [picture, notation, goal, reach] = await Promise.all([
      this.api("POST", "/v1/render", render, "image/svg+xml"),
      this.post("/v1/notation", { position: now }),
      planSize(g.plan) === 0 ? g.goal : this.post("/v1/goal", { position: now }),
      render.highlight && render.highlight.kind === "reach"
        ? this.post("/v1/reach", { position: now, from: g.selected })
        : { reachable: [] },
    ]);
    g.goal = goal;
    if (planSize(g.plan) > 0) g.over = false;
    g.reach = reach.reachable;
    g.notation = notation.notation;
    this.paint(picture, { push, moving, mover });
    return undefined;
  }

  // The picture and everything around it, from the answers gathered by refresh().
  paint(picture, { push, moving, mover }) {
    const g = this.game;
    const svg = svgNode(picture);
    $("#board").replaceChildren(svg);
    g.reserve = reserveIn(svg);
    this.drawPlan(svg);
    if (planSize(g.plan) === 0) this.drawLast(svg);
    document.body.removeAttribute("data-setting-up");
    g.offered = new Set($$("g.removal, g.placement", svg).map((square) => square.dataset.square));
    // Mid-turn, the address also holds the turn's start and actions (Undo after a reload).
    // A game with a record: the address holds the record, so that a reload, a link or a
    // new tab has the whole move list.
    const recorded = this.record ? this.recordText() : null;
    const turn = !planSize(g.plan) ? null : recorded ? { plan: g.plan, goingOn: g.goingOn || undefined }
      : { start: g.startNotation, plan: g.plan, goingOn: g.goingOn || undefined };
    this.shell.showPosition(g.notation, { placing: g.placing, push, turn, address: recorded || g.notation });

    const { now } = g;
    const phase = now.turn.phase;
    const banner = $("#banner");
    banner.hidden = !g.over;
    const winners = g.over ? g.goal.winners : [];
    banner.replaceChildren(...(!g.over ? [] : winners.length
      ? [ngettext("Game over. Winner:", "Game over. Winners:", winners.length), " ",
        ...winners.flatMap((id, i) => [i ? ", " : "", this.dot(id), ` ${seatName(id)}`])]
      : [_("Game over. Nobody won.")]));
    $("#turn-title").textContent = g.over ? _("Game over") : _("Turn");
    $("#whose").replaceChildren(...(g.over ? [] : [this.dot(now.to_move), " ", _("{seat} to move", { seat: seatName(now.to_move) })]));

    let instruction;
    const buttons = [];
    if (g.over) {
      instruction = _("Start a new game below, or open another position.");
    } else if (moving) {
      const points = _("Points left: {points}.", now.turn);
      instruction = now.turn.points === 0 ? _("No movement points left: End turn plays the turn.") : g.selected === null
        ? _("Move: click one of your turrians (framed purple).") + " " + points
        : g.selected === "reserve"
          ? _("A turrian from the reserve: click a framed square to bring it in there.") + " " + points
          : _("Turrian on {square}: click a framed square to move it there, or another turrian.", { square: g.selected }) + " " + points;
      if (g.reach.length === 0 && g.selected !== null) instruction += " " + _("It cannot go anywhere with the points left.");
      if (g.reserve[now.to_move] > 0) buttons.push(["reserve", _("From the reserve ({count})", { count: g.reserve[now.to_move] })]);
    } else if (phase === "take") {
      instruction = _("Take a stone: click a square framed orange. Taken so far: {in_hand}.", now.turn);
    } else {
      const bonus = mover.bonus_stones;
      instruction = bonus
        ? _("Place a stone: click a square framed teal. In hand: {in_hand}, bonus stones: {bonus}.", { in_hand: now.turn.in_hand, bonus })
        : _("Place a stone: click a square framed teal. In hand: {in_hand}.", now.turn);
      if (now.turn.in_hand === 0 && bonus > 0) buttons.push(["go-on", _("Move turrians now")]);
    }
    if (!g.over) {
      buttons.push(["undo", _("Undo")], ["restart", _("Restart turn")], ["check", _("Check turn")], ["end", _("End turn")]);
    }
    $("#instruction").textContent = instruction;
    this.setButtons(buttons, { undo: planSize(g.plan) === 0, restart: planSize(g.plan) === 0 });
    $("#actions").replaceChildren(...told(g.events).map((event) => el("li", { "data-type": event.type }, describe(event))));
    this.paintGoals();
    this.paintLog();
    this.paintMoves();
    say(moving && g.selected === null && now.turn.points > 0 ? _("End the turn when you are done moving.") : "");
    this.shell.painted();
  }

  dot(seatId) {
    const block = $(`#board g.seat[data-seat="${CSS.escape(seatId)}"] circle`);
    return colourDot(block && block.getAttribute("fill"));
  }

  setButtons(buttons, disabled = {}) {
    $("#turn-buttons").replaceChildren(...buttons.map(([name, text]) =>
      el("button", { type: "button", "data-action": name, disabled: Boolean(disabled[name]) }, text)));
  }

  // The goal panel of `position` (the game's, or an earlier one the move list shows).
  paintGoals(goal = this.game.goal, position = this.game.now) {
    if (!goal) {
      $("#goals").replaceChildren();
      return;
    }
    const nothing = _("nothing");
    $("#goals").replaceChildren(
      el("h3", {}, _("Goal")),
      el("ul", {}, goal.seats.map((seat) => el("li", { "data-seat": seat.id },
        this.dot(seat.id), ` ${seatName(seat.id)}: `,
        seat.goal_met ? el("strong", {}, _("meets the goal"))
          : _("stands on {heights}; lacks {missing}", { heights: listOf(seat.heights) || nothing, missing: listOf(seat.missing) }),
        position.finishers.includes(seat.id) ? " · " + _("finished") : ""))),
    );
  }

  // The goal panel of an earlier position the move list shows (moves.js).
  async viewGoals(position) {
    this.paintGoals(await this.post("/v1/goal", { position }), position);
  }

  paintLog() {
    $("#history").hidden = this.log.length === 0;
    // Newest first, numbered from the first turn played here (<ol reversed>).
    $("#log").replaceChildren(...this.log.map(({ seat, events }, i) =>
      el("li", { value: this.log.length - i }, el("strong", {}, seatName(seat)), ` ${told(events).filter((e) => e.seat === seat || e.type === "game_over").map(describe).join("; ")}`,
        ...events.filter((e) => e.seat !== seat && e.type !== "game_over").map((e) => ` (${seatName(e.seat)} ${describe(e)})`))));
  }

  paintMoves() {
    paintMoves(this);
  }

  // The turn played last, until the next one begins (when it led to the position shown).
  drawLast(svg) {
    const last = this.log[0];
    if (!last || last.after !== this.game.start || !last.turn) return;
    const { take, place, move } = last.turn;
    const walks = move.map((segment) => [segment.from, ...segment.path]);
    drawLast(svg, {
      walks,
      marks: [
        ...take.map((square) => [square, "T", _("a stone taken")]),
        ...place.map((square) => [square, "P", _("a stone placed")]),
        ...walks.flatMap((walk) => [[walk[0], "", _("the move started here")], [walk[walk.length - 1], "", _("the move ended here")]]),
        ...last.events.filter((e) => e.type === "capture")
          .map((e) => [e.square, "×", _("{seat}'s turrian captured", { seat: seatName(e.victim) })]),
      ],
    });
  }

  // The plan on the picture: T1, P1 … in the square's lower left corner (clear of the
  // height in the middle and the cost badge at the top right), moves as a line.
  drawPlan(svg) {
    const { plan } = this.game;
    const centre = (square) => {
      const group = $(`g[data-square="${square}"]`, svg);
      if (!group) return null;
      const { e, f } = group.transform.baseVal.consolidate().matrix;
      const box = group.querySelector("rect").getBBox();
      return { group, x: e + box.width / 2, y: f + box.height / 2, size: box.width };
    };
    const labels = new Map();
    const add = (square, text) => labels.set(square, [...(labels.get(square) || []), text]);
    plan.take.forEach((square, i) => add(square, `T${i + 1}`));
    plan.place.forEach((square, i) => add(square, `P${i + 1}`));
    const layer = document.createElementNS(SVG_NS, "g");
    layer.setAttribute("class", "plan");
    plan.move.forEach((segment, i) => {
      const points = [segment.from, ...segment.path].map(centre).filter(Boolean);
      if (points.length > 1) {
        const line = document.createElementNS(SVG_NS, "polyline");
        line.setAttribute("class", "walk");
        line.setAttribute("points", points.map((p) => `${p.x},${p.y}`).join(" "));
        layer.append(line);
      }
      add(segment.path[segment.path.length - 1], `M${i + 1}`);
    });
    // One line in the band along the square's lower edge, below the turrian and the
    // height in the middle (stacked upwards, three labels covered them), at a size that
    // fits the band (board.js leaves it so); squeezed to the square's width when longer
    // ("T1 P1 P2" ran into the next square).
    const fits = [];
    for (const [square, texts] of labels) {
      const spot = centre(square);
      if (!spot) continue;
      const text = document.createElementNS(SVG_NS, "text");
      text.setAttribute("class", "pick");
      text.setAttribute("font-size", "10");
      text.dataset.square = square;
      text.setAttribute("x", String(spot.x - spot.size / 2 + 3));
      text.setAttribute("y", String(spot.y + spot.size / 2 - 2));
      text.textContent = texts.join(" ");
      layer.append(text);
      fits.push([text, spot.size - 6]);
    }
    $("g.board", svg).after(layer);
    for (const [text, width] of fits) {
      if (text.getComputedTextLength() > width) {
        text.setAttribute("textLength", String(width));
        text.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    }
  }

  // ------------------------------------------------------------------------ set-up (S3)

  // The squares the placing seat may still put a turrian on: the free in-play squares the
  // service answers (/v1/placements) in the seat's own territories (S3), as /v1/board and
  // the position name them. The service checks each placement (/v1/notation) but has no
  // question of its own for this yet; when it has, its answer replaces this one.
  ownFreeSquares(free, seat) {
    const own = new Set(this.geometry.squares.filter((s) => seat.territories.includes(s.territory)).map((s) => s.square));
    return free.filter((square) => own.has(square));
  }

  async refreshSetUp({ push }) {
    const g = this.game;
    // The service checks the position (two turrians on a square, one without a stone …).
    const [notation, placements] = await Promise.all([
      this.post("/v1/notation", { position: g.start }),
      this.post("/v1/placements", { position: g.start }),
    ]);
    g.start = notation.position;
    g.now = g.start;
    g.free = placements.squares;
    g.notation = notation.notation;
    g.events = [];
    g.goal = null;
    const seats = g.start.seats;
    let svg = null;
    for (let tries = 0; tries <= seats.length; tries += 1) {
      const seat = seats[g.placer];
      g.candidates = this.ownFreeSquares(placements.squares, seat);
      svg = svgNode(await this.api("POST", "/v1/render", {
        position: g.start,
        squares: g.candidates.map((square) => ({ square, style: "placement" })),
      }, "image/svg+xml"));
      // How many turrians each seat still has to place: the picture's reserve counts.
      const reserve = reserveIn(svg);
      g.reserve = reserve;
      if (reserve[seat.id] > 0) break;
      const next = seats.findIndex((s) => reserve[s.id] > 0);
      if (next < 0) {
        // Every turrian is on the board: the game begins, and its record with it.
        g.placing = false;
        this.record = { start: notation.notation, position: g.start, turns: [] };
        this.at = 0;
        this.log = [];
        return this.refresh({ push: true });
      }
      g.placer = next;
    }
    this.paintSetUp(svg, { push });
    return undefined;
  }

  paintSetUp(svg, { push }) {
    const g = this.game;
    const seat = g.start.seats[g.placer];
    // The picture's headline speaks of a turn; at set-up, it says what the page says.
    const headline = $("text.headline", svg);
    if (headline) headline.textContent = _("set-up · {seat} places turrians", { seat: seatName(seat.id) });
    const state = $("text.turn", svg);
    if (state) state.textContent = _("turrians still to place: {count}", { count: g.reserve[seat.id] });
    document.body.setAttribute("data-setting-up", "");
    this.markPlacer(svg, seat.id);
    $("#board").replaceChildren(svg);
    this.shell.showPosition(g.notation, { placing: true, push });
    $("#banner").hidden = true;
    $("#turn-title").textContent = _("Set-up");
    $("#whose").replaceChildren(this.dot(seat.id), " ", _("{seat} puts its turrians on the board", { seat: seatName(seat.id) }));
    $("#instruction").textContent = _("Click a square framed teal in {territories} (S3). Still to place: {count}.",
      { territories: territories(seat.territories), count: g.reserve[seat.id] });
    this.setButtons([["random", _("Random set-up")], ["undo", _("Undo")]], { undo: g.placed.length === 0 });
    $("#actions").replaceChildren();
    $("#goals").replaceChildren();
    this.paintLog();
    this.paintMoves();
    say("");
    this.shell.painted();
  }

  // At set-up the seat whose card says "▶ to move" is the one placing its turrians (the
  // picture marks the position's seat to move, which is the first to play).
  markPlacer(svg, id) {
    const current = $("g.seat.to-move", svg);
    const placer = $(`g.seat[data-seat="${CSS.escape(id)}"]`, svg);
    if (!current || !placer || current === placer) return;
    const [from, to] = [current, placer].map((card) => card.querySelector("rect"));
    const sign = [...current.querySelectorAll("text")].find((text) => text.textContent.startsWith("▶"));
    if (!from || !to || !sign) return;
    const dx = Number(to.getAttribute("x")) - Number(from.getAttribute("x"));
    const dy = Number(to.getAttribute("y")) - Number(from.getAttribute("y"));
    sign.setAttribute("x", String(Number(sign.getAttribute("x")) + dx));
    sign.setAttribute("y", String(Number(sign.getAttribute("y")) + dy));
    placer.append(sign);
    const width = from.getAttribute("stroke-width");
    from.setAttribute("stroke-width", to.getAttribute("stroke-width"));
    to.setAttribute("stroke-width", width);
    current.classList.remove("to-move");
    placer.classList.add("to-move");
  }

  async clickSetUp(square) {
    const g = this.game;
    const seat = g.start.seats[g.placer];
    if (!g.candidates.includes(square)) {
      throw new Problem({
        rule: "S3",
        detail: _("{seat} puts its turrians on free squares of its own territories ({territories}); {square} is not one.",
          { seat: seatName(seat.id), territories: territories(seat.territories), square }),
      });
    }
    await this.act((game) => {
      game.start = structuredClone(game.start);
      game.start.seats[game.placer].turrians.push(square);
      game.placed.push([game.placer, square]);
    });
  }

  async randomSetUp() {
    await this.act((game) => {
      game.start = structuredClone(game.start);
      const taken = new Set(game.start.seats.flatMap((seat) => seat.turrians));
      game.start.seats.forEach((seat, index) => {
        const free = this.ownFreeSquares(game.free, seat).filter((square) => !taken.has(square));
        for (let n = game.reserve[seat.id] || 0; n > 0 && free.length; n -= 1) {
          const [square] = free.splice(Math.floor(Math.random() * free.length), 1);
          seat.turrians.push(square);
          taken.add(square);
          game.placed.push([index, square]);
        }
      });
    });
  }

  // ------------------------------------------------------------------------- clicks

  async click(square) {
    const g = this.game;
    if (!g) return;
    if (g.placing) return this.clickSetUp(square);
    if (g.over) {
      say(_("The game is over: start a new one, or open another position."));
      return undefined;
    }
    const { now } = g;
    const phase = now.turn.phase;
    if (phase === "take" || (phase === "place" && !g.goingOn)) {
      if (!g.offered.has(square)) return this.refuse((plan) => plan[phase].push(square));
      return this.act((game) => game.plan[phase].push(square));
    }
    return this.clickMove(square);
  }

  // Why the plan changed by `change` is not a legal turn, in the service's words: asked
  // with /v1/turns/validate, which answers a refusal as an answer, not as an error.
  async refuse(change) {
    const plan = copyPlan(this.game.plan);
    change(plan);
    const answer = await this.post("/v1/turns/validate", { position: this.game.start, turn: plan });
    if (answer.legal) return this.act((game) => { game.plan = plan; });
    throw new Problem({ rule: answer.violation.rule, detail: answer.violation.detail });
  }

  // Escape: the turrian picked is put back.
  async cancel() {
    const g = this.game;
    if (!g || g.selected === null) return;
    await this.act((game) => { game.selected = null; });
    say(_("Nothing picked."));
  }

  // A seat's panel chosen: for the seat to move, a turrian of its reserve (M9).
  async seat(id) {
    const g = this.game;
    if (!g || g.placing || g.over) return;
    const moving = g.now.turn.phase === "move" || (g.now.turn.phase === "place" && g.goingOn);
    if (id !== g.now.to_move) {
      throw new Problem({ detail: _("It is {seat}'s turn, not {other}'s.", { seat: seatName(g.now.to_move), other: seatName(id) }) });
    }
    if (!g.reserve[id]) throw new Problem({ detail: _("{seat} has no turrian in reserve.", { seat: seatName(id) }) });
    if (!moving) throw new Problem({ rule: "M9", detail: _("A turrian comes back from the reserve in the move phase.") });
    await this.act((game) => { game.selected = "reserve"; });
  }

  async clickMove(square) {
    const g = this.game;
    const mover = g.now.seats.find((seat) => seat.id === g.now.to_move);
    const reached = g.reach.find((r) => r.square === square);
    if (g.selected !== null && reached) {
      return this.act((game) => {
        game.plan.move.push({ from: game.selected, path: reached.path });
        game.selected = square;
      });
    }
    if (square === g.selected) return this.act((game) => { game.selected = null; });
    if (mover.turrians.includes(square)) return this.act((game) => { game.selected = square; });
    if (g.selected === null) {
      throw new Problem({ detail: _("Click one of {seat}'s turrians first: they are framed purple.", { seat: seatName(mover.id) }) });
    }
    // Not in reach: the service says why, as a one-step walk there.
    return this.refuse((plan) => plan.move.push({ from: g.selected, path: [square] }));
  }

  async action(name) {
    const g = this.game;
    switch (name) {
      case "undo": return g.placing ? this.undoSetUp() : this.undo();
      case "restart": return this.act((game) => { game.plan = emptyPlan(); game.selected = null; game.goingOn = false; });
      case "random": return this.randomSetUp();
      case "reserve": return this.act((game) => { game.selected = "reserve"; });
      case "go-on": return this.act((game) => { game.goingOn = true; });
      case "check": return this.check();
      case "end": return this.end();
      default: return undefined;
    }
  }

  async undoSetUp() {
    const g = this.game;
    if (!g.placed.length) return;
    await this.act((game) => {
      const [index, square] = game.placed.pop();
      game.start = structuredClone(game.start);
      const seat = game.start.seats[index];
      seat.turrians = seat.turrians.filter((s) => s !== square);
      game.placer = index;
    });
  }

  // Takes back the last action of the turn being built.
  async undo() {
    await this.act((game) => {
      const { plan } = game;
      const phase = [...PHASES].reverse().find((p) => plan[p].length);
      if (!phase) return;
      const last = plan[phase].pop();
      if (phase === "move") game.selected = last.from;
      else game.selected = null;
      if (phase !== "move" && !plan.move.length) game.goingOn = false;
    });
  }

  async check() {
    const g = this.game;
    const answer = await this.post("/v1/turns/validate", { position: g.start, turn: g.plan });
    if (answer.legal) {
      say(_("This turn is legal as it stands: End turn plays it."));
      return;
    }
    const { violation } = answer;
    fail(new Problem({ rule: violation.rule, detail: _("Not yet a legal turn: {detail}", violation) }));
  }

  async end() {
    const g = this.game;
    const seat = g.now.to_move;
    const verdict = await this.post("/v1/turns/validate", { position: g.start, turn: g.plan });
    if (!verdict.legal) {
      const { violation } = verdict;
      throw new Problem({ rule: violation.rule, detail: _("Not yet a legal turn: {detail}", violation) });
    }
    const answer = await this.post("/v1/turns/apply", { position: g.start, turn: g.plan });
    const { record, at } = this;
    // Played from an earlier position of the record (Back): its later turns are dropped.
    if (record && at < record.turns.length) this.log = this.log.slice(this.log.length - at);
    this.log.unshift({ seat, events: answer.events, turn: copyPlan(g.plan), after: answer.position });
    if (record) {
      const written = await this.post("/v1/notation", { position: answer.position });
      record.turns = [...record.turns.slice(0, at), {
        seat, plan: copyPlan(g.plan), line: turnLine(g.plan), position: answer.position, notation: written.notation,
      }];
      this.at = record.turns.length;
    }
    await orUndo(() => this.begin(answer.position, { push: true }), () => {
      this.log.shift();
      if (record) {
        record.turns.pop();
        this.at = at;
      }
    });
    const next = answer.position.to_move;
    say(answer.events.some((e) => e.type === "game_over") ? ""
      : _("{seat}'s turn is played: {next} to move.", { seat: seatName(seat), next: seatName(next) }));
  }
}

export default {
  id: "terra-turrium",
  title: "Terra Turrium",
  setupPath: "/v1/setup",
  // What a player is told of a turn beside what the board shows (opponent.js).
  tell: describe,
  tellable: ["capture", "hold", "finish", "game_over"],
  create(shell) {
    const game = new TerraTurrium(shell.api);
    game.shell = shell;
    return game;
  },
};
