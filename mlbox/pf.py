"""`mlbox pf FILTER CAPTURE`: the packet-filter demo (docs/tutorial.md §5).

Reads a classic BPF filter (`tcpdump -ddd` or `tcpdump -dd` output, or a
tcpdump expression compiled through libpcap), validates it strictly, reads
a pcap/pcapng capture, specialises the filter once with `bevalpf`
(examples/bpf.sml) and runs both the interpreter `evalpf` and the
specialised filter on every packet through the embedding API (one batched
call, `MLFunction.map`, per version: each packet's verdict and reductions
come back). The two must agree on every packet (a disagreement is a loud
error: a bug in mlbox). The report gives verdict counts, reductions per
packet for both, the one-time specialisation cost, the break-even packet
count, wall time per packet and the size of the generated code.

Wall time measures the filters, not the API: the packets are put into the
machine once as an ML array, and one call of TIMING_DRIVER's `pfTimeAll`
runs a filter over all of them inside the machine; the same loop with a
filter that returns 0 at once is timed too and subtracted, so the figure
is the filter's own time per packet. Each is the median of a few runs.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import sys
import time
from typing import Optional, Sequence

import attrs

from mlbox.diagnostics import escape_controls
from mlbox.pf_capture import MAX_CAPLEN, Capture, CaptureError, read_capture, write_pcap
from mlbox.pf_filter import (MAX_FILTER_CHARS, MAX_INSNS, FilterError, Insn, parse_filter_lines, read_filter_file,
                             validate, validation_error)

BPF_PROGRAM = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples", "bpf.sml")
FILTER_FILE_SUFFIXES = (".bpf", ".ddd", ".dd", ".txt")

DISAGREEMENT = "the interpreter and the specialised filter disagree"
TIMED_RUN_DIFFERS = "the timed run of the {} returned other verdicts than its checked run"

# Appended to examples/bpf.sml for the timing (the names start with `pf`
# to stay clear of bpf.sml's own). pfTimeAll applies a filter to every
# packet and sums the verdicts (a result that needs every call, and a check
# that the timed run did the work of the checked one); pfNoFilter is the
# loop's own cost; pfSpecialiseTimes repeats the specialisation in one call.
TIMING_DRIVER = """
fun pfPacketArray (n : int) = Array.array (n, ("", 0))
fun pfFill (packets : (string * int) array, i : int, chunk : (string * int) list) =
    case chunk of [] => () | p :: rest => (Array.update (packets, i, p); pfFill (packets, i + 1, rest))
fun pfTimeAll (f : string * int -> int, packets : (string * int) array) =
    let val n = Array.length packets
        fun go (i, acc) = if i = n then acc else go (i + 1, acc + f (Array.sub (packets, i)))
    in go (0, 0) end
fun pfNoFilter (_ : string * int) = 0
fun pfSpecialiseTimes (prog, times) =
    let fun rep t = if t = 0 then () else (ignore (specialise prog); rep (t - 1))
    in rep times end
"""
# Timed runs per figure (the median is reported): the C machine runs a pass
# over a capture in milliseconds; the Python machine takes ~100x longer.
TIMING_RUNS = {"c": 7, "py": 1}
SPECIALISE_REPEATS = {"c": 50, "py": 2}
NO_MATPLOTLIB = "--plot needs matplotlib (pip install matplotlib)"


class PfError(Exception):
    """A user-facing problem (bad filter, capture, option): message, exit 2."""


class Disagreement(Exception):
    """evalpf and the specialised filter returned different values: a bug."""


@attrs.frozen
class Report:
    filter_origin: str
    capture_path: str
    capture_format: str
    machine: str
    instructions: int
    verdicts: tuple[int, ...]
    interpreted: tuple[int, ...]  # reductions per packet
    specialised: tuple[int, ...]
    specialise_reductions: int
    specialise_generating: int
    generated_instructions: int
    timing: Optional["Timing"]  # None when the run was not timed
    warnings: tuple[str, ...] = ()
    # the capture's link type (LINKTYPE_) and snapshot length, which an expression was compiled for
    capture_linktype: int = 1
    capture_snaplen: int = MAX_CAPLEN

    @property
    def ns_interpreted(self) -> Optional[float]:
        return None if self.timing is None else self.timing.ns_interpreted

    @property
    def ns_specialised(self) -> Optional[float]:
        return None if self.timing is None else self.timing.ns_specialised

    @property
    def packets(self) -> int:
        return len(self.verdicts)

    @property
    def accepted(self) -> int:
        return sum(1 for v in self.verdicts if v != 0)

    @property
    def interpreted_per_packet(self) -> float:
        return sum(self.interpreted) / len(self.interpreted) if self.interpreted else 0.0  # 0 for no packets

    @property
    def specialised_per_packet(self) -> float:
        return sum(self.specialised) / len(self.specialised) if self.specialised else 0.0

    @property
    def break_even_packets(self) -> Optional[int]:
        """Packets after which specialising has paid for itself (None: never)."""
        saving = self.interpreted_per_packet - self.specialised_per_packet
        if saving <= 0:
            return None
        return max(1, math.ceil(self.specialise_reductions / saving))

    def as_json(self) -> dict:
        return {
            "filter": self.filter_origin,
            "capture": self.capture_path,
            "capture_format": self.capture_format,
            "capture_linktype": self.capture_linktype,
            "capture_snaplen": self.capture_snaplen,
            "machine": self.machine,
            "instructions": self.instructions,
            "packets": self.packets,
            "accepted": self.accepted,
            "rejected": self.packets - self.accepted,
            "verdicts": list(self.verdicts),
            "reductions": {
                "interpreted_per_packet": self.interpreted_per_packet,
                "specialise": self.specialise_reductions,
                "specialise_generating": self.specialise_generating,
                "specialised_per_packet": self.specialised_per_packet,
                "interpreted_total": sum(self.interpreted),
                "specialised_total": self.specialise_reductions + sum(self.specialised),
            },
            "generated_instructions": self.generated_instructions,
            "break_even_packets": self.break_even_packets,
            "ns_per_packet": {"interpreted": self.ns_interpreted, "specialised": self.ns_specialised},
            "specialise_us": None if self.timing is None else self.timing.specialise_ns / 1000,
            "timing": None if self.timing is None else {
                "method": TIMING_METHOD,
                "runs": self.timing.runs,
                "loop_ns_per_packet": self.timing.ns_loop,
                "specialise_repeats": self.timing.specialise_repeats,
            },
            "warnings": list(self.warnings),
        }

    def as_text(self) -> str:
        be = self.break_even_packets
        timing = self.timing
        lines = [
            f"filter      {escape_controls(self.filter_origin)} ({counted(self.instructions, 'instruction')})",
            f"capture     {escape_controls(self.capture_path)} ({self.capture_format}, "
            f"{counted(self.packets, 'packet')})",
            f"verdicts    {self.accepted} accepted, {self.packets - self.accepted} rejected "
            f"(interpreter and specialised filter agree on every packet)",
            f"machine     {self.machine}",
            "",
            f"{'':28}{'interpreted':>14}{'specialised':>14}",
            f"{'reductions per packet':28}{self.interpreted_per_packet:>14.1f}{self.specialised_per_packet:>14.1f}",
        ]
        if timing is not None:
            lines.append(f"{'wall time per packet (µs)':28}{timing.ns_interpreted / 1000:>14.2f}"
                         f"{timing.ns_specialised / 1000:>14.2f}")
        specialise_time = "" if timing is None else f", {timing.specialise_ns / 1000:.1f} µs"
        lines += [
            "",
            f"specialisation (once)       {self.specialise_reductions} reductions "
            f"({self.specialise_generating} in code-building instructions){specialise_time}, "
            f"{counted(self.generated_instructions, 'instruction')} generated",
            "break-even                  " + (f"after {counted(be, 'packet')}" if be is not None
                                              else "none: the capture has no packets" if not self.packets
                                              else "never (the specialised filter is not cheaper)"),
        ]
        if timing is not None:
            lines += ["", timing.explanation(self.packets)]
        return "\n".join(lines + [f"warning: {w}" for w in self.warnings])


def counted(count: int, noun: str) -> str:
    """`1 packet`, `2 packets`: the report reads right for a one-packet
    capture or a one-instruction filter (`ret #0`)."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


TIMING_METHOD = ("in the machine: one call runs the filter over all packets (pfTimeAll), minus the same loop "
                 "with a filter that returns 0 at once; median of `runs` runs")


@attrs.frozen
class Timing:
    """Wall time of the filters in the machine (see the module docstring)."""

    ns_interpreted: float  # per packet, net of the loop
    ns_specialised: float
    ns_loop: float  # per packet: the loop and a call of a filter that does nothing
    specialise_ns: float  # one specialisation, in the machine
    runs: int
    specialise_repeats: int

    def explanation(self, packets: int) -> str:
        runs = "one run" if self.runs == 1 else f"median of {self.runs} runs"
        over = "the 1 packet" if packets == 1 else f"all {packets} packets"
        return (f"wall time   measured in the machine: one call runs a filter over {over} ({runs}),\n"
                f"            less the loop's own cost ({self.ns_loop / 1000:.2f} µs/packet, timed with a filter "
                f"that returns 0);\n"
                f"            specialisation: {self.specialise_repeats} in one call, divided by "
                f"{self.specialise_repeats}")


# ------------------------------------------------------------------ input


STDIN = STDOUT = "-"


def load_filter(spec: str, linktype: int = 1, snaplen: int = MAX_CAPLEN) -> tuple[list[Insn], str]:
    """The instructions of FILTER (a file, or an expression for libpcap,
    compiled as tcpdump -r compiles it for a capture of this link type and
    snapshot length), validated; and how to name it in the report. `-` is
    standard input (`tcpdump -ddd EXPRESSION | mlbox pf - CAPTURE`)."""
    if spec == STDIN:
        from mlbox.cli import StdinUnreadable, read_stdin

        try:
            data = read_stdin(MAX_FILTER_CHARS * 4 + 1)  # bounded: at most 4 bytes a character
        except StdinUnreadable as error:
            raise PfError(str(error)) from None
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise PfError(f"<stdin>: not text (byte {error.start}): the filter on standard input is "
                          "`tcpdump -ddd` or `tcpdump -dd` output") from None
        if len(text) > MAX_FILTER_CHARS:
            raise PfError(f"<stdin>: larger than {MAX_FILTER_CHARS >> 20} MB, too large for a filter "
                          f"(classic BPF has at most {MAX_INSNS} instructions)")
        insns, lines = parse_filter_lines(text, "<stdin>")
        validate(insns, "<stdin>", lines)
        return insns, "<stdin>"
    if os.path.lexists(spec):  # a dangling or looping link is a file name too: open says what is wrong
        return read_filter_file(spec), spec
    if spec.endswith(FILTER_FILE_SUFFIXES):
        raise PfError(f"{spec}: no such filter file")
    from mlbox import libpcap

    try:
        insns = libpcap.compile_expression(spec, linktype, snaplen=snaplen)
    except FilterError as error:
        # a '/' may be a path's (a filter file that is not there) or an
        # expression's: `net 10.0.0.0/8`, `ip[2:2] / 4 > 40`
        if os.sep in spec:
            raise PfError(f"{spec}: no such filter file, nor an expression libpcap compiles ({error})") from None
        raise
    origin = repr(spec)
    reason = validation_error(insns)
    if reason is not None:  # e.g. `protochain`, which libpcap compiles into a loop (a backward jump)
        raise FilterError(f"{origin}: libpcap's program for it is not strictly valid classic BPF, "
                          f"which mlbox pf runs only (see `tcpdump -ddd`): {reason}")
    return insns, origin


# ------------------------------------------------------------------ running


def load_program(machine: str):
    """examples/bpf.sml with TIMING_DRIVER, loaded through the API."""
    from mlbox import api

    with open(BPF_PROGRAM, encoding="utf-8") as f:
        return api.load_source(f.read() + TIMING_DRIVER, name=BPF_PROGRAM, machine=machine)


def run(insns: Sequence[Insn], capture: Capture, *, machine: str, origin: str = "<filter>",
        capture_path: str = "<capture>", program=None, timed: bool = True) -> Report:
    """Specialise once, run both versions on every packet, check they agree;
    and (if `timed`) time both in the machine. `program` is a load_program()."""
    if program is None:
        program = load_program(machine)
    quads = [(i.code, i.jt, i.jf, i.k) for i in insns]
    decoded = program.function("load").call(quads, keep=True)
    interpret = program.call("interpret", decoded)  # a closure; its cost is not per packet
    specialised_filter = program.call("specialise", decoded)
    cost = program.last_stats

    arguments = [(packet.data, packet.wirelen) for packet in capture.packets]
    verdicts = interpret.map(arguments)
    interpreted = program.last_batch_reductions
    by_specialised = specialised_filter.map(arguments)
    specialised = program.last_batch_reductions
    for index, (a, b) in enumerate(zip(verdicts, by_specialised)):
        if a != b:
            packet = capture.packets[index]
            raise Disagreement(f"{DISAGREEMENT} on packet {index} (caplen {len(packet.data)}, wirelen "
                               f"{packet.wirelen}): evalpf returns {a}, the specialised filter {b}")
    # no packets, nothing to time (a time per packet would divide by 0)
    timing = time_filters(program, machine, arguments, decoded, interpret, specialised_filter,
                          sum(verdicts)) if timed and arguments else None
    return Report(origin, capture_path, capture.format, machine, len(insns), tuple(verdicts),
                  tuple(interpreted), tuple(specialised), cost.reductions, cost.generating, cost.emitted,
                  timing, capture.warnings, capture.linktype, capture.snaplen)


def packet_array(program, arguments):
    """`arguments` as an ML array kept in the machine (a handle). One host
    value may have at most cmachine.MAX_HOST_NODES nodes (five a packet),
    so a capture of a million packets goes in as several lists, each
    stored into the array by pfFill."""
    from ccam import cmachine

    per_value = max(1, cmachine.MAX_HOST_NODES // 8)
    packets = program.call("pfPacketArray", len(arguments), keep=True)
    fill = program.function("pfFill")
    for start in range(0, len(arguments), per_value):
        fill(packets, start, arguments[start:start + per_value])
    return packets


def time_filters(program, machine: str, arguments, decoded, interpret, specialised_filter,
                 verdict_sum: int) -> Timing:
    """Time both filters over all packets inside the machine (one API call
    per pass), net of the loop; and one specialisation."""
    packets = packet_array(program, arguments)  # converted once, kept in the machine
    time_all = program.function("pfTimeAll")
    filters = {"interpreter": interpret, "specialised filter": specialised_filter,
               "loop": program.function("pfNoFilter")}
    runs = TIMING_RUNS.get(machine, 1)
    samples: dict[str, list[int]] = {name: [] for name in filters}
    for _ in range(runs):  # interleaved, so that a slow spell of the host touches all three
        for name, f in filters.items():
            start = time.perf_counter_ns()
            total = time_all(f, packets)
            samples[name].append(time.perf_counter_ns() - start)
            if name != "loop" and total != verdict_sum:
                raise Disagreement(TIMED_RUN_DIFFERS.format(name))
    n = len(arguments)
    per_packet = {name: statistics.median(ns) / n for name, ns in samples.items()}
    repeats = SPECIALISE_REPEATS.get(machine, 1)
    specialise_times = program.function("pfSpecialiseTimes")
    start = time.perf_counter_ns()
    specialise_times(decoded, repeats)
    specialise_ns = (time.perf_counter_ns() - start) / repeats
    loop = per_packet["loop"]
    return Timing(max(0.0, per_packet["interpreter"] - loop), max(0.0, per_packet["specialised filter"] - loop),
                  loop, specialise_ns, runs, repeats)


def _pyplot():
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise PfError(NO_MATPLOTLIB) from None
    return plt


def plot_format(path: str) -> str:
    """The image format --plot writes to `path` (its extension; png without
    one), checked before the run so that a bad --plot costs no run. Given
    no format, matplotlib would write `path` + ".png" instead of `path`
    (`--plot /dev/full` made /dev/full.png), and an unknown extension was
    an internal ValueError after the run."""
    _pyplot()
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    if os.path.isdir(path):
        raise PfError(f"{path}: --plot names a directory; name an image file (e.g. reductions.png)")
    extension = os.path.splitext(path)[1][1:].lower()
    if not extension:
        return "png"
    supported = FigureCanvasAgg.get_supported_filetypes()
    if extension not in supported:
        raise PfError(f"{path}: --plot cannot write .{extension} images; use one of: "
                      + ", ".join(sorted(supported)))
    return extension


def plot(report: Report, path: str) -> None:
    """Cumulative reductions against packets, interpreted vs specialised."""
    plt = _pyplot()
    image_format = plot_format(path)
    xs = list(range(report.packets + 1))
    interpreted, specialised = [0], [report.specialise_reductions]
    for a, b in zip(report.interpreted, report.specialised):
        interpreted.append(interpreted[-1] + a)
        specialised.append(specialised[-1] + b)
    fig, ax = plt.subplots(figsize=(7, 4.5))
    ax.plot(xs, interpreted, label=f"evalpf (interpreted): {report.interpreted_per_packet:.0f}/packet")
    ax.plot(xs, specialised, label=f"bevalpf (specialised): {report.specialise_reductions} once + "
                                   f"{report.specialised_per_packet:.0f}/packet")
    if report.break_even_packets is not None and report.break_even_packets <= report.packets:
        ax.axvline(report.break_even_packets, color="grey", linestyle=":",
                   label=f"break-even after {report.break_even_packets} packets")
    ax.set_xlabel("packets")
    ax.set_ylabel("cumulative CCAM reductions")
    # parse_math=False: a `$` in a file name or an expression is text, not
    # the start of a TeX formula (an unbalanced one failed in savefig)
    ax.set_title(f"{report.filter_origin} on {os.path.basename(report.capture_path)}", parse_math=False)
    ax.legend()
    fig.tight_layout()
    try:
        fig.savefig(path, format=image_format)
    except OSError as error:
        raise PfError(f"{path}: cannot write the plot: {error.strerror or error}") from None
    except RuntimeError as error:  # a format needing a program that is not installed (.pgf: xelatex)
        raise PfError(f"{path}: cannot write the plot: {error}") from None
    finally:
        plt.close(fig)


# ------------------------------------------------------------------ command


def add_arguments(parser) -> None:
    parser.add_argument("filter", help="a file of `tcpdump -ddd` or `tcpdump -dd` output (- for standard input), "
                                       "or a tcpdump expression (needs libpcap)")
    parser.add_argument("capture", help="a pcap or pcapng capture file (- for standard input)")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    parser.add_argument("--plot", metavar="FILE.png", help="draw cumulative reductions vs packets (needs matplotlib)")
    parser.add_argument("-w", dest="write", metavar="ACCEPTED.pcap",
                        help="write the accepted packets as pcap (- for standard output; the report then goes "
                             "to standard error)")
    from mlbox.runner import add_machine_argument

    add_machine_argument(parser)


def default_machine() -> str:
    from mlbox import api

    return api.default_machine()


def _same_path(a: str, b: str) -> bool:
    """Whether two paths name one file, existing or not (yet)."""
    try:
        return os.path.samefile(a, b)
    except OSError:  # either does not exist (a new output, a filter expression)
        return os.path.realpath(a) == os.path.realpath(b)


def _refuse_writing_an_input(args) -> None:
    """-w or --plot naming the capture or the filter file would replace an
    input with this run's output (the capture with its accepted subset);
    -w and --plot naming one file would leave only the plot."""
    if args.write is not None and args.plot is not None and _same_path(args.write, args.plot):
        raise PfError(f"{args.plot}: -w and --plot name the same file; name two files")
    for flag, output in (("-w", args.write), ("--plot", args.plot)):
        if output == STDOUT:
            continue
        for what, source in (("capture", args.capture), ("filter", args.filter)):
            try:
                same = output is not None and os.path.samefile(output, source)
            except OSError:  # either does not exist (a new output, a filter expression): not the same
                same = False
            if same:
                raise PfError(f"{output}: {flag} would overwrite the {what} file; name another file")


def _names_standard_output(path: Optional[str]) -> bool:
    """Whether an output path is standard output: `-`, or another name of
    the file stdout is (`/dev/stdout`, `/proc/self/fd/1`, the file `>`
    redirects to), which the report written there too would corrupt.
    Not /dev/null, which any number of writers may share."""
    if path is None or path == STDOUT:
        return path == STDOUT
    try:
        return os.path.samestat(os.stat(path), os.fstat(sys.stdout.fileno())) and \
            not os.path.samefile(path, os.devnull)
    except (OSError, AttributeError, ValueError):  # no such file (yet), or no stdout to compare with
        return False


def _refuse_empty_names(args) -> None:
    """An empty output name (`-w ''`, `--plot ''`) was taken for no option
    at all: the run succeeded and wrote nothing. An empty capture name was
    ": no such file". (An empty filter is an expression: libpcap compiles
    it to accept every packet, as `tcpdump ''` does.)"""
    if args.write == "":
        raise PfError("-w: the file name is empty; name a file (- for standard output)")
    if args.plot == "":
        raise PfError("--plot: the file name is empty; name an image file")
    if args.capture == "":
        raise PfError("the capture's file name is empty; name a pcap or pcapng file (- for standard input)")


def command(args) -> int:
    """The `pf` subcommand: 0 on success, 2 on a user error (with a message)."""
    try:
        if args.filter == STDIN and args.capture == STDIN:
            raise PfError("-: the filter and the capture cannot both be standard input")
        _refuse_empty_names(args)
        if _names_standard_output(args.write):
            args.write = STDOUT  # (written as `-w -` is, the report to standard error)
        if _names_standard_output(args.plot):
            if args.write == STDOUT:
                raise PfError(f"{args.plot}: -w and --plot both name standard output; name two files")
            report_to_stderr = True
        else:
            report_to_stderr = args.write == STDOUT
        _refuse_writing_an_input(args)
        if args.plot:
            plot_format(args.plot)
        capture = read_capture(args.capture)
        insns, origin = load_filter(args.filter, capture.linktype, capture.snaplen)
        report = run(insns, capture, machine=args.machine or default_machine(), origin=origin,
                     capture_path=args.capture)
        if args.write:
            accepted = [p for p, v in zip(capture.packets, report.verdicts) if v != 0]
            write_pcap(args.write, accepted, capture.linktype, capture.snaplen, capture.linktype_ext)
        if args.plot:
            plot(report, args.plot)
    except (PfError, FilterError, CaptureError) as error:
        print(f"mlbox pf: {error}", file=sys.stderr)
        return 2
    except Disagreement as error:
        print(f"mlbox pf: INTERNAL ERROR: {error}", file=sys.stderr)
        return 70
    except Exception as error:  # the API (examples/bpf.sml failing to load or run): a bug, reported plainly
        from mlbox import api

        if not isinstance(error, api.APIError):
            raise
        if isinstance(error, api.MachineFailure) and error.status.name == "INTERRUPTED":
            raise KeyboardInterrupt from None  # Ctrl-C in the machine: reported as anywhere else (exit 130)
        print(f"mlbox pf: internal error running examples/bpf.sml: {error}", file=sys.stderr)
        return 70
    # with `-w -` standard output is the pcap file (or the plot): the report goes to standard error
    report_stream = sys.stderr if report_to_stderr else sys.stdout
    print(json.dumps(report.as_json()) if args.json else report.as_text(), file=report_stream)
    return 0
