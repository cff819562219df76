"""The web dashboard and JSON API (optional extra ``crosswire[web]``: Starlette + uvicorn).

``import crosswire`` and the other CLI commands never import this package's
server code; :func:`create_app` imports Starlette only when called, and says
which extra to install when it is missing, rather than failing with a bare
``ModuleNotFoundError`` deep inside a request.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from crosswire.errors import WebUnavailableError
from crosswire.limits import (
    DEFAULT_HANDLE_TIMEOUT,
    DEFAULT_LIMITS,
    DEFAULT_REQUEST_TIMEOUT,
    Limits,
)

if TYPE_CHECKING:
    from starlette.applications import Starlette

    from crosswire.annotate import Annotator

__all__ = ["WebUnavailableError", "create_app", "require_web"]

INSTALL_HINT = "install the web extra: pip install 'crosswire[web]' (Starlette and uvicorn)"


def require_web(*modules: str) -> None:
    """Raise :class:`WebUnavailableError` naming the first of ``modules`` that is missing."""
    import importlib.util

    for name in modules or ("starlette", "uvicorn"):
        if importlib.util.find_spec(name) is None:
            raise WebUnavailableError(f"{name} is not installed: {INSTALL_HINT}")


def create_app(
    db: str | Path,
    *,
    annotator: Annotator | None = None,
    read_only: bool = False,
    auth: tuple[str, str] | None = None,
    warm: bool = True,
    limits: Limits = DEFAULT_LIMITS,
    request_timeout: float = DEFAULT_REQUEST_TIMEOUT,
    handle_timeout: float = DEFAULT_HANDLE_TIMEOUT,
) -> Starlette:
    """The ASGI app serving the dashboard and the API for the store ``db`` names.

    ``db`` is a SQLite file path or a ``postgresql://`` URL, as ``--db`` takes.

    ``annotator`` is the spaCy pipeline ``POST /api/ingest`` uses (loaded on
    first use when not given); ``read_only`` refuses ``POST /api/ingest``;
    ``auth`` (user, password) requires HTTP Basic credentials on every request.
    With ``warm``, the model and the ingest worker load before requests are
    taken. ``limits`` bound each posted report; ``request_timeout`` and
    ``handle_timeout`` bound each request (:mod:`crosswire.web.deadlines`).

    Raises:
        WebUnavailableError: Starlette is not installed.
    """
    require_web("starlette")
    from crosswire.web.app import create_app as make

    return make(
        db,
        annotator=annotator,
        read_only=read_only,
        auth=auth,
        warm=warm,
        limits=limits,
        request_timeout=request_timeout,
        handle_timeout=handle_timeout,
    )
