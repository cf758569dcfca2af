"""A throwaway PostgreSQL cluster for the tests: initdb + pg_ctl in a temporary folder, one per test session.

Import the fixtures from a test module (`from pg_cluster import pg_cluster, pg_url`). The cluster is started
once per process, on first use, and stopped when the process exits. The server binaries are found through
$PG_BINDIR, `pg_config --bindir`, PATH, or /usr/lib/postgresql/*/bin. initdb refuses to run as root, so as
root the cluster runs as the `postgres` user (or `nobody`) in a folder that user owns.

Outside CI, missing binaries or a missing psycopg skip the PostgreSQL tests with the reason; under CI=true
they fail, since `.ci/run` installs Debian's `postgresql` package.
"""

import atexit
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
from pathlib import Path

import pytest

USER = "combatlog"  # the cluster's superuser; trust authentication on 127.0.0.1 only


def find_bindir() -> Path | None:
    """The folder holding initdb and pg_ctl, or None."""
    candidates = [os.environ.get("PG_BINDIR", "")]
    try:
        candidates.append(subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True).stdout.strip())
    except OSError:
        pass
    initdb = shutil.which("initdb")
    candidates.append(str(Path(initdb).parent) if initdb else "")
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version_key, reverse=True)
    for folder in candidates:
        if folder and all(os.access(Path(folder) / tool, os.X_OK) for tool in ("initdb", "pg_ctl", "postgres")):
            return Path(folder)
    return None


def _version_key(folder: str) -> int:
    version = Path(folder).parent.name
    return int(version) if version.isdigit() else 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Cluster:
    """A running cluster in its own temporary folder; `stop()` kills it and removes the folder."""

    def __init__(self, bindir: Path, settings: dict[str, str] | None = None):
        self.bindir = bindir
        # As root the server runs as another user, who must reach the folder: /tmp rather than a private $TMPDIR.
        root = os.geteuid() == 0 and os.path.isdir("/tmp")
        self.folder = Path(tempfile.mkdtemp(prefix="combatlog-pg-", dir="/tmp" if root else None))
        self.data = self.folder / "data"
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            account = _unprivileged_account()
            os.chown(self.folder, account.pw_uid, account.pw_gid)
            self.prefix = ["setpriv", f"--reuid={account.pw_uid}", f"--regid={account.pw_gid}", "--clear-groups",
                           "--reset-env"]
        self._run("initdb", "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8", "--locale=C",
                  "--no-sync")
        self.port = _free_port()
        # Tests trade durability for speed; the benchmark passes its own (durable) settings.
        chosen = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off", "max_connections": "200",
                  "shared_buffers": "64MB", **(settings or {})}
        options = " ".join([f"-p {self.port}", "-c listen_addresses=127.0.0.1",
                            f"-c unix_socket_directories={self.folder}",
                            *(f"-c {name}={value}" for name, value in chosen.items())])
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "server.log"), "-o", options, "-w", "start")
        self._names = itertools.count(1)
        self._lock = threading.Lock()

    def _run(self, tool: str, *args: str) -> None:
        result = subprocess.run([*self.prefix, str(self.bindir / tool), *args], capture_output=True, text=True,
                                cwd=self.folder)
        if result.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{tool} failed ({result.returncode}): {result.stderr.strip()}\n{tail}")

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{dbname}"

    def new_database(self) -> str:
        """The URL of a new empty database (a fresh log)."""
        import psycopg

        with self._lock:
            name = f"log_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name} STRATEGY FILE_COPY")
        return self.url(name)

    def stop(self) -> None:
        subprocess.run([*self.prefix, str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"],
                       capture_output=True, cwd=self.folder)
        shutil.rmtree(self.folder, ignore_errors=True)


def _unprivileged_account() -> pwd.struct_passwd:
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise RuntimeError("running as root and neither a 'postgres' nor a 'nobody' account exists to run initdb")


_cluster: Cluster | None = None
_cluster_lock = threading.Lock()


def unavailable(reason: str) -> None:
    """Skip outside CI; fail under CI=true, where the server must be there."""
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"PostgreSQL tests cannot run under CI: {reason}", pytrace=False)
    pytest.skip(f"PostgreSQL tests skipped: {reason}")


def cluster() -> Cluster:
    """The process's cluster, started on first use; skips or fails (under CI) when it cannot be had."""
    global _cluster
    try:
        import psycopg  # noqa: F401
        import psycopg_pool  # noqa: F401
    except ImportError as error:
        unavailable(f"{error.name} is not installed (pip install -e '.[postgres]')")
    with _cluster_lock:
        if _cluster is None:
            bindir = find_bindir()
            if bindir is None:
                unavailable("no PostgreSQL server binaries (initdb, pg_ctl) found via $PG_BINDIR, pg_config, PATH "
                            "or /usr/lib/postgresql/*/bin; install them with `apt-get install postgresql`")
            _cluster = Cluster(bindir)
            atexit.register(_cluster.stop)
    return _cluster


@pytest.fixture(scope="session")
def pg_cluster() -> Cluster:
    """The running throwaway cluster."""
    return cluster()


@pytest.fixture
def pg_url(pg_cluster) -> str:
    """A `postgresql://` URL to a new, empty database: a fresh log for one test."""
    return pg_cluster.new_database()
