"""Story and incident clustering, independent of the store and of spaCy.

:class:`StoryEngine` takes reports one at a time (as
:class:`ReportFeatures`, built by :func:`report_features` from cleaned text
plus whatever names and dates are known) and keeps stories and incidents up
to date without recomputing the rest. The ``stories`` aggregator
(:mod:`crosswire.link.stories`) and the benchmarks both drive it.
"""

from __future__ import annotations

from crosswire.clustering.engine import ENGINE_VERSION, StoryEngine
from crosswire.clustering.evaluate import bcubed
from crosswire.clustering.features import IncidentMention, ReportFeatures, report_features
from crosswire.clustering.incidents import IncidentLinker
from crosswire.clustering.stories import StoryClusterer

__all__ = [
    "ENGINE_VERSION",
    "IncidentLinker",
    "IncidentMention",
    "ReportFeatures",
    "StoryClusterer",
    "StoryEngine",
    "bcubed",
    "report_features",
]
