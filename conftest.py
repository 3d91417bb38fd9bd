"""Repository-wide pytest set-up. (Being at the root, this file also makes
the `mlbox`, `ccam` and `tests` packages importable from the checkout.)"""

import os

import pytest


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
