// The playground's entry point: the shell (core.js) around one game's module. The page
// names its game in <body data-game>, an address may name another (`?game=`); each game
// is a module in GAMES with the same methods (init, open, newGame, click, action) and
// the links at the top of the page switch between them.

import {
  $, Problem, buildSetupForm, catchEverything, copyText, createApi, el, fail, guard, readAddress,
  readPasted, say, setupParameters, setupQuery, writeAddress,
} from "./core.js";
import attachOpponent from "./opponent.js";
import spielDerTuerme from "./spiel-der-tuerme.js";
import terraTurrium from "./terra-turrium.js";

const GAMES = { [terraTurrium.id]: terraTurrium, [spielDerTuerme.id]: spielDerTuerme };
const PAGE_GAME = GAMES[document.body.dataset.game] ? document.body.dataset.game : terraTurrium.id;

catchEverything();

const api = createApi(document.body.dataset.api || "");
const shell = {
  api,
  // The position shown: in the notation field and in the address.
  showPosition(notation, { placing = false, push = false } = {}) {
    $("#notation").value = notation;
    writeAddress(notation, { placing, push });
  },
};

// Which values of each option the service accepts with the chosen player count (the
// form's first field): a refused one is disabled, with the service's reason as its title.
// A number field (a seed) goes into every question as it stands, or at its minimum.
const accepted = new Map();
async function markAcceptedOptions(form, setupPath) {
  const [first, ...others] = [...form.elements].filter((f) => f.name);
  if (!first) return;
  const given = Object.fromEntries(others.filter((f) => f.type === "number")
    .map((f) => [f.name, f.value && f.checkValidity() ? f.value : f.min]));
  const probes = [];
  for (const field of others.filter((f) => f.type === "checkbox" || f.tagName === "SELECT")) {
    const alternatives = field.type === "checkbox"
      ? [[field, String(field.dataset.default !== "true")]]
      : [...field.options].filter((o) => o.value !== field.dataset.default).map((o) => [o, o.value]);
    for (const [target, value] of alternatives) {
      const query = new URLSearchParams({ [first.name]: first.value, ...given, [field.name]: value });
      const key = query.toString();
      if (!accepted.has(key)) {
        accepted.set(key, api("GET", `${setupPath}?${key}`).then(() => null, (error) => error));
      }
      probes.push(accepted.get(key).then((refusal) => {
        target.disabled = refusal !== null;
        (field.type === "checkbox" ? field.closest("label") : target).title =
          refusal instanceof Problem ? `${refusal.message}${refusal.rule ? ` (${refusal.rule})` : ""}` : "";
        if (refusal !== null) {
          if (field.type === "checkbox") field.checked = field.dataset.default === "true";
          else if (target.selected) field.value = field.dataset.default;
        }
      }));
    }
  }
  await Promise.all(probes);
}

// The game of the address (`?game=`), else the page's.
const named = new URLSearchParams(location.search).get("game");
const chosen = GAMES[named] || GAMES[PAGE_GAME];

// The links between the games, the one played marked.
function showGames(current) {
  const link = (module) => el("a", {
    href: module.id === PAGE_GAME ? location.pathname : `${location.pathname}?game=${module.id}`,
    "data-game": module.id,
    "aria-current": module.id === current.id ? "page" : null,
  }, module.title);
  $("#games").replaceChildren("Games: ", ...Object.values(GAMES).flatMap((module, i) => [i ? " · " : "", link(module)]));
}

async function start() {
  const module = chosen;
  const game = module.create(shell);
  attachOpponent(game, module, shell);
  const form = $("#setup-form");
  document.body.dataset.game = module.id;
  document.title = `${module.title} playground`;
  $("#title").textContent = `${module.title} playground`;
  showGames(module);

  await game.init();
  buildSetupForm($("#setup-options"), await setupParameters(api, module.setupPath), module.placeholders);
  await markAcceptedOptions(form, module.setupPath);

  form.addEventListener("change", guard(() => markAcceptedOptions(form, module.setupPath)));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    guard(() => game.newGame(setupQuery(form)))();
  });
  $("#position-form").addEventListener("submit", (event) => {
    event.preventDefault();
    guard(() => {
      const pasted = readPasted($("#notation").value);
      // A link to the other game's playground opens there.
      if (pasted.link && (pasted.game || PAGE_GAME) !== module.id) {
        location.assign(pasted.link);
        return undefined;
      }
      return game.open(pasted, { push: true });
    })();
  });
  $("#notation").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      $("#position-form").requestSubmit();
    }
  });
  $("#copy-notation").addEventListener("click", guard(async () => {
    const what = module.positionName || "notation";
    say(await copyText($("#notation").value, $("#notation")) ? `The ${what} is copied.` : `Press Ctrl+C to copy the ${what}.`);
  }));
  $("#copy-link").addEventListener("click", guard(async () => {
    say(await copyText(location.href) ? "The link to this position is copied." : `The link is the page's address: ${location.href}`);
  }));
  $("#board").addEventListener("click", (event) => {
    const square = event.target.closest("[data-square]");
    if (square) guard(() => game.click(square.dataset.square))();
  });
  $("#turn-buttons").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (button) guard(() => game.action(button.dataset.action))();
  });
  window.addEventListener("popstate", guard(() => openAddress(game, form)));

  await openAddress(game, form);
  if (named && !GAMES[named]) say(`There is no game "${named}" here: this is ${module.title}.`);
}

// The position of the address, or else a new game as the form stands (the service's
// defaults).
async function openAddress(game, form) {
  const address = readAddress();
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
