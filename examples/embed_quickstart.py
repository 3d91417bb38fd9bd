"""Embedding in five minutes (docs/embedding.md): load the packet-filter
program examples/bpf.sml through mlbox.api, specialise a filter at run time,
run the generated filter over a capture and count what it accepts, handling
every error the way the API reports it.

    python examples/embed_quickstart.py [FILTER CAPTURE]

FILTER is `tcpdump -ddd` (or `-dd`) output, CAPTURE a pcap or pcapng file;
without them, tcpdump's `tcp port 23` and the bundled telnet capture."""

import os
import sys

from mlbox import api
from mlbox.pf_capture import CaptureError, read_capture
from mlbox.pf_filter import FilterError, read_filter_file

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FILTER = os.path.join(HERE, "filters", "tcp_port_23.bpf")
DEFAULT_CAPTURE = os.path.join(HERE, "captures", "telnet_small.pcap")
# A bound on every call into the machine: a filter can only loop through a
# bug, and a bug should stop the program with an error, not hang it.
MAX_REDUCTIONS_PER_CALL = 10_000_000


def main(args: list[str]) -> int:
    if len(args) not in (0, 2):
        print(__doc__.split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    filter_path, capture_path = args or (DEFAULT_FILTER, DEFAULT_CAPTURE)

    # 1. Load: type-check, compile and run the program's declarations.
    try:
        prog = api.load(os.path.join(HERE, "bpf.sml"), max_reductions=MAX_REDUCTIONS_PER_CALL)
    except api.CompileFailed as err:  # the diagnostics, FILE:LINE:COL: error: ...
        print(err, file=sys.stderr)
        return 1

    # 2. Read the inputs as `mlbox pf` reads them. bpf.sml expects valid
    #    classic BPF (jumps forward and in range, a final return):
    #    read_filter_file checks that too. Each error names the file.
    try:
        insns = read_filter_file(filter_path)
        capture = read_capture(capture_path)
    except (FilterError, CaptureError) as err:
        print(f"embed_quickstart: {err}", file=sys.stderr)
        return 2
    # A capture that ends inside a packet (a copy cut short, a capture still
    # being written) is read up to the damage, as tcpdump reads it: say so.
    for warning in capture.warnings:
        print(f"embed_quickstart: warning: {warning}", file=sys.stderr)
    packets = capture.packets

    # 3. Specialise: `load` turns (code, jt, jf, k) numbers into an ML
    #    `insn array`, kept in the machine (keep=True); `specialise` returns
    #    the generated filter, an MLFunction callable from Python.
    decoded = prog.function("load").call([(i.code, i.jt, i.jf, i.k) for i in insns], keep=True)
    accepts = prog.call("specialise", decoded)
    made = prog.last_stats
    print(f"specialised {len(insns)} BPF instructions into {made.emitted} CCAM instructions "
          f"({made.reductions} reductions)")

    # 4. Run it on every packet: one machine entry for the whole batch.
    try:
        verdicts = accepts.map([(p.data, p.wirelen) for p in packets])
    except (api.MLError, api.MachineFailure) as err:  # err.index: the packet
        print(f"embed_quickstart: {err}", file=sys.stderr)
        return 1
    accepted = sum(1 for verdict in verdicts if verdict)
    per_packet = f", {prog.last_stats.reductions / len(packets):.1f} reductions per packet" if packets else ""
    print(f"{accepted} of {len(packets)} packets accepted{per_packet}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
