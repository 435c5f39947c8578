"""Real bug reports (tests/reports/): their labels hold under JAX, and what jitguard catches of them.

(a) Each report's label is a claim about JAX 0.10.x, checked here on the installed JAX: every call
    in RAISES raises the error it names from a marked line (the innermost frame of the report file
    in the traceback), every marked line is reached by one of them, every call in RUNS (the legal
    fix) runs, a GROWS loop compiles more for n=4 than for n=2, a BOUNDED look-alike compiles the
    same for both, a COMPILES entry `(fn, name, n)` compiles the jitted function `name` exactly n
    times (real XLA compiles counted, caches cleared before each run).
(b) jitguard reports each marked line with its code. The analysis does not catch all of them yet:
    the ones it misses today are listed in MISSED (strict xfail): when a change makes jitguard
    catch one, its test XPASSes and fails until the entry is removed here.
(c) jitguard reports nothing in a report's look-alike section (the legal fix). FLAGGED_LOOK_ALIKES
    lists the ones it flags today (strict xfail), the same way.

`python benchmarks/recall_reports.py` prints the same numbers per family and class.
"""

from __future__ import annotations

import re
import traceback

import pytest

from tests.jaxrun import cold_compiles
from tests.reports._corpus import ROOT, all_reports, load_module

REPORTS = all_reports()
IDS = [r.name for r in REPORTS]

# Marked lines jitguard does not report today: report name -> lines. Remove an entry when a
# change makes jitguard catch it (its test then XPASSes, which fails: strict).
MISSED: dict[str, set[int]] = {
    "churn_blackjax-ns-integrator-weak-typed-init-compiles-step-twice": {57},
    "churn_desc-trust-region-alpha-none-then-float": {33},
    "churn_jax-bucketed-jit-pads-and-slices-eagerly-per-size": {36},
    "churn_jax-weak-type-scalar-fed-back": {26},
    "churn_jaxmarl-weak-type-state-field-after-step": {46},
    "churn_jaxopt-init-state-weak-stepsize-recompiles-update": {55},
    "churn_liesel-weak-typed-initial-values-recompile-step": {39},
    "churn_molax-graph-batch-rebuilt-per-step-node-count-varies": {50},
    "churn_mujoco-mjx-data-time-weak-type-second-step": {45},
    "churn_numpyro-svi-init-params-weak-type": {47},
    "churn_openillumi-batches-of-mixed-dtype-recompile": {30},
    "churn_optax-bias-correction-power-per-step": {43},
    "churn_optax-reduce-on-plateau-weak-avg-value-second-step": {47},
    "churn_optax-zoom-linesearch-state-weak-types-compile-step-twice": {60},
    "concrete_desc-qs-boozer-boolean-mask-pytree-leaf": {58},
    "concrete_refnx-parameter-value-setter-float-cast-under-jit-grad": {57},
    "concrete_hicosmo-float-of-jitted-method-result-in-likelihood": {37},
}

# Reports whose look-alike section jitguard flags today: report name -> lines.
FLAGGED_LOOK_ALIKES: dict[str, set[int]] = {}


# ----------------------------------------------------------------------------- (a) JAX oracle

jax = None


def _jax():
    global jax
    if jax is None:
        jax = pytest.importorskip("jax")
    return jax


def _cold_compiles(fn, *args, name: str | None = None) -> int:
    """XLA compiles while `fn(*args)` runs from cold caches; only those of `name` if given."""
    _jax()
    return cold_compiles(fn, *args, name=name)


def _raising_lines(exc: BaseException, path) -> set[int]:
    """The innermost line of the report file in the traceback of `exc` and of its causes."""
    lines, seen = set(), set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        own = [frame.lineno for frame in traceback.extract_tb(exc.__traceback__) if frame.filename == str(path)]
        if own:
            lines.add(own[-1])
        exc = exc.__cause__ or exc.__context__
    return lines


@pytest.mark.parametrize("report", REPORTS, ids=IDS)
def test_label_holds_under_jax(report):
    j = _jax()
    module = load_module(report.path)
    raises = getattr(module, "RAISES", [])
    grows = getattr(module, "GROWS", [])
    compiles = getattr(module, "COMPILES", [])
    assert raises or grows or compiles, f"{report.name}: no RAISES, GROWS or COMPILES: the label is not checked"
    assert getattr(module, "RUNS", []) or getattr(module, "BOUNDED", []) or len(compiles) > 1, (
        f"{report.name}: the legal fix is not run")
    marked = set(report.expected)
    assert marked, f"{report.name}: no line marked `# expect:`"
    reached: set[int] = set()
    for i, (call, error_name) in enumerate(raises):
        with pytest.raises(Exception) as info:
            call()
        names = {cls.__name__ for cls in type(info.value).__mro__}
        assert error_name in names, f"RAISES[{i}]: expected {error_name}, JAX raised {type(info.value).__name__}: {info.value}"
        lines = _raising_lines(info.value, report.path) & marked
        assert lines, f"RAISES[{i}] ({error_name}) was not raised from a marked line of {report.name}"
        reached |= lines
    if raises and not (grows or compiles):
        assert marked - reached == set(), f"marked lines no RAISES call reaches: {sorted(marked - reached)}"
    for i, call in enumerate(getattr(module, "RUNS", [])):
        try:
            j.block_until_ready(call())
        except Exception as exc:  # pragma: no cover - the failure message is the point
            pytest.fail(f"RUNS[{i}] of {report.name} raised {type(exc).__name__}: {exc}")
    for fn in grows:
        short, long = _cold_compiles(fn, 2), _cold_compiles(fn, 4)
        assert long > short >= 1, f"{fn.__name__}: compiles should grow with the loop: {short} for n=2, {long} for n=4"
    for fn in getattr(module, "BOUNDED", []):
        short, long = _cold_compiles(fn, 2), _cold_compiles(fn, 4)
        assert long == short, f"{fn.__name__}: a legal look-alike compiled {short} times for n=2, {long} for n=4"
    for fn, jitted_name, expected in compiles:
        got = _cold_compiles(fn, name=jitted_name)
        assert got == expected, f"{fn.__name__}: JAX compiled `{jitted_name}` {got} times, not {expected}"


# ----------------------------------------------------------------------------- (b), (c) jitguard

_FINDINGS: dict[str, dict[int, set[str]]] = {}


def findings(report) -> dict[int, set[str]]:
    """jitguard's findings on one report file, linted alone with every default rule."""
    if report.name not in _FINDINGS:
        from jitguard.lint.codes import all_codes, opt_in_codes
        from jitguard.lint.engine import LintOptions
        from jitguard.lint.runner import lint_files

        [result] = lint_files([str(report.path)], LintOptions(frozenset(all_codes()) - opt_in_codes()))
        assert not result.errors, result.errors
        found: dict[int, set[str]] = {}
        for f in result.findings:
            found.setdefault(f.line, set()).add(f.code)
        _FINDINGS[report.name] = found
    return _FINDINGS[report.name]


def marked_cases(reports=REPORTS, missed=MISSED):
    """One case per marked line; a strict xfail for a line in ``missed`` (tests/test_variants.py too)."""
    for report in reports:
        for line, codes in sorted(report.expected.items()):
            marks = []
            if line in missed.get(report.name, set()):
                marks.append(pytest.mark.xfail(strict=True, reason="not caught yet (docs/recall.md says how it could be)"))
            yield pytest.param(report, line, codes, id=f"{report.name}:{line}", marks=marks)


@pytest.mark.parametrize(("report", "line", "codes"), list(marked_cases()))
def test_jitguard_reports_the_marked_line(report, line, codes):
    got = findings(report).get(line, set())
    assert codes <= got, f"{report.name}:{line}: expected {sorted(codes)}, jitguard reported {sorted(got) or 'nothing'}"


def look_alike_cases(reports=REPORTS, flagged=FLAGGED_LOOK_ALIKES):
    """One case per file; a strict xfail for a file in ``flagged``."""
    for report in reports:
        marks = []
        if report.name in flagged:
            marks.append(pytest.mark.xfail(strict=True, reason="look-alike flagged today"))
        yield pytest.param(report, id=report.name, marks=marks)


@pytest.mark.parametrize("report", list(look_alike_cases()))
def test_jitguard_leaves_the_look_alike_alone(report):
    flagged = {line: codes for line, codes in findings(report).items() if line in report.legal_lines}
    assert not flagged, f"{report.name}: look-alike lines reported: {flagged}"


def check_known_lists(reports, missed, flagged):
    """``missed`` and ``flagged`` name existing files and their marked / look-alike lines."""
    by_name = {r.name: r for r in reports}
    for name, lines in missed.items():
        assert name in by_name, name
        assert lines <= set(by_name[name].expected), (name, lines)
    for name, lines in flagged.items():
        assert name in by_name, name
        assert lines and lines <= set(by_name[name].legal_lines), (name, lines)


def test_known_misses_are_marked_lines():
    """MISSED and FLAGGED_LOOK_ALIKES name existing reports and lines (no stale entries)."""
    check_known_lists(REPORTS, MISSED, FLAGGED_LOOK_ALIKES)


_FAMILY_OF_RULE = {"JG101": "control", "JG102": "control", "JG103": "control", "JG104": "concrete", "JG105": "concrete"}


@pytest.mark.parametrize("report", REPORTS, ids=IDS)
def test_family_and_rule_agree_with_the_markers(report):
    """The file's family prefix is the family of the rule its marked lines expect (JG2xx static, JG3xx churn)."""
    codes = set().union(*report.expected.values())
    assert codes == {report.rule}, f"{report.name}: header says {report.rule}, markers say {sorted(codes)}"
    family = _FAMILY_OF_RULE.get(report.rule, "static" if report.rule.startswith("JG2") else "churn")
    assert report.family == family, f"{report.name}: {report.rule} belongs to family {family!r}"


def _names_in_section(text: str, heading: str) -> set[str]:
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z0-9_.-]+)`", section, re.M))


def test_docs_recall_lists_the_same_misses():
    """docs/recall.md explains every strict xfail here, and nothing else."""
    text = (ROOT / "docs" / "recall.md").read_text("utf-8")
    assert _names_in_section(text, "## Missed today") == set(MISSED)
    assert _names_in_section(text, "## Look-alikes flagged today") == set(FLAGGED_LOOK_ALIKES)


def test_docs_recall_tables_match_the_corpus_and_the_xfail_lists():
    """The numbers in docs/recall.md follow from the reports and MISSED/FLAGGED_LOOK_ALIKES (which (b), (c) check)."""
    from tests.reports._corpus import CLASSES, FAMILIES

    text = (ROOT / "docs" / "recall.md").read_text("utf-8")

    def row(reports):
        marked = sum(len(r.expected) for r in reports)
        caught = marked - sum(len(MISSED.get(r.name, ())) for r in reports)
        return marked, caught, f"{caught / marked:.2f}", sum(1 for r in reports if r.name in FLAGGED_LOOK_ALIKES)

    for key, name in FAMILIES.items():
        n, c, recall, flagged = row([r for r in REPORTS if r.family == key])
        assert f"| {key} ({name}) | {n} | {c} | {recall} | {flagged} |" in text, key
    for key, name in CLASSES.items():
        n, c, recall, _ = row([r for r in REPORTS if r.klass == key])
        assert f"| {key}: {name} | {n} | {c} | {recall} |" in text, key
    n, c, recall, flagged = row(REPORTS)
    assert f"| **all** | **{n}** | **{c}** | **{recall}** | **{flagged}** |" in text
    assert f"holds {len(REPORTS)} bug reports" in text
    assert f"These add up to the {n - c} misses." in text


def test_the_corpus_covers_every_family_and_class():
    from tests.reports._corpus import CLASSES, FAMILIES

    assert len(REPORTS) >= 60
    assert {r.family for r in REPORTS} == set(FAMILIES)
    assert {r.klass for r in REPORTS} == set(CLASSES)
    sources = [r.source.split()[0] for r in REPORTS]
    assert all("#" in s or s.startswith("https://") for s in sources), sources
