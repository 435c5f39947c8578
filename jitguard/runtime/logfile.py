"""``jitguard report path.jsonl``: the report table from a ``JITGUARD_LOG`` file. No jax."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from jitguard.runtime.signature import Leaf, key
from jitguard.runtime.table import Row, render


class LogError(Exception):
    pass


def read(path: str) -> list[dict[str, Any]]:
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
    except OSError as e:
        raise LogError(f"cannot read {path}: {e.strerror or e}") from None
    entries = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            if not isinstance(entry, dict) or "function" not in entry:
                raise ValueError("not a jitguard compile record")
        except ValueError as e:
            raise LogError(f"{path}:{n}: not a jitguard JSON line ({e}); write it with JITGUARD_LOG=path") from None
        entries.append(entry)
    return entries


def rows(entries: list[dict[str, Any]]) -> list[Row]:
    grouped: dict[tuple[str, str], dict[str, Any]] = {}
    for e in entries:
        g = grouped.setdefault(
            (str(e["function"]), str(e.get("defined_at", "?"))),
            {"compiles": 0, "hits": 0, "seconds": 0.0, "keys": set(), "history": []},
        )
        if e.get("persistent_cache_hit"):
            g["hits"] += 1
        else:
            g["compiles"] += 1
            g["seconds"] += float(e.get("compile_seconds") or 0.0)
        if e.get("signature") is not None:
            sig = tuple(Leaf.from_dict(d) for d in e["signature"])
            g["history"].append(sig)
            g["keys"].add(key(sig))
    return [
        Row(name, where, g["compiles"], g["hits"], g["seconds"], len(g["keys"]), g["history"])
        for (name, where), g in grouped.items()
    ]


def report_main(argv: list[str]) -> int:
    """Print the report table of a JITGUARD_LOG file; 0 on success, 2 on a bad file."""
    parser = argparse.ArgumentParser(
        prog="jitguard report",
        description="Summarise a JITGUARD_LOG=path.jsonl compile log: compiles, compile "
        "seconds, distinct signatures and the worst churning argument per function.",
    )
    parser.add_argument("path", help="JSON-lines file written by a run with JITGUARD_LOG=path")
    parser.add_argument("--html", default=None, metavar="OUT",
                        help="also write a self-contained HTML page: a timeline of compiles per "
                        "function and the table (no network, no script)")
    args = parser.parse_args(argv)
    try:
        entries = read(args.path)
        table = render(rows(entries))
    except LogError as e:
        print(f"jitguard report: {e}", file=sys.stderr)
        return 2
    print(table)
    if args.html:
        from jitguard.runtime import htmlreport

        try:
            htmlreport.write(args.html, entries, title=f"jitguard report: {args.path}")
        except OSError as e:
            print(f"jitguard report: cannot write {args.html}: {e.strerror or e}", file=sys.stderr)
            return 2
        print(f"wrote {args.html}", file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(report_main(sys.argv[1:]))
