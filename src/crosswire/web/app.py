"""The ASGI application: routes, error mapping and static assets.

One app serves one store. Each request takes the current
:class:`~crosswire.web.snapshot.Snapshot` (rebuilt only after a write), so
the API and the pages built from it always agree. Errors are answered, never
leaked as tracebacks: JSON ``{"error", "status"}`` under ``/api``, a short
page elsewhere, with 400 for a bad parameter, 404 for an unknown id or page,
422 for a document that cannot be ingested, 408 for a request not received in
time, 503 when a PostgreSQL store cannot be reached or refuses the credentials
(store errors never hold a password).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from crosswire.errors import (
    CrosswireError,
    PayloadTooLargeError,
    RequestTimeoutError,
    StoreAuthError,
    StoreUnreachableError,
)
from crosswire.limits import (
    DEFAULT_HANDLE_TIMEOUT,
    DEFAULT_LIMITS,
    DEFAULT_REQUEST_TIMEOUT,
    Limits,
)
from crosswire.web.api import ENDPOINTS, api_index
from crosswire.web.auth import BasicAuth
from crosswire.web.deadlines import RequestDeadline
from crosswire.web.guard import SecurityHeaders, read_body
from crosswire.web.ingest_api import MAX_BODY_BYTES, BadDocumentError, Ingester
from crosswire.web.pages import PAGES, html_page
from crosswire.web.query import BadQueryError, NotFoundError
from crosswire.web.render import render
from crosswire.web.snapshot import Snapshot, SnapshotCache

if TYPE_CHECKING:
    from crosswire.annotate import Annotator

__all__ = ["create_app"]

View = Callable[[Snapshot, Request], Response]

_STATIC = {
    "sitrep.css": ("crosswire.report", "static/sitrep.css", "text/css; charset=utf-8"),
    "web.css": ("crosswire.web", "static/web.css", "text/css; charset=utf-8"),
    "web.js": ("crosswire.web", "static/web.js", "text/javascript; charset=utf-8"),
    "mapzoom.js": ("crosswire.geo", "mapzoom.js", "text/javascript; charset=utf-8"),
}


_LOG = logging.getLogger("crosswire.web")


@cache
def _asset(name: str) -> bytes:
    package, path, _ = _STATIC[name]
    return files(package).joinpath(path).read_bytes()


def _error(request: Request, status: int, message: str) -> Response:
    if request.url.path == "/api" or request.url.path.startswith("/api/"):
        response: Response = JSONResponse({"error": message, "status": status}, status_code=status)
    else:
        body = render("error.html.j2", title=f"Error {status}", active="", message=message)
        response = html_page(body, status)
    if status == 408:  # the rest of a stalled request is not waited for: free the connection
        response.headers["connection"] = "close"
    return response


def _request_line(request: Request) -> str:
    """Path and query string of ``request``, as a log line replays it."""
    query = request.url.query
    return request.url.path + (f"?{query}" if query else "")


def _status(exc: Exception) -> int:
    if isinstance(exc, NotFoundError):
        return 404
    if isinstance(exc, BadQueryError):
        return 400
    if isinstance(exc, BadDocumentError):
        return 422
    if isinstance(exc, PayloadTooLargeError):
        return 413
    if isinstance(exc, RequestTimeoutError):
        return 408
    if isinstance(exc, StoreUnreachableError | StoreAuthError):
        return 503  # the database server is down or refuses us: not this request's fault
    return 500


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
    """The crosswire web app (dashboard + JSON API) for the store ``db`` names.

    ``db`` is what ``--db`` / ``CROSSWIRE_DB`` take: a SQLite file path or a
    ``postgresql://`` URL, opened through :func:`crosswire.store.open_store`.
    Nothing is read until the first request; the export is then built once
    per store state and shared by every page and endpoint. ``annotator`` is
    the spaCy pipeline ``POST /api/ingest`` uses (loaded on first ingest
    when not given). ``read_only`` refuses ``POST /api/ingest`` (403), for a
    dashboard shared with people who should not add reports. ``auth``
    (user, password) requires HTTP Basic credentials on every request
    (:class:`~crosswire.web.auth.BasicAuth`), pages and API alike. With
    ``warm`` (the default) the spaCy pipeline loads, and the ingest worker
    process starts, before the server takes requests (:mod:`crosswire.web.guard`
    has the other protections). ``limits`` bound each posted report as
    ``crosswire ingest``'s options do. A request must arrive within
    ``request_timeout`` seconds and is answered within ``handle_timeout``
    (:mod:`crosswire.web.deadlines`; serve with
    :func:`~crosswire.web.deadlines.deadline_protocol` to time the headers too).
    """
    snapshots = SnapshotCache(db)
    ingester = Ingester(db, annotator=annotator, limits=limits)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # Every model and module loads once, here, before the first request: lazily,
        # a page's import of spaCy raced a POST's and one of them failed.
        import crosswire.export
        import crosswire.report  # noqa: F401

        if not read_only and warm:
            await run_in_threadpool(ingester.warm)
        yield
        snapshots.close()  # the PostgreSQL connection kept between requests
        await run_in_threadpool(ingester.close)  # the worker process

    def wrap(view: View) -> Callable[[Request], object]:
        async def endpoint(request: Request) -> Response:
            try:
                return await run_in_threadpool(lambda: view(snapshots.get(), request))
            except CrosswireError as exc:
                status = _status(exc)
                if status == 500:  # a bug or a broken store, not the caller's mistake
                    _LOG.error(
                        "500 on %s %s: %s: %s",
                        request.method,
                        _request_line(request),
                        type(exc).__name__,
                        exc,
                        exc_info=exc,
                    )
                return _error(request, status, str(exc))

        return endpoint

    async def index(request: Request) -> Response:
        return JSONResponse(api_index())

    async def ingest(request: Request) -> Response:
        if read_only:
            return _error(request, 403, "this server is read-only (crosswire serve --read-only)")
        try:
            body = await read_body(request, MAX_BODY_BYTES)
            result = await run_in_threadpool(ingester.ingest, body)
        except ClientDisconnect:
            # nobody is left to answer, and nothing went wrong here: one line, no traceback
            _LOG.info(
                "%s %s: the client left before its body was read", request.method, request.url.path
            )
            return Response(status_code=400)
        except CrosswireError as exc:
            return _error(request, _status(exc), str(exc))
        finally:
            snapshots.invalidate()
        return JSONResponse(result, status_code=201 if result["added"] else 200)

    async def static(request: Request) -> Response:
        name = str(request.path_params["name"])
        if name not in _STATIC:
            return _error(request, 404, f"no static file {name!r}")
        return Response(_asset(name), media_type=_STATIC[name][2])

    async def http_error(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        detail = exc.detail if isinstance(exc, HTTPException) else "internal error"
        if status == 404:
            detail = f"no such page: {request.url.path} (GET /api lists the API)"
        return _error(request, status, str(detail))

    async def crash(request: Request, exc: Exception) -> Response:
        # The log names the request (method, path and query) with the traceback, so the
        # failure can be replayed; the client gets one line.
        _LOG.error(
            "500 on %s %s: %s: %s",
            request.method,
            _request_line(request),
            type(exc).__name__,
            exc,
            exc_info=exc,
        )
        return _error(request, 500, f"internal error ({type(exc).__name__}); see the server log")

    routes = [
        Route("/api", index, methods=["GET"]),
        Route("/api/ingest", ingest, methods=["POST"]),
        *(Route(e.path, wrap(e.handler), methods=["GET"]) for e in ENDPOINTS),
        *(Route(p, wrap(v), methods=["GET"]) for p, v in PAGES),
        Route("/static/{name}", static, methods=["GET"]),
    ]
    middleware = [
        Middleware(RequestDeadline, request_timeout=request_timeout, handle_timeout=handle_timeout),
        Middleware(SecurityHeaders),
    ]
    if auth:
        middleware.append(Middleware(BasicAuth, user=auth[0], password=auth[1]))
    return Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={HTTPException: http_error, Exception: crash},
        lifespan=lifespan,
    )
