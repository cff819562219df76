"""``crosswire serve --auth``: one HTTP Basic login in front of every page and API call."""

from __future__ import annotations

import base64
import shutil
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra (crosswire[web]) is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from crosswire.errors import ConfigError
from crosswire.web import create_app
from crosswire.web.auth import parse_credentials

LOGIN = ("analyst", "s3cret:with:colons")


def basic(user: str, password: str) -> dict[str, str]:
    token = base64.b64encode(f"{user}:{password}".encode()).decode()
    return {"Authorization": f"Basic {token}"}


@pytest.fixture
def locked(example_store: Path, tmp_path: Path) -> TestClient:
    db = tmp_path / "copy.db"
    shutil.copy(example_store, db)
    return TestClient(create_app(db, auth=LOGIN))


@pytest.mark.parametrize("path", ["/", "/report", "/api", "/api/figures", "/static/web.css"])
def test_every_path_asks_for_the_login(locked: TestClient, path: str) -> None:
    r = locked.get(path)
    assert r.status_code == 401
    assert r.headers["www-authenticate"].startswith('Basic realm="crosswire"')
    assert "user name and password" in r.text
    if path.startswith("/api"):
        assert r.json()["status"] == 401


@pytest.mark.parametrize(
    "headers",
    [
        basic("analyst", "wrong"),
        basic("someone", LOGIN[1]),
        basic("analyst", LOGIN[1] + "x"),
        {"Authorization": "Bearer " + LOGIN[1]},
        {"Authorization": "Basic not-base64!"},
        {"Authorization": "Basic " + base64.b64encode(b"analyst").decode()},
    ],
)
def test_wrong_or_malformed_credentials_are_refused(locked: TestClient, headers: dict) -> None:
    assert locked.get("/api/articles", headers=headers).status_code == 401


def test_the_right_login_opens_pages_and_api(locked: TestClient) -> None:
    ok = basic(*LOGIN)
    assert locked.get("/api/articles", headers=ok).json()["count"] == 3
    page = locked.get("/", headers=ok)
    assert page.status_code == 200 and "Mariupol" in page.text


def test_ingest_without_login_changes_nothing(locked: TestClient) -> None:
    r = locked.post("/api/ingest", json={"text": "A convoy left Mariupol on Monday."})
    assert r.status_code == 401
    assert locked.get("/api/articles", headers=basic(*LOGIN)).json()["count"] == 3


def test_no_auth_means_open_as_before(example_store: Path) -> None:
    with TestClient(create_app(example_store)) as c:
        assert c.get("/api/articles").status_code == 200


@pytest.mark.parametrize("spec", ["analyst", ":pw", "analyst:", ""])
def test_bad_auth_spec_says_what_is_expected(spec: str) -> None:
    with pytest.raises(ConfigError, match="USER:PASSWORD"):
        parse_credentials(spec)
    assert parse_credentials("a:b:c") == ("a", "b:c")


def test_serve_refuses_a_bad_auth_spec_before_listening(
    example_store: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from crosswire.cli import main

    monkeypatch.setenv("CROSSWIRE_AUTH", "no-colon-here")
    with pytest.raises(SystemExit) as exc:
        main(["--db", str(example_store), "serve", "--port", "0"])
    assert exc.value.code == 2
    assert "USER:PASSWORD" in capsys.readouterr().err
