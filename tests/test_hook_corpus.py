"""The pre-commit hook on real code (issue 15): a copy of four libraries of the development corpus
(``bash ../shared/corpus/dev-corpus.sh``; skipped without it) is edited at random, round after
round, and after each round the hook (``jitguard check --force-exclude FILE...``, warm cache, in a
forked process and in one process alternately) must report exactly what the same command reports
without a cache, and the named files' findings must be those of a run of the whole copy without a
cache. Each round edits a file the last run's project-wide phase seeded or wrapper-checked (the
files whose replay asks them again: projectmemo) and two files at random, with edits that keep
every fact (a function or a comment appended), that move them (a line inserted at the top) or
that add findings (a jitted function with a Python `if` on its traced argument)."""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
from pathlib import Path

import pytest

from tests.test_incremental import _count_forks

CORPUS = Path(os.environ.get("JITGUARD_DEV_CORPUS") or Path.home() / ".cache" / "jitguard-dev-corpus")
LIBS = ("diffrax", "equinox", "levanter", "optimistix")  # (diffrax and optimistix import equinox)

pytestmark = pytest.mark.skipif(not (CORPUS / ".complete").is_file() or not all((CORPUS / lib).is_dir() for lib in LIBS),
                                reason="the development corpus is not built (../shared/corpus/dev-corpus.sh)")

EDITS = [
    "\n\ndef _appended_{n}(x):\n    return x\n",  # the facts kept
    "\n# a comment {n}\n",
    ("", "# a line on top {n}\n"),  # every position below moves
    "\n\nimport jax\n\n\n@jax.jit\ndef _jitted_{n}(x):\n    if x > 0:\n        return x\n    return -x\n",  # a finding
]


def _findings(out: Path) -> list:
    return sorted(json.dumps(f, sort_keys=True) for f in json.loads(out.read_text()))


@pytest.mark.filterwarnings("ignore:os.fork")
def test_the_hook_on_real_code_reports_what_a_run_without_a_cache_reports(tmp_path: Path, monkeypatch) -> None:
    from jitguard import cli
    from jitguard.lint import cache, projectmemo

    monkeypatch.delenv("JITGUARD_NO_CACHE", raising=False)
    monkeypatch.setattr(cache, "STAT_MARGIN_NS", 0)  # (statuses recorded at once)
    _count_forks(monkeypatch)
    root = tmp_path / "repo"
    for lib in LIBS:
        shutil.copytree(CORPUS / lib, root / lib, ignore=shutil.ignore_patterns(".git"))
    (root / "pyproject.toml").write_text("[tool.jitguard]\n")
    monkeypatch.chdir(root)
    memos: list[dict] = []
    put = cache.Cache.put_project_memo
    monkeypatch.setattr(cache.Cache, "put_project_memo", lambda self, key, memo: (memos.append(memo), put(self, key, memo))[1])
    replayed: list[bool] = []
    replay = projectmemo.ProjectMemo.replay
    monkeypatch.setattr(projectmemo.ProjectMemo, "replay",
                        lambda self, *a, **k: (lambda got: (replayed.append(got is not None), got)[1])(replay(self, *a, **k)))

    def run(name: str, *args: str) -> list:
        out = tmp_path / f"{name}.json"
        assert cli.main(["check", "--output-format", "json", "--exit-zero", "-o", str(out), *args]) == 0
        return _findings(out)

    files = sorted(str(p.relative_to(root)) for p in root.rglob("*.py"))
    rng = random.Random(15)
    run("fill", "-j", "2", ".")
    texts = {f: (root / f).read_text(encoding="utf-8", errors="surrogateescape") for f in files}
    asked_again = 0
    for n in range(6):
        last = memos[-1]
        again = sorted((set(last.get("seeds", ())) | set(last.get("checked", ()))) & set(files))
        named = list(dict.fromkeys([rng.choice(again)] if again else []) | dict.fromkeys(rng.sample(files, 2)))
        for f in named:
            edit = EDITS[rng.randrange(len(EDITS))]
            texts[f] = texts[f] + edit.format(n=n) if isinstance(edit, str) else edit[1].format(n=n) + texts[f]
            (root / f).write_text(texts[f], encoding="utf-8", errors="surrogateescape")
        whole = run("whole-cold", "--no-cache", ".")
        del replayed[:]
        hook = run("hook", "-j", str(1 + n % 2), "--force-exclude", *named)
        assert hook == run("hook-cold", "--no-cache", "--force-exclude", *named), f"round {n}: {named}"
        mine = sorted(r for r in hook if json.loads(r)["path"] in named)
        assert mine == sorted(r for r in whole if json.loads(r)["path"] in named), f"round {n}: {named}"
        asked_again += bool(again) and replayed[:1] == [True]
    print(f"rounds replayed with a seeded or wrapper-checked file changed: {asked_again} of 6", file=sys.stderr)
