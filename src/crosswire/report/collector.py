"""Python's cycle collector, paused while a report is made.

Making a large story's report allocates millions of small objects (evidence,
segments, rows, strings) while the export it reads stays alive; each time the
allocations cross the collector's thresholds it walks every live container,
the export's tens of thousands of dicts included, and finds almost nothing to
free: a third of a 1,000-report story's report time went to those walks. The
report code makes no reference cycles worth collecting early, so the
collector is paused for the duration and runs as usual afterwards.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Disable the cycle collector inside the block; re-enable it after if it was enabled.

    Nested or concurrent uses are safe: only the use that found it enabled
    turns it back on, and a collector left enabled by another thread just
    means that block runs with it.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
