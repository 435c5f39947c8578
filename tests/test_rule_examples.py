"""Every marked line of rules/<CODE>.py is reported with its code, and no other line is."""

from __future__ import annotations

import pytest

from jitguard.lint.engine import LintOptions
from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.runner import lint_files
from jitguard.lint.rules import ALL_RULES
from jitguard.lint.rules.base import Scope
from tests.rule_examples import example_files, expected_lines

FILES = example_files()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_examples_flag_exactly_the_marked_lines(path):
    codes = (frozenset(all_codes()) - opt_in_codes()) | {path.stem}
    [result] = lint_files([str(path)], LintOptions(codes))
    assert not result.errors
    found: dict[int, set[str]] = {}
    for f in result.findings:
        found.setdefault(f.line, set()).add(f.code)
    expected = expected_lines(path)
    missing = {line: codes - found.get(line, set()) for line, codes in expected.items() if codes - found.get(line, set())}
    extra = {line: codes - expected.get(line, set()) for line, codes in found.items() if codes - expected.get(line, set())}
    assert not missing, f"marked lines not reported: {missing}"
    assert not extra, f"unmarked lines reported: {extra}"


def test_every_rule_has_examples_of_both_kinds():
    for rule in ALL_RULES:
        path = next((p for p in FILES if p.stem == rule.code), None)
        assert path is not None, f"rules/{rule.code}.py is missing"
        marks = expected_lines(path)
        assert any(rule.code in codes for codes in marks.values()), f"{rule.code}: no example that must be flagged"
        text = path.read_text()
        assert "must not be flagged" in text, f"{rule.code}: no legal look-alikes"
        assert any(k in text for k in ("RUNS = [", "BOUNDED = [", "COMPILES = [")), f"{rule.code}: look-alikes not run"


def test_each_rule_only_reports_its_own_file_codes():
    """Selecting one rule reports exactly that rule's marked lines of its own file."""
    for rule in ALL_RULES:
        path = next(p for p in FILES if p.stem == rule.code)
        codes = frozenset({rule.code})
        if rule.scope is Scope.SUPPRESSION:  # judges other rules' suppressions: they must run too
            codes |= frozenset(all_codes()) - opt_in_codes()
        [result] = lint_files([str(path)], LintOptions(codes))
        lines = {f.line for f in result.findings if f.code == rule.code}
        marked = {line for line, codes in expected_lines(path).items() if rule.code in codes}
        assert lines == marked
