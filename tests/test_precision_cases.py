"""Precision cases from real code (docs/precision.md): claims about JAX, and what jitguard says.

tests/precision_cases/*.py are reduced patterns found by triaging jitguard's findings on libraries
and projects nobody here wrote:

* a file without `# expect:` markers is a *legal look-alike* of a false finding: its RUNS run
  under real JAX, its BOUNDED loops compile as often for n=2 as for n=4 (and its COMPILES compile
  exactly as often as stated), and jitguard must report nothing on it;
* a file with `# expect: JGxxx` markers is a *true* pattern: its RAISES raise the named JAX error
  from a marked line, its GROWS loops compile more for n=4 than for n=2, and jitguard reports
  exactly the marked lines.

A false case the current linter still flags is marked xfail(strict=True) in STILL_FLAGGED below:
when a value-model fix makes it pass, the test fails (XPASS) until its entry is removed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files
from tests.jaxrun import cold_compiles, raising_lines
from tests.rule_examples import expected_lines, load_module

CASES_DIR = Path(__file__).resolve().parent / "precision_cases"
FILES = sorted(p for p in CASES_DIR.glob("*.py") if not p.name.startswith("_"))
FALSE_CASES = [p for p in FILES if not expected_lines(p)]
TRUE_CASES = [p for p in FILES if expected_lines(p)]

# False cases that jitguard still reports (measured on the linter of the commit that added each
# entry). The reason names the JAX semantics a fix has to encode; docs/precision.md lists them.
STILL_FLAGGED: dict[str, str] = {
    # held-out projects, 2026-12-01 (docs/precision.md, "Held-out projects"): all 11 fixed
    # second held-out set, 2026-12-01 (docs/precision.md, "Second held-out set")
    "fresh2_leafless_pytree_compile_time_eval": "LEAFLESS: a pytree without array leaves under compile-time eval",
    # fifth held-out set, 2026-12-03: FROZEN's case fixed (analysis/leafnodes.py); fdtdx's own form is left
    # 26th held-out set, 2026-12-07: dftax's 14 left false findings (docs/precision.md, MEMOPLAN)
    "heldout26_plan_from_memoized_builder": "MEMOPLAN: a plan from a function whose every return is not None "
                                            "(a memo helper's cached hit or its builder lambda's class instance)",
}

def _cold(jax, fn, *args) -> int:
    return cold_compiles(fn, *args)


_raising_lines = raising_lines


def helpers(path: Path) -> list[Path]:
    """The case's helper modules (`_<case>_*.py`), linted with it: the pattern spans modules."""
    return sorted(CASES_DIR.glob(f"_{path.stem}_*.py"))


def _lint(path: Path) -> dict[tuple[str, int], set[str]]:
    """Lint the case with its helpers, with the default rules: {(file name, line): codes}."""
    codes = frozenset(all_codes()) - opt_in_codes()
    results = lint_files([str(p) for p in [path, *helpers(path)]], LintOptions(codes))
    found: dict[tuple[str, int], set[str]] = {}
    for result in results:
        assert not result.errors, result.errors
        for f in result.findings:
            found.setdefault((Path(f.path).name, f.line), set()).add(f.code)
    return found


def _false_case_params():
    out = []
    for p in FALSE_CASES:
        marks = []
        if p.stem in STILL_FLAGGED:
            marks.append(pytest.mark.xfail(strict=True, reason=f"still flagged: {STILL_FLAGGED[p.stem]}"))
        out.append(pytest.param(p, id=p.stem, marks=marks))
    return out


# -- (a) the claims about JAX ---------------------------------------------------------------------


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_case_behaves_as_claimed_under_jax(path):
    jax = pytest.importorskip("jax")
    try:
        module = load_module(path)
    except ModuleNotFoundError as exc:  # a case written against an optional library (flax)
        if exc.name and exc.name.split(".")[0] in {"tests", "jitguard", "jax"}:
            raise
        pytest.skip(f"{path.name} needs {exc.name}, which is not installed")
    for i, call in enumerate(getattr(module, "RUNS", [])):
        try:
            jax.block_until_ready(jax.tree.leaves(call()))
        except Exception as exc:  # pragma: no cover - the failure message is the point
            pytest.fail(f"RUNS[{i}] of {path.name} raised {type(exc).__name__}: {exc}")
    marked = set(expected_lines(path))
    reached: set[int] = set()
    for i, (call, error_name) in enumerate(getattr(module, "RAISES", [])):
        with pytest.raises(Exception) as info:
            jax.block_until_ready(jax.tree.leaves(call()))
        names = {cls.__name__ for cls in type(info.value).__mro__}
        assert error_name in names, f"RAISES[{i}]: expected {error_name}, got {type(info.value).__name__}: {info.value}"
        lines = _raising_lines(info.value, path) & marked
        assert lines, f"RAISES[{i}] ({error_name}) was not raised from a marked line of {path.name}"
        reached |= lines
    for fn in getattr(module, "BOUNDED", []):
        short, long = _cold(jax, fn, 2), _cold(jax, fn, 4)
        assert long == short, f"{fn.__name__}: compiled {short} times for n=2 but {long} for n=4"
    for fn in getattr(module, "GROWS", []):
        short, long = _cold(jax, fn, 2), _cold(jax, fn, 4)
        assert long > short >= 1, f"{fn.__name__}: compiles should grow: {short} for n=2, {long} for n=4"
        reached |= {line for line, codes in expected_lines(path).items() if any(c.startswith("JG3") for c in codes)}
    for fn, expected in getattr(module, "COMPILES", []):
        assert _cold(jax, fn) == expected, fn.__name__
    if path in TRUE_CASES:
        assert marked - reached == set(), f"marked lines no RAISES/GROWS reaches: {sorted(marked - reached)}"
    else:
        assert getattr(module, "RUNS", None), f"{path.name}: a legal look-alike must have RUNS"


# -- (b) what jitguard reports ---------------------------------------------------------------------


@pytest.mark.parametrize("path", _false_case_params())
def test_jitguard_reports_nothing_on_legal_look_alike(path):
    found = _lint(path)
    assert not found, f"{path.name}: false findings {found}"


@pytest.mark.parametrize("path", TRUE_CASES, ids=[p.stem for p in TRUE_CASES])
def test_jitguard_keeps_flagging_true_pattern(path):
    found = _lint(path)
    expected = {(path.name, line): codes for line, codes in expected_lines(path).items()}
    missing = {line: codes - found.get(line, set()) for line, codes in expected.items() if codes - found.get(line, set())}
    extra = {line: codes - expected.get(line, set()) for line, codes in found.items() if codes - expected.get(line, set())}
    assert not missing, f"marked lines not reported: {missing}"
    assert not extra, f"unmarked lines reported: {extra}"


def test_every_case_is_documented():
    doc = (CASES_DIR.parent.parent / "docs" / "precision.md").read_text("utf-8")
    for p in FILES:
        assert f"tests/precision_cases/{p.name}" in doc, f"{p.name} is not in docs/precision.md"
    for name in STILL_FLAGGED:
        assert (CASES_DIR / f"{name}.py").exists(), f"STILL_FLAGGED names a missing case: {name}"
