"""``calls.RecordSummary``: ``may_record_calls``'s answer for any jitted names from one scan, which
the first lint keeps (engine.FileLinter._keep_summary) so that the seeded phase's wrapper checks
(runner._wrapper_checks) do not parse the file again. It must give exactly the answer of
``may_record_calls`` on a fresh parse, whatever the names, the tree packages and the names the
scan was made with (the first lint scans with the tree's jitted names)."""

from __future__ import annotations

import ast
import os
import random
import textwrap
from pathlib import Path

import pytest

from jitguard.lint import runner
from jitguard.lint.analysis.calls import may_record_calls
from jitguard.lint.analysis.imports import ImportTable
from jitguard.lint.discovery import module_name
from jitguard.lint.engine import FileLinter, LintOptions

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.path.expanduser("~/.cache/jitguard-dev-corpus"))


def _called_and_defined(tree: ast.Module) -> list[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            fn = node.func
            if isinstance(fn, ast.Name):
                names.add(fn.id)
            elif isinstance(fn, ast.Attribute):
                names.add(fn.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
    return sorted(names) + ["not_a_name_of_the_file"]


def _compare(paths: list[Path], rounds: int = 6) -> tuple[int, int]:
    rng = random.Random(0)
    checked = recorded = 0
    for path in paths:
        try:
            tree = ast.parse(path.read_bytes())
        except (SyntaxError, ValueError):
            continue
        module = module_name(str(path))
        names = _called_and_defined(tree)
        for packages in (frozenset(), frozenset({module.split(".")[0], "jax", "numpy"})):
            scanned_with = frozenset(rng.sample(names, min(len(names), 4))) if packages else frozenset()
            out: list = []
            may_record_calls(tree, scanned_with, ImportTable(module), packages, summary_out=out)
            summary = out[0]
            for _ in range(rounds):
                asked = frozenset(rng.sample(names, min(len(names), rng.choice([1, 2, 3, 5, 10]))))
                want = may_record_calls(tree, asked, ImportTable(module), packages)
                assert summary.may_record(asked) == want, (str(path), sorted(asked), sorted(packages))
                checked += 1
                recorded += want
    return checked, recorded


def test_the_summary_answers_as_a_fresh_parse_on_this_repository() -> None:
    paths = sorted((ROOT / "jitguard").rglob("*.py")) + sorted((ROOT / "rules").rglob("*.py"))
    checked, recorded = _compare(paths)
    assert checked > 1000 and 0 < recorded < checked


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the development corpus is not built")
def test_the_summary_answers_as_a_fresh_parse_on_the_development_corpus() -> None:
    paths = sorted(CORPUS.rglob("*.py"))[::7]
    checked, recorded = _compare(paths, rounds=4)
    assert checked > 1000 and 0 < recorded < checked


WRAP = '''
import jax


@jax.jit
def step(x):
    return x * 2


def run(x):
    return step(x)
'''

USE = '''
from pkg.wrap import run, step


def once(x):
    return step(x)


def main(xs):
    for x in xs:
        run(x)
'''


def _project(tmp_path: Path) -> list[str]:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "wrap.py").write_text(textwrap.dedent(WRAP))
    (pkg / "use.py").write_text(textwrap.dedent(USE))
    return [str(pkg / "__init__.py"), str(pkg / "wrap.py"), str(pkg / "use.py")]


def test_a_one_process_run_answers_the_wrapper_check_from_the_first_lint(tmp_path: Path, monkeypatch) -> None:
    paths = _project(tmp_path)
    monkeypatch.chdir(tmp_path)
    from jitguard.lint.codes import all_codes

    options = runner.with_tree_names(paths, LintOptions(frozenset(all_codes())))
    assert "step" in options.jitted
    parsed: list[str] = []
    real = runner._records_wrapper_calls

    def counting(path, names, packages):
        parsed.append(path)
        return real(path, names, packages)

    monkeypatch.setattr(runner, "_records_wrapper_calls", counting)
    with_summary = runner.lint_files(paths, options, jobs=1)
    assert not parsed  # use.py's check (is `run` called where a call is recorded?) came from its first lint
    monkeypatch.setattr(FileLinter, "_keep_summary", lambda *args: None)
    without = runner.lint_files(paths, options, jobs=1)
    assert parsed == [str(tmp_path / "pkg" / "use.py")]  # the check the summary spared
    assert [(r.path, r.findings, r.facts) for r in with_summary] == [(r.path, r.findings, r.facts) for r in without]
