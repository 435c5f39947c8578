"""jitguard check on real JAX libraries, against floors measured in the same run.

    python benchmarks/lint_corpus.py [--corpus dev|libs12] [--corpus-dir DIR] [--repeat N] [--jobs N]
                                     [--scales 1,2,4] [--rev REV] [--profile] [--superset-check]
                                     [--no-jaxlint] [--rule-cost] [--before REV] [--json FILE]

Corpus: by default the development corpus (32 pinned JAX libraries, built by
``bash ../shared/corpus/dev-corpus.sh``, kept in ``$JITGUARD_DEV_CORPUS`` or
``~/.cache/jitguard-dev-corpus``); ``--corpus libs12`` is the older 12-library corpus (installed from
PyPI into ``~/.cache/jitguard-bench/``), ``--corpus-dir`` any folder. The corpus itself is never
written: every run works on a copy made of hard links under the temporary folder (``$TMPDIR``),
and the file the warm run changes is a real copy there.

Code: the working tree, or with ``--rev REV`` a ``git archive`` of that commit's ``jitguard/``
(the benchmark re-runs itself with it first on ``PYTHONPATH``): a tree that others are editing
can be measured at a commit that runs.

Measured, ``--repeat`` times each, interleaved (the medians are reported, and the ratios of the
medians; a shared machine drifts, so the floors are re-measured in every round):

* parse set: the files jitguard parses with libcst, as ``FileLinter.needs_libcst`` decides (the
  prefilter and the ``ast`` first pass of jitguard/lint/prepass.py, less the files that only import
  a jitted function and are read with ``ast``; ``JITGUARD_PREPASS=0`` measures without the pass);
  cross-checked, with ``--profile``, against the files an in-process run really parsed;
* floors, one core, sources in memory: ``libcst.parse_module`` of the parse set; of the files whose
  text contains ``jit``; CPython ``ast.parse`` of all files;
* cold-1, cold-N: ``jitguard check -j 1`` and ``-j N`` (``--jobs``, default: all cores) as
  subprocesses with an empty cache, with wall and CPU time and the peak RSS of the parent and of
  each worker (VmHWM, sampled from /proc);
* before (``--before REV``): right after each cold-1, a cold ``-j 1`` run of that commit's
  ``jitguard/`` (a ``git archive`` first on ``PYTHONPATH``), so that a change is measured against
  its base in the same round, at the same load;
* warm: ``jitguard check -j N`` and ``-j 1``, each on the cache its own cold run wrote, with one
  parsed file (the median-sized one) changed;
* jaxlint (when installed), ``jaxlint check -j 1`` with its default checks, on the files it does
  not abort on (found once per corpus and jaxlint version, by checking each file on its own in one
  process, and kept under ``~/.cache/jitguard-bench/``), with ``jitguard check -j 1`` on exactly
  the same files right after it;
* growth: cold ``-j N`` (``--scale-jobs``) on 2x and 4x copies of the corpus (``--scales``): cost
  per file, wall and CPU, and the peak RSS of parent and workers, against the 1x run.

``--profile``: cProfile of one in-process cold run on one process (``runner.lint_files`` with an
empty cache; the lint thread is profiled too), top 40 by cumulative time, and the time of each
phase. ``--superset-check``: the check of tests/test_project.py (the ``ast`` test for files that only
import a jitted function must say yes whenever the libcst extraction records a call) run on every
file of the corpus, then the first pass's check (each file's findings, suppression comments and
project facts the same with the pass on and off, as tests/test_prepass.py checks on this repository). ``--json FILE`` writes every number measured.

Targets (issue 15, development corpus): cold-1 <= 1.3x the parse-set floor, <= 1.6x the ``jit``
floor, <= 0.9x jaxlint on the same files; cold-2 >= 1.8x faster than cold-1; warm <= 3% of cold-1;
cost per file flat from 1x to 4x (read here as: within 10%); peak memory per worker reported and
bounded. Results go in docs/performance.md.

Also a crash test: every run must finish with exit code 0 or 1 and no traceback.
"""

from __future__ import annotations

import argparse
import ast
import cProfile
import hashlib
import io
import json
import os
import platform
import pstats
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEV_CORPUS_SCRIPT = REPO.parent / "shared" / "corpus" / "dev-corpus.sh"
BENCH_CACHE = Path.home() / ".cache" / "jitguard-bench"
_CODE_ENV = "JITGUARD_BENCH_CODE"  # set when the benchmark re-runs itself on a snapshot

# the older corpus: 12 libraries, installed from PyPI
PINS_12 = {
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

# ---------------------------------------------------------------------------------------------
# corpus and code


def dev_corpus() -> Path:
    target = Path(os.environ.get("JITGUARD_DEV_CORPUS") or Path.home() / ".cache" / "jitguard-dev-corpus")
    if (target / ".complete").is_file():
        return target
    if not DEV_CORPUS_SCRIPT.is_file():
        raise SystemExit(f"no development corpus at {target} and no {DEV_CORPUS_SCRIPT} to build it")
    print(f"building the development corpus into {target} (~1 minute) ...", flush=True)
    subprocess.run(["bash", str(DEV_CORPUS_SCRIPT), str(target)], check=True, stdout=subprocess.DEVNULL)
    return target


# the names benchmarks/realworld_check.py uses for the 12-library corpus
PINS = PINS_12


def corpus_dir(arg: str | None) -> Path:
    if arg:
        return Path(arg)
    if os.environ.get("JITGUARD_BENCH_DIR"):
        return Path(os.environ["JITGUARD_BENCH_DIR"])
    key = hashlib.sha256(repr(sorted(PINS_12.items())).encode()).hexdigest()[:10]
    return BENCH_CACHE / f"corpus-{key}"


def ensure_corpus(target: Path) -> Path:
    if (target / ".complete").is_file():
        return target
    tmp = target.with_name(target.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    specs = [f"{name}=={version}" for name, version in PINS_12.items()]
    print(f"installing {len(specs)} pinned packages into {target} ...", flush=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile", "--target", str(tmp), *specs],
        check=True,
    )
    shutil.rmtree(target, ignore_errors=True)
    tmp.rename(target)
    (target / ".complete").write_text("\n".join(specs) + "\n")
    return target


def libs12_corpus() -> Path:
    return ensure_corpus(corpus_dir(None))


def corpus_for(args: argparse.Namespace) -> tuple[Path, str]:
    if args.corpus_dir:
        return Path(args.corpus_dir).resolve(), f"folder {args.corpus_dir}"
    if args.corpus == "libs12":
        return libs12_corpus(), "12 libraries: " + ", ".join(f"{k}=={v}" for k, v in PINS_12.items())
    path = dev_corpus()
    names = sorted(p.name for p in path.iterdir() if p.is_dir())
    return path, f"development corpus ({len(names)} libraries, ../shared/corpus/dev-corpus.sh)"


def snapshot(rev: str) -> tuple[str, Path]:
    """(sha, a temporary folder holding ``git archive REV jitguard/``): the caller removes it."""
    sha = subprocess.run(["git", "-C", str(REPO), "rev-parse", rev], capture_output=True, text=True, check=True).stdout.strip()
    snap = Path(tempfile.mkdtemp(prefix=f"jitguard-code-{sha[:10]}-"))
    archive = subprocess.run(["git", "-C", str(REPO), "archive", sha, "jitguard"], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(snap)], input=archive, check=True)
    return sha, snap


def reexec_on_snapshot(rev: str) -> None:
    """Re-run this script with ``git archive REV jitguard/`` first on PYTHONPATH (once)."""
    if os.environ.get(_CODE_ENV):
        return
    sha, snap = snapshot(rev)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(snap), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep))
    env[_CODE_ENV] = f"{sha} (git archive of {rev})"
    try:
        code = subprocess.run([sys.executable, os.path.abspath(sys.argv[0]), *sys.argv[1:]], env=env).returncode
    finally:
        shutil.rmtree(snap, ignore_errors=True)
    raise SystemExit(code)


def measure_this_checkout() -> None:
    """Put this checkout first on PYTHONPATH, so that the ``python -m jitguard`` runs measure its
    ``jitguard/`` (without it they import the installed package, which may be another checkout's
    editable install). With ``--rev`` the snapshot is put first instead (reexec_on_snapshot)."""
    if not os.environ.get(_CODE_ENV):
        os.environ["PYTHONPATH"] = os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)


def code_label() -> str:
    if os.environ.get(_CODE_ENV):
        return os.environ[_CODE_ENV]
    head = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(REPO), "status", "--porcelain", "--", "jitguard"], capture_output=True,
                           text=True).stdout.splitlines()
    return f"working tree at {head}" + (f" with {len(dirty)} uncommitted changes under jitguard/" if dirty else "")


def link_tree(src: Path, dst: Path) -> None:
    """A copy of ``src`` made of hard links (plain copies where links are not possible)."""

    def link(s: str, d: str) -> None:
        try:
            os.link(s, d)
        except OSError:
            shutil.copy2(s, d)

    shutil.copytree(src, dst, copy_function=link, symlinks=True)


def unlink_copy(path: Path) -> None:
    """Make ``path`` a file of its own (not a hard link to the corpus), so writing it is safe."""
    data = path.read_bytes()
    tmp = path.with_name(path.name + ".bench-tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


# ---------------------------------------------------------------------------------------------
# what jitguard reads and parses


@dataclass
class FileSets:
    files: list[str]
    sources: dict[str, str]
    parsed: list[str]  # the parse set
    with_jit: list[str]  # files whose text contains "jit"
    lines: dict[str, int] = field(default_factory=dict)

    def count_lines(self, paths: list[str]) -> int:
        return sum(self.lines[p] for p in paths)


def settings_for(tree: Path):
    from jitguard.lint.config import load

    try:
        return load(None, start=tree)
    except TypeError:  # an older load() without ``start``
        cwd = os.getcwd()
        os.chdir(tree)
        try:
            return load(None)
        finally:
            os.chdir(cwd)


def lint_options(files: list[str], settings):
    from jitguard.lint.engine import LintOptions

    return LintOptions(frozenset(settings.enabled_codes()), tuple(settings.extend_jit_names))


def file_sets(tree: Path) -> FileSets:
    """Every file ``jitguard check`` checks in ``tree``, and which of them it parses with libcst
    (``FileLinter.needs_libcst``, with the options the CLI derives: default rules, the tree's
    jitted names)."""
    from jitguard.lint.discovery import discover
    from jitguard.lint.engine import FileLinter, decode, read_source
    from jitguard.lint.runner import with_tree_names

    settings = settings_for(tree)
    files = discover([str(tree)], settings)
    linter = FileLinter(with_tree_names(files, lint_options(files, settings)))
    sources: dict[str, str] = {}
    for path in files:
        try:
            sources[path] = decode(read_source(path))
        except (OSError, SyntaxError, UnicodeDecodeError, LookupError):
            continue
    needs = getattr(linter, "needs_libcst", None)
    if needs is None:  # the engine no longer says: take what an in-process run parsed
        parsed = [r.path for r in lint_in_process(tree, files)[0] if r.parsed]
    else:
        from jitguard.lint.discovery import module_name

        try:
            parsed = [p for p, s in sources.items() if needs(s, module_name(p))]
        except TypeError:  # older code: needs_libcst(source)
            parsed = [p for p, s in sources.items() if needs(s)]
    with_jit = [p for p, s in sources.items() if "jit" in s]
    lines = {p: s.count("\n") + (not s.endswith("\n") and bool(s)) for p, s in sources.items()}
    return FileSets(files, sources, parsed, with_jit, lines)


@dataclass
class Floor:
    wall: float
    cpu: float  # CPU time of the parsing thread


def libcst_floor(sources: list[str]) -> Floor:
    import libcst as cst

    from jitguard.lint.engine import run_with_big_stack

    def parse_all() -> Floor:
        start, cpu = time.perf_counter(), time.thread_time()
        for source in sources:
            try:
                cst.parse_module(source)
            except Exception:  # noqa: BLE001 - a file libcst rejects costs what it cost
                pass
        return Floor(time.perf_counter() - start, time.thread_time() - cpu)

    return run_with_big_stack(parse_all)


def ast_floor(sources: list[str]) -> Floor:
    start, cpu = time.perf_counter(), time.thread_time()
    for source in sources:
        try:
            ast.parse(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            pass
    return Floor(time.perf_counter() - start, time.thread_time() - cpu)


# ---------------------------------------------------------------------------------------------
# subprocess runs: wall, CPU, peak RSS per process


@dataclass
class Run:
    wall: float
    cpu: float  # user + system of the process and every child it waited for
    # wait4's ru_maxrss: NOT the command's own peak, as Linux carries the peak RSS of the forking
    # (benchmark) process over the exec; kept for completeness, never reported
    max_rss_mb: float
    parent_rss_mb: float  # VmHWM of the top process (its own peak RSS), sampled: the one to read
    worker_rss_mb: list[float]  # VmHWM of each worker process, sampled
    returncode: int
    parent_cpu: float = 0.0  # CPU seconds of the top process alone (sampled: a little low)
    worker_cpu: list[float] = field(default_factory=list)
    stderr: str = ""


def _status_kb(pid: int, key: str = "VmHWM:") -> int | None:
    try:
        with open(f"/proc/{pid}/status", "rb") as fh:
            for line in fh:
                if line.startswith(key.encode()):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return None


def rss_note() -> str:
    """A line to print when this host's /proc keeps no VmHWM (gVisor, for one): the peak RSS columns
    then read 0 MB, which means "not measured", not "no memory"."""
    if _status_kb(os.getpid()) is not None:
        return ""
    return "peak RSS: not available on this host (no VmHWM in /proc/PID/status): the MB figures below read 0"


_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _cpu_seconds(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            fields = fh.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICK  # utime, stime
    except (OSError, ValueError, IndexError):
        return None


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/children") as fh:
                out.extend(int(x) for x in fh.read().split())
        except OSError:
            continue
    return out


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


class _RssSampler(threading.Thread):
    """Polls the VmHWM (peak RSS, kept by the kernel) of a process and its descendants."""

    def __init__(self, pid: int, every: float = 0.02) -> None:
        super().__init__(daemon=True)
        self.pid, self.every = pid, every
        self.peaks: dict[int, int] = {}
        self.cpu: dict[int, float] = {}
        self.roles: dict[int, str] = {}
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            todo = [self.pid]
            while todo:
                pid = todo.pop()
                kb = _status_kb(pid)
                if kb is not None:
                    self.peaks[pid] = max(self.peaks.get(pid, 0), kb)
                    cpu = _cpu_seconds(pid)
                    if cpu is not None:
                        self.cpu[pid] = max(self.cpu.get(pid, 0.0), cpu)
                    if pid == self.pid:
                        self.roles[pid] = "parent"
                    elif self.roles.get(pid, "other") == "other":  # until it has exec'd into its role
                        cmd = _cmdline(pid)
                        self.roles[pid] = ("tracker" if "resource_tracker" in cmd else
                                           "worker" if "spawn_main" in cmd or "forkserver" in cmd else "other")
                todo.extend(_children(pid))
            self.stop.wait(self.every)


def bytecode_env(env: dict | None = None) -> dict:
    """The environment of a measured run: Python writes and reads its bytecode cache, as an
    installed package has it (pip compiles on install), in a folder of the benchmark's own (the
    working tree is left alone). Without it, under PYTHONDONTWRITEBYTECODE=1, every run would
    compile jitguard's modules again: ~0.2 s per start that no user pays."""
    out = dict(os.environ if env is None else env)
    out.pop("PYTHONDONTWRITEBYTECODE", None)
    out.setdefault("PYTHONPYCACHEPREFIX", str(BENCH_CACHE / "pycache"))
    return out


def run_cmd(cmd: list[str], cwd: Path, env: dict | None = None, ok=(0, 1), bytecode: bool = True) -> Run:
    """Run ``cmd``; wall time, CPU time and peak RSS (per process and overall). ``bytecode``: in
    :func:`bytecode_env`'s environment (else in ``env`` as given)."""
    env = bytecode_env(env) if bytecode else env
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=err)
        sampler = _RssSampler(proc.pid)
        sampler.start()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        sampler.stop.set()
        sampler.join()
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        stderr = err.read().decode(errors="replace")
    # ru_maxrss is in KiB on Linux
    run = Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
              sampler.peaks.get(proc.pid, 0) / 1024,
              sorted((kb / 1024 for pid, kb in sampler.peaks.items() if sampler.roles.get(pid) == "worker"), reverse=True),
              proc.returncode, parent_cpu=sampler.cpu.get(proc.pid, 0.0),
              worker_cpu=[c for pid, c in sampler.cpu.items() if sampler.roles.get(pid) == "worker"], stderr=stderr)
    if ok is not None and (proc.returncode not in ok or "Traceback" in stderr):
        raise SystemExit(f"{' '.join(cmd[:6])} ... failed ({proc.returncode}):\n{stderr[-3000:]}")
    return run


def jitguard_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "jitguard", "check", "--exit-zero", "--output-format", "json", "-o", os.devnull, *args]


# ---------------------------------------------------------------------------------------------
# jaxlint


def _version(dist: str) -> str | None:
    try:
        from importlib.metadata import version

        return version(dist)
    except Exception:  # noqa: BLE001 - not installed
        return None


def jaxlint_version() -> str | None:
    return _version("jaxlint") if shutil.which("jaxlint") else None


_ABORT_PROBE = r"""
import json, sys
from pathlib import Path
from jaxlint.core.config import load_config
from jaxlint.core.runner import run_checks
cfg = load_config(Path.cwd())
bad = []
for line in sys.stdin:
    path = line.rstrip("\n")
    try:
        run_checks([Path(path)], cfg=cfg, jobs=1)
    except Exception as exc:
        bad.append([path, f"{type(exc).__name__}: {exc}"[:200]])
json.dump(bad, sys.stdout)
"""


def jaxlint_aborts(tree: Path, files: list[str], version: str) -> list[list[str]]:
    """The files on which ``jaxlint check`` stops with an exception (one aborts the whole run), as
    paths relative to ``tree``; found once per (jaxlint version, file list, contents)."""
    rel = sorted(os.path.relpath(p, tree) for p in files)
    digest = hashlib.sha256()
    digest.update(version.encode())
    for r in rel:
        digest.update(r.encode() + b"\0" + hashlib.sha256((tree / r).read_bytes()).digest())
    store = BENCH_CACHE / f"jaxlint-aborts-{digest.hexdigest()[:16]}.json"
    if store.is_file():
        return json.loads(store.read_text())
    print(f"finding the files jaxlint {version} aborts on (each file on its own; once) ...", flush=True)
    proc = subprocess.run([sys.executable, "-c", _ABORT_PROBE], cwd=tree, input="\n".join(rel) + "\n",
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"jaxlint probe failed:\n{proc.stderr[-2000:]}")
    bad = json.loads(proc.stdout)
    store.parent.mkdir(parents=True, exist_ok=True)
    store.write_text(json.dumps(bad, indent=1))
    return bad


# ---------------------------------------------------------------------------------------------
# in-process runs: profile, superset check


def lint_in_process(tree: Path, files: list[str], cache_dir: Path | None = None, prof: list | None = None):
    """``runner.lint_files`` on one process, as ``jitguard check -j 1`` calls it; (results, seconds).
    With ``prof`` (a list), the lint is profiled: one cProfile.Profile for this thread and one for
    each thread it starts (run_with_big_stack), appended to ``prof`` (a profiler's call stack is not
    meant to be shared by threads)."""
    from jitguard.lint.runner import lint_files

    settings = settings_for(tree)
    options = lint_options(files, settings)
    cwd = os.getcwd()
    os.chdir(tree)
    if prof is not None:
        def in_thread(*_args) -> None:  # the first event of each new thread: profile it as well
            sys.setprofile(None)
            mine = cProfile.Profile()
            prof.append(mine)
            mine.enable()

        threading.setprofile(in_thread)
        main_prof = cProfile.Profile()
        prof.insert(0, main_prof)
        main_prof.enable()
    start = time.perf_counter()
    try:
        results = lint_files(files, options, jobs=1, cache_dir=cache_dir, cache_key=settings.fingerprint())
    finally:
        took = time.perf_counter() - start
        if prof is not None:
            main_prof.disable()
            threading.setprofile(None)
        os.chdir(cwd)
    return results, took


# (label, file suffix, function name): the phases of a cold run, as cProfile sees them
PHASES = [
    ("whole lint_files", "lint/runner.py", "lint_files"),
    ("parent: read every file, digest, jitted-name scan", "lint/runner.py", "with_tree_names"),
    ("parent: order files importers first", "analysis/crossmodule.py", "importers_first"),
    ("libcst parse (parse_module)", "libcst/_parser/entrypoints.py", "parse_module"),
    ("ast pass for import-only files (_calls_only)", "lint/engine.py", "_calls_only"),
    ("hostile-input precheck", "lint/engine.py", "_precheck"),
    ("import table", "analysis/imports.py", "add_module"),
    ("module index (ModuleIndex)", "analysis/jitcontext.py", "__init__"),
    ("taint walk + rules (Analysis.run)", "analysis/taint.py", "run"),
    ("project facts: call sites", "analysis/calls.py", "call_facts"),
    ("project facts: jitted defs", "analysis/calls.py", "jit_defs"),
    ("project facts: wrappers", "analysis/calls.py", "wrapper_facts"),
    ("positions (locate)", "lint/positions.py", "locate"),
    ("second parses for cross-module seeds", "lint/runner.py", "_follow_traced_calls"),
    ("project-wide rules", "runner.py", "apply_project_rules"),
    ("  of which JG301's cross-module proof (drop_proven)", "analysis/undertrace_project.py", "drop_proven"),
    ("JG301 instance uses for that proof (undertrace.file_facts)", "analysis/undertrace.py", "file_facts"),
    ("JG301's in-module proof (undertrace.only_under_trace)", "analysis/undertrace.py", "only_under_trace"),
    ("JG301 (check_module)", "rules/jg301_jit_new_function.py", "check_module"),
    ("JG206 (check_module)", "rules/jg206_untraceable_argument.py", "check_module"),
    ("cache: put", "lint/cache.py", "put"),
    ("cache: save", "lint/cache.py", "save"),
]


def phase_times(stats: pstats.Stats) -> list[tuple[str, float, int]]:
    rows = []
    for label, suffix, name in PHASES:
        ct, calls = 0.0, 0
        for (filename, _line, func), (_cc, nc, _tt, cum, _callers) in stats.stats.items():  # type: ignore[attr-defined]
            if func == name and filename.replace(os.sep, "/").endswith(suffix):
                ct += cum
                calls += nc
        rows.append((label, ct, calls))
    return rows


def profile(tree: Path, files: list[str], work: Path, out: dict) -> None:
    # unprofiled first, for the profiler's own overhead and the in-process time
    results, plain = lint_in_process(tree, files, work / "prof-cache-plain")
    parsed = sum(1 for r in results if r.parsed)
    profs: list[cProfile.Profile] = []
    _, profiled = lint_in_process(tree, files, work / "prof-cache", profs)
    buf = io.StringIO()
    stats = pstats.Stats(profs[0], stream=buf)
    for other in profs[1:]:
        other.disable()  # flushes what it holds; its thread has ended
        stats.add(other)
    stats.sort_stats("cumulative").print_stats(40)
    print("\n## cProfile: one in-process cold run, one process, top 40 by cumulative time\n")
    print(buf.getvalue())
    phases = phase_times(stats)
    print(f"in-process lint_files: {plain:.2f}s unprofiled, {profiled:.2f}s under cProfile "
          f"({profiled / plain:.2f}x); {parsed} files parsed with libcst in that run\n")
    print("| phase (cumulative, under cProfile) | seconds | share | calls |")
    print("|---|---:|---:|---:|")
    for label, ct, calls in phases:
        print(f"| {label} | {ct:.2f} | {ct / profiled:.0%} | {calls} |")
    out["profile"] = {"in_process_s": plain, "profiled_s": profiled, "parsed_in_run": parsed,
                      "phases": [{"phase": l, "seconds": c, "calls": n} for l, c, n in phases],
                      "parsed_paths": sorted(r.path for r in results if r.parsed)}


def superset_check(sets: FileSets, out: dict) -> None:
    """tests/test_project.py::test_the_ast_check_never_misses_a_call_libcst_would_record, on every
    file of the corpus: with every called name taken as jitted, whenever the libcst path records a
    call site, ``calls.may_record_calls`` (the ast test for files that only import a jitted
    function) must say yes."""
    from jitguard.lint.analysis.calls import may_record_calls
    from jitguard.lint.analysis.imports import ImportTable
    from jitguard.lint.codes import all_codes
    from jitguard.lint.engine import FileLinter, LintOptions, run_with_big_stack

    codes = frozenset(all_codes())
    checked = with_calls = 0
    missed, errors, unparsable = [], [], []
    start = time.perf_counter()
    for path, source in sets.sources.items():
        jitted = frozenset(re.findall(r"(\w+)\s*\(", source))
        linter = FileLinter(LintOptions(codes, jitted=jitted, jit_modules=frozenset({"train"})))
        linter._calls_only = lambda *args: None  # always the libcst path, whatever the prefilter says
        result = run_with_big_stack(linter.lint_source, path, source, "app.mod")
        checked += 1
        if result.errors:
            errors.append([path, result.errors[0][:300]])
            continue
        facts = result.facts
        calls = facts.get("calls") if isinstance(facts, dict) else getattr(facts, "calls", None)  # older code: a dict
        if not calls:
            continue
        with_calls += 1
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            unparsable.append(path)
            continue
        if not may_record_calls(tree, jitted, ImportTable("app.mod")):
            missed.append(path)
    took = time.perf_counter() - start
    print(f"\n## superset check (tests/test_project.py's ast-vs-libcst call check) on the corpus\n\n"
          f"{checked} files checked in {took:.0f}s; {with_calls} with call sites the libcst path records; "
          f"ast test missed {len(missed)}; internal errors {len(errors)}; not parsable by ast {len(unparsable)}")
    for path in missed[:50]:
        print(f"  MISSED {path}")
    for path, err in errors[:20]:
        print(f"  ERROR  {path}: {err}")
    out["superset"] = {"checked": checked, "with_calls": with_calls, "missed": missed, "errors": errors,
                       "unparsable": unparsable, "seconds": took}


def prepass_check(tree: Path, sets: FileSets, out: dict) -> None:
    """The ast first pass (jitguard.lint.prepass) is a superset of what libcst analyses: on every
    file of the corpus, with the options the CLI derives (default rules, the tree's jitted names),
    the file's findings, suppression comments and project facts are the same with the pass on and
    off (tests/test_prepass.py does the same on this repository). Files reach other files' results
    only through their facts (and seeded files are parsed whatever the pass says), so equal
    facts and findings per file mean equal findings for the run."""
    import dataclasses as dc

    from jitguard.lint.discovery import module_name
    from jitguard.lint.engine import FileLinter, run_with_big_stack
    from jitguard.lint.runner import with_tree_names

    if not hasattr(FileLinter, "_no_context"):
        print("\n(no ast first pass in this code: prepass check skipped)")
        return
    settings = settings_for(tree)
    options = with_tree_names(sets.files, lint_options(sets.files, settings))
    off = FileLinter(dc.replace(options, prepass=False))
    on = FileLinter(dc.replace(options, prepass=True))
    key = lambda r: ([(f.line, f.column, f.code, f.message) for f in r.findings], r.noqa,  # noqa: E731
                     r.facts.to_json() if r.facts is not None else None, sorted(r.errors))
    differ, skipped, parsed = [], 0, 0
    start = time.perf_counter()
    for path, source in sets.sources.items():
        name = module_name(path)
        full = run_with_big_stack(off.lint_source, path, source, name)
        quick = run_with_big_stack(on.lint_source, path, source, name)
        parsed += full.parsed
        skipped += full.parsed and not quick.parsed
        if key(full) != key(_unread_as_libcst(quick, full)):
            differ.append(path)
    took = time.perf_counter() - start
    print(f"\n## prepass check (the ast first pass against the libcst path, file by file)\n\n"
          f"{len(sets.sources)} files in {took:.0f}s; {parsed} parsed by libcst without the pass, {skipped} of them "
          f"kept from libcst by it; findings, suppressions or facts differ: {len(differ)}")
    for path in differ[:50]:
        print(f"  DIFFERS {path}")
    out["prepass_check"] = {"files": len(sets.sources), "parsed_without": parsed, "skipped": skipped,
                            "differ": differ, "seconds": took}


def _unread_as_libcst(quick, full):
    """JG301's instance uses (``FileFacts.trace_calls``) are recorded by the libcst path only: a file
    read with ast has None ("unread": its text is searched instead, which can only keep a finding),
    as tests/test_prepass.py allows, when the libcst path has no JG301 proof pending there."""
    import dataclasses as dc

    qf, ff = getattr(quick, "facts", None), getattr(full, "facts", None)
    if qf is None or ff is None or getattr(qf, "trace_calls", 0) is not None or (ff.trace_calls or {}).get("pending"):
        return quick
    return dc.replace(quick, facts=dc.replace(qf, trace_calls=ff.trace_calls))


# ---------------------------------------------------------------------------------------------


def med(values: list[float]) -> float:
    if not values:
        return float("nan")  # a run left out (--no-parallel)
    return statistics.median(values) if values else float("nan")



def parallel_and_warm(args, work: Path, tree: Path, i: int, victim: Path, original: bytes, rounds: dict) -> None:
    """Round ``i``'s cold ``-j N`` run, then the warm runs of both modes on their own cold caches."""
    par = run_cmd(jitguard_cmd("-j", str(args.jobs), "--cache-dir", str(work / f"cN-{i}"), "."), tree)
    rounds["coldN"].append(par)
    print(f"cold -j {args.jobs}: {par.wall:.2f}s (CPU {par.cpu:.2f}s: parent {par.parent_cpu:.2f}s, workers "
          f"{', '.join(f'{c:.2f}' for c in par.worker_cpu)}s; peak RSS parent {par.parent_rss_mb:.0f} MB, "
          f"workers {', '.join(f'{w:.0f}' for w in par.worker_rss_mb)} MB)", flush=True)
    # warm: each mode on the cache its own cold run wrote (a -j 1 cache keeps the results of
    # seeded files under their seeds, which a -j N run does not look up)
    victim.write_bytes(original + f"\n# changed by the benchmark, round {i}\n".encode())
    try:
        warm = run_cmd(jitguard_cmd("-j", str(args.jobs), "--cache-dir", str(work / f"cN-{i}"), "."), tree)
        warm1 = run_cmd(jitguard_cmd("-j", "1", "--cache-dir", str(work / f"c1-{i}"), "."), tree)
    finally:
        victim.write_bytes(original)
    rounds["warm"].append(warm)
    rounds["warm1"].append(warm1)
    print(f"warm, 1 file changed: -j {args.jobs} {warm.wall:.2f}s (CPU {warm.cpu:.2f}s), -j 1 {warm1.wall:.2f}s "
          f"(CPU {warm1.cpu:.2f}s)", flush=True)
    shutil.rmtree(work / f"cN-{i}", ignore_errors=True)
    shutil.rmtree(work / f"c1-{i}", ignore_errors=True)


def before_code(rev: str | None, out: dict) -> tuple[Path | None, dict | None]:
    """``--before REV``: (the snapshot of its jitguard/, the environment that runs it), else (None, None)."""
    if not rev:
        return None, None
    sha, snap = snapshot(rev)
    out["before"] = f"{sha} (git archive of {rev})"
    print(f"before: {out['before']}")
    return snap, dict(os.environ, PYTHONPATH=os.pathsep.join([str(snap), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep))


def run_before(rev: str, env: dict, cache: Path, tree: Path, one: Run, rounds: dict) -> None:
    """A cold ``-j 1`` run of the ``--before`` code, right after this code's (``one``)."""
    old = run_cmd(jitguard_cmd("-j", "1", "--cache-dir", str(cache), "."), tree, env=env)
    rounds["before1"].append(old)
    shutil.rmtree(cache, ignore_errors=True)
    print(f"cold -j 1, before ({rev}): {old.wall:.2f}s (CPU {old.cpu:.2f}s, peak RSS {old.parent_rss_mb:.0f} MB): "
          f"this code takes {one.cpu / old.cpu:.2f}x its CPU", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", choices=["dev", "libs12"], default="dev")
    parser.add_argument("--corpus-dir", default=None, help="any folder of Python files instead")
    parser.add_argument("--rev", default=None, help="measure this commit's jitguard/ (git archive) instead of the working tree")
    parser.add_argument("--before", default=None,
                        help="also a cold -j 1 run of this commit's jitguard/ right after each cold -j 1 (same-round before/after)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds; medians are reported")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for the parallel runs")
    parser.add_argument("--scales", default="1,2,4", help="corpus copies for the growth runs ('1' or '' to skip)")
    parser.add_argument("--scale-jobs", type=int, default=None, help="processes for the growth runs (default: --jobs)")
    parser.add_argument("--scale-repeat", type=int, default=None, help="rounds of growth runs (default: --repeat)")
    parser.add_argument("--no-jaxlint", action="store_true")
    parser.add_argument("--no-parallel", action="store_true",
                        help="leave out the -j N and warm runs (a loaded machine: the 1-process ratios only; their rows read nan)")
    parser.add_argument("--jaxlint-repeat", type=int, default=1, help="rounds that also run jaxlint (default 1)")
    parser.add_argument("--rule-cost", action="store_true",
                        help="also a cold 1-process run with only the JG0xx/JG1xx rules, right after the all-rules one")
    parser.add_argument("--profile", action="store_true", help="cProfile of an in-process cold run, top 40 cumulative")
    parser.add_argument("--superset-check", action="store_true", help="run tests/test_project.py's ast superset check on the corpus")
    parser.add_argument("--json", default=None, help="write every number to this file")
    args = parser.parse_args()
    if args.rev:
        reexec_on_snapshot(args.rev)
    measure_this_checkout()
    scales = sorted({int(s) for s in args.scales.split(",") if s.strip()} | {1})
    scale_jobs = args.scale_jobs or args.jobs
    scale_repeat = args.scale_repeat if args.scale_repeat is not None else args.repeat

    source_corpus, label = corpus_for(args)
    jl_version = None if args.no_jaxlint else jaxlint_version()
    out: dict = {"corpus": label, "code": code_label(), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                 "machine": f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} CPUs, "
                            f"{platform.machine()}, libcst {_version('libcst')}",
                 "jobs": args.jobs, "repeat": args.repeat}
    print(f"corpus: {label} at {source_corpus}")
    print(f"code: {out['code']}")
    print(f"machine: {out['machine']}; load average {os.getloadavg()[0]:.1f} at start" if hasattr(os, "getloadavg") else "")
    if rss_note():
        print(rss_note())

    before_snap, before_env = before_code(args.before, out)
    with tempfile.TemporaryDirectory(prefix="jitguard-bench-") as tmp:
        work = Path(tmp)
        tree = work / "x1"
        link_tree(source_corpus, tree)
        sets = file_sets(tree)
        n_all, n_parsed, n_jit = len(sets.files), len(sets.parsed), len(sets.with_jit)
        l_all, l_parsed, l_jit = (sets.count_lines(list(sets.sources)), sets.count_lines(sets.parsed),
                                  sets.count_lines(sets.with_jit))
        print(f"files: {n_all:,} ({l_all:,} lines); parse set (libcst after the prefilter): {n_parsed:,} "
              f"({n_parsed / n_all:.0%} of files, {l_parsed:,} lines = {l_parsed / l_all:.0%}); "
              f"files containing 'jit': {n_jit:,} ({l_jit:,} lines)", flush=True)
        out.update(files=n_all, lines=l_all, parse_set=n_parsed, parse_set_lines=l_parsed, jit_files=n_jit, jit_lines=l_jit)

        parsed_src = [sets.sources[p] for p in sets.parsed]
        jit_src = [sets.sources[p] for p in sets.with_jit]
        all_src = list(sets.sources.values())

        # the file the warm runs change: the median-sized parsed one, made a real copy first
        victim = Path(sorted(sets.parsed, key=lambda p: (len(sets.sources[p]), p))[len(sets.parsed) // 2])
        unlink_copy(victim)
        original = victim.read_bytes()
        out["warm_file"] = os.path.relpath(victim, tree)

        jl_files: list[str] = []
        if jl_version:
            aborts = jaxlint_aborts(tree, sets.files, jl_version)
            bad = {a[0] for a in aborts}
            jl_files = [os.path.relpath(p, tree) for p in sets.files]
            jl_files = [p for p in jl_files if p not in bad]
            kinds: dict[str, int] = {}
            for _path, why in aborts:
                kinds[why.split(":")[0]] = kinds.get(why.split(":")[0], 0) + 1
            print(f"jaxlint {jl_version}: aborts on {len(aborts)} files ({kinds}); runs on the other {len(jl_files)}")
            out["jaxlint"] = {"version": jl_version, "aborts": aborts, "files": len(jl_files)}
        elif not args.no_jaxlint:
            print("jaxlint: not installed (pip install jaxlint), skipped")

        rounds: dict[str, list] = {k: [] for k in ("floor_parsed", "floor_jit", "floor_ast", "cold1", "coldN", "warm",
                                                   "jaxlint", "jitguard_same", "jg1_only", "warm1", "before1")}
        for i in range(args.repeat):
            print(f"\n-- round {i + 1}/{args.repeat} (load average {os.getloadavg()[0]:.1f})", flush=True)
            for key, srcs, fn in (("floor_parsed", parsed_src, libcst_floor), ("floor_jit", jit_src, libcst_floor),
                                  ("floor_ast", all_src, ast_floor)):
                rounds[key].append(fn(srcs))
            print("floors (wall / CPU): " + "; ".join(
                f"{name} {rounds[key][-1].wall:.2f}s / {rounds[key][-1].cpu:.2f}s" for name, key in
                (("libcst parse set", "floor_parsed"), ("libcst 'jit' files", "floor_jit"), ("ast all", "floor_ast"))),
                flush=True)
            one = run_cmd(jitguard_cmd("-j", "1", "--cache-dir", str(work / f"c1-{i}"), "."), tree)
            rounds["cold1"].append(one)
            print(f"cold -j 1: {one.wall:.2f}s (CPU {one.cpu:.2f}s, peak RSS {one.parent_rss_mb:.0f} MB)", flush=True)
            if before_env is not None:
                run_before(args.before, before_env, work / f"b1-{i}", tree, one, rounds)
            if args.rule_cost:
                only = run_cmd(jitguard_cmd("-j", "1", "--select", "JG0,JG1", "--cache-dir", str(work / f"jg1-{i}"), "."), tree)
                rounds["jg1_only"].append(only)
                shutil.rmtree(work / f"jg1-{i}", ignore_errors=True)
                print(f"cold -j 1, JG0xx/JG1xx only: {only.wall:.2f}s (CPU {only.cpu:.2f}s): all rules cost "
                      f"{one.wall / only.wall - 1:+.0%} wall, {one.cpu / only.cpu - 1:+.0%} CPU", flush=True)
            if not args.no_parallel:
                parallel_and_warm(args, work, tree, i, victim, original, rounds)
            shutil.rmtree(work / f"c1-{i}", ignore_errors=True)
            if jl_files and i < args.jaxlint_repeat:
                jl = run_cmd(["jaxlint", "check", "-j", "1", "-f", "json", *jl_files], tree, ok=(0, 1))
                rounds["jaxlint"].append(jl)
                same = run_cmd(jitguard_cmd("-j", "1", "--cache-dir", str(work / f"same-{i}"), *jl_files), tree)
                rounds["jitguard_same"].append(same)
                shutil.rmtree(work / f"same-{i}", ignore_errors=True)
                print(f"jaxlint -j 1 on {len(jl_files)} files: {jl.wall:.2f}s (CPU {jl.cpu:.2f}s, peak RSS "
                      f"{jl.parent_rss_mb:.0f} MB); jitguard -j 1 on the same files: {same.wall:.2f}s (CPU {same.cpu:.2f}s)",
                      flush=True)

        # growth with the corpus
        growth: dict[int, list[Run]] = {}
        if len(scales) > 1:
            for k in scales:
                if k == 1:
                    continue
                big = work / f"x{k}"
                for c in range(k):
                    link_tree(source_corpus, big / f"copy{c}")
            for i in range(scale_repeat):
                for k in scales:
                    big = tree if k == 1 else work / f"x{k}"
                    r = run_cmd(jitguard_cmd("-j", str(scale_jobs), "--cache-dir", str(work / f"s{k}-{i}"), "."), big)
                    growth.setdefault(k, []).append(r)
                    shutil.rmtree(work / f"s{k}-{i}", ignore_errors=True)
                    print(f"growth {k}x ({k * n_all:,} files), -j {scale_jobs}, round {i + 1}: {r.wall:.2f}s "
                          f"(CPU {r.cpu:.2f}s = {1000 * r.cpu / (k * n_all):.2f} ms/file; parent CPU {r.parent_cpu:.2f}s; "
                          f"peak RSS parent {r.parent_rss_mb:.0f} MB, workers "
                          f"{', '.join(f'{w:.0f}' for w in r.worker_rss_mb)} MB)", flush=True)

        if args.profile:
            profile(tree, sets.files, work, out)
            in_run = set(out["profile"]["parsed_paths"])
            extra = sorted(in_run - set(sets.parsed))
            print(f"parse set {n_parsed} (needs_libcst) vs files parsed in the in-process run {len(in_run)}: "
                  f"{len(extra)} more (seeded by other files), {len(set(sets.parsed) - in_run)} fewer")
            out["profile"]["parsed_beyond_parse_set"] = len(extra)
            del out["profile"]["parsed_paths"]
            t_import = med([run_cmd([sys.executable, "-c", "import jitguard.cli, jitguard.lint.runner"], tree).wall
                            for _ in range(3)])
            t_python = med([run_cmd([sys.executable, "-c", "pass"], tree).wall for _ in range(3)])
            out["profile"].update(python_start_s=t_python, import_s=t_import)
            print(f"process overhead: python start {t_python:.2f}s, start + import of the CLI and the linter {t_import:.2f}s")

        if args.superset_check:
            superset_check(sets, out)
            prepass_check(tree, sets, out)

    if before_snap is not None:
        shutil.rmtree(before_snap, ignore_errors=True)
    report(args, out, rounds, growth, scale_jobs, scale_repeat, jl_version, len(jl_files))
    if args.json:
        out["rounds"] = {k: [{**asdict(r), "stderr": ""} for r in v] for k, v in rounds.items()}
        out["growth"] = {str(k): [{**asdict(r), "stderr": ""} for r in v] for k, v in growth.items()}
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


def report(args, out: dict, rounds: dict, growth: dict, scale_jobs: int, scale_repeat: int, jl_version, n_jl: int) -> None:
    def m(key: str, attr: str = "wall") -> float:
        return med([getattr(r, attr) for r in rounds[key]])

    def per(num: str, den: str, attr: str = "wall") -> list[float]:
        return [getattr(a, attr) / getattr(b, attr) for a, b in zip(rounds[num], rounds[den])]

    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    def runs(values: list[float], fmt: str = "{:.2f}") -> str:
        return "" if len(values) < 2 else " (" + ", ".join(fmt.format(v) for v in values) + ")"

    jobs = args.jobs
    if not rounds["cold1"]:
        report_growth(growth, scale_jobs, scale_repeat, out["files"])
        return
    n_all, n_parsed, n_jit = out["files"], out["parse_set"], out["jit_files"]
    fp, fj, fa = m("floor_parsed"), m("floor_jit"), m("floor_ast")
    fpc, fjc, fac = m("floor_parsed", "cpu"), m("floor_jit", "cpu"), m("floor_ast", "cpu")
    c1, c1c = m("cold1"), m("cold1", "cpu")
    cN, cNc = m("coldN"), m("coldN", "cpu")
    wm, wmc = m("warm"), m("warm", "cpu")
    summary = out["summary"] = {
        "floor_parsed": [fp, fpc], "floor_jit": [fj, fjc], "floor_ast": [fa, fac], "cold1": [c1, c1c],
        "coldN": [cN, cNc], "warm": [wm, wmc],
    }
    print(f"\n## Results: medians of {args.repeat} rounds (code: {out['code']})\n")
    print("Wall time, and CPU time (user + system: what the process itself used, less disturbed by the other")
    print("tenants of a shared machine; the floors' CPU time is that of the parsing thread).\n")
    print("| measure | wall s | CPU s | ratio (wall; CPU) | target |")
    print("|---|---:|---:|---|---|")
    print(f"| floor: libcst parse of the parse set ({n_parsed:,} files, {out['parse_set_lines']:,} lines) | {fp:.2f} | "
          f"{fpc:.2f} | 1.00x | |")
    print(f"| floor: libcst parse of the files containing `jit` ({n_jit:,} files) | {fj:.2f} | {fjc:.2f} | "
          f"{fj / fp:.2f}x; {fjc / fpc:.2f}x of the parse set | |")
    print(f"| floor: CPython ast.parse of all {n_all:,} files | {fa:.2f} | {fac:.2f} | {fa / fp:.2f}x; {fac / fpc:.2f}x | |")
    print(f"| cold, 1 process | {c1:.2f} | {c1c:.2f} | parse set: {c1 / fp:.2f}x; {c1c / fpc:.2f}x | <= 1.3x: "
          f"{verdict(c1 <= 1.3 * fp)} (wall), {verdict(c1c <= 1.3 * fpc)} (CPU) |")
    print(f"| | | | `jit` files: {c1 / fj:.2f}x; {c1c / fjc:.2f}x | <= 1.6x: {verdict(c1 <= 1.6 * fj)} (wall), "
          f"{verdict(c1c <= 1.6 * fjc)} (CPU) |")
    print(f"| cold, {jobs} processes | {cN:.2f} | {cNc:.2f} | {c1 / cN:.2f}x faster than 1 (wall) | >= 1.8x: "
          f"{verdict(c1 / cN >= 1.8)} |")
    print(f"| warm, 1 parsed file changed, -j {jobs} | {wm:.2f} | {wmc:.2f} | {wm / c1:.1%} of cold-1; {wmc / c1c:.1%} | "
          f"<= 3%: {verdict(wm <= 0.03 * c1)} (wall), {verdict(wmc <= 0.03 * c1c)} (CPU) |")
    if rounds["warm1"]:
        w1, w1c = m("warm1"), m("warm1", "cpu")
        summary.update(warm1=[w1, w1c])
        print(f"| warm, 1 parsed file changed, -j 1 | {w1:.2f} | {w1c:.2f} | {w1 / c1:.1%} of cold-1; {w1c / c1c:.1%} | "
              f"<= 3%: {verdict(w1 <= 0.03 * c1)} (wall), {verdict(w1c <= 0.03 * c1c)} (CPU) |")
    if rounds["jaxlint"]:
        jl, jlc = m("jaxlint"), m("jaxlint", "cpu")
        same, samec = m("jitguard_same"), m("jitguard_same", "cpu")
        summary.update(jaxlint=[jl, jlc], jitguard_same=[same, samec])
        print(f"| jaxlint {jl_version} -j 1 (default checks) on {n_jl:,} files | {jl:.2f} | {jlc:.2f} | | |")
        print(f"| jitguard -j 1 on the same files | {same:.2f} | {samec:.2f} | {same / jl:.2f}x; {samec / jlc:.2f}x jaxlint | "
              f"<= 0.9x: {verdict(same <= 0.9 * jl)} (wall), {verdict(samec <= 0.9 * jlc)} (CPU) |")
    if rounds["before1"]:
        b1, b1c = m("before1"), m("before1", "cpu")
        summary.update(before1=[b1, b1c])
        print(f"| cold, 1 process, before ({args.before}) | {b1:.2f} | {b1c:.2f} | parse set: {b1 / fp:.2f}x; {b1c / fpc:.2f}x; "
              f"`jit` files: {b1 / fj:.2f}x; {b1c / fjc:.2f}x; this code {c1c / b1c:.2f}x its CPU | |")
    if rounds["jg1_only"]:
        j1, j1c = m("jg1_only"), m("jg1_only", "cpu")
        summary.update(jg1_only=[j1, j1c])
        print(f"| cold, 1 process, JG0xx/JG1xx only | {j1:.2f} | {j1c:.2f} | all rules cost {c1 / j1 - 1:+.0%}; "
              f"{c1c / j1c - 1:+.0%} | |")
    print()
    print("per round, wall: cold-1 / parse floor" + runs(per("cold1", "floor_parsed")) + "; cold-1 / jit floor"
          + runs(per("cold1", "floor_jit")) + f"; -j {jobs} speed-up" + runs(per("cold1", "coldN"))
          + "; warm / cold-1" + runs(per("warm", "cold1"), "{:.1%}"))
    print("per round, CPU: cold-1 / parse floor" + runs(per("cold1", "floor_parsed", "cpu")) + "; cold-1 / jit floor"
          + runs(per("cold1", "floor_jit", "cpu")) + "; warm / cold-1" + runs(per("warm", "cold1", "cpu"), "{:.1%}"))
    if rounds["jaxlint"]:
        print("jitguard / jaxlint on the same files, per round (wall): " + ", ".join(
            f"{x:.2f}" for x in per("jitguard_same", "jaxlint")))
    par = rounds["coldN"]
    print(f"-j {jobs}: CPU of parent {med([r.parent_cpu for r in par]):.2f}s, of the workers "
          f"{med([sum(r.worker_cpu) for r in par]):.2f}s together ({cNc / c1c:.2f}x the CPU of cold-1)")
    print(f"peak RSS (VmHWM): cold-1 {m('cold1', 'parent_rss_mb'):.0f} MB; cold -j {jobs}: parent "
          f"{m('coldN', 'parent_rss_mb'):.0f} MB, largest worker {med([max(r.worker_rss_mb, default=0) for r in par]):.0f} MB; "
          f"warm: parent {m('warm', 'parent_rss_mb'):.0f} MB"
          + (f"; jaxlint {m('jaxlint', 'parent_rss_mb'):.0f} MB" if rounds["jaxlint"] else ""))

    report_growth(growth, scale_jobs, scale_repeat, n_all)


def report_growth(growth: dict, scale_jobs: int, scale_repeat: int, n_all: int) -> None:
    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    if growth:
        print(f"\n### Growth with the corpus (cold, -j {scale_jobs}, medians of {scale_repeat})\n")
        print("| copies | files | wall s | CPU s | ms/file (wall) | ms/file (CPU) | CPU/file vs 1x | parent CPU s | "
              "peak RSS parent | largest worker |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        base = med([r.cpu for r in growth[1]]) / n_all
        worst = 0.0
        for k in sorted(growth):
            w, cpu = med([r.wall for r in growth[k]]), med([r.cpu for r in growth[k]])
            rel = cpu / (k * n_all) / base
            worst = max(worst, rel)
            print(f"| {k}x | {k * n_all:,} | {w:.2f} | {cpu:.2f} | {1000 * w / (k * n_all):.2f} | "
                  f"{1000 * cpu / (k * n_all):.2f} | {rel:.2f}x | {med([r.parent_cpu for r in growth[k]]):.2f} | "
                  f"{med([r.parent_rss_mb for r in growth[k]]):.0f} MB | "
                  f"{med([max(r.worker_rss_mb, default=0) for r in growth[k]]):.0f} MB |")
        print(f"\nCPU cost per file, largest against 1x: {worst:.2f}x (flat, read as within 10%: {verdict(worst <= 1.10)})")


if __name__ == "__main__":
    sys.exit(main())
