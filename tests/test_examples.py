"""The programs in examples/ run and print what examples/NAME.expected
holds, on both machines with equal reduction counts; the expected outputs
agree with independent computations where the arithmetic is checkable, and
with Poly/ML running each program's staging erasure (docs/language.md §7) when Poly/ML
is installed."""

from __future__ import annotations

import math
import pathlib
import re
import subprocess
import sys

import pytest

from ccam.instructions import Status
from mlbox import cli, driver
from mlbox.diagnostics import Source
from mlbox.erase import erase_to_sml
from mlbox.parser import parse_program
from tests import test_erasure

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"
EXAMPLES_WITH_OUTPUT = sorted(p for p in EXAMPLES.glob("*.sml") if p.with_suffix(".expected").exists())


def test_the_examples_are_there():
    names = {p.stem for p in EXAMPLES_WITH_OUTPUT}
    assert {"poly", "code_power", "memo_power", "compose", "library_client"} <= names  # the paper's
    assert {"regex", "sparse", "imp"} <= names  # beyond the paper


@pytest.mark.parametrize("path", EXAMPLES_WITH_OUTPUT, ids=lambda p: p.stem)
def test_example_prints_expected_output(path):
    compiled = driver.compile_source(Source(str(path), path.read_text()))
    on_py = driver.run_program(compiled.program, machine="py")
    on_c = driver.run_program(compiled.program, machine="c")
    assert on_py.status == Status.OK, on_py.message
    assert on_py.output == path.with_suffix(".expected").read_bytes()
    assert (on_c.output, on_c.reductions) == (on_py.output, on_py.reductions)


@pytest.mark.skipif(test_erasure.POLY is None, reason=test_erasure.POLY_MISSING)
@pytest.mark.parametrize("path", EXAMPLES_WITH_OUTPUT, ids=lambda p: p.stem)
def test_erased_example_prints_expected_output_under_polyml(path):
    """The .expected files are mlbox's output; this keeps them honest
    against a real SML: the erasure reads each generator as a thunk, so
    Poly/ML must print the same, staging being invisible in the output."""
    run = test_erasure.run_poly(erase_to_sml(parse_program(Source(str(path), path.read_text()))))
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == path.with_suffix(".expected").read_text()


def test_poly_values_agree_with_python():
    poly1, x = [2, 4, 0, 2333], 47
    value = sum(a * x ** i for i, a in enumerate(poly1))
    lines = (EXAMPLES / "poly.expected").read_text().splitlines()
    assert [int(line.split("=")[1]) for line in lines] == [value] * 3


def ml_ints(text: str) -> list[int]:
    """Integers as ML prints them (~ for minus), separated by spaces."""
    return [int(word.replace("~", "-")) for word in text.split()]


def test_regex_verdicts_agree_with_python_re():
    verdicts, pattern = 0, None
    for line in (EXAMPLES / "regex.expected").read_text().splitlines():
        if line.startswith("pattern ") and line.endswith("(interpreted, staged)"):
            pattern = line.split()[1]
        elif line.startswith('  "'):
            subject, answers = line.strip().rsplit('"', 1)
            expected = "yes" if re.fullmatch(pattern, subject[1:]) else "no"
            assert answers.split() == [expected, expected], (pattern, subject)
            verdicts += 1
    assert verdicts == 20
    words = ["mlbox", "staging", "stage", "stag", "stages", "cogen", "code", "coded"]
    for pattern in ("stag(e|ing)s?", "co(de|gen)d?"):
        chosen = " ".join(w for w in words if re.fullmatch(pattern, w))
        assert f"words matching {pattern}: {chosen}\n" in (EXAMPLES / "regex.expected").read_text()


def test_sparse_products_agree_with_python():
    lines = (EXAMPLES / "sparse.expected").read_text().splitlines()
    values = {label: ml_ints(numbers) for label, numbers in (line.split(":") for line in lines)}
    squares = [i * i for i in range(8)]
    padded = [0] + squares + [0]  # the matrix has no neighbour beyond either end
    second_differences = [2 * padded[i] - padded[i - 1] - padded[i + 1] for i in range(1, 9)]
    assert values["squares"] == squares
    assert values["D squares"] == values["D squares, staged"] == second_differences
    assert values["Pascal row 10"] == values["Pascal row 10, staged"] == [math.comb(10, k) for k in range(11)]
    m, v = [[3, 0, -1, 0], [0, 0, 0, 0], [1, 1, 1, 1], [0, -7, 0, 2]], [1, 10, 100, 1000]
    assert values["M v"] == values["M v, staged"] == [sum(a * x for a, x in zip(row, v)) for row in m]


def test_imp_results_agree_with_python():
    text = (EXAMPLES / "imp.expected").read_text()
    primes_below_100 = sum(1 for p in range(2, 100) if all(p % d for d in range(2, p)))
    for name, value in (("factorial 10", math.factorial(10)), ("gcd 1071 462", math.gcd(1071, 462)),
                        ("primesBelow 100", primes_below_100)):
        assert f"{name:20s}interpreted {value}, compiled {value}, in ML {value}\n" in text
    gcds = " ".join(str(math.gcd(360, b)) for b in range(1, 13))
    assert f"gcd of 360 with 1..12: {gcds}\n" in text


def test_example_runs_from_the_command_line(capfd):
    path = EXAMPLES / "code_power.sml"
    assert cli.main(["run", str(path), "--machine", "py", "--stats=json"]) == 0
    out, err = capfd.readouterr()
    assert out == path.with_suffix(".expected").read_text()
    import json

    stats = json.loads(err.strip().splitlines()[-1])
    assert stats["reductions"] > stats["generating_reductions"] > 0
    assert stats["emitted"] > 0


def test_specialised_packet_filter_is_straight_line():
    """bpf.sml's specialised `tcp port 23` runs in under a third of the
    interpreter's reductions: each instruction's code is spliced into its
    predecessor's (generation-time beta-reduction), no call per instruction."""
    from mlbox import api
    from mlbox.pf import load_filter
    from mlbox.pf_capture import read_capture

    capture = read_capture(str(EXAMPLES / "captures" / "telnet_small.pcap"))
    insns, _ = load_filter(str(EXAMPLES / "filters" / "tcp_port_23.bpf"), capture.linktype)
    program = api.load(str(EXAMPLES / "bpf.sml"), machine="c")
    decoded = program.function("load").call([(i.code, i.jt, i.jf, i.k) for i in insns], keep=True)
    specialised = program.call("specialise", decoded)
    interpreted = program.call("interpret", decoded)
    spent = {"specialised": 0, "interpreted": 0}
    for packet in capture.packets[:200]:
        verdicts = set()
        for name, f in (("specialised", specialised), ("interpreted", interpreted)):
            verdicts.add(f(packet.data, packet.wirelen))
            spent[name] += program.last_stats.reductions
        assert len(verdicts) == 1
    assert 3 * spent["specialised"] < spent["interpreted"]


def _quickstart(*args: str):
    import subprocess
    import sys

    return subprocess.run([sys.executable, str(EXAMPLES / "embed_quickstart.py"), *args],
                          capture_output=True, text=True, timeout=120)


def test_the_quickstart_says_when_a_capture_is_cut_short(tmp_path):
    # it counted the packets before the damage as if they were the capture
    cut = tmp_path / "cut.pcap"
    cut.write_bytes((EXAMPLES / "captures" / "telnet_small.pcap").read_bytes()[:3000])
    ran = _quickstart(str(EXAMPLES / "filters" / "tcp_port_23.bpf"), str(cut))
    assert ran.returncode == 0
    assert re.search(r"^embed_quickstart: warning: .*cut\.pcap: the file ends inside packet record \d+ ",
                     ran.stderr, re.M), ran.stderr
    assert re.search(r"^\d+ of \d+ packets accepted", ran.stdout, re.M)


def test_the_quickstart_runs_on_a_capture_of_no_packets(tmp_path):
    # a pcap file header alone: it divided by zero packets (a traceback)
    empty = tmp_path / "empty.pcap"
    empty.write_bytes((EXAMPLES / "captures" / "telnet_small.pcap").read_bytes()[:24])
    ran = _quickstart(str(EXAMPLES / "filters" / "tcp_port_23.bpf"), str(empty))
    assert "Traceback" not in ran.stderr
    assert ran.returncode == 0, ran.stderr
    assert "0 of 0 packets accepted\n" in ran.stdout
    assert "embed_quickstart: warning: " in ran.stderr


def test_the_quickstart_refuses_a_filter_that_is_not_text_as_mlbox_pf_does(tmp_path):
    # it printed Python's "'utf-8' codec can't decode byte 0xff in position
    # 2: invalid start byte", naming neither the file nor what it should hold
    bad = tmp_path / "bad.bpf"
    bad.write_bytes(b"\xef\xbb\xbf1\n\xff")  # after a byte-order mark: byte 5 of the file
    ran = _quickstart(str(bad), str(EXAMPLES / "captures" / "telnet_small.pcap"))
    message = (f"{bad}: not a text file (byte 5): a filter file holds `tcpdump -ddd` or `tcpdump -dd` output\n")
    assert (ran.returncode, ran.stdout, ran.stderr) == (2, "", "embed_quickstart: " + message)
    pf = subprocess.run([sys.executable, "-m", "mlbox", "pf", str(bad), str(EXAMPLES / "captures" / "telnet_small.pcap")],
                        capture_output=True, text=True, timeout=120)
    assert (pf.returncode, pf.stderr) == (2, "mlbox pf: " + message)  # (it said byte 2: the mark uncounted)
