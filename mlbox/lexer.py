"""The ML□ lexer: SML's lexical syntax plus the reserved words `code`,
`lift` and `cogen`.

Every token carries a `span` (1-based line and column of its first
character and of the character after its last). Errors go through the
`error_func(message, span)` hook given to the constructor, and the lexer
goes on after them so that several can be reported at once.

Token values:
  IDENT        the name (alphanumeric, symbolic such as `!` or `~`, or
               qualified such as `Int.toString`, `Word.~>>`: one token)
  INFIXn/STAR/EQUALS/CONS
               the name of an identifier that is infix in the initial basis
               (syntax.INFIX), by precedence level; `*`, `=` and `::` have
               their own because they also appear in types and bindings.
               The parser treats them as identifiers: fixity depends on the
               infix declarations in scope (mlbox.parser.Fixity)
  TYVAR        the type variable with its quotes (`'a`, `''a`)
  INT, WORD    the value (INT already negated for `~3`)
  STRING, CHAR the decoded text: a sequence of characters 0..255, the
               way SML strings are byte strings (non-ASCII source text is
               stored as its UTF-8 bytes)
  SELECTOR     the index i of a tuple selector `#i` (1, 2, ...)
  RESERVED     a reserved word of SML that ML□ does not support
               (`structure`, `open`, ...): the parser rejects it
  keywords and punctuation: their text
"""

from __future__ import annotations

import bisect
import re
from typing import Callable, Optional

import ply.lex

from mlbox.syntax import INFIX, Span

# Integers are 63-bit two's complement and words 63-bit unsigned (docs/language.md §8).
INT_MIN = -(2**62)
INT_MAX = 2**62 - 1
WORD_MAX = 2**63 - 1

# Error messages (tests refer to these constants).
MSG_BAD_CHAR = "illegal character {!r}"
MSG_BAD_CHARS = "{count} illegal characters {shown}"
MSG_UNTERMINATED_COMMENT = "unterminated comment"
# `(*)`, meant as the multiplication function
MSG_STAR_IN_PARENS = "'(*' begins a comment, even in '(*)'; the multiplication function is written `op *`"
MSG_UNTERMINATED_STRING = "unterminated string literal"
MSG_UNTERMINATED_CHAR = "unterminated character literal"
MSG_BAD_ESCAPE = "illegal escape sequence {} in string literal"
MSG_NUMERIC_ESCAPE = {10: "\\ddd takes exactly 3 decimal digits: \\065 is A",
                      16: "\\u takes exactly 4 hexadecimal digits: \\u0041 is A"}
MSG_ESCAPE_RANGE = "escape sequence {} is out of range (character codes are 0..255)"
MSG_BAD_GAP = "only whitespace may appear between the backslashes of a string gap"
MSG_CHAR_LENGTH = "a character literal must contain exactly one character"
MSG_INT_RANGE = "integer constant {} does not fit in 63 bits"
MSG_BAD_SELECTOR = "a tuple selector is #1, #2, #3, ...: {} selects nothing"
MSG_WORD_RANGE = "word constant {} does not fit in 63 bits"
# A literal out of range is named in its message up to this many characters
# (the source line under it shows where it is; a literal of a million digits
# need not be repeated in full).
LITERAL_SHOWN = 40
MSG_REAL = "real constants are not supported"
MSG_REAL_DOT = "ML\u25a1 has no reals; SML writes a real with digits on both sides of its '.', as in 1.0 or 0.5"
MSG_NOT_UTF8 = "not UTF-8 text ({}) in a literal"
MSG_UNPRINTABLE = "unprintable character (code {}) in a literal: write it as the escape {}"
MSG_NOT_UTF8_OUTSIDE = "not UTF-8 text ({})"
MSG_UNDERSCORE_IDENT = "identifiers must start with a letter, not '_'"
MSG_DIGIT_SEPARATOR = "SML numbers have no digit separators: write {number}"
MSG_BAD_TYVAR = "a type variable needs a name after the quote"


def quoted(text: str) -> str:
    """Source text in a message, as written: in quotes, or as Python's repr
    when it holds a character that does not print (repr doubled the
    backslash of every escape sequence)."""
    return f"'{text}'" if text.isprintable() and "'" not in text else repr(text)


# SML's reserved words, those of the core language that ML□ uses ...
KEYWORDS = {
    "and": "AND", "andalso": "ANDALSO", "as": "AS", "case": "CASE",
    "datatype": "DATATYPE", "do": "DO", "else": "ELSE", "end": "END",
    "exception": "EXCEPTION", "fn": "FN", "fun": "FUN", "handle": "HANDLE",
    "if": "IF", "in": "IN", "infix": "INFIX", "infixr": "INFIXR", "let": "LET",
    "local": "LOCAL", "nonfix": "NONFIX", "of": "OF", "op": "OP",
    "orelse": "ORELSE", "raise": "RAISE", "rec": "REC", "then": "THEN",
    "type": "TYPE", "val": "VAL", "while": "WHILE",
    "abstype": "ABSTYPE", "with": "WITH", "withtype": "WITHTYPE",
    "code": "CODE", "lift": "LIFT", "cogen": "COGEN",
}
# ... and the rest, reserved so that every ML□ program stays valid SML.
UNSUPPORTED_RESERVED = {
    "open", "eqtype", "functor", "include", "sharing", "sig", "signature", "struct",
    "structure", "where", ":>", "#",
}
# Reserved symbolic words (a run of symbol characters equal to one of
# these is the reserved word, not an identifier).
SYMBOLIC_KEYWORDS = {"=>": "DARROW", "->": "ARROW", "|": "BAR", ":": "COLON"}

# One token per precedence level for infix identifiers; `*`, `=` and `::`
# get their own because they also appear in types, bindings and patterns.
_SPECIAL_INFIX_TOKENS = {"*": "STAR", "=": "EQUALS", "::": "CONS"}
INFIX_TOKENS: dict[str, str] = {
    name: _SPECIAL_INFIX_TOKENS.get(name, f"INFIX{prec}")
    for name, (prec, _assoc) in INFIX.items()
}

PUNCTUATION = {"(": "LPAREN", ")": "RPAREN", "[": "LBRACKET", "]": "RBRACKET",
               ",": "COMMA", ";": "SEMICOLON"}

# `t.1`, `(f x).2`: a tuple's component as other languages take it
MSG_INDEXING_DOT = "ML has no a.(i): element i (from 0) of an array is Array.sub (a, i), of a vector Vector.sub (v, i)"
MSG_TUPLE_COMPONENT = "a tuple's components are taken with #1 t, #2 t, ..."
MSG_RECORD = ("records are not supported (a tuple can stand for one: its fields in order, taken apart "
              "with a pattern or #1, #2, ...)")
# `{}` is SML's empty record, which is the unit value, and of type unit
MSG_EMPTY_RECORD = "records are not supported: {} is the empty record, the unit value: write () (its type is unit)"
MSG_ELLIPSIS = "illegal '...' (a record pattern's wildcard: records are not supported)"
_BAD_CHAR_NOTES = {
    "{": "records are not supported", "}": "records are not supported",
    ".": "qualified names are written without spaces, as in Int.toString",
}

# Characters no token has, reported a run at a time (a file of binary data
# that happens to be UTF-8, or a pasted phrase in another script, is one
# error, not one per character up to the error cap): control characters
# other than whitespace, and all non-ASCII text outside literals and
# comments (surrogates, bytes that were not UTF-8, have their own message).
_ILLEGAL_RUN = re.compile("[\x00-\x08\x0e-\x1f\x7f-\ud7ff\ue000-\U0010ffff]+")
_SHOWN_RUN = 20  # characters of a run named in its message

SYMBOL_CHARS = frozenset("!%&$#+-/:<=>?@\\~`^|*")  # of symbolic identifiers
_SYMBOL_CHARS = "".join(re.escape(c) for c in sorted(SYMBOL_CHARS))  # the same, inside a regex's [...]
_ALNUM_ID = r"[A-Za-z][A-Za-z0-9_']*"

_SIMPLE_ESCAPES = {"a": "\a", "b": "\b", "t": "\t", "n": "\n", "v": "\v",
                   "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
_GAP_WHITESPACE = " \t\n\r\f\v"
_NEWLINE = re.compile("\n")


class Lexer:
    """A PLY lexer for ML□. Build once with `build()`, then `tokenize`
    any number of texts."""

    tokens = tuple(sorted(
        set(KEYWORDS.values()) | set(SYMBOLIC_KEYWORDS.values())
        | set(INFIX_TOKENS.values()) | set(PUNCTUATION.values())
        | {"IDENT", "TYVAR", "INT", "WORD", "STRING", "CHAR", "WILD", "RESERVED", "SELECTOR"}
    ))

    def __init__(self, error_func: Callable[[str, Span], None]):
        self.error_func = error_func
        self.text = ""
        self._line_starts = [0]
        self.lexer: Optional[ply.lex.Lexer] = None
        # Whether the text ended inside a comment or a string gap: the
        # REPL then reads another line instead of reporting an error.
        self.ended_inside_literal = False
        self.errors_reported = 0
        # (start, end) spans of each comment opened by `(*)`
        self.star_comments: list = []
        # for each `{`: the offset after its `}` (Lexer._record_end)
        self._record_ends: Optional[dict[int, int]] = None
        self._record_ends_from = 0

    def build(self) -> None:
        # PLY's lex() validates the rules and compiles the master regex:
        # about a millisecond, paid once per process, not once per text (the
        # parser makes a Lexer per text). Every Lexer gets a clone of that
        # one PLY lexer with the rules bound to itself.
        lexer = _ply_prototype().clone(self)
        # clone() rebinds the per-state tables but not the current state's
        # copies of them (lexre, lexerrorf), which would still call the
        # prototype's rules: re-enter the state to pick up the rebound ones.
        lexer.begin("INITIAL")
        self.lexer = lexer

    def tokenize(self, text: str) -> list[ply.lex.LexToken]:
        """All tokens of `text` (errors are reported and skipped)."""
        if self.lexer is None:
            self.build()
        self.text = text
        self.ended_inside_literal = False
        self.star_comments = []
        self._record_ends = None
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.lexer.input(text)
        out = []
        while True:
            tok = self.lexer.token()
            if tok is None:
                return demote_staging_keywords(out)
            out.append(tok)

    def tokenize_more(self, text: str, start: int) -> list[ply.lex.LexToken]:
        """The tokens of `text` from offset `start`, where `text` extends
        the text of the previous call (or of `tokenize`) and `start` is
        outside any token, comment and string of it: the REPL lexes only
        the lines added to an input (mlbox.parser.GrowingInput). The
        tokens are not demoted: see demote_staging_keywords' `start`."""
        if self.lexer is None:
            self.build()
        self.text = text
        self.ended_inside_literal = False
        self._record_ends = None
        starts = self._line_starts
        del starts[bisect.bisect_right(starts, start):]
        starts.extend(m.end() for m in _NEWLINE.finditer(text, start))
        self.lexer.input(text)
        self.lexer.lexpos = start
        out = []
        while True:
            tok = self.lexer.token()
            if tok is None:
                return out
            out.append(tok)

    # ------------------------------------------------------------ positions

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of a character offset."""
        line = bisect.bisect_right(self._line_starts, offset) - 1
        return line + 1, offset - self._line_starts[line] + 1

    def span(self, start: int, end: int) -> Span:
        starts = self._line_starts
        line = bisect.bisect_right(starts, start) - 1
        if starts[line] <= end and (line + 1 == len(starts) or end < starts[line + 1]):
            # ends on the line it starts on, as almost every token does: one
            # search of the line starts, not two (a tenth of lexing)
            return Span(line + 1, start - starts[line] + 1, line + 1, end - starts[line] + 1)
        end_line, end_col = self.position(end)
        return Span(line + 1, start - starts[line] + 1, end_line, end_col)

    def _error(self, message: str, start: int, end: int) -> None:
        self.errors_reported += 1
        self.error_func(message, self.span(start, max(end, start + 1)))

    def _finish(self, t, type_: str, value, end: Optional[int] = None):
        """Give token `t` its type, value and span; `end` (exclusive) when
        the rule scanned beyond the regex match by hand."""
        t.type = type_
        t.value = value
        if end is None:
            end = t.lexpos + len(t.lexer.lexmatch.group(0))
        t.span = self.span(t.lexpos, end)
        t.lineno = t.span.line
        t.text = self.text[t.lexpos:end]
        t.lexer.lexpos = end
        return t

    # ------------------------------------------------------------ rules
    # PLY tries function rules in the order they are defined: comments
    # before `(`, character literals before symbolic identifiers, words and
    # reals before integers, `~3` before the symbolic identifier `~`.

    t_ignore = " \t\r\f\v\n"

    def t_comment(self, t):
        r"\(\*"
        text = self.text
        pos = _comment_end(text, t.lexpos + 2)
        if pos is None:
            opener = text[t.lexpos:t.lexpos + 3]
            self._error(MSG_UNTERMINATED_COMMENT + (f" ({MSG_STAR_IN_PARENS})" if opener == "(*)" else ""),
                        t.lexpos, t.lexpos + 2)
            self.ended_inside_literal = True
            t.lexer.lexpos = len(text)
            return None
        if text[t.lexpos:t.lexpos + 3] == "(*)":
            # (meant as the multiplication function, probably: a syntax
            # error after it is noted so)
            self.star_comments.append((self.span(t.lexpos, t.lexpos + 3), self.span(pos - 2, pos)))
        t.lexer.lexpos = pos
        return None

    def t_string(self, t):
        r'"'
        value, end, _closed = self._scan_string(t.lexpos + 1, t.lexpos, MSG_UNTERMINATED_STRING)
        return self._finish(t, "STRING", value, end)

    def t_char(self, t):
        r'\#"'
        errors = self.errors_reported
        value, end, closed = self._scan_string(t.lexpos + 2, t.lexpos, MSG_UNTERMINATED_CHAR)
        # (a bad escape, already reported, leaves no character: not a second error)
        if closed and len(value) != 1 and self.errors_reported == errors:
            self._error(MSG_CHAR_LENGTH, t.lexpos, end)
        return self._finish(t, "CHAR", value[:1] or "\0", end)

    def t_selector(self, t):
        r"\#[ \t]*[0-9]+"
        digits = t.value.lstrip("#").lstrip()
        if digits.startswith("0"):  # SML's numeric labels: 1, 2, ..., no leading zero
            self._error(MSG_BAD_SELECTOR.format(t.value), t.lexpos, t.lexpos + len(t.value))
        return self._finish(t, "SELECTOR", int(digits) or 1)

    def t_word(self, t):
        r"0w(x[0-9a-fA-F]+|[0-9]+)"
        digits = t.value[2:]
        value = _magnitude(digits[1:], 16) if digits.startswith("x") else _magnitude(digits, 10)
        if value > WORD_MAX:
            self._error(MSG_WORD_RANGE.format(_shown(t.value)), t.lexpos, t.lexpos + len(t.value))
            value = WORD_MAX
        return self._finish(t, "WORD", value)

    def t_real(self, t):
        r"~?[0-9]+(\.[0-9]+([eE]~?[0-9]+)?|[eE]~?[0-9]+)"
        self._error(MSG_REAL, t.lexpos, t.lexpos + len(t.value))
        return self._finish(t, "INT", 0)

    def t_int(self, t):
        r"~?(0x[0-9a-fA-F]+|[0-9]+)"
        text = t.value
        negative = text.startswith("~")
        digits = text.lstrip("~")
        value = _magnitude(digits[2:], 16) if digits.startswith("0x") else _magnitude(digits, 10)
        value = -value if negative else value
        if not INT_MIN <= value <= INT_MAX:
            self._error(MSG_INT_RANGE.format(_shown(text)), t.lexpos, t.lexpos + len(text))
            value = 0
        return self._finish(t, "INT", value)

    @ply.lex.TOKEN(rf"({_ALNUM_ID}\.)+({_ALNUM_ID}|[{_SYMBOL_CHARS}]+)")
    def t_longid(self, t):
        return self._finish(t, "IDENT", t.value)

    def t_ident(self, t):
        r"[A-Za-z_][A-Za-z0-9_']*"
        name = t.value
        if name == "_":
            return self._finish(t, "WILD", name)
        if name.startswith("_"):
            self._underscore_ident(name, t.lexpos)
        if name in KEYWORDS:
            return self._finish(t, KEYWORDS[name], name)
        if name in UNSUPPORTED_RESERVED:
            return self._finish(t, "RESERVED", name)
        return self._finish(t, INFIX_TOKENS.get(name, "IDENT"), name)

    def _underscore_ident(self, name: str, start: int) -> None:
        """The error for a name that starts with '_': `1_000` (a number
        written with separators, read as 1 then `_000`) gets its own."""
        digits_start = start
        while digits_start > 0 and self.text[digits_start - 1].isdigit():
            digits_start -= 1
        if digits_start < start and self.text[digits_start - 1:digits_start] == "~":
            digits_start -= 1
        if self.text[digits_start:start].lstrip("~") and all(c.isdigit() or c == "_" for c in name):
            number = self.text[digits_start:start] + name.replace("_", "")
            self._error(MSG_DIGIT_SEPARATOR.format(number=number), digits_start, start + len(name))
        else:
            self._error(MSG_UNDERSCORE_IDENT, start, start + len(name))

    def t_tyvar(self, t):
        r"'[A-Za-z0-9_']*"
        # SML's type variable is a prime and any alphanumerics, primes
        # included: '' and ''' are (equality) type variables, as Poly/ML
        # and SML/NJ read them; a lone ' (which SML/NJ refuses) is a slip
        if t.value == "'":
            self._error(MSG_BAD_TYVAR, t.lexpos, t.lexpos + len(t.value))
        return self._finish(t, "TYVAR", t.value)

    @ply.lex.TOKEN(rf"[{_SYMBOL_CHARS}]+")
    def t_symbolic(self, t):
        name = t.value
        if name in SYMBOLIC_KEYWORDS:
            return self._finish(t, SYMBOLIC_KEYWORDS[name], name)
        if name in UNSUPPORTED_RESERVED:
            return self._finish(t, "RESERVED", name)
        return self._finish(t, INFIX_TOKENS.get(name, "IDENT"), name)

    def t_punctuation(self, t):
        r"[()\[\],;]"
        return self._finish(t, PUNCTUATION[t.value], t.value)

    def t_record(self, t):
        r"\{"
        # a record, expression, pattern or type: one error for all of it
        # (its `...`, `#a`, `}` are no further ones), if its `}` is found
        end = self._record_end(t.lexpos)
        if end is None:
            self._error(MSG_BAD_CHAR.format("{") + f" ({_BAD_CHAR_NOTES['{']})", t.lexpos, t.lexpos + 1)
            end = t.lexpos + 1
        elif self.text[t.lexpos + 1:end - 1].strip():
            self._error(MSG_RECORD, t.lexpos, end)
        else:
            self._error(MSG_EMPTY_RECORD, t.lexpos, end)
        t.lexer.lexpos = end

    def _record_end(self, start: int) -> Optional[int]:
        """The offset after the `}` that closes the `{` at `start`, or None.
        One pass from the first `{` finds those of every `{` after it
        (strings and comments skipped), so that many `{` without their `}`
        cost no more than one."""
        if self._record_ends is None or start < self._record_ends_from:
            self._record_ends, self._record_ends_from = _brace_ends(self.text, start), start
        return self._record_ends.get(start)

    def t_error(self, t):
        char = t.value[0]
        message = MSG_BAD_CHAR.format(char)
        if char == "." and self.text.startswith("...", t.lexpos):
            # a record pattern's wildcard, alone: one error, not three
            self._error(MSG_ELLIPSIS, t.lexpos, t.lexpos + 3)
            t.lexer.skip(3)
            return
        if "\ud800" <= char <= "\udfff":
            # a byte that was not UTF-8 (read with surrogate escapes): name the
            # byte, as in a literal, not the escape Python stands it for
            message = MSG_NOT_UTF8_OUTSIDE.format(_surrogate_text(char))
        elif char == "." and t.lexpos > 0 and (self.text[t.lexpos - 1].isalnum() or self.text[t.lexpos - 1] in "_')") \
                and self.text[t.lexpos + 1:t.lexpos + 2].isdigit():
            message += f" ({MSG_TUPLE_COMPONENT})"
        elif char == "." and t.lexpos > 0 and (self.text[t.lexpos - 1].isalnum() or self.text[t.lexpos - 1] in "_')") \
                and self.text[t.lexpos + 1:t.lexpos + 2] in ("(", "["):
            # `a.(0)`, `v.[1]`: indexing as in OCaml
            message += f" ({MSG_INDEXING_DOT})"
        elif char == "." and (self.text[t.lexpos + 1:t.lexpos + 2].isdigit()
                              or (t.lexpos > 0 and self.text[t.lexpos - 1].isdigit())):
            # `1.`, `.5`: a real written as in other languages
            message += f" ({MSG_REAL_DOT})"
        elif char in _BAD_CHAR_NOTES:
            message += f" ({_BAD_CHAR_NOTES[char]})"
        else:
            run = _ILLEGAL_RUN.match(self.text, t.lexpos)
            if run is not None and len(run.group()) > 1:
                chars = run.group()
                shown = repr(chars[:_SHOWN_RUN]) + ("..." if len(chars) > _SHOWN_RUN else "")
                self._error(MSG_BAD_CHARS.format(count=len(chars), shown=shown), t.lexpos, run.end())
                t.lexer.skip(len(chars))
                return
        self._error(message, t.lexpos, t.lexpos + 1)
        t.lexer.skip(1)

    # ------------------------------------------------------------ strings

    def _scan_string(self, pos: int, start: int, unterminated: str) -> tuple[str, int, bool]:
        """Decode a string body from `pos` up to its closing quote; return
        the value, the offset after the quote and whether the quote was
        there. `start` is where the literal began (unterminated literals
        are reported there)."""
        text = self.text
        out: list[str] = []
        while True:
            plain = _PLAIN_RUN.match(text, pos)
            if plain is not None:  # a run of characters that stand for themselves, at once
                # SML strings are byte strings: keep non-ASCII as its bytes
                out.append(plain.group().encode("utf-8").decode("latin-1"))
                pos = plain.end()
            if pos >= len(text) or text[pos] == "\n":
                self._error(unterminated, start, start + 1)
                return "".join(out), pos, False
            ch = text[pos]
            if ch == '"':
                return "".join(out), pos + 1, True
            if "\ud800" <= ch <= "\udfff":
                # text that was not UTF-8, read with surrogate escapes (the
                # REPL's standard input in a C locale), or a lone surrogate
                # from an embedding host: no character, so no bytes
                self._error(MSG_NOT_UTF8.format(_surrogate_text(ch)), pos, pos + 1)
                pos += 1
                continue
            if ch < " " or ch == "\x7f":
                # The Definition (and Poly/ML, SML/NJ) allow only printable
                # characters and spaces between the quotes; a tab or other
                # control character must be written as an escape.
                self._error(MSG_UNPRINTABLE.format(ord(ch), _escape_of(ch)), pos, pos + 1)
                out.append(ch)
                pos += 1
                continue
            decoded, pos = self._scan_escape(pos)
            out.append(decoded)

    def _scan_escape(self, pos: int) -> tuple[str, int]:
        """Decode the escape sequence starting at the backslash at `pos`."""
        text = self.text
        nxt = text[pos + 1:pos + 2]
        if nxt in _SIMPLE_ESCAPES:
            return _SIMPLE_ESCAPES[nxt], pos + 2
        if nxt == "^":
            ctl = text[pos + 2:pos + 3]
            if ctl and 64 <= ord(ctl) <= 95:
                return chr(ord(ctl) - 64), pos + 3
            self._error(MSG_BAD_ESCAPE.format(quoted(text[pos:pos + 3])), pos, pos + 3)
            return "", pos + 2 + len(ctl)
        if nxt.isdigit():
            digits = text[pos + 1:pos + 4]
            return self._numeric_escape(digits, 10, pos, 3)
        if nxt == "u":
            digits = text[pos + 2:pos + 6]
            return self._numeric_escape(digits, 16, pos, 4, prefix=2)
        if nxt and nxt in _GAP_WHITESPACE:
            # A gap `\ ... \`: formatting whitespace (newlines included)
            # between two backslashes is ignored.
            end = pos + 1
            while end < len(text) and text[end] in _GAP_WHITESPACE:
                end += 1
            if end == len(text):
                self.ended_inside_literal = True
                return "", end  # reported as an unterminated string
            if text[end:end + 1] != "\\":
                self._error(MSG_BAD_GAP, pos, end + 1)
                return "", end  # go on with the offending character
            return "", end + 1
        self._error(MSG_BAD_ESCAPE.format(quoted(text[pos:pos + 2])), pos, pos + 2)
        return "", pos + 1 + (1 if nxt and nxt != "\n" else 0)

    def _numeric_escape(self, digits: str, base: int, pos: int, count: int,
                        prefix: int = 1) -> tuple[str, int]:
        valid = "0123456789abcdefABCDEF" if base == 16 else "0123456789"
        end = pos + prefix + count
        if len(digits) != count or any(d not in valid for d in digits):
            # shown up to its last digit (`"\u12"` was shown '\\u12"\n'),
            # with what the escape takes
            run = len(digits) - len(digits.lstrip(valid))
            shown = self.text[pos:pos + prefix + run]
            self._error(MSG_BAD_ESCAPE.format(quoted(shown)) + f" ({MSG_NUMERIC_ESCAPE[base]})",
                        pos, pos + prefix + max(run, 1))
            return "", pos + prefix
        value = int(digits, base)
        if value > 255:
            self._error(MSG_ESCAPE_RANGE.format(quoted(self.text[pos:end])), pos, end)
            return "", end
        return chr(value), end


_COMMENT_BRACKET = re.compile(r"\(\*|\*\)")
_BRACE_SCAN = re.compile(r'[{}"]|\(\*')
_STRING_REST = re.compile(r'(?:[^"\\]|\\.)*"', re.S)


def _comment_end(text: str, pos: int) -> Optional[int]:
    """The offset after the `*)` closing a comment whose `(*` ends at
    `pos` (comments nest), or None."""
    depth = 1
    while depth:
        # the nearer of `(*` and `*)` in one scan: finding each with
        # str.find would rescan to the end of the text for the one absent
        # (quadratic in deeply nested comments)
        found = _COMMENT_BRACKET.search(text, pos)
        if found is None:
            return None
        depth += 1 if found.group() == "(*" else -1
        pos = found.end()
    return pos


def _brace_ends(text: str, start: int) -> dict[int, int]:
    """For each `{` from `start` on, outside strings and comments: the
    offset after its matching `}`, if any (up to an unterminated string
    or comment, after which nothing is known)."""
    ends: dict[int, int] = {}
    opened: list[int] = []
    pos = start
    while True:
        found = _BRACE_SCAN.search(text, pos)
        if found is None:
            return ends
        pos = found.end()
        kind = found.group()
        if kind == "{":
            opened.append(found.start())
        elif kind == "}":
            if opened:
                ends[opened.pop()] = pos
        else:
            rest = _STRING_REST.match(text, pos) if kind == '"' else None
            end = (rest.end() if rest else None) if kind == '"' else _comment_end(text, pos)
            if end is None:
                return ends
            pos = end
# What a string literal holds as itself: all but its quote, escapes, control
# characters and surrogates (bytes that were not UTF-8), which _scan_string
# takes one by one. A 10 MB literal was 10^7 turns of its loop (~9 s).
_PLAIN_RUN = re.compile('[^"\\\\\x00-\x1f\x7f\ud800-\udfff]+')

# More significant decimal digits than this are beyond every int and word
# (2**63 has 19); Python also refuses to convert more than 4300 of them.
_MAX_DECIMAL_DIGITS = 20
_TOO_LARGE = 1 << 64  # stands for a literal with more digits: out of range whatever its sign


def _magnitude(digits: str, base: int) -> int:
    """The value of a literal's digits, or _TOO_LARGE for one too long to
    convert (hexadecimal converts in linear time: only decimal is limited)."""
    significant = digits.lstrip("0") or "0"  # leading zeros count towards Python's limit too
    if base == 10 and len(significant) > _MAX_DECIMAL_DIGITS:
        return _TOO_LARGE
    return int(significant, base)


def _escape_of(ch: str) -> str:
    """The escape sequence that writes the control character `ch`."""
    for letter, value in _SIMPLE_ESCAPES.items():
        if value == ch:
            return "\\" + letter
    return f"\\{ord(ch):03d}"


def _surrogate_text(ch: str) -> str:
    code = ord(ch)
    return f"byte 0x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"a lone surrogate U+{code:04X}"


def _shown(literal: str) -> str:
    return literal if len(literal) <= LITERAL_SHOWN else literal[:LITERAL_SHOWN] + "..."


_prototype: Optional[ply.lex.Lexer] = None


def _ply_prototype() -> ply.lex.Lexer:
    """The process's one PLY lexer built from Lexer's rules (no lextab: a
    table file would have to be written somewhere at run time), bound to a
    Lexer that is never used to scan."""
    global _prototype
    if _prototype is None:
        owner = Lexer(_never_called)
        prototype = ply.lex.lex(module=owner, errorlog=ply.lex.NullLogger())
        if prototype.lexstateeoff:
            raise AssertionError("Lexer.build's clone() would not rebind a t_eof rule")
        _prototype = prototype
    return _prototype


def _never_called(message: str, span: Span) -> None:
    raise AssertionError(f"the prototype lexer scanned text: {message} at {span}")


# Tokens that can begin an expression: `code`/`lift` followed by one of
# these is the staging construct.
EXP_START_TOKENS = frozenset({
    "IDENT", "INT", "WORD", "STRING", "CHAR", "SELECTOR", "LPAREN", "LBRACKET", "LET", "OP",
    "RAISE", "IF", "WHILE", "CASE", "FN", "CODE", "LIFT",
})
STAGING_KEYWORDS = frozenset({"CODE", "LIFT", "COGEN"})
# After these a name is being bound or quoted, never a staging construct.
_BINDER_TOKENS = frozenset({"OP", "FUN", "BAR", "VAL", "AND"})
# After these `code` and `lift` are names too: a pattern or a type follows
# `handle` and `of`; `raise` needs an exn, which neither construct gives; and
# after the end of an atom or a built-in infix operator (`h lift x`, `3 lift
# 4` after `infix lift`, `fun apply code f = ...`, `x + lift y`) they would
# be an argument or an operand, where the constructs need parentheses (`h
# (lift x)`, `1 + (code 2)`). Not after `=`, which also begins a binding's
# expression (`val x = code 1`).
_NAME_AFTER_TOKENS = frozenset({"HANDLE", "OF", "RAISE", "IDENT", "INT", "WORD", "STRING", "CHAR", "SELECTOR",
                                "RPAREN", "RBRACKET", "END"}
                               | set(INFIX_TOKENS.values()) - {"EQUALS"})


def _after_binder_keyword(tokens: list, i: int) -> bool:
    """Whether tokens[i] is in binding position: after `op`, `fun`, `val`,
    `and`, `|`, or after the type variables of a `fun`/`val`
    (`fun 'a code`, `val ('a, 'b) lift`)."""
    before = tokens[i - 1].type if i > 0 else None
    if before in _BINDER_TOKENS:
        return True
    j = i - 2  # the token before the type variable(s), if any
    if before == "RPAREN":
        # Skip back over `('a, 'b)`.
        while j >= 1 and tokens[j].type == "TYVAR" and tokens[j - 1].type in ("COMMA", "LPAREN"):
            j -= 2
            if tokens[j + 1].type == "LPAREN":
                break
        else:
            return False
    elif before != "TYVAR":
        return False
    return j >= 0 and tokens[j].type in ("FUN", "VAL")


def demote_staging_keywords(tokens: list, start: int = 0) -> list:
    """Turn `code`, `lift` and `cogen` back into identifiers where they
    cannot be the staging constructs, so that plain SML programs that use
    them as names (`val code = ...`, `if code = 3`) keep their meaning:

      `code`/`lift` are keywords only when an expression follows them,
      and not after `handle`, `of`, `raise` or the end of an atom;
      `cogen` only in `cogen NAME =` and `cogen op NAME =`;
      none of them in binding position (after `op`, `fun`, `val`, `and`,
      `|` or a type variable sequence).

    The one ambiguity left is a variable named `code` or `lift` applied to
    an argument where an expression begins (`val y = code x`), which reads
    as the staging construct.

    Only tokens[start:] are considered (those before are already
    demoted). A token's fate depends on the three after it, so that the
    tokens of a text that ends with `;` are final whatever follows, but
    for `cogen op ;`, a syntax error however it is read
    (mlbox.parser.GrowingInput relies on it).
    """
    for i in range(start, len(tokens)):
        tok = tokens[i]
        if tok.type not in STAGING_KEYWORDS:
            continue
        after = tokens[i + 1].type if i + 1 < len(tokens) else None
        if _after_binder_keyword(tokens, i):
            keyword = False
        elif tok.type == "COGEN":
            keyword = ((after in ("IDENT", *STAGING_KEYWORDS) and i + 2 < len(tokens)
                        and tokens[i + 2].type == "EQUALS")
                       # `cogen op ++ = e`, for a name declared infix (as `val op ++ = e`)
                       or (after == "OP" and i + 3 < len(tokens) and tokens[i + 3].type == "EQUALS"))
            # followed by what looks like a pattern: most likely a cogen
            # written with a pattern or a type (`cogen (a, b) = e`,
            # `cogen u : t = e`, `cogen _ = e`), which the note of a syntax
            # error nearby says (parser.Grammar.p_error)
            tok.demoted_cogen = not keyword and (
                after in ("LPAREN", "WILD") or (after in ("IDENT", *STAGING_KEYWORDS) and i + 2 < len(tokens)
                                                and tokens[i + 2].type in ("COLON", "COMMA", "AS")))
        else:
            keyword = after in EXP_START_TOKENS and (i == 0 or tokens[i - 1].type not in _NAME_AFTER_TOKENS)
        if not keyword:
            tok.type = "IDENT"
    return tokens


def tokenize(text: str) -> tuple[list[ply.lex.LexToken], list[tuple[str, Span]]]:
    """Tokens of `text` and the lexical errors found (message, span)."""
    errors: list[tuple[str, Span]] = []
    lexer = Lexer(lambda message, span: errors.append((message, span)))
    return lexer.tokenize(text), errors
