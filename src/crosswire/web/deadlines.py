"""Request deadlines: no client can hold a connection, or the server's work, for ever.

A slow client ("slowloris") that trickles its headers or its body one byte
at a time, or sends half a request and stalls, used to keep its connection
and its request open indefinitely: uvicorn only times out idle keep-alive
connections, and ``POST /api/ingest`` waited for the rest of a body that
never came. Two limits, both settable (``crosswire serve --request-timeout
/ --handle-timeout``, or :func:`crosswire.web.create_app`; the defaults are
in :mod:`crosswire.limits`):

* ``request_timeout``: seconds a client gets to send one whole request,
  headers and body. The headers are timed on the connection
  (:func:`deadline_protocol`, uvicorn's h11 protocol with a timer armed when
  a request begins): past the limit the client gets a ``408`` and the
  connection is closed. The body is timed by :class:`RequestDeadline`, which
  makes the app's ``receive()`` raise :class:`RequestTimeoutError` (answered
  ``408``, connection closed) once the same limit has passed. The limit is
  absolute, not per byte, so trickling does not reset it.
* ``handle_timeout``: seconds the server spends answering one request. Past
  it the client gets a ``503`` and the connection is freed; the work a
  server thread was doing cannot be killed (Python threads cannot be
  stopped) and finishes in the background, its answer dropped. Per-report
  work, the part a hostile report can make slow, has its own watchdog
  (``--timeout``, :mod:`crosswire.isolation`), which does stop it.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from crosswire.errors import RequestTimeoutError
from crosswire.limits import DEFAULT_HANDLE_TIMEOUT, DEFAULT_REQUEST_TIMEOUT

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["RequestDeadline", "deadline_protocol"]


def _timeout_response(seconds: float) -> bytes:
    body = f"request not received within {seconds:g} s\n".encode()
    head = (
        "HTTP/1.1 408 Request Timeout\r\n"
        "content-type: text/plain; charset=utf-8\r\n"
        "x-content-type-options: nosniff\r\n"
        "connection: close\r\n"
        f"content-length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


def deadline_protocol(request_timeout: float = DEFAULT_REQUEST_TIMEOUT) -> type[asyncio.Protocol]:
    """uvicorn's h11 HTTP protocol, giving each request's headers ``request_timeout`` seconds.

    The timer starts when a connection opens and when the first bytes of a
    next request arrive on a kept-alive one, and stops when the headers are
    complete (:class:`RequestDeadline` then times the body). Pass the class
    as ``uvicorn.run(..., http=...)``.
    """
    from uvicorn.protocols.http.h11_impl import H11Protocol

    response = _timeout_response(request_timeout)

    class DeadlineProtocol(H11Protocol):
        _timer: asyncio.TimerHandle | None = None
        _armed_for: object = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            if self._timer is None and (self.cycle is None or self.cycle.response_complete):
                self._arm()  # a next request begins on a kept-alive connection
            super().data_received(data)
            if self._timer is not None and self.cycle is not self._armed_for:
                self._disarm()  # its headers are in: the app's RequestDeadline times the body

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._armed_for = self.cycle
            self._timer = self.loop.call_later(request_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _too_slow(self) -> None:
            self._timer = None
            if not self.transport.is_closing():
                self.transport.write(response)
                self.transport.close()

    return DeadlineProtocol


class RequestDeadline:
    """ASGI middleware: the body within ``request_timeout``, the answer within ``handle_timeout``.

    ``receive()`` raises :class:`RequestTimeoutError` once the request has
    taken ``request_timeout`` seconds and its body is not complete yet (the
    app answers 408). An app that has not answered after ``handle_timeout``
    seconds is left to finish in the background and the client gets a 503.
    """

    def __init__(
        self,
        app: ASGIApp,
        request_timeout: float = DEFAULT_REQUEST_TIMEOUT,
        handle_timeout: float = DEFAULT_HANDLE_TIMEOUT,
    ) -> None:
        self.app = app
        self.request_timeout = request_timeout
        self.handle_timeout = handle_timeout
        self._late: set[asyncio.Task[None]] = set()  # answers abandoned, still running

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.request_timeout
        body_done = False
        started = answered = False

        async def timed_receive() -> Message:
            nonlocal body_done
            if body_done:  # after the body, receive() only waits for a disconnect: untimed
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                raise RequestTimeoutError(
                    f"the request was not received within {self.request_timeout:g} s "
                    "(crosswire serve --request-timeout)"
                ) from None
            body_done = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if answered:
                return  # the client was told 503 already: this late answer goes nowhere
            started = True
            await send(message)

        task = asyncio.ensure_future(self.app(scope, timed_receive, guarded_send))
        done, _ = await asyncio.wait({task}, timeout=self.handle_timeout)
        if done:
            task.result()  # re-raise what the app raised, as if it had been awaited
            return
        answered = True
        self._late.add(task)
        task.add_done_callback(self._finished_late)
        if not started:
            await _send_unavailable(send, scope, self.handle_timeout)

    def _finished_late(self, task: asyncio.Task[None]) -> None:
        self._late.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved, so asyncio does not log it as never retrieved


async def _send_unavailable(send: Send, scope: Scope, seconds: float) -> None:
    message = (
        f"the server did not answer within {seconds:g} s (crosswire serve --handle-timeout); "
        "the work goes on in the background: try again later"
    )
    path = str(scope.get("path", ""))
    body: bytes
    if path == "/api" or path.startswith("/api/"):
        body = json.dumps({"error": message, "status": 503}).encode()
        kind = b"application/json"
    else:
        body = message.encode()
        kind = b"text/plain; charset=utf-8"
    headers: list[tuple[bytes, bytes]] = [
        (b"content-type", kind),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
        (b"retry-after", b"60"),
        (b"x-content-type-options", b"nosniff"),
    ]
    start: dict[str, Any] = {"type": "http.response.start", "status": 503, "headers": headers}
    await send(start)
    await send({"type": "http.response.body", "body": body})
