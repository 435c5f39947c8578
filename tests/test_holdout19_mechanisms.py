"""The JAX facts behind the nineteenth report batch's mechanisms (docs/recall.md), checked on the
installed JAX, and the analysis reading them:

* ``jax.jit`` traces every keyword a ``**kwargs`` parameter collects (its leaves become tracers)
  except those ``static_argnames`` names, also when no parameter has that name
  (KWREST: ``TraceState.kwarg_keys``/``kwarg_rest``, ``walker._open_kwargs``; JG101 on
  ``opts["k"]``/``opts.get("k")``); ``eqx.filter_jit`` keeps a non-array keyword a Python value
  (no open record: left unknown);
* a Python list or tuple indexed with a tracer raises TracerIntegerConversionError under jit,
  vmap and a lax loop, also in a helper whose parameter every call fills with one
  (``npparams.SEQUENCE``; JG104)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

jax = pytest.importorskip("jax")
jnp = jax.numpy

from jitguard.lint.codes import all_codes, opt_in_codes  # noqa: E402
from jitguard.lint.engine import LintOptions  # noqa: E402
from jitguard.lint.runner import lint_files  # noqa: E402


def _lint(tmp_path: Path, source: str) -> set[tuple[int, str]]:
    path = tmp_path / "case.py"
    path.write_text(source)
    [result] = lint_files([str(path)], LintOptions(frozenset(all_codes()) - opt_in_codes()))
    assert not result.errors
    return {(f.line, f.code) for f in result.findings}


def test_jit_traces_the_keywords_kwargs_collects():
    seen = {}

    def f(x, **opts):
        seen.update({k: isinstance(v, jax.core.Tracer) for k, v in opts.items()})
        return x

    jax.jit(f)(1.0, negate=True, scale=2.0)
    assert seen == {"negate": True, "scale": True}
    jax.jit(f, static_argnames=["negate"])(1.0, negate=True, scale=2.0)
    assert seen == {"negate": False, "scale": True}
    jax.jit(partial(f, negate=True))(1.0, scale=2.0)
    assert seen == {"negate": False, "scale": True}


def test_filter_jit_keeps_non_array_keywords():
    eqx = pytest.importorskip("equinox")
    seen = {}

    @eqx.filter_jit
    def f(x, **opts):
        seen.update({k: isinstance(v, jax.core.Tracer) for k, v in opts.items()})
        return x

    f(jnp.ones(2), negate=True, scale=jnp.array(2.0))
    assert seen == {"negate": False, "scale": True}


def test_traced_keyword_read_is_reported(tmp_path):
    found = _lint(tmp_path, """
from functools import partial
import jax
import equinox as eqx

@jax.jit
def a(x, **opts):
    return -x if opts["negate"] else x

@partial(jax.jit, static_argnames=("negate",))
def b(x, **opts):
    return -x if opts["negate"] else x

@jax.jit
def c(x, **opts):
    if opts.get("negate"):
        return -x
    return x

@eqx.filter_jit
def d(x, **opts):
    return -x if opts["negate"] else x

@partial(jax.jit, static_argnames=("negate",))
def e(x, **opts):
    return -x if opts.get("negate", False) else x

def plain(x, **opts):
    return -x if opts["negate"] else x

bound = jax.jit(partial(plain, negate=True))
""")
    assert found == {(8, "JG101"), (16, "JG101")}


@pytest.mark.parametrize("container", [list, tuple])
def test_python_sequence_indexed_by_tracer(container):
    table = container([0.5, 1.0, 2.0])

    def get(t, i):
        return t[i]

    with pytest.raises(jax.errors.TracerIntegerConversionError):
        jax.jit(lambda i: get(table, i))(1)
    with pytest.raises(jax.errors.TracerIntegerConversionError):
        jax.vmap(lambda i: get(table, i))(jnp.arange(3))
    with pytest.raises(jax.errors.TracerIntegerConversionError):
        jax.lax.fori_loop(0, 2, lambda i, s: s + get(table, i), 0.0)
    assert jax.jit(lambda i: get(jnp.asarray(table), i))(1) == 1.0


def test_sequence_parameter_is_reported(tmp_path):
    found = _lint(tmp_path, """
import jax
import jax.numpy as jnp

W = [0.5, 1.0, 2.0]

def get(t, i):
    return t[i]

def get2(t, i):
    return t[i]

def get3(t, i):
    t = jnp.asarray(t)
    return t[i]

@jax.jit
def f(x, i):
    return x * get(W, i) + get2(jnp.asarray(W), i) + get2(W, i) + get3(W, i)

@jax.jit
def g(x):
    return x * get(W, 1)
""")
    assert found == {(8, "JG104")}
