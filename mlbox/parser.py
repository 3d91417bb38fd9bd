"""The ML□ parser: a PLY (LALR) grammar for the whole surface language
(docs/language.md §1-§5), producing the AST of `mlbox.syntax` with a span on every node.

Infix expressions and patterns are parsed as flat sequences of atoms and
identifiers, then resolved (`Grammar.resolve`) against the fixity of the
identifiers in scope (`Fixity`): application binds tightest, then infix
operators by precedence climbing. Fixity is scoped as in SML: an `infix`,
`infixr` or `nonfix` declaration holds to the end of the enclosing `let`
or `local` part (marker rules push and pop a scope when `let`, `local` and
`local ... in` are read); at top level it persists, across REPL inputs too
(`Program.fixity`). Declarations are reduced before anything after them is
resolved, since an LALR(1) parser reduces left to right.

The other disambiguation rules are precedence declarations: `:` binds
tighter than `andalso`, which binds
tighter than `orelse`, then `handle`; and `fn`, `case`, `if`, `raise`,
`while`, `code`, `lift` and match rules extend as far right as possible
(shift wins), which is also SML's "dangling match" rule: in
`case a of p => case b of q => x | r => y` the last rule belongs to the
inner `case`.

Parser tables are committed in `mlbox/_parsetab.py`, regenerated on
purpose with `python -m mlbox.parser --write-tables`; at run time they are
only read (a test fails when they are stale). The grammar is never built
on a normal run and nothing is written.

Entry points: `parse_program`, `parse_expression`, `parse_type`,
`is_incomplete` (for the REPL).
"""

from __future__ import annotations

import io
import os
import sys
import threading
import weakref
from typing import Optional, Union

import attrs
import ply.lex
import ply.yacc

from mlbox import syntax as S
from mlbox.diagnostics import CompileError, Diagnostic, Source
from mlbox.lexer import KEYWORDS as _KEYWORDS
from mlbox.lexer import Lexer, demote_staging_keywords
from mlbox.syntax import Fixity, Span

TABLE_MODULE = "mlbox._parsetab"
MAX_SYNTAX_ERRORS = 10

# Error messages (tests refer to these constants).
MSG_UNEXPECTED = "syntax error: unexpected {}"
MSG_EXPECTED = "{}, expected {}"
MSG_END_OF_FILE = "end of file"
MSG_UNSUPPORTED = ("{} ('{}' is Standard ML but not supported by ML\u25a1: no modules, records or "
                   "eqtype; see docs/language.md \u00a712)")
# `#` begins a record selector (`#name r`; `#1 p` is a SELECTOR token) or SML/NJ's vector
# literal (`#[1, 2]`): the general message above names neither
MSG_HASH = ("{} (ML\u25a1 has no records, so no '#' selectors but the tuple ones #1, #2, ...; a vector is written "
            "Vector.fromList [...], not SML/NJ's #[...]; see docs/language.md \u00a712)")
MSG_CLAUSE_NAME = ("clauses of one `fun` must all define the same function: "
                   "expected '{}', found '{}'")
MSG_MIXED_ASSOC = ("'{}' and '{}' have the same precedence ({}) but one is left- and the other "
                   "right-associative: add parentheses")
MSG_PRECEDENCE = "a fixity precedence is one digit, 0 to 9"
MSG_LAYERED = "only a variable can be layered with `as` (`x : t as pat`)"
MSG_TOO_MANY_ARGS = "a constructor pattern takes one argument: unexpected {}"
MSG_REPLICATION = ("{}: a datatype replication has no type parameters (`datatype t = datatype u` "
                   "makes t take those of u)")
# The commonest slips of programmers coming from other languages, named.
MSG_ARROW_IN_RULE = "{}, expected '=>' (a rule of a match is `pat => exp`; '->' is the arrow of function types)"
MSG_RULE_WITHOUT_BAR = "{}: each rule of a match after the first begins with '|' (`p1 => e1 | p2 => e2`)"
MSG_FUN_WITHOUT_ARGUMENT = ("syntax error: unexpected {}: a `fun` clause takes at least one argument "
                            "(`fun f x = ...`, `fun f () = ...`); a value without one is `val f = ...`")
MSG_INFIX_AFTER_TYPE = ("{} ('{}' after a type is read as a type constructor, as in SML: to apply the "
                        "operator to a typed expression, parenthesise it, `(e : t) {} ...`)")
MSG_TRAILING_COMMA = "{} after ',' (lists and tuples take no comma after their last item)"
MSG_OPEN_ENDED_OPERAND = ("{}: '{} ...' extends as far right as it can, so as an operand or an argument "
                          "it needs parentheses: ({} ...)")
# An infix identifier where an operand or a name to bind belongs (`val before
# = 3`, `fn (i, o) => ...`): the Definition (§2.6) and SML/NJ refuse it
# without `op`; Poly/ML accepts it with a warning (docs/STATUS.md).
MSG_INFIX_AS_OPERAND = ("syntax error: unexpected {}: it is an infix operator here; write `op {}` to use it as a value or to bind it "
                        "as a name (Standard ML requires the `op`)")
# The note of a syntax error next to a `cogen` that is not `cogen NAME =`
# (so lexed as a name) or after a `cogen ... and`.
COGEN_SYNTAX_NOTE = ("'cogen' declares one code variable: cogen u = e, with e a generator (of type [t]); "
                     "it takes no pattern, type annotation or 'and' (annotate e instead: cogen u = (e : [t]))")
# The note of a syntax error at a `cogen` declaration where no declaration
# can go (`fun f x = cogen u = e`).
COGEN_PLACE_NOTE = ("a cogen declaration goes where declarations go: at top level, or between "
                    "'let' and 'in' (let cogen u = e in ... end)")
# How far back from a syntax error a `cogen` lexed as a name is looked for.
COGEN_LOOKBACK = 8
BACKSLASH_LOOKBACK = 12
MSG_FUN_HEAD_WITHOUT_NAME = ("syntax error: unexpected {}: a `fun` clause begins with the name of its function "
                             "(fun f x = ...); parentheses go around a head only when its name is infix: "
                             "fun (x ++ y) z = ...")
MSG_STAGING_IN_PATTERN = ("{}: '{}' builds code and is not a pattern; bind the code to a name and open it "
                          "with cogen: fun f c = let cogen u = c in code (u + 1) end")
MSG_PARENTHESIZED_CONSTRUCTOR = ("syntax error: unexpected {}: a constructor applied in a pattern is written "
                                 "without parentheses (`op :: (x, r)`, `SOME x`)")
MSG_PARENTHESIZED_FUN_NAME = ("syntax error: unexpected {}: a `fun` clause names its function `op f`, "
                              "without parentheses (`fun op + (x, y) = ...`)")

# The innermost unfinished construct on the parse stack tells which
# keyword would close it; used for the "expected ..." hint.
_CLOSERS = {"LPAREN": "RPAREN", "LBRACKET": "RBRACKET", "let_start": "IN", "local_start": "IN",
            "local_in": "END", "IN": "END", "ABSTYPE": "WITH", "WITH": "END",
            "IF": "THEN", "THEN": "ELSE", "CASE": "OF", "WHILE": "DO"}
# Words that begin a declaration, for the note on a misspelt one.
_DECLARATION_KEYWORDS = ("val", "fun", "cogen", "datatype", "type", "exception", "local", "abstype",
                         "infix", "infixr", "nonfix")
NOTE_MISSPELT_KEYWORD = "did you mean '{keyword}'?"
# A misspelt keyword beginning a top-level line (`datatyp t = A | B`) makes
# the line an expression, which fails further on: the error is moved to
# the misspelt word, where the mistake is.
MSG_MISSPELT_TOP_KEYWORD = "syntax error: '{word}' is not a keyword; did you mean '{keyword}'?"
NOTE_READ_AS_EXPRESSION = ("read as an expression, '{word} {next} ...' stops parsing at {line}:{col} "
                           "({found})")
# SML writes negation `~`; `-` is only subtraction (`-1` is a slip from C).
MSG_MINUS_AS_NEGATION = ("syntax error: unexpected {}: ML writes a negative number or a negation with "
                         "'~' (~1, ~x); '-' is only subtraction (as a function value: op -)")
# `fn x = e`, `case x of 0 = e`: `=` where a rule's `=>` belongs.
MSG_EQUALS_IN_RULE = ("{}, expected '=>' (a rule of a match is `pat => exp`; `=` belongs to `val` and "
                      "`fun` declarations: fun f x = ...)")
MSG_SEMICOLON_BEFORE_BAR = ("{}: the ';' before it ended the declaration; clauses and rules are joined "
                            "by '|' alone (fun f 0 = 1 | f n = n)")
# A `|` before the first rule, clause or constructor (`case e of | p => ...`,
# as OCaml, F# and Successor ML allow): SML has none there.
MSG_LEADING_BAR_MATCH = "{}: the first rule of a match has no '|' before it (case e of p1 => e1 | p2 => e2)"
MSG_LEADING_BAR_FUN = "{}: the first clause of a `fun` has no '|' before it (fun f p1 = e1 | f p2 = e2)"
# `datatype t = A of | B`: the `of` of a constructor needs its type
MSG_TYPE_AFTER_OF = ("{}, expected a type after 'of' (a constructor without an argument has no 'of': "
                     "datatype t = A | B of int)")
# `fun f ((a, b) as p) = ...`: the name goes on the left of `as`
MSG_AS_AFTER_PATTERN = "{}: a layered pattern has the variable on the left of 'as': p as (a, b)"
# `fn a, b => a + b`: a tuple pattern without its parentheses
MSG_TUPLE_PATTERN_PARENS = "{}, expected '=>' (a tuple pattern has parentheses: (a, b) => ...)"
# `let ... in a; end`, `(a; )`: a ';' of a sequence with nothing after it
MSG_NOTHING_AFTER_SEMICOLON = ("{}: an expression must follow each ';' of a sequence (e1; e2); "
                               "remove the last ';'")
# a syntax error after a `(*)` whose comment a later `*)` closed
NOTE_STAR_COMMENT = ("the '(*)' at {line}:{col} opened a comment, which ran to {end_line}:{end_col}: '(*' begins a "
                     "comment even in '(*)'; the multiplication function is written `op *`")
# `val of = 2`: a reserved word where a name is bound
MSG_KEYWORD_AS_NAME = "{}: '{}' is a reserved word of ML and cannot be used as a name"
# `fun f x => x + 1`
MSG_DARROW_IN_FUN = ("{}, expected '=' (a `fun` clause is `f x = e`; '=>' belongs to `fn` and `case` rules)")
# `val b = true and false`: `and` read as joining a second declaration
NOTE_AND_ANDALSO = ("`and` joins declarations (val a = 1 and b = 2); the boolean operator is `andalso` "
                    "(and `orelse` for or)")
MSG_LEADING_BAR_DATATYPE = "{}: the first constructor of a datatype has no '|' before it (datatype t = A | B of int)"
# `'a'`: the lexer reads a type variable (a quote may end one).
MSG_SINGLE_QUOTES = ("{}: ML has no single-quoted literals: a character is #\"a\", a string \"abc\" "
                     "('a is a type variable)")
# `fun len x :: xs = ...`: arguments are atomic patterns.
MSG_INFIX_IN_CLAUSE_HEAD = ("syntax error: unexpected {}: an argument of a `fun` clause that uses the infix "
                            "'{}' needs parentheses (fun len (x :: xs) = ...)")
# A name where a declaration must begin, followed by `=` (`let y = 2 in`).
NOTE_MISSING_VAL = "a declaration begins with a keyword: val {name} = ... (or fun {name} x = ... for a function)"
# A line `f n = ...` after a clause of f, without its `|`, continues that
# clause's body (the checker says so when the body then fails to type).
NOTE_CLAUSE_WITHOUT_BAR = "missing `|` before this clause? Clauses are joined by '|': fun f 0 = 1 | f n = n"
# `if c then e` alone, as in C or Python.
NOTE_BACKSLASH_LAMBDA = "ML writes an anonymous function with `fn`: fn x => x ('\\' is an ordinary symbolic name)"
NOTE_IF_WITHOUT_ELSE = "an ML `if` always has an `else` (it is an expression); with nothing to do, write `else ()`"
# `val x := 5`: `:=` read as an infix constructor of the pattern
MSG_ASSIGN_IN_VAL = "syntax error: ':=' where the '=' of a val goes"
NOTE_ASSIGN_IN_VAL = ("a `val` binds its name with `=`; `:=` assigns to a reference that exists: val x = 5, "
                      "or val x = ref 5 for a value to change later with x := 6")
# `if c then a; b else d`: the `else` is there, after a sequence
NOTE_SEQUENCE_IN_BRANCH = ("the `;` ends the `then` branch, so the `else` after it has no `if`: a branch that is "
                           "a sequence goes in parentheses, then (a; b) else c")
# `[1; 2; 3]`, as in OCaml and F#.
NOTE_LIST_SEMICOLONS = "a list's elements are separated by commas: [1, 2, 3]"
# `fun f x =` then a line `val y = x + 1`: a declaration where an
# expression must begin (after `=`, `=>`, `then`, `(`, ...)
NOTE_DEC_IN_EXPRESSION = ("a declaration cannot stand where an expression is expected; inside an expression, "
                          "declarations go in a `let`: let {keyword} ... in ... end")
_EXPRESSION_STARTS = frozenset({"EQUALS", "DARROW", "THEN", "ELSE", "DO", "LPAREN", "LBRACKET", "SEMICOLON",
                                "COMMA"})
# `fun even ... and val odd = ...`, `val a = 1 and val b = 2`: the binding
# after `and` takes no keyword
MSG_KEYWORD_AFTER_AND = ("{}: the binding after `and` has no keyword of its own "
                         "({kind} {example} and {second})")
MSG_OTHER_KIND_AFTER_AND = ("{}: `and` joins bindings of one kind, so a `{kind}` cannot go on with a `{other}`: "
                            "write the binding as one more {kind} ({kind} {example} and {second}), or declare it "
                            "apart")
_AND_EXAMPLES = {"fun": ("f x = ...", "g y = ..."), "val": ("a = 1", "b = 2")}
# `type color = Red | Green`: constructors, which only a datatype has
NOTE_TYPE_FOR_DATATYPE = ("`type` gives a name to a type written out (type point = int * int); a type with "
                          "constructors is declared with `datatype`: datatype {name} = ...")
# `datatype t = A int`: the argument type without its `of`
NOTE_CONSTRUCTOR_WITHOUT_OF = "a constructor's argument type follows `of`: {name} of {type}"
# How the note on an unfinished construct names its opening token.
_OPENER_TEXT = {"LPAREN": "'('", "LBRACKET": "'['", "let_start": "'let'", "local_start": "'local'",
                "local_in": "'in'", "IN": "'in'", "ABSTYPE": "'abstype'", "WITH": "'with'", "IF": "'if'",
                "THEN": "'then'", "CASE": "'case'", "WHILE": "'while'"}
NOTE_STILL_OPEN = "the {opener} at {line}:{col} is still waiting for its {closer}"
# Constructs that have their closer already (a hint would be a guess).
_COMPLETE_MARKERS = {"ELSE", "OF", "DO", "RPAREN", "RBRACKET", "END"}
_TOKEN_TEXT = {"RPAREN": "')'", "RBRACKET": "']'", "IN": "'in'", "END": "'end'", "WITH": "'with'",
               "THEN": "'then'", "ELSE": "'else'", "OF": "'of'", "DO": "'do'"}
# Where error recovery may restart a parse: a declaration keyword at the
# start of a line (the usual layout of top-level declarations).
_RESTART_TOKENS = {"VAL", "FUN", "DATATYPE", "TYPE", "EXCEPTION", "COGEN", "LOCAL", "ABSTYPE",
                   "INFIX", "INFIXR", "NONFIX"}
# (a misplaced `cogen` has a note of its own)
_DECLARATION_TOKENS = frozenset(_RESTART_TOKENS - {"COGEN"})


class _Abort(Exception):
    """Stops a parse at its first syntax error (recovery restarts it)."""


@attrs.frozen
class _Clause:
    """A `fun` clause before its function is assembled: the name it
    defines (each clause repeats it) and the clause itself."""

    name: str
    name_span: Span
    clause: S.Clause


@attrs.frozen
class _Name:
    """An identifier standing alone in an infix sequence: an operator if it
    is infix where the sequence is resolved, else an atom."""

    name: str
    span: Span


@attrs.frozen
class _Operator:
    name: str
    span: Span
    precedence: int
    assoc: str


def _appended(items: list, item) -> list:
    """A left-recursive list rule's result: the list so far, extended in
    place (each list is one symbol's value, used by one reduction), so that
    a sequence of n items costs O(n), not the O(n^2) of copying it per item."""
    items.append(item)
    return items


class _ValBinds(list):
    """The bindings of a `val` with `and rec`: `rec_from` is the index of
    the first binding after `rec` (SML '97: it and all later ones are
    recursive)."""

    rec_from: int


def _val_dec(tyvars: tuple, binds: list, rec: bool, span: Optional[Span]) -> S.ValDec:
    rec_from = getattr(binds, "rec_from", None)
    return S.ValDec(tyvars, tuple(binds), rec=rec, rec_from=None if rec else rec_from, span=span)


def _located(p, value, span: Optional[Span]):
    """Make a rule's result `value` and record its span on the symbol, for
    results that are not AST nodes (lists, names)."""
    p[0] = value
    p.slice[0].span = span


class Grammar:
    """The grammar (PLY reads the `p_` methods) and the state of one parse."""

    tokens = Lexer.tokens + ("START_EXP", "START_TYPE")
    start = "start"

    precedence = (
        # fn/case/if/raise/while/code/lift and match rules extend as far right
        # as possible: they reduce only when nothing can be shifted.
        ("nonassoc", "PREFIX"),
        ("left", "HANDLE"),
        ("right", "BAR"),
        ("left", "ORELSE"),
        ("left", "ANDALSO"),
        ("left", "COLON"),
    )

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []
        self.error_at_eof = False
        self.last_token = None
        self.parser = None  # the PLY parser, for the state in p_error
        self.fixity = Fixity()
        self.lookahead = None  # the last token read (None: end of input)
        self.token_at: dict[tuple[int, int], object] = {}  # (line, col) -> token
        self.token_list: list = []  # the tokens being parsed, searched only on an error (`tokens` is PLY's)
        # patterns written `atpat vid atpat` (in parentheses too): id(node)
        # -> (node, name, name span, left, right), for `fun (x ++ y) z = ...`
        self.infix_patterns: dict[int, tuple] = {}
        # `(op f)` patterns, by id (-> the node, kept alive): not a `fun`
        # clause's head, which SML writes `op f` without parentheses
        self.parenthesized_ops: dict[int, S.PVar] = {}

    # ------------------------------------------------------------ helpers

    @staticmethod
    def span_of(p, i: int) -> Optional[Span]:
        sym = p.slice[i]
        span = getattr(sym, "span", None)
        if span is None:
            span = getattr(sym.value, "span", None)
        return span

    def whole(self, p) -> Optional[Span]:
        """The span from the first to the last symbol of the rule that has
        one. (Searched for from each end: every reduction of every parse
        calls this, and collecting all the spans took a fifth of a parse.)"""
        span_of = self.span_of
        n = len(p)
        for i in range(1, n):
            first = span_of(p, i)
            if first is not None:
                break
        else:
            return None
        for j in range(n - 1, i, -1):
            last = span_of(p, j)
            if last is not None:
                return first.to(last)
        return first

    def error(self, message: str, span: Span, notes: tuple[str, ...] = ()) -> None:
        self.diagnostics.append(Diagnostic("error", message, span, notes))

    # ------------------------------------------------------------ infix resolution

    def fail_at(self, span: Optional[Span], message: Optional[str] = None):
        """A syntax error found while resolving a sequence: at the token
        that starts `span`, or, with span None, at the token after the
        sequence (the lookahead). Stops the parse, as p_error does."""
        if span is None:
            tok = self.lookahead
            if tok is None:
                self.error_at_eof = True
                found_span, found = self.end_of_input(), MSG_END_OF_FILE
            else:
                found_span, found = tok.span, f"'{_shorten(tok.text)}'"
        else:
            tok = self.token_at.get((span.line, span.col))
            found_span = tok.span if tok is not None else span
            found = f"'{_shorten(tok.text)}'" if tok is not None else "this"
        self.error(message.format(found) if message else MSG_UNEXPECTED.format(found), found_span)
        raise _Abort(tok)

    def operator(self, item) -> Optional[_Operator]:
        if isinstance(item, _Name):
            fixity = self.fixity.lookup(item.name)
            if fixity is not None:
                return _Operator(item.name, item.span, *fixity)
        return None

    def resolve(self, items: list, application, infix):
        """Resolve a flat sequence of atoms and names: runs of atoms are
        applications (`application(atoms)`), then infix operators by
        precedence climbing (`infix(operator, left, right)`)."""
        operands: list = []
        operators: list[_Operator] = []
        run: list = []
        for item in items:
            op = self.operator(item)
            if op is None:
                run.append(item)
                continue
            if not run:
                # an operator where an operand belongs
                self.fail_at(op.span, MSG_MINUS_AS_NEGATION if op.name == "-" else
                             MSG_INFIX_AS_OPERAND.format("{}", op.name))
            operands.append(application(run))
            operators.append(op)
            run = []
        if not run:
            self.fail_at(None)  # the sequence ends with an operator
        operands.append(application(run))
        # shunting-yard: `pending` operators await their right operand
        out = [operands[0]]
        pending: list[_Operator] = []

        def reduce() -> None:
            op = pending.pop()
            right = out.pop()
            left = out.pop()
            out.append(infix(op, left, right))

        for op, operand in zip(operators, operands[1:]):
            while pending and self.binds_before(pending[-1], op):
                reduce()
            pending.append(op)
            out.append(operand)
        while pending:
            reduce()
        return out[0]

    def binds_before(self, earlier: _Operator, later: _Operator) -> bool:
        """Whether `a earlier b later c` groups as `(a earlier b) later c`."""
        if earlier.precedence != later.precedence:
            return earlier.precedence > later.precedence
        if earlier.assoc != later.assoc:
            self.error(MSG_MIXED_ASSOC.format(earlier.name, later.name, later.precedence), later.span)
            raise _Abort(self.token_at.get((later.span.line, later.span.col)))
        return earlier.assoc == "left"

    @staticmethod
    def exp_atom(item):
        return S.Var(item.name, span=item.span) if isinstance(item, _Name) else item

    def exp_application(self, run: list):
        exp = self.exp_atom(run[0])
        for arg in run[1:]:
            arg = self.exp_atom(arg)
            exp = S.App(exp, arg, span=exp.span.to(arg.span))
        return exp

    @staticmethod
    def exp_infix(op: _Operator, left, right):
        span = left.span.to(right.span)
        return S.App(S.Var(op.name, span=op.span), S.Tuple((left, right), span=span), span=span)

    @staticmethod
    def pat_atom(item):
        return S.PVar(item.name, span=item.span) if isinstance(item, _Name) else item

    def pat_application(self, run: list):
        """A pattern atom, or a constructor (a name, or `op` name) applied to
        one atom."""
        if len(run) == 1:
            return self.pat_atom(run[0])
        con, arg = run[0], run[1]
        if id(con) in self.parenthesized_ops:  # `(op ::) x`: two atoms, the first no constructor's name
            self.fail_at(con.span, MSG_PARENTHESIZED_CONSTRUCTOR)
        if isinstance(con, _Name):
            name = con.name
        elif isinstance(con, S.PVar) and con.op and id(con) not in self.infix_patterns:
            name = con.name
        else:
            self.fail_at(arg.span)
        if len(run) > 2:
            self.fail_at(run[2].span, MSG_TOO_MANY_ARGS)
        arg = self.pat_atom(arg)
        span = con.span.to(arg.span)
        # `ref` is a constructor in SML; the AST gives it its own node.
        return S.PRef(arg, span=span) if name == "ref" else S.PCon(name, arg, span=span)

    def pat_infix(self, op: _Operator, left, right):
        span = left.span.to(right.span)
        pat = S.PCon(op.name, S.PTuple((left, right), span=span), span=span)
        self.infix_patterns[id(pat)] = (pat, op.name, op.span, left, right)
        return pat

    def clause_head(self, items: list) -> tuple[str, Span, tuple]:
        """The function name and argument patterns of a `fun` clause, in
        one of SML's three forms: `f p1 ... pn` (f nonfix, or `op f`),
        `p1 f p2` (f infix), `(p1 f p2) p3 ... pn`."""
        ops = [self.operator(item) for item in items]
        if len(items) == 3 and ops[1] is not None and ops[0] is None and ops[2] is None:
            left, right = self.pat_atom(items[0]), self.pat_atom(items[2])
            arg = S.PTuple((left, right), span=left.span.to(right.span))
            return ops[1].name, ops[1].span, (arg,)
        first, rest = items[0], items[1:]
        infix = self.infix_patterns.get(id(first))
        if infix is not None:
            _node, name, name_span, left, right = infix
            args = (S.PTuple((left, right), span=left.span.to(right.span)),)
        elif ops[0] is not None:
            self.fail_at(first.span, MSG_INFIX_AS_OPERAND.format("{}", ops[0].name))
        elif id(first) in self.parenthesized_ops:
            self.fail_at(first.span, MSG_PARENTHESIZED_FUN_NAME)
        elif isinstance(first, _Name) or (isinstance(first, S.PVar) and first.op):
            name, name_span, args = first.name, first.span, ()
            if not rest:
                self.fail_at(None, MSG_FUN_WITHOUT_ARGUMENT)  # `fun f = ...`
        else:
            self.fail_at(first.span, MSG_FUN_HEAD_WITHOUT_NAME)  # `fun (x) = x`, `fun (a, b) = a`
        for item, op in zip(rest, ops[1:]):
            if op is not None:
                self.fail_at(op.span, MSG_INFIX_IN_CLAUSE_HEAD.format("{}", op.name))
        return name, name_span, args + tuple(self.pat_atom(item) for item in rest)

    # ------------------------------------------------------------ entry

    def p_start_program(self, p):
        """ start : program """
        p[0] = p[1]

    def p_start_exp(self, p):
        """ start : START_EXP exp
                  | START_EXP exp SEMICOLON
        """
        p[0] = p[2]

    def p_start_type(self, p):
        """ start : START_TYPE ty """
        p[0] = p[2]

    # ------------------------------------------------------------ programs
    # A program is chunks separated by `;`; a chunk is declarations or one
    # expression (SML's `exp ;` = `val it = exp`), so a top-level
    # expression can only start a program or follow a `;`.

    def p_program(self, p):
        """ program : chunks """
        decs, semicolons = p[1]
        decs = tuple(decs)
        p[0] = S.Program(decs, semicolons=tuple(semicolons),
                         span=decs[0].span.to(decs[-1].span) if decs else S.NOSPAN)

    # chunks are (declarations, the number of declarations before each `;`)

    def p_chunks_one(self, p):
        """ chunks : chunk """
        p[0] = (p[1], [])

    def p_chunks_more(self, p):
        """ chunks : chunks SEMICOLON chunk """
        decs, semicolons = p[1]
        # in place, as _appended: copying would make n `;`-separated
        # declarations quadratic
        semicolons.append(len(decs))
        decs.extend(p[3])
        p[0] = (decs, semicolons)

    def p_chunk_decs(self, p):
        """ chunk : decs """
        p[0] = p[1]

    def p_chunk_exp(self, p):
        """ chunk : exp """
        p[0] = [S.ExpDec(p[1], span=p[1].span)]

    def p_decs_empty(self, p):
        """ decs : empty """
        p[0] = []

    def p_decs_more(self, p):
        """ decs : decs dec """
        p[0] = _appended(p[1], p[2])

    def p_let_decs_empty(self, p):
        """ let_decs : empty """
        p[0] = []

    def p_let_decs_more(self, p):
        """ let_decs : let_decs dec
                     | let_decs SEMICOLON
        """
        p[0] = _appended(p[1], p[2]) if p.slice[2].type == "dec" else p[1]

    def p_empty(self, p):
        """ empty : """
        _located(p, None, None)

    # ------------------------------------------------------------ declarations

    def p_dec_val(self, p):
        """ dec : VAL valbinds
                | VAL recs valbinds
        """
        p[0] = _val_dec((), p[len(p) - 1], len(p) == 4, self.whole(p))

    def p_dec_val_tyvars(self, p):
        """ dec : VAL tyvarseq1 valbinds
                | VAL tyvarseq1 recs valbinds
        """
        p[0] = _val_dec(tuple(p[2]), p[len(p) - 1], len(p) == 5, self.whole(p))

    def p_dec_fun(self, p):
        """ dec : FUN funbinds """
        p[0] = S.FunDec((), tuple(p[2]), span=self.whole(p))

    def p_dec_fun_tyvars(self, p):
        """ dec : FUN tyvarseq1 funbinds """
        p[0] = S.FunDec(tuple(p[2]), tuple(p[3]), span=self.whole(p))

    def p_dec_datatype(self, p):
        """ dec : DATATYPE databinds
                | DATATYPE databinds WITHTYPE typebinds
        """
        withtype = tuple(p[4]) if len(p) == 5 else ()
        p[0] = S.DatatypeDec(tuple(p[2]), withtype, span=self.whole(p))

    def p_dec_datatype_replication(self, p):
        """ dec : DATATYPE tycon EQUALS DATATYPE tycon """
        p[0] = S.DatatypeReplDec(p[2], p[5], span=self.whole(p))

    def p_dec_abstype(self, p):
        """ dec : ABSTYPE databinds WITH let_decs END
                | ABSTYPE databinds WITHTYPE typebinds WITH let_decs END
        """
        withtype = tuple(p[4]) if len(p) == 8 else ()
        datatype = S.DatatypeDec(tuple(p[2]), withtype, span=self.span_of(p, 1).to(self.span_of(p, len(p) - 4)))
        p[0] = S.AbstypeDec(datatype, tuple(p[len(p) - 2]), span=self.whole(p))

    def p_dec_type(self, p):
        """ dec : TYPE typebinds """
        p[0] = S.TypeDec(tuple(p[2]), span=self.whole(p))

    def p_dec_exception(self, p):
        """ dec : EXCEPTION exnbinds """
        p[0] = S.ExceptionDec(tuple(p[2]), span=self.whole(p))

    def p_dec_local(self, p):
        """ dec : local_start let_decs local_in let_decs END """
        # The body's fixity declarations are the declaration's; those of
        # the local part end here.
        exported = self.fixity.pop()
        self.fixity.pop()
        self.fixity.declare_all(exported)
        p[0] = S.LocalDec(tuple(p[2]), tuple(p[4]), span=self.whole(p))

    def p_local_start(self, p):
        """ local_start : LOCAL """
        self.fixity.push()
        _located(p, None, self.whole(p))

    def p_local_in(self, p):
        """ local_in : IN """
        self.fixity.push()
        _located(p, None, self.whole(p))

    def p_dec_fixity(self, p):
        """ dec : INFIX fixnames
                | INFIX INT fixnames
                | INFIXR fixnames
                | INFIXR INT fixnames
                | NONFIX fixnames
        """
        names = tuple(p[len(p) - 1])
        precedence = 0
        if len(p) == 4:
            token = p.slice[2]
            precedence = p[2]
            if token.text not in tuple("0123456789"):
                self.error(MSG_PRECEDENCE, token.span)
        assoc = {"INFIX": "left", "INFIXR": "right", "NONFIX": None}[p.slice[1].type]
        self.fixity.declare(names, None if assoc is None else (precedence, assoc))
        p[0] = S.FixityDec(assoc, precedence, names, span=self.whole(p))

    def p_fixnames(self, p):
        """ fixnames : opname
                     | fixnames opname
        """
        items = [p[1]] if len(p) == 2 else _appended(p[1], p[2])
        _located(p, items, self.whole(p))

    def p_dec_cogen(self, p):
        """ dec : COGEN IDENT EQUALS exp
                | COGEN OP opname EQUALS exp
        """
        # `cogen op ++ = e` binds a name declared infix, as `val op ++ = e` does
        p[0] = S.CogenDec(p[len(p) - 3], p[len(p) - 1], span=self.whole(p))

    def p_valbinds(self, p):
        """ valbinds : valbind
                     | valbinds AND valbind
                     | valbinds AND recs valbind
        """
        if len(p) == 2:
            items = [p[1]]
        else:
            items = _appended(p[1], p[len(p) - 1])
            if len(p) == 5 and not hasattr(items, "rec_from"):
                items = _ValBinds(items)
                items.rec_from = len(items) - 1
        _located(p, items, self.whole(p))

    def p_recs(self, p):
        # SML '97's `valbind ::= rec valbind`: `rec` may be repeated
        # (`val rec rec f = fn ...`, as Poly/ML accepts), meaning one `rec`
        """ recs : REC
                 | recs REC
        """
        _located(p, "rec", self.whole(p))

    def p_valbind(self, p):
        """ valbind : pat EQUALS exp """
        p[0] = S.ValBind(p[1], p[3], span=self.whole(p))

    def p_funbinds(self, p):
        """ funbinds : funbind
                     | funbinds AND funbind
        """
        items = [p[1]] if len(p) == 2 else _appended(p[1], p[3])
        _located(p, items, self.whole(p))

    def p_funbind(self, p):
        """ funbind : clauses """
        clauses = p[1]
        name = clauses[0].name
        for c in clauses[1:]:
            if c.name != name:
                self.error(MSG_CLAUSE_NAME.format(name, c.name), c.name_span)
        p[0] = S.FunBind(name, tuple(c.clause for c in clauses), span=self.whole(p))

    def p_clauses(self, p):
        """ clauses : clause
                    | clauses BAR clause
        """
        items = [p[1]] if len(p) == 2 else _appended(p[1], p[3])
        _located(p, items, self.whole(p))

    def p_clause(self, p):
        """ clause : clause_head EQUALS exp
                   | clause_head COLON ty EQUALS exp
        """
        result_ty = p[3] if len(p) == 6 else None
        name, name_span, args = p[1]
        clause = S.Clause(args, result_ty, p[len(p) - 1], span=self.whole(p))
        _located(p, _Clause(name, name_span, clause), clause.span)

    def p_clause_head(self, p):
        """ clause_head : patitems """
        _located(p, self.clause_head(p[1]), self.whole(p))

    def p_tyvarseq_empty(self, p):
        """ tyvarseq : empty """
        _located(p, [], None)

    def p_tyvarseq_some(self, p):
        """ tyvarseq : tyvarseq1 """
        _located(p, p[1], self.whole(p))

    def p_tyvarseq1_one(self, p):
        """ tyvarseq1 : TYVAR """
        _located(p, [p[1]], self.whole(p))

    def p_tyvarseq1_many(self, p):
        """ tyvarseq1 : LPAREN tyvars RPAREN """
        _located(p, p[2], self.whole(p))

    def p_tyvars(self, p):
        """ tyvars : TYVAR
                   | tyvars COMMA TYVAR
        """
        items = [p[1]] if len(p) == 2 else _appended(p[1], p[3])
        _located(p, items, self.whole(p))

    def p_databinds(self, p):
        """ databinds : databind
                      | databinds AND databind
        """
        items = [p[1]] if len(p) == 2 else _appended(p[1], p[3])
        _located(p, items, self.whole(p))

    def p_databind(self, p):
        # (no empty tyvarseq: after `datatype t =`, `datatype` must still
        # be readable as a replication)
        """ databind : tycon EQUALS conbinds
                     | tyvarseq1 tycon EQUALS conbinds
        """
        if len(p) == 4:
            p[0] = S.DataBind((), p[1], tuple(p[3]), span=self.whole(p))
        else:
            p[0] = S.DataBind(tuple(p[1]), p[2], tuple(p[4]), span=self.whole(p))

    def p_conbinds(self, p):
        """ conbinds : conbind
                     | conbinds BAR conbind
        """
        items = [p[1]] if len(p) == 2 else _appended(p[1], p[3])
        _located(p, items, self.whole(p))

    def p_conbind(self, p):
        # any identifier, symbolic or infix ones too (`datatype p = <> of
        # int * int`), as in SML: infix status matters only where it is used
        """ conbind : opname
                    | opname OF ty
        """
        p[0] = S.ConBind(p[1], p[3] if len(p) == 4 else None, span=self.whole(p))

    def p_conbind_op(self, p):
        # SML's `<op> vid`: `datatype e = op + of e * e` declares an infix constructor
        """ conbind : OP opname
                    | OP opname OF ty
        """
        p[0] = S.ConBind(p[2], p[4] if len(p) == 5 else None, span=self.whole(p))

    def p_typebinds(self, p):
        """ typebinds : typebind
                      | typebinds AND typebind
        """
        items = [p[1]] if len(p) == 2 else _appended(p[1], p[3])
        _located(p, items, self.whole(p))

    def p_typebind(self, p):
        """ typebind : tyvarseq tycon EQUALS ty """
        p[0] = S.TypeBind(tuple(p[1]), p[2], p[4], span=self.whole(p))

    def p_exnbinds(self, p):
        """ exnbinds : exnbind
                     | exnbinds AND exnbind
        """
        items = [p[1]] if len(p) == 2 else _appended(p[1], p[3])
        _located(p, items, self.whole(p))

    def p_exnbind(self, p):
        """ exnbind : opname
                    | opname OF ty
        """
        p[0] = S.ExnBind(p[1], p[3] if len(p) == 4 else None, span=self.whole(p))

    def p_exnbind_op(self, p):
        # SML's `<op> vid` (`exception op Foo`), as Poly/ML accepts it
        """ exnbind : OP opname
                    | OP opname OF ty
        """
        p[0] = S.ExnBind(p[2], p[4] if len(p) == 5 else None, span=self.whole(p))

    def p_exnbind_replication(self, p):
        """ exnbind : opname EQUALS IDENT
                    | opname EQUALS OP opname
                    | OP opname EQUALS IDENT
                    | OP opname EQUALS OP opname
        """
        name = p[2] if p[1] == "op" else p[1]
        p[0] = S.ExnBind(name, None, same_as=p[len(p) - 1], span=self.whole(p))

    # ------------------------------------------------------------ expressions

    def p_exp_infexp(self, p):
        """ exp : infexp """
        p[0] = p[1]

    def p_exp_typed(self, p):
        """ exp : exp COLON ty """
        p[0] = S.Typed(p[1], p[3], span=self.whole(p))

    def p_exp_andalso(self, p):
        """ exp : exp ANDALSO exp """
        p[0] = S.Andalso(p[1], p[3], span=self.whole(p))

    def p_exp_orelse(self, p):
        """ exp : exp ORELSE exp """
        p[0] = S.Orelse(p[1], p[3], span=self.whole(p))

    def p_exp_handle(self, p):
        """ exp : exp HANDLE match """
        p[0] = S.Handle(p[1], tuple(p[3]), span=self.whole(p))

    def p_exp_raise(self, p):
        """ exp : RAISE exp %prec PREFIX """
        p[0] = S.Raise(p[2], span=self.whole(p))

    def p_exp_if(self, p):
        """ exp : IF exp THEN exp ELSE exp %prec PREFIX """
        p[0] = S.If(p[2], p[4], p[6], span=self.whole(p))

    def p_exp_while(self, p):
        """ exp : WHILE exp DO exp %prec PREFIX """
        p[0] = S.While(p[2], p[4], span=self.whole(p))

    def p_exp_case(self, p):
        """ exp : CASE exp OF match %prec PREFIX """
        p[0] = S.Case(p[2], tuple(p[4]), span=self.whole(p))

    def p_exp_fn(self, p):
        """ exp : FN match %prec PREFIX """
        p[0] = S.Fn(tuple(p[2]), span=self.whole(p))

    def p_exp_code(self, p):
        """ exp : CODE exp %prec PREFIX """
        p[0] = S.Code(p[2], span=self.whole(p))

    def p_exp_lift(self, p):
        """ exp : LIFT exp %prec PREFIX """
        p[0] = S.Lift(p[2], span=self.whole(p))

    def p_match(self, p):
        """ match : rule
                  | match BAR rule
        """
        items = [p[1]] if len(p) == 2 else _appended(p[1], p[3])
        _located(p, items, self.whole(p))

    def p_rule(self, p):
        """ rule : pat DARROW exp %prec PREFIX """
        p[0] = S.Rule(p[1], p[3], span=self.whole(p))

    def p_infexp(self, p):
        """ infexp : expitems """
        p[0] = self.resolve(p[1], self.exp_application, self.exp_infix)

    def p_expitems(self, p):
        """ expitems : expitem
                     | expitems expitem
        """
        items = [p[1]] if len(p) == 2 else _appended(p[1], p[2])
        _located(p, items, self.whole(p))

    def p_expitem_atom(self, p):
        """ expitem : atexp """
        p[0] = p[1]

    def p_expitem_name(self, p):
        """ expitem : opname """
        _located(p, _Name(p[1], self.whole(p)), self.whole(p))

    def p_atexp_selector(self, p):
        """ atexp : SELECTOR """
        # `#2` is the basis's selector at a tuple of any width: a name
        # no declaration can bind (mlbox.checker resolves its width)
        p[0] = S.Var(f"#{p[1]}", span=self.whole(p))

    def p_atexp_const(self, p):
        """ atexp : const """
        p[0] = S.ConstExp(p[1], span=p[1].span)

    def p_atexp_op(self, p):
        """ atexp : OP opname """
        p[0] = S.Var(p[2], op=True, span=self.whole(p))

    def p_atexp_unit(self, p):
        """ atexp : LPAREN RPAREN """
        p[0] = S.Tuple((), span=self.whole(p))

    def p_atexp_paren(self, p):
        """ atexp : LPAREN exp RPAREN """
        # The node's span takes in the parentheses, so that the spans of
        # enclosing nodes (computed from their children) stay exact.
        p[0] = attrs.evolve(p[2], span=self.whole(p))

    def p_atexp_tuple(self, p):
        """ atexp : LPAREN exp COMMA exps RPAREN """
        p[0] = S.Tuple(tuple([p[2]] + p[4]), span=self.whole(p))

    def p_atexp_seq(self, p):
        """ atexp : LPAREN exp SEMICOLON expseq RPAREN """
        p[0] = S.Seq(tuple([p[2]] + p[4]), span=self.whole(p))

    def p_atexp_list(self, p):
        """ atexp : LBRACKET RBRACKET
                  | LBRACKET exps RBRACKET
        """
        items = tuple(p[2]) if len(p) == 4 else ()
        p[0] = S.ListExp(items, span=self.whole(p))

    def p_atexp_let(self, p):
        """ atexp : let_start let_decs IN expseq END """
        self.fixity.pop()
        body = p[4]
        body = body[0] if len(body) == 1 else S.Seq(tuple(body), span=self.span_of(p, 4))
        p[0] = S.Let(tuple(p[2]), body, span=self.whole(p))

    def p_let_start(self, p):
        """ let_start : LET """
        self.fixity.push()
        _located(p, None, self.whole(p))

    def p_exps(self, p):
        """ exps : exp
                 | exps COMMA exp
        """
        items = [p[1]] if len(p) == 2 else _appended(p[1], p[3])
        _located(p, items, self.whole(p))

    def p_expseq(self, p):
        """ expseq : exp
                   | expseq SEMICOLON exp
        """
        items = [p[1]] if len(p) == 2 else _appended(p[1], p[3])
        _located(p, items, self.whole(p))

    def p_opname(self, p):
        # any value identifier, whatever its fixity: in an infix expression, after `op`, in fixity declarations
        """ opname : IDENT
                   | STAR
                   | EQUALS
                   | CONS
                   | INFIX0
                   | INFIX3
                   | INFIX4
                   | INFIX5
                   | INFIX6
                   | INFIX7
        """
        _located(p, p[1], self.whole(p))

    def p_tycon(self, p):
        # a type constructor is any identifier but `*` (and the reserved
        # `=`), those with infix status as values too: fixity is a value
        # identifier's, so `type 'a + = ...` and `datatype 'a o = ...` are
        # SML (Poly/ML and SML/NJ read them so)
        """ tycon : IDENT
                  | CONS
                  | INFIX0
                  | INFIX3
                  | INFIX4
                  | INFIX5
                  | INFIX6
                  | INFIX7
        """
        _located(p, p[1], self.whole(p))

    def p_const_int(self, p):
        """ const : INT """
        p[0] = S.IntConst(p[1], span=self.whole(p))

    def p_const_word(self, p):
        """ const : WORD """
        p[0] = S.WordConst(p[1], span=self.whole(p))

    def p_const_string(self, p):
        """ const : STRING """
        p[0] = S.StringConst(p[1], span=self.whole(p))

    def p_const_char(self, p):
        """ const : CHAR """
        p[0] = S.CharConst(p[1], span=self.whole(p))

    # ------------------------------------------------------------ patterns

    def p_pat_infix(self, p):
        """ pat : patitems """
        p[0] = self.resolve(p[1], self.pat_application, self.pat_infix)

    def p_pat_typed(self, p):
        """ pat : pat COLON ty """
        p[0] = S.PTyped(p[1], p[3], span=self.whole(p))

    def p_pat_as(self, p):
        """ pat : IDENT AS pat %prec PREFIX """
        p[0] = S.PAs(p[1], p[3], span=self.whole(p))

    def p_pat_as_typed(self, p):
        """ pat : pat COLON ty AS pat %prec PREFIX """
        # SML's `x : ty as p`: the variable and p both have type ty. Written
        # `pat COLON ty` first because, after IDENT, only the AS tells the
        # two readings apart, one token too late for LALR(1).
        variable = p[1]
        if not isinstance(variable, S.PVar):
            self.error(MSG_LAYERED, variable.span)
            p[0] = p[5]
            return
        p[0] = S.PAs(variable.name, S.PTyped(p[5], p[3], span=self.whole(p)), span=self.whole(p))

    def p_patitems(self, p):
        """ patitems : patitem
                     | patitems patitem
        """
        items = [p[1]] if len(p) == 2 else _appended(p[1], p[2])
        _located(p, items, self.whole(p))

    def p_patitem_atom(self, p):
        """ patitem : atpat """
        p[0] = p[1]

    def p_patitem_name(self, p):
        """ patitem : IDENT
                    | STAR
                    | CONS
                    | INFIX0
                    | INFIX3
                    | INFIX4
                    | INFIX5
                    | INFIX6
                    | INFIX7
        """
        _located(p, _Name(p[1], self.whole(p)), self.whole(p))

    def p_atpat_wild(self, p):
        """ atpat : WILD """
        p[0] = S.PWild(span=self.whole(p))

    def p_atpat_const(self, p):
        """ atpat : const """
        p[0] = S.PConst(p[1], span=p[1].span)

    def p_atpat_op(self, p):
        """ atpat : OP opname """
        p[0] = S.PVar(p[2], op=True, span=self.whole(p))

    def p_atpat_unit(self, p):
        """ atpat : LPAREN RPAREN """
        p[0] = S.PTuple((), span=self.whole(p))

    def p_atpat_paren(self, p):
        """ atpat : LPAREN pat RPAREN """
        p[0] = attrs.evolve(p[2], span=self.whole(p))
        infix = self.infix_patterns.get(id(p[2]))
        if infix is not None:
            self.infix_patterns[id(p[0])] = (p[0],) + infix[1:]
        if isinstance(p[0], S.PVar) and p[0].op:
            self.parenthesized_ops[id(p[0])] = p[0]

    def p_atpat_tuple(self, p):
        """ atpat : LPAREN pat COMMA pats RPAREN """
        p[0] = S.PTuple(tuple([p[2]] + p[4]), span=self.whole(p))

    def p_atpat_list(self, p):
        """ atpat : LBRACKET RBRACKET
                  | LBRACKET pats RBRACKET
        """
        items = tuple(p[2]) if len(p) == 4 else ()
        p[0] = S.PList(items, span=self.whole(p))

    def p_pats(self, p):
        """ pats : pat
                 | pats COMMA pat
        """
        items = [p[1]] if len(p) == 2 else _appended(p[1], p[3])
        _located(p, items, self.whole(p))

    # ------------------------------------------------------------ types

    def p_ty_tuple(self, p):
        """ ty : tuple_ty """
        p[0] = p[1]

    def p_ty_arrow(self, p):
        """ ty : tuple_ty ARROW ty """
        p[0] = S.TyArrow(p[1], p[3], span=self.whole(p))

    def p_tuple_ty(self, p):
        """ tuple_ty : ty_factors """
        items = p[1]
        p[0] = items[0] if len(items) == 1 else S.TyTuple(tuple(items), span=self.whole(p))

    def p_ty_factors(self, p):
        """ ty_factors : app_ty
                       | ty_factors STAR app_ty
        """
        items = [p[1]] if len(p) == 2 else _appended(p[1], p[3])
        _located(p, items, self.whole(p))

    def p_app_ty_atom(self, p):
        """ app_ty : atom_ty """
        p[0] = p[1]

    def p_app_ty_one(self, p):
        """ app_ty : app_ty tycon """
        p[0] = S.TyCon(p[2], (p[1],), span=self.whole(p))

    def p_app_ty_many(self, p):
        """ app_ty : LPAREN ty COMMA ty_list RPAREN tycon """
        p[0] = S.TyCon(p[6], tuple([p[2]] + p[4]), span=self.whole(p))

    def p_ty_list(self, p):
        """ ty_list : ty
                    | ty_list COMMA ty
        """
        items = [p[1]] if len(p) == 2 else _appended(p[1], p[3])
        _located(p, items, self.whole(p))

    def p_atom_ty_var(self, p):
        """ atom_ty : TYVAR """
        p[0] = S.TyVar(p[1], span=self.whole(p))

    def p_atom_ty_con(self, p):
        """ atom_ty : tycon """
        p[0] = S.TyCon(p[1], (), span=self.whole(p))

    def p_atom_ty_paren(self, p):
        """ atom_ty : LPAREN ty RPAREN """
        p[0] = attrs.evolve(p[2], span=self.whole(p))

    def p_atom_ty_box(self, p):
        """ atom_ty : LBRACKET ty RBRACKET """
        p[0] = S.TyBox(p[2], span=self.whole(p))

    # ------------------------------------------------------------ errors

    def p_error(self, tok):
        if tok is None:
            self.error_at_eof = True
            span = self.end_of_input()
            found = MSG_END_OF_FILE
        else:
            span = tok.span
            found = f"'{_shorten(tok.text)}'"
        message = MSG_UNEXPECTED.format(found)
        assignment = self._assignment_in_val(tok)
        if assignment is not None:
            # (met later, at whatever the pattern `x := 5` cannot go on with)
            self.error(MSG_ASSIGN_IN_VAL, assignment.span, (NOTE_ASSIGN_IN_VAL,))
            raise _Abort(tok)
        hint, opened = self._hint()
        before = [sym.type for sym in self.parser.symstack[-4:]]
        slip = self._slip(tok)
        if tok is not None and tok.type == "DATATYPE" and before == ["DATATYPE", "tyvarseq1", "tycon", "EQUALS"]:
            message = MSG_REPLICATION.format(message)
        elif tok is not None and tok.type in ("VAL", "FUN") and before[-2:] in (["valbinds", "AND"],
                                                                             ["funbinds", "AND"]):
            kind = before[-2][:3]
            example, second = _AND_EXAMPLES[kind]
            template = MSG_KEYWORD_AFTER_AND if kind == tok.value else MSG_OTHER_KIND_AFTER_AND
            message = template.format(message, kind=kind, other=tok.value, example=example, second=second)
        elif slip:
            message = slip.format(message)
        elif hint:
            message = MSG_EXPECTED.format(message, hint)
        elif tok is not None and tok.value in _KEYWORDS and tok.value not in ("rec", "op") \
                and "IDENT" in self.parser.action[self.parser.state] \
                and self._binding_context() is not None:
            # `val of = 2`, `fun f type = ...`
            message = MSG_KEYWORD_AS_NAME.format(message, tok.value)
        elif self._binding_context() in self.parser.action[self.parser.state]:
            # `val x 3`, `fn x x + 1`: the '=' or '=>' of the binding is missing
            message = MSG_EXPECTED.format(message, _SEPARATOR_TEXT[self._binding_context()])
        elif len(self.parser.action[self.parser.state]) == 1 \
                and next(iter(self.parser.action[self.parser.state])) in _SEPARATOR_TEXT:
            message = MSG_EXPECTED.format(message, _SEPARATOR_TEXT[next(iter(self.parser.action[self.parser.state]))])
        elif tok is not None and tok.type == "RESERVED":
            message = (MSG_HASH if tok.value == "#" else MSG_UNSUPPORTED).format(message, tok.value)
        if tok is not None and tok.type == "COGEN":
            notes: tuple[str, ...] = (COGEN_PLACE_NOTE,)
        else:
            notes = (COGEN_SYNTAX_NOTE,) if self._near_cogen(tok) else ()
        keyword = self._misspelt_keyword(tok)
        if keyword:
            notes += (NOTE_MISSPELT_KEYWORD.format(keyword=keyword),)
        elif self._missing_val(tok):
            notes += (NOTE_MISSING_VAL.format(name=tok.value),)
        if self._clause_without_bar(tok):
            notes += (NOTE_CLAUSE_WITHOUT_BAR,)
        if tok is not None and tok.type in _DECLARATION_TOKENS and tok.span.col > 1 and before[-1:] \
                and before[-1] in _EXPRESSION_STARTS and "LET" in self.parser.action[self.parser.state]:
            # (at column 1, `val f =` then `val z = 3`, the expression before it is missing)
            notes += (NOTE_DEC_IN_EXPRESSION.format(keyword=tok.value),)
        declaring = next((sym for sym in reversed(self.parser.symstack) if sym.type in _RESTART_TOKENS), None)
        if tok is not None and tok.type in ("BAR", "OF") and declaring is not None and declaring.type == "TYPE":
            name = next((sym.value for sym in reversed(self.parser.symstack) if sym.type == "tycon"), "t")
            notes += (NOTE_TYPE_FOR_DATATYPE.format(name=name),)
        # (before a type variable the constructor's name is not reduced yet:
        # the state after it is shared with expressions, so no OF to look for)
        if tok is not None and declaring is not None and declaring.type in ("DATATYPE", "ABSTYPE", "EXCEPTION") \
                and ((tok.type in ("IDENT", "LPAREN") and before[-1:] == ["opname"]
                      and "OF" in self.parser.action[self.parser.state])
                     or (tok.type == "TYVAR" and before[-2:] in (["EQUALS", "IDENT"], ["BAR", "IDENT"],
                                                                  ["EXCEPTION", "IDENT"]))):
            notes += (NOTE_CONSTRUCTOR_WITHOUT_OF.format(name=self.parser.symstack[-1].value,
                                                         type="(...)" if tok.type == "LPAREN" else tok.text),)
        top = None if keyword else self._misspelt_top_keyword(tok)
        if top is not None:
            word, following, keyword = top
            self.error(MSG_MISSPELT_TOP_KEYWORD.format(word=word.value, keyword=keyword), word.span,
                       (NOTE_READ_AS_EXPRESSION.format(word=word.value, next=_shorten(following.text),
                                                       line=span.line, col=span.col, found=found),))
            raise _Abort(tok)
        opened_at = getattr(opened, "span", None)
        if hint and not slip and opened_at is not None and opened_at.line != span.line:
            # an opener lines above the error (a `let` whose `in` was left
            # out): the caret alone does not show where the construct began
            notes += (NOTE_STILL_OPEN.format(opener=_OPENER_TEXT[opened.type], line=opened_at.line,
                                             col=opened_at.col, closer=hint),)
        if [sym.type for sym in self.parser.symstack[-3:]] == ["valbinds", "AND", "IDENT"]:
            # `val b = true and false`: one name after the `and`, no '='
            notes += (NOTE_AND_ANDALSO,)
        if tok is not None and tok.type == "DARROW" and self._after_backslash(tok):
            notes += (NOTE_BACKSLASH_LAMBDA,)
        if hint == _TOKEN_TEXT["ELSE"] and not slip:
            sequence = tok is not None and tok.type == "SEMICOLON" and self._else_later(tok)
            notes += (NOTE_SEQUENCE_IN_BRANCH if sequence else NOTE_IF_WITHOUT_ELSE,)
        if hint == _TOKEN_TEXT["RBRACKET"] and tok is not None and tok.type == "SEMICOLON":
            notes += (NOTE_LIST_SEMICOLONS,)
        self.error(message, span, notes)
        raise _Abort(tok)

    def _binding_context(self, through_brackets: bool = False) -> Optional[str]:
        """The separator the innermost binding being parsed still lacks:
        'EQUALS' in the pattern of a `val` or the head of a `fun` clause,
        'DARROW' in the pattern of a `fn`, `case` or `handle` rule; None
        when the parse is past it or elsewhere. `through_brackets`: also
        inside parentheses or brackets of the pattern (`fun f (code x)`)."""
        stack = self.parser.symstack
        for index in range(len(stack) - 1, -1, -1):
            kind = stack[index].type
            if kind in ("VAL", "FUN") or (kind == "AND" and _in_value_dec(stack)):
                return "EQUALS"
            if kind == "OF":
                # `case e of pat`, not the type of `datatype t = A of ty`
                in_case = next((sym.type for sym in reversed(stack[:index])
                                if sym.type in ("CASE", "DATATYPE", "ABSTYPE", "EXCEPTION")), None) == "CASE"
                return "DARROW" if in_case else None
            if kind in ("FN", "HANDLE"):
                return "DARROW"
            if kind.isupper() and kind not in _PATTERN_TOKENS \
                    and not (through_brackets and kind in ("LPAREN", "LBRACKET")):
                return None
        return None

    def _token_index(self, tok) -> Optional[int]:
        """Where `tok` is among the tokens being parsed (for None, the end
        of the input: their number)."""
        tokens = self.token_list
        return len(tokens) if tok is None else next((i for i, t in enumerate(tokens) if t is tok), None)

    def _assignment_in_val(self, tok):
        """The `:=` that stands where the `=` of a `val` goes (`val x := 5`),
        the error being met before any `=` of that `val`; else None."""
        end = self._token_index(tok)
        if end is None:
            return None
        for start in range(end - 1, -1, -1):
            earlier = self.token_list[start]
            if earlier.type == "EQUALS":
                return None
            if earlier.type in _RESTART_TOKENS:
                if earlier.type != "VAL":
                    return None
                return next((t for t in self.token_list[start + 1:end] if t.value == ":=" and t.type != "STRING"),
                            None)
        return None

    def _else_later(self, tok) -> bool:
        """Whether an `else` without an `if` of its own follows `tok` in the
        same construct (before a declaration keyword or a closer of an
        enclosing bracket)."""
        index = self._token_index(tok)
        if index is None:
            return False
        depth, open_ifs = 0, 0
        for later in self.token_list[index + 1:]:
            if depth == 0 and later.type in _RESTART_TOKENS:
                return False
            depth += (later.type in _NESTING_OPENERS) - (later.type in _NESTING_CLOSERS)
            if depth < 0:
                return False
            if depth == 0 and later.type == "IF":
                open_ifs += 1
            elif depth == 0 and later.type == "ELSE":
                if open_ifs == 0:
                    return True
                open_ifs -= 1
        return False

    def _after_backslash(self, tok) -> bool:
        """Whether a '\\' begins the would-be pattern before the `=>` at
        `tok`: `\\x => x`, `\\(a, b) => a`, a lambda as other languages
        write it."""
        tokens, index = self.token_list, self._token_index(tok)
        if index is None:
            return False
        for earlier in reversed(tokens[max(0, index - BACKSLASH_LOOKBACK):index]):
            if earlier.type == "IDENT" and earlier.value == "\\":
                return True
            if earlier.type in _RESTART_TOKENS or earlier.type in ("EQUALS", "DARROW", "SEMICOLON"):
                return False
        return False

    def _near_cogen(self, tok) -> bool:
        """Whether a syntax error at `tok` (None: the end) is likely a
        `cogen` written otherwise than `cogen NAME = e`: at or a few tokens
        after a `cogen` the lexer took for a name (`cogen (a, b) = e`,
        `cogen u : int = e`, `let cogen _ = e`), or an `and` after a
        `cogen` declaration (`cogen a = e1 and b = e2`)."""
        tokens, end = self.token_list, self._token_index(tok)
        if end is None:
            return False
        for i in range(min(end, len(tokens) - 1), max(-1, end - COGEN_LOOKBACK - 1), -1):
            if tokens[i].type == "SEMICOLON" and i < end:
                break
            if getattr(tokens[i], "demoted_cogen", False):
                return True
        if tok is not None and tok.type == "AND":
            # the declaration the `and` continues: the nearest keyword that
            # starts one, outside parentheses, brackets and let ... end
            depth = 0
            for i in range(end - 1, -1, -1):
                kind = tokens[i].type
                if kind in ("RPAREN", "RBRACKET", "END"):
                    depth += 1
                elif kind in ("LPAREN", "LBRACKET", "LET"):
                    if depth == 0:
                        return False
                    depth -= 1
                elif depth == 0 and (kind in _RESTART_TOKENS or kind in ("IN", "SEMICOLON")):
                    return kind == "COGEN"
        return False

    def _clause_without_bar(self, tok) -> bool:
        """Whether the error is on a line that begins with the name of the
        `fun` clause being parsed, followed by `=` before the error: a next
        clause without its `|` (`fun f 0 = 1` then `f n = if ...`, where
        the `if` cannot be an operand)."""
        head = next((sym.value for sym in reversed(self.parser.symstack) if sym.type == "clause_head"), None)
        tokens = self.token_list
        index = None if tok is None or head is None else self._token_index(tok)
        if index is None:
            return False
        name, name_span, _args = head
        first = index
        while first > 0 and tokens[first - 1].span.line == tok.span.line:
            first -= 1
        word = tokens[first]
        return word.type == "IDENT" and word.value == name and word.span.line > name_span.line \
            and any(t.type == "EQUALS" for t in tokens[first + 1:index])

    def _misspelt_keyword(self, tok) -> Optional[str]:
        """The declaration keyword that a name where a declaration may
        begin is a misspelling of (`let cogne u = ...`), if any."""
        if tok is None or tok.type != "IDENT" or "VAL" not in self.parser.action[self.parser.state]:
            return None
        return suggest_keyword(tok.value)

    def _missing_val(self, tok) -> bool:
        """Whether the error is at a name where a declaration must begin
        (not an expression), followed by `=`: `let y = 2 in ...`."""
        if tok is None or tok.type != "IDENT" or "VAL" not in self.parser.action[self.parser.state] \
                or "LET" in self.parser.action[self.parser.state]:
            return False
        tokens, index = self.token_list, self._token_index(tok)
        return index is not None and index + 1 < len(tokens) and tokens[index + 1].type == "EQUALS"

    def _misspelt_top_keyword(self, tok):
        """(word, the token after it, keyword) for a name close to a
        declaration keyword that begins a line at column 1 and is followed
        by a name (`datatyp t = ...`, `value y = 2`, `exeption E`), on the
        way back from a syntax error to the declaration it is part of; None
        if there is none."""
        tokens, end = self.token_list, self._token_index(tok)
        if end is None:
            return None
        for i in range(end - 1, -1, -1):
            word = tokens[i]
            if word.span.col != 1:
                continue
            if word.type in _RESTART_TOKENS:
                return None  # the declaration the error is in starts with a real keyword
            if word.type == "IDENT" and i + 1 < len(tokens) and tokens[i + 1].type == "IDENT":
                keyword = suggest_keyword(word.value)
                if keyword:
                    return word, tokens[i + 1], keyword
        return None

    def end_of_input(self) -> Span:
        """Where an error at the end of the input is reported: just after
        the last token."""
        last = self.last_token
        if last is None or last.span is None:
            return Span(1, 1, 1, 2)
        return Span(last.span.end_line, last.span.end_col, last.span.end_line, last.span.end_col + 1)

    def _slip(self, tok) -> Optional[str]:
        """The message for a common slip the error is a sign of, if any."""
        if tok is None:
            return None
        parser = self.parser
        accepted = parser.action[parser.state]
        stack = [sym.type for sym in parser.symstack]
        if tok.type == "ARROW" and "DARROW" in accepted:
            return MSG_ARROW_IN_RULE
        if tok.type == "EQUALS" and "DARROW" in accepted:
            return MSG_EQUALS_IN_RULE
        if tok.type == "BAR" and stack[-1:] == ["SEMICOLON"]:
            return MSG_SEMICOLON_BEFORE_BAR
        if tok.type == "AS":
            return MSG_AS_AFTER_PATTERN
        if tok.type == "COMMA" and self._binding_context() == "DARROW" and "COMMA" not in accepted:
            return MSG_TUPLE_PATTERN_PARENS
        if tok.type in ("END", "RPAREN") and stack[-1:] == ["SEMICOLON"]:
            return MSG_NOTHING_AFTER_SEMICOLON
        if tok.type == "BAR" and stack[-2:] == ["opname", "OF"]:
            return MSG_TYPE_AFTER_OF
        if tok.type == "DARROW" and self._binding_context() == "EQUALS":
            return MSG_DARROW_IN_FUN
        if tok.type in ("CODE", "LIFT") and self._binding_context(through_brackets=True) is not None:
            # `fun f (code x) = x`: matching code as if it were a constructor
            return MSG_STAGING_IN_PATTERN.format("{}", tok.value)
        if tok.type == "BAR":
            if stack[-1:] and stack[-1] in ("OF", "FN", "HANDLE"):
                return MSG_LEADING_BAR_MATCH
            if stack[-1:] == ["FUN"] or stack[-2:] == ["FUN", "tyvarseq1"]:
                return MSG_LEADING_BAR_FUN
            head = stack[:-2] if stack[-2:] == ["tycon", "EQUALS"] else []
            if head[-1:] == ["tyvarseq1"]:
                head = head[:-1]
            if head[-1:] and (head[-1] in ("DATATYPE", "ABSTYPE") or head[-2:] == ["databinds", "AND"]):
                return MSG_LEADING_BAR_DATATYPE
        if tok.type == "TYVAR" and len(tok.value) >= 2 and tok.value.endswith("'") and "LET" in accepted:
            return MSG_SINGLE_QUOTES
        if tok.type == "DARROW" and "BAR" in accepted and "DARROW" in stack and not self._after_backslash(tok):
            # inside a rule's expression (`fn 0 => 1 1 => 2`): its `|` is missing
            return MSG_RULE_WITHOUT_BAR
        if tok.type in ("RBRACKET", "RPAREN") and stack[-1:] == ["COMMA"]:
            return MSG_TRAILING_COMMA
        if stack[-2:-1] == ["app_ty"] and "COLON" in stack and (
                stack[-1] in _INFIX_TOKEN_TYPES
                or (stack[-1] == "IDENT" and self.fixity.lookup(parser.symstack[-1].value) is not None)):
            # `e : int + 2`: after a type, an infix name is a type constructor
            return MSG_INFIX_AFTER_TYPE.format("{}", parser.symstack[-1].value, parser.symstack[-1].value)
        if tok.type in _OPEN_ENDED and "LET" in accepted:
            # an atomic expression (`let` starts one, and no pattern) may
            # start here, but not this one: `1 = raise E`, `f fn x => x`
            return MSG_OPEN_ENDED_OPERAND.format("{}", tok.value, tok.value)
        return None

    def _hint(self) -> tuple[Optional[str], object]:
        """The keyword that would close the innermost unfinished construct,
        if the parser would accept it here, and the construct's opening
        symbol (None, None: no such keyword)."""
        parser = self.parser
        for sym in reversed(parser.symstack):
            if sym.type in _COMPLETE_MARKERS:
                return None, None
            closer = _CLOSERS.get(sym.type)
            if closer is not None:
                if closer not in parser.action[parser.state]:
                    return None, None
                return _TOKEN_TEXT[closer], sym
        return None, None


# Expressions that extend as far right as possible: SML's grammar puts them
# above infix expressions and applications.
_INFIX_TOKEN_TYPES = frozenset({"CONS", "INFIX0", "INFIX3", "INFIX4", "INFIX5", "INFIX6", "INFIX7"})
_OPEN_ENDED = frozenset({"RAISE", "IF", "WHILE", "CASE", "FN", "CODE", "LIFT"})


_SEPARATOR_TEXT = {"EQUALS": "'='", "DARROW": "'=>'"}
# Tokens that may occur inside a pattern (or a `fun` clause's head) before
# its '=' or '=>': the binding context search looks past them.
_PATTERN_TOKENS = frozenset({"IDENT", "INT", "WORD", "STRING", "CHAR", "WILD", "OP", "CONS", "COMMA", "STAR",
                             "INFIX0", "INFIX3", "INFIX4", "INFIX5", "INFIX6", "INFIX7", "AS", "BAR",
                             "REC", "TYVAR"})


def _in_value_dec(symstack) -> bool:
    """Whether the innermost `and` on the stack continues a `val` or `fun`."""
    for sym in reversed(symstack):
        if sym.type in ("VAL", "FUN"):
            return True
        if sym.type in ("DATATYPE", "ABSTYPE", "TYPE", "EXCEPTION", "LET", "LOCAL", "IN", "LPAREN"):
            return False
    return False


def _shorten(text: str, limit: int = 20) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def suggest_keyword(word: str) -> Optional[str]:
    """The declaration keyword that `word` is probably a misspelling of
    (`datatyp`, `valu`, `cogne`), if any."""
    import difflib

    if word in _DECLARATION_KEYWORDS:  # (a `cogen` the lexer took for a name)
        return None
    close = difflib.get_close_matches(word, _DECLARATION_KEYWORDS, n=1, cutoff=0.75)
    return close[0] if close else None


# ---------------------------------------------------------------- driver


def _pseudo_token(type_: str):
    tok = ply.lex.LexToken()
    tok.type, tok.value, tok.lineno, tok.lexpos = type_, None, 0, 0
    tok.span, tok.text = None, ""
    return tok


class _Driver:
    """Owns the grammar object and the PLY parser built from the committed
    tables. Not re-entrant: one parse at a time."""

    def __init__(self) -> None:
        self.grammar = Grammar()
        self.parser = ply.yacc.yacc(
            module=self.grammar, start="start", tabmodule=TABLE_MODULE,
            write_tables=False, debug=False, optimize=False,
            errorlog=ply.yacc.NullLogger())
        self.grammar.parser = self.parser

    def run(self, tokens: list, start_token: Optional[str] = None, fixity: Optional[dict] = None):
        """Parse `tokens` with the top-level `fixity` (None: the initial
        basis's); return (result, diagnostics, error_at_eof). On a syntax
        error in a program, restart at the next declaration keyword that
        begins a line, so that later errors are reported too."""
        grammar = self.grammar
        grammar.diagnostics = []
        grammar.error_at_eof = False
        results = []
        begin = 0
        first_eof = None
        grammar.token_at = {(t.span.line, t.span.col): t for t in tokens}
        grammar.token_list = tokens
        grammar.infix_patterns = {}
        grammar.parenthesized_ops = {}
        grammar.fixity = Fixity(fixity)
        while True:
            stream = ([_pseudo_token(start_token)] if start_token else []) + tokens[begin:]
            grammar.last_token = tokens[-1] if tokens else None
            it = iter(stream)

            def next_token():
                grammar.lookahead = next(it, None)
                return grammar.lookahead

            # a restart is at top level: the scopes of the failed part end
            grammar.fixity.pop_to_top_level()
            try:
                results.append(self.parser.parse(tokenfunc=next_token))
                break
            except _Abort as abort:
                if first_eof is None:
                    first_eof = grammar.error_at_eof
                bad = abort.args[0]
                if bad is None or start_token or len(grammar.diagnostics) >= MAX_SYNTAX_ERRORS:
                    break
                index = next((i for i, t in enumerate(tokens) if t is bad), None)
                restart = next((i for i in range(index + 1, len(tokens))
                                if tokens[i].type in _RESTART_TOKENS and tokens[i].span.col == 1),
                               None) if index is not None else None
                if restart is None:
                    break
                begin = restart
        if results and isinstance(results[0], S.Program):
            results[0] = attrs.evolve(results[0], fixity=grammar.fixity.top_level())
        return (results[0] if results and not grammar.diagnostics else None,
                sorted(grammar.diagnostics, key=lambda d: (d.span.line, d.span.col)),
                bool(first_eof))


_driver: Optional[_Driver] = None
# The one driver's grammar holds the state of the parse in progress (its
# diagnostics, tokens, fixity scopes): two threads parsing at once (two
# api.load_source calls, as a host loading one program per worker thread
# does) mixed them, and failed with an IndexError from the fixity scopes
# or parsed wrongly. One parse at a time: a parse is pure Python, so the
# threads lose no parallelism they had.
_driver_lock = threading.Lock()


def _get_driver() -> _Driver:
    global _driver
    if _driver is None:
        _driver = _Driver()
    return _driver


def _run_driver(tokens: list, start_token: Optional[str], fixity: Optional[dict]):
    """The driver's run, one thread at a time (see _driver_lock)."""
    with _driver_lock:
        return _get_driver().run(tokens, start_token, fixity)


def _lex(text: str) -> tuple[list, list[Diagnostic], Lexer]:
    diagnostics: list[Diagnostic] = []
    lexer = Lexer(lambda message, span: diagnostics.append(Diagnostic("error", message, span)))
    tokens = lexer.tokenize(text)
    return tokens, diagnostics, lexer


def _parse(text: str, start_token: Optional[str], fixity: Optional[dict] = None):
    tokens, lex_errors, lexer = _lex(text)
    if lex_errors:
        raise CompileError(lex_errors)
    result, diagnostics, _ = _run_driver(tokens, start_token, fixity)
    if diagnostics:
        first = diagnostics[0]
        opened = [(start, end) for start, end in lexer.star_comments
                  if (start.line, start.col) < (first.span.line, first.span.col)]
        if opened:
            # `val f = (*)` ... `*)`: the code between was a comment
            start, end = opened[-1]
            note = NOTE_STAR_COMMENT.format(line=start.line, col=start.col, end_line=end.line, end_col=end.col)
            diagnostics = [attrs.evolve(first, notes=first.notes + (note,))] + list(diagnostics[1:])
        raise CompileError(diagnostics)
    return result


def _text(source: Union[Source, str]) -> str:
    return source.text if isinstance(source, Source) else source


def parse_program(source: Union[Source, str], fixity: Optional[dict] = None) -> S.Program:
    """Parse a whole program, starting from the top-level `fixity` of a
    previous program (its `Program.fixity`; None: the initial basis's).
    Raises CompileError with every lexical or syntax error found."""
    return _parse(_text(source), None, fixity)


def parse_expression(source: Union[Source, str]) -> S.Exp:
    """Parse one expression (an optional `;` may follow it)."""
    return _parse(_text(source), "START_EXP")


def parse_type(source: Union[Source, str]) -> S.Ty:
    """Parse a type in SML notation (`'a list -> [int]`)."""
    return _parse(_text(source), "START_TYPE")


def is_incomplete(text: str, fixity: Optional[dict] = None) -> bool:
    """True when `text` stops in the middle of something — a comment, a
    string gap, or a construct that the end of the input cuts short — so
    that a REPL should read another line rather than report an error.
    `fixity` as for parse_program."""
    tokens, lex_errors, lexer = _lex(text)
    if lexer.ended_inside_literal:
        return True
    if lex_errors:
        return False
    _result, diagnostics, error_at_eof = _run_driver(tokens, None, fixity)
    return bool(diagnostics) and error_at_eof


# Tokens that open and close a construct: a text with more openers than
# closers cannot be a whole program.
_NESTING_OPENERS = frozenset({"LPAREN", "LBRACKET", "LET", "LOCAL", "ABSTYPE"})
_NESTING_CLOSERS = frozenset({"RPAREN", "RBRACKET", "END"})


class _Stop(Exception):
    """Ends a GrowingInput's parse (its input was dropped)."""


class GrowingInput:
    """is_incomplete for an input read a line at a time (the REPL's), in
    time linear in the input where is_incomplete would parse it all again
    at each line: a long `let ... in a; b; ... end` of one statement a
    line asked at each `;` (300 lines ~1.4 s).

    The lines added since the last call are lexed alone (the text before
    them ended outside any token, comment or string), and their tokens fed
    to a parse that goes on from where the previous call left it: PLY's
    parser pulls its tokens, so it runs in a thread of its own, waiting
    for the next ones. An LR parser stops at the first token after which
    no program can follow, and the parse (its semantic actions included:
    infix resolution) depends only on the tokens before: if it takes every
    token so far, the whole text parsed afresh fails no sooner than at its
    end. With more brackets, `let`s, `local`s or `abstype`s opened than
    closed it fails there, so the input is incomplete; as it is when the
    lines added end inside a comment or a string. Anything else (the parse
    stopped, the construct closed, lines that do not end with `;` or have
    lexical errors) gets is_incomplete's own answer."""

    def __init__(self) -> None:
        self._reset(None)

    def _reset(self, fixity: Optional[dict]) -> None:
        if getattr(self, "_parse", None) is not None:
            self._parse.stop()
        self.fixity = fixity
        self.text = ""  # the text whose tokens the parse took
        self.tokens: list = []
        self.depth = 0  # openers less closers in self.tokens
        self.lexer = Lexer(lambda message, span: None)
        self._parse: Optional[_ThreadedParse] = None
        self.failed = False  # the parse stopped: is_incomplete answers
        # is_complete's own lexing, a line once each: the text lexed (which
        # ended outside any comment or string, without lexical errors) and
        # its last token's type
        self.scanner = Lexer(lambda message, span: None)
        self.scanned = ""
        self.scanned_last: Optional[str] = None

    def drop(self) -> None:
        """Forget the input (it was fed, or discarded)."""
        self._reset(None)

    def is_complete(self, text: str, fixity: Optional[dict] = None) -> bool:
        """The REPL's question: whether `text` ends with its `;` token
        outside any unfinished construct, or holds only comments; with a
        lexical error, whether it ends with the character `;` (the error is
        then reported). Only a text ending with `;` is parsed; the lines of
        any other are lexed once each (a long construct whose lines end with
        comments was lexed and parsed whole at each line: 1,500 lines 52 s)."""
        if fixity is not self.fixity or not text.startswith(self.scanned):
            self._reset(fixity)
        errors: list = []
        self.scanner.error_func = lambda message, span: errors.append(message)
        new = self.scanner.tokenize_more(text, len(self.scanned))
        if self.scanner.ended_inside_literal:
            return False  # (lexed again next time, from the same place)
        last = new[-1].type if new else self.scanned_last
        if errors:
            # (lexed again next time: an error may be a string cut short at
            # a gap's `\` that the next line goes on with)
            return last == "SEMICOLON" or text.rstrip().endswith(";")
        self.scanned, self.scanned_last = text, last
        if last is None:
            return True  # only comments
        return last == "SEMICOLON" and not self.is_incomplete(text, fixity)

    def is_incomplete(self, text: str, fixity: Optional[dict] = None) -> bool:
        """is_incomplete(text, fixity), for a text that usually extends
        the one of the previous call."""
        if fixity is not self.fixity or not text.startswith(self.text):
            self._reset(fixity)
        if self.failed:
            return is_incomplete(text, fixity)
        errors: list = []
        self.lexer.error_func = lambda message, span: errors.append(message)
        new = self.lexer.tokenize_more(text, len(self.text))
        if self.lexer.ended_inside_literal:
            return True  # (as lexing all of it ends there too: the lines before ended outside)
        if errors or not new or new[-1].type != "SEMICOLON":
            return is_incomplete(text, fixity)  # (those tokens are lexed again next time)
        start = len(self.tokens)
        self.tokens += new
        demote_staging_keywords(self.tokens, start)
        self.text = text
        self.depth += sum((t.type in _NESTING_OPENERS) - (t.type in _NESTING_CLOSERS) for t in new)
        try:
            if self._parse is not None:
                taken = self._parse.take(new)
            elif self.depth > 0:  # (most inputs never get here: no thread for them)
                self._parse = _ThreadedParse(fixity)
                taken = self._parse.take(self.tokens)
            else:
                taken = True
        except BaseException:  # (Ctrl-C while waiting: the answer would come to the next call)
            self._reset(None)
            raise
        if not taken:
            self.failed = True
        if not taken or self.depth <= 0:
            return is_incomplete(text, fixity)
        return True


class _ThreadedParse:
    """A parse of a program whose tokens arrive in batches, run by a
    driver of its own in a daemon thread (see GrowingInput)."""

    def __init__(self, fixity: Optional[dict]) -> None:
        import queue

        self._batches: queue.Queue = queue.Queue()
        self._answers: queue.Queue = queue.Queue()
        self._thread = threading.Thread(target=self._run, args=(_Driver(), fixity, self._batches, self._answers),
                                        name="mlbox-growing-input", daemon=True)
        self._thread.start()
        weakref.finalize(self, self._batches.put, None)  # (a dropped session's thread ends too)

    def take(self, tokens: list) -> bool:
        """Feed tokens; whether the parse took them all (and waits for more)."""
        self._batches.put(tokens)
        return self._answers.get()

    def stop(self) -> None:
        self._batches.put(None)

    @staticmethod
    def _run(driver: "_Driver", fixity, batches, answers) -> None:
        # (a static method: the thread holds no reference to its owner)
        grammar = driver.grammar
        grammar.diagnostics = []
        grammar.error_at_eof = False
        grammar.token_at = {}
        grammar.token_list = []
        grammar.infix_patterns = {}
        grammar.parenthesized_ops = {}
        grammar.fixity = Fixity(fixity)
        pending = iter(())
        started = False

        def next_token():
            nonlocal pending, started
            tok = next(pending, None)
            while tok is None:
                if started:
                    answers.put(True)  # every token taken: wait for more
                started = True
                batch = batches.get()
                if batch is None:
                    raise _Stop
                grammar.token_list += batch
                grammar.token_at.update(((t.span.line, t.span.col), t) for t in batch)
                grammar.last_token = batch[-1]
                pending = iter(batch)
                tok = next(pending, None)
            grammar.lookahead = tok
            return tok

        try:
            driver.parser.parse(tokenfunc=next_token)
        except _Stop:
            return
        except BaseException:  # a syntax error (_Abort), or anything else: is_incomplete decides
            pass
        answers.put(False)
        while batches.get() is not None:  # (a take after the end: answered, not hung)
            answers.put(False)


# ---------------------------------------------------------------- tables


def _reflect():
    grammar = Grammar()
    pdict = {name: getattr(grammar, name) for name in dir(grammar)}
    pdict["start"] = Grammar.start
    pinfo = ply.yacc.ParserReflect(pdict, log=ply.yacc.NullLogger())
    pinfo.get_all()
    return pinfo


def grammar_signature() -> str:
    """The signature PLY stores in the table module; tables whose
    signature differs are stale."""
    return _reflect().signature()


@attrs.frozen
class GrammarReport:
    shift_reduce: tuple  # (state, token, resolution) left unresolved by precedence
    reduce_reduce: tuple
    unused_tokens: tuple[str, ...]
    unused_rules: tuple[str, ...]
    unreachable: tuple[str, ...]
    table: object  # the ply.yacc.LRGeneratedTable
    log: str


def analyse_grammar() -> GrammarReport:
    """Build the LALR tables from scratch (what `yacc(debug=True)` does),
    reporting conflicts that precedence did not resolve."""
    pinfo = _reflect()
    log_text = io.StringIO()
    log = ply.yacc.PlyLogger(log_text)
    if pinfo.validate_all():
        raise ply.yacc.YaccError("invalid grammar specification")
    grammar = ply.yacc.Grammar(pinfo.tokens)
    for term, assoc, level in pinfo.preclist:
        grammar.set_precedence(term, assoc, level)
    for funcname, (file, line, prodname, syms) in pinfo.grammar:
        grammar.add_production(prodname, syms, funcname, file, line)
    grammar.set_start(pinfo.start)
    undefined = grammar.undefined_symbols()
    if undefined:
        raise ply.yacc.YaccError(f"undefined symbols: {undefined}")
    table = ply.yacc.LRGeneratedTable(grammar, "LALR", log)
    return GrammarReport(
        shift_reduce=tuple(table.sr_conflicts),
        reduce_reduce=tuple((state, str(rule), str(rejected))
                            for state, rule, rejected in table.rr_conflicts),
        unused_tokens=tuple(grammar.unused_terminals()),
        unused_rules=tuple(r.name for r in grammar.unused_rules()),
        unreachable=tuple(grammar.find_unreachable()),
        table=table,
        log=log_text.getvalue(),
    )


def write_tables() -> str:
    """Regenerate mlbox/_parsetab.py; return its path."""
    report = analyse_grammar()
    outputdir = os.path.dirname(os.path.abspath(__file__))
    report.table.write_table(TABLE_MODULE, outputdir, grammar_signature())
    path = os.path.join(outputdir, TABLE_MODULE.split(".")[-1] + ".py")
    sys.modules.pop(TABLE_MODULE, None)
    return path


def _main(argv: list[str]) -> int:
    if argv == ["--write-tables"]:
        report = analyse_grammar()
        if report.shift_reduce or report.reduce_reduce:
            print(f"warning: {len(report.shift_reduce)} shift/reduce and "
                  f"{len(report.reduce_reduce)} reduce/reduce conflicts", file=sys.stderr)
        print(f"wrote {write_tables()}")
        return 0
    print("usage: python -m mlbox.parser --write-tables", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
