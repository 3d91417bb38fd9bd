"""Where a machine's `print` goes: both machines write to the host stream's
file descriptor directly when it has one (one write per print, so a refused
write stops the run at that print), else to the stream after the run."""

from __future__ import annotations

from typing import Optional


def output_fileno(out) -> Optional[int]:
    """out's file descriptor, or None (no stream, or one without a descriptor)."""
    if out is None:
        return None
    try:
        return out.fileno()
    except (AttributeError, OSError, ValueError):
        return None
