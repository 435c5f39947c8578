"""Fuzz jitguard through its CLI: many hypothesmith programs plus the hostile inputs, in parallel.

    python benchmarks/fuzz.py [--examples 2000] [--jobs 2] [--keep DIR]

Writes each generated program twice (as a module that mentions jit, and indented into a jitted
function's body), adds the inputs that crash libcst's native parser (1,500 nested parentheses,
a 10,000-term operator chain, a 5,000-link call chain), runs ``jitguard check -j N`` over the lot
and fails if it exits with anything but 0/1, prints a traceback, reports an internal error, or
loses a file. tests/test_fuzz.py runs a small in-process version of this in the suite.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

HEAD = "import jax\nfrom jax import lax\n_ = jax.jit\n"
HOSTILE = {
    "hostile_parens.py": HEAD + "x = " + "(" * 1500 + "1" + ")" * 1500 + "\n",
    "hostile_binop.py": HEAD + "x = " + " + ".join(["a"] * 10000) + "\n",
    "hostile_calls.py": HEAD + "x = a" + ".b()" * 5000 + "\n",
}


def generate(n: int) -> list[str]:
    import hypothesmith
    from hypothesis import HealthCheck, given, settings

    out: list[str] = []

    @settings(max_examples=n, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(hypothesmith.from_grammar())
    def collect(source: str) -> None:
        out.append(source)

    collect()
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--examples", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", default=None, help="write the programs here and keep them")
    args = parser.parse_args()
    programs = generate(args.examples)
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="jitguard-fuzz-"))
    folder.mkdir(parents=True, exist_ok=True)
    for i, src in enumerate(programs):
        (folder / f"mod_{i:05}.py").write_text(HEAD + src, encoding="utf-8", errors="surrogatepass")
        body = textwrap.indent(src, "    ") or "    pass\n"
        (folder / f"fn_{i:05}.py").write_text(HEAD + "\n@jax.jit\ndef _fuzzed(x, *a, **k):\n" + body + "\n",
                                               encoding="utf-8", errors="surrogatepass")
    for name, text in HOSTILE.items():
        (folder / name).write_text(text)
    expected = len(list(folder.glob("*.py")))
    proc = subprocess.run(
        [sys.executable, "-m", "jitguard", "check", "--no-cache", "-j", str(args.jobs), "--exit-zero",
         "--output-format", "json", "."], cwd=folder, capture_output=True, text=True,
    )
    problems = []
    if proc.returncode != 0:
        problems.append(f"exit code {proc.returncode}")
    if "Traceback" in proc.stderr or "internal error" in proc.stderr:
        problems.append(proc.stderr[-4000:])
    findings = json.loads(proc.stdout or "[]")
    codes: dict[str, int] = {}
    for f in findings:
        codes[f["code"]] = codes.get(f["code"], 0) + 1
    hostile_reported = {f["path"] for f in findings if f["path"] in HOSTILE}
    if hostile_reported != set(HOSTILE):
        problems.append(f"hostile files not all reported: {sorted(set(HOSTILE) - hostile_reported)}")
    print(f"{expected} files ({len(programs)} programs x 2 + {len(HOSTILE)} hostile) in {folder}")
    print("findings by code:", json.dumps(dict(sorted(codes.items()))))
    if problems:
        print("PROBLEMS:\n" + "\n".join(problems))
        return 1
    print("no crash, no traceback, no internal error")
    return 0


if __name__ == "__main__":
    sys.exit(main())
