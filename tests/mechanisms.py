"""The harness shared by the mechanism tests (tests/test_recall*_mechanisms.py, test_s6_misses.py,
test_review_s8_*.py, ...): a program written as a string, its reported lines marked `# flag`,
linted alone with the default rules, and run under real JAX (it raises the named error, or runs)."""

from __future__ import annotations

import pytest

from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files


def assert_flags_marked_lines(tmp_path, name: str, source: str, code: str, *, others_anywhere: bool = False) -> None:
    """Lint ``source`` as ``<tmp_path>/<name>.py``: findings of ``code`` are exactly on the lines
    ending in ``# flag``; no other finding anywhere (or, with ``others_anywhere``, none off the
    marked lines)."""
    (tmp_path / "pyproject.toml").write_text("")
    path = tmp_path / f"{name}.py"
    path.write_text(source)
    [result] = lint_files([str(path)], LintOptions(frozenset(all_codes()) - opt_in_codes()))
    assert not result.errors, result.errors
    marked = {no for no, line in enumerate(source.splitlines(), 1) if line.rstrip().endswith("# flag")}
    if others_anywhere:
        assert {f.line for f in result.findings if f.code == code} == marked, result.findings
        assert not [f for f in result.findings if f.line not in marked], result.findings
    else:
        assert {(f.line, f.code) for f in result.findings} == {(no, code) for no in marked}, result.findings


def assert_raises_or_runs(call, error: str | None) -> None:
    """``call()`` raises an exception of class ``error`` (by name, the class or a base), or runs
    when ``error`` is None."""
    pytest.importorskip("jax")
    if error is None:
        call()
        return
    with pytest.raises(Exception) as info:
        call()
    assert error in {c.__name__ for c in type(info.value).__mro__}, repr(info.value)


def exec_program(source: str, module: str) -> dict:
    """The namespace of ``source`` run as module ``module``."""
    namespace: dict = {"__name__": module}
    exec(compile(source, f"<{module}>", "exec", dont_inherit=True), namespace)
    return namespace


def assert_main_under_jax(source: str, module: str, expected: str | None) -> None:
    """Run ``main`` of ``source`` under JAX: ``expected`` "GROWS"/"BOUNDED" compares the compiles of
    ``main(2)`` and ``main(4)`` from cold caches (more, the same), an error name must be raised by
    ``main()``, None: ``main()`` runs."""
    if expected in ("GROWS", "BOUNDED"):
        from tests.jaxrun import cold_compiles

        pytest.importorskip("jax")
        main = exec_program(source, module)["main"]
        short, long = cold_compiles(main, 2), cold_compiles(main, 4)
        assert (long > short) if expected == "GROWS" else (long == short), (short, long)
        return
    assert_raises_or_runs(lambda: exec_program(source, module)["main"](), expected)


def case_tests(cases: dict, prelude: str, prefix: str):
    """The two parametrized tests of a mechanism file whose ``cases`` map a name to (code, source,
    expected under JAX): the marked lines are flagged (``assert_flags_marked_lines``), and ``main``
    behaves as expected (``assert_main_under_jax``). Bind both to ``test_*`` names of the module."""
    import textwrap

    def source(name: str) -> str:
        return prelude + textwrap.dedent(cases[name][1])

    @pytest.mark.parametrize("name", sorted(cases))
    def lint(tmp_path, name):
        assert_flags_marked_lines(tmp_path, name, source(name), cases[name][0] or "JG000")

    @pytest.mark.parametrize("name", sorted(cases))
    def under_jax(name):
        assert_main_under_jax(source(name), f"{prefix}_{name}", cases[name][2])

    return lint, under_jax
