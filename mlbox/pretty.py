"""A small pretty printer that lays out the REPL's replies (mlbox/repl.py,
mlbox/valueprint.py) as SML/NJ 110.79's top level does: its algorithm, not
an imitation of its output.

A document is text, breaks and boxes:

    Box(PACK, 1, [Text("["), item, Text(","), Break(0, 0), item, Text("]")])

A `Break(spaces, offset)` is `spaces` blanks, or, when it is taken, a new
line indented to the column where its box starts plus the box's `indent`
plus `offset`. A `PACK` box (SML/NJ's HOV box) takes a break when what
follows it, up to its box's next break or end, does not fit on the line; an
`ALL` box (HV box) takes every break of its own when the whole box does not
fit where it starts. "Fits" is SML/NJ's: the text must end before the last
column (a reply never ends exactly at column 79), and a piece whose end is
not yet in sight when the text pending already fills the line counts as
not fitting. Indentation has no bound, as in SML/NJ: a value nested n deep
(printDepth allows 200) is n² characters wide.
"""

from __future__ import annotations

import collections
from typing import Union

import attrs

PACK = "pack"
ALL = "all"
FITS = "fits"  # a box found to fit where it starts: none of its breaks is taken
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
    """`doc` on one line (what `render` gives without a line width: no
    break is ever taken)."""
    out: list[str] = []
    pending: list = [doc]
    while pending:  # (iterative: documents nest deep)
        item = pending.pop()
        if isinstance(item, Text):
            out.append(item.text)
        elif isinstance(item, Break):
            out.append(" " * item.spaces)
        else:
            pending.extend(reversed(item.items))
    return "".join(out)


# The layout is SML/NJ's stream (smlnj-lib PP's pp-stream-fn.sml, Oppen's
# algorithm with a bounded lookahead): tokens wait in a queue until their
# size is known (a break's at its box's next break or end, a box's at its
# end), or until the text after the queue's first token fills the line;
# then that token is laid out as infinitely long.

_BEGIN, _END, _TEXT, _BREAK = range(4)
_INFINITY = 1 << 62


def _tokens(doc: Doc):
    """The document as a token stream: (kind, payload, length) with boxes
    opened and closed around their items (iterative: documents nest deep)."""
    pending: list = [doc]
    while pending:
        item = pending.pop()
        if item is _END:
            yield _END, None, 0
        elif isinstance(item, Box):
            yield _BEGIN, item, 0
            pending.append(_END)
            pending.extend(reversed(item.items))
        elif isinstance(item, Text):
            yield _TEXT, item.text, len(item.text)
        else:
            yield _BREAK, item, item.spaces


def render(doc: Doc, line_width: int | None = WIDTH, column: int = 0) -> str:
    """`doc` laid out in `line_width` columns (None: never break), starting
    at `column`."""
    width = _INFINITY >> 1 if line_width is None else line_width  # (below the flush's right total)
    out: list[str] = []
    space_left = width - column
    # open boxes being laid out: (FITS/PACK/ALL, columns left at the box's indentation)
    layout: list[tuple[str, int]] = []
    # SML/NJ's stream opens a root PACK box that never closes: laid out with
    # an unknown size, so a break outside every box is a PACK box's
    root = [_BEGIN, Box(PACK, 0, ()), 0, -1]
    queue: collections.deque = collections.deque([root])  # [kind, payload, length, size]
    scan: list = [(1, root)]  # (right total when pushed, queue entry) of boxes and breaks not yet sized
    left_total = right_total = 1

    def lay_out(kind: int, payload, size: int) -> None:
        nonlocal space_left
        if kind == _TEXT:
            space_left -= size
            out.append(payload)
        elif kind == _BREAK:
            box, margin = layout[-1]
            if box == ALL or (box == PACK and size > space_left):
                indent = width - margin + payload.offset
                space_left = width - indent
                out.append("\n" + " " * indent)
            else:
                space_left -= payload.spaces
                out.append(" " * payload.spaces)
        elif kind == _BEGIN:
            layout.append((payload.kind if size > space_left else FITS, space_left - payload.indent))
        elif layout:
            layout.pop()

    def advance() -> None:
        nonlocal left_total
        while queue:
            kind, payload, length, size = queue[0]
            if size < 0 and right_total - left_total < space_left:
                return
            queue.popleft()
            lay_out(kind, payload, _INFINITY if size < 0 else size)
            left_total += length

    def set_size(is_break: bool) -> None:
        if not scan:
            return
        pushed_at, entry = scan[-1]
        if pushed_at < left_total:  # already laid out: no size matters any more
            scan.clear()
        elif (entry[0] == _BREAK) == is_break:
            entry[3] += right_total
            scan.pop()

    for kind, payload, length in _tokens(doc):
        if kind == _TEXT:
            right_total += length
            queue.append([kind, payload, length, length])
            advance()
        elif kind == _END:
            queue.append([kind, None, 0, 0])
            set_size(True)
            set_size(False)
        else:  # a box opens or a break: sized later, from here
            queue.append(entry := [kind, payload, length, -right_total])
            right_total += length
            if kind == _BREAK:
                set_size(True)
            scan.append((right_total, entry))
    right_total = _INFINITY
    advance()
    return "".join(out)
