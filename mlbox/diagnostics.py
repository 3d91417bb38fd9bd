"""The one error path: every lexical, syntax, type, staging and later error
or warning about a source program is a `Diagnostic`, printed by `render` as

    FILE:LINE:COL: error: message
        <the source line>
        ^^^^^
      note: extra line (e.g. where a variable was bound)

Phases raise `CompileError` (carrying one or more diagnostics) or collect
them in a `Reporter`; drivers print them and exit non-zero. A Python
traceback for a user error is a bug.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Iterable, Optional

import attrs

from mlbox.syntax import NOSPAN, Span


# What the echoed source line must not carry to the terminal: C0 and C1
# control characters, surrogates (bytes that were not UTF-8, read with
# surrogate escapes, or a lone surrogate from an embedding host), which a
# strict UTF-8 stream cannot even encode, and the bidirectional controls,
# with which a terminal shows the line's characters in another order than
# the caret counts them ("Trojan Source").
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def escape_controls(text: str) -> str:
    """text with what _CONTROL matches written as an escape, for a message
    that quotes a file name or other outside text (an ESC in a file name
    must not drive the terminal): a byte that was not UTF-8 (a surrogate
    escape) as the byte, \\xfe, any other such character as \\x1b or \\u202e.
    Newlines and tabs stay."""
    return _CONTROL.sub(_escape_control, text)


def _escape_control(match: re.Match) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _display_width(text: str) -> int:
    """The columns a terminal gives text: two for a wide (CJK) character,
    none for a combining mark or an invisible format character; so the
    caret is under the character whatever comes before it."""
    if text.isascii():
        return len(text)
    width = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


@attrs.frozen
class Source:
    """A program text and the name it is reported under."""

    name: str
    text: str

    def line(self, n: int) -> str:
        lines = self.text.split("\n")
        return lines[n - 1] if 1 <= n <= len(lines) else ""


@attrs.frozen
class Diagnostic:
    severity: str  # "error" | "warning"
    message: str
    span: Span = NOSPAN
    notes: tuple[str, ...] = ()


class CompileError(Exception):
    """Raised by a phase that cannot go on; carries its diagnostics."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = tuple(diagnostics)
        super().__init__("; ".join(d.message for d in self.diagnostics))


def error(message: str, span: Span = NOSPAN, *notes: str) -> CompileError:
    """Build (for `raise`) a CompileError with a single error."""
    return CompileError([Diagnostic("error", message, span, tuple(notes))])


class Reporter:
    """Collects diagnostics of a phase that recovers and goes on."""

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []

    def error(self, message: str, span: Span = NOSPAN, *notes: str) -> None:
        self.diagnostics.append(Diagnostic("error", message, span, tuple(notes)))

    def warning(self, message: str, span: Span = NOSPAN, *notes: str) -> None:
        self.diagnostics.append(Diagnostic("warning", message, span, tuple(notes)))

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    def raise_if_errors(self) -> None:
        if self.errors:
            raise CompileError(self.diagnostics)


def render(diag: Diagnostic, source: Optional[Source]) -> str:
    """Format one diagnostic the way compilers do: location, message, the
    source line and a caret/underline under the span."""
    name = source.name if source else "<input>"
    span = diag.span
    if span.line <= 0:
        head = f"{name}: {diag.severity}: {diag.message}"
        return "\n".join([head] + [f"  note: {n}" for n in diag.notes])
    head = f"{name}:{span.line}:{span.col}: {diag.severity}: {diag.message}"
    out = [head]
    if source is not None:
        # control characters (ESC, NUL, ...) of a damaged file must not
        # reach the terminal; one replacement each keeps the caret aligned
        text = _CONTROL.sub("\N{REPLACEMENT CHARACTER}", source.line(span.line).expandtabs(1))
        if span.end_line == span.line and span.end_col > span.col:
            width = span.end_col - span.col
        else:
            width = max(1, len(text) - span.col + 1)
        text, col, width = _clip(text, span.col, width)
        out.append("    " + text)
        out.append("    " + " " * _display_width(text[:col - 1])
                   + "^" * max(1, _display_width(text[col - 1:col - 1 + width])))
    out.extend(f"  note: {n}" for n in diag.notes)
    return "\n".join(out)


# A source line longer than this is shown as a window around the span
# (generated or minified sources have lines of megabytes).
MAX_LINE_SHOWN = 160
CONTEXT_BEFORE = 40  # characters kept before the span's start in a clipped line
ELLIPSIS = "..."


def _clip(text: str, col: int, width: int) -> tuple[str, int, int]:
    """The part of a long line shown around column `col` (1-based) and the
    span's column and underline width in it."""
    if len(text) <= MAX_LINE_SHOWN:
        return text, col, width
    start = max(0, col - 1 - CONTEXT_BEFORE)
    end = min(len(text), start + MAX_LINE_SHOWN)
    shown = text[start:end]
    prefix = ELLIPSIS if start > 0 else ""
    suffix = ELLIPSIS if end < len(text) else ""
    col_in = col - start + len(prefix)
    width = max(1, min(width, end - (col - 1)))
    return prefix + shown + suffix, col_in, width


# Errors shown at most per report: a binary file or the wrong kind of file
# would otherwise give one error per byte.
MAX_SHOWN = 50
MORE_NOT_SHOWN = "{name}: {n} more diagnostic(s) not shown"


def render_all(diags: Iterable[Diagnostic], source: Optional[Source]) -> str:
    diags = list(diags)
    shown = [render(d, source) for d in diags[:MAX_SHOWN]]
    if len(diags) > MAX_SHOWN:
        shown.append(MORE_NOT_SHOWN.format(name=source.name if source else "<input>", n=len(diags) - MAX_SHOWN))
    return "\n".join(shown)
