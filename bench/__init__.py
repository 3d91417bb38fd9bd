"""`make bench` (`python -m bench`): the paper's Table 1 reproduced side by
side, the C machine's speed, the OCaml peer, start-up times; writes
docs/benchmarks.md. Not part of `make test` (tests/test_bench_smoke.py only
checks that the modules import and that Table 1's rows are computed)."""
