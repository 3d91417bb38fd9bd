# mlbox: `make demo` runs the packet-filter demo, `make test` runs the tests.
# Both set up a virtual environment in .venv on first use, and rebuild the
# C machine whenever its sources (or the instruction table) change.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
C_SRC  := $(wildcard ccam_c/*.c ccam_c/*.h ccam_c/*.py) ccam/instructions.py
PY_SRC := $(wildcard mlbox/*.py ccam/*.py ccam_c/*.py)
BYTECODE := $(VENV)/.bytecode

.PHONY: all install test test-fast demo bench clean

all: install

install: $(STAMP) $(BYTECODE)

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(STAMP): $(VENV)/bin/python pyproject.toml setup.py $(C_SRC)
	$(PY) -m pip install -q -e '.[test]'
	touch $@

# mlbox's own modules compiled to bytecode here, as a non-editable install
# would: Python reads .pyc files even where PYTHONDONTWRITEBYTECODE=1 stops
# it writing them (some sandboxes set it), and without them every `mlbox
# run` compiles mlbox from source (hello world took 0.48 s instead of 0.26 s when
# this was measured; docs/benchmarks.md §3 has the current start-up time).
$(BYTECODE): $(STAMP) $(PY_SRC)
	$(PY) -m compileall -q mlbox ccam ccam_c
	touch $@

# The tests run on every core (pytest-xdist; `-n auto` is one worker per
# CPU, 2 on CI): most of the suite's time is single-threaded Python running
# corpus programs on the reference machine. `--dist worksteal` hands out the
# tests in halves and lets an idle worker take half of the other's queue,
# which balances the few long tests better than fixed chunks. Set
# TEST_WORKERS=0 to run everything in one process (no workers).
TEST_WORKERS ?= auto
XDIST        := -n $(TEST_WORKERS) --dist worksteal

# The whole suite. pytest exits 5 when it collects nothing (with workers
# too), which fails make.
test: install
	$(PY) -m pytest $(XDIST)

# On workers too: -x stops them all at the first failure.
test-fast: install
	$(PY) -m pytest $(XDIST) -x -p no:randomly -m "not slow"

demo: install
	$(PY) -m mlbox pf examples/filters/tcp_port_23.bpf examples/captures/telnet_small.pcap

bench: install
	$(PY) -m bench

clean:
	rm -rf $(VENV) build *.egg-info ccam_c/_ccam*.so ccam_c/_ccam*.c .pytest_cache .hypothesis
