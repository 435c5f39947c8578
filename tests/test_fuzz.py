"""Never crash on any program: hypothesmith generates Python from the grammar, jitguard lints it.

The property: linting returns (findings, or a JG001-JG003 file diagnostic) and never raises or
records an internal error. Each program is checked twice: as a module that mentions jit (so it
passes the prefilter and is parsed), and indented into the body of a jitted function (so the taint
walk and the rules see every construct on traced values). A modest example count keeps the suite
fast; ``python benchmarks/fuzz.py`` runs many more, through the CLI in parallel.
"""

from __future__ import annotations

import textwrap

import hypothesmith
import pytest
from hypothesis import HealthCheck, given, settings

from jitguard.lint.engine import FileLinter, LintOptions, run_with_big_stack
from jitguard.lint.codes import all_codes

LINTER = FileLinter(LintOptions(frozenset(all_codes())))
FILE_DIAGNOSTICS = {"JG001", "JG002", "JG003"}


def as_module(source: str) -> str:
    return "import jax\nfrom jax import lax\n_ = jax.jit\n" + source


def as_jitted_body(source: str) -> str:
    body = textwrap.indent(source, "    ") or "    pass\n"
    return "import jax\n\n\n@jax.jit\ndef _fuzzed(x, y=None, *args, **kwargs):\n    z = x + 1\n" + body + "\n"


def check(text: str) -> None:
    result = run_with_big_stack(LINTER.lint_source, "fuzzed.py", text, "fuzzed")
    assert not result.errors, f"{result.errors}\n--- program ---\n{text}"
    for f in result.findings:
        assert f.line >= 1 and f.column >= 1
        if f.code in FILE_DIAGNOSTICS:
            assert len(result.findings) == 1
    if not any(f.code in FILE_DIAGNOSTICS for f in result.findings):
        assert result.parsed


@pytest.mark.filterwarnings("ignore::SyntaxWarning")
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(source=hypothesmith.from_grammar())
def test_grammar_generated_programs_never_crash(source: str) -> None:
    check(as_module(source))
    check(as_jitted_body(source))


@pytest.mark.filterwarnings("ignore::SyntaxWarning")
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(source=hypothesmith.from_node())
def test_node_generated_programs_never_crash(source: str) -> None:
    check(as_module(source))
    check(as_jitted_body(source))
