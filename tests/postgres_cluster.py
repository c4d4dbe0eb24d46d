"""A real PostgreSQL for the tests: started in a scratch folder on 127.0.0.1, stopped at the end.

`initdb` and `pg_ctl` are looked for under `/usr/lib/postgresql/*/bin` (Debian's layout) or in
`URLAND_PG_BIN`; without them the tests that need a database are skipped with that reason
(`.ci/run` installs Debian's `postgresql` first). PostgreSQL refuses to run as root, so a root
test run starts it as the `postgres` user (Debian's package makes it) in a folder of its own.
Every wait is bounded: `pg_ctl -w` waits for the server to answer, `-t` caps the wait.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

START_SECONDS = 60  # pg_ctl's own bound on a start or restart on a loaded machine


def postgres_bin() -> Path | None:
    """The folder holding `initdb` and `pg_ctl`, or None when PostgreSQL is not installed."""
    given = os.environ.get("URLAND_PG_BIN")
    folders = [given] if given else sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for folder in folders:
        if folder and (Path(folder) / "initdb").is_file() and (Path(folder) / "pg_ctl").is_file():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class PostgresServer:
    """One PostgreSQL cluster in a scratch folder, listening on 127.0.0.1 only."""

    def __init__(self, bin_dir: Path, folder: Path) -> None:
        self.bin = bin_dir
        self.folder = folder
        self.data = folder / "data"
        self.port = _free_port()
        self.user = "urland"
        self._as: list[str] = []
        if os.geteuid() == 0:  # initdb and postgres refuse root
            account = pwd.getpwnam("postgres")
            os.chown(folder, account.pw_uid, account.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]

    @property
    def url(self) -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/urland"

    def _run(self, *args: str) -> None:
        subprocess.run([*self._as, *args], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, timeout=START_SECONDS + 30)

    def _ctl(self, action: str) -> None:
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 "
                   f"-c unix_socket_directories={self.folder} -c max_connections=200")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l",
                  str(self.folder / "server.log"), "-o", options, "-w", "-t",
                  str(START_SECONDS), "-m", "fast", action)

    def start(self) -> None:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", self.user,
                  "--auth=trust", "-E", "UTF8", "--no-instructions")
        self._ctl("start")
        self._run(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port),
                  "-U", self.user, "urland")

    def restart(self) -> None:
        """Stop the server (its connections cut) and start it again on the same port."""
        self._ctl("restart")

    def stop(self) -> None:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            self._ctl("stop")


@contextlib.contextmanager
def running_postgres() -> Iterator[PostgresServer]:
    """A started PostgreSQL; pytest.skip with the reason when it cannot be."""
    bin_dir = postgres_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (initdb and pg_ctl under "
                    "/usr/lib/postgresql/*/bin, or URLAND_PG_BIN); .ci/run installs it")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("the psycopg driver is not installed")
    folder = Path(tempfile.mkdtemp(prefix="urland-pg-"))
    server = PostgresServer(bin_dir, folder)
    try:
        try:
            server.start()
        except subprocess.CalledProcessError as exc:
            pytest.skip(f"PostgreSQL did not start: {exc.stderr.decode(errors='replace')}")
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    with running_postgres() as server:
        yield server


@pytest.fixture
def pg_database(postgres: PostgresServer) -> Iterator[str]:
    """A fresh empty database of the session's server for one test: its URL."""
    import psycopg

    name = f"t{os.urandom(6).hex()}"
    with psycopg.connect(postgres.url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield f"postgresql://{postgres.user}@127.0.0.1:{postgres.port}/{name}"
    with contextlib.suppress(Exception), psycopg.connect(postgres.url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
