"""Precision on real, tested JAX code: every finding jitguard reports on pinned JAX libraries.

Uses the corpus of benchmarks/lint_corpus.py (installed from PyPI into a cache folder, never
committed). Tested library code should produce (almost) no findings: print every one, grouped
by rule, so that each can be judged true or false. The triage of the last run is in
docs/performance.md#precision-on-real-libraries.

    python benchmarks/realworld_check.py [--corpus-dir DIR] [-j N]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lint_corpus import PINS, corpus_dir, ensure_corpus  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus-dir", default=None)
    parser.add_argument("-j", "--jobs", default="2")
    args = parser.parse_args()
    corpus = ensure_corpus(corpus_dir(args.corpus_dir))
    proc = subprocess.run(
        [sys.executable, "-m", "jitguard", "check", "--no-cache", "-j", args.jobs, "--output-format", "json", "."],
        cwd=corpus, capture_output=True, text=True,
    )
    if proc.returncode not in (0, 1):
        print(proc.stderr, file=sys.stderr)
        return 2
    findings = json.loads(proc.stdout)
    print(f"corpus: {', '.join(f'{k}=={v}' for k, v in PINS.items())}")
    print(f"{len(findings)} findings; internal errors: {proc.stderr.count('internal error')}")
    for code, n in sorted(Counter(f["code"] for f in findings).items()):
        print(f"  {code}: {n}")
    for f in sorted(findings, key=lambda f: (f["code"], f["path"], f["line"])):
        print(f"{f['path']}:{f['line']}:{f['column']}: {f['code']} {f['message']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
