"""Every command and REPL exchange shown in README.md and docs/*.md runs and
prints what the document says it prints.

Conventions for fenced blocks (the info string after the opening ```):

  console      Lines starting with `$ ` are commands, run from the repository
               root; the lines after a command, up to the next `$ ` line, are
               its expected stdout and stderr, interleaved as on a terminal.
               `mlbox` is `python -m mlbox` of the interpreter running the
               tests; `python examples/NAME.py [FILE ...]` runs an example
               script with that interpreter (its arguments: files of the
               repository, no options); `cat FILE` shows a file. Nothing else may
               be run.
  mlbox-repl   A REPL transcript: `- ` starts an input, `= ` continues it, and
               every other line is expected output. Replayed through
               mlbox.repl.Session (C machine), one session per block;
               ```mlbox-repl continued``` goes on with the session of the
               file's previous mlbox-repl block (whose inputs are replayed
               first, their output unchecked: that block is its own test).
  sml-check    ML□ source that must type-check without errors.
  sml, sh, python, text, ...
               Shown only (set-up instructions such as `make test`, fragments).

In expected output, `…` (U+2026) stands for any text within one line (for
timings); it is the only placeholder. Trailing spaces and trailing blank
lines are ignored. Each block is one test, with its file and line in the id.

Commands run in a scratch directory that holds links to the repository's
top-level entries, so a documented `mlbox compile ... -o hello.ccam` does not
write into the repository.
"""

from __future__ import annotations

import difflib
import os
import pathlib
import re
import shlex
import subprocess
import sys
from typing import Optional

import attrs
import pytest

from mlbox.checker import check_program
from mlbox.diagnostics import CompileError, Source, render_all
from mlbox.parser import parse_program

REPO = pathlib.Path(__file__).resolve().parents[1]
DOC_FILES = [REPO / "README.md"] + sorted((REPO / "docs").glob("*.md"))

PLACEHOLDER = "…"
COMMAND_PROMPT = "$ "
REPL_INPUT, REPL_CONTINUATION = "- ", "= "
CONSOLE, REPL, SML_CHECK = "console", "mlbox-repl", "sml-check"
CONTINUED = "continued"  # option of a REPL block: the session goes on
EXECUTED_KINDS = {CONSOLE, REPL, SML_CHECK}
# Languages shown but never run. A typo in an info string (```mlbox_repl)
# would silently skip a block, so every info string must be known.
SHOWN_ONLY_KINDS = {"", "sml", "sh", "python", "text", "c", "json"}
COMMAND_TIMEOUT_SECONDS = 60

# Failure messages (the harness's own tests refer to these).
MISMATCH = "output differs from the document"
UNKNOWN_COMMAND = "the docs may only run `mlbox ...`, `python examples/NAME.py [FILE ...]` and `cat FILE`, not {!r}"
EXAMPLE_SCRIPT = re.compile(r"examples/\w+\.py")  # what `python` may run: an example script
NO_COMMANDS = "a console block needs at least one `$ ` command line"
OUTPUT_BEFORE_INPUT = "a REPL transcript must start with a `- ` input line"


# ------------------------------------------------------------ reading docs


@attrs.frozen
class Block:
    path: pathlib.Path
    line: int  # 1-based line of the opening fence
    kind: str
    lines: tuple[str, ...]
    options: tuple[str, ...] = ()  # the words after the kind in the info string

    @property
    def test_id(self) -> str:
        return f"{self.path.relative_to(REPO)}:{self.line}"


_FENCE = re.compile(r"^(\s*)```([^`]*)$")  # an info string has no backquote


def read_blocks(path: pathlib.Path, text: Optional[str] = None) -> list[Block]:
    """The fenced blocks of a Markdown file, in order."""
    lines = (path.read_text(encoding="utf-8") if text is None else text).splitlines()
    blocks, i = [], 0
    while i < len(lines):
        opening = _FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, (kind, *options) = opening.group(1), (opening.group(2).split() or [""])
        body, j = [], i + 1
        while j < len(lines) and lines[j].strip() != "```":
            line = lines[j]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            j += 1
        blocks.append(Block(path, i + 1, kind, tuple(body), tuple(options)))
        i = j + 1
    return blocks


@attrs.frozen
class Step:
    """One command or REPL input with the output the document expects."""

    text: str
    expected: tuple[str, ...]
    line: int  # 1-based line in the document


def console_steps(block: Block) -> list[Step]:
    steps: list[Step] = []
    for offset, line in enumerate(block.lines):
        if line.startswith(COMMAND_PROMPT):
            steps.append(Step(line[len(COMMAND_PROMPT):].strip(), (), block.line + 1 + offset))
        elif steps:
            last = steps[-1]
            steps[-1] = attrs.evolve(last, expected=last.expected + (line,))
        elif line.strip():
            raise ValueError(f"{block.test_id}: text before the first command: {line!r}")
    if not steps:
        raise ValueError(f"{block.test_id}: {NO_COMMANDS}")
    return steps


def repl_steps(block: Block) -> list[Step]:
    steps: list[Step] = []
    for offset, line in enumerate(block.lines):
        if line.startswith(REPL_INPUT) or line == REPL_INPUT.strip():
            steps.append(Step(line[len(REPL_INPUT):], (), block.line + 1 + offset))
        elif line.startswith(REPL_CONTINUATION) and steps and not steps[-1].expected:
            last = steps[-1]
            steps[-1] = attrs.evolve(last, text=last.text + "\n" + line[len(REPL_CONTINUATION):])
        elif steps:
            last = steps[-1]
            steps[-1] = attrs.evolve(last, expected=last.expected + (line,))
        elif line.strip():
            raise ValueError(f"{block.test_id}: {OUTPUT_BEFORE_INPUT}")
    return steps


# ------------------------------------------------------------ comparing


def _normalise(lines) -> list[str]:
    out = [line.rstrip() for line in lines]
    while out and not out[-1]:
        out.pop()
    return out


def line_matches(expected: str, actual: str) -> bool:
    if PLACEHOLDER not in expected:
        return expected == actual
    pattern = ".*".join(re.escape(part) for part in expected.split(PLACEHOLDER))
    return re.fullmatch(pattern, actual) is not None


def output_matches(expected_lines, actual_text: str) -> bool:
    expected, actual = _normalise(expected_lines), _normalise(actual_text.splitlines())
    return len(expected) == len(actual) and all(map(line_matches, expected, actual))


def check_output(step: Step, block: Block, actual_text: str) -> None:
    if output_matches(step.expected, actual_text):
        return
    diff = "\n".join(difflib.unified_diff(
        _normalise(step.expected), _normalise(actual_text.splitlines()),
        "document", "actual", lineterm=""))
    pytest.fail(f"{block.path.relative_to(REPO)}:{step.line}: `{step.text}`: {MISMATCH}\n{diff}",
                pytrace=False)


# ------------------------------------------------------------ running


def command_argv(command: str) -> list[str]:
    words = shlex.split(command)
    if words and words[0] == "mlbox":
        return [sys.executable, "-m", "mlbox", *words[1:]]
    if (len(words) >= 2 and words[0] == "python" and EXAMPLE_SCRIPT.fullmatch(words[1])
            and all(_is_repository_file_argument(arg) for arg in words[2:])):
        return [sys.executable, *words[1:]]
    raise ValueError(UNKNOWN_COMMAND.format(command))


def _is_repository_file_argument(arg: str) -> bool:
    """An example script's argument in the docs: a relative path inside the
    repository (the scratch root links its entries), never an option, so a
    document cannot make a script do anything but read the files named."""
    return not arg.startswith("-") and not os.path.isabs(arg) and ".." not in pathlib.PurePath(arg).parts


def run_command(command: str, cwd: pathlib.Path) -> str:
    words = shlex.split(command)
    if len(words) == 2 and words[0] == "cat":
        return (cwd / words[1]).read_text(encoding="utf-8")
    # Unbuffered, so that stdout and stderr interleave as on a terminal.
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    done = subprocess.run(command_argv(command), cwd=cwd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, timeout=COMMAND_TIMEOUT_SECONDS)
    return done.stdout.decode("utf-8", errors="replace")


def scratch_root(tmp_path: pathlib.Path) -> pathlib.Path:
    """A directory that looks like the repository root for reading (links
    to its entries) but keeps the files commands write."""
    root = tmp_path / "repo"
    root.mkdir()
    for entry in REPO.iterdir():
        if entry.name not in (".git", ".venv"):
            (root / entry.name).symlink_to(entry)
    return root


def run_console_block(block: Block, tmp_path: pathlib.Path) -> None:
    root = scratch_root(tmp_path)
    for step in console_steps(block):
        check_output(step, block, run_command(step.text, root))


def session_prefix(block: Block, blocks: list[Block]) -> list[Block]:
    """The earlier REPL blocks whose session `block` continues, oldest first."""
    if CONTINUED not in block.options:
        return []
    earlier = [b for b in blocks if b.path == block.path and b.kind == REPL and b.line < block.line]
    if not earlier:
        raise ValueError(f"{block.test_id}: a continued REPL block needs an earlier one in its file")
    return session_prefix(earlier[-1], blocks) + [earlier[-1]]


def run_repl_block(block: Block, monkeypatch, blocks: list[Block]) -> None:
    from mlbox.repl import Session

    monkeypatch.chdir(REPO)  # `:load FILE` paths are relative to the repository
    session = Session(machine="c")
    for earlier in session_prefix(block, blocks):
        for step in repl_steps(earlier):
            session.feed(step.text)
    for step in repl_steps(block):
        check_output(step, block, session.feed(step.text))


def check_sml_block(block: Block) -> None:
    source = Source(block.test_id, "\n".join(block.lines) + "\n")
    try:
        result = check_program(parse_program(source), source)
    except CompileError as err:
        pytest.fail(render_all(err.diagnostics, source), pytrace=False)
    if not result.ok:
        pytest.fail(render_all(result.diagnostics, source), pytrace=False)


# ------------------------------------------------------------ the doc tests

ALL_BLOCKS = [block for path in DOC_FILES for block in read_blocks(path)]


def _params(kind: str):
    return [pytest.param(b, id=b.test_id) for b in ALL_BLOCKS if b.kind == kind]


@pytest.mark.parametrize("block", _params(CONSOLE))
def test_console_block(block, tmp_path):
    run_console_block(block, tmp_path)


@pytest.mark.parametrize("block", _params(REPL))
def test_repl_transcript(block, monkeypatch):
    run_repl_block(block, monkeypatch, ALL_BLOCKS)


@pytest.mark.parametrize("block", _params(SML_CHECK))
def test_sml_block_type_checks(block):
    check_sml_block(block)


def test_every_block_kind_is_known():
    unknown = [f"{b.test_id}: ```{b.kind}" for b in ALL_BLOCKS
               if b.kind not in EXECUTED_KINDS | SHOWN_ONLY_KINDS
               or any(option != CONTINUED or b.kind != REPL for option in b.options)]
    assert not unknown, "unknown fenced block kinds (typo?):\n" + "\n".join(unknown)


def test_console_blocks_only_run_mlbox_and_cat():
    # ... and `python examples/NAME.py` (command_argv accepts exactly these)
    for block in ALL_BLOCKS:
        if block.kind == CONSOLE:
            for step in console_steps(block):
                words = shlex.split(step.text)
                if not (len(words) == 2 and words[0] == "cat"):
                    command_argv(step.text)  # raises for anything else


def test_the_tutorial_and_reference_are_executed():
    # The documents this harness exists for must keep executable blocks.
    by_file: dict[str, set[str]] = {}
    for b in ALL_BLOCKS:
        by_file.setdefault(b.path.name, set()).add(b.kind)
    assert CONSOLE in by_file.get("tutorial.md", set())
    assert SML_CHECK in by_file.get("language.md", set()) | by_file.get("tutorial.md", set())


# ------------------------------------------------------------ the documented basis
# docs/language.md §10 lists the basis in tables between
# `<!-- basis:KIND -->` and `<!-- /basis -->`; they must say exactly what
# mlbox/basis.py defines, so that the reference cannot drift.

LANGUAGE_DOC = REPO / "docs" / "language.md"
_BASIS_SECTION = re.compile(r"<!-- basis:(\w+) -->\n(.*?)<!-- /basis -->", re.S)


def documented_basis(text: str) -> dict[str, dict[str, tuple[str, ...]]]:
    """KIND -> name -> the other cells of its row (backquotes removed)."""
    sections = {}
    for kind, table in _BASIS_SECTION.findall(text):
        rows = {}
        for line in table.splitlines()[2:]:  # after the header and the --- row
            cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
            rows[cells[0]] = tuple(cells[1:])
        sections[kind] = rows
    return sections


def test_documented_basis_is_the_basis():
    from mlbox import basis

    doc = documented_basis(LANGUAGE_DOC.read_text(encoding="utf-8"))
    assert {name: row[0] for name, row in doc["values"].items()} == \
        {name: ty for name, (ty, _impl) in basis.VALUES.items()}
    assert {name: (row[0], row[1]) for name, row in doc["overloads"].items()} == \
        {name: (ty, ", ".join(at)) for name, (ty, at) in basis.OVERLOADS.items()}
    assert {name: row[0] or None for name, row in doc["exceptions"].items()} == basis.EXCEPTIONS
    assert {name: row[0] or None for name, row in doc["prelude_exceptions"].items()} == \
        {name: arg for name, (_declared, arg) in basis.PRELUDE_EXCEPTIONS.items()}
    constructors = {}
    for tyname, (params, cons) in basis.DATATYPES.items():
        result = " ".join((*params, tyname)) if len(params) <= 1 else f"({', '.join(params)}) {tyname}"
        for name, arg, _tag in cons:
            constructors[name] = f"{arg} -> {result}" if arg else result
    assert {name: row[0] for name, row in doc["constructors"].items()} == constructors
    assert {name: row[0] for name, row in doc["qualified"].items()} == \
        {**basis.QUALIFIED_TYPES, **basis.QUALIFIED_CONSTRUCTORS}


CORPUS_COUNT = re.compile(r"\b(\d+)\s+(core\s+programs|staged\s+programs|generated(?:\s+edge)?\s+groups)\b")


def corpus_counts_claimed(text: str) -> list[tuple[str, int]]:
    """Every "N core programs", "N staged programs" and "N generated (edge)
    groups" a document states, as (kind, N)."""
    return [(" ".join(word for word in m.group(2).split() if word != "edge"), int(m.group(1)))
            for m in CORPUS_COUNT.finditer(text)]


def test_the_status_page_counts_the_corpus_as_it_is():
    # The counts were once left behind by a corpus that grew (323 stated, 331 there).
    data = REPO / "tests" / "data"
    core = sorted((data / "polyml").glob("*.sml"))
    edges = [p for p in core if p.name.startswith("155_edges_")]
    actual = {"core programs": len(core) - len(edges),
              "generated groups": len(edges),
              "staged programs": len(list((data / "staged_polyml").glob("*.sml")))}
    claims = corpus_counts_claimed((REPO / "docs" / "STATUS.md").read_text(encoding="utf-8"))
    assert {kind for kind, _ in claims} == set(actual)
    assert [(kind, n) for kind, n in claims if n != actual[kind]] == []


def test_reading_corpus_counts():
    assert corpus_counts_claimed("a corpus of 12 core\n  programs, 3 generated edge groups, "
                                 "2 generated groups and 7 staged programs") == \
        [("core programs", 12), ("generated groups", 3), ("generated groups", 2), ("staged programs", 7)]


def test_reading_the_documented_basis():
    text = ("<!-- basis:values -->\n| name | type |\n| --- | --- |\n"
            "| `Word.~>>` | `word * word -> word` |\n| `=` | `''a * ''a -> bool` |\n<!-- /basis -->\n")
    assert documented_basis(text) == {"values": {"Word.~>>": ("word * word -> word",),
                                                 "=": ("''a * ''a -> bool",)}}


# ------------------------------------------------------------ the set-up the README states

FETCHED = re.compile(r"`make install` fetches\s+(.+?)\s+with pip", re.S)


def packages_named(text: str) -> set[str]:
    """The packages a "`make install` fetches A, B and C with pip" sentence
    names, in lower case."""
    match = FETCHED.search(text)
    assert match, "the README no longer says what `make install` fetches"
    return {name.strip().lower() for name in re.split(r",|\band\b", " ".join(match.group(1).split()))
            if name.strip()}


def test_the_readme_names_what_make_install_fetches():
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    required = project["dependencies"] + project["optional-dependencies"]["test"]
    names = {re.split(r"[<>=!~\[ ]", requirement, maxsplit=1)[0].lower() for requirement in required}
    assert packages_named((REPO / "README.md").read_text(encoding="utf-8")) == names


def test_reading_the_fetched_packages():
    assert packages_named("(`make install` fetches ply, attrs and\n  Hypothesis with pip)") == \
        {"ply", "attrs", "hypothesis"}


# ------------------------------------------------------------ links between the docs
# Every relative link [text](path#anchor) outside code must name a file of
# the repository and, for a .md file, one of its headings (GitHub's anchor:
# lower case, punctuation other than - and _ dropped, spaces as -, a
# repeated heading numbered -1, -2, ...).

_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
_CODE_SPAN = re.compile(r"(`+).*?\1")


def _prose_lines(text: str):
    """(line number, line) outside fenced blocks, code spans blanked."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            yield number, _CODE_SPAN.sub("", line)


def heading_anchors(text: str) -> set[str]:
    anchors: set[str] = set()
    seen: dict[str, int] = {}
    for _, line in _prose_lines(text.replace("`", "")):
        heading = re.match(r"#{1,6} (.*)", line)
        if heading:
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def broken_links(paths: list[pathlib.Path]) -> list[str]:
    broken = []
    for path in paths:
        for number, line in _prose_lines(path.read_text(encoding="utf-8")):
            for target in _LINK.findall(line):
                if re.match(r"[a-z]+:", target):  # https:, mailto:
                    continue
                name, _, anchor = target.partition("#")
                linked = (path.parent / name) if name else path
                where = f"{path.name}:{number}: {target}"
                if not linked.exists():
                    broken.append(f"{where}: no such file")
                elif anchor and linked.suffix == ".md" and \
                        anchor not in heading_anchors(linked.read_text(encoding="utf-8")):
                    broken.append(f"{where}: no such heading")
    return broken


def test_links_between_the_docs_resolve():
    assert broken_links(DOC_FILES) == []


def test_a_broken_link_or_anchor_is_found(tmp_path):
    (tmp_path / "a.md").write_text("# The `first` part: A;B\n\n## Twice\n\n## Twice\n\n"
                                   "[ok](#the-first-part-ab) [ok](b.md#twice-1) [ok](https://x.org/y)\n"
                                   "`[not a link](nowhere.md)`\n\n```text\n[nor this](gone.md)\n```\n"
                                   "[bad](#the-first-part) [bad](c.md) [bad](b.md#twice-2)\n",
                                   encoding="utf-8")
    (tmp_path / "b.md").write_text("## Twice\n\n## Twice\n", encoding="utf-8")
    assert broken_links([tmp_path / "a.md"]) == [
        "a.md:13: #the-first-part: no such heading",
        "a.md:13: c.md: no such file",
        "a.md:13: b.md#twice-2: no such heading",
    ]


# The code's comments send a reader to the docs by path ("docs/ccam.md");
# two once named .notes/BYTECODE_FORMAT.md, a file outside the repository.
NAMED_DOCUMENT = re.compile(r"(?<![\w/])((?:\.notes|docs)/[\w.-]+\.md)")
SOURCE_DIRS = ("mlbox", "ccam", "ccam_c", "bench", "examples", "tests")


def documents_named(text: str) -> set[str]:
    return set(NAMED_DOCUMENT.findall(text))


def test_the_documents_the_code_names_exist():
    missing = []
    for folder in SOURCE_DIRS:
        for path in sorted((REPO / folder).rglob("*")):
            # (this file names a missing one on purpose, in its own test)
            if path.suffix in (".py", ".c", ".h", ".sml", ".ml") and path.is_file() \
                    and path != pathlib.Path(__file__).resolve():
                for name in documents_named(path.read_text(encoding="utf-8", errors="replace")):
                    if not (REPO / name).is_file():
                        missing.append(f"{path.relative_to(REPO)}: {name}")
    assert missing == []


def test_reading_the_documents_named():
    assert documents_named("(.notes/BYTECODE_FORMAT.md; see docs/ccam.md, and ../x/docs/a.md)") == \
        {".notes/BYTECODE_FORMAT.md", "docs/ccam.md"}


# ------------------------------------------------------------ the paper in the code
# docs/index.md's table "The paper in the code" names, row by row, the files
# and the functions that implement each part of the paper. A rename must not
# leave a newcomer looking for a name that is gone.

INDEX_DOC = REPO / "docs" / "index.md"


def paper_pointers(text: str) -> list[tuple[list[str], list[str]]]:
    """(paths, names) of each row of the table under "## The paper in the
    code": paths are the backquoted items with a `/`, names the words of
    the other backquoted items without a space."""
    section = text.split("## The paper in the code", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        if not line.startswith("|") or line.startswith("| ---") or line.startswith("| the paper"):
            continue
        items = re.findall(r"`([^`]+)`", line.split("|")[2])
        paths = [item for item in items if "/" in item]
        names = [word for item in items if "/" not in item and " " not in item
                 for word in re.findall(r"[A-Za-z_]\w*", item)]
        rows.append((paths, names))
    return rows


def missing_pointers(text: str) -> list[str]:
    missing = []
    for paths, names in paper_pointers(text):
        sources = []
        for path in paths:
            if not (REPO / path).is_file():
                missing.append(path)
            else:
                sources.append((REPO / path).read_text(encoding="utf-8"))
        missing += [name for name in names
                    if not any(re.search(rf"\b{re.escape(name)}\b", source) for source in sources)]
    return missing


def test_the_paper_in_the_code_names_what_exists():
    rows = paper_pointers(INDEX_DOC.read_text(encoding="utf-8"))
    assert len(rows) >= 7 and all(paths for paths, _ in rows)
    assert missing_pointers(INDEX_DOC.read_text(encoding="utf-8")) == []


def test_a_renamed_function_is_a_missing_pointer():
    text = ("## The paper in the code\n\n| the paper | in mlbox |\n| --- | --- |\n"
            "| Figure 2 | `mlbox/checker.py`: `Checker.infer_code`, `infer_quote` |\n"
            "| lexer | `mlbox/lexxer.py`: `Lexer` |\n")
    assert missing_pointers(text) == ["infer_quote", "mlbox/lexxer.py", "Lexer"]


# ------------------------------------------------------------ the harness itself

SAMPLE = """\
Text.

```console
$ mlbox run a.sml
out 1
time: … s

$ cat b.sml
b
```

```mlbox-repl
- val x = 1;
val x = 1 : int
- fun f y =
=   y + 1;
val f = fn : int -> int
```

```mlbox-repl continued
- f x;
val it = 2 : int
```
"""


def test_reading_blocks_and_steps():
    blocks = read_blocks(REPO / "sample.md", SAMPLE)
    assert [(b.kind, b.line, b.options) for b in blocks] == \
        [(CONSOLE, 3, ()), (REPL, 12, ()), (REPL, 20, (CONTINUED,))]
    assert session_prefix(blocks[2], blocks) == [blocks[1]]
    assert session_prefix(blocks[1], blocks) == []
    steps = console_steps(blocks[0])
    assert [(s.text, s.line) for s in steps] == [("mlbox run a.sml", 4), ("cat b.sml", 8)]
    assert _normalise(steps[0].expected) == ["out 1", "time: … s"]
    repl = repl_steps(blocks[1])
    assert [s.text for s in repl] == ["val x = 1;", "fun f y =\n  y + 1;"]
    assert repl[1].expected == ("val f = fn : int -> int",)


def test_placeholder_matches_within_one_line_only():
    assert output_matches(["time: … s"], "time: 0.0042 s\n")
    assert output_matches(["a … c"], "a  c\n")
    assert not output_matches(["time: … s"], "time: 1\n2 s\n")
    assert not output_matches(["x …"], "y 1\n")


def test_output_must_match_exactly_otherwise():
    assert output_matches(["a", "b  ", ""], "a\nb\n\n\n")  # trailing spaces and blank lines
    assert not output_matches(["a", "b"], "a\n")
    assert not output_matches(["a"], "a\nb\n")
    assert not output_matches(["a.b"], "aXb\n")  # no regex syntax leaks through


def test_a_wrong_document_fails(tmp_path):
    block = Block(REPO / "sample.md", 1, CONSOLE, ("$ mlbox check examples/poly.sml", "val pr : int"))
    with pytest.raises(pytest.fail.Exception, match=MISMATCH):
        run_console_block(block, tmp_path)


def test_a_continued_transcript_goes_on_with_the_session(monkeypatch):
    blocks = read_blocks(REPO / "sample.md", SAMPLE)[1:]
    run_repl_block(blocks[1], monkeypatch, blocks)  # f and x come from the first block
    wrong = attrs.evolve(blocks[1], lines=("- f x;", "val it = 3 : int"))
    with pytest.raises(pytest.fail.Exception, match=MISMATCH):
        run_repl_block(wrong, monkeypatch, [blocks[0], wrong])


def test_only_mlbox_and_cat_run():
    with pytest.raises(ValueError, match="not 'make test'"):
        command_argv("make test")
    assert command_argv("mlbox run x.sml")[1:] == ["-m", "mlbox", "run", "x.sml"]
    assert command_argv("python examples/embed_filter.py") == [sys.executable, "examples/embed_filter.py"]
    assert command_argv("python examples/x.py a.bpf tests/b.pcap") == [sys.executable, "examples/x.py",
                                                                        "a.bpf", "tests/b.pcap"]
    for other in ("python -c 1", "python tests/x.py", "python examples/x.py -c 1", "python ../examples/x.py",
                  "python examples/x.py /etc/passwd", "python examples/x.py ../x"):
        with pytest.raises(ValueError):
            command_argv(other)


# ------------------------------------------------------------ the suite's size
# README and STATUS both state how big the suite is and how long `make test`
# takes; STATUS once kept "about 7,000 tests, ~13 minutes" after README had
# been updated to "~7,800 tests, ~11 minutes".

SUITE_SIZE = re.compile(r"(?:~|about\s+)([\d,]+)\s+tests,\s+~(\d+)\s+minutes")


def suite_sizes_claimed(paths: list[pathlib.Path]) -> dict[str, tuple[int, int]]:
    """Each "~N tests, ~M minutes" (or "about N tests") a document states,
    as name:line -> (N, M)."""
    claims = {}
    for path in paths:
        text = path.read_text(encoding="utf-8")
        for match in SUITE_SIZE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            claims[f"{path.name}:{line}"] = (int(match.group(1).replace(",", "")), int(match.group(2)))
    return claims


def test_the_docs_state_one_suite_size():
    claims = suite_sizes_claimed(DOC_FILES)
    assert {"README.md", "STATUS.md"} <= {where.split(":")[0] for where in claims}
    assert len(set(claims.values())) == 1, claims


def test_reading_suite_sizes(tmp_path):
    (tmp_path / "a.md").write_text("x (~7,800 tests, ~11 minutes on 2 cores)\n`make\ntest`, about 7,000\n"
                                   "tests, ~13 minutes with", encoding="utf-8")
    assert suite_sizes_claimed([tmp_path / "a.md"]) == {"a.md:1": (7800, 11), "a.md:3": (7000, 13)}


# ------------------------------------------------------------ the README's layout
# The Layout table names, folder by folder, the files a newcomer looks for
# (the lexer, the checker, the machines); a rename must not leave it
# pointing at nothing.

README = REPO / "README.md"


def layout_files(text: str) -> list[str]:
    """The paths the README's Layout table names: each backquoted file name
    (with a dot) of a row, inside that row's folder; a name with `*` stands
    for a family of files."""
    section = text.split("## Layout", 1)[1].split("\n## ", 1)[0]
    paths = []
    for line in section.splitlines():
        cells = line.split("|")
        if len(cells) < 3 or not cells[1].strip().startswith("`"):
            continue
        folder = cells[1].strip().strip("`")
        paths += [folder + name for name in re.findall(r"`([\w.*]+\.\w+)`", cells[2])]
    return paths


def test_the_readme_layout_names_files_that_exist():
    paths = layout_files(README.read_text(encoding="utf-8"))
    assert "mlbox/lexer.py" in paths and "ccam_c/vm.c" in paths
    assert "tests/test_cost_*.py" in paths
    assert [path for path in paths if not any(found.is_file() for found in REPO.glob(path))] == []


def test_reading_the_layout():
    text = "## Layout\n\n| folder | what |\n| --- | --- |\n| `a/` | x (`b.py`, `c.sml`, `f_*.py`), `.venv` |\n\n## Next\n| `d/` | `e.py` |\n"
    assert layout_files(text) == ["a/b.py", "a/c.sml", "a/f_*.py"]


# ------------------------------------------------------------ the commands' options
# docs/index.md's table of commands and the README's synopsis show each
# subcommand's options; each must be one `mlbox COMMAND --help` lists.

def options_shown(text: str) -> list[tuple[str, str]]:
    """(subcommand, option) for each `--option` or `-o` on a line that
    starts a `mlbox COMMAND` ("" when no subcommand follows: an option of
    `mlbox` itself or of the REPL)."""
    shown = []
    for line in text.splitlines():
        command = re.search(r"`?mlbox(?: (check|run|compile|dis|pf|repl)\b)?", line)
        if not command or not re.match(r"\s*(\| )?`?mlbox\b", line):
            continue
        for option in re.findall(r"(?<![\w-])(--[a-z][\w-]*|-[a-z])\b", line[command.end():]):
            shown.append((command.group(1) or "", option))
    return shown


def test_the_options_shown_are_the_commands_options():
    from mlbox.cli import build_parser

    parser = build_parser()
    parsers = {"": parser, **parser.subcommand_parsers}
    shown = options_shown(INDEX_DOC.read_text(encoding="utf-8")) + \
        options_shown(README.read_text(encoding="utf-8").split("## Using it", 1)[1].split("\n## ", 1)[0])
    assert ("dis", "--plain") in shown and ("", "--max-reductions") in shown
    assert [(command, option) for command, option in shown
            if option not in parsers[command]._option_string_actions
            and not (command == "" and option in parsers["repl"]._option_string_actions)] == []


def test_reading_the_options_shown():
    assert options_shown("| `mlbox dis FILE [--plain]` | x |\nmlbox [--machine c|py] # --stats\n"
                         "see `mlbox run --fast`\nmlbox compile p.sml -o p.ccam\n") == \
        [("dis", "--plain"), ("", "--machine"), ("", "--stats"), ("compile", "-o")]
