"""The mlbox REPL (docs/repl.md), in the style of SML/NJ's top level.

    $ mlbox [--machine c|py] [--stats]      (the same as: mlbox repl [...])
    - val x = 42;
    val x = 42 : int
    - fun f y =
    =   x + y;
    val f = fn : int -> int

`Session` is the whole logic and the programmatic API (tests and the
documentation's transcripts use it): `feed(text)` processes one complete
input or one `:command` line and returns everything it prints, and
`is_complete(text)` tells whether an input is ready to be fed. `main_loop`
adds the terminal: prompts, line editing and history (readline), Ctrl-C
and Ctrl-D.

An input is cut after each top-level `;` (`top_level_segments`), and each
declaration so cut is compiled as a unit against the bindings before it
and run on the same machine (`run_more`: the global table grows), then
answered, before the next is read: SML/NJ's way. A declaration's bindings
become visible only if it ran to completion: after an error, an uncaught
exception or an interrupt, the session has no binding of it, and the rest
of the input is dropped. A declaration that does not check leaves no
trace, not even on the weak type variables ('_a) of earlier bindings; one
that started running keeps how it fixed them, since the part that ran may
have stored values of those types (`val _ = r := [1] val y = 1 div 0;`
fixes `r : int list ref`).

Replies and values are written as SML/NJ 110.79 writes them, layout and
printing limits included (docs/repl.md; tests/smlnj_repl_diff.py compares
the two); diagnostics are mlbox's own.

Transcript convention (docs): a line starting with `- ` is an input, `= `
continues it, every other line is expected output.
"""

from __future__ import annotations

import errno
import itertools
import os
import sys
from typing import Optional

import attrs

from ccam.instructions import BUILTIN_EXNS, PROG, PROGS, Status
from mlbox import pretty, valueprint
from mlbox.checker import Abbrev, abbrev_parts
from mlbox.cli import STDIN_CLOSED, OutputFailed, StdinUnreadable
from mlbox.diagnostics import CompileError, Source, render_all
from mlbox.lexer import SYMBOL_CHARS, Lexer
from mlbox.parser import GrowingInput
from mlbox.pretty import ALL, PACK, Box, Break, Doc, Text
from mlbox.runner import limit_hint, uncaught_report
from mlbox.types import TypePrinter

PROMPT = "- "
CONTINUATION = "= "
INPUT_NAME = "stdIn"
HISTORY_ENV = "MLBOX_HISTORY"
HISTORY_FILE = "~/.mlbox_history"
HISTORY_LENGTH = 1000

BANNER = "mlbox: ML□, Standard ML with modal types ({machine} machine). :help for commands, Ctrl-D to exit."
INTERRUPT = "Interrupt"
MACHINE_ERROR = "machine error ({status}): {message}"
INTERNAL_ERROR = "mlbox: internal error: {kind}: {message}"
STATS_LINE = "[reductions: {total} ({generating} generating code, {running} running it); emitted: {emitted}]"
STATS_ON = "reduction counts: on"
STATS_OFF = "reduction counts: off"
STATS_ARGUMENT = ":stats takes on, off or nothing (to toggle), not {arg!r}"
UNKNOWN_COMMAND = "unknown command :{name} (:help lists the commands)"
NEEDS_ARGUMENT = ":{name} needs {what} (:help lists the commands)"
NOT_AN_EXPRESSION = ":{name} takes an expression, not a declaration"
NOT_A_GENERATOR = ":gen needs a generator (an expression of type [t]); this one has type {type}"
GEN_APPLY_FIRST = "  note: it is a function returning a generator: apply it to its argument{example}"
# `:gen 3`: a value, not a generator; `lift` makes one of the value (a
# constant: of a function, an opaque closure), `code` one of its computation
GEN_LIFT_OR_CODE = ("  note: `:gen lift {e}` shows the code of its value (a constant); "
                    "`:gen code {e}` the code that computes it")
GEN_CODE_OF_FUNCTION = "  note: `:gen code {e}` shows the code of the function"
GEN_SUMMARY = "{count} {instructions} generated ({reductions} reductions, {generating} of them generating code)"
LOADING = "[loading {path}]"
SETTING = "{name} {value}"
SET_USAGE = ":set takes a setting and a number: {names} (:set alone shows them)"
SET_VALUE = "{name} takes a number from {low} to {high}, not {value!r}"

# The :set settings (SML/NJ's Control.Print names): how values are cut and
# where replies break. name -> the range of its values. The value printer
# recurses once per level of depth (a few Python frames each): printDepth
# stays well within Python's ordinary stack.
SETTINGS = {"printDepth": (0, 200), "printLength": (0, 1_000_000), "stringDepth": (0, 1_000_000),
            "linewidth": (1, 1_000_000)}

HELP = """\
Enter declarations or expressions ending in ';' (an expression e is bound to `it`).
Commands:
  :type e      the type of expression e
  :gen e       run the generator e : [t] and show the code it emits
  :dis e       the CCAM code of expression e
  :stats       toggle reduction counts after each input (:stats on, :stats off)
  :set printDepth N    show values N levels deep (default 5; deeper ones are #)
  :set printLength N   show the first N elements of lists, arrays, vectors (default 12)
  :set stringDepth N   show the first N characters of strings (default 70)
  :set linewidth N     break replies longer than N columns (default 79)
  :load FILE   load a file's declarations into the session
  :help        this list
  :quit        leave (or Ctrl-D)
Ctrl-C interrupts a running evaluation or discards the current input."""


def count_instructions(code) -> int:
    """Instructions in a code sequence, those of sub-programs included (an
    emit and its operand count once). Iterative: generated code may nest
    deeply."""
    total = 0
    pending = [code]
    while pending:
        seq = pending.pop()
        total += len(seq)
        for ins in seq:
            for kind, arg in zip(ins.spec.operands, ins.args):
                if kind == PROG:
                    pending.append(arg)
                elif kind == PROGS:
                    pending.extend(arg)
    return total


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


# an atomic expression of several tokens begins with one of these and ends
# with its closer (`)`, `]`, `end`: which also ends a `local` or `abstype`)
_BRACKETED_STARTS = frozenset({"LPAREN", "LBRACKET", "LET"})
_OPENERS_OF_END = frozenset({"LET", "LOCAL", "ABSTYPE"})
_ATOMS = frozenset({"IDENT", "INT", "WORD", "STRING", "CHAR", "SELECTOR"})


def _is_atomic(text: str) -> bool:
    """Whether expression `text` is atomic, so that `lift TEXT` needs no
    parentheses: a name or constant, or a parenthesised expression, tuple,
    list or `let ... end` (its bracket closed by the last token)."""
    def refuse(message, span):
        raise ValueError(message)

    try:
        tokens = [t.type for t in Lexer(refuse).tokenize(text)]
    except ValueError:
        return False
    if len(tokens) == 1:
        return tokens[0] in _ATOMS
    if not tokens or tokens[0] not in _BRACKETED_STARTS:
        return False
    depth = 0
    for index, token in enumerate(tokens):
        if token in ("LPAREN", "LBRACKET") or token in _OPENERS_OF_END:
            depth += 1
        elif token in ("RPAREN", "RBRACKET", "END"):
            depth -= 1
            if depth == 0:
                return index == len(tokens) - 1
    return False


class Session:
    """A REPL session: the bindings so far (checker environment, globals)
    and the machine holding their values.

    `machine` is "c", "py" or None (c when built). `out`, when given, is a
    binary stream program output is written to as it happens (the terminal);
    otherwise `feed` returns it with the rest. A print that `out` refuses (a
    closed pipe, a full disk) stops that input and raises
    mlbox.cli.OutputFailed out of `feed`: with its output gone the session
    cannot go on, and the command line ends it as `mlbox run` ends."""

    def __init__(self, machine: Optional[str] = None, stats: bool = False, out=None,
                 limits: Optional[dict] = None):
        from mlbox import driver

        self.machine_name = machine if machine in driver.MACHINES else (
            "c" if driver.c_machine_available() else "py")
        self.stats = stats
        self.out = out
        self.finished = False  # set by :quit
        # the input is_complete was last asked about, parsed as far as it goes
        self.growing_input = GrowingInput()
        # how replies show values (SML/NJ's defaults; :set changes them)
        self.print_limits = valueprint.DEFAULT_LIMITS
        self.line_width = pretty.WIDTH
        self.cycle_marks = itertools.count()  # SML/NJ numbers them across the session
        self.incremental = driver.Incremental()
        # every exception the session has declared (at any depth, in every
        # input that ran), by name, newest first: a value made by one that a
        # later declaration of the name shadows, or by one declared inside
        # an expression, still prints with its argument (see _exceptions)
        self.declared_exceptions: dict[str, list] = {}
        self._record_basis_exceptions()
        # with `out`, output is written as it happens and Result.output is never read
        self.machine = driver.machine_class(self.machine_name)(self.incremental.prelude, out=out,
                                                               keep_output=out is None)
        result = self.machine.run()
        if result.status != Status.OK:
            raise RuntimeError(f"the prelude did not run: {result.message}")
        # The limits bound each input's run (as `mlbox run`'s bound the
        # program's), set after the prelude so that a small one cannot stop it.
        self.limits = dict(limits or {})
        for name, value in self.limits.items():
            setattr(self.machine, name, value)

    # ------------------------------------------------------------ public API

    def is_complete(self, text: str) -> bool:
        """Whether `text` is ready to be fed: a command line, or input that
        ends with ';' outside any unfinished construct (or is blank)."""
        stripped = text.strip()
        if not stripped or _is_command_line(stripped):
            return True
        if not stripped.endswith((";", "*)")):
            # Complete input ends with its `;` token (or, with a lexical
            # error, with the character `;`), or has only comments; either
            # way only blanks and comments follow. Anything else is not
            # complete, decided without lexing and parsing everything read
            # so far again at each line (which made a long piped file
            # without `;` quadratic: 1,500 lines took minutes).
            return False
        return self.growing_input.is_complete(text, self.incremental.fixity)

    def is_command(self, line: str) -> bool:
        """Whether `line` is a command line: ':' and a command's name."""
        stripped = line.strip()
        words = stripped[1:].split(None, 1) if stripped.startswith(":") else []
        return bool(words) and words[0] in self._COMMANDS

    def feed(self, text: str) -> str:
        """Process one complete input or command; return what it prints
        (program output, replies, diagnostics, stats), each line ending in
        a newline."""
        out: list[str] = []
        self.growing_input.drop()
        try:
            stripped = text.strip()
            if _is_command_line(stripped):
                self._command(stripped[1:], out)
            elif stripped:
                whole = Source(INPUT_NAME, text)
                for segment in top_level_segments(text):
                    if not self._input(Source(INPUT_NAME, segment), out, shown=whole):
                        break  # as SML/NJ drops the rest of the line
        except KeyboardInterrupt:
            out.append(INTERRUPT)
        except OutputFailed:
            raise  # not a bug: the session's output is gone (see the class docstring)
        except Exception as err:  # a bug in mlbox: report it, keep the session
            out.append(INTERNAL_ERROR.format(kind=type(err).__name__, message=err))
        finally:
            # Whatever was not adopted (a failed input, an interrupt, a
            # command that only checked an expression) must not have fixed
            # weak type variables of earlier bindings. After an adopted
            # input this restores exactly the adopted state.
            self.incremental.rollback()
        return _lines(out)

    # ------------------------------------------------------------ inputs

    def _input(self, source: Source, out: list[str], shown: Optional[Source] = None) -> bool:
        """Check, compile and run one input; whether it ran to completion.
        Diagnostics quote the lines of `shown` (the whole input a segment
        was cut from, at the same positions)."""
        shown = shown or source
        try:
            compiled = self.incremental.compile(source)
        except CompileError as err:
            out.append(render_all(_with_repl_hints(err.diagnostics), shown))
            return False
        if compiled.warnings:
            out.append(render_all(compiled.warnings, shown))
        self.incremental.settle_types()  # (see there: running commits the typing)
        result = self.machine.run_more(compiled.program)
        self._output(result, out)
        # (even when it failed: its exception values may be held by earlier bindings)
        self._record_exceptions(compiled.elaboration)
        if result.status == Status.OK:
            self.incremental.adopt(compiled)
            bindings = _in_reply_order(compiled.elaboration.toplevel, _val_rec_groups(compiled.decs))
            out.extend(self._replies(bindings, _exception_aliases(compiled.decs)))
        else:
            out.append(self._failure(result))
        if self.stats:
            out.append(_stats_line(result))
        return result.status == Status.OK

    def _output(self, result, out: list[str]) -> None:
        """Program output goes before the replies; output that does not end
        a line runs into the reply, as in SML/NJ (`hival it = () : unit`)."""
        if self.out is None and result.output:
            out.append(_RAW + _text(result.output))

    def _failure(self, result) -> str:
        if result.status == Status.OUTPUT:
            raise OutputFailed(self.machine.output_errno)
        if result.status == Status.UNCAUGHT:
            return self._uncaught(result)
        if result.status == Status.INTERRUPTED:
            return INTERRUPT
        failure = MACHINE_ERROR.format(status=Status(result.status).name, message=result.message)
        hint = limit_hint(result, self.limits.get("max_stack"), self.limits.get("max_heap"))
        return failure + ("\n" + hint if hint else "")

    def _uncaught(self, result) -> str:
        """SML/NJ's report: a blank line, then `uncaught exception Div
        [divide by zero]` (mlbox.runner.uncaught_report)."""
        return "\n" + uncaught_report(result, self._basis_exception)

    def _basis_exception(self, name: str):
        """The exception name value of the basis's exception `name` (None
        for a prelude's exception not declared yet: nothing raised it)."""
        if name in BUILTIN_EXNS:
            return self.machine.global_value(BUILTIN_EXNS.index(name))
        # (a prelude exception's slot is known by its basis name: its
        # binder was a node of the prelude's AST, long gone)
        slot = self.incremental.globals.prelude.get(name)
        return None if slot is None else self.machine.global_value(slot)

    def _replies(self, bindings, aliases: list[Optional[str]]) -> list[str]:
        """The replies to an input's bindings, in order. `aliases` gives,
        for each exception binding in turn, the exception it replicates
        (`exception G = F`), or None."""
        replies = []
        aliases = iter(aliases)
        for b in bindings:
            if b.kind == "val":
                replies.append(self._layout(_value_reply("val", b.name, self._value(b), _type_doc(b))))
            elif b.kind == "cogen":
                replies.append(self._layout(_value_reply("cogen", b.name, Text(valueprint.GENERATOR), _type_doc(b))))
            elif b.kind == "datatype":
                replies.append(self._layout(datatype_doc(b.scheme.cons)))
            elif b.kind == "exn":
                same_as = next(aliases, None)
                replies.append(self._layout(_exception_reply(b, same_as)))
            elif b.kind == "fixity":
                replies.append(_fixity_reply(b.type))
            elif b.kind == "type" and isinstance(b.scheme, Abbrev):
                replies.append(self._layout(_type_reply(b.name, b.scheme, b.visible)))
            elif b.kind == "abstype":  # as SML/NJ shows it: its constructors hidden
                from mlbox.checker import type_head

                replies.append(f"type {type_head(b.scheme, tight=True)}")
            elif b.kind == "type":
                from mlbox.checker import describe_binding

                replies.append(describe_binding(b))
            # constructors are shown with their datatype
        return replies

    def _layout(self, doc) -> str:
        return pretty.render(doc, self.line_width)

    def _value(self, binding):
        slot = self.incremental.slot(binding.binder)
        if slot is None:
            return Text(valueprint.POLYMORPHIC)
        if self.machine_name == "c":
            with valueprint.CReader(self.machine) as reader:
                return valueprint.value_doc(reader, reader.global_value(slot), binding.scheme, self.print_limits,
                                            exceptions=self._exceptions(reader.global_value),
                                            fixity=self._fixity, marks=self.cycle_marks)
        return valueprint.value_doc(valueprint.PyReader(), self.machine.global_value(slot), binding.scheme,
                                    self.print_limits, exceptions=self._exceptions(self.machine.global_value),
                                    fixity=self._fixity, marks=self.cycle_marks)

    def _fixity(self, name: str):
        """The fixity `name` has now (as the parser records it)."""
        from mlbox.syntax import INFIX

        table = self.incremental.fixity
        return (INFIX if table is None else table).get(name)

    def _record_basis_exceptions(self) -> None:
        """The basis's exceptions, in declared_exceptions: `Fail "x"` made
        before `exception Fail of int` still prints its string."""
        from mlbox import basis
        from mlbox.checker import ExnInfo

        for name in (*basis.EXCEPTIONS, *basis.PRELUDE_EXCEPTIONS):
            entry = self.incremental.env.scope.find_value(name)
            if isinstance(entry, ExnInfo):
                self.declared_exceptions.setdefault(entry.name, []).append(entry)

    def _record_exceptions(self, elaboration) -> None:
        for info in elaboration.exceptions:
            self.declared_exceptions.setdefault(info.name, []).insert(0, info)

    def _exceptions(self, global_value) -> valueprint.ExnLookup:
        """The value printer's view of the session's exceptions: every
        declaration of a name, each with the global holding its exception
        name (the built-in ones occupy the first globals, in basis order),
        or None for one that has no global (a local exception) or whose
        global was never set (its input failed first). The printer takes
        the one whose exception name is the value's, as a handler matches
        it: by identity, not by name (valueprint.exception_arg_type)."""

        def decl(entry):
            slot = entry.builtin if entry.builtin is not None else self.incremental.slot(id(entry.binder))
            return valueprint.ExnDecl(None if slot is None else global_value(slot), entry.arg)

        return lambda name: [decl(entry) for entry in self.declared_exceptions.get(name, ())]

    # ------------------------------------------------------------ commands

    def _command(self, line: str, out: list[str]) -> None:
        parts = line.split(None, 1)
        name = parts[0] if parts else ""
        arg = parts[1].strip() if len(parts) > 1 else ""
        handler = self._COMMANDS.get(name)
        if handler is None:
            out.append(UNKNOWN_COMMAND.format(name=name))
            return
        handler(self, name, arg, out)

    def _cmd_help(self, name, arg, out):
        out.append(HELP)

    def _cmd_quit(self, name, arg, out):
        self.finished = True

    def _cmd_stats(self, name, arg, out):
        # `:stats on` reads as a setting: toggling it would turn counts off
        # when they were already on
        choices = {"": not self.stats, "on": True, "off": False}
        if arg.lower() not in choices:
            out.append(STATS_ARGUMENT.format(arg=arg))
            return
        self.stats = choices[arg.lower()]
        out.append(STATS_ON if self.stats else STATS_OFF)

    def _settings(self) -> dict[str, int]:
        return {"printDepth": self.print_limits.depth, "printLength": self.print_limits.length,
                "stringDepth": self.print_limits.string, "linewidth": self.line_width}

    def _cmd_set(self, name, arg, out):
        words = arg.split()
        if not words:
            out.extend(SETTING.format(name=n, value=v) for n, v in self._settings().items())
            return
        setting = next((n for n in SETTINGS if n.lower() == words[0].lower()), None)
        if setting is None or len(words) != 2:
            out.append(SET_USAGE.format(names=", ".join(SETTINGS)))
            return
        low, high = SETTINGS[setting]
        try:
            value = int(words[1])
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            out.append(SET_VALUE.format(name=setting, low=low, high=high, value=words[1]))
            return
        if setting == "linewidth":
            self.line_width = value
        else:
            field = {"printDepth": "depth", "printLength": "length", "stringDepth": "string"}[setting]
            self.print_limits = attrs.evolve(self.print_limits, **{field: value})
        out.append(SETTING.format(name=setting, value=value))

    def _cmd_load(self, name, arg, out):
        if not arg:
            out.append(NEEDS_ARGUMENT.format(name=name, what="a file name"))
            return
        from mlbox.cli import UsageError, read_source

        try:  # read as the command line reads a file (UTF-8 with its location, .ccam files, a BOM)
            text = read_source(os.path.expanduser(arg)).text
        except UsageError as err:
            out.append(str(err).replace(os.path.expanduser(arg), arg))
            return
        header = LOADING.format(path=arg)
        if self.out is None:
            out.append(header)
        else:
            # the file's prints reach self.out as they happen, before the
            # replies in `out`: the header must go there first, or it would
            # follow them
            try:
                self.out.write((header + "\n").encode("utf-8", "surrogateescape"))
                self.out.flush()
            except OSError as err:
                raise OutputFailed(err.errno or errno.EIO) from None
        self._input(Source(arg, text), out)

    def _expression(self, name: str, arg: str, out: list[str]):
        """Check `arg` as an expression (binding nothing): (source, exp,
        the `it` binding, elaboration), or None after reporting why not."""
        from mlbox import syntax as S

        if not arg:
            out.append(NEEDS_ARGUMENT.format(name=name, what="an expression"))
            return None
        source = Source(INPUT_NAME, arg)
        try:
            program, result = self.incremental.check(source)
        except CompileError as err:
            out.append(render_all(err.diagnostics, source))
            return None
        if len(program.decs) != 1 or not isinstance(program.decs[0], S.ExpDec):
            out.append(NOT_AN_EXPRESSION.format(name=name))
            return None
        if result.warnings:
            out.append(render_all(result.warnings, source))
        binding = result.elaboration.toplevel[-1]
        return source, program.decs[0].exp, binding, result.elaboration

    def _cmd_type(self, name, arg, out):
        checked = self._expression(name, arg, out)
        if checked is not None:
            # laid out as a `val` reply's type is: broken before the `:`
            # and inside the type when the line is full
            expression = arg.rstrip(";").strip()
            out.append(self._layout(Box(PACK, 0, [Text(expression), Break(1, 2), Text(": "), _type_doc(checked[2])])))

    def _cmd_dis(self, name, arg, out):
        from ccam.disasm import disasm

        checked = self._expression(name, arg, out)
        if checked is None:
            return
        code = self.incremental.compile_expression(checked[1], checked[3])
        out.append(disasm(code, global_names=tuple(self.incremental.globals.names)))

    def _cmd_gen(self, name, arg, out):
        from ccam.disasm import disasm
        from ccam.instructions import Program
        from mlbox.types import TArrow, TBox, prune

        checked = self._expression(name, arg, out)
        if checked is None:
            return
        _, exp, binding, elaboration = checked
        if not isinstance(prune(binding.scheme), TBox):
            out.append(NOT_A_GENERATOR.format(type=binding.type))
            result = prune(binding.scheme)
            while isinstance(result, TArrow):
                result = prune(result.res)
            if isinstance(result, TBox):  # `:gen compPoly`: its argument left out
                example = "" if any(c.isspace() for c in arg) else f" (:gen {arg} ARG)"
                out.append(GEN_APPLY_FIRST.format(example=example))
            else:
                expression = arg.strip().rstrip(";").strip()
                if not _is_atomic(expression):
                    expression = f"({expression})"
                function = isinstance(prune(binding.scheme), TArrow)
                out.append((GEN_CODE_OF_FUNCTION if function else GEN_LIFT_OR_CODE).format(e=expression))
            return
        globals_ = self.incremental.globals
        # evaluate the generator and run it on a fresh block (INVOKE); it
        # returns (env, {P}) with P the code it generated.
        from mlbox.generator import INVOKE

        code = self.incremental.compile_expression(exp, elaboration) + INVOKE
        self.incremental.settle_types()
        generated = self.machine.run_more(Program(tuple(code), len(globals_.names), tuple(globals_.names)))
        self._record_exceptions(elaboration)  # (a ref may now hold a value of one)
        self._output(generated, out)
        if generated.status != Status.OK:
            out.append(self._failure(generated))
            return
        block = generated.value.snd
        out.append(disasm(block, global_names=tuple(globals_.names)))
        count = count_instructions(block.code)
        out.append(GEN_SUMMARY.format(count=count, instructions="instruction" if count == 1 else "instructions",
                                      reductions=generated.reductions, generating=generated.gen_reductions))

    _COMMANDS = {"help": _cmd_help, "quit": _cmd_quit, "stats": _cmd_stats, "load": _cmd_load,
                 "type": _cmd_type, "dis": _cmd_dis, "gen": _cmd_gen, "set": _cmd_set}


# Marks program output in the pieces of `feed`'s answer: it is printed as
# it is (no newline added after it).
_RAW = "\0raw\0"


def _is_command_line(stripped: str) -> bool:
    """Whether an input (without its surrounding blanks) is a command: it
    starts with `:`, but not with a symbolic identifier such as `::` made
    nonfix or a function `:+:` (command names are alphanumeric)."""
    return stripped.startswith(":") and stripped[1:2] not in SYMBOL_CHARS


def _lines(pieces: list[str]) -> str:
    text = []
    for piece in pieces:
        if piece.startswith(_RAW):
            text.append(piece[len(_RAW):])
        else:
            text.append(piece + "\n")
    return "".join(text)


def _stats_line(result) -> str:
    return STATS_LINE.format(total=result.reductions, generating=result.gen_reductions,
                             running=result.reductions - result.gen_reductions, emitted=result.emitted)


def _type_doc(binding) -> Doc:
    """The type of a val, cogen or exception binding as a document, as
    its `type` shows it."""
    ty = binding.scheme.arg if binding.kind == "exn" else binding.scheme
    return TypePrinter(weak=binding.kind != "exn", visible=binding.visible, tight=True).doc(ty)


def _value_reply(keyword: str, name: str, value, type_doc: Doc) -> Box:
    """`val x = 42 : int`, breaking (indented by two) before the value
    and before the type when the line is full, as SML/NJ does."""
    return Box(PACK, 0, [Text(f"{keyword} {name} ="), Break(1, 2), value, Break(1, 2), Text(": "), type_doc])


def _exception_reply(binding, same_as: Optional[str]) -> Box:
    """`exception E of int` or `exception G = F`, breaking (indented by
    two) before the type or the replicated name when the line is full, as
    SML/NJ does."""
    if same_as is not None:
        return Box(PACK, 0, [Text(f"exception {binding.name} ="), Break(1, 2), Text(same_as)])
    if not binding.type:
        return Box(PACK, 0, [Text(f"exception {binding.name}")])
    return Box(PACK, 0, [Text(f"exception {binding.name} of"), Break(1, 2), _type_doc(binding)])


def _type_reply(name: str, abbrev: Abbrev, visible=None) -> Box:
    """`type 'a pair = 'a * 'a`, breaking (indented by two) after the
    parameters and after `=` when the line is full, as SML/NJ does."""
    head, body = abbrev_parts(abbrev, tight=True, visible=visible)
    params = head[: len(head) - len(name)].rstrip()
    return Box(PACK, 0, [Text(f"type {params}".rstrip()), Break(1, 2), Text(f"{name} ="), Break(1, 2), body])


def datatype_doc(constructors) -> Box:
    """`datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree` (for a
    datatype's constructors, or a replication's), the
    constructors in SML/NJ's order (sorted by name); when it is too long,
    `= ...` goes on the next line, and, if still too long, each
    constructor on its own (`| ...` under `= ...`)."""
    from mlbox.types import TArrow, prune

    printer = TypePrinter(tight=True)
    first = prune(constructors[0].ty)
    result = prune(first.res) if isinstance(first, TArrow) else first
    head = printer.show(result)  # first: the parameters are named in their order
    cons: list = []
    for i, con in enumerate(sorted(constructors, key=lambda c: c.name)):
        shown = [Text(f"{'| ' if i else '= '}{con.name}" + (" of " if con.has_arg else ""))]
        if con.has_arg:
            shown.append(printer.doc(prune(con.ty).arg))
        cons += [Break(1, 0)] + shown if i else shown
    return Box(ALL, 0, [Text(f"datatype {head}"), Break(1, 2), Box(ALL, 0, cons)])


def _fixity_reply(declaration: str) -> str:
    """`infix 5 ++` as declared; precedence 0 is not shown (SML/NJ)."""
    words = declaration.split()
    if words[0] in ("infix", "infixr") and words[1] == "0":
        del words[1]
    return " ".join(words)


def _exception_aliases(decs) -> list:
    """For each exception the declarations bind at top level, in order:
    the exception it replicates, as written (`exception D = General.Div`
    gives "Div"), or None for a new exception."""
    from mlbox import syntax as S

    aliases = []
    for dec in decs:
        if isinstance(dec, S.ExceptionDec):
            aliases += [None if eb.same_as is None else eb.same_as.rsplit(".", 1)[-1] for eb in dec.binds]
        elif isinstance(dec, (S.LocalDec, S.AbstypeDec)):
            aliases += _exception_aliases(dec.body)
    return aliases


def _val_rec_groups(decs) -> list[set[int]]:
    """The binders (their ids, as TopBinding.binder) of each group of
    recursive `val` bindings the declarations make at top level."""
    from mlbox import syntax as S

    groups = []
    for dec in decs:
        if isinstance(dec, S.ValDec) and dec.recursive_binds:
            groups.append({id(S.val_rec_var(bind.pat)) for bind in dec.recursive_binds})
        elif isinstance(dec, (S.LocalDec, S.AbstypeDec)):
            groups += _val_rec_groups(dec.body)
    return groups


def _in_reply_order(bindings, rec_groups: list[set[int]]) -> list:
    """`bindings` in SML/NJ's reply order: that of the declarations, but
    the bindings of a `val rec` last first (not those of `fun ... and`)."""
    ordered = []
    i = 0
    while i < len(bindings):
        group = next((g for g in rec_groups if bindings[i].kind == "val" and bindings[i].binder in g), None)
        j = i + 1
        if group is not None:
            while j < len(bindings) and bindings[j].kind == "val" and bindings[j].binder in group:
                j += 1
        ordered += reversed(bindings[i:j])
        i = j
    return ordered


_OPENING = ("LPAREN", "LBRACKET", "LET", "LOCAL", "ABSTYPE")
_CLOSING = ("RPAREN", "RBRACKET", "END")


def top_level_segments(text: str) -> list[str]:
    """`text` cut after each top-level `;` (one outside brackets and
    let/local ... end), as SML/NJ's top level reads its input: each
    declaration is checked, run and answered before the next is read.
    Every segment keeps the positions of `text` (what precedes it is
    blanked, line breaks kept), so that diagnostics point into `text`.
    Text that does not lex is left whole, for the lexer to report."""
    from mlbox.lexer import tokenize

    tokens, errors = tokenize(text)
    if errors:
        return [text]
    segments = []
    start = 0
    depth = 0
    for token in tokens:
        if token.type in _OPENING:
            depth += 1
        elif token.type in _CLOSING:
            depth = max(depth - 1, 0)
        elif token.type == "SEMICOLON" and depth == 0:
            end = token.lexpos + 1
            segments.append(_blank(text[:start]) + text[start:end])
            start = end
    if tokens and tokens[-1].lexpos >= start:
        segments.append(_blank(text[:start]) + text[start:])  # no `;` at the end
    return segments or [text]


def _blank(text: str) -> str:
    return "".join(c if c == "\n" else " " for c in text)


# ------------------------------------------------------------ transcripts


def transcript_steps(text: str) -> list[tuple[str, str]]:
    """The (input, expected output) pairs of a transcript written with the
    convention above: `- ` starts an input, `= ` continues it, any other
    line is output (up to the next input). The expected output is in the
    form `Session.feed` returns it (each line ending in a newline)."""
    steps: list[tuple[str, str]] = []
    inputs: list[str] = []
    expected: list[str] = []

    def flush():
        if inputs:
            steps.append(("\n".join(inputs), "".join(line + "\n" for line in expected)))

    for line in text.splitlines():
        if line.startswith(PROMPT) or line == PROMPT.strip():
            flush()
            inputs, expected = [line[len(PROMPT):]], []
        elif line.startswith(CONTINUATION) and inputs and not expected:
            inputs.append(line[len(CONTINUATION):])
        elif inputs:
            expected.append(line)
    flush()
    return steps


# ------------------------------------------------------------ the terminal


def history_path() -> str:
    return os.path.expanduser(os.environ.get(HISTORY_ENV) or HISTORY_FILE)


def _start_history():
    """readline with the persistent history, or None without readline."""
    try:
        import readline
    except ImportError:
        return None
    try:
        readline.read_history_file(history_path())
    except (OSError, ValueError):
        pass  # no history yet, or unreadable: start empty
    readline.set_history_length(HISTORY_LENGTH)
    return readline


def _save_history(readline) -> None:
    if readline is None:
        return
    try:
        readline.write_history_file(history_path())
    except OSError:
        pass  # an unwritable history file must not spoil the exit


def _step(session: Session, lines: list[str]) -> None:
    """Feed the input read so far if it is complete (then forget it)."""
    text = "\n".join(lines)
    if not session.is_complete(text):
        return
    lines.clear()
    sys.stdout.flush()
    reply = session.feed(text)
    if reply.endswith(INTERRUPT + "\n"):
        reply = "\n" + reply  # after the terminal's ^C
    sys.stdout.write(reply)
    sys.stdout.flush()


def main_loop(machine: Optional[str] = None, stats: bool = False, limits: Optional[dict] = None) -> int:
    """The interactive REPL on stdin/stdout; returns the exit status."""
    stdout = sys.stdout
    if sys.stdin is None:  # `mlbox repl <&-`: no input to read, nor a terminal to ask
        raise StdinUnreadable(STDIN_CLOSED)
    if hasattr(sys.stdin, "reconfigure"):
        # Bytes that are not UTF-8 come in as surrogate escapes, which the
        # lexer reports where they are; a strict stdin (PYTHONIOENCODING=utf-8)
        # would raise in input() and lose the rest of its buffer.
        sys.stdin.reconfigure(errors="surrogateescape")
    session = Session(machine=machine, stats=stats, out=sys.stdout.buffer, limits=limits)
    readline = _start_history() if sys.stdin.isatty() else None
    print(BANNER.format(machine=session.machine_name), flush=True)
    lines: list[str] = []
    try:
        while not session.finished:
            try:
                line = input(CONTINUATION if lines else PROMPT)
            except EOFError:  # Ctrl-D, or the end of piped input
                print()
                if "\n".join(lines).strip():
                    # What is left unfinished (no `;`, an open string or
                    # comment) is run, or its error shown, as Poly/ML does
                    # at the end of its input: never dropped in silence.
                    sys.stdout.write(session.feed("\n".join(lines)))
                    sys.stdout.flush()
                break
            except KeyboardInterrupt:  # Ctrl-C at the prompt: drop the input
                print()
                lines = []
                continue
            except OSError as err:  # opened for writing only (`0>FILE`), a terminal hung up (EIO)
                print()
                raise StdinUnreadable(f"cannot read standard input: {err.strerror or err}") from None
            if lines and session.is_command(line):
                # A command where an input is unfinished (its `;` forgotten,
                # `val x = 3` then `:type x`): the command is meant, and
                # `:quit` must not be taken as more input. The unfinished
                # input is run as it is, or its error shown, as at the end.
                sys.stdout.flush()  # (program output goes to the buffer beneath)
                sys.stdout.write(session.feed("\n".join(lines)))
                lines.clear()
            lines.append(line)
            try:
                _step(session, lines)
            except KeyboardInterrupt:  # outside an evaluation (e.g. while printing)
                lines.clear()
                stdout.write("\n" + INTERRUPT + "\n")
                stdout.flush()
    finally:
        _save_history(readline)
    return 0


# ------------------------------------------------------------ the command line


def add_arguments(p) -> None:
    from mlbox.runner import add_limit_arguments, add_machine_argument

    add_machine_argument(p)
    p.add_argument("--stats", action="store_true", help="print reduction counts after each input (:stats)")
    add_limit_arguments(p, each=" in each input")


def command(args) -> int:
    from mlbox.driver import machine_class
    from mlbox.runner import machine_limits

    return main_loop(machine=args.machine, stats=args.stats, limits=machine_limits(args, machine_class(args.machine)))


# SML/NJ and Poly/ML users load files with `use "f.sml";`, a function of
# their top levels; here loading is the command :load, so say so.
USE_HINT = "to load a file in the REPL, type :load FILE"


def _with_repl_hints(diagnostics):
    import attrs

    from mlbox.checker import UNBOUND_VARIABLE

    unbound_use = UNBOUND_VARIABLE.format(name="use")
    return [attrs.evolve(d, notes=d.notes + (USE_HINT,)) if d.message == unbound_use else d
            for d in diagnostics]
