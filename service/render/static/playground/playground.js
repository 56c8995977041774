// The playground's entry point: the shell (core.js) around one game's module. The page
// names its game in <body data-game>, an address may name another (`?game=`); each game
// is a module in GAMES with the same methods (init, open, newGame, click, action) and
// the links at the top of the page switch between them.

import { attachBoard, focusBoard, seatOf } from "./board.js";
import {
  $, buildSetupForm, catchEverything, clearPaste, copyText, createApi, el, fail, failPaste, guard, holdAddress, readAddress,
  readPasted, releaseOnAction, say, setupParameters, setupQuery, speak, writeAddress,
} from "./core.js";
import { _, nameOf, ngettext, withLanguage } from "./i18n.js";
import { keep, offerBack } from "./moves.js";
import attachOpponent, { refusedWhileComputerPlays } from "./opponent.js";
import spielDerTuerme from "/spiel-der-tuerme/spiel-der-tuerme.js";
import terraTurrium from "/terra-turrium/terra-turrium.js";

const GAMES = { [terraTurrium.id]: terraTurrium, [spielDerTuerme.id]: spielDerTuerme };
const PAGE_GAME = GAMES[document.body.dataset.game] ? document.body.dataset.game : terraTurrium.id;

catchEverything();
releaseOnAction();

const api = createApi(document.body.dataset.api || "");
const shell = {
  api,
  // The position shown: in the notation field and in the address (`address`: what the
  // address holds instead, a game's record when its position has no short notation).
  showPosition(notation, { placing = false, push = false, turn = null, address = notation } = {}) {
    $("#notation").value = notation;
    writeAddress(address, { placing, push, turn });
  },
  // Called when a game module has drawn the board and its panels (the opponent draws the
  // Turn panel over them during the computer's turn, in the same moment).
  painted() {},
};

// The options the chosen player count (the form's first field) has: one that exists for
// other counts only (the service's `x-players`) is disabled, saying why. The form learns
// this from the service's description, so it never asks for a set-up to be refused.
function markOptions(form) {
  const [first] = [...form.elements].filter((f) => f.name);
  if (!first) return;
  for (const field of form.querySelectorAll("[data-players]")) {
    const counts = field.dataset.players.split(" ");
    const refused = !counts.includes(first.value);
    field.disabled = refused;
    const holder = field.closest("label") || field;
    const or = _(" or ");
    holder.title = refused ? _("{option} is an option of the {counts}-player game only", {
      option: nameOf("option", field.name, field.name.replace(/_/g, " ")), counts: counts.join(or),
    }) : "";
    if (refused) {
      if (field.type === "checkbox") field.checked = field.dataset.default === "true";
      else field.value = field.dataset.default;
    }
  }
}

// A player's move while the move list shows an earlier position: refused in words.
function refusedWhileViewing() {
  if (document.body.dataset.viewing === undefined) return false;
  const text = _("This is an earlier position of the game: End in the move list goes back to it, or Continue from here plays on from this one.");
  say(text);
  speak(text);
  return true;
}

// An action that keeps the focus in the page: the turn's buttons and the picture are
// drawn anew after every answer, which dropped the focus to <body>. It goes back to the
// same button when it is still offered, to the same seat's block, else to the board
// (after End turn too: the next action is on the board). A focus still in the page
// is left where it is.
// Only for a player of the keys: after a mouse click or a tap nothing is focused for
// them (the board's focus frame is a keyboard's mark, which a mouse player would see
// as a black frame that the legend does not explain).
let byKeys = false;
document.addEventListener("keydown", () => { byKeys = true; }, true);
document.addEventListener("pointerdown", () => { byKeys = false; }, true);
function keepFocus(action) {
  return async (...args) => {
    const before = document.activeElement;
    const button = before && before.closest && before.closest("#turn-buttons button[data-action]");
    const block = before && before.closest && before.closest("g.seat[data-seat]");
    try {
      await action(...args);
    } finally {
      const now = document.activeElement;
      if (byKeys && (!now || now === document.body || !now.isConnected)) {
        const name = button && !["end", "pass"].includes(button.dataset.action) ? button.dataset.action : null;
        const again = (name && $(`#turn-buttons button[data-action="${name}"]:not(:disabled)`))
          || (block && $(`g.seat[tabindex][data-seat="${CSS.escape(block.dataset.seat)}"]`));
        if (again) again.focus();
        else focusBoard();
      }
    }
  };
}

// On a narrow screen the turn (whose it is, what to do, its buttons) comes right under
// the board and the status line, before the seats' panel, so that a turn is played
// without scrolling away from the board; on a wide one it heads the column beside it.
// Moved in the document, not only drawn there, so that the keys follow the same order.
// On a phone the page's introduction goes below the game, so that the board and the
// turn's buttons are on the first screen.
const ONE_COLUMN = window.matchMedia("(max-width: 900px)");
const PHONE = window.matchMedia("(max-width: 640px)");
function placeTurn() {
  if (ONE_COLUMN.matches) $("#board-scroll").after($("#message"), $("#turn"), $("#board-panel"));
  else {
    $("#board-scroll").after($("#message"), $("#board-panel"));
    $("#side").prepend($("#turn"));
  }
  if (PHONE.matches) $("main").after($("#intro"));
  else $("#title").after($("#intro"));
}

// A board wider than its box (Spiel der Türme on a phone) scrolls sideways: a line above
// it says so, since nothing else shows that columns are out of sight.
function hintScroll() {
  const hint = el("p", { id: "scroll-hint", class: "hint", hidden: true },
    _("The board is wider than the screen: swipe it sideways to see all of it."));
  $("#board-scroll").before(hint);
  const box = $("#board-scroll");
  new ResizeObserver(() => { hint.hidden = box.scrollWidth <= box.clientWidth + 1; }).observe($("#board-frame"));
}

// The game of the address (`?game=`), else the page's.
const named = new URLSearchParams(location.search).get("game");
const chosen = GAMES[named] || GAMES[PAGE_GAME];

// The links between the games, the one played marked.
function showGames(current) {
  const link = (module) => el("a", {
    href: withLanguage(module.id === PAGE_GAME ? location.pathname : `${location.pathname}?game=${module.id}`),
    "data-game": module.id,
    "aria-current": module.id === current.id ? "page" : null,
  }, module.title);
  $("#games").replaceChildren(_("Games:"), " ", ...Object.values(GAMES).flatMap((module, i) => [i ? " · " : "", link(module)]),
    " · ", el("a", { href: withLanguage("/turm-und-leute") }, _("Turm und Leute combat")));
}

async function start() {
  placeTurn();
  ONE_COLUMN.addEventListener("change", placeTurn);
  PHONE.addEventListener("change", placeTurn);
  hintScroll();
  const module = chosen;
  const game = module.create(shell);
  const opponent = attachOpponent(game, module, shell);
  const form = $("#setup-form");
  document.body.dataset.game = module.id;
  document.title = _("{game} playground", { game: module.title });
  $("#title").textContent = document.title;
  showGames(module);

  await game.init();
  buildSetupForm($("#setup-options"), await setupParameters(api, module.setupPath), module.placeholders);
  markOptions(form);

  form.addEventListener("change", () => markOptions(form));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    guard(async () => {
      // The game put away can be brought back (as Back does).
      const kept = keep(game);
      await game.newGame(setupQuery(form));
      if (kept.record) {
        offerBack(game, kept, ngettext("The game of {n} turn is put away.", "The game of {n} turns is put away.", kept.at));
      }
    })();
  });
  $("#position-form").addEventListener("submit", (event) => {
    event.preventDefault();
    guard(async () => {
      clearPaste();
      try {
        const pasted = readPasted($("#notation").value);
        // A link to the other game's playground opens there.
        if (pasted.link && (pasted.game || PAGE_GAME) !== module.id) {
          location.assign(pasted.link);
          return;
        }
        await game.open(pasted, { push: true });
      } catch (error) {
        // Said under the box, where the player is looking.
        failPaste(error);
      }
    })();
  });
  $("#notation").addEventListener("input", clearPaste);
  $("#notation").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      $("#position-form").requestSubmit();
    }
  });
  $("#copy-notation").addEventListener("click", guard(async () => {
    const copied = await copyText($("#notation").value, $("#notation"));
    if (module.positionName) say(copied ? _("The position is copied.") : _("Press Ctrl+C to copy the position."));
    else say(copied ? _("The notation is copied.") : _("Press Ctrl+C to copy the notation."));
  }));
  $("#copy-link").addEventListener("click", guard(async () => {
    say(await copyText(location.href) ? _("The link to this position is copied.")
      : _("The link is the page's address: {address}", { address: location.href }));
  }));
  // A player's move (a click, a key, a button of the turn): refused at once while the
  // computer plays, else done after whatever the page is still doing.
  const move = (action) => (...args) => (refusedWhileComputerPlays() || refusedWhileViewing() ? undefined
    : guard(keepFocus(action))(...args));
  const seat = (id) => move(() => (game.seat ? game.seat(id) : undefined))();
  $("#board").addEventListener("click", (event) => {
    const square = event.target.closest("[data-square]");
    if (square) move(() => game.click(square.dataset.square))();
  });
  $("#stage").addEventListener("click", (event) => {
    const id = event.target instanceof Element && event.target.closest("svg") ? seatOf(event.target) : null;
    if (id) seat(id);
  });
  attachBoard({
    activate: (square) => move(() => game.click(square))(),
    cancel: () => move(() => (game.cancel ? game.cancel() : undefined))(),
    seat,
  });
  $("#turn-buttons").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (button) move(() => game.action(button.dataset.action))();
  });
  // Back and Forward: the computer's turn, if one is being played, is broken off at once
  // and writes nothing over the entry the browser went to; that entry's game and players
  // are opened once whatever the page is doing is done.
  window.addEventListener("popstate", () => {
    if (opponent) opponent.stop();
    holdAddress(true);
    guard(() => {
      holdAddress(false);
      return openAddress(game, form, opponent);
    })();
  });

  // A first visit, which opens no position: a game for two, the second seat the
  // computer's (one click under Players makes it a person's).
  if (!readAddress().position) {
    if (form.elements.players && [...form.elements.players.options || []].some((o) => o.value === "2")) {
      form.elements.players.value = "2";
      markOptions(form);
    }
    if (opponent && readAddress().computer === null) opponent.firstGame();
  }
  await openAddress(game, form, opponent);
  if (named && !GAMES[named]) say(_("There is no game \"{name}\" here: this is {game}.", { name: named, game: module.title }));
}

// The position of the address, or else a new game as the form stands (the service's
// defaults).
async function openAddress(game, form, opponent) {
  const address = readAddress();
  // The address's players (none named in an address with a position: people only).
  if (opponent && (address.computer !== null || address.position)) opponent.adopt(address.computer);
  if (address.position) {
    try {
      await game.open(address);
      return;
    } catch (error) {
      await game.newGame(setupQuery(form), { push: false });
      fail(error);
      return;
    }
  }
  await game.newGame(setupQuery(form), { push: false });
}

guard(start)();
