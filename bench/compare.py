"""Throughput of the working tree against a given commit, in-process and interleaved.

    python -m bench.compare be269f7 [--rounds 7] [--calls 300] [--only sdt_moves,reach,sdt_read]

The commit's tree is exported (``git archive``) to a temporary directory; then, round
after round, one process per tree and per endpoint sends ``--calls`` requests through
the Flask app (a WSGI call each: no server, no socket) with the body of
``docs/examples/<name>.json`` and reports the CPU microseconds per request. The two
trees take turns within every round, so a neighbour's burst on a shared machine
disturbs one run of each rather than every run of one. The table gives, per endpoint,
the median of each tree and the ratio of their throughputs (the commit's median over
this tree's: 1.00 is as fast, above is faster). Both trees run in this virtual
environment: the comparison is of the code, not of the locked libraries.

``sdt_read`` and ``sdt_write`` time the Spiel der Türme codec alone, the same way:
``read_position`` and ``position_to_dict`` of the position of
``docs/examples/sdt_moves.json``, functions both trees have.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Endpoint name (a file of docs/examples) → its path: the guarded queries.
ENDPOINTS = {
    "sdt_moves": "/v1/spiel-der-tuerme/moves",
    "sdt_validate": "/v1/spiel-der-tuerme/turns/validate",
    "reach": "/v1/reach",
    "validate": "/v1/turns/validate",
    "tul_validate": "/v1/turm-und-leute/turns/validate",
    "tul_apply": "/v1/turm-und-leute/turns/apply",
}

#: One run in a fresh process of the tree on ``sys.path[0]``: µs of CPU per request.
RUN = """
import json, sys, time
from service import create_app
app = create_app()
client = app.test_client()
path, body, calls = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])
for _ in range(20):
    assert client.post(path, json=body).status_code == 200
start = time.process_time_ns()
for _ in range(calls):
    client.post(path, json=body)
print((time.process_time_ns() - start) / calls / 1000)
"""


#: A codec's function in place of a request: ``(example, code run per call)``.
CODEC = {
    "sdt_read": ("sdt_moves", "read_position(body['position'])"),
    "sdt_write": ("sdt_moves", "position_to_dict(written)"),
}

RUN_CODEC = """
import json, sys, time
from service.spiel_der_tuerme.wire.codec import position_to_dict, read_position
body, calls = json.loads(sys.argv[2]), int(sys.argv[3])
written = read_position(body["position"])
call = compile(sys.argv[1], "call", "eval")
for _ in range(20):
    eval(call)
start = time.process_time_ns()
for _ in range(calls):
    eval(call)
print((time.process_time_ns() - start) / calls / 1000)
"""


def _body(name: str) -> str:
    data = json.loads((ROOT / "docs" / "examples" / f"{name}.json").read_text(encoding="utf-8"))
    return json.dumps(data)


def _run(tree: Path, path: str, body: str, calls: int) -> float:
    run = RUN_CODEC if path in (code for _example, code in CODEC.values()) else RUN
    done = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(tree)!r})\n{run}", path, body,
         str(calls)],
        cwd=tree, check=True, capture_output=True, text=True,
    )
    return float(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("commit")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--only", default=",".join(ENDPOINTS))
    options = parser.parse_args(argv)
    names = [name for name in options.only.split(",") if name]
    with tempfile.TemporaryDirectory(prefix="bench-compare-") as temp:
        base = Path(temp)
        archive = subprocess.run(
            ["git", "archive", options.commit], cwd=ROOT, check=True, capture_output=True
        )
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive.stdout, check=True)
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(options.rounds):
            for name in names:
                example, what = CODEC[name] if name in CODEC else (name, ENDPOINTS[name])
                body = _body(example)
                for label, tree in (("base", base), ("tree", ROOT)):
                    times.setdefault((name, label), []).append(_run(tree, what, body, options.calls))
    print(f"| endpoint | {options.commit} µs | this tree µs | throughput ratio |")
    print("|---|---|---|---|")
    for name in names:
        before = statistics.median(times[name, "base"])
        after = statistics.median(times[name, "tree"])
        label = f"`{CODEC[name][1]}`" if name in CODEC else f"POST {ENDPOINTS[name]}"
        print(f"| {label} | {before:.1f} | {after:.1f} | {before / after:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
