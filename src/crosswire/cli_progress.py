"""Progress bars on stderr for the commands that ingest (``ingest``, ``batch``).

Below both command modules, so that neither imports the other for it. tqdm is imported on
the first update, never when the bars are off.
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["ProgressBars"]


class ProgressBars:
    """tqdm bars per stage on stderr; silent when stderr is not a terminal or --quiet."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._bars: dict[str, Any] = {}

    def __call__(self, stage: str, done: int, total: int | None) -> None:
        if not self.enabled:
            return
        from tqdm import tqdm

        bar = self._bars.get(stage)
        if bar is None:
            bar = tqdm(total=total, desc=stage, unit="doc", file=sys.stderr, leave=False)
            self._bars[stage] = bar
        bar.update(done - bar.n)

    def close(self) -> None:
        """Close every bar opened so far."""
        for bar in self._bars.values():
            bar.close()
