"""cffi API-mode builder of the C machine: `ccam_c._ccam`.

Used by setup.py (cffi_modules=["ccam_c/build_ccam.py:ffibuilder"]), so
`pip install -e .` compiles it; `python ccam_c/build_ccam.py` builds it in
place. The declarations handed to cffi are the CDEF section of the real
header ccam.h; the opcode header is regenerated from the instruction table
first, so a build can never use a stale opcode list.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

from cffi import FFI

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = ["heap.c", "load.c", "vm.c", "prims.c", "api.c"]
CFLAGS = ["-O2", "-std=gnu11", "-Wall", "-Wextra", "-Wno-unused-parameter", "-fno-strict-aliasing"]


def cdef_text() -> str:
    with open(os.path.join(HERE, "ccam.h"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"/\* CDEF BEGIN \*/(.*)/\* CDEF END \*/", text, re.S)
    if not m:
        raise RuntimeError("ccam.h has no CDEF BEGIN/END section")
    return m.group(1)


def regenerate_opcodes() -> None:
    """Rewrite ccam_opcodes.h from the table. An isolated build environment
    (pip's build isolation) may lack the table's dependency attrs; then the
    committed header is used, and the import-time hash check in
    ccam/cmachine.py still catches a header that does not match the table."""
    r = subprocess.run([sys.executable, os.path.join(HERE, "gen_opcodes.py")], capture_output=True, text=True)
    if r.returncode != 0:
        print(f"build_ccam: kept the committed ccam_opcodes.h ({r.stderr.strip().splitlines()[-1:]})",
              file=sys.stderr)


regenerate_opcodes()

ffibuilder = FFI()
ffibuilder.cdef(cdef_text())
ffibuilder.set_source(
    "ccam_c._ccam",
    '#include "ccam.h"\n',
    # relative to the working directory: setuptools refuses absolute source paths
    sources=[os.path.relpath(os.path.join(HERE, s)) for s in SOURCES],
    include_dirs=[HERE],
    extra_compile_args=CFLAGS,
)

if __name__ == "__main__":
    # Build in place next to this file: ccam_c/_ccam*.so
    ffibuilder.compile(tmpdir=os.path.dirname(HERE), verbose=False)
