"""The OCaml peers of the bench, run when OCaml is installed:

1. bench/peer/bpf_interp.ml, a straightforward BPF interpreter in OCaml,
   compiled with `ocamlc` to bytecode and run by `ocamlrun` over the same
   filter and capture: ns per packet, and its verdicts (checked against
   ours).
2. The latency of the classic alternative to run-time code generation:
   generate OCaml source for the filter and load it into a warm `ocaml`
   toplevel (compiled and linked in, ready to call)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from typing import Optional, Sequence

import attrs

from bench.timing import Timing
from mlbox.pf_filter import Insn

PEER_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer", "bpf_interp.ml")
NO_OCAML = "OCaml is not installed (`apt-get install -y ocaml-nox` provides ocamlc, ocamlrun and ocaml)"
TOPLEVEL_TIMEOUT = 60


@attrs.frozen
class PeerResult:
    ns_per_packet: float  # median over runs
    runs: tuple[float, ...]
    packets: int
    accepted: int
    version: str


def ocaml_missing() -> Optional[str]:
    """Why the peer cannot run here, or None."""
    for tool in ("ocamlc", "ocamlrun", "ocaml"):
        if shutil.which(tool) is None:
            return f"{tool} not found: {NO_OCAML}"
    return None


def ocaml_version() -> str:
    return subprocess.run(["ocamlc", "-version"], capture_output=True, text=True, check=True).stdout.strip()


def run_interpreter(filter_path: str, capture_path: str, reps: int, runs: int) -> PeerResult:
    """Compile the peer in a scratch directory (ocamlc writes .cmi/.cmo next
    to the source) and run it `runs` times."""
    with tempfile.TemporaryDirectory(prefix="mlbox-peer-") as tmp:
        source = os.path.join(tmp, "bpf_interp.ml")
        shutil.copyfile(PEER_SOURCE, source)
        byte = os.path.join(tmp, "bpf_interp.byte")
        subprocess.run(["ocamlc", "unix.cma", source, "-o", byte], check=True, capture_output=True, cwd=tmp)
        results = []
        for _ in range(runs):
            out = subprocess.run(["ocamlrun", byte, filter_path, capture_path, str(reps)], check=True,
                                 capture_output=True, text=True).stdout
            results.append(dict(line.split(" ", 1) for line in out.splitlines()))
    ns = sorted(float(r["ns_per_packet"]) for r in results)
    return PeerResult(ns[len(ns) // 2], tuple(float(r["ns_per_packet"]) for r in results),
                      int(results[0]["packets"]), int(results[0]["accepted"]), ocaml_version())


# ------------------------------------------------------------ the toplevel


def ocaml_source(insns: Sequence[Insn], name: str) -> str:
    """The filter as OCaml source, the way a source-generating specialiser
    would write it: one local function per instruction, jumps as calls."""
    n = len(insns)
    lines = [f"let {name} (p : Bytes.t) (wirelen : int) : int =",
             "  let buflen = Bytes.length p in",
             "  let loadb i = if i < 0 || i >= buflen then raise Exit else Char.code (Bytes.unsafe_get p i) in",
             "  let loadh i = (loadb i lsl 8) lor loadb (i + 1) in",
             "  let loadw i = (loadh i lsl 16) lor loadh (i + 2) in",
             "  let mem = Array.make 16 0 in ignore mem;"]
    for pc in range(n - 1, -1, -1):
        i = insns[pc]
        nxt, t, f, k = pc + 1, pc + 1 + i.jt, pc + 1 + i.jf, i.k
        body = {
            0x20: f"i{nxt} (loadw {k}) x", 0x28: f"i{nxt} (loadh {k}) x", 0x30: f"i{nxt} (loadb {k}) x",
            0x40: f"i{nxt} (loadw (x + {k})) x", 0x48: f"i{nxt} (loadh (x + {k})) x",
            0x50: f"i{nxt} (loadb (x + {k})) x", 0x80: f"i{nxt} wirelen x", 0x00: f"i{nxt} {k} x",
            0x60: f"i{nxt} mem.({k}) x", 0x81: f"i{nxt} a wirelen", 0x01: f"i{nxt} a {k}",
            0x61: f"i{nxt} a mem.({k})", 0xb1: f"i{nxt} a ((loadb {k} land 15) lsl 2)",
            0x02: f"mem.({k}) <- a; i{nxt} a x", 0x03: f"mem.({k}) <- x; i{nxt} a x",
            0x04: f"i{nxt} ((a + {k}) land 0xffffffff) x", 0x14: f"i{nxt} ((a - {k}) land 0xffffffff) x",
            0x24: f"i{nxt} ((a * {k}) land 0xffffffff) x", 0x34: f"i{nxt} (a / {k}) x",
            0x94: f"i{nxt} (a mod {k}) x", 0x54: f"i{nxt} (a land {k}) x", 0x44: f"i{nxt} (a lor {k}) x",
            0xa4: f"i{nxt} (a lxor {k}) x", 0x64: f"i{nxt} ((a lsl {k}) land 0xffffffff) x",
            0x74: f"i{nxt} (a lsr {k}) x",
            0x0c: f"i{nxt} ((a + x) land 0xffffffff) x", 0x1c: f"i{nxt} ((a - x) land 0xffffffff) x",
            0x2c: f"i{nxt} ((a * x) land 0xffffffff) x", 0x3c: f"if x = 0 then 0 else i{nxt} (a / x) x",
            0x9c: f"if x = 0 then 0 else i{nxt} (a mod x) x", 0x5c: f"i{nxt} (a land x) x",
            0x4c: f"i{nxt} (a lor x) x", 0xac: f"i{nxt} (a lxor x) x",
            0x6c: f"i{nxt} (if x >= 32 then 0 else (a lsl x) land 0xffffffff) x",
            0x7c: f"i{nxt} (if x >= 32 then 0 else a lsr x) x", 0x84: f"i{nxt} ((- a) land 0xffffffff) x",
            0x05: f"i{pc + 1 + k} a x",
            0x15: f"if a = {k} then i{t} a x else i{f} a x", 0x25: f"if a > {k} then i{t} a x else i{f} a x",
            0x35: f"if a >= {k} then i{t} a x else i{f} a x",
            0x45: f"if a land {k} <> 0 then i{t} a x else i{f} a x",
            0x1d: f"if a = x then i{t} a x else i{f} a x", 0x2d: f"if a > x then i{t} a x else i{f} a x",
            0x3d: f"if a >= x then i{t} a x else i{f} a x",
            0x4d: f"if a land x <> 0 then i{t} a x else i{f} a x",
            0x06: f"{k}", 0x16: "a", 0x07: f"i{nxt} a a", 0x87: f"i{nxt} x x",
        }[i.code]
        lines.append(f"  let i{pc} a x = ignore a; ignore x; {body} in")
    lines.append("  try i0 0 0 with Exit -> 0;;")
    return "\n".join(lines) + "\n"


def toplevel_latency(insns: Sequence[Insn], runs: int) -> Timing:
    """Seconds from sending a generated filter's source to a warm `ocaml`
    toplevel until it has compiled and bound it (median of `runs`, after
    one untimed warm-up load)."""
    proc = subprocess.Popen(["ocaml", "-noprompt"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, bufsize=1)
    try:
        def send_and_wait(text: str, marker: str) -> list[str]:
            proc.stdin.write(text + f'print_endline "{marker}"; flush stdout;;\n')
            proc.stdin.flush()
            seen = []
            deadline = time.monotonic() + TOPLEVEL_TIMEOUT
            while time.monotonic() < deadline:
                line = proc.stdout.readline()
                if not line:
                    raise RuntimeError("the ocaml toplevel stopped: " + "".join(seen[-5:]))
                if line.strip() == marker:
                    return seen
                seen.append(line)
            raise RuntimeError("the ocaml toplevel did not answer")

        send_and_wait("", "READY")
        times = []
        for run in range(runs + 1):
            text = ocaml_source(insns, f"filter_{run}")
            start = time.perf_counter()
            seen = send_and_wait(text, f"LOADED{run}")
            elapsed = time.perf_counter() - start
            if any("Error" in line for line in seen):
                raise RuntimeError("the generated OCaml filter did not compile: " + "".join(seen))
            if run:  # the first load warms the toplevel up
                times.append(elapsed)
        ordered = sorted(times)
        return Timing(ordered[len(ordered) // 2], tuple(times))
    finally:
        proc.stdin.close()
        proc.wait(timeout=TOPLEVEL_TIMEOUT)
