"""Variants of real bug reports (tests/variants/): the same JAX bug as a report of tests/reports/,
reached through another code shape (a helper's return, a record field, an attribute, a closure or
`partial`, `*args`/`**kwargs` forwarding, a loop variable, another transform, a method, another way
of writing jit, an augmented assignment or comprehension). The axis is the second part of the file
name: `<family>_<axis>-<slug>.py`, the axis letter as in docs/recall.md ("Variants").

The files have the reports' format (tests/reports/_corpus.py) and are checked the same way, by the
functions of tests/test_reports.py: (a) each label holds under JAX, (b) jitguard reports each marked
line with its code (MISSED: strict xfails, the lines it misses today), (c) nothing in a look-alike
section is reported (FLAGGED_LOOK_ALIKES).

`python benchmarks/recall_reports.py --dir tests/variants -v` prints the numbers.
"""

from __future__ import annotations

import pytest

from tests import test_reports as reports
from tests.reports._corpus import VARIANTS_DIR, all_reports

VARIANTS = all_reports(VARIANTS_DIR)
IDS = [v.name for v in VARIANTS]

# Marked lines jitguard does not report today: variant name -> lines (strict xfails).
MISSED: dict[str, set[int]] = {
    "concrete_h-numpy-step-size-schedule-call": {17},
}

# Variants whose look-alike section jitguard flags today: variant name -> lines.
FLAGGED_LOOK_ALIKES: dict[str, set[int]] = {
}

AXES = set("abcdefghij")


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_label_holds_under_jax(variant):
    reports.test_label_holds_under_jax(variant)


@pytest.mark.parametrize(("variant", "line", "codes"), list(reports.marked_cases(VARIANTS, MISSED)))
def test_jitguard_reports_the_marked_line(variant, line, codes):
    reports.test_jitguard_reports_the_marked_line(variant, line, codes)


@pytest.mark.parametrize("variant", list(reports.look_alike_cases(VARIANTS, FLAGGED_LOOK_ALIKES)))
def test_jitguard_leaves_the_look_alike_alone(variant):
    reports.test_jitguard_leaves_the_look_alike_alone(variant)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_variant_names_its_report_family_and_axis(variant):
    """Each variant names an existing report of its family, and an axis; its marked code is the report's rule."""
    from tests.reports._corpus import REPORTS_DIR, read_report

    path = variant.source.split()[0]
    assert path.startswith("tests/reports/"), variant.source
    report = read_report(REPORTS_DIR / path.removeprefix("tests/reports/"))
    assert report.family == variant.family, (variant.name, report.name)
    axis = variant.name.split("_", 1)[1].split("-", 1)[0]
    assert axis in AXES, f"{variant.name}: axis {axis!r} is not one of {sorted(AXES)}"
    reports.test_family_and_rule_agree_with_the_markers(variant)


def test_known_misses_are_marked_lines():
    reports.check_known_lists(VARIANTS, MISSED, FLAGGED_LOOK_ALIKES)


def test_variants_cover_the_four_families_and_many_axes():
    assert len(VARIANTS) >= 40
    assert {v.family for v in VARIANTS} == {"control", "concrete", "static", "churn"}
    assert len({v.name.split("_", 1)[1].split("-", 1)[0] for v in VARIANTS}) >= 8


def test_docs_recall_variants_section_matches():
    """docs/recall.md's Variants section lists the misses here and the total caught now."""
    text = (reports.ROOT / "docs" / "recall.md").read_text("utf-8")
    section = text.split("## Variants", 1)[1].split("\n## ", 1)[0]
    listed = set(reports.re.findall(r"^\| `([a-z0-9_.-]+)`", section, reports.re.M))
    assert listed == set(MISSED)
    marked = sum(len(v.expected) for v in VARIANTS)
    caught = marked - sum(len(lines) for lines in MISSED.values())
    assert f"**{caught} / {marked}, none flagged**" in section or f"**{caught} / {marked}, {len(FLAGGED_LOOK_ALIKES)}" in section
    assert f"{marked} variants of" in section
