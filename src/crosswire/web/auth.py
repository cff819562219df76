"""HTTP Basic authentication for a dashboard shared beyond one machine.

``crosswire serve`` listens on 127.0.0.1 by default; an analyst who serves a
team on a network needs a lock on both the pages and ``POST /api/ingest``.
Basic authentication is what every browser prompts for and every HTTP
client sends (``curl -u USER:PASSWORD``), so nothing in the pages or the
API changes. It is a shared team login, not user management; credentials
cross the network in clear unless a TLS proxy sits in front, which the
``serve`` help says.

This is a pure ASGI middleware: it answers 401 before any route runs, so an
unauthenticated request never opens the store.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import json

from starlette.types import ASGIApp, Receive, Scope, Send

from crosswire.errors import ConfigError

__all__ = ["BasicAuth", "parse_credentials"]

REALM = "crosswire"


def parse_credentials(spec: str) -> tuple[str, str]:
    """``USER:PASSWORD`` as a pair; the password may itself contain colons.

    Raises:
        ConfigError: no colon, an empty user or an empty password.
    """
    user, sep, password = spec.partition(":")
    if not sep or not user or not password:
        raise ConfigError(
            "--auth / CROSSWIRE_AUTH must be USER:PASSWORD with both parts non-empty "
            "(e.g. --auth analyst:LONG-RANDOM-SECRET)"
        )
    return user, password


class BasicAuth:
    """Require ``user`` / ``password`` (HTTP Basic) on every HTTP request to ``app``."""

    def __init__(self, app: ASGIApp, user: str, password: str) -> None:
        self.app = app
        self._expected = (user.encode("utf-8"), password.encode("utf-8"))

    def _allowed(self, scope: Scope) -> bool:
        header = dict(scope.get("headers") or []).get(b"authorization", b"")
        scheme, _, token = header.partition(b" ")
        if scheme.lower() != b"basic":
            return False
        try:
            decoded = base64.b64decode(token.strip(), validate=True)
        except (binascii.Error, ValueError):
            return False
        user, sep, password = decoded.partition(b":")
        # compare both parts, always, in constant time: no early exit to time
        same_user = hmac.compare_digest(user, self._expected[0])
        same_password = hmac.compare_digest(password, self._expected[1])
        return bool(sep) and same_user and same_password

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self._allowed(scope):
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        message = "log in: this crosswire server needs a user name and password (HTTP Basic)"
        if path == "/api" or path.startswith("/api/"):
            body = json.dumps({"error": message, "status": 401}).encode("utf-8")
            media = b"application/json"
        else:
            body = f"<!doctype html><title>Log in</title><p>{message}</p>".encode()
            media = b"text/html; charset=utf-8"
        await send(
            {
                "type": "http.response.start",
                "status": 401,
                "headers": [
                    (b"www-authenticate", f'Basic realm="{REALM}", charset="UTF-8"'.encode()),
                    (b"content-type", media),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
