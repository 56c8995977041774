// The board for every player: the service's picture (#board) with a grid of the page's
// own over it (#grid, role=grid), so that the squares can be reached with the keyboard
// and by screen readers; and a picture that stays legible from a phone to a wide screen.
//
// Why an overlay rather than roles inside the picture: the picture is the service's
// answer (/v1/render), the same bytes for every client, and its squares are drawn in
// board order without rows. The page's own grid is a second SVG with the picture's
// viewBox laid over it: a row per rank, a focusable cell per square exactly over the
// square (placed by attributes, so no inline style is needed), named in words; the
// picture is left as it is, and mouse clicks go through the grid to it.
//
// Keys on the grid: arrows move between squares, Home/End to the ends of a rank,
// Enter/Space act as a click, Escape puts a picked piece back. The cell of the last
// square used keeps the grid's one place in the tab order.

import { $, $$, SVG_NS } from "./core.js";
import { _, nameOf, ngettext } from "./i18n.js";

// Narrower than this, the board and the seats' panel are shown one above the other,
// each as large as the width allows.
const NARROW = "(max-width: 640px)";
// No text of the picture is drawn smaller than this many CSS pixels.
const MIN_TEXT = 12;
// Nor a square of Spiel der Türme (14 files wide) smaller than this: on a phone its board
// is then wider than the screen and scrolls sideways in its own box.
const MIN_SQUARE = 32;

let handlers = { activate() {}, cancel() {}, seat() {} };
let current = null; // the square whose cell is in the tab order

// Sets up the grid beside #board; `activate(square)`, `cancel()` and `seat(id)` are the
// game's answers to a key or a click on a seat's panel.
export function attachBoard(given) {
  handlers = { ...handlers, ...given };
  const board = $("#board");
  new MutationObserver(() => refreshBoard()).observe(board, { childList: true });
  $("#grid").addEventListener("keydown", onKey);
  $("#grid").addEventListener("focusin", (event) => {
    const cell = event.target.closest("[data-square]");
    if (cell) rove(cell.dataset.square, false);
  });
  $("#stage").addEventListener("keydown", (event) => {
    const block = event.target instanceof Element ? event.target.closest("g.seat[tabindex]") : null;
    if (block && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      handlers.seat(block.dataset.seat);
    }
  });
  window.matchMedia(NARROW).addEventListener("change", () => refreshBoard());
  let width = 0;
  new ResizeObserver(() => {
    const now = $("#stage").clientWidth;
    if (now !== width) {
      width = now;
      if (picture()) zoom(picture());
      legible();
    }
  }).observe($("#stage"));
}

const picture = () => $("#board > svg");

// After every new picture: its layout, its text sizes, the grid's cells and names.
export function refreshBoard() {
  const svg = picture();
  if (!svg) return;
  layout(svg);
  legible();
  buildGrid(svg);
  placeSeats();
}

// -------------------------------------------------------------------------- layout

// A phone shows the board alone in #board, cut to it (its coordinates and captions
// included), and the seats' panel below as a second view of the same picture. So does
// Spiel der Türme at every width: its board is 14 files wide, and beside it the panel's
// lines, drawn at the picture's small scale and then enlarged to be legible, ran into
// each other.
function layout(svg) {
  if (!svg.dataset.viewBox) svg.dataset.viewBox = svg.getAttribute("viewBox");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  const panelView = $("#board-panel");
  const panel = $("g.panel", svg);
  if (!panel || !(window.matchMedia(NARROW).matches || svg.classList.contains("spiel-der-tuerme"))) {
    svg.setAttribute("viewBox", svg.dataset.viewBox);
    panelView.replaceChildren();
    panelView.hidden = true;
    return;
  }
  const panelBox = panel.getBBox();
  const [, , , height] = svg.dataset.viewBox.split(" ").map(Number);
  const boardRight = panelBox.x - 8;
  svg.setAttribute("viewBox", `0 0 ${boardRight} ${height}`);
  const copy = svg.cloneNode(true);
  for (const node of $$("defs, g.board, g.plan, g.coordinates, g.territories, g.quarters, title", copy)) node.remove();
  copy.setAttribute("viewBox", `${panelBox.x - 6} ${panelBox.y - 6} ${panelBox.width + 12} ${panelBox.height + 12}`);
  copy.setAttribute("aria-hidden", "true");
  copy.removeAttribute("role");
  panelView.replaceChildren(copy);
  panelView.hidden = false;
  zoom(svg);
}

// Spiel der Türme's board on a phone: squares of MIN_SQUARE pixels at least, the board
// scrolling sideways in its box (#board-scroll) where the screen is narrower.
function zoom(svg) {
  const frame = $("#board-frame");
  svg.classList.remove("zoomed");
  frame.classList.remove("zoomed");
  svg.removeAttribute("width");
  if (!window.matchMedia(NARROW).matches || !svg.classList.contains("spiel-der-tuerme")) return;
  const square = $("g[data-square] rect", svg);
  const box = svg.viewBox.baseVal;
  const room = $("#board-scroll").clientWidth;
  if (!square || !box || !box.width || !room) return;
  const cell = Number(square.getAttribute("width"));
  if ((room / box.width) * cell >= MIN_SQUARE) return;
  svg.setAttribute("width", String(Math.ceil((box.width * MIN_SQUARE) / cell)));
  svg.classList.add("zoomed");
  frame.classList.add("zoomed");
}

// Every text of the pictures at least MIN_TEXT CSS pixels high: a text drawn smaller at
// the picture's present scale is enlarged (its own size is kept to go back to). Not the
// marks of the turn being built (T1, P1, M1): enlarged on a phone they covered the height
// and the turrian of their square; they keep to the band below them, and the square's
// description and the turn's list say the same in words.
function legible() {
  for (const svg of [picture(), $("#board-panel > svg")]) {
    if (!svg) continue;
    const box = svg.viewBox.baseVal;
    const width = svg.getBoundingClientRect().width;
    if (!box || !box.width || !width) continue;
    const scale = width / box.width;
    for (const text of $$("text", svg)) {
      if (text.classList.contains("pick")) continue;
      if (!text.dataset.size) text.dataset.size = String(parseFloat(getComputedStyle(text).fontSize) || 12);
      const needed = Math.ceil((MIN_TEXT / scale) * 10) / 10;
      text.setAttribute("font-size", String(Math.max(Number(text.dataset.size), needed)));
      fitBadge(text);
    }
  }
}

// A square's badge (a cost, a target height: a rounded box in its upper right corner with
// the label on it) grows with its label and stays inside its square: enlarged alone, the
// label ran over the box and was cut off by the square beside it.
function fitBadge(text) {
  const badge = text.previousElementSibling;
  const square = text.closest("g[data-square]");
  if (!text.classList.contains("label") || !square || !badge || badge.tagName !== "rect" || !badge.hasAttribute("rx")) return;
  const side = Number(square.querySelector("rect").getAttribute("width"));
  for (const [node, names] of [[badge, ["x", "y", "width", "height"]], [text, ["x", "y"]]]) {
    for (const name of names) if (!node.dataset[name]) node.dataset[name] = node.getAttribute(name);
  }
  const k = Number(text.getAttribute("font-size")) / Number(text.dataset.size);
  const width = Number(badge.dataset.width) * k;
  const height = Number(badge.dataset.height) * k;
  const x = Math.max(0, Math.min(Number(badge.dataset.x), side - 1 - width));
  const y = Number(badge.dataset.y);
  badge.setAttribute("x", String(x));
  badge.setAttribute("width", String(width));
  badge.setAttribute("height", String(height));
  text.setAttribute("x", String(x + width / 2));
  text.setAttribute("y", String(y + (Number(text.dataset.y) - y) * k));
}

// ---------------------------------------------------------------------------- grid

const FILE = (name) => name.match(/^[a-z]+/)[0];
const RANK = (name) => Number(name.match(/\d+$/)[0]);

// What a square holds and offers, in words: the square, its height, a turrian or a
// stack, what the highlight says, and the marks of this turn.
function describe(g, svg) {
  const name = g.dataset.square;
  const classes = g.classList;
  const words = [name];
  const title = $("title", g);
  const label = $("text.label", g);
  if (svg.classList.contains("spiel-der-tuerme")) {
    if (title) words.splice(0, 1, title.textContent);
    if (classes.contains("origin")) words.push(_("picked, Escape puts it back"));
    if (classes.contains("move")) words.push(_("it can go here, height {height}, the move ends the turn", { height: label ? label.textContent : "" }));
    if (classes.contains("continue")) words.push(_("it can go here, a symbol square: you may move again"));
    if (classes.contains("end")) words.push(_("it can go here, the move ends the game"));
    if (classes.contains("movable")) words.push(_("may move"));
  } else {
    words.push(_("height {height}", g.dataset));
    const turrian = $("circle.turrian", g);
    if (turrian) words.push(_("{seat} turrian", { seat: nameOf("seat", turrian.dataset.seat) }));
    if (classes.contains("out-of-play")) words.push(_("out of play"));
    if (classes.contains("origin")) words.push(_("picked, Escape puts it back"));
    if (classes.contains("removal")) words.push(_("may be taken"));
    if (classes.contains("placement")) {
      words.push(document.body.hasAttribute("data-setting-up") ? _("a turrian may go here") : _("a stone may go here"));
    }
    if (classes.contains("mark")) words.push(_("may move"));
    const cost = label ? Number(label.textContent) : NaN;
    if (classes.contains("reach")) {
      words.push(ngettext("it can go here for {n} point", "it can go here for {n} points", cost, { n: label ? label.textContent : "?" }));
    }
    if (classes.contains("capture")) {
      words.push(ngettext("it captures here, for {n} point", "it captures here, for {n} points", cost, { n: label ? label.textContent : "?" }));
    }
  }
  const last = $$(`g.last text[data-square="${name}"]`, svg).map((t) => t.dataset.words);
  if (last.length) words.push(_("last turn: {marks}", { marks: last.join(", ") }));
  const picks = $$(`g.plan text.pick[data-square="${name}"]`, svg).map((t) => t.textContent);
  if (picks.length) words.push(_("this turn: {picks}", { picks: picks.join(" ") }));
  return words.join(", ");
}

const OFFERED = "g.removal, g.placement, g.reach, g.capture, g.mark, g.origin, g.move, g.continue, g.end, g.movable";

const svgElement = (tag, attributes) => {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
};

function buildGrid(svg) {
  const grid = $("#grid");
  const squares = $$("g[data-square]", svg);
  const key = squares.map((g) => g.dataset.square).join(" ");
  const focused = document.activeElement && grid.contains(document.activeElement);
  if (grid.dataset.squares !== key) {
    // A new board (another game): rows of ranks, the highest on top as drawn.
    const ranks = [...new Set(squares.map((g) => RANK(g.dataset.square)))].sort((a, b) => b - a);
    grid.replaceChildren(...ranks.map((rank) => {
      const row = svgElement("g", { role: "row", "data-rank": rank });
      row.append(...squares.filter((g) => RANK(g.dataset.square) === rank).map((g) =>
        svgElement("rect", { role: "gridcell", "data-square": g.dataset.square, tabindex: -1, rx: 3 })));
      return row;
    }));
    grid.dataset.squares = key;
    if (!squares.some((g) => g.dataset.square === current)) current = null;
  }
  grid.setAttribute("viewBox", svg.getAttribute("viewBox"));
  for (const g of squares) {
    const cell = $(`rect[data-square="${g.dataset.square}"]`, grid);
    const { e, f } = g.transform.baseVal.consolidate().matrix;
    const size = Number($("rect", g).getAttribute("width"));
    for (const [name, value] of Object.entries({ x: e - 2, y: f - 2, width: size + 4, height: size + 4 })) {
      cell.setAttribute(name, String(value));
    }
    cell.setAttribute("aria-label", describe(g, svg));
    cell.setAttribute("aria-selected", String(g.classList.contains("origin")));
  }
  if (current === null) {
    // The first square on offer, else the first in play (never a corner out of play).
    const offered = $(OFFERED, svg) || squares.find((g) => !g.classList.contains("out-of-play")) || squares[0];
    current = offered.dataset.square;
  }
  rove(current, focused);
}

// The focus on the board: on the cell that has its tab stop.
export function focusBoard() {
  const cell = $("#grid rect[tabindex='0']");
  if (cell) cell.focus();
  return Boolean(cell);
}

// The cell of `square` takes the grid's tab stop (and the focus).
function rove(square, focus) {
  current = square;
  for (const cell of $$("#grid rect[role=gridcell]")) {
    const here = cell.dataset.square === square;
    cell.tabIndex = here ? 0 : -1;
    if (here && focus) cell.focus();
  }
}

function onKey(event) {
  const cell = event.target.closest("rect[role=gridcell]");
  if (!cell) return;
  const square = cell.dataset.square;
  const row = cell.parentElement;
  const cells = [...row.children];
  const rows = [...$("#grid").children];
  const column = cells.indexOf(cell);
  let target = null;
  switch (event.key) {
    case "ArrowLeft": target = cells[column - 1]; break;
    case "ArrowRight": target = cells[column + 1]; break;
    case "ArrowUp": target = rows[rows.indexOf(row) - 1] ? rows[rows.indexOf(row) - 1].children[column] : null; break;
    case "ArrowDown": target = rows[rows.indexOf(row) + 1] ? rows[rows.indexOf(row) + 1].children[column] : null; break;
    case "Home": target = event.ctrlKey ? rows[0].children[0] : cells[0]; break;
    case "End": target = event.ctrlKey ? rows[rows.length - 1].lastElementChild : cells[cells.length - 1]; break;
    case "Enter":
    case " ":
      event.preventDefault();
      handlers.activate(square);
      return;
    case "Escape":
      event.preventDefault();
      handlers.cancel();
      return;
    default:
      return;
  }
  event.preventDefault();
  if (target) rove(target.dataset.square, true);
}

// ------------------------------------------------------------------- the last turn

// The turn played last, on the board until the next one begins: `marks`, [square, sign,
// words] (a sign drawn in the square's upper left corner, the words its grid cell says),
// and `walks`, the squares each piece went through, drawn as a line.
export function drawLast(svg, { marks = [], walks = [] }) {
  const centre = (square) => {
    const group = $(`g[data-square="${square}"]`, svg);
    if (!group) return null;
    const { e, f } = group.transform.baseVal.consolidate().matrix;
    const size = Number($("rect", group).getAttribute("width"));
    return { x: e + size / 2, y: f + size / 2, size };
  };
  const layer = svgElement("g", { class: "last" });
  for (const walk of walks) {
    const points = walk.map(centre).filter(Boolean);
    if (points.length > 1) layer.append(svgElement("polyline", { class: "last-walk", points: points.map((p) => `${p.x},${p.y}`).join(" ") }));
  }
  const signs = new Map();
  for (const [square, sign, words] of marks) {
    const [had, said] = signs.get(square) || ["", []];
    signs.set(square, [had + sign, [...said, words]]);
  }
  for (const [square, [sign, said]] of signs) {
    const spot = centre(square);
    if (!spot) continue;
    const text = svgElement("text", {
      class: "last-sign", "font-size": 10, "data-square": square, "data-words": said.join(", "),
      x: spot.x - spot.size / 2 + 3, y: spot.y - spot.size / 2 + 11,
    });
    text.textContent = sign;
    layer.append(text);
  }
  const board = $("g.board", svg);
  if (board) board.after(layer);
}

// ------------------------------------------------------------------------ the seats

// Each seat's block of the panel takes the focus, named by what the block says; on
// Terra Turrium's, Enter brings a turrian of the reserve in (the game decides when). The
// picture holding them is then a group of its own elements rather than one image.
function placeSeats() {
  const shown = $("#board-panel > svg") || picture();
  for (const svg of [picture(), $("#board-panel > svg")]) {
    if (!svg) continue;
    const blocks = $$("g.seat", svg);
    const title = $(":scope > title", svg);
    if (svg === shown && blocks.length) {
      svg.setAttribute("role", "group");
      svg.setAttribute("aria-label", title ? title.textContent : _("The position"));
      svg.removeAttribute("aria-hidden");
    }
    // Only the blocks of a game that acts on them take the focus (Terra Turrium's reserve).
    const acted = !svg.classList.contains("spiel-der-tuerme");
    for (const block of blocks) {
      if (svg !== shown || !acted) {
        block.removeAttribute("tabindex");
        block.removeAttribute("role");
        continue;
      }
      const words = $$("text", block).map((t) => t.textContent.trim()).filter(Boolean);
      const reserve = Number(block.dataset.reserve || 0);
      block.setAttribute("tabindex", "0");
      block.setAttribute("role", "button");
      block.setAttribute("aria-label", reserve ? _("{words}, Enter: a turrian from the reserve", { words: words.join(", ") }) : words.join(", "));
    }
  }
}

// A click on a seat's block in the picture (for a mouse) does what Enter does on its spot.
export function seatOf(target) {
  const block = target.closest("g.seat");
  return block ? block.dataset.seat : null;
}
