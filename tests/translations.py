"""What a translated rules document must keep of its English original, checked token by
token (markdown-it, as the pages are rendered):

- its headings, in the same order and at the same levels;
- every ``<a id="…"></a>`` anchor, in the same order (rule ids are never translated);
  an anchor may be added only with the id of an English heading, so that a link to
  that heading (``#options``) still finds it under its translated title;
- every ``[interpretation ID]`` mark with the same id under the same rule (written with
  the language's word, ``[Auslegung ID]``), and its parts' labels (*Reads:*, *Other
  reading:*, *Why:* …) as many, in italics before a colon;
- every link and picture, to the same target (a fragment of the document itself must
  name an anchor or a heading of the translation); from the language's folder
  ``../name`` and ``name`` both mean the document or picture ``name`` of docs/;
- every code span of the original (`attacks`, JSON member names, enum values, squares,
  notation), at least as often;
- the first column of every table row that holds an id (a rule id or a code span).

:func:`differences` answers the differences in words, an empty list when it keeps all.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from tools.pages import markdown
from tools.readings import english_marks, find_marks

ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
# A part's label inside a mark: *Reads:*, *Other reading:* — italics ending with a colon.
LABEL = re.compile(r"(?<!\*)\*[^*\s][^*]*:\*(?!\*)")
# A table's first cell that holds an id: a rule id (R4, TE3a), a link to one, or code.
ID_CELL = re.compile(r"^(?:\[?[A-Z]+[0-9]+[a-z]?(?:\]\(#[^)]+\))?|`[^`]+`)$")


@dataclass
class Structure:
    """What :func:`differences` compares, read from one document."""

    headings: list[str] = field(default_factory=list)
    anchors: list[str] = field(default_factory=list)
    marks: list[tuple[str, str, int]] = field(default_factory=list)
    links: Counter[str] = field(default_factory=Counter)
    code: Counter[str] = field(default_factory=Counter)
    id_cells: list[str | None] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)


def structure(text: str) -> Structure:
    """The structure of a rules document's Markdown ``text``."""
    found = Structure()
    found.anchors = ANCHOR.findall(text)
    found.marks = [(mark.id, mark.rule, len(LABEL.findall(mark.text))) for mark in find_marks(text)]
    tokens = markdown().parse(text)
    row_start = False
    for token in tokens:
        if token.type == "heading_open":
            found.headings.append(token.tag)
            if token.attrGet("id"):
                found.ids.add(str(token.attrGet("id")))
        elif token.type == "tr_open":
            row_start = True
        elif token.type == "inline" and row_start:
            row_start = False
            cell = token.content.strip()
            found.id_cells.append(cell if ID_CELL.match(cell) else None)
        for child in token.children or ():
            if child.type == "link_open":
                found.links[str(child.attrGet("href"))] += 1
            elif child.type == "image":
                found.links[str(child.attrGet("src"))] += 1
            elif child.type == "code_inline":
                found.code[child.content] += 1
    found.ids |= set(found.anchors)
    return found


def differences(english: str, translated: str) -> list[str]:
    """How ``translated`` departs from the structure of ``english``, in words."""
    # A mark is written with the language's word (``[Auslegung R6]``), in the marks and
    # in the code spans that show one: compared as the English word.
    a, b = structure(english), structure(english_marks(translated))
    b.links = Counter({href.removeprefix("../"): n for href, n in b.links.items()})
    out: list[str] = []
    if a.headings != b.headings:
        out.append(f"headings: {' '.join(a.headings)} became {' '.join(b.headings)}")
    kept = [x for x in b.anchors if x in a.anchors]
    added = [x for x in b.anchors if x not in a.anchors and x not in a.ids]
    if a.anchors != kept or added:
        lost = [x for x in a.anchors if x not in b.anchors]
        out.append(f"anchors: lost {lost}, added {added}" if lost or added else "anchors: in another order")
    if a.marks != b.marks:
        out.append(f"marks (id, rule, labels): {a.marks} became {b.marks}")
    if a.links != b.links:
        lost, added = sorted((a.links - b.links).elements()), sorted((b.links - a.links).elements())
        out.append(f"links: lost {lost}, added {added}")
    own = [href for href in b.links if href.startswith("#") and href[1:] not in b.ids]
    if own:
        out.append(f"links to no anchor or heading of the translation: {sorted(own)}")
    lost_code = a.code - b.code
    if lost_code:
        out.append(f"code spans lost: {sorted(lost_code.elements())}")
    kept_cells = [cell for cell in a.id_cells]
    if len(a.id_cells) != len(b.id_cells):
        out.append(f"table rows: {len(a.id_cells)} became {len(b.id_cells)}")
    else:
        changed = [(x, y) for x, y in zip(kept_cells, b.id_cells, strict=True) if x is not None and x != y]
        if changed:
            out.append(f"tables' id cells changed: {changed}")
    return out
