"""The pre-commit path: ``jitguard check`` on a handful of changed files of a 3,000-file repository,
with a warm cache.

    python benchmarks/precommit_latency.py [--corpus dev|libs12] [--corpus-dir DIR] [--files 3000]
                                           [--changed 5] [--repeat 5] [--jobs N] [--rev REV] [--json FILE]
                                           [--installed] [--no-syscalls]

The repository is made under the temporary folder from real files: whole libraries of the corpus
(the development corpus by default, see benchmarks/lint_corpus.py), taken in name order until
``--files`` files (the last library in part, its files in path order), *copied* (they are edited),
with a ``pyproject.toml`` holding an empty ``[tool.jitguard]`` table at its root, so the cache
lives in ``.jitguard_cache`` there as it would in a user's repository.

Then:

* cold: ``jitguard check -j N .`` once: it fills the cache (a repository's earlier runs);
* each round edits ``--changed`` files that jitguard parses with libcst (files of spread sizes, a
  small function appended: a real change, different every round), then times
  - the hook: ``jitguard check --force-exclude FILE...`` with the changed files, exactly what
    ``.pre-commit-hooks.yaml`` runs (pre-commit adds the staged file names), default jobs;
  - the same again with nothing changed (every result from the cache): the fixed cost;
  - the whole tree: ``jitguard check .`` with those files changed (a ``pass_filenames: false``
    hook, or CI with a restored cache);
* floors, same run: ``python -c pass``, ``python -c "import libcst"``, and libcst's parse of the
  changed files (sources in memory).

How jitguard is started: by default ``python -m jitguard`` with the measured code first on
PYTHONPATH and Python's bytecode cache in a folder of the benchmark's own (lint_corpus.bytecode_env:
written by the first run, read by the others). ``--installed`` measures it as pre-commit's
environment holds it instead: the code copied into a scratch ``site`` folder and compiled there
(``python -m compileall``, as pip does on install), started by a console script as pip writes it
(so ``sys.path[0]`` is the script's folder, not the repository), every module's bytecode read from
its own ``__pycache__`` (no PYTHONPYCACHEPREFIX; PYTHONDONTWRITEBYTECODE as the environment has it:
nothing is compiled during the rounds when the installed libraries have their bytecode).

System calls: when ``strace`` is installed (and not ``--no-syscalls``), the hook is run once more
under ``strace -f`` with the files changed and once with nothing changed (not timed), and its file
system calls are counted by kind (stat-like, opens, folder listings) and by what they touch (the
repository's sources, its other paths, the cache, Python and its packages, open descriptors): on
a host where a system call is expensive (gVisor: ~85 us a ``stat``) these counts explain its times.

Medians of ``--repeat`` rounds, wall and CPU (user + system of the run and of the processes it
forks: the hook lints the changed files in forked processes, jitguard/lint/runner.py's _Forked, so
its wall time is below its CPU time on idle cores); target (issue 15): the hook on a few files
<= 0.5 s. pre-commit's own start-up and git work are not included.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lint_corpus as lc  # noqa: E402 - the corpus, the code snapshot and the measured subprocess runs


def build_repo(corpus: Path, repo: Path, n_files: int) -> list[Path]:
    libs = sorted(p for p in corpus.iterdir() if p.is_dir() and not p.name.startswith("."))
    chosen: list[tuple[Path, Path]] = []
    for lib in libs:
        files = sorted(p for p in lib.rglob("*.py") if p.is_file())
        room = n_files - len(chosen)
        if room <= 0:
            break
        chosen.extend((f, repo / f.relative_to(corpus)) for f in files[:room])
    for src, dst in chosen:
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
    (repo / "pyproject.toml").write_text('[project]\nname = "bench-monorepo"\nversion = "0"\n\n[tool.jitguard]\n')
    return [dst for _src, dst in chosen]


def pick_changed(repo: Path, k: int) -> list[Path]:
    """``k`` files jitguard parses with libcst, of spread sizes (quantiles of the parse set)."""
    sets = lc.file_sets(repo)
    parsed = sorted(sets.parsed, key=lambda p: (len(sets.sources[p]), p))
    picks = [parsed[min(len(parsed) - 1, int((i + 0.5) * len(parsed) / k))] for i in range(k)]
    return [Path(p) for p in dict.fromkeys(picks)]


_CONSOLE_SCRIPT = """\
#!{python}
# -*- coding: utf-8 -*-
import re
import sys
from jitguard.cli import main
if __name__ == "__main__":
    sys.argv[0] = re.sub(r"(-script\\.pyw|\\.exe)?$", "", sys.argv[0])
    sys.exit(main())
"""


class Launcher:
    """How the measured jitguard is started (``prefix``), and in which environment (``env``)."""

    def __init__(self, installed_in: Path | None = None) -> None:
        self.installed = installed_in is not None
        if installed_in is None:
            self.prefix = [sys.executable, "-m", "jitguard"]
            self.env = lc.bytecode_env()
            return
        code = Path(os.environ["PYTHONPATH"].split(os.pathsep)[0]) / "jitguard"  # (measure_this_checkout, --rev)
        site, bin_ = installed_in / "site", installed_in / "bin"
        shutil.copytree(code, site / "jitguard", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(site)], check=True)
        bin_.mkdir(parents=True)
        (bin_ / "jitguard").write_text(_CONSOLE_SCRIPT.format(python=sys.executable))
        self.prefix = [sys.executable, str(bin_ / "jitguard")]
        self.env = dict(os.environ, PYTHONPATH=str(site))
        self.env.pop("PYTHONPYCACHEPREFIX", None)

    def check(self, *args: str) -> list[str]:
        return [*self.prefix, "check", "--exit-zero", "--output-format", "json", "-o", os.devnull, *args]

    def run(self, cmd: list[str], cwd: Path) -> lc.Run:
        return lc.run_cmd(cmd, cwd, env=self.env, bytecode=False)

    def missing_bytecode(self) -> list[str]:
        """The imported packages whose source has no bytecode beside it (compiled again by every
        run when PYTHONDONTWRITEBYTECODE is set): an installed measurement would include that."""
        if not self.installed:
            return []
        probe = ("import importlib.util, os, libcst, pathspec, jitguard.cli\n"
                 "for m in (libcst, pathspec, jitguard.cli):\n"
                 "    print('' if os.path.exists(importlib.util.cache_from_source(m.__file__)) else m.__name__)")
        out = subprocess.run([sys.executable, "-c", probe], env=self.env, capture_output=True, text=True,
                             cwd=self.prefix[1].rsplit(os.sep, 2)[0]).stdout  # (not a folder holding jitguard/)
        return out.split()


_STATS = {"stat", "lstat", "fstat", "newfstatat", "fstatat64", "statx", "access", "faccessat", "faccessat2", "readlink",
          "readlinkat"}
_OPENS = {"open", "openat", "openat2", "creat"}
_LISTS = {"getdents", "getdents64"}
_CALL = re.compile(r"^(\d+)\s+(?:<\.\.\. (\w+) resumed>|(\w+)\()(.*)$")


def syscall_counts(cmd: list[str], cwd: Path, env: dict, places: dict[str, list[str]]) -> dict | None:
    """The file system calls of ``cmd`` and of the processes it forks (``strace -f``), counted by
    kind and by the first of ``places`` (name -> folders) their path is in (a relative path is
    taken from ``cwd``; a call on a descriptor, fstat or getdents64, counts as such). None
    without strace, or when it traced nothing (a host without ptrace: it printed zeros there)."""
    strace = shutil.which("strace")
    if strace is None:
        return None
    with tempfile.NamedTemporaryFile(suffix=".strace") as out:
        subprocess.run([strace, "-f", "-qq", "-o", out.name, "-e", "trace=%file,fstat,getdents64", "--", *cmd],
                       cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        lines = Path(out.name).read_text(errors="replace").splitlines()
    if not lines:  # strace ran but traced nothing: no ptrace here (gVisor's sandbox, a container)
        return None
    pending: dict[str, tuple[str, str]] = {}
    counts: collections.Counter = collections.Counter()
    failed: collections.Counter = collections.Counter()
    for line in lines:
        m = _CALL.match(line)
        if m is None:
            continue
        pid, resumed, name, rest = m.groups()
        if resumed:
            name, where = pending.pop(pid, (resumed, "other"))
        else:
            path = re.search(r'"((?:[^"\\]|\\.)*)"', rest)
            where = _place(path.group(1) if path else None, cwd, places)
            if rest.rstrip().endswith("<unfinished ...>"):
                pending[pid] = (name, where)
                continue
        kind = "stat" if name in _STATS else "open" if name in _OPENS else "list" if name in _LISTS else "other"
        counts[(where, kind)] += 1
        if re.search(r"= -1 E", rest):
            failed[(where, kind)] += 1
    return {"counts": {f"{w}|{k}": n for (w, k), n in counts.items()},
            "failed": {f"{w}|{k}": n for (w, k), n in failed.items()}}


def _place(path: str | None, cwd: Path, places: dict[str, list[str]]) -> str:
    if not path:
        return "by descriptor (fstat, getdents64)"
    full = os.path.normpath(os.path.join(str(cwd), path))
    for name, folders in places.items():
        if any(full == f or full.startswith(f.rstrip(os.sep) + os.sep) for f in folders):
            if name != "repository":
                return name
            return ("the repository: its cache" if f"{os.sep}.jitguard_cache" in full else
                    "the repository: source files" if full.endswith((".py", ".pyi", ".ipynb")) else
                    "the repository: folders and other files")
    return "other"


def print_syscalls(label: str, found: dict) -> None:
    counts, failed = found["counts"], found["failed"]
    kinds = [("stat", "stat-like"), ("open", "opens"), ("list", "listings"), ("other", "other")]

    def row_total(where: str) -> int:
        return sum(counts.get(f"{where}|{k}", 0) for k, _ in kinds)

    wheres = sorted({k.split("|")[0] for k in counts}, key=lambda w: -row_total(w))
    print(f"\n### File system calls: {label} (strace -f: the run and its forked processes; failed ones in brackets)\n")
    print("| where | " + " | ".join(t for _, t in kinds) + " | total |")
    print("|---|" + "---:|" * (len(kinds) + 1))
    total: collections.Counter = collections.Counter()
    for w in wheres:
        cells = []
        for k, _ in kinds:
            n, f = counts.get(f"{w}|{k}", 0), failed.get(f"{w}|{k}", 0)
            total[k] += n
            cells.append((f"{n:,}" + (f" ({f:,})" if f else "")) if n else "")
        print(f"| {w} | " + " | ".join(cells) + f" | {row_total(w):,} |")
    print("| **all** | " + " | ".join(f"**{total[k]:,}**" for k, _ in kinds) + f" | **{sum(total.values()):,}** |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", choices=["dev", "libs12"], default="dev")
    parser.add_argument("--corpus-dir", default=None)
    parser.add_argument("--rev", default=None, help="measure this commit's jitguard/ (git archive) instead of the working tree")
    parser.add_argument("--files", type=int, default=3000)
    parser.add_argument("--changed", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for the cold run that fills the cache")
    parser.add_argument("--json", default=None)
    parser.add_argument("--installed", action="store_true",
                        help="measure the code as an installed package: compiled (compileall) in a scratch copy, "
                             "started by a console script, no PYTHONPYCACHEPREFIX")
    parser.add_argument("--no-syscalls", action="store_true", help="do not count the hook's file system calls (strace)")
    args = parser.parse_args()
    if args.rev:
        lc.reexec_on_snapshot(args.rev)
    lc.measure_this_checkout()
    corpus, label = lc.corpus_for(args)
    out: dict = {"corpus": label, "code": lc.code_label(), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    print(f"corpus: {label}\ncode: {out['code']}\nload average at start: {os.getloadavg()[0]:.1f}")
    if lc.rss_note():
        print(lc.rss_note())

    with tempfile.TemporaryDirectory(prefix="jitguard-precommit-") as tmp:
        launch = Launcher(Path(tmp) / "installed" if args.installed else None)
        print("started as: " + (f"an installed package ({' '.join(launch.prefix)}; bytecode compiled, no "
                                "PYTHONPYCACHEPREFIX)" if args.installed else "python -m jitguard (bytecode in the "
                                "benchmark's PYTHONPYCACHEPREFIX)"))
        out["installed"] = args.installed
        missing = launch.missing_bytecode()
        if missing:
            print("note: no bytecode beside " + ", ".join(missing) + ": compiled on every run")
        repo = Path(tmp) / "repo"
        files = build_repo(corpus, repo, args.files)
        changed = pick_changed(repo, args.changed)
        rel = [str(p.relative_to(repo)) for p in changed]
        sizes = [p.read_bytes().count(b"\n") for p in changed]
        print(f"repository: {len(files):,} files ({sum(p.stat().st_size for p in files) / 1e6:.1f} MB)")
        print("changed each round: " + ", ".join(f"{r} ({n} lines)" for r, n in zip(rel, sizes)))
        out.update(files=len(files), changed=dict(zip(rel, sizes)))

        cold = launch.run(launch.check("-j", str(args.jobs), "."), repo)
        print(f"cold, whole repository, -j {args.jobs} (fills the cache): {cold.wall:.2f}s (CPU {cold.cpu:.2f}s)", flush=True)
        out["cold"] = asdict(cold)

        originals = {p: p.read_bytes() for p in changed}
        sources = [originals[p].decode("utf-8", "replace") for p in changed]
        rows: dict[str, list] = {"hook": [], "hook_unchanged": [], "tree": [], "python": [], "import_libcst": [],
                                 "parse_changed": []}
        hook = ["--force-exclude", *rel]
        for i in range(args.repeat):
            for p in changed:
                p.write_bytes(originals[p] + f"\n\ndef _edited_in_round_{i}(x):\n    return x\n".encode())
            rows["hook"].append(launch.run(launch.check(*hook), repo))
            rows["hook_unchanged"].append(launch.run(launch.check(*hook), repo))
            for p in changed:  # changed again, so that the whole-tree run re-lints them too
                p.write_bytes(originals[p] + f"\n\ndef _edited_again_in_round_{i}(x):\n    return x\n".encode())
            rows["tree"].append(launch.run(launch.check("."), repo))
            rows["python"].append(launch.run([sys.executable, "-c", "pass"], repo))
            rows["import_libcst"].append(launch.run([sys.executable, "-c", "import libcst"], repo))
            rows["parse_changed"].append(lc.libcst_floor(sources))
            print(f"round {i + 1}: hook {rows['hook'][-1].wall:.3f}s (CPU {rows['hook'][-1].cpu:.3f}s), hook with nothing changed "
                  f"{rows['hook_unchanged'][-1].wall:.3f}s (CPU {rows['hook_unchanged'][-1].cpu:.3f}s), whole tree warm "
                  f"{rows['tree'][-1].wall:.2f}s; python start "
                  f"{rows['python'][-1].wall:.3f}s, + import libcst {rows['import_libcst'][-1].wall:.3f}s, libcst parse of "
                  f"the changed files {rows['parse_changed'][-1].wall:.3f}s (load average {os.getloadavg()[0]:.1f})",
                  flush=True)

        syscalls: dict = {}
        if not args.no_syscalls:
            places = {"repository": [str(repo)],
                      "Python and its packages (imports, bytecode)": sorted(
                          {sys.prefix, sys.base_prefix, str(lc.BENCH_CACHE), str(Path(tmp) / "installed"),
                           *os.environ.get("PYTHONPATH", "").split(os.pathsep)} - {""})}
            for p in changed:
                p.write_bytes(originals[p] + b"\n\ndef _edited_for_strace(x):\n    return x\n")
            found = syscall_counts(launch.check(*hook), repo, launch.env, places)
            if found is None:
                print("\n(strace is not installed, or traced nothing on this host: the hook's file system calls "
                      "are not counted)")
            else:
                syscalls = {"hook": found, "hook_unchanged": syscall_counts(launch.check(*hook), repo, launch.env, places)}
        out["syscalls"] = syscalls

    def m(key: str, attr: str = "wall") -> float:
        return statistics.median(getattr(r, attr) for r in rows[key])

    hook_s = m("hook")
    print(f"\n## Pre-commit latency: medians of {args.repeat} rounds (code: {out['code']})\n")
    print("| run | wall s | CPU s | peak RSS |")
    print("|---|---:|---:|---:|")
    print(f"| floor: `python -c pass` | {m('python'):.3f} | {m('python', 'cpu'):.3f} | |")
    print(f"| floor: `python -c 'import libcst'` | {m('import_libcst'):.3f} | {m('import_libcst', 'cpu'):.3f} | |")
    print(f"| floor: libcst parse of the {len(changed)} changed files, in memory | {m('parse_changed'):.3f} | "
          f"{m('parse_changed', 'cpu'):.3f} | |")
    print(f"| **hook: `jitguard check --force-exclude` on the {len(changed)} changed files, warm cache** | **{hook_s:.3f}** | "
          f"{m('hook', 'cpu'):.3f} | {m('hook', 'parent_rss_mb'):.0f} MB |")
    print(f"| the same, nothing changed (all from the cache) | {m('hook_unchanged'):.3f} | {m('hook_unchanged', 'cpu'):.3f} | "
          f"{m('hook_unchanged', 'parent_rss_mb'):.0f} MB |")
    print(f"| whole repository ({len(files):,} files), {len(changed)} changed, warm cache | {m('tree'):.2f} | "
          f"{m('tree', 'cpu'):.2f} | {m('tree', 'parent_rss_mb'):.0f} MB |")
    print(f"| (cold, whole repository, -j {args.jobs}, once) | {cold.wall:.2f} | {cold.cpu:.2f} | |")
    print("\nhook per round, wall: " + ", ".join(f"{r.wall:.3f}" for r in rows["hook"])
          + "\nhook per round, CPU (user + system of the run and the processes it forks): "
          + ", ".join(f"{r.cpu:.3f}" for r in rows["hook"])
          + f"\nHOOK (median of {args.repeat}): wall {hook_s:.3f} s, CPU {m('hook', 'cpu'):.3f} s; load average now "
          f"{os.getloadavg()[0]:.1f}"
          + f"\ntarget: hook <= 0.5 s (wall) with a warm cache: {'met' if hook_s <= 0.5 else 'MISSED'} ({hook_s:.3f} s)")
    if syscalls:
        print_syscalls(f"the hook on the {len(changed)} changed files", syscalls["hook"])
        print_syscalls("the hook, nothing changed", syscalls["hook_unchanged"])
    if args.json:
        out["rounds"] = {k: [{**asdict(r), "stderr": ""} if hasattr(r, "stderr") else asdict(r) for r in v]
                         for k, v in rows.items()}
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
