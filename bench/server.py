"""The pieces of the HTTP benchmarks: the service under gunicorn, the request bodies, wrk.

:class:`Server` starts ``python -m service`` (the project's gunicorn settings, with the
overrides a benchmark asks for written to a config file that imports them) on a free
loopback port and stops it again. :func:`write_requests` writes the bodies of
:data:`ENDPOINTS` for the benchmark position :data:`POSITION` and the request lists
``bench/wrk.lua`` reads; :func:`run_wrk` runs wrk and returns its figures.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Final

from bench.positions import REACH_POINTS, bench_position
from bench.sdt_positions import bench_position as sdt_bench_position
from service.api.turm_und_leute.examples import examples
from service.spiel_der_tuerme import turn_plan_to_dict as sdt_turn_plan_to_dict
from service.terra_turrium import apply_turn, position_to_dict, setup_position, square_name, turn_plan_to_dict
from service.terra_turrium.random_player import random_setup, random_turn

ROOT: Final = Path(__file__).resolve().parent.parent
WRK_SCRIPT: Final = ROOT / "bench" / "wrk.lua"
RESULTS: Final = ROOT / "bench" / "results"

#: The position every request carries: a mid-game 4-player board (bench/positions.py).
POSITION: Final = "4p-midgame"
#: The replayed game: this many turns of random play from a 4-player random set-up.
REPLAY_TURNS: Final = 100


@dataclass(frozen=True)
class Endpoint:
    name: str
    method: str
    path: str
    body: str | None
    """Which body it sends (a key of :func:`bodies`), or None for a GET."""
    target: float | None
    """The least share of the floor's throughput it must reach, if any."""
    note: str = ""
    """What sets it apart from another row of the same path (the table shows it)."""
    questions: int = 1
    """How many questions one request asks (a batch's requests)."""

    @property
    def title(self) -> str:
        title = f"{self.method} {self.path.split('?')[0]}"
        return f"{title} ({self.note})" if self.note else title


#: The service's cheapest answer (gunicorn, Flask, flask-smorest and the per-request
#: hooks, a constant answer, no body to read): everything every request pays for.
FLOOR: Final = Endpoint("healthz", "GET", "/healthz", None, 0.90)
#: The honest floor: the same request to bench/bare_app.py, a bare Flask app on the
#: same gunicorn settings. Its throughput is the yardstick of every other row.
BARE: Final = Endpoint("bare", "GET", "/healthz", None, None, "bare Flask app")
#: Every question the benchmark asks, the service's floor first. The targets, shares of
#: the bare app's throughput: the service's own /healthz at least 90 %, every query (a
#: question about a position, of any game, the set-up, the board, the notation) at
#: least 70 %, the validation of a turn at least 65 %; applying a turn, which also
#: writes a whole position, at least 45 %. Batches and the replay have none of their own.
ENDPOINTS: Final = (
    FLOOR,
    Endpoint("removals", "POST", "/v1/removals", "position", 0.70),
    Endpoint("placements", "POST", "/v1/placements", "position", 0.70),
    Endpoint("reach", "POST", "/v1/reach", "reach", 0.70),
    Endpoint("captures", "POST", "/v1/captures", "position", 0.70),
    Endpoint("goal", "POST", "/v1/goal", "position", 0.70),
    Endpoint("turns/validate", "POST", "/v1/turns/validate", "turn", 0.65),
    Endpoint("turns/apply", "POST", "/v1/turns/apply", "turn", 0.45),
    Endpoint("turns/progress", "POST", "/v1/turns/progress", "turn", 0.45),
    Endpoint("setup", "GET", "/v1/setup?players=4", None, 0.70),
    Endpoint("board", "GET", "/v1/board", None, 0.70),
    Endpoint("notation", "POST", "/v1/notation", "position", 0.70),
    # The reach question above, 32 and 128 times in one batch on its shared position: the
    # batch must answer at least 5 times as many questions per second (BATCH_GAIN).
    Endpoint("batch/32", "POST", "/v1/batch", "batch-32", None, "32 × reach", 32),
    Endpoint("batch/128", "POST", "/v1/batch", "batch-128", None, "128 × reach", 128),
    Endpoint("replay", "POST", "/v1/games/replay", "replay", None, f"{REPLAY_TURNS} turns"),
    Endpoint("sdt/moves", "POST", "/v1/spiel-der-tuerme/moves", "sdt-dealt", 0.70, "dealt board"),
    Endpoint("sdt/moves-crowded", "POST", "/v1/spiel-der-tuerme/moves", "sdt-crowded", 0.70, "crowded"),
    Endpoint("sdt/turns/apply", "POST", "/v1/spiel-der-tuerme/turns/apply", "sdt-turn", 0.45),
    Endpoint("sdt/score", "POST", "/v1/spiel-der-tuerme/score", "sdt-crowded", 0.70),
    Endpoint("tul/combat", "POST", "/v1/turm-und-leute/combat", "tul-combat", 0.70),
)

#: How many more reach questions per second a batch must answer than single requests.
BATCH_GAIN: Final = 5.0


def _replay() -> dict[str, Any]:
    """A game of :data:`REPLAY_TURNS` turns of seeded random play, as the replay takes it."""
    rng = random.Random(1)
    position = start = random_setup(setup_position(4), rng)
    turns = []
    for _ in range(REPLAY_TURNS):
        turns.append(random_turn(position, rng))
        position, _ = apply_turn(position, turns[-1])
    return {"start": position_to_dict(start), "turns": [turn_plan_to_dict(t) for t in turns]}


def _tul_combat() -> dict[str, Any]:
    """Turm und Leute's worked example: riders against pikemen on a wall, with helpers."""
    return examples()["tul_combat"]["riders-against-pikemen"]["value"]


@cache
def bodies() -> dict[str, bytes]:
    """The request bodies, built from :data:`POSITION` and its fixed legal turn, and the
    other games' fixed positions (bench/sdt_positions.py)."""
    bench = bench_position(POSITION)
    position = bench.data
    reach = {"from": square_name(bench.reach_origin), "points": REACH_POINTS}
    dealt, crowded = sdt_bench_position(4, "opening"), sdt_bench_position(4, "crowded")
    as_json = {
        "position": {"position": position},
        # The mover's turrian that reaches the most squares, as in the engine benchmark.
        "reach": {"position": position, **reach},
        "turn": {"position": position, "turn": turn_plan_to_dict(bench.turn)},
        # Two error answers for the mixed load of the memory benchmark.
        "malformed": {"position": {**position, "heights": "flat"}},
        "invalid": {"position": {**position, "to_move": "purple"}},
        "batch-32": {"position": position, "requests": [{"op": "reach", "body": reach}] * 32},
        "batch-128": {"position": position, "requests": [{"op": "reach", "body": reach}] * 128},
        "replay": _replay(),
        "sdt-dealt": {"position": dealt.data},
        "sdt-crowded": {"position": crowded.data},
        "sdt-turn": {"position": crowded.data, "turn": sdt_turn_plan_to_dict(crowded.turn)},
        "tul-combat": _tul_combat(),
    }
    return {name: json.dumps(body, separators=(",", ":")).encode() for name, body in as_json.items()}


def write_requests(directory: Path, endpoints: list[Endpoint], name: str) -> Path:
    """A request list for bench/wrk.lua: one line per endpoint, bodies beside it."""
    directory.mkdir(parents=True, exist_ok=True)
    lines = []
    for endpoint in endpoints:
        body_file = "-"
        if endpoint.body is not None:
            path = directory / f"{endpoint.body}.json"
            if not path.exists():
                path.write_bytes(bodies()[endpoint.body])
            body_file = str(path)
        lines.append(f"{endpoint.method} {endpoint.path} {body_file}\n")
    listing = directory / f"{name}.requests"
    listing.write_text("".join(lines))
    return listing


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def request(port: int, endpoint: Endpoint) -> tuple[int, bytes]:
    """Send ``endpoint``'s request once; its status and body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        body = bodies()[endpoint.body] if endpoint.body is not None else None
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(endpoint.method, endpoint.path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (gunicorn's workers, for its master)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # "pid (comm) state ppid …"; comm may hold spaces and parentheses.
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return sorted(found)


def cpu_seconds(master: int) -> float:
    """User + system CPU time gunicorn has used so far: the master, its live workers and
    the workers it has reaped (recycled by max_requests), from ``/proc/<pid>/stat``."""

    def stat(pid: int) -> list[str]:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()

    ticks = 0
    own = stat(master)
    ticks += sum(int(own[i]) for i in (11, 12, 13, 14))  # utime, stime, cutime, cstime
    for pid in children(master):
        try:
            fields = stat(pid)
        except OSError:
            continue  # exited just now: reaped into the master's cutime
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def machine_cpu() -> tuple[float, float]:
    """Seconds of CPU time the whole machine has spent busy, and in all (busy and idle),
    summed over its cores, from ``/proc/stat``."""
    fields = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    # guest and guest_nice are already counted in user and nice.
    total = sum(fields[:8])
    tick = os.sysconf("SC_CLK_TCK")
    return (total - idle) / tick, total / tick


def children_cpu() -> float:
    """CPU seconds of this process's children that have ended (each wrk run, once waited for)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def memory(pid: int) -> dict[str, int]:
    """KiB: VmRSS, RssAnon, RssFile, RssShmem (``/proc/<pid>/status``) and Pss (smaps_rollup)."""
    figures: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in {"VmRSS", "RssAnon", "RssFile", "RssShmem", "VmHWM"}:
            figures[key] = int(value.split()[0])
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                figures["Pss"] = int(line.split()[1])
    except OSError:
        pass
    return figures


#: The package with its engines compiled by mypyc (requirements/compiled.py, make compile).
COMPILED: Final = ROOT / "build" / "compiled"


@dataclass
class Server:
    """``python -m service`` on a free loopback port.

    ``settings`` override names of service/gunicorn_conf.py (``workers=1``,
    ``worker_class="gthread"`` …) through a config file that imports the project's;
    ``config`` is more of that file's text (server hooks).
    """

    settings: dict[str, Any] = field(default_factory=dict)
    config: str = ""
    app: str | None = None
    """Another WSGI app to serve on the same settings (``bench.bare_app:app``)."""
    log: Path = RESULTS / "gunicorn.log"
    root: Path = ROOT
    """Where the package is imported from: the sources, or :data:`COMPILED` (make compile)."""
    port: int = 0
    process: subprocess.Popen[bytes] | None = None
    boot_seconds: float = 0.0
    _config_dir: tempfile.TemporaryDirectory[str] | None = None

    def __enter__(self) -> Server:
        self.port = free_port()
        self.log.parent.mkdir(parents=True, exist_ok=True)
        # The config file lives outside the repository's tree: under bench/ it would be
        # collected by the engine benchmark's pytest run as a module.
        self._config_dir = tempfile.TemporaryDirectory(prefix="bench-gunicorn-")
        config_file = Path(self._config_dir.name) / "gunicorn_bench.conf.py"
        overrides = "".join(f"{name} = {value!r}\n" for name, value in self.settings.items())
        config_file.write_text(
            "from service.gunicorn_conf import *  # noqa: F403\n" + overrides + self.config
        )
        env = dict(os.environ, HOST="127.0.0.1", PORT=str(self.port))
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(self.root), env.get("PYTHONPATH")]))
        start = time.monotonic()
        with self.log.open("wb") as log:
            # A second -c overrides the one `python -m service` puts first.
            command = [sys.executable, "-m", "service", "-c", str(config_file)]
            if self.app is not None:
                command = [sys.executable, "-m", "gunicorn", "-c", str(config_file), self.app]
            self.process = subprocess.Popen(
                command,
                cwd=self.root,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        try:
            self._wait_until_up(start)
        except BaseException:
            self.__exit__()
            raise
        return self

    def _wait_until_up(self, start: float) -> None:
        assert self.process is not None
        expected = self.settings.get("workers")
        deadline = start + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}; see {self.log}")
            try:
                status, _ = request(self.port, FLOOR)
            except OSError:
                status = 0
            if status == 200 and (expected is None or len(self.workers()) >= expected):
                self.boot_seconds = time.monotonic() - start
                return
            time.sleep(0.05)
        raise RuntimeError(f"gunicorn did not answer within 60 s; see {self.log}")

    def workers(self) -> list[int]:
        assert self.process is not None
        return children(self.process.pid)

    def __exit__(self, *exc: object) -> None:
        try:
            self._stop()
        finally:
            if self._config_dir is not None:
                self._config_dir.cleanup()
                self._config_dir = None

    def _stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


def wrk_path() -> str:
    path = shutil.which("wrk")
    if path is None:
        raise SystemExit("wrk is not installed: `apt-get install -y wrk` (make bench does it as root)")
    return path


def wrk_version() -> str:
    result = subprocess.run([wrk_path(), "--version"], capture_output=True, text=True, check=False)
    return (result.stdout or result.stderr).split("Copyright")[0].strip()


def run_wrk(
    port: int,
    requests: Path,
    seconds: float,
    connections: int,
    close: bool = False,
) -> dict[str, Any]:
    """Run wrk (one thread) over ``requests`` for ``seconds``; its WRK_RESULT figures.

    ``close``: every request on a new connection (``Connection: close``).
    """
    env = dict(os.environ, WRK_REQUESTS=str(requests), WRK_CLOSE="1" if close else "0")
    command = [
        wrk_path(),
        "-t1",
        f"-c{connections}",
        f"-d{max(1, round(seconds))}s",
        "--timeout",
        "10s",
        "-s",
        str(WRK_SCRIPT),
        f"http://127.0.0.1:{port}",
    ]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=seconds + 60)
    for line in result.stdout.splitlines():
        if line.startswith("WRK_RESULT "):
            figures: dict[str, Any] = json.loads(line.removeprefix("WRK_RESULT "))
            return figures
    raise RuntimeError(f"wrk gave no result (exit {result.returncode}):\n{result.stdout}\n{result.stderr}")


def table(header: list[str], rows: list[list[str]], markdown: bool) -> list[str]:
    """A table as Markdown or as aligned text (first column left, the others right)."""
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
        return lines + ["| " + " | ".join(row) + " |" for row in rows]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0])
        return "  ".join([first, *(c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True))])

    return [line(header), "  ".join("-" * w for w in widths), *(line(r) for r in rows)]
