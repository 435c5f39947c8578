"""Suppression in one place: prefixes for every rule, invalid codes (JG004), unused codes (JG005),
safe and unsafe fixes, and a rule that raises."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from jitguard.lint.diagnostics import Applicability, Edit, Finding, Fix
from jitguard.lint.engine import LintOptions
from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.fixes import apply_fixes
from jitguard.lint.runner import lint_files
from jitguard.lint.suppression import directives

DEFAULT = frozenset(all_codes()) - opt_in_codes()


def check(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "jitguard", "check", "--no-cache", "--output-format", "json", *args],
        cwd=tmp_path, capture_output=True, text=True,
    )


def found(proc) -> list[tuple[str, int, str]]:
    return sorted((Path(f["path"]).name, f["line"], f["code"]) for f in json.loads(proc.stdout))


def test_prefix_noqa_silences_a_cross_file_rule(tmp_path):
    """`# noqa: JG3` silenced JG302 nowhere: project rules honoured exact codes only."""
    (tmp_path / "helpers.py").write_text(textwrap.dedent("""\
        from functools import partial
        import jax

        @partial(jax.jit, static_argnames=("n",))
        def power(x, n):
            return x ** n
        """))
    (tmp_path / "main.py").write_text(textwrap.dedent("""\
        import jax.numpy as jnp
        from helpers import power

        for n in range(100):
            power(jnp.ones(3), n)  # noqa: JG3
        for n in range(100):
            power(jnp.ones(3), n)
        """))
    proc = check(tmp_path, ".")
    assert found(proc) == [("main.py", 7, "JG302")], proc.stdout + proc.stderr


@pytest.mark.parametrize("comment", ["# noqa: foo", "# noqa: JG999", "# noqa:", "# jitguard: ignore[nope]"])
def test_an_invalid_noqa_suppresses_nothing_and_is_reported(tmp_path, comment):
    (tmp_path / "m.py").write_text(f"import jax\n\n@jax.jit\ndef f(x):\n    if x > 0:  {comment}\n        return x\n    return -x\n")
    proc = check(tmp_path, "m.py")
    assert found(proc) == [("m.py", 5, "JG004"), ("m.py", 5, "JG101")], proc.stdout + proc.stderr
    assert proc.returncode == 1


def test_other_tools_codes_are_neither_invalid_nor_suppressing(tmp_path):
    (tmp_path / "m.py").write_text("import jax\n\n@jax.jit\ndef f(x):\n    if x > 0:  # noqa: E501\n        return x\n    return -x\n")
    assert found(check(tmp_path, "m.py")) == [("m.py", 5, "JG101")]


@pytest.mark.parametrize("comment", ["# noqa: E741!", "# noqa: F401.", "# noqa: E501, W291!"])
def test_another_tools_code_followed_by_punctuation_is_that_tools(tmp_path, comment):
    """flake8 reads ``# noqa: E741!`` as E741 (held-out 8: ``l: float = 1.0  # noqa: E741!``):
    a comment for that tool, neither an invalid jitguard directive nor a suppression of JG101."""
    (tmp_path / "m.py").write_text(f"import jax\n\n@jax.jit\ndef f(x):\n    if x > 0:  {comment}\n        return x\n    return -x\n")
    assert found(check(tmp_path, "m.py")) == [("m.py", 5, "JG101")]


@pytest.mark.parametrize("comment", ["# noqa: JG101!", "# noqa: E741x", "# noqa: E741_"])
def test_a_jitguard_code_or_a_word_with_punctuation_stays_invalid(tmp_path, comment):
    (tmp_path / "m.py").write_text(f"import jax\n\n@jax.jit\ndef f(x):\n    if x > 0:  {comment}\n        return x\n    return -x\n")
    assert found(check(tmp_path, "m.py")) == [("m.py", 5, "JG004"), ("m.py", 5, "JG101")]


def test_valid_codes_in_a_list_still_work_next_to_an_unknown_one(tmp_path):
    (tmp_path / "m.py").write_text("import jax\n\n@jax.jit\ndef f(x):\n    if x > 0:  # noqa: JG101, JG999\n        return x\n    return -x\n")
    assert found(check(tmp_path, "m.py")) == [("m.py", 5, "JG004")]


def test_unused_noqa_is_opt_in_and_its_fix_removes_the_code(tmp_path):
    src = textwrap.dedent("""\
        import jax

        @jax.jit
        def f(x):
            y = x + 1  # noqa: JG101
            z = y * 2  # noqa: JG101, E501
            if x > 0:  # noqa: JG101, JG102
                return z
            return y  # noqa
        """)
    (tmp_path / "m.py").write_text(src)
    assert found(check(tmp_path, "m.py")) == []
    proc = check(tmp_path, "--extend-select", "JG005", "m.py")
    assert found(proc) == [("m.py", 5, "JG005"), ("m.py", 6, "JG005"), ("m.py", 7, "JG005")], proc.stdout
    assert all(f["applicability"] == "safe" for f in json.loads(proc.stdout))
    proc = check(tmp_path, "--extend-select", "JG005", "--fix", "m.py")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    fixed = (tmp_path / "m.py").read_text().splitlines()
    assert fixed[4] == "    y = x + 1"
    assert fixed[5] == "    z = y * 2  # noqa: E501"
    assert fixed[6] == "    if x > 0:  # noqa: JG101"
    assert fixed[8] == "    return y  # noqa"


def test_unused_noqa_judges_only_the_codes_that_were_checked(tmp_path):
    (tmp_path / "m.py").write_text("import jax\n\n@jax.jit\ndef f(x):\n    return x + 1  # noqa: JG302\n")
    assert found(check(tmp_path, "--select", "JG1,JG005", "m.py")) == []
    assert found(check(tmp_path, "--select", "JG3,JG005", "m.py")) == [("m.py", 5, "JG005")]


def _finding(tmp_path: Path, applicability: Applicability) -> Finding:
    path = tmp_path / "m.py"
    path.write_text("x = [1, 2]\n")
    fix = Fix((Edit("(1, 2)", 1, 5, 1, 11),), applicability, "tuple")
    return Finding(str(path), 1, 5, "JG203", "list", 1, 11, "use a tuple", fix)


def test_plain_fix_leaves_unsafe_fixes_alone(tmp_path):
    f = _finding(tmp_path, Applicability.UNSAFE)
    outcome = apply_fixes([f], diff=False, unsafe=False)
    assert (tmp_path / "m.py").read_text() == "x = [1, 2]\n"
    assert outcome.remaining == [f] and outcome.hidden_unsafe == 1
    outcome = apply_fixes([f], diff=False, unsafe=True)
    assert (tmp_path / "m.py").read_text() == "x = (1, 2)\n"
    assert outcome.remaining == [] and outcome.fixed == 1


def test_overlapping_fixes_apply_once_and_unwritable_ranges_are_skipped(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("abcdef\n")
    a = Finding(str(path), 1, 1, "JG203", "a", 1, 4, "", Fix.safe(Edit("X", 1, 1, 1, 4)))
    b = Finding(str(path), 1, 2, "JG203", "b", 1, 6, "", Fix.safe(Edit("Y", 1, 2, 1, 6)))
    gone = Finding(str(path), 9, 1, "JG203", "c", 9, 2, "", Fix.safe(Edit("Z", 9, 1, 9, 2)))
    outcome = apply_fixes([a, b, gone], diff=False)
    assert path.read_text() in ("Xdef\n", "aYf\n")
    assert outcome.fixed == 1 and len(outcome.remaining) == 2


def test_fixes_keep_crlf_line_ends(tmp_path):
    path = tmp_path / "m.py"
    path.write_bytes(b"a = 1\r\nx = [1, 2]\r\n")
    f = Finding(str(path), 2, 5, "JG203", "list", 2, 11, "", Fix.safe(Edit("(1, 2)", 2, 5, 2, 11)))
    apply_fixes([f], diff=False)
    assert path.read_bytes() == b"a = 1\r\nx = (1, 2)\r\n"


def test_a_rule_that_raises_costs_only_its_own_findings(tmp_path, monkeypatch):
    from jitguard.lint.rules.jg102_traced_while import TracedWhile

    def broken(self, node, ctx):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(TracedWhile, "visit_While", broken)
    path = tmp_path / "m.py"
    path.write_text("import jax\n\n@jax.jit\ndef f(x, y):\n    while y > 0:\n        y = y - 1\n    if x > 0:\n        return x\n    return y\n")
    [result] = lint_files([str(path)], LintOptions(DEFAULT))
    assert [(f.line, f.code) for f in result.findings] == [(7, "JG101")]
    assert len(result.errors) == 1 and "rule JG102" in result.errors[0] and "ZeroDivisionError" in result.errors[0]

    from jitguard.cli import main

    assert main(["check", "--no-cache", "-j", "1", "--output-format", "json", str(path)]) == 2


def test_directives_parse_like_ruff():
    [d] = directives("x = 1  # noqa: JG101, E501 because\n")
    assert d.codes == ("JG101", "E501") and not d.invalid and not d.blanket
    [d] = directives("l = 1  # noqa: E741!\n")
    assert d.codes == ("E741",) and d.spans == ((16, 20),) and not d.invalid
    [d] = directives("x = 1  # NOQA\n")
    assert d.blanket
    [d] = directives("x  # jitguard: ignore[JG1]\n")
    assert d.codes == ("JG1",)
    [d] = directives("x  # jitguard: ignore\n")
    assert d.blanket
    assert directives("no comment here\n") == ()


def test_noqa_inside_a_string_is_not_a_directive():
    src = 'x = "# noqa: foo"\ny = 1  # note  # noqa: JG101\nz = """\n# noqa: bar\n"""\n'
    assert [(d.line, d.codes) for d in directives(src)] == [(2, ("JG101",))]
