"""CCAM disassembler: programs and generated code blocks as text.

Two notations:
  paper   the paper's: ⟨ for push, `,` for swap, ⟩ for cons (no semicolons
          around them, so push; P1; swap; P2; cons reads ⟨P1, P2⟩), 'c for
          quote, Cur(P), and an emitted instruction underlined (each
          character followed by U+0332 COMBINING LOW LINE) as in the paper;
          with underline=False an emitted instruction reads emit(i)
  plain   mnemonics separated by `; `: push; fst; swap; snd; cons; app

Short sub-programs stay on one line; long ones are broken over indented
lines, the sequence filling lines up to `width` columns.
"""

from __future__ import annotations

from typing import Union

from ccam.instructions import CONST, NAT, PRIM, PROG, PROGS, STR, Ins, Program
from ccam.refmachine import const_value
from ccam.values import Block, Closure, show

UNDERLINE = "\u0332"
PAPER_SYMBOLS = {"push": "⟨", "swap": ",", "cons": "⟩"}
INDENT = "  "


def _width(text: str) -> int:
    """Columns a rendering takes (combining underlines take none)."""
    return len(text) - text.count(UNDERLINE)


def underline(text: str) -> str:
    return "".join(c + UNDERLINE for c in text)


class _Style:
    def __init__(self, notation: str, underline_emits: bool, global_names: tuple[str, ...]):
        if notation not in ("paper", "plain"):
            raise ValueError(f"unknown notation {notation!r} (paper or plain)")
        self.paper = notation == "paper"
        self.underline_emits = underline_emits
        self.global_names = global_names


def _const_text(c) -> str:
    """A quote's operand (a table constant or a lifted value) as its value."""
    return show(const_value(c))


def _symbol(ins: Ins, style: _Style) -> str:
    """How a simple instruction reads (emit's operand included)."""
    op = ins.op
    if style.paper and op in PAPER_SYMBOLS:
        return PAPER_SYMBOLS[op]
    parts = [op]
    for kind, a in zip(ins.spec.operands, ins.args):
        if kind == NAT:
            text = str(a)
            if op in ("getglobal", "setglobal") and a < len(style.global_names) and style.global_names[a]:
                text += ":" + style.global_names[a]
            parts.append(text)
        elif kind == CONST:
            return ("'" if style.paper else "quote ") + _const_text(a)
        elif kind == PRIM:
            if style.paper:
                return a
            parts.append(a)
        elif kind == STR:
            parts.append(show(a))
    return " ".join(parts)


def _joiner(prev: str, cur: str, style: _Style) -> str:
    """The separator between two rendered items: the paper drops semicolons
    around ⟨ , ⟩ (underlined ones included)."""
    if not style.paper:
        return "; "
    p, c = prev.replace(UNDERLINE, ""), cur.replace(UNDERLINE, "")
    if p == "⟨" or c in (",", "⟩"):
        return ""
    if p == ",":
        return " "
    return "; "


class _Atom:
    """One instruction laid out: `text` when it fits on one line, else a head,
    indented bodies separated by `|` lines, and a closing `)`."""

    def __init__(self, text: str = "", head: str = "", bodies: list[list[str]] | None = None):
        self.text = text
        self.head = head
        self.bodies = bodies


def _atom(ins: Ins, style: _Style, width: int) -> _Atom:
    spec = ins.spec
    if ins.op == "emit":
        inner = _symbol(ins.args[0], style)
        if style.paper and style.underline_emits:
            return _Atom(underline(inner))
        return _Atom(f"emit({inner})")
    subprograms = []
    for kind, a in zip(spec.operands, ins.args):
        if kind == PROG:
            subprograms.append(a)
        elif kind == PROGS:
            subprograms.extend(a)
    if not subprograms:
        return _Atom(_symbol(ins, style))
    name = "Cur" if (ins.op == "cur" and style.paper) else ins.op
    inline = [_inline(p, style) for p in subprograms]
    text = f"{name}({' | '.join(inline)})"
    if _width(text) <= width:
        return _Atom(text)
    return _Atom(head=f"{name}(", bodies=[_lines(p, style, width - len(INDENT)) for p in subprograms])


def _inline(prog, style: _Style) -> str:
    if not prog:
        return "·"
    out = ""
    prev = None
    for ins in prog:
        text = _atom(ins, style, 10**9).text
        out += (_joiner(prev, text, style) if prev is not None else "") + text
        prev = text
    return out


def _lines(prog, style: _Style, width: int) -> list[str]:
    """The sequence laid out in lines of at most `width` columns (a long
    composite breaks its line)."""
    lines: list[str] = []
    line = ""
    prev = None
    for ins in prog:
        atom = _atom(ins, style, width)
        if atom.bodies is None:
            sep = _joiner(prev, atom.text, style) if prev is not None else ""
            # width - 1: leave room for the ";" that ends a broken line
            if line and _width(line) + len(sep) + _width(atom.text) > width - 1:
                lines.append(line + sep.rstrip())
                line = atom.text
            else:
                line += sep + atom.text
            prev = atom.text
        else:
            sep = _joiner(prev, atom.head, style) if prev is not None else ""
            lines.append(line + sep + atom.head)
            for i, body in enumerate(atom.bodies):
                if i:
                    lines.append("|")
                lines.extend(INDENT + b for b in (body or ["·"]))
            line = ")"
            prev = ")"
    if line or not lines:
        lines.append(line)
    return lines


Disassemblable = Union[Program, Block, Closure, tuple, list]


def disasm(code: Disassemblable, *, notation: str = "paper", underline_emits: bool = True,
           width: int = 80, global_names: tuple[str, ...] = ()) -> str:
    """The text of a program, a code block, a closure's code, or a sequence
    of Ins. An empty sequence reads `·` as in the paper."""
    if isinstance(code, Program):
        global_names = global_names or code.global_names
        body = code.code
    elif isinstance(code, Block):
        body = code.code
    elif isinstance(code, Closure):
        body = code.code
    else:
        body = code
    style = _Style(notation, underline_emits, tuple(global_names))
    if not body:
        return "·"
    return "\n".join(_lines(tuple(body), style, width))


def listing(program: Program, **options) -> str:
    """A whole program with a header naming its globals (for `mlbox dis`)."""
    header = [f"; CCAM program: {program.nglobals} globals"]
    named = [f"{i}:{n}" for i, n in enumerate(program.global_names) if n]
    if named:
        header.append("; globals: " + " ".join(named))
    return "\n".join(header + [disasm(program, **options)])
