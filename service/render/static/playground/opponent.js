// Play against the computer: any seat may be played by the service's own player
// (/v1/turns/suggest, /v1/spiel-der-tuerme/turns/suggest) at level 1, 2 or 3; the others
// stay with the people at the screen (hot seat). The computer's turn is played through
// the game module's own actions, one at a time with a pause between them, so the board
// shows each stone taken, each stone placed and each walk (in Spiel der Türme each
// stack picked and moved) as a person would play it.
//
// The game modules know nothing of this: attachOpponent() wraps the module's refresh (to
// notice whose turn it is), click and action (to keep people's hands off the computer's
// turn), and adds its panel to the side of the page. Each step is read out as it is
// played (the live region), with what it did that the board alone does not tell: a
// capture, a tower built, a goal met (the module's `tell` and `tellable`).

import { $, $$, el, guard, say, setAddressSeats, speak } from "./core.js";
import { _, N_, nameOf } from "./i18n.js";

const LEVELS = [["person", N_("a person")], ["1", N_("computer, level 1 (beginner)")], ["2", N_("computer, level 2")],
  ["3", N_("computer, level 3 (searches)")]];
const PAUSES = [["1200", N_("slow")], ["600", N_("normal")], ["150", N_("fast")]];
const seatName = (id) => nameOf("seat", id);

const WAIT = N_("The computer is playing this seat: wait for its turn to end, or make the seat a person's under Players.");

// A person's click or key while the computer plays: refused at once, rather than kept
// until the computer's turn is over and then played as the next seat's action.
export function refusedWhileComputerPlays() {
  if (document.body.dataset.computer !== "playing") return false;
  say(_(WAIT), { hold: true });
  speak(_(WAIT));
  return true;
}

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
const seed = () => Math.floor(Math.random() * 2 ** 32);

// What each game needs: its seats, whose turn it is, and its turn played step by step.
const GAMES = {
  "terra-turrium": {
    path: "/v1/turns/suggest",
    seats: (g) => g.start.seats.map((seat) => seat.id),
    // The seat whose action is awaited: the one placing turrians at set-up (S3), else the mover.
    seat: (g) => (g.placing ? g.start.seats[g.placer].id : g.over ? null : g.now.to_move),
    fresh: (g) => g.placing || (!g.plan.take.length && !g.plan.place.length && !g.plan.move.length),
    // The steps of a suggested turn, each a function of the game module.
    steps(game, answer) {
      const g = game.game;
      if (g.placing) {
        const seat = g.start.seats[g.placer].id;
        const entry = (answer.setup || []).find((e) => e.seat === seat);
        return (entry ? entry.turrians : []).map((square) => ({
          say: [N_("{seat} (computer) puts a turrian on {square}."), { square }],
          run: () => game.clickSetUp(square),
        }));
      }
      const { take, place, move } = answer.turn;
      const steps = [
        ...take.map((square) => ({
          say: [N_("{seat} (computer) takes a stone from {square}."), { square }],
          run: () => game.act((s) => { s.plan.take.push(square); }),
        })),
        ...place.map((square) => ({
          say: [N_("{seat} (computer) places a stone on {square}."), { square }],
          run: () => game.act((s) => { s.plan.place.push(square); }),
        })),
      ];
      move.forEach((segment) => {
        const end = segment.path[segment.path.length - 1];
        steps.push({
          say: segment.from === "reserve" ? [N_("{seat} (computer) picks the turrian in reserve.")]
            : [N_("{seat} (computer) picks the turrian on {square}."), { square: segment.from }],
          run: () => game.act((s) => { s.goingOn = true; s.selected = segment.from; }),
        });
        steps.push({
          say: [N_("{seat} (computer) walks it to {square}."), { square: end }],
          run: () => game.act((s) => { s.plan.move.push(segment); s.selected = null; }),
        });
      });
      steps.push({ say: [N_("{seat} (computer) ends the turn.")], run: () => game.end() });
      return steps;
    },
  },
  "spiel-der-tuerme": {
    path: "/v1/spiel-der-tuerme/turns/suggest",
    seats: (g) => [...g.start.seats],
    seat: (g) => (g.now.over ? null : g.now.to_move),
    fresh: (g) => !g.moves.length,
    steps(game, answer) {
      const { moves } = answer.turn;
      const steps = [];
      moves.forEach(({ from, to }) => {
        steps.push({
          say: [N_("{seat} (computer) picks the stack on {square}."), { square: from }],
          run: () => game.act((s) => { s.selected = from; }),
        });
        steps.push({ say: [N_("{seat} (computer) moves it to {square}."), { square: to }], run: () => game.play(to) });
      });
      // A pass (TM8), or a stop after a symbol square (TM7): the module ends the turn.
      steps.push({
        say: moves.length ? [N_("{seat} (computer) ends the turn.")] : [N_("{seat} (computer) cannot move and passes.")],
        run: () => (game.game.now.to_move === game.game.start.to_move && !game.game.now.over ? game.endTurn() : undefined),
      });
      return steps;
    },
  },
};

class Opponent {
  constructor(game, module, shell) {
    this.game = game;
    this.module = module;
    this.rules = GAMES[module.id];
    this.api = shell.api;
    this.players = new Map(); // seat id → "person" or a level
    this.pause = 600;
    this.playing = null; // the game state object whose turn the computer is playing
    this.turn = 0; // counts the computer's turns begun and broken off (stop())
    this.seats = [];
    // A newcomer's first game: the last seat is the computer's at level 2 (firstGame()).
    this.newcomer = false;
    this.panel();
    shell.painted = () => {
      if (this.isComputerTurn()) this.paintTurn();
    };
  }

  // The first game of a visit that opens no position: against the computer.
  firstGame() {
    this.newcomer = true;
  }

  // Who plays each seat as the address writes it: "red:2,blue:1" (setAddressSeats).
  seatsText() {
    return [...this.players.entries()].filter(([, chosen]) => chosen !== "person")
      .map(([seat, chosen]) => `${seat}:${chosen}`).join(",");
  }

  // The seats' players of an address (a reload, Back, a link): `text` as seatsText()
  // writes it, null or "" for people only.
  adopt(text) {
    this.newcomer = false;
    this.players.clear();
    for (const part of (text || "").split(",")) {
      const [seat, level] = part.split(":");
      if (seat && ["1", "2", "3"].includes(level)) this.players.set(seat, level);
    }
    this.seats = [];
    setAddressSeats(this.seatsText());
  }

  // The computer's turn broken off (the browser went Back or Forward to another turn):
  // its next step is not played.
  stop() {
    this.turn += 1;
  }

  // The panel: who plays each seat, and how long the computer pauses between steps.
  panel() {
    const section = el("section", { id: "opponent", "aria-labelledby": "opponent-title" },
      el("h2", { id: "opponent-title" }, _("Players")),
      el("p", { class: "hint" }, _("Play against the computer: choose who plays each seat. The computer plays its turn step by step.")),
      el("div", { id: "opponent-seats" }),
      el("div", { class: "buttons" }, el("button", { type: "button", id: "opponent-switch" })),
      el("label", { for: "opponent-pause" }, _("Computer's pace") + " "),
      el("select", { id: "opponent-pause" }, PAUSES.map(([value, text]) =>
        el("option", { value, selected: Number(value) === this.pause }, _(text)))));
    ($("#history") || $("#turn")).after(section);
    // One click between the two ways to play: against the computer (the last seat at
    // level 2) and people only.
    $("#opponent-switch", section).addEventListener("click", () => {
      const computer = [...this.players.values()].some((chosen) => chosen !== "person");
      this.players.clear();
      if (!computer && this.seats.length) this.players.set(this.seats[this.seats.length - 1], "2");
      this.seats = [];
      setAddressSeats(this.seatsText());
      this.check();
    });
    section.addEventListener("change", (event) => {
      const { target } = event;
      if (target.id === "opponent-pause") this.pause = Number(target.value);
      else if (target.dataset.seat) {
        this.players.set(target.dataset.seat, target.value);
        setAddressSeats(this.seatsText());
      }
      this.check();
    });
  }

  paintSeats() {
    const g = this.game.game;
    if (!g) return;
    const seats = this.rules.seats(g);
    if (this.newcomer && seats.length) {
      this.newcomer = false;
      this.players.set(seats[seats.length - 1], "2");
      this.seats = [];
      setAddressSeats(this.seatsText());
    }
    const computer = [...this.players.entries()].some(([seat, chosen]) => seats.includes(seat) && chosen !== "person");
    const button = $("#opponent-switch");
    button.textContent = computer ? _("Play with people only") : _("Play against the computer");
    button.dataset.against = computer ? "computer" : "people";
    if (seats.join() === this.seats.join()) return;
    this.seats = seats;
    $("#opponent-seats").replaceChildren(...seats.map((seat) => el("div", { class: "opponent-seat" },
      el("label", { for: `opponent-${seat}` }, `${seatName(seat)}: `),
      el("select", { id: `opponent-${seat}`, "data-seat": seat }, LEVELS.map(([value, text]) =>
        el("option", { value, selected: (this.players.get(seat) || "person") === value }, _(text)))))));
  }

  level(seat) {
    const chosen = seat === null ? "person" : this.players.get(seat) || "person";
    return chosen === "person" ? null : Number(chosen);
  }

  // Whether the seat whose action is awaited is the computer's.
  isComputerTurn() {
    const g = this.game.game;
    return Boolean(g) && this.level(this.rules.seat(g)) !== null;
  }

  // After every refresh: the panel, and the computer's turn if it is one.
  check() {
    this.paintSeats();
    if (!this.isComputerTurn()) return;
    if (this.playing) return;
    this.playing = this.game.game;
    this.step = null;
    document.body.dataset.computer = "playing";
    this.paintTurn();
    setTimeout(guard(() => this.play()), this.pause);
  }

  // The Turn panel during the computer's turn speaks of it, not to the person: who plays,
  // the step it is at; the person's buttons are off (and the board's frames of what a
  // person may click, playground.css).
  paintTurn() {
    const g = this.game.game;
    const seat = this.rules.seat(g);
    const level = this.level(seat);
    const dot = $("#whose svg.dot");
    $("#whose").replaceChildren(...(dot ? [dot, " "] : []),
      _("{seat} (computer, level {level}) is playing its turn", { seat: seatName(seat), level }));
    $("#instruction").textContent = this.step || _("{seat} (computer, level {level}) is thinking…", { seat: seatName(seat), level });
    for (const button of $$("#turn-buttons button")) button.disabled = true;
  }

  // What `events` did that a player hears rather than sees: "yellow captured red's
  // turrian on g6 (attack)." (the module's sentences, after the seat they are of).
  told(events, seat) {
    const { tell, tellable = [] } = this.module;
    if (!tell) return [];
    return events.filter((e) => tellable.includes(e.type)).map((e) => `${seatName(e.seat || seat)} ${tell(e)}.`);
  }

  async play() {
    const { game } = this;
    const g = game.game;
    const seat = this.rules.seat(g);
    const level = this.level(seat);
    const turn = this.turn;
    try {
      if (g !== this.playing || level === null) return;
      if (!this.rules.fresh(g)) {
        // A turn a person began: the computer plays it from its start.
        await game.act((s) => { s.plan = { take: [], place: [], move: [] }; s.moves = []; s.selected = null; });
      }
      this.paintTurn();
      const answer = await this.api("POST", this.rules.path, { position: g.start, level, seed: seed() });
      // The turn's events so far: the game's while the turn is built, the log's once it is played.
      const events = () => (game.game === g ? g.events || [] : (game.log[0] && game.log[0].events) || []);
      for (const step of this.rules.steps(game, answer)) {
        // A new game, the turn ended (it passed to the next seat), or Back or Forward.
        if (game.game !== g || this.turn !== turn) break;
        const said = _(step.say[0], { seat: seatName(seat), ...step.say[1] });
        this.step = said;
        $("#instruction").textContent = said;
        const before = events().length;
        // eslint-disable-next-line no-await-in-loop
        await sleep(this.pause);
        // eslint-disable-next-line no-await-in-loop
        await step.run();
        speak([said, ...this.told(events().slice(before), seat)].join(" "));
      }
    } finally {
      this.playing = null;
      this.step = null;
      delete document.body.dataset.computer;
    }
    if (this.turn === turn) this.check();
  }
}

// Hooks the computer players into a game module (its refresh, click and action).
export default function attachOpponent(game, module, shell) {
  if (!GAMES[module.id]) return null;
  const opponent = new Opponent(game, module, shell);
  const { refresh, click, action } = game;
  game.refresh = async function refreshed(...args) {
    const result = await refresh.apply(this, args);
    opponent.check();
    return result;
  };
  const handsOff = (original) => async function guarded(...args) {
    if (opponent.playing || opponent.isComputerTurn()) {
      say(_(WAIT));
      return undefined;
    }
    return original.apply(this, args);
  };
  game.click = handsOff(click);
  game.action = handsOff(action);
  return opponent;
}
