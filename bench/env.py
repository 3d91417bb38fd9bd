"""The machine every figure was measured on: CPU, cores, Python, the C
compiler and flags of the C machine, its dispatch, OCaml."""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import sys
import sysconfig

import attrs


@attrs.frozen
class Environment:
    cpu: str
    cores: int
    python: str
    compiler: str
    cflags: str
    dispatch: str
    ocaml: str
    os: str


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def c_compiler() -> str:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    path = shutil.which(cc)
    if path is None:
        return cc
    out = subprocess.run([path, "--version"], capture_output=True, text=True).stdout
    return out.splitlines()[0] if out else cc


def ccam_cflags() -> str:
    """CFLAGS of ccam_c/build_ccam.py, read from its text: importing it
    would regenerate ccam_opcodes.h (a side effect the bench must not have)."""
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ccam_c", "build_ccam.py")
    try:
        with open(path, encoding="utf-8") as f:
            match = re.search(r"^CFLAGS\s*=\s*\[(.*?)\]", f.read(), re.M | re.S)
    except OSError:
        return "unknown"
    return " ".join(re.findall(r'"([^"]*)"', match.group(1))) if match else "unknown"


def dispatch() -> str:
    from ccam import cmachine

    computed = getattr(cmachine.lib, "ccam_computed_goto", None)
    if computed is None:
        return "unknown"
    return "computed goto (threaded)" if computed() else "switch"


def ocaml() -> str:
    if shutil.which("ocamlc") is None:
        return "not installed"
    return "OCaml " + subprocess.run(["ocamlc", "-version"], capture_output=True, text=True).stdout.strip()


def describe() -> Environment:
    return Environment(cpu_model(), os.cpu_count() or 1, sys.version.split()[0] + f" ({platform.python_implementation()})",
                       c_compiler(), ccam_cflags(), dispatch(), ocaml(), platform.platform())
