"""Fetching a report from an http(s) URL, with errors a person can act on.

crosswire is built to run offline (in the field, behind firewalls), so a
URL is a convenience: when it cannot be fetched, the message says why and
that saving the page and ingesting the file works just as well.
"""

from __future__ import annotations

import errno
import http.client
import socket
import ssl
import urllib.error
import urllib.request
from dataclasses import dataclass
from urllib.parse import urlsplit

from crosswire.errors import BadUrlError, NetworkUnavailableError
from crosswire.ingest.decode import check_size

__all__ = ["FETCH_TIMEOUT", "USER_AGENT", "Fetched", "fetch_url", "is_url"]

FETCH_TIMEOUT = 15.0
USER_AGENT = "crosswire/0.1 (news cross-checking; +https://pypi.org/project/crosswire/)"
_OFFLINE_HINT = "crosswire works offline; save the page and ingest the file instead"
_LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})


def is_url(source: str) -> bool:
    """True for an http:// or https:// address."""
    return source.lower().startswith(("http://", "https://"))


@dataclass(frozen=True, slots=True)
class Fetched:
    """A fetched response body with what its headers say about it."""

    url: str
    data: bytes
    content_type: str
    charset: str | None


def _reason(err: BaseException, timeout: float) -> str:
    """A short, human explanation of a low-level network failure."""
    if isinstance(err, socket.gaierror):
        return "host not found (no DNS or no network)"
    if isinstance(err, TimeoutError | socket.timeout):
        return f"no answer within {timeout:g} s"
    if isinstance(err, ConnectionRefusedError):
        return "connection refused"
    if isinstance(err, ssl.SSLError):
        return f"secure connection failed ({err.reason or err})"
    if isinstance(err, OSError) and err.errno in (errno.ENETUNREACH, errno.EHOSTUNREACH):
        return "network unreachable"
    return f"network error ({err})"


def _opener(url: str) -> urllib.request.OpenerDirector:
    # A proxy from the environment can never reach this machine's loopback services.
    host = (urlsplit(url).hostname or "").lower()
    if host in _LOOPBACK:
        return urllib.request.build_opener(urllib.request.ProxyHandler({}))
    return urllib.request.build_opener()


def fetch_url(url: str, *, max_bytes: int, timeout: float = FETCH_TIMEOUT) -> Fetched:
    """GET ``url``, refusing bodies over ``max_bytes``.

    Raises NetworkUnavailableError (what failed, and the offline hint) when
    the page cannot be fetched, BadUrlError when ``url`` does not parse,
    DocumentTooLargeError when it is too big.
    """
    try:
        request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
        opener = _opener(url)
    except ValueError as err:  # urllib parses lazily: "http://[::1/x" fails only here
        raise BadUrlError(url, f"cannot fetch {url}: not a valid URL ({err})") from None
    try:
        with opener.open(request, timeout=timeout) as response:
            length = response.headers.get("Content-Length")
            if length and length.isdigit():
                check_size(url, int(length), max_bytes)
            data = response.read(max_bytes + 1)
            check_size(url, len(data), max_bytes)
            return Fetched(
                url=url,
                data=data,
                content_type=response.headers.get_content_type(),
                charset=response.headers.get_content_charset(),
            )
    except urllib.error.HTTPError as err:
        raise NetworkUnavailableError(
            url,
            f"cannot fetch {url}: the server answered HTTP {err.code} {err.reason}; "
            "check the address, or save the page from a browser and ingest the file",
        ) from None
    except urllib.error.URLError as err:
        reason = err.reason if isinstance(err.reason, BaseException) else OSError(err.reason)
        raise NetworkUnavailableError(
            url, f"cannot fetch {url}: {_reason(reason, timeout)} ({_OFFLINE_HINT})"
        ) from None
    except ValueError as err:  # a port out of range, a bad host, seen only when connecting
        raise BadUrlError(url, f"cannot fetch {url}: not a valid URL ({err})") from None
    except (TimeoutError, OSError, http.client.HTTPException) as err:
        raise NetworkUnavailableError(
            url, f"cannot fetch {url}: {_reason(err, timeout)} ({_OFFLINE_HINT})"
        ) from None
