"""A throwaway PostgreSQL server for the tests, run from Debian's ``postgresql`` package.

The tests of the PostgreSQL store talk to a real server, never a mock: this
module makes a fresh cluster in a temporary folder with ``initdb``, starts it
with ``pg_ctl`` on a free localhost port and stops it at the end. PostgreSQL
refuses to run as root, so under root the cluster belongs to the ``postgres``
system user (created by the Debian package) and every server command runs
through ``runuser``. Password authentication is on for TCP, so a test can
present wrong credentials and see them refused.

``make test`` installs the package when it can (root with apt); where the
binaries or the driver are missing, :func:`start_server` says why and the
tests that need a server are skipped with that reason.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

__all__ = ["PgServer", "start_server"]

SUPERUSER = "crosswire"
PASSWORD = "crosswire-test-secret"


@dataclass
class PgServer:
    """A running throwaway cluster; :meth:`stop` ends it and deletes its files."""

    folder: Path
    port: int
    bindir: Path
    runas: list[str]

    def url(self, dbname: str = "postgres", password: str = PASSWORD) -> str:
        """A store URL for database ``dbname`` as the cluster's superuser."""
        return f"postgresql://{SUPERUSER}:{password}@127.0.0.1:{self.port}/{dbname}"

    def stop(self) -> None:
        """Stop the server (fast shutdown) and remove the cluster folder."""
        subprocess.run(
            [*self.runas, str(self.bindir / "pg_ctl"), "stop", "-D", str(self.folder / "data"),
             "-m", "fast", "-w"],
            capture_output=True,
            check=False,
            timeout=60,
        )  # fmt: skip
        shutil.rmtree(self.folder, ignore_errors=True)


def _bindir() -> Path | None:
    """Folder holding initdb and pg_ctl: on PATH, else Debian's versioned folder."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server() -> PgServer | str:
    """Start a fresh cluster, or return why one cannot run here (a skip reason)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg not installed (pip install -e '.[postgres]'; make test does)"
    bindir = _bindir()
    if bindir is None:
        return "PostgreSQL server not installed (apt-get install postgresql; make test does)"
    runas: list[str] = []
    if os.geteuid() == 0:
        runuser = shutil.which("runuser")
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no 'postgres' user to run the server as"
        if runuser is None:
            return "running as root and runuser is missing: cannot run the server as 'postgres'"
        runas = [runuser, "-u", "postgres", "--"]
    folder = Path(tempfile.mkdtemp(prefix="crosswire-pg-"))
    if runas:
        shutil.chown(folder, "postgres", "postgres")
    pwfile = folder / "pw"
    pwfile.write_text(PASSWORD + "\n")
    if runas:
        shutil.chown(pwfile, "postgres", "postgres")
    data = folder / "data"
    port = _free_port()
    steps = [
        [str(bindir / "initdb"), "-D", str(data), "-U", SUPERUSER, f"--pwfile={pwfile}",
         "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C.UTF-8"],
        [str(bindir / "pg_ctl"), "start", "-D", str(data), "-w", "-t", "60",
         "-l", str(folder / "server.log"),
         "-o", f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"],
    ]  # fmt: skip
    for step in steps:
        done = subprocess.run([*runas, *step], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            log = folder / "server.log"
            tail = log.read_text()[-800:] if log.exists() else ""
            shutil.rmtree(folder, ignore_errors=True)
            return f"cannot start PostgreSQL ({Path(step[0]).name}): {done.stderr[-800:]} {tail}"
    return PgServer(folder=folder, port=port, bindir=bindir, runas=runas)
