"""A real PostgreSQL for the tests: started once per test session (per xdist worker) in a
scratch folder, listening on 127.0.0.1 only on a free port, stopped and deleted at the end.

`postgres_server` (session) is the server; `postgres_url` gives each test a database of its
own. Both skip with the reason when PostgreSQL (initdb, pg_ctl) or psycopg is not installed.
PostgreSQL refuses to run as root: under root the server runs as the `postgres` user (the
scratch folder is made theirs), or the tests are skipped when there is none.

tests/conftest.py loads this module as a plugin: a test asks for either fixture by name.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

START_SECONDS = 60  # a loaded machine may take long to start it; never waited on for ever
USER = "urland"  # the database user (trusted on 127.0.0.1 inside the scratch folder only)
_numbers = itertools.count(1)


def _bin_dir() -> Path | None:
    """The folder of initdb and pg_ctl: on PATH, or the newest under /usr/lib/postgresql."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "pg_ctl").is_file():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class PostgresServer:
    port: int
    folder: Path
    restart_command: list[str] = field(default_factory=list)

    def restart(self) -> None:
        """Stop the server (every connection cut) and start it again on the same port."""
        _run(self.restart_command)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        import psycopg

        name = f"test_{os.getpid()}_{next(_numbers)}"
        with psycopg.connect(self.url(), autocommit=True, connect_timeout=10) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


class CannotStart(Exception):
    """PostgreSQL cannot be started here: the reason."""


def _as_postgres_user() -> list[str]:
    """The command prefix that runs PostgreSQL's programs as a user allowed to ([] when not
    root); CannotStart when none is."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        raise CannotStart("PostgreSQL will not run as root and there is no 'postgres' user"
                          ) from None
    runuser = shutil.which("runuser")
    if runuser is None:
        raise CannotStart("PostgreSQL will not run as root and runuser is not installed")
    return [runuser, "-u", "postgres", "--"]


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, timeout=START_SECONDS)
    if done.returncode != 0:
        raise RuntimeError(f"{command[-1]} failed: "
                           f"{done.stdout}{done.stderr}")


@contextlib.contextmanager
def started_postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL started in a scratch folder for the block (the tests' fixture, and
    `benchmarks/net_bench.py --store scratch`); CannotStart with the reason."""
    bin_dir = _bin_dir()
    if bin_dir is None:
        raise CannotStart("PostgreSQL is not installed (no initdb and pg_ctl)")
    prefix = _as_postgres_user()
    folder = Path(tempfile.mkdtemp(prefix="urland-postgres-"))
    if prefix:
        entry = pwd.getpwnam("postgres")
        os.chown(folder, entry.pw_uid, entry.pw_gid)
    data, port = folder / "data", _free_port()
    _run([*prefix, str(bin_dir / "initdb"), "-D", str(data), "-U", USER, "-A", "trust",
          "--no-sync", "-E", "UTF8"])
    options = f"-h 127.0.0.1 -p {port} -k {folder} -c max_connections=200"
    ctl = [*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l",
           str(folder / "log"), "-w", "-t", str(START_SECONDS)]
    _run([*ctl, "start"])
    try:
        yield PostgresServer(port, folder, [*ctl, "-m", "fast", "restart"])
    finally:
        subprocess.run([*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast",
                        "-w", "-t", str(START_SECONDS), "stop"],
                       capture_output=True, timeout=START_SECONDS + 10)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install '.[server]')")
    try:
        with started_postgres() as server:
            yield server
    except CannotStart as exc:
        pytest.skip(str(exc))


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """The URL of a database of the test's own on the session's PostgreSQL."""
    return postgres_server.new_database()
