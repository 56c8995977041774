// Spiel der Türme in the playground: a whole game at one screen, dealt, moved and scored
// by the service (/v1/spiel-der-tuerme, docs/spiel-der-tuerme.md). Every stack offered,
// every target, every verdict and every point is an answer of the service; the page only
// remembers the clicks.
//
// A turn is built as the moves played so far from the position at its start. A move onto
// a symbol square lets the seat move again (TM7): the service plays the moves so far with
// `end_turn: false`, the board shows the position part-way through the turn, and "End
// turn" stops there. A move that allows no other ends the turn at once.

import { $, $$, Problem, SVG_NS, colourDot, el, orUndo, say, svgNode } from "/playground/core.js";
import { _, N_, nameOf, ngettext, splice, withLanguage } from "/playground/i18n.js";
import { drawLast } from "/playground/board.js";
import { continueRecord, paintMoves, viewRecord } from "/playground/moves.js";

const PATH = "/v1/spiel-der-tuerme";

// The highlight styles of the picture (service/render/spiel_der_tuerme.py) and the
// page's own frame of the stacks that may move, as the legend explains them.
const LEGEND = [
  ["sdt-mark", "", N_("a stack you may move: click it (with 2 or 3 players also a neutral stone, TN2)")],
  ["origin", "", N_("the stack you picked: click it again to put it back")],
  ["sdt-move", "", N_("it can go here; the move ends the turn")],
  ["sdt-continue", "", N_("a symbol square: you may move again after it (TM7)")],
  ["sdt-end", "", N_("the move there ends the game (TE1–TE3)")],
  ["sdt-badge", "2+", N_("the height of the stack after the move; + you may move again")],
  ["neutral", "", N_("a neutral stone: pale and dashed; a red sign: not yours to move this turn (TN4)")],
  ["last", "", N_("the last turn, until the next begins: the way each stack went")],
];

const list = (items) => items.join(", ");
// A seat (a stone colour) as players read it; the id stays the API's.
const seatName = (id) => nameOf("seat", id);
const seats = (ids) => list(ids.map(seatName));

// How the game ended (`over` of a position, or the game_over event).
export function ending({ reason, quarter, seat }) {
  switch (reason) {
    case "quarter": return _("{seat} completed quarter {quarter} (TE1)", { seat: seatName(seat), quarter });
    case "streets_empty": return _("no stack is left on the streets (TE2)");
    case "stuck": return _("{seat} is stuck (TE3)", { seat: seatName(seat) });
    default: return reason;
  }
}

// One event of /turns/apply as a sentence.
export function describe(event) {
  switch (event.type) {
    case "move": return event.colour === event.seat
      ? _("moved a stack of {height} from {from} to {to}", event)
      : _("moved the neutral {colour} stone from {from} to {to}", { ...event, colour: seatName(event.colour) });
    case "tower": return _("built a tower of {height} on {square}, over {covers}", { ...event, covers: list(event.covers) });
    case "symbol_square": return _("reached {symbol} of quarter {quarter} ({square})", event);
    case "pass": return _("passed: no legal move (TM8)");
    case "game_over": return event.winners.length
      ? _("game over, {ending}: {winners} won", { ending: ending(event), winners: seats(event.winners) })
      : _("game over, {ending}: nobody won", { ending: ending(event) });
    default: return event.type;
  }
}

// A position as pasted or linked: JSON (the position, or a request body holding one).
function readPosition(position) {
  if (typeof position !== "string") return position;
  let value;
  try {
    value = JSON.parse(position);
  } catch {
    throw new Problem({ detail: _("A Spiel der Türme game is written as its record (players=2&seed=…&turns=…) or as a JSON position, as the service answers it: this is neither.") });
  }
  return value && typeof value === "object" && value.position ? value.position : value;
}

// ------------------------------------------------------------------ the game record
//
// A game dealt by the service is written as its deal and its turns, which is what the
// address holds, "Copy game record" copies and the position box opens (docs/spiel-der-tuerme.md,
// "The playground's game record"):
//
//   players=2&seed=4711&turns=c1-c2;d4-d5,e2-e3;pass&unfinished=f1-f2
//
// The deal is the query of GET /setup as it was asked (players, seed, max_height when
// not 5); `turns` the turns played, `;` between turns, `,` between the moves of a turn
// (TM7), `pass` a turn without a move (TM8); `unfinished` the moves of the turn being
// built (the address only). Every character is one an address carries as it is.

const MOVE = /^([a-z]\d{1,2})-([a-z]\d{1,2})$/;

// Whether a pasted or linked text is a record (not a JSON position).
function isRecord(text) {
  return typeof text === "string" && !text.trim().startsWith("{") && /(^|&)seed=/.test(text.trim());
}

// The moves of a turn as the record writes them.
const writeMoves = (moves) => moves.map((m) => `${m.from}-${m.to}`).join(",");

function readMoves(text, where) {
  if (text === "pass" || text === "") return [];
  return text.split(",").map((move) => {
    const found = move.match(MOVE);
    if (!found) throw new Problem({ detail: _("{where} of the record is not a move such as c1-c2: {text}", { where, text: move }) });
    return { from: found[1], to: found[2] };
  });
}

// The deal, turns and unfinished turn of a record.
function readRecord(text) {
  const query = new URLSearchParams(text.trim());
  const turns = (query.get("turns") || "").split(";").filter(Boolean)
    .map((turn, i) => readMoves(turn, _("Turn {n}", { n: i + 1 })));
  const unfinished = readMoves(query.get("unfinished") || "", _("The unfinished turn"));
  const deal = new URLSearchParams();
  for (const [name, value] of query) if (!["turns", "unfinished"].includes(name)) deal.set(name, value);
  return { deal: deal.toString(), turns, unfinished };
}

class SpielDerTuerme {
  constructor(shell) {
    this.shell = shell;
    this.api = shell.api;
    this.game = null; // what the board shows; see begin()
    this.log = []; // the turns played in this page, newest first
    // The move list: the position the game's turns start from and each turn played, with
    // the position after it ({seat, moves, line, position}); `at`: how many of them lead to
    // the position played on; `viewing`: the position the list shows (null: the game's).
    this.record = null;
    this.at = 0;
    this.viewing = null;
  }

  // The game record as text (the deal and the turns up to the position played on), or
  // "" for a game opened from a position; `unfinished`: the moves of the turn being built.
  recordText(unfinished = []) {
    const { record } = this;
    if (!record || !record.deal) return "";
    const turns = record.turns.slice(0, this.at).map((t) => writeMoves(t.moves) || "pass").join(";");
    return [record.deal, turns ? `turns=${turns}` : "", unfinished.length ? `unfinished=${writeMoves(unfinished)}` : ""]
      .filter(Boolean).join("&");
  }

  // A record opened (a link, Back, a pasted record): the game's own when its turns are the
  // first of the game's (only `at` moves), else dealt and replayed through /turns/apply.
  async openRecord(text, { push = false } = {}) {
    const { deal, turns, unfinished } = readRecord(text);
    const { record } = this;
    const line = (moves) => writeMoves(moves) || "pass";
    const own = record && record.deal === deal && turns.length <= record.turns.length
      && turns.every((moves, i) => line(moves) === line(record.turns[i].moves));
    if (own) {
      this.at = turns.length;
    } else {
      const position = await this.api("GET", `${PATH}/setup?${deal}`);
      const played = [];
      const log = [];
      let now = position;
      for (const [i, moves] of turns.entries()) {
        let answer;
        try {
          answer = await this.post("/turns/apply", { position: now, turn: { moves } });
        } catch (error) {
          if (!(error instanceof Problem)) throw error;
          throw new Problem({ ...error.problem, detail: _("Turn {n} of the record is not legal: {detail}", { n: i + 1, detail: error.message }) });
        }
        played.push({ seat: now.to_move, moves, line: moves.length ? moves.map((m) => `${m.from}-${m.to}`).join(" ") : "pass", position: answer.position });
        log.unshift({ seat: now.to_move, events: answer.events, after: answer.position });
        now = answer.position;
      }
      this.record = { deal, position, turns: played };
      this.log = log;
      this.at = played.length;
    }
    const { record: opened, at } = this;
    await this.begin(at ? opened.turns[at - 1].position : opened.position, { push });
    if (unfinished.length) {
      const { position: now, events } = await this.playedSoFar(unfinished);
      await this.act((game) => {
        game.moves = unfinished;
        game.now = now;
        game.events = events;
      }, { push: false });
    }
    if (!own) say(ngettext("The game record is opened: {n} turn.", "The game record is opened: {n} turns.", turns.length));
  }

  // The record of a position opened: the game's own when it is one of its positions
  // (Back, a link of this game), else a record that starts there.
  follow(position) {
    const written = JSON.stringify(position);
    const { record } = this;
    const known = record ? [record.position, ...record.turns.map((t) => t.position)].findIndex((p) => JSON.stringify(p) === written) : -1;
    if (known >= 0) {
      this.at = known;
      return;
    }
    this.record = { position, turns: [] };
    this.at = 0;
    this.log = [];
  }

  // The position after `k` turns of the record (moves.js); a turn leaves its moves.
  view(k) {
    return viewRecord(this, k, {
      render: `${PATH}/render`,
      lastTurn: (turn) => {
        const walks = turn.moves.map((m) => [m.from, m.to]);
        return { walks, marks: walks.flatMap(([from, to]) => [[from, "", _("the move started here")], [to, "", _("the move ended here")]]) };
      },
    });
  }

  continueFrom(k) {
    return continueRecord(this, k);
  }

  post(path, body) {
    return this.api("POST", PATH + path, body);
  }

  async init() {
    $("#intro").replaceChildren(...splice(_(
      "Play on one screen, taking turns, or against the computer: the page frames every stack you "
      + "may move and every square it may go to, and counts the points. When a move is not allowed, "
      + "it names the rule (TM4, TN3 …): {rules} explain each one.",
    ), {
      rules: el("a", { href: withLanguage("/rules/spiel-der-tuerme") }, _("the rules")),
    }));
    $("label[for=notation]").textContent = _("Position (JSON, as the service writes it): copy it, or paste a position, a game record or a link and open it");
    $("#copy-notation").textContent = _("Copy position");
    $("#legend-items").replaceChildren(...LEGEND.map(([style, sample, text]) =>
      el("li", { "data-style": style }, el("span", { class: `swatch ${style}` }, sample), " " + _(text))));
  }

  // ------------------------------------------------------------------ opening a game

  // `turn`: the turn being built, from an address ({start, moves}): replayed from its start.
  async open({ position, turn = null }, { push = false } = {}) {
    if (isRecord(position)) {
      await this.openRecord(position, { push });
      return;
    }
    if (turn && turn.start && Array.isArray(turn.moves) && turn.moves.length) {
      this.follow(readPosition(turn.start));
      await this.begin(readPosition(turn.start), { push });
      const { position: now, events } = await this.playedSoFar(turn.moves);
      await this.act((game) => {
        game.moves = turn.moves;
        game.now = now;
        game.events = events;
      }, { push: false });
      return;
    }
    const read = readPosition(position);
    this.follow(read);
    await this.begin(read, { push });
  }

  // A new deal; without a seed in the form, a random one (TB5), named so that it can be dealt again.
  async newGame(query, { push = true } = {}) {
    const options = new URLSearchParams(query);
    if (!options.has("seed")) options.set("seed", String(Math.floor(Math.random() * 1_000_000)));
    const position = await this.api("GET", `${PATH}/setup?${options}`);
    const { log, record, at } = this;
    this.log = [];
    this.record = { deal: options.toString(), position, turns: [] };
    this.at = 0;
    await orUndo(() => this.begin(position, { push }), () => { Object.assign(this, { log, record, at }); });
    say(_("A new game for {players} players, dealt from seed {seed}.", { players: options.get("players"), seed: options.get("seed") }));
  }

  async begin(position, { push = false } = {}) {
    const previous = this.game;
    this.viewing = null;
    delete document.body.dataset.viewing;
    this.game = {
      start: position, // the position the turn starts from
      moves: [], // the moves of the turn so far: [{from, to}]
      now: position, // the position after them
      events: [], // what they did
      selected: null, // the square of the stack picked
      legal: [], // /moves on `now`
      score: null, // /score on `now`
    };
    await orUndo(() => this.refresh({ push }), () => { this.game = previous; });
  }

  // A change to the game, undone if the service refuses what it leads to.
  async act(change, options = {}) {
    const saved = { ...this.game };
    change(this.game);
    await orUndo(() => this.refresh(options), () => { this.game = saved; });
  }

  // The turn's moves from its start, the turn kept open after the last one (TM7).
  async playedSoFar(moves) {
    const g = this.game;
    if (!moves.length) return { position: g.start, events: [] };
    return this.post("/turns/apply", { position: g.start, turn: { moves, end_turn: false } });
  }

  // ----------------------------------------------------------------------- the view

  async refresh({ push = false } = {}) {
    const g = this.game;
    const render = g.selected ? { position: g.now, from: g.selected } : { position: g.now };
    const [legal, score, picture] = await Promise.all([
      this.post("/moves", { position: g.now }),
      this.post("/score", { position: g.now }),
      this.api("POST", `${PATH}/render`, render, "image/svg+xml"),
    ]);
    g.legal = legal.moves;
    g.score = score;
    this.paint(svgNode(picture), { push });
  }

  paint(svg, { push }) {
    const g = this.game;
    const { now } = g;
    const over = Boolean(now.over);
    $("#board").replaceChildren(svg);
    this.drawMovable(svg);
    this.drawTurn(svg);
    if (!g.moves.length) this.drawLast(svg);
    // The address holds the game record, mid-turn with the moves of the turn so far (Undo
    // after a reload); a game opened from a position, the position and the turn's start.
    const record = this.recordText(g.moves);
    if (record) this.shell.showPosition(JSON.stringify(now), { push, address: record });
    else {
      const turn = g.moves.length ? { start: JSON.stringify(g.start), moves: g.moves } : null;
      this.shell.showPosition(JSON.stringify(now), { push, turn });
    }

    const banner = $("#banner");
    banner.hidden = !over;
    const { winners } = g.score;
    banner.replaceChildren(...(!over ? [] : [
      winners.length ? ngettext("Game over. Winner:", "Game over. Winners:", winners.length) + " " : _("Game over. Nobody won."),
      ...winners.flatMap((id, i) => [i ? ", " : "", this.dot(id), ` ${seatName(id)}`]),
      el("span", { class: "reason" }, ` — ${ending(now.over)}`),
    ]));
    $("#turn-title").textContent = over ? _("Game over") : _("Turn");
    $("#whose").replaceChildren(...(over ? [] : [this.dot(now.to_move), " ", _("{seat} to move", { seat: seatName(now.to_move) })]));

    const chain = now.turn.may_continue;
    const targets = g.legal.filter((m) => m.from === g.selected);
    let instruction;
    const buttons = [];
    if (over) {
      instruction = _("Start a new game below, or open another position.");
    } else if (!g.legal.length && !chain) {
      instruction = _("{seat} has no legal move and passes (TM8): press Pass.", { seat: seatName(now.to_move) });
      buttons.push(["pass", _("Pass")]);
    } else if (!g.legal.length) {
      instruction = _("No further move is possible: End turn.");
    } else if (g.selected) {
      instruction = _("Stack on {square}: click a framed square to move it there, or pick another stack.", { square: g.selected });
      if (!targets.length) instruction += " " + _("It cannot move anywhere now.");
    } else {
      const neutral = g.legal.some((m) => m.neutral);
      instruction = neutral ? _("Click one of your stacks (framed brown) or a neutral stone to see where it can go.")
        : _("Click one of your stacks (framed brown) to see where it can go.");
    }
    if (!over && chain) {
      const again = _("{seat} reached a symbol square and may move again (TM7), or end the turn.", { seat: seatName(now.to_move) });
      instruction = `${again} ${g.legal.length ? instruction : ""}`;
      buttons.push(["end", _("End turn")]);
    }
    if (!over) buttons.push(["undo", _("Undo")]);
    $("#instruction").textContent = instruction;
    $("#turn-buttons").replaceChildren(...buttons.map(([name, text]) => el("button", {
      type: "button", "data-action": name, disabled: name === "undo" && !g.moves.length && !g.selected,
    }, text)));
    $("#actions").replaceChildren(...g.events.map((event) => el("li", { "data-type": event.type }, describe(event))));
    this.paintScore();
    this.paintLog();
    paintMoves(this);
    say("");
    this.shell.painted();
  }

  // A seat's colour as the picture's panel draws it.
  dot(seatId) {
    const swatch = $$(`#board g.seat[data-seat="${CSS.escape(seatId)}"] rect`)[1];
    return colourDot(swatch && swatch.getAttribute("fill"));
  }

  // The stacks that may move (the `from` of the legal moves), framed; not the one picked,
  // which the picture marks as the origin of its moves.
  drawMovable(svg) {
    const g = this.game;
    for (const square of new Set(g.legal.map((m) => m.from))) {
      const group = $(`g[data-square="${square}"]`, svg);
      if (!group || square === g.selected) continue;
      const cell = Number(group.querySelector("rect").getAttribute("width"));
      const frame = document.createElementNS(SVG_NS, "rect");
      for (const [name, value] of Object.entries({ class: "movable", x: 2.5, y: 2.5, width: cell - 5, height: cell - 5, rx: 3 })) {
        frame.setAttribute(name, value);
      }
      group.classList.add("movable");
      group.append(frame);
    }
  }

  // The turn played last, until the next one begins (when it led to the position shown).
  drawLast(svg) {
    const last = this.log[0];
    if (!last || last.after !== this.game.start) return;
    const walks = last.events.filter((e) => e.type === "move").map((e) => [e.from, e.to]);
    drawLast(svg, {
      walks,
      marks: walks.flatMap(([from, to]) => [[from, "", _("the move started here")], [to, "", _("the move ended here")]]),
    });
  }

  // The moves of the turn so far, as lines from square to square.
  drawTurn(svg) {
    const centre = (square) => {
      const group = $(`g[data-square="${square}"]`, svg);
      const { e, f } = group.transform.baseVal.consolidate().matrix;
      const size = Number(group.querySelector("rect").getAttribute("width"));
      return `${e + size / 2},${f + size / 2}`;
    };
    const layer = document.createElementNS(SVG_NS, "g");
    layer.setAttribute("class", "plan");
    for (const move of this.game.moves) {
      const line = document.createElementNS(SVG_NS, "polyline");
      line.setAttribute("class", "walk");
      line.setAttribute("points", `${centre(move.from)} ${centre(move.to)}`);
      layer.append(line);
    }
    $("g.board", svg).after(layer);
  }

  // The score of an earlier position the move list shows (moves.js).
  async viewGoals(position) {
    this.paintScore(await this.post("/score", { position }));
  }

  paintScore(score = this.game.score) {
    const doubled = " " + _("doubled");
    const quarters = (seat) => seat.quarters.map((q) => `${q.quarter}: ${q.points}${q.doubled ? doubled : ""}`);
    $("#goals").replaceChildren(
      el("h3", {}, score.game_over ? _("Final score") : _("Score")),
      el("ul", { id: "scores" }, score.seats.map((seat) => el("li", { "data-seat": seat.id, "data-points": seat.points },
        this.dot(seat.id), ` ${seatName(seat.id)}: `, el("strong", {}, ngettext("{n} point", "{n} points", seat.points)),
        seat.quarters.length ? " " + _("(quarters {quarters})", { quarters: quarters(seat).join(", ") }) : "",
        score.winners.includes(seat.id) ? " · " + _("winner") : ""))),
    );
  }

  paintLog() {
    $("#history").hidden = this.log.length === 0;
    $("#log").replaceChildren(...this.log.map(({ seat, events }, i) =>
      el("li", { value: this.log.length - i }, el("strong", {}, seatName(seat)), ` ${events.map(describe).join("; ")}`)));
  }

  // ------------------------------------------------------------------------- clicks

  async click(square) {
    const g = this.game;
    if (!g) return undefined;
    if (g.now.over) {
      say(_("The game is over: start a new one, or open another position."));
      return undefined;
    }
    if (g.selected && g.legal.some((m) => m.from === g.selected && m.to === square)) return this.play(square);
    if (square === g.selected) return this.act((game) => { game.selected = null; });
    if (g.legal.some((m) => m.from === square)) return this.act((game) => { game.selected = square; });
    // Not a legal target: the service says why, for that move.
    if (g.selected) return this.play(square);
    // Nothing to move here: the service says why (TM1, TM2, TN4) when asked to judge a
    // move from there, which it answers as a verdict rather than an error.
    const [, file, rank] = square.match(/^([a-z])(\d+)$/);
    const beside = [String.fromCharCode(file.charCodeAt(0) + 1), String.fromCharCode(file.charCodeAt(0) - 1)]
      .map((f) => `${f}${rank}`).find((name) => $(`#board g[data-square="${name}"]`));
    const turn = { moves: [...g.moves, { from: square, to: beside || square }], end_turn: false };
    const verdict = await this.post("/turns/validate", { position: g.start, turn });
    const violation = verdict.legal ? null : verdict.violation;
    if (violation && violation.index === g.moves.length && /^(TM1|TM2|TN4)$/.test(violation.rule)) {
      throw new Problem({ rule: violation.rule, detail: `${square}: ${violation.detail}` });
    }
    say(_("The stack on {square} cannot move anywhere now.", { square }));
    return undefined;
  }

  // Escape: the stack picked is put back.
  async cancel() {
    const g = this.game;
    if (!g || !g.selected) return;
    await this.act((game) => { game.selected = null; });
    say(_("Nothing picked."));
  }

  // The picked stack to `to`: judged, then played. The turn goes on after a move onto a
  // symbol square (TM7); any other move ends it.
  async play(to) {
    const g = this.game;
    const moves = [...g.moves, { from: g.selected, to }];
    const turn = { moves, end_turn: false };
    const verdict = await this.post("/turns/validate", { position: g.start, turn });
    if (!verdict.legal) {
      const { violation } = verdict;
      throw new Problem({ rule: violation.rule, detail: `${g.selected}–${to}: ${violation.detail}` });
    }
    const answer = await this.post("/turns/apply", { position: g.start, turn });
    if (answer.position.turn.may_continue) {
      await this.act((game) => {
        game.moves = moves;
        game.now = answer.position;
        game.events = answer.events;
        game.selected = null;
      });
      say(_("{square} is a symbol square: {seat} may move again (TM7).", { square: to, seat: seatName(answer.position.to_move) }));
      return;
    }
    await this.finish(g.now.to_move, answer);
  }

  async action(name) {
    switch (name) {
      case "undo": return this.undo();
      case "end": return this.endTurn();
      case "pass": return this.endTurn();
      default: return undefined;
    }
  }

  // Takes back the last move of the turn being built (its stack picked again), or puts
  // the picked stack back.
  async undo() {
    const g = this.game;
    if (!g.moves.length) {
      if (g.selected) await this.act((game) => { game.selected = null; });
      return;
    }
    const moves = g.moves.slice(0, -1);
    const last = g.moves[g.moves.length - 1];
    const { position, events } = await this.playedSoFar(moves);
    // Nothing is left picked: the stack is back on its square, to be picked again.
    await this.act((game) => {
      game.moves = moves;
      game.now = position;
      game.events = events;
      game.selected = null;
    });
    say(_("The move {from}–{to} is taken back.", last));
  }

  // The turn as it stands: its moves, or none (a pass, TM8; after a symbol square, a stop).
  async endTurn() {
    const g = this.game;
    const answer = await this.post("/turns/apply", { position: g.start, turn: { moves: g.moves } });
    await this.finish(g.now.to_move, answer);
  }

  async finish(seat, answer) {
    const { record, at } = this;
    // Played from an earlier position of the record (Back): its later turns are dropped.
    if (record && at < record.turns.length) this.log = this.log.slice(this.log.length - at);
    this.log.unshift({ seat, events: answer.events, after: answer.position });
    if (record) {
      const moves = answer.events.filter((e) => e.type === "move").map(({ from, to }) => ({ from, to }));
      record.turns = [...record.turns.slice(0, at), {
        seat, moves, line: moves.length ? moves.map((m) => `${m.from}-${m.to}`).join(" ") : "pass", position: answer.position,
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
    if (!answer.position.over) {
      say(_("{seat}'s turn is played: {next} to move.", { seat: seatName(seat), next: seatName(answer.position.to_move) }));
    }
  }
}

export default {
  id: "spiel-der-tuerme",
  title: "Spiel der Türme",
  setupPath: `${PATH}/setup`,
  positionName: "position",
  // An empty deal number: a random deal (the page's word for it, translated).
  placeholders: { seed: N_("random") },
  // What a player is told of a turn beside what the board shows (opponent.js).
  tell: describe,
  tellable: ["tower", "symbol_square", "game_over"],
  create(shell) {
    return new SpielDerTuerme(shell);
  },
};
