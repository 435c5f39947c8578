"""The pre-commit path: ``jitguard check`` on a handful of changed files of a 3,000-file repository,
with a warm cache.

    python benchmarks/precommit_latency.py [--corpus dev|libs12] [--corpus-dir DIR] [--files 3000]
                                           [--changed 5] [--repeat 5] [--jobs N] [--rev REV] [--json FILE]

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

Medians of ``--repeat`` rounds, wall and CPU (user + system of the run and of the processes it
forks: the hook lints the changed files in forked processes, jitguard/lint/runner.py's _Forked, so
its wall time is below its CPU time on idle cores); target (issue 15): the hook on a few files
<= 0.5 s. pre-commit's own start-up and git work are not included.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
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
        repo = Path(tmp) / "repo"
        files = build_repo(corpus, repo, args.files)
        changed = pick_changed(repo, args.changed)
        rel = [str(p.relative_to(repo)) for p in changed]
        sizes = [p.read_bytes().count(b"\n") for p in changed]
        print(f"repository: {len(files):,} files ({sum(p.stat().st_size for p in files) / 1e6:.1f} MB)")
        print("changed each round: " + ", ".join(f"{r} ({n} lines)" for r, n in zip(rel, sizes)))
        out.update(files=len(files), changed=dict(zip(rel, sizes)))

        cold = lc.run_cmd(lc.jitguard_cmd("-j", str(args.jobs), "."), repo)
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
            rows["hook"].append(lc.run_cmd(lc.jitguard_cmd(*hook), repo))
            rows["hook_unchanged"].append(lc.run_cmd(lc.jitguard_cmd(*hook), repo))
            for p in changed:  # changed again, so that the whole-tree run re-lints them too
                p.write_bytes(originals[p] + f"\n\ndef _edited_again_in_round_{i}(x):\n    return x\n".encode())
            rows["tree"].append(lc.run_cmd(lc.jitguard_cmd("."), repo))
            rows["python"].append(lc.run_cmd([sys.executable, "-c", "pass"], repo))
            rows["import_libcst"].append(lc.run_cmd([sys.executable, "-c", "import libcst"], repo))
            rows["parse_changed"].append(lc.libcst_floor(sources))
            print(f"round {i + 1}: hook {rows['hook'][-1].wall:.3f}s (CPU {rows['hook'][-1].cpu:.3f}s), hook with nothing changed "
                  f"{rows['hook_unchanged'][-1].wall:.3f}s (CPU {rows['hook_unchanged'][-1].cpu:.3f}s), whole tree warm "
                  f"{rows['tree'][-1].wall:.2f}s; python start "
                  f"{rows['python'][-1].wall:.3f}s, + import libcst {rows['import_libcst'][-1].wall:.3f}s, libcst parse of "
                  f"the changed files {rows['parse_changed'][-1].wall:.3f}s (load average {os.getloadavg()[0]:.1f})",
                  flush=True)

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
    if args.json:
        out["rounds"] = {k: [{**asdict(r), "stderr": ""} if hasattr(r, "stderr") else asdict(r) for r in v]
                         for k, v in rows.items()}
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
