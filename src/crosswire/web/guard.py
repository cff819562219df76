"""What protects the server from its clients: body size while reading, and security headers.

The 20 MB body limit used to be checked after ``await request.body()`` had
read everything: five parallel 100 MB posts took the server from 34 MB to
1.2 GB. :func:`read_body` refuses a declared ``Content-Length`` over the
limit before reading a byte, and counts the bytes as they stream in, so a
client that lies or sends chunks is cut off at the limit.
:class:`SecurityHeaders` adds ``X-Content-Type-Options: nosniff`` and a
Content-Security-Policy with ``frame-ancestors 'none'`` to every response
(the report pages carried their policy only in a meta tag, which cannot
forbid framing).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from crosswire.errors import PayloadTooLargeError

__all__ = ["FRAME_ANCESTORS", "SecurityHeaders", "read_body"]

FRAME_ANCESTORS = "frame-ancestors 'none'"
"""Added to every Content-Security-Policy header; a response without one gets this alone
(the report page keeps its own policy in a meta tag, which cannot forbid framing)."""
_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, refused once it is known or seen to exceed ``limit`` bytes.

    Raises:
        PayloadTooLargeError: the declared or the received size is over the limit (HTTP 413).
    """
    too_large = PayloadTooLargeError(f"body is larger than {limit // (1024 * 1024)} MB")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise too_large
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large
        chunks.append(chunk)
    return b"".join(chunks)


class SecurityHeaders:
    """ASGI middleware adding the security headers to every HTTP response it passes on."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", [])]
                names = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in _HEADERS if k not in names]
                policy = FRAME_ANCESTORS.encode()
                for n, (k, v) in enumerate(headers):
                    if k.lower() == b"content-security-policy":
                        if b"frame-ancestors" not in v:
                            headers[n] = (k, v.rstrip(b"; ") + b"; " + policy)
                        break
                else:
                    headers.append((b"content-security-policy", policy))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)
