"""A helper's return summary is computed once per set of traced parameters and shared by every
caller; each finding's message must still name the jitted function of its own call chain, not the
first caller's (the analysis re-roots the cached result on the call's own origins)."""

from __future__ import annotations

import textwrap

import jax
import jax.numpy as jnp
import pytest

from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files

SOURCE = textwrap.dedent("""\
    import jax
    import jax.numpy as jnp


    def _scale(v):
        return v * 2.0


    @jax.jit
    def first(a):
        return _scale(a) + 1.0


    @jax.jit
    def second(b):
        y = _scale(b)
        if y > 0:
            return y
        return -y
""")


def test_the_message_names_the_caller_of_its_own_chain(tmp_path):
    path = tmp_path / "prov.py"
    path.write_text(SOURCE)
    [result] = lint_files([str(path)], LintOptions(frozenset({"JG101"})))
    assert not result.errors
    [finding] = result.findings
    assert finding.line == 17
    assert "`second`" in finding.message and "`b`" in finding.message
    assert "`first`" not in finding.message and "`a`" not in finding.message


def test_the_flagged_branch_raises_under_jax():
    namespace: dict = {}
    exec(compile(SOURCE, "<prov>", "exec"), namespace)
    assert float(namespace["first"](jnp.ones(()))) == 3.0
    with pytest.raises(jax.errors.TracerBoolConversionError):
        namespace["second"](jnp.ones(()))
