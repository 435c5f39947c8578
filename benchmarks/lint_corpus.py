"""jitguard check on real JAX libraries, against the floor: libcst's own parse time.

    python benchmarks/lint_corpus.py [--corpus-dir DIR] [--repeat N] [--profile]

Installs pinned releases of real JAX libraries from PyPI (``pip install --no-deps --target``,
into ``$JITGUARD_BENCH_DIR`` or ``~/.cache/jitguard-bench/corpus-<pins hash>``; once), then
measures, side by side in this one run:

* floor:  ``libcst.parse_module`` of exactly the files jitguard parses (those passing its
          prefilter, see docs/cli.md), sources already in memory, one core;
* cold-1: ``jitguard check -j 1`` with an empty cache (a real subprocess: start-up, discovery,
          reading, prefilter, parse, rules, project rules, cache write, JSON report);
* cold-2: the same with ``-j 2``;
* warm:   ``jitguard check`` (default jobs) with the cache cold-1 wrote and one parsed file (the
          median-sized one) changed.

Each is the best of ``--repeat`` runs. Targets: cold-1 <= 1.3x floor, cold-2 >= 1.7x faster than
cold-1, warm <= 5% of cold-1. Results go in docs/performance.md. ``--profile`` prints a cProfile
of an in-process cold run (top functions by total time).

Also a crash test: the run must finish with exit code 0 or 1 and no traceback on every file.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import io
import os
import platform
import pstats
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import resource  # CPU time of the subprocesses (POSIX)
except ImportError:  # pragma: no cover - Windows: wall time only
    resource = None

PINS = {
    "jax": "0.10.2",
    "flax": "0.12.8",
    "optax": "0.2.8",
    "equinox": "0.13.8",
    "chex": "0.1.92",
    "numpyro": "0.22.0",
    "blackjax": "1.7.1",
    "distrax": "0.1.9",
    "dm-haiku": "0.0.17",
    "diffrax": "0.7.2",
    "jaxopt": "0.8.5",
    "orbax-checkpoint": "0.12.8",
}


def corpus_dir(arg: str | None) -> Path:
    if arg:
        return Path(arg)
    if os.environ.get("JITGUARD_BENCH_DIR"):
        return Path(os.environ["JITGUARD_BENCH_DIR"])
    key = hashlib.sha256(repr(sorted(PINS.items())).encode()).hexdigest()[:10]
    return Path.home() / ".cache" / "jitguard-bench" / f"corpus-{key}"


def ensure_corpus(target: Path) -> Path:
    done = target / ".complete"
    if done.is_file():
        return target
    tmp = target.with_name(target.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    specs = [f"{name}=={version}" for name, version in PINS.items()]
    print(f"installing {len(specs)} pinned packages into {target} ...", flush=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile", "--target", str(tmp), *specs],
        check=True,
    )
    shutil.rmtree(target, ignore_errors=True)
    tmp.rename(target)
    done.write_text("\n".join(specs) + "\n")
    return target


def jitguard_files(corpus: Path) -> tuple[list[str], list[str], int, int]:
    """(all files jitguard checks, the ones it parses with libcst, lines in all, lines in the parsed)."""
    from jitguard.lint.config import Settings
    from jitguard.lint.discovery import discover
    from jitguard.lint.engine import FileLinter, LintOptions, decode
    from jitguard.lint.codes import all_codes, opt_in_codes
    from jitguard.lint.runner import with_tree_names

    files = discover([str(corpus)], Settings(root=corpus))
    options = with_tree_names(files, LintOptions(frozenset(all_codes()) - opt_in_codes()))
    linter = FileLinter(options)
    parsed, lines_all, lines_parsed = [], 0, 0
    for path in files:
        try:
            source = decode(Path(path).read_bytes())
        except (OSError, SyntaxError, UnicodeDecodeError, LookupError):
            continue
        n = source.count("\n")
        lines_all += n
        if linter.needs_libcst(source):
            parsed.append(path)
            lines_parsed += n
    return files, parsed, lines_all, lines_parsed


def floor_seconds(paths: list[str]) -> float:
    import libcst as cst

    from jitguard.lint.engine import decode, run_with_big_stack

    sources = [decode(Path(p).read_bytes()) for p in paths]

    def parse_all() -> float:
        start = time.perf_counter()
        for source in sources:
            try:
                cst.parse_module(source)
            except Exception:  # noqa: BLE001 - a file libcst rejects costs what it cost
                pass
        return time.perf_counter() - start

    return run_with_big_stack(parse_all)


_CPU: list[float] = [0.0]  # CPU seconds (user + system) of the last run_check's process


def run_check(corpus: Path, *args: str) -> float:
    """Wall seconds of one ``jitguard check`` subprocess; its CPU seconds go to ``_CPU[0]``
    (less disturbed than wall time by other tenants of a shared machine)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN) if resource else None
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "jitguard", "check", "--exit-zero", "--output-format", "json", "-o", os.devnull, *args, "."],
        cwd=corpus, capture_output=True, text=True,
    )
    took = time.perf_counter() - start
    if before is not None:
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        _CPU[0] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode not in (0, 1) or "Traceback" in proc.stderr:
        raise SystemExit(f"jitguard check {' '.join(args)} failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    return took


def profile(corpus: Path) -> None:
    """cProfile of linting every file in-process, one core (profiled inside the big-stack thread)."""
    from jitguard.lint.config import Settings
    from jitguard.lint.discovery import discover
    from jitguard.lint.engine import FileLinter, LintOptions, run_with_big_stack
    from jitguard.lint.codes import all_codes, opt_in_codes
    from jitguard.lint.runner import _lint_one, with_tree_names

    files = discover([str(corpus)], Settings(root=corpus))
    linter = FileLinter(with_tree_names(files, LintOptions(frozenset(all_codes()) - opt_in_codes())))
    prof = cProfile.Profile()

    def go() -> None:
        prof.enable()
        for path in files:
            _lint_one(linter, path)
        prof.disable()

    run_with_big_stack(go)
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("tottime").print_stats(20)
    stats.sort_stats("cumulative").print_stats(30)
    print(out.getvalue())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus-dir", default=None)
    parser.add_argument("--repeat", type=int, default=1, help="best of N runs for each measurement")
    parser.add_argument("--profile", action="store_true", help="also print a cProfile of an in-process cold run")
    parser.add_argument("--rule-cost", action="store_true",
                        help="also time a cold 1-process run with only the JG1xx rules, to show what JG2xx/JG3xx add")
    args = parser.parse_args()

    corpus = ensure_corpus(corpus_dir(args.corpus_dir))
    files, parsed, lines_all, lines_parsed = jitguard_files(corpus)
    print(f"corpus: {', '.join(f'{k}=={v}' for k, v in PINS.items())}")
    print(f"files: {len(files)} ({lines_all:,} lines); parsed after the prefilter: {len(parsed)} "
          f"({len(parsed) / max(len(files), 1):.0%} of files, {lines_parsed:,} lines = {lines_parsed / max(lines_all, 1):.0%})")
    print(f"machine: {platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} CPUs, "
          f"{platform.machine()}", flush=True)

    floor = min(floor_seconds(parsed) for _ in range(args.repeat))
    print(f"floor measured: {floor:.2f}s ({lines_parsed / floor:,.0f} lines/s)", flush=True)
    with tempfile.TemporaryDirectory(prefix="jitguard-bench-") as tmp:
        cold1 = cold2 = jg1 = cpu_all = cpu_jg1 = float("inf")
        ratios, cpu_ratios = [], []
        for i in range(args.repeat):
            # the JG0/JG1-only run right after the all-rules one, so that both see the same machine
            one = run_check(corpus, "-j", "1", "--cache-dir", f"{tmp}/c1-{i}")
            one_cpu = _CPU[0]
            cold1, cpu_all = min(cold1, one), min(cpu_all, one_cpu)
            print(f"cold-1 run {i + 1}: {one:.2f}s (CPU {one_cpu:.2f}s)", flush=True)
            if args.rule_cost:
                only = run_check(corpus, "-j", "1", "--select", "JG0,JG1", "--cache-dir", f"{tmp}/jg1-{i}")
                only_cpu = _CPU[0]
                jg1, cpu_jg1 = min(jg1, only), min(cpu_jg1, only_cpu)
                ratios.append(one / only - 1)
                cpu_ratios.append(one_cpu / only_cpu - 1)
                print(f"cold-1 JG0/JG1 only run {i + 1}: {only:.2f}s (CPU {only_cpu:.2f}s; all rules "
                      f"{ratios[-1]:+.1%} wall, {cpu_ratios[-1]:+.1%} CPU)", flush=True)
            two = run_check(corpus, "-j", "2", "--cache-dir", f"{tmp}/c2-{i}")
            cold2 = min(cold2, two)
            print(f"cold-2 run {i + 1}: {two:.2f}s", flush=True)
        # the changed file: the median-sized one that is parsed (relinting it is most of a warm run)
        victim = Path(sorted(parsed, key=lambda p: (Path(p).stat().st_size, p))[len(parsed) // 2])
        original = victim.read_bytes()
        warm = float("inf")
        try:
            for i in range(args.repeat):
                victim.write_bytes(original + f"\n# changed by the benchmark, run {i}\n".encode())
                warm = min(warm, run_check(corpus, "--cache-dir", f"{tmp}/c1-0"))
        finally:
            victim.write_bytes(original)

    print()
    print("| run | seconds | vs floor | target |")
    print("|---|---:|---:|---|")
    print(f"| floor: libcst parse of the {len(parsed)} prefiltered files | {floor:.2f} | 1.00x | |")
    print(f"| cold, 1 process | {cold1:.2f} | {cold1 / floor:.2f}x | <= 1.3x floor: {'met' if cold1 <= 1.3 * floor else 'MISSED'} |")
    print(f"| cold, 2 processes | {cold2:.2f} | {cold2 / floor:.2f}x | >= 1.7x faster than 1 process: "
          f"{cold1 / cold2:.2f}x, {'met' if cold1 / cold2 >= 1.7 else 'MISSED'} |")
    print(f"| warm, 1 file changed | {warm:.2f} | {warm / floor:.2f}x | <= 5% of cold: {warm / cold1:.1%}, "
          f"{'met' if warm <= 0.05 * cold1 else 'MISSED'} |")
    if args.rule_cost:
        spread = f"; run by run {min(ratios):+.0%} to {max(ratios):+.0%}" if len(ratios) > 1 else ""
        spread += (f"; in CPU time {cpu_all / cpu_jg1 - 1:+.0%} best against best, run by run "
                   f"{min(cpu_ratios):+.0%} to {max(cpu_ratios):+.0%}")
        print(f"| cold, 1 process, JG0xx/JG1xx only | {jg1:.2f} | {jg1 / floor:.2f}x | all rules cost "
              f"{cold1 / jg1 - 1:+.0%} on top, best against best{spread} (target for JG2xx/JG3xx: <= +15%) |")
    if args.profile:
        profile(corpus)
    return 0


if __name__ == "__main__":
    sys.exit(main())
