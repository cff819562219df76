"""Word stems: a word lower-cased, without its possessive or a regular plural ending.

Story clustering compares reports by stemmed terms and names ("Angels" and "angel" are one
term), and the lead-roles extractor keys a sentence's subject the same way, so the two must
agree; this module sits below both (extract may not import clustering).
"""

from __future__ import annotations

__all__ = ["stem"]


def stem(word: str) -> str:
    """Lower-case ``word`` and strip a possessive and a regular plural ending."""
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    w = w.strip("'-")
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 4 and w.endswith(("ses", "xes", "zes", "ches", "shes")):
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w
