// The move list beside the board, as chess sites have it: the start and every turn of a
// game's record, the position shown marked. A turn's button shows the position after it;
// ←/→ step, Home and End go to the ends; Continue from here plays on from the position
// shown (the later turns dropped); Copy game record (a game with a record notation)
// copies the record. The game module keeps the record and shows the positions:
// `record` ({turns: [{seat, line}]}, null while there is none), `at` (the turns that
// lead to the position played on), `viewing` (the position shown, null: the game's),
// `view(k)`, `continueFrom(k)`, `dot(seat)`, `viewGoals(position)` and, if it has one,
// `recordText()`.

import { drawLast } from "./board.js";
import { $, copyText, el, guard, say, svgNode } from "./core.js";
import { _, nameOf, ngettext } from "./i18n.js";

export function paintMoves(game) {
  let section = $("#moves");
  if (!section) {
    section = el("section", { id: "moves", "aria-labelledby": "moves-title" },
      el("h2", { id: "moves-title" }, _("Moves")),
      el("p", { class: "hint", id: "moves-keys" }, _("Click a turn to see the position after it; ← and → step, Home and End go to the start and the end.")),
      el("ol", { id: "move-list", "aria-describedby": "moves-keys" }),
      el("div", { class: "buttons" },
        el("button", { type: "button", id: "continue-here", hidden: true }, _("Continue from here")),
        game.recordText ? el("button", { type: "button", id: "copy-record" }, _("Copy game record")) : null));
    $("#history").before(section);
    // The position a key asked for, before the ones asked earlier are shown: keys pressed
    // quickly step on from it.
    let asked = null;
    const step = (k) => {
      if (document.body.dataset.computer === "playing") return;
      asked = k;
      guard(async () => {
        await game.view(k);
        if (asked === k) asked = null;
        const button = $(`#move-list button[data-at="${game.viewing ?? game.at}"]`);
        if (button) button.focus();
      })();
    };
    $("#move-list").addEventListener("click", (event) => {
      const button = event.target.closest("button[data-at]");
      if (button) step(Number(button.dataset.at));
    });
    $("#move-list").addEventListener("keydown", (event) => {
      const shown = asked ?? game.viewing ?? game.at;
      const last = game.record ? game.record.turns.length : 0;
      const to = { ArrowLeft: shown - 1, ArrowUp: shown - 1, ArrowRight: shown + 1, ArrowDown: shown + 1, Home: 0, End: last }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      if (to >= 0 && to <= last) step(to);
    });
    $("#continue-here").addEventListener("click", guard(async () => {
      if (game.viewing !== null && game.viewing !== undefined) await game.continueFrom(game.viewing);
    }));
    if (game.recordText) $("#copy-record").addEventListener("click", guard(async () => {
      const text = game.recordText();
      $("#notation").value = text;
      say(await copyText(text, $("#notation")) ? _("The game record is copied: paste it into the box and Open to play it again.")
        : _("The game record is in the box: copy it from there."));
    }));
  }
  const { record } = game;
  section.hidden = !record;
  if (!record) return;
  const shown = game.viewing ?? game.at;
  const item = (k, ...words) => el("li", {}, el("button", {
    type: "button", "data-at": k, "aria-current": k === shown ? "step" : null, tabindex: k === shown ? 0 : -1,
  }, ...words));
  $("#move-list").replaceChildren(item(0, _("Start")), ...record.turns.map((turn, i) =>
    item(i + 1, `${i + 1}. `, el("strong", {}, nameOf("seat", turn.seat)), " ", el("code", {}, turn.line))));
  $("#continue-here").hidden = game.viewing === null || game.viewing === undefined;
  // A game whose record cannot be written (one opened from a position) has nothing to copy.
  if (game.recordText) $("#copy-record").hidden = !game.recordText();
  const current = $("#move-list button[aria-current]");
  if (current && current.scrollIntoView && $("#move-list").scrollHeight > $("#move-list").clientHeight) {
    current.scrollIntoView({ block: "nearest" });
  }
}

// The position after `k` turns of `game`'s record, shown as it stands (nothing to
// click); `k` the record's own place goes back to the game. The game says how: `render`,
// the path of its picture, and `lastTurn(turn)`, the walks and marks a turn of its
// record leaves on the board (board.js, drawLast).
export async function viewRecord(game, k, { render, lastTurn }) {
  const { record } = game;
  if (!record) return;
  const at = Math.max(0, Math.min(k, record.turns.length));
  if (at === game.at) {
    game.viewing = null;
    delete document.body.dataset.viewing;
    await game.refresh();
    return;
  }
  const position = at ? record.turns[at - 1].position : record.position;
  const svg = svgNode(await game.api("POST", render, { position }, "image/svg+xml"));
  game.viewing = at;
  document.body.dataset.viewing = String(at);
  $("#board").replaceChildren(svg);
  if (at) drawLast(svg, lastTurn(record.turns[at - 1]));
  paintMoves(game);
  const told = at === 0 ? _("The start of the game. → steps on; End goes back to the game.")
    : _("After turn {n} ({seat}). ← and → step, End goes back to the game; Continue from here plays on from this position.",
      { n: at, seat: nameOf("seat", record.turns[at - 1].seat) });
  // The Turn panel and the goal speak of the position shown, and offer nothing to do in it.
  $("#banner").hidden = true;
  $("#turn-title").textContent = _("Earlier position");
  $("#whose").replaceChildren(...(position.over ? [_("Game over")]
    : [game.dot(position.to_move), " ", _("{seat} to move", { seat: nameOf("seat", position.to_move) })]));
  $("#instruction").textContent = _("This position is shown as it stood: nothing can be played in it.");
  $("#actions").replaceChildren();
  $("#turn-buttons").replaceChildren();
  if (game.viewGoals) await game.viewGoals(position);
  say(told);
}

// `game` goes on from the position after `k` turns of its record: the later ones are
// dropped, with their lines in the log.
export async function continueRecord(game, k) {
  const { record } = game;
  if (!record) return;
  const at = Math.max(0, Math.min(k, record.turns.length));
  const kept = keep(game);
  const dropped = record.turns.length - at;
  record.turns = record.turns.slice(0, at);
  game.log = game.log.slice(game.log.length - at);
  game.at = at;
  game.viewing = null;
  delete document.body.dataset.viewing;
  await game.begin(at ? record.turns[at - 1].position : record.position, { push: true });
  if (dropped) {
    offerBack(game, kept, ngettext("The last turn is dropped.", "The last {n} turns are dropped.", dropped));
  }
}

// The game as it stands (its record, its log and the turn it is at), to be brought back.
export function keep(game) {
  const { record, log, at } = game;
  return { record: record && { ...record, turns: [...record.turns] }, log: [...log], at };
}

// After turns were thrown away (Continue from here, Start a new game): the sentence that
// says so, with a button that brings the game `kept` back as it stood. The browser's
// Back does the same.
export function offerBack(game, kept, text) {
  if (!kept.record || !kept.record.turns.length) return;
  const button = el("button", { type: "button", id: "bring-back" }, _("Bring them back"));
  button.addEventListener("click", guard(async () => {
    Object.assign(game, { record: kept.record, log: kept.log, at: kept.at });
    const { record, at } = kept;
    await game.begin(at ? record.turns[at - 1].position : record.position, { push: true });
    say(ngettext("The game is back: {n} turn.", "The game is back: {n} turns.", record.turns.length));
  }));
  $("#message").className = "";
  $("#message").replaceChildren(text, " ", button);
}
