"""Where the conformance programs are (ML programs with the exact output
Poly/ML and SML/NJ print; see README.md there): MLBOX_SHARED_CONFORMANCE if
set, else shared/conformance beside the checkout or /work/shared/conformance
(the set kept with the project's shared data, which may be newer), else the
copy in tests/data/conformance, so that a clone on its own runs every test."""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
COPY = REPO / "tests" / "data" / "conformance"


def _conformance() -> Path:
    if "MLBOX_SHARED_CONFORMANCE" in os.environ:
        return Path(os.environ["MLBOX_SHARED_CONFORMANCE"])
    for shared in (REPO.parent / "shared" / "conformance", Path("/work/shared/conformance")):
        if shared.is_dir():
            return shared
    return COPY


CONFORMANCE = _conformance()
PROGRAMS = sorted(CONFORMANCE.glob("*/*.sml"))
STAGED_PROGRAMS = sorted((CONFORMANCE / "staged").glob("*.sml"))
