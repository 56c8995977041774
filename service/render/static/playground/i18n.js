// The page's words in the page's language. Every sentence of the scripts is written here
// in English, as `_("…")` or `ngettext("…", "…", n)`, and is a message of the service's
// `pages` catalog (service/locale/pages.pot, extracted from these files); the page
// carries the translations its scripts need as a JSON block, <script id="page-words">
// (service/api/localized.py), so no sentence is written twice. Values go into a sentence
// by name: `_("The {what} is copied.", { what })`.
//
// The page's language is <html lang>, as the service chose it (`?lang=`, else
// Accept-Language); the API is asked in the same language, and a page opened with
// `?lang=` keeps it in every link it makes.

const block = document.getElementById("page-words");
const words = block ? JSON.parse(block.textContent) : {};
const table = words.messages || {};

export const language = document.documentElement.lang || "en";

// The language the address chose, kept in the links the page makes (null: none chosen).
export const chosenLanguage = new URLSearchParams(location.search).get("lang");

function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

export function _(message, values) {
  const text = table[message];
  return fill(typeof text === "string" ? text : message, values);
}

// The catalog gives a plural's forms for 0, 1 and 2 or more: exact for the service's
// languages (English, German, Dutch: n != 1; French: n > 1).
export function ngettext(singular, plural, n, values) {
  const forms = table[singular];
  const index = Number.isFinite(n) ? Math.min(Math.max(Math.trunc(n), 0), 2) : 2;
  const text = Array.isArray(forms) ? forms[index] : n === 1 ? singular : plural;
  return fill(text, { n, ...values });
}

// What players read for a value of the API (a unit's kind, a position, a seat's colour):
// the catalog has each value under its context (`unit`, `position`, `seat` …; the
// values are listed from the engines, tools/pages_catalog.py); without a
// translation, `english`, the page's own English wording of it (the value by default).
export function nameOf(context, value, english = value) {
  const text = table[`${context}\u0004${value}`];
  return typeof text === "string" ? text : english;
}

// A translated sentence with elements in it (a link): `{name}` places `nodes[name]`.
export function splice(text, nodes) {
  return text.split(/(\{\w+\})/).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part);
    return name && nodes[name[1]] !== undefined ? nodes[name[1]] : part;
  }).filter((part) => part !== "");
}

// Marks a message for the catalog where it is defined; it is translated where it is shown.
export const N_ = (message) => message;

// A link of this service with the page's `?lang` kept (as it is when none was chosen).
export function withLanguage(url) {
  if (!chosenLanguage) return url;
  const target = new URL(url, location.href);
  if (target.origin !== location.origin) return url;
  target.searchParams.set("lang", chosenLanguage);
  return target.pathname + target.search + target.hash;
}

// The headers of every request to the API: its answers' sentences in the page's language.
export const languageHeaders = { "Accept-Language": language };

// The language switcher's links (in the page's <nav class="languages">) follow the
// address: the position and the turn shown open in the other language.
export function followAddress() {
  for (const link of document.querySelectorAll("nav.languages a[data-lang]")) {
    const target = new URL(location.href);
    target.searchParams.set("lang", link.dataset.lang);
    link.href = target.pathname + target.search + target.hash;
  }
}

// Items as the page's language lists them: "2, 3, 4, 5 and 6", "2, 3, 4, 5 und 6".
export function listOf(items) {
  const language = document.documentElement.lang || "en";
  try {
    return new Intl.ListFormat(language, { style: "long", type: "conjunction" }).format(items.map(String));
  } catch {
    return items.join(", ");
  }
}
