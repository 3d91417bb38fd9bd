"""Repository-wide pytest set-up. (Being at the root, this file also makes
the `mlbox`, `ccam` and `tests` packages importable from the checkout.)"""

import os
import signal

import pytest
from hypothesis import settings

# The property tests draw new examples on every run (a developer's `make
# test` keeps finding new cases), except under .ci/run, which sets
# MLBOX_HYPOTHESIS_PROFILE=ci: there the examples are the same on every run,
# so a change lands or fails on its own account, never on a newly drawn case.
settings.register_profile("ci", derandomize=True)
settings.register_profile("dev")
settings.load_profile(os.environ.get("MLBOX_HYPOTHESIS_PROFILE", "dev"))

# A run started in the background by a non-interactive shell (`bash .ci/run
# &`) ignores SIGINT, and so does every process it starts: the tests of
# Ctrl-C would see no Ctrl-C (Python installs no KeyboardInterrupt then) and
# find the host's handler "ignore" where they expect the default. Handled
# here, it is back to the default in each child (exec resets a handled
# signal, not an ignored one).
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True, scope="session")
def _private_cache_dir(tmp_path_factory):
    """Tests (and the mlbox processes they start) keep the compiled-prelude
    cache in a temporary directory instead of the user's ~/.cache."""
    old = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("xdg-cache"))
    yield
    if old is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = old
