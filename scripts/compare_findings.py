"""Compare the findings of two `jitguard check --output-format json` runs (issue 9's "same findings
before and after"): a refactor must not change what is reported.

    python scripts/compare_findings.py BEFORE.json AFTER.json [--ignore-codes JG004,JG005]

Findings are compared by (path, line, column, code, message); the advice text and fixes are not
part of the comparison. Prints what only one side has and exits 1 when they differ.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter


def key(f: dict) -> tuple:
    return (f["path"], f["line"], f["column"], f["code"], f["message"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--ignore-codes", default="", help="codes to leave out of the comparison")
    args = parser.parse_args(argv)
    ignored = {c.strip() for c in args.ignore_codes.split(",") if c.strip()}
    sides = []
    for name in (args.before, args.after):
        with open(name, encoding="utf-8") as fh:
            sides.append(Counter(key(f) for f in json.load(fh) if f["code"] not in ignored))
    before, after = sides
    gone, new = before - after, after - before
    for label, items in (("only before", gone), ("only after", new)):
        for (path, line, col, code, message), n in sorted(items.items()):
            print(f"{label}: {path}:{line}:{col}: {code} {message}" + (f" (x{n})" if n > 1 else ""))
    total_b, total_a = sum(before.values()), sum(after.values())
    print(f"{total_b} findings before, {total_a} after; {sum(gone.values())} gone, {sum(new.values())} new")
    return 1 if gone or new else 0


if __name__ == "__main__":
    sys.exit(main())
