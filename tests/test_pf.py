"""The packet filter (examples/bpf.sml through mlbox/pf.py): both evalpf and
the specialised filter return exactly libpcap's value on every packet of the
shared captures; generated code stays linear on DAG-shaped filters; the
`mlbox pf` command's report and its errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mlbox import api, driver, libpcap
from mlbox.pf import Disagreement, TIMED_RUN_DIFFERS, load_program, run, time_filters
from mlbox.pf_capture import Capture, read_capture
from mlbox.pf_filter import Insn, parse_filter, validation_error
from tests.pf_data import (
    CAPTURES, REPO, TEST_DATA, capture_path, expected, filter_names, filter_path, invalid_rows, needs_shared,
)



_C_PROBE = """
from mlbox import api
from mlbox.pf import BPF_PROGRAM
program = api.load(BPF_PROGRAM, machine="c")
specialised = program.call("specialise", program.function("load").call([(6, 0, 0, 1)], keep=True))
assert specialised((b"", 0)) == 1
"""


def c_machine_problem() -> str | None:
    """Why the C machine cannot run the filters through the API, or None.
    Probed in a subprocess: a machine that is still being built may abort."""
    if not driver.c_machine_available():
        return "the C machine (ccam/cmachine.py) is not built"
    probe = subprocess.run([sys.executable, "-c", _C_PROBE], capture_output=True, text=True, cwd=REPO)
    if probe.returncode != 0:
        last = (probe.stderr.strip().splitlines() or ["(no message)"])[-1]
        return f"the C machine cannot run examples/bpf.sml through the API yet: {last}"
    return None


_C_PROBLEM = c_machine_problem()
C_MACHINE = pytest.mark.skipif(_C_PROBLEM is not None, reason=str(_C_PROBLEM))
# The Python machine runs every filter on mixed_small (every category of packet, many malformed) and on
# every 10th packet of telnet_small; the C machine runs every packet of both.
PY_TELNET_STRIDE = 10

_programs: dict[str, api.Program] = {}
_captures: dict[str, Capture] = {}


def bpf_program(machine: str) -> api.Program:
    if machine not in _programs:
        _programs[machine] = load_program(machine)
    return _programs[machine]


def capture(name: str) -> Capture:
    if name not in _captures:
        _captures[name] = read_capture(str(capture_path(name)))
    return _captures[name]


def check_against_libpcap(insns, name: str, cap: str, machine: str, stride: int, invalid: bool = False):
    packets = capture(cap).packets[::stride]
    sample = Capture(packets, 1, "pcap")
    report = run(insns, sample, machine=machine, program=bpf_program(machine), timed=False)  # raises on disagreement
    assert list(report.verdicts) == expected(name, cap, invalid)[::stride]


@needs_shared
@pytest.mark.parametrize("cap", CAPTURES)
@pytest.mark.parametrize("name", filter_names())
def test_python_machine_matches_libpcap(name, cap):
    stride = PY_TELNET_STRIDE if cap == "telnet_small" else 1
    check_against_libpcap(parse_filter(filter_path(name).read_text()), name, cap, "py", stride)


@C_MACHINE
@needs_shared
@pytest.mark.parametrize("cap", CAPTURES)
@pytest.mark.parametrize("name", filter_names())
def test_c_machine_matches_libpcap_on_every_packet(name, cap):
    check_against_libpcap(parse_filter(filter_path(name).read_text()), name, cap, "c", 1)


@needs_shared
def test_invalid_filters_libpcap_runs_are_rejected_or_match():
    """The invalid programs libpcap runs to completion: our strict validator
    rejects each one (so there is nothing to compare); were one accepted, it
    would have to return libpcap's values."""
    from tests.pf_data import SHARED_BPF

    for row in invalid_rows():
        insns = parse_filter((SHARED_BPF / "invalid" / f"{row['name']}.bpf").read_text())
        if validation_error(insns) is None:
            check_against_libpcap(insns, row["name"], "mixed_small", "py", 1, invalid=True)


def dag_filter(tests: int) -> list[Insn]:
    """`tests` chained comparisons where every test's false edge and the
    next test's true edge meet (a chain of diamonds: 2^tests paths)."""
    insns = [Insn(0x30, 0, 0, 14)]  # ldb [14]
    for t in range(tests):
        # jeq #t, then both arms do one ALU op and join at the next test
        insns += [Insn(0x15, 0, 2, t), Insn(0x04, 0, 0, 1), Insn(0x05, 0, 0, 1), Insn(0x14, 0, 0, 1)]
    insns += [Insn(0x16, 0, 0, 0)]
    assert validation_error(insns) is None
    return insns


def test_specialising_a_dag_filter_stays_linear():
    program = bpf_program("py")
    sizes = {}
    for tests in (8, 16):
        insns = dag_filter(tests)
        decoded = program.function("load").call([(i.code, i.jt, i.jf, i.k) for i in insns], keep=True)
        program.call("specialise", decoded)
        sizes[len(insns)] = program.last_stats.emitted
    (n1, e1), (n2, e2) = sorted(sizes.items())
    assert n2 >= 60
    assert e2 <= 40 * n2  # a small constant per instruction
    assert e2 - e1 <= 40 * (n2 - n1) and e2 < 2.5 * e1  # doubling the filter about doubles the code


@needs_shared
def test_telnet_reductions_are_below_the_papers(capsys):
    """Table 1: 11984 reductions to specialise `tcp port 23`, 1104 per
    telnet packet specialised, 9163 interpreted. Ours must be lower."""
    telnet = [p for p, v in zip(capture("telnet_small").packets, expected("telnet", "telnet_small")) if v][:20]
    report = run(parse_filter(filter_path("telnet").read_text()), Capture(tuple(telnet), 1, "pcap"),
                 machine="py", program=bpf_program("py"), timed=False)
    assert report.accepted == len(telnet)
    assert report.specialise_reductions < 11984
    assert max(report.specialised) < 1104
    assert max(report.interpreted) < 9163
    with capsys.disabled():
        print(f"\n[tcp port 23, telnet packets] specialise {report.specialise_reductions} reductions, "
              f"{report.specialised_per_packet:.0f} per packet specialised, "
              f"{report.interpreted_per_packet:.0f} interpreted, {report.generated_instructions} instructions generated")


@needs_shared
def test_per_packet_counts_are_those_of_single_calls():
    """run() calls each version once for all packets (MLFunction.map); the
    verdicts and reductions it reports are those of one call per packet."""
    program = bpf_program("py")
    insns = parse_filter(filter_path("telnet").read_text())
    packets = capture("mixed_small").packets[:12]
    report = run(insns, Capture(packets, 1, "pcap"), machine="py", program=program, timed=False)
    decoded = program.function("load").call([(i.code, i.jt, i.jf, i.k) for i in insns], keep=True)
    interpret, specialised = program.call("interpret", decoded), program.call("specialise", decoded)
    for index, packet in enumerate(packets):
        assert interpret(packet.data, packet.wirelen) == report.verdicts[index]
        assert program.last_stats.reductions == report.interpreted[index]
        assert specialised(packet.data, packet.wirelen) == report.verdicts[index]
        assert program.last_stats.reductions == report.specialised[index]


@needs_shared
def test_timed_report_says_how_it_measures():
    program = bpf_program("py")
    packets = Capture(capture("mixed_small").packets[:30], 1, "pcap")
    report = run(parse_filter(filter_path("telnet").read_text()), packets, machine="py", program=program)
    timing = report.timing
    assert timing.runs == 1 and timing.specialise_repeats >= 1
    assert min(timing.ns_interpreted, timing.ns_specialised, timing.ns_loop, timing.specialise_ns) >= 0
    text = report.as_text()
    assert "wall time per packet (µs)" in text
    assert "measured in the machine: one call runs a filter over all 30 packets (one run)" in text
    untimed = run(parse_filter(filter_path("telnet").read_text()), packets, machine="py", program=program,
                  timed=False)
    assert untimed.timing is None and "wall time" not in untimed.as_text()
    assert untimed.as_json()["ns_per_packet"] == {"interpreted": None, "specialised": None}


def test_the_timed_run_must_do_the_checked_runs_work():
    """The timed loop sums the verdicts; a sum other than the checked
    verdicts' means it did not run the same filter on the same packets."""
    program = bpf_program("py")
    decoded = program.function("load").call([(6, 0, 0, 7)], keep=True)  # ret #7
    interpret, specialised = program.call("interpret", decoded), program.call("specialise", decoded)
    arguments = [(b"ab", 2), (b"", 60)]
    time_filters(program, "py", arguments, decoded, interpret, specialised, 14)  # 7 + 7: agrees
    with pytest.raises(Disagreement, match=TIMED_RUN_DIFFERS.format("interpreter")):
        time_filters(program, "py", arguments, decoded, interpret, specialised, 15)


# ------------------------------------------------------------------ the command


def mlbox(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mlbox", *args], capture_output=True, text=True, cwd=REPO)


def test_filter_or_capture_on_standard_input():
    # `tcpdump -ddd EXPR | mlbox pf - CAPTURE`: '-' was taken for a tcpdump
    # expression ("libpcap cannot compile '-'") or a missing capture file
    capture = (TEST_DATA / "mixed_small.pcapng").read_bytes()
    dd = (TEST_DATA / "tcp_port_23.dd").read_bytes()
    runs = {
        "filter": subprocess.run([sys.executable, "-m", "mlbox", "pf", "-", str(TEST_DATA / "mixed_small.pcapng"),
                                  "--json", "--machine", "py"], input=dd, capture_output=True, cwd=REPO),
        "capture": subprocess.run([sys.executable, "-m", "mlbox", "pf", str(TEST_DATA / "tcp_port_23.dd"), "-",
                                   "--json", "--machine", "py"], input=capture, capture_output=True, cwd=REPO),
    }
    for what, result in runs.items():
        assert result.returncode == 0, (what, result.stderr)
        assert json.loads(result.stdout)["accepted"] == 31, what
    for args, stdin, fragment in ((["-", "-"], capture, "cannot both be standard input"),
                                  (["-", str(TEST_DATA / "mixed_small.pcapng")], capture, "<stdin>: not text"),
                                  ([str(TEST_DATA / "tcp_port_23.dd"), "-"], dd, "<stdin>: is not a pcap"),
                                  ([str(TEST_DATA / "tcp_port_23.dd"), "-"], b"", "<stdin>: empty")):
        result = subprocess.run([sys.executable, "-m", "mlbox", "pf", *args, "--machine", "py"], input=stdin,
                                capture_output=True, cwd=REPO)
        assert result.returncode == 2 and fragment in result.stderr.decode(), (args, result.stderr)


def test_filter_file_with_a_byte_order_mark_is_read(tmp_path):
    # A Windows editor saves UTF-8 with a byte-order mark; it was "got '\\ufeff2'"
    (tmp_path / "bom.ddd").write_bytes(b"\xef\xbb\xbf2\r\n6 0 0 1\r\n6 0 0 0\r\n")
    result = mlbox("pf", str(tmp_path / "bom.ddd"), str(TEST_DATA / "mixed_small.pcapng"), "--json", "--machine", "py")
    assert result.returncode == 0, result.stderr
    assert set(json.loads(result.stdout)["verdicts"]) == {1}


@pytest.mark.skipif(not libpcap.available(), reason="libpcap is not installed: no filter expressions to compile")
def test_a_filter_expression_that_is_not_utf8_is_libpcaps_error():
    # a command-line argument that is not UTF-8 (os.fsencode(arg) is its bytes)
    # was an internal UnicodeEncodeError; libpcap now sees the bytes and refuses them
    result = subprocess.run([sys.executable, "-m", "mlbox", "pf", b"tcp \xff\xfe", str(TEST_DATA / "mixed_small.pcapng")],
                            capture_output=True, text=True, cwd=REPO, errors="replace")
    assert result.returncode == 2 and result.stdout == ""
    assert "libpcap cannot compile" in result.stderr and "syntax error" in result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr


@pytest.mark.skipif(not libpcap.available(), reason="libpcap is not installed: no filter expressions to compile")
@pytest.mark.parametrize("expression", ["net 10.0.0.0/8 or net 192.168.0.0/16", "ip[2:2] / 4 > 40"])
def test_an_expression_with_a_slash_is_an_expression_not_a_missing_file(expression):
    """Regression (the tcpdump -w campaign): a '/' made the argument a path,
    so `mlbox pf 'net 10.0.0.0/8' CAPTURE` said "no such filter file"."""
    capture_file = str(TEST_DATA / "mixed_small.pcapng")
    result = mlbox("pf", expression, capture_file, "--json", "--machine", "py")
    assert result.returncode == 0, result.stderr
    insns = libpcap.compile_expression(expression, 1)
    assert json.loads(result.stdout)["verdicts"] == [
        libpcap.bpf_filter(insns, p.data, p.wirelen) for p in read_capture(capture_file).packets]


def test_a_missing_filter_path_that_is_no_expression_says_so(tmp_path):
    result = mlbox("pf", str(tmp_path / "filters" / "missing"), str(TEST_DATA / "mixed_small.pcapng"), "--machine", "py")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"mlbox pf: {tmp_path / 'filters' / 'missing'}: no such filter file"), result.stderr


def test_accepted_packets_to_standard_output_with_dash(tmp_path):
    """Regression (the tcpdump -w campaign): `-w -` wrote a file named '-';
    as in tcpdump, it is standard output (`mlbox pf F C -w - | tcpdump -r -`),
    so the report goes to standard error."""
    capture_file, filter_file = str(TEST_DATA / "mixed_small.pcapng"), str(TEST_DATA / "tcp_port_23.dd")
    piped = subprocess.run([sys.executable, "-m", "mlbox", "pf", filter_file, capture_file, "-w", "-", "--json",
                            "--machine", "py"], capture_output=True, cwd=tmp_path)
    assert piped.returncode == 0, piped.stderr
    assert not (tmp_path / "-").exists()
    written = tmp_path / "accepted.pcap"
    assert mlbox("pf", filter_file, capture_file, "-w", str(written), "--machine", "py").returncode == 0
    assert piped.stdout == written.read_bytes()
    report = json.loads(piped.stderr)
    assert report["accepted"] == len(read_capture(str(written)).packets) > 0


@needs_shared
def test_json_report_schema(tmp_path):
    accepted = tmp_path / "accepted.pcap"
    result = mlbox("pf", str(TEST_DATA / "tcp_port_23.dd"), str(TEST_DATA / "mixed_small.pcapng"),
                   "--json", "--machine", "py", "-w", str(accepted))
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["packets"] == 324
    assert report["verdicts"] == expected("telnet", "mixed_small")
    assert report["accepted"] == sum(1 for v in report["verdicts"] if v)
    assert set(report["reductions"]) >= {"interpreted_per_packet", "specialise", "specialised_per_packet"}
    assert report["reductions"]["specialised_per_packet"] < report["reductions"]["interpreted_per_packet"]
    assert report["generated_instructions"] > 0 and report["break_even_packets"] >= 1
    assert set(report["ns_per_packet"]) == {"interpreted", "specialised"}
    assert all(isinstance(ns, float) and ns >= 0 for ns in report["ns_per_packet"].values())
    assert report["timing"]["runs"] >= 1 and report["timing"]["loop_ns_per_packet"] >= 0
    assert "in the machine" in report["timing"]["method"]
    written = read_capture(str(accepted))
    assert len(written.packets) == report["accepted"]


@pytest.mark.parametrize("make_args, fragment", [
    (lambda d: ["pf", str(TEST_DATA / "tcp_port_23.dd"), str(d / "missing.pcap")], "no such file"),
    (lambda d: ["pf", str(TEST_DATA / "tcp_port_23.dd"), str(d / "garbage.pcap")], "is not a pcap or pcapng"),
    (lambda d: ["pf", str(TEST_DATA / "tcp_port_23.dd"), str(d / "empty.pcapng")], "no interface description"),
    (lambda d: ["pf", str(d / "bad.bpf"), str(TEST_DATA / "mixed_small.pcapng")], "expected four numbers"),
    (lambda d: ["pf", str(d / "missing.bpf"), str(TEST_DATA / "mixed_small.pcapng")], "no such filter file"),
    (lambda d: ["pf", str(d / "backward.bpf"), str(TEST_DATA / "mixed_small.pcapng")], "is backward"),
    (lambda d: ["pf", str(d / "garbage.pcap"), str(TEST_DATA / "mixed_small.pcapng")], "not a text file"),
])
def test_command_errors_are_messages_not_tracebacks(tmp_path, make_args, fragment):
    (tmp_path / "garbage.pcap").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "empty.pcapng").write_bytes(bytes.fromhex("0a0d0d0a1c0000004d3c2b1a01000000" + "ff" * 8 + "1c000000"))
    (tmp_path / "bad.bpf").write_text("2\n6 0 0 1\n6 0 1\n")
    (tmp_path / "backward.bpf").write_text("2\n5 0 0 4294967295\n6 0 0 1\n")
    result = mlbox(*make_args(tmp_path), "--machine", "py")
    assert result.returncode == 2
    assert fragment in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


@pytest.mark.parametrize("args, message", [
    (["-w", ""], "-w: the file name is empty; name a file (- for standard output)"),
    (["--plot", ""], "--plot: the file name is empty; name an image file"),
    (["--json", "-w", ""], "-w: the file name is empty; name a file (- for standard output)"),
])
def test_an_empty_output_name_is_refused_not_ignored(args, message):
    """Regression (pf15): `-w ''` and `--plot ''` were taken for no option:
    the run succeeded (exit 0) and wrote nothing."""
    result = mlbox("pf", str(TEST_DATA / "tcp_port_23.dd"), str(TEST_DATA / "mixed_small.pcapng"), *args,
                   "--machine", "py")
    assert (result.returncode, result.stdout, result.stderr) == (2, "", f"mlbox pf: {message}\n")


def test_an_empty_capture_name_says_so():
    result = mlbox("pf", str(TEST_DATA / "tcp_port_23.dd"), "", "--machine", "py")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("mlbox pf: the capture's file name is empty"), result.stderr  # was ": no such file"


def test_a_capture_of_no_packets_is_filtered_like_tcpdump_does(tmp_path):
    """Regression: a capture with a header and no packet was an error; tcpdump
    filters it (0 packets), and so does mlbox pf: an empty report, a warning,
    an empty -w file."""
    empty = tmp_path / "empty.pcap"
    empty.write_bytes(bytes.fromhex("d4c3b2a102000400" + "00" * 8 + "00000400" + "01000000"))
    accepted = tmp_path / "accepted.pcap"
    result = mlbox("pf", str(TEST_DATA / "tcp_port_23.dd"), str(empty), "--json", "-w", str(accepted),
                   "--machine", "py")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["packets"], report["verdicts"], report["break_even_packets"], report["timing"]) == (0, [], None, None)
    assert report["warnings"] == [f"{empty}: contains no packets"]
    assert read_capture(str(accepted)).packets == ()
    text = mlbox("pf", str(TEST_DATA / "tcp_port_23.dd"), str(empty), "--machine", "py").stdout
    assert "0 accepted, 0 rejected" in text and "none: the capture has no packets" in text


@pytest.mark.parametrize("flag, target, what", [("-w", "capture.pcapng", "capture"), ("-w", "filter.dd", "filter"),
                                               ("--plot", "capture.pcapng", "capture")])
def test_an_output_naming_an_input_is_refused_before_anything_is_written(tmp_path, flag, target, what):
    # -w onto the capture once replaced it with its accepted packets
    import shutil

    shutil.copy(TEST_DATA / "mixed_small.pcapng", tmp_path / "capture.pcapng")
    shutil.copy(TEST_DATA / "tcp_port_23.dd", tmp_path / "filter.dd")
    (tmp_path / "alias.pcapng").symlink_to(tmp_path / target)
    before = {name: (tmp_path / name).read_bytes() for name in ("capture.pcapng", "filter.dd")}
    for output in (target, "alias.pcapng"):
        result = mlbox("pf", str(tmp_path / "filter.dd"), str(tmp_path / "capture.pcapng"), flag, str(tmp_path / output),
                       "--machine", "py")
        assert result.returncode == 2 and result.stdout == ""
        assert f"{flag} would overwrite the {what} file" in result.stderr
    assert {name: (tmp_path / name).read_bytes() for name in before} == before


def _has_matplotlib() -> bool:
    import importlib.util

    return importlib.util.find_spec("matplotlib") is not None


NEEDS_MATPLOTLIB = pytest.mark.skipif(not _has_matplotlib(), reason="matplotlib (the `plot` extra) is not installed")


def test_a_bad_plot_target_is_refused_before_the_run_writes_anything(tmp_path):
    # with matplotlib: .txt is no image format; without: --plot cannot work.
    # Either way the run is not made and -w writes nothing.
    result = mlbox("pf", str(TEST_DATA / "tcp_port_23.dd"), str(TEST_DATA / "mixed_small.pcapng"), "--machine", "py",
                   "-w", str(tmp_path / "accepted.pcap"), "--plot", str(tmp_path / "plot.txt"))
    assert result.returncode == 2 and result.stdout == ""
    assert "--plot" in result.stderr and "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_w_and_plot_naming_one_file_are_refused(tmp_path):
    (tmp_path / "alias.png").symlink_to(tmp_path / "out.png")
    for plot_target in ("out.png", "alias.png", "./out.png"):
        result = mlbox("pf", str(TEST_DATA / "tcp_port_23.dd"), str(TEST_DATA / "mixed_small.pcapng"), "--machine",
                       "py", "-w", str(tmp_path / "out.png"), "--plot", str(tmp_path / plot_target))
        assert result.returncode == 2 and "-w and --plot name the same file" in result.stderr
    assert not (tmp_path / "out.png").exists()


@NEEDS_MATPLOTLIB
@pytest.mark.parametrize("target, fragment", [
    ("plot.txt", "--plot cannot write .txt images; use one of: "),
    (".", "--plot names a directory"),
    ("missing/plot.png", "cannot write the plot: No such file or directory"),
])
def test_plot_target_errors(tmp_path, target, fragment):
    result = mlbox("pf", str(TEST_DATA / "tcp_port_23.dd"), str(TEST_DATA / "mixed_small.pcapng"), "--machine", "py",
                   "--plot", str(tmp_path / target))
    assert result.returncode == 2 and result.stdout == ""
    assert fragment in result.stderr and "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []  # no plot.png beside a directory or a file without extension


@NEEDS_MATPLOTLIB
def test_plot_is_written_to_the_name_given_in_the_format_its_extension_says(tmp_path):
    # a name without an extension became NAME.png; a `$` in the filter's name
    # was read as a TeX formula and failed after the run
    import shutil

    shutil.copy(TEST_DATA / "tcp_port_23.dd", tmp_path / "a$\\frac{$.dd")
    for name, magic in (("plot", b"\x89PNG"), ("plot.SVG", b"<?xml"), ("plot.jpg", b"\xff\xd8")):
        result = mlbox("pf", str(tmp_path / "a$\\frac{$.dd"), str(TEST_DATA / "mixed_small.pcapng"), "--machine",
                       "py", "--plot", str(tmp_path / name))
        assert result.returncode == 0, result.stderr
        assert (tmp_path / name).read_bytes().startswith(magic)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a$\\frac{$.dd", "plot", "plot.SVG", "plot.jpg"]


@C_MACHINE
def test_demo_report_on_the_c_machine():
    """`make demo`: the bundled filter and capture, the text report."""
    result = mlbox("pf", str(REPO / "examples" / "filters" / "tcp_port_23.bpf"),
                   str(REPO / "examples" / "captures" / "telnet_small.pcap"))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[2].startswith("verdicts    609 accepted, 1391 rejected")
    assert lines[3] == "machine     c"
    wall = next(line for line in lines if line.startswith("wall time per packet (µs)"))
    assert len(wall.split()) == 7  # the label's 5 words, then both figures
    assert any("measured in the machine: one call runs a filter over all 2000 packets" in line for line in lines)


def test_a_report_on_one_packet_and_a_one_instruction_filter_counts_them_in_the_singular():
    from mlbox.pf_capture import Packet

    program = bpf_program("py")
    one = Capture((Packet(b"\x00" * 14, 14),), 1, "pcap")
    text = run([Insn(6, 0, 0, 65535)], one, machine="py", program=program).as_text()  # ret #65535
    assert "(1 instruction)" in text and "pcap, 1 packet)" in text
    assert "filter over the 1 packet (one run)" in text
    assert "1 instructions" not in text and "1 packets" not in text
