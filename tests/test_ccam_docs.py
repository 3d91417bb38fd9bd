"""docs/ccam.md is generated from the instruction table where it can be."""

from __future__ import annotations

from ccam import docgen
from ccam.instructions import OPS, PRIMS


def test_docs_are_up_to_date_with_the_table():
    document = docgen.DOC_PATH.read_text(encoding="utf-8")
    assert docgen.splice(document, docgen.generate()) == document, "run: python -m ccam.docgen"


def test_docs_name_every_instruction_and_primitive():
    generated = docgen.generate()
    for op in OPS:
        assert f"**`{op.name}`**" in generated and op.transition in generated
    for p in PRIMS:
        assert f"| `{p.name}` |" in generated


def test_check_mode_reports_staleness(tmp_path, monkeypatch):
    stale = tmp_path / "ccam.md"
    stale.write_text(f"intro\n{docgen.BEGIN}\nold\n{docgen.END}\n", encoding="utf-8")
    monkeypatch.setattr(docgen, "DOC_PATH", stale)
    assert docgen.main(["--check"]) == 1
    assert docgen.main([]) == 0
    assert docgen.main(["--check"]) == 0
    assert stale.read_text(encoding="utf-8").startswith("intro\n")
