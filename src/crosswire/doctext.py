"""The text of a parsed Doc, built once.

spaCy's ``Doc.text`` is not stored: every access joins the text of every token
again (``"".join(t.text_with_ws for t in doc)``, one Python ``Token`` object per
token). Extractors read it inside loops -- per sentence, per victim mention, per
figure -- and profiling the figures extractor on the Gun Violence Corpus showed
about 36 rebuilds per report, most of its time. :func:`doc_text` keeps the
joined text in ``doc.user_data`` (not serialised: the store writes parses with
``store_user_data=False``), so each Doc builds it once.
"""

from __future__ import annotations

from spacy.tokens import Doc

__all__ = ["doc_text"]

_KEY = "crosswire.doc_text"


def doc_text(doc: Doc) -> str:
    """``doc.text``, computed on first call and kept with the Doc.

    The cached text is tagged with the Doc's token count, so a Doc retokenised
    after the first call is joined again rather than trusted.
    """
    cached = doc.user_data.get(_KEY)
    if isinstance(cached, tuple) and cached[0] == len(doc):
        return str(cached[1])
    text = doc.text
    doc.user_data[_KEY] = (len(doc), text)
    return text
