"""False positives review s8 demonstrated in the value model (/work/notes/review-s8.md items 1, 3,
4), each with the true pattern of the commit that introduced it: every program is linted (the
lines marked ``# flag`` and nothing else get the rule's code) and its ``main()`` run under JAX
0.10.2 (a flagged program raises the named error; a legal one runs)."""

from __future__ import annotations

import textwrap

import pytest

from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files

PRELUDE = """\
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
"""

# name: (rule, source, oracle); oracle: ("raises", error class name) or ("runs",) for `main()`
CASES: dict[str, tuple[str, str, tuple]] = {
    # -- item 1 (64e7af5): a function passed to a helper runs traced only where the call that
    # passes it is made from traced code (or reaches a transform): the function passed by an eager
    # call of the same helper runs on concrete values
    "helper_passed_numpy_function_by_an_eager_call_only": ("JG104", """
        def over_rows(fn, rows):
            return [fn(r) for r in rows]


        def smooth(r):
            return jnp.convolve(r, jnp.ones(3) / 3, mode="same")


        def histogram(r):
            counts, _ = np.histogram(np.asarray(r), bins=4)
            return counts


        @jax.jit
        def model(x):
            return jnp.stack(over_rows(smooth, x))


        def report(x):
            return over_rows(histogram, x)


        def main():
            x = jnp.arange(12.0).reshape(3, 4)
            return model(x), report(x)
        """, ("runs",)),
    "helper_passed_numpy_function_by_a_traced_call": ("JG104", """
        def over_rows(fn, rows):
            return [fn(r) for r in rows]


        def smooth(r):
            return jnp.convolve(r, jnp.ones(3) / 3, mode="same")


        def histogram(r):
            counts, _ = np.histogram(np.asarray(r), bins=4)  # flag
            return counts


        def counts_of(x):
            return over_rows(histogram, x)


        @jax.jit
        def model(x):
            return jnp.stack(over_rows(smooth, x)), counts_of(x)


        def report(x):
            return over_rows(smooth, x)


        def main():
            x = jnp.arange(12.0).reshape(3, 4)
            return report(x), model(x)
        """, ("raises", "TracerArrayConversionError")),
    "helper_jitted_by_a_module_alias_called_eagerly": ("JG104", """
        def over_rows(fn, rows):
            return [fn(r) for r in rows]


        def total(r):
            return np.asarray(r).sum()  # flag


        over_rows_jit = jax.jit(over_rows, static_argnums=0)


        def main():
            return over_rows_jit(total, jnp.ones((2, 3)))
        """, ("raises", "TracerArrayConversionError")),
    "closure_of_a_helper_traced_only_through_it": ("JG104", """
        def over_rows(fn, rows):
            def one(r):
                return fn(r)
            return [one(r) for r in rows]


        def total(r):
            return np.asarray(r).sum()


        @jax.jit
        def model(x):
            return jnp.stack(over_rows(jnp.sin, x))


        def main():
            x = jnp.ones((2, 3))
            return model(x), over_rows(total, x)
        """, ("runs",)),
}


def _source(name: str) -> str:
    return PRELUDE + textwrap.dedent(CASES[name][1])


@pytest.mark.parametrize("name", sorted(CASES))
def test_review_s8_linted(tmp_path, name):
    rule, _body, _oracle = CASES[name]
    source = _source(name)
    (tmp_path / "pyproject.toml").write_text("")
    path = tmp_path / f"{name}.py"
    path.write_text(source)
    [result] = lint_files([str(path)], LintOptions(frozenset(all_codes()) - opt_in_codes()))
    assert not result.errors, result.errors
    expected = {i for i, line in enumerate(source.splitlines(), 1) if line.rstrip().endswith("# flag")}
    assert {f.line for f in result.findings if f.code == rule} == expected, result.findings
    assert not [f for f in result.findings if f.line not in expected], result.findings


@pytest.mark.parametrize("name", sorted(CASES))
def test_review_s8_under_jax(name):
    pytest.importorskip("jax")
    namespace: dict = {"__name__": f"s8_{name}"}
    exec(compile(_source(name), f"<s8 {name}>", "exec", dont_inherit=True), namespace)
    oracle = CASES[name][2]
    if oracle[0] == "raises":
        with pytest.raises(Exception) as info:
            namespace["main"]()
        assert oracle[1] in {c.__name__ for c in type(info.value).__mro__}, repr(info.value)
    else:
        namespace["main"]()
