"""A small pretty printer in the manner of SML/NJ's (Oppen's algorithm), for
the REPL's replies (mlbox/repl.py, mlbox/valueprint.py): a reply that does
not fit in the line width breaks where SML/NJ's top level breaks it.

A document is text, breaks and boxes:

    Box(PACK, 1, [Text("["), item, Text(","), Break(0, 0), item, Text("]")])

A `Break(spaces, offset)` is `spaces` blanks, or, when it is taken, a new
line indented to the column where its box starts plus the box's `indent`
plus `offset`. A `PACK` box (SML/NJ's HOV box) takes a break only when what
follows it, up to its box's next break or end, does not fit on the line; an
`ALL` box (HV box) takes every break of its own as soon as the whole box
does not fit where it starts. A box counts as its whole width when the box
around it measures what follows a break.
"""

from __future__ import annotations

from typing import Union

import attrs

PACK = "pack"
ALL = "all"
WIDTH = 79  # SML/NJ's Control.Print.linewidth


@attrs.frozen
class Text:
    text: str


@attrs.frozen
class Break:
    spaces: int = 1
    offset: int = 0


@attrs.frozen
class Box:
    kind: str
    indent: int
    items: tuple

    def __init__(self, kind: str, indent: int, items):
        self.__attrs_init__(kind, indent, tuple(items))


Doc = Union[Text, Break, Box]


def flat(doc: Doc) -> str:
    """`doc` on one line."""
    return render(doc, line_width=None)


def _width(item: Doc, widths: dict[int, int]) -> int:
    """An item's width on one line (a box's from `widths`)."""
    if isinstance(item, Box):
        return widths[id(item)]
    return len(item.text) if isinstance(item, Text) else item.spaces


def _box_widths(doc: Doc) -> dict[int, int]:
    """The width of every box in `doc`, by id, each measured once (the
    layout asks for them at every break)."""
    widths: dict[int, int] = {}
    pending: list[tuple[Doc, bool]] = [(doc, False)]
    while pending:
        d, measured = pending.pop()
        if not isinstance(d, Box):
            continue
        if measured:
            widths[id(d)] = sum(_width(i, widths) for i in d.items)
        else:
            pending.append((d, True))
            pending.extend((i, False) for i in d.items)
    return widths


def render(doc: Doc, line_width: int | None = WIDTH, column: int = 0) -> str:
    """`doc` laid out in `line_width` columns (None: never break), starting
    at `column`."""
    if line_width is None:
        line_width = float("inf")
    widths = _box_widths(doc)

    def chunk(items: tuple, start: int) -> int:
        """The width of `items[start:]` up to the next break among them."""
        total = 0
        for item in items[start:]:
            if isinstance(item, Break):
                break
            total += _width(item, widths)
        return total

    out: list[str] = []
    col = column
    # (items, position, kind, the column breaks return to, whether an ALL box breaks)
    stack = [((doc,), 0, PACK, column, False)]
    while stack:
        items, i, kind, margin, breaking = stack.pop()
        if i == len(items):
            continue
        stack.append((items, i + 1, kind, margin, breaking))
        item = items[i]
        if isinstance(item, Text):
            out.append(item.text)
            col += len(item.text)
        elif isinstance(item, Box):
            stack.append((item.items, 0, item.kind, col + item.indent,
                          item.kind == ALL and col + widths[id(item)] > line_width))
        else:
            take = breaking if kind == ALL else col + item.spaces + chunk(items, i + 1) > line_width
            if take:
                out.append("\n" + " " * (margin + item.offset))
                col = margin + item.offset
            else:
                out.append(" " * item.spaces)
                col += item.spaces
    return "".join(out)

