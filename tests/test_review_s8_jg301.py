"""Review s8 (notes/review-s8.md) items 2, 5 and 6, and the sixth batch's numpyro#2171 miss: each
reviewer program is the legal case (run under JAX 0.10.2 with its compiles counted, or called;
not flagged), each beside its true look-alike (the same code without what makes it legal: still
flagged, and JAX shows the problem). Shapes and names of our own, none keyed on a report.

* item 2: a method whose name is bound to its jit (``self.advance = jax.jit(self.advance)``,
  ``advance = jax.jit(advance, ...)`` in the class body, ``Cls.advance = jax.jit(...)`` after the
  class) is called through the jit, not eagerly (JG301's eager control flow);
* item 5: whether another module refers to a private jitted object (NONEDISPATCH) or an entry
  function is read from its imports, not from its words: a same-named function of an unrelated
  module changes nothing;
* item 6: a library function that takes its arrays (no caller in the tree) is not an eager entry;
  a driver whose parameters only count its loops still is;
* a nested def rebound to its own jit in a helper an outer loop calls (``def f``; ``f =
  jax.jit(f)``; ``f(x)``) is a new jit per run.
"""

from __future__ import annotations

import importlib
import sys
import textwrap

import pytest

from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files
from tests.mechanisms import assert_flags_marked_lines, exec_program

PRELUDE = """\
import jax
import jax.numpy as jnp
from jax import lax
"""

_INTEGRATOR = """
    class Integrator:
        def __init__(self, dt):
            self.dt = dt{init}

        def advance(self, y):
            def body(c, _):
                return c + self.dt * jnp.cos(c), None
            return lax.scan(body, y, None, length=4)[0]{flag}{body}
    {after}

    def run(n):
        integ = Integrator(0.1)
        y = jnp.zeros(2)
        for _ in range(n):
            y = integ.advance(y)
        return y
    """


def _integrator(init: str = "", body: str = "", after: str = "", flag: str = "") -> str:
    return _INTEGRATOR.format(init=init, body=body, after=after, flag=flag)


# name: (source, compiles grow with the steps)
SINGLE_FILE: dict[str, tuple[str, bool]] = {
    # -- item 2: the method rebound to its jit, three ways (the reviewer's programs): one compile
    "method_rebound_on_the_instance": (_integrator(
        init="\n            self.advance = jax.jit(self.advance)"), False),
    "method_rebound_in_the_class_body": (_integrator(
        body="\n\n        advance = jax.jit(advance, static_argnums=0)"), False),
    "method_patched_after_the_class": (_integrator(
        after="\n    Integrator.advance = jax.jit(Integrator.advance, static_argnums=0)\n"), False),
    # the true look-alike: the method itself, called per step outside any jit
    "method_called_eagerly": (_integrator(flag="  # flag"), True),
    # a jit of the method kept under another name does not change what `integ.advance(y)` runs,
    # but the method is passed to a transform: not claimed (it may be bound to it out of sight)
    # -- item 6: a library function taking its arrays, no caller in the tree (its user jits it)
    "library_function_taking_its_arrays": ("""
        def _relax(u, omega):
            def sweep(i, v):
                return v + omega * (jnp.roll(v, 1) - v)
            return lax.fori_loop(0, 3, sweep, u)


        def smooth(u, levels=4, omega=0.5):
            for _ in range(levels):
                u = _relax(u, omega)
            return u


        @jax.jit
        def _user_step(u):
            return smooth(u) * 0.99


        def _user(n):
            u = jnp.linspace(0.0, 1.0, 8)
            for _ in range(n):
                u = _user_step(u)
            return u
        """, False),
    # the true look-alike: a driver (its parameter only counts its loop) stepping eagerly
    "driver_stepping_eagerly": ("""
        def _relax(u, omega):
            def sweep(i, v):
                return v + omega * (jnp.roll(v, 1) - v)
            return lax.fori_loop(0, 3, sweep, u)  # flag


        def run(n):
            u = jnp.linspace(0.0, 1.0, 8)
            for _ in range(n):
                u = _relax(u, 0.5)
            return u
        """, True),
    # -- numpyro#2171's mechanism: `def f` then `f = jax.jit(f)` and `f(...)` in a helper a loop calls
    "nested_def_rebound_to_its_jit_per_run": ("""
        def accumulate(steps, x):
            def roll(c):
                return lax.fori_loop(0, steps, lambda i, v: v * 0.5 + 1.0, c)

            roll = jax.jit(roll)  # flag
            return roll(x)


        def run(n):
            x = jnp.ones(3)
            for _ in range(n):
                x = accumulate(3, x)
            return x
        """, True),
    "nested_def_rebound_to_its_jit_once": ("""
        def run(n):
            def roll(c):
                return lax.fori_loop(0, 3, lambda i, v: v * 0.5 + 1.0, c)

            roll = jax.jit(roll)
            x = jnp.ones(3)
            for _ in range(n):
                x = roll(x)
            return x
        """, False),
}


def _source(name: str) -> str:
    return PRELUDE + textwrap.dedent(SINGLE_FILE[name][0])


def _lint(paths) -> list:
    results = lint_files([str(p) for p in paths], LintOptions(frozenset(all_codes()) - opt_in_codes()))
    assert not any(r.errors for r in results), [r.errors for r in results]
    return results


@pytest.mark.parametrize("name", sorted(SINGLE_FILE))
def test_linted(tmp_path, name):
    assert_flags_marked_lines(tmp_path, name, _source(name), "JG301")


@pytest.mark.parametrize("name", sorted(SINGLE_FILE))
def test_under_jax(name):
    pytest.importorskip("jax")
    from tests.jaxrun import cold_compiles

    namespace = exec_program(_source(name), f"s8_{name}")
    run = namespace.get("_user") or namespace["run"]
    cold_compiles(run, 1)
    short, long = cold_compiles(run, 2), cold_compiles(run, 4)
    assert (long > short) == SINGLE_FILE[name][1], (short, long)


def test_library_function_called_eagerly_compiles_per_call():
    # what JG301 would say of `smooth` holds only for an eager caller (outside the tree)
    pytest.importorskip("jax")
    from tests.jaxrun import cold_compiles

    namespace = exec_program(_source("library_function_taking_its_arrays"), "s8_library_eager")

    def eager(n):
        u = namespace["jnp"].linspace(0.0, 1.0, 8)
        for _ in range(n):
            u = namespace["smooth"](u)
        return u

    cold_compiles(eager, 1)
    assert cold_compiles(eager, 4) > cold_compiles(eager, 2)


# -- item 5: across modules -----------------------------------------------------------------------

EVIDENCE = """\
import jax
import jax.numpy as jnp
import numpy as np


def _summary(x, n, blocks=None):
    if blocks is None:
        return float(np.sum(np.asarray(x)[: int(n)]))  # hidden
    return jnp.sum(x[: blocks.shape[0]]) * n


_summary_jit = jax.jit(_summary)


def summary(x, n, blocks=None):
    if blocks is not None:
        return _summary_jit(x, n, blocks)
    return _summary(x, n, blocks)
"""

OTHERS = {
    # an unrelated module with its own private `_summary` (and a comment naming `_summary_jit`)
    "unrelated_same_name": ("""\
import numpy as np


def _summary(values):  # not evidence._summary_jit
    return {"mean": float(np.mean(values)), "max": float(np.max(values))}


def run(x):
    return _summary(np.asarray(x))
""", False),
    "imports_the_jit_by_name": ("""\
from pkg.evidence import _summary_jit


def run(x):
    return _summary_jit(x, 3)
""", True),
    "module_attribute": ("""\
from pkg import evidence as ev


def run(x):
    return ev._summary_jit(x, 3)
""", True),
    "relative_import_inside_a_function": ("""\
def run(x):
    from .evidence import _summary_jit

    return _summary_jit(x, 3)
""", True),
}


def _package(tmp_path, other: str):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "evidence.py").write_text(EVIDENCE)
    (pkg / "other.py").write_text(OTHERS[other][0])
    return pkg


@pytest.mark.parametrize("other", sorted(OTHERS))
def test_private_jit_referred_to_by_imports(tmp_path, other):
    pkg = _package(tmp_path, other)
    results = _lint(sorted(pkg.glob("*.py")))
    hidden = EVIDENCE.splitlines().index("        return float(np.sum(np.asarray(x)[: int(n)]))  # hidden") + 1
    found = {(r.path.rsplit("/", 1)[-1], f.line, f.code) for r in results for f in r.findings}
    if OTHERS[other][1]:  # the other module calls the jit with blocks left None: the branch is traced
        assert found == {("evidence.py", hidden, "JG104")}, found
    else:
        assert found == set(), found


@pytest.mark.parametrize("other", sorted(OTHERS))
def test_private_jit_other_modules_under_jax(tmp_path, other):
    jax = pytest.importorskip("jax")
    _package(tmp_path, other)
    sys.path.insert(0, str(tmp_path))
    try:
        for name in ("pkg", "pkg.evidence", "pkg.other"):
            sys.modules.pop(name, None)
        evidence = importlib.import_module("pkg.evidence")
        use = importlib.import_module("pkg.other")
        x = jax.numpy.arange(6.0)
        assert evidence.summary(x, 3) == 3.0  # eager: the NumPy branch
        assert float(evidence.summary(x, 3, blocks=jax.numpy.ones(2))) == 3.0  # jitted, blocks given
        if OTHERS[other][1]:
            with pytest.raises(jax.errors.TracerArrayConversionError):
                use.run(x)
        else:
            use.run([1.0, 2.0])
    finally:
        sys.path.remove(str(tmp_path))
        for name in ("pkg", "pkg.evidence", "pkg.other"):
            sys.modules.pop(name, None)


DRIVER = PRELUDE + textwrap.dedent(SINGLE_FILE["driver_stepping_eagerly"][0])


def test_driver_finding_survives_a_same_named_function_elsewhere(tmp_path):
    # another module's own `run` does not import this one: the eager finding stays (it was dropped
    # by the word search)
    (tmp_path / "steps.py").write_text(DRIVER)
    (tmp_path / "tools.py").write_text("def run(n):\n    return [k * 2 for k in range(n)]\n")
    results = _lint([tmp_path / "steps.py", tmp_path / "tools.py"])
    flagged = DRIVER.splitlines().index("    return lax.fori_loop(0, 3, sweep, u)  # flag") + 1
    assert [(r.path.rsplit("/", 1)[-1], f.line) for r in results for f in r.findings] == [("steps.py", flagged)]


def test_driver_imported_by_another_module_is_not_claimed(tmp_path):
    (tmp_path / "steps.py").write_text(DRIVER)
    (tmp_path / "train.py").write_text("import jax\nimport steps\n\nstep = jax.jit(steps.run, static_argnums=0)\n")
    results = _lint([tmp_path / "steps.py", tmp_path / "train.py"])
    assert not [f for r in results for f in r.findings]
