// The playground's entry point: the shell (core.js) around one game's module. The page
// names its game in <body data-game>; a second game is one more module in GAMES, with
// the same methods as terra-turrium.js (init, open, newGame, click, action).

import {
  $, Problem, buildSetupForm, catchEverything, copyText, createApi, fail, guard, readAddress,
  readPasted, say, setupParameters, setupQuery, writeAddress,
} from "./core.js";
import terraTurrium from "./terra-turrium.js";

const GAMES = { [terraTurrium.id]: terraTurrium };

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
const accepted = new Map();
async function markAcceptedOptions(form, setupPath) {
  const [first, ...others] = [...form.elements].filter((f) => f.name);
  if (!first) return;
  const probes = [];
  for (const field of others) {
    const alternatives = field.type === "checkbox"
      ? [[field, String(field.dataset.default !== "true")]]
      : [...field.options].filter((o) => o.value !== field.dataset.default).map((o) => [o, o.value]);
    for (const [target, value] of alternatives) {
      const query = new URLSearchParams({ [first.name]: first.value, [field.name]: value });
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

async function start() {
  const module = GAMES[document.body.dataset.game] || terraTurrium;
  const game = module.create(shell);
  const form = $("#setup-form");

  await game.init();
  buildSetupForm($("#setup-options"), await setupParameters(api, module.setupPath));
  await markAcceptedOptions(form, module.setupPath);

  form.addEventListener("change", guard(() => markAcceptedOptions(form, module.setupPath)));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    guard(() => game.newGame(setupQuery(form)))();
  });
  $("#position-form").addEventListener("submit", (event) => {
    event.preventDefault();
    guard(() => game.open(readPasted($("#notation").value), { push: true }))();
  });
  $("#notation").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      $("#position-form").requestSubmit();
    }
  });
  $("#copy-notation").addEventListener("click", guard(async () => {
    say(await copyText($("#notation").value, $("#notation")) ? "The notation is copied." : "Press Ctrl+C to copy the notation.");
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
  window.addEventListener("popstate", guard(() => openAddress(game)));

  await openAddress(game);
}

// The position of the address, or else a new game with the service's defaults.
async function openAddress(game) {
  const address = readAddress();
  if (address.position) {
    try {
      await game.open(address);
      return;
    } catch (error) {
      await game.newGame(new URLSearchParams(), { push: false });
      fail(error);
      return;
    }
  }
  await game.newGame(new URLSearchParams(), { push: false });
}

guard(start)();
