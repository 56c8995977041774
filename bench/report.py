"""Summarise a pytest-benchmark JSON report of bench/test_engine.py and
bench/test_spiel_der_tuerme.py.

    python bench/report.py bench/results/engine.json [--markdown] [--strict]

Prints, per player count, a table of operations × stages with mean / median in µs,
then the targets of the "Performance" issue with PASS or MISS. A target is judged on
the median, which a shared, noisy machine disturbs less than the mean; the mean is
shown beside it. ``--markdown`` writes the same tables as Markdown (for
docs/performance.md); ``--strict`` exits with status 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

OPERATIONS: Final = (
    "copy",
    "parse_position",
    "check_position",
    "read_notation+check",
    "position_to_dict",
    "write_notation",
    "removals",
    "placements",
    "reach_one",
    "reach_all",
    "captures",
    "validate_turn",
    "apply_turn",
)
STAGES: Final = ("opening", "midgame", "late", "crowded")


@dataclass(frozen=True)
class Target:
    operation: str
    position: str
    limit: float
    """Seconds."""
    wording: str


TARGETS: Final = (
    Target("removals", "4p-midgame", 100e-6, "all legal removals"),
    Target("reach_one", "4p-midgame", 100e-6, "reachability of one turrian, 5 points"),
    Target("captures", "4p-midgame", 500e-6, "all captures for the mover"),
    Target("validate_turn", "4p-midgame", 1e-3, "validating a complete turn"),
    # Spiel der Türme (bench/test_spiel_der_tuerme.py): the dealt board of every player count.
    *(
        Target("sdt_moves", f"{n}p-opening", 1e-3, "Spiel der Türme: legal moves, dealt board")
        for n in (2, 3, 4)
    ),
)
#: Spiel der Türme's stages (bench/sdt_positions.py) and the prefix of its operations.
SDT_STAGES: Final = ("opening", "midgame", "crowded")
SDT: Final = "sdt_"


@dataclass(frozen=True)
class Result:
    operation: str
    position: str
    players: int
    stage: str
    mean: float
    median: float
    stddev: float
    rounds: int
    fingerprint_matches: bool


def load(path: Path) -> tuple[dict[str, Any], list[Result]]:
    """The report's header fields and its benchmarks."""
    report = json.loads(path.read_text())
    results = []
    for entry in report["benchmarks"]:
        info, stats = entry["extra_info"], entry["stats"]
        results.append(
            Result(
                operation=info["operation"],
                position=info["position"],
                players=info["players"],
                stage=info["stage"],
                mean=stats["mean"],
                median=stats["median"],
                stddev=stats["stddev"],
                rounds=stats["rounds"],
                fingerprint_matches=info.get("fingerprint_matches", True),
            )
        )
    return report, results


def us(seconds: float) -> str:
    """Microseconds, with a precision that suits the magnitude."""
    value = seconds * 1e6
    return f"{value:.2f}" if value < 10 else f"{value:.1f}" if value < 100 else f"{value:.0f}"


def _table(header: list[str], rows: list[list[str]], markdown: bool) -> list[str]:
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        return lines
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0])
        return "  ".join([first, *(c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True))])

    return [line(header), "  ".join("-" * w for w in widths), *(line(r) for r in rows)]


def engine_tables(results: list[Result], markdown: bool) -> list[str]:
    """Per game and player count: operations × stages, ``mean / median`` in µs."""
    by_key = {(r.operation, r.position): r for r in results}
    terra = [r for r in results if not r.operation.startswith(SDT)]
    operations = [op for op in OPERATIONS if any(r.operation == op for r in terra)]
    operations += sorted({r.operation for r in terra} - set(OPERATIONS))
    sdt = sorted({r.operation for r in results if r.operation.startswith(SDT)})
    lines: list[str] = []
    for game, ops, stages in (("", operations, STAGES), ("Spiel der Türme, ", sdt, SDT_STAGES)):
        if not ops:
            continue
        for players in sorted({r.players for r in results if r.operation in ops}):
            title = f"{game}{players} players — mean / median, µs"
            lines += ["", f"**{title}**", ""] if markdown else ["", title]
            rows = []
            for op in ops:
                row = [op]
                for stage in stages:
                    r = by_key.get((op, f"{players}p-{stage}"))
                    row.append("—" if r is None else f"{us(r.mean)} / {us(r.median)}")
                rows.append(row)
            lines += _table(["operation", *stages], rows, markdown)
    return lines


def target_table(results: list[Result], markdown: bool) -> tuple[list[str], bool]:
    """The targets with PASS/MISS, and whether all passed."""
    by_key = {(r.operation, r.position): r for r in results}
    rows, all_pass = [], True
    for t in TARGETS:
        r = by_key.get((t.operation, t.position))
        if r is None:
            rows.append([t.wording, t.position, f"< {us(t.limit)}", "—", "—", "—", "NOT RUN"])
            all_pass = False
            continue
        verdict = "PASS" if r.median < t.limit else "MISS"
        all_pass &= verdict == "PASS"
        rows.append(
            [
                t.wording,
                t.position,
                f"< {us(t.limit)}",
                us(r.median),
                us(r.mean),
                f"{r.median / t.limit:.0%}",
                verdict,
            ]
        )
    header = [
        "target (single-threaded)",
        "position",
        "limit µs",
        "median µs",
        "mean µs",
        "of limit",
        "verdict",
    ]
    title = "Targets (judged on the median)"
    lines = ["", f"**{title}**", ""] if markdown else ["", title]
    return lines + _table(header, rows, markdown), all_pass


def header_lines(report: dict[str, Any], results: list[Result]) -> list[str]:
    machine = report.get("machine_info", {})
    cpu = machine.get("cpu", {}).get("brand_raw") or machine.get("processor", "?")
    commit = report.get("commit_info", {})
    lines = [
        f"Engine benchmarks, {report.get('datetime', '?')[:19]}, "
        f"commit {str(commit.get('id', '?'))[:10]}{' (dirty)' if commit.get('dirty') else ''}",
        f"{machine.get('python_implementation', 'Python')} {machine.get('python_version', '?')} "
        f"on {cpu}, {machine.get('cpu', {}).get('count', '?')} cores",
    ]
    copy = [r.median for r in results if r.operation == "copy"]
    if copy:
        lines.append(
            "Every operation on a position (not copy, the readers of JSON or notation, the writers) "
            "runs on a fresh copy of it, made "
            f"untimed; the copy itself takes {us(min(copy))}–{us(max(copy))} µs (median)."
        )
    changed = sorted({r.position for r in results if not r.fingerprint_matches})
    if changed:
        lines.append(
            "NOTE: these positions differ from the recorded ones (bench/positions.py FINGERPRINTS), "
            "so their figures are not comparable with earlier runs: " + ", ".join(changed)
        )
    return lines


def compiled_table(pure: list[Result], compiled: list[Result], markdown: bool) -> list[str]:
    """Every operation on the 4-player mid-game (Spiel der Türme: its 4-player mid-game),
    median µs pure and compiled by mypyc (make compile), and the compiled one's share."""
    by_key = {(r.operation, r.position): r for r in compiled}
    rows = []
    for r in pure:
        if r.position not in ("4p-midgame",) or (r.operation, r.position) not in by_key:
            continue
        c = by_key[(r.operation, r.position)]
        rows.append([r.operation, r.position, us(r.median), us(c.median), f"{c.median / r.median:.0%}"])
    title = "Pure Python against the engines compiled by mypyc (medians)"
    lines = ["", f"**{title}**", ""] if markdown else ["", title]
    return lines + _table(
        ["operation", "position", "pure µs", "compiled µs", "compiled ÷ pure"], rows, markdown
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("report", type=Path, help="the file written by --benchmark-json")
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")
    parser.add_argument("--strict", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument(
        "--compiled", type=Path, help="the same benchmarks run against the compiled engines: compare"
    )
    args = parser.parse_args(argv)
    report, results = load(args.report)
    lines = header_lines(report, results)
    if args.markdown:
        lines = [f"- {line}" for line in lines]
    lines += engine_tables(results, args.markdown)
    targets, all_pass = target_table(results, args.markdown)
    lines += targets
    if args.compiled is not None and args.compiled.exists():
        compiled = load(args.compiled)[1]
        lines += compiled_table(results, compiled, args.markdown)
        compiled_targets, compiled_pass = target_table(compiled, args.markdown)
        lines += [line.replace("Targets (judged", "Targets, compiled (judged") for line in compiled_targets]
    print("\n".join(lines))
    return 1 if args.strict and not all_pass else 0


if __name__ == "__main__":
    sys.exit(main())
