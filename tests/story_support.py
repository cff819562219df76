"""Helpers for the story and incident engine tests: features without spaCy, incidents by text."""

from __future__ import annotations

from crosswire.clustering import StoryEngine


def incident_at(engine: StoryEngine, aid: str, needle: str, text: str) -> str:
    """The incident of the mention of report ``aid`` whose sentences hold ``needle``."""
    at = text.index(needle)
    for k, m in enumerate(engine.features[aid].mentions):
        if any(s <= at < e for s, e in m.spans):
            return engine.incidents.of_article[aid][k]
    raise AssertionError(f"no incident mention covers {needle!r}")
