"""The mechanisms of the 24th report batch (docs/recall.md, "24th batch"), each written in shapes
of our own (none keyed on the reports they came from): the lines marked ``# flag`` get the code
and nothing else is reported, and each program runs under JAX 0.10.2 as its oracle says (a raised
error, GROWS/BOUNDED compiles, or it runs). Then the JAX facts they encode, checked directly: a
closure made per call and kept in a pytree's aux data is a new tree structure per call, and a
property of an object another object holds runs its getter on the traced values."""

from __future__ import annotations

import pytest

from tests.mechanisms import case_tests

PRELUDE = """\
import dataclasses
import functools

import jax
import jax.numpy as jnp


def _draw(width, key, shape):
    return width * jax.random.normal(key, shape)


def spread(width):
    return functools.partial(_draw, width)


flat = lambda key, shape: jnp.zeros(shape)  # noqa: E731 (one module-level object)


@functools.partial(jax.tree_util.register_dataclass, data_fields=["w", "b"], meta_fields=["w_init", "b_init"])
@dataclasses.dataclass
class Dense:
    w: jax.Array
    b: jax.Array
    w_init: object
    b_init: object

    @classmethod
    def build(cls, n_in, n_out, key, w_init, b_init=flat):
        return cls(w=w_init(key, (n_in, n_out)), b=b_init(key, (n_out,)), w_init=w_init, b_init=b_init)


@jax.jit
def run_dense(layer, x):
    return x @ layer.w + layer.b


class Token:
    def __init__(self, weight, slot):
        self.weight, self.slot = weight, slot

"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- JG302: a classmethod factory stores a per-iteration closure (and a defaulted one) in aux data
    "factory_keyword_closure": ("JG302", """
        def main(n=2):
            x = jnp.ones((2, 3))
            out = []
            for seed in range(n):
                layer = Dense.build(3, 3, jax.random.key(seed), w_init=spread(0.5))
                out.append(run_dense(layer, x))  # flag
            return out
        """, "GROWS"),
    # the closure made once, before the loop: one tree structure
    "factory_closure_made_once": (None, """
        def main(n=2):
            x = jnp.ones((2, 3))
            draw = spread(0.5)
            out = []
            for seed in range(n):
                out.append(run_dense(Dense.build(3, 3, jax.random.key(seed), w_init=draw), x))
            return out
        """, "BOUNDED"),
    # a module-level function each time: the same object
    "factory_module_function": (None, """
        def main(n=2):
            x = jnp.ones((2, 3))
            return [run_dense(Dense.build(3, 3, jax.random.key(s), flat), x) for s in range(n)]
        """, "BOUNDED"),
    # -- JG103: the getter of a property read on an object the holder stores from its constructor
    "held_object_property": ("JG103", """
        class Charge:
            def __init__(self, q, neutral_core=True):
                self.q = q
                self.neutral_core = neutral_core

            @property
            def positive(self):
                return self.neutral_core and not jnp.signbit(self.q)  # flag


        class Orbit:
            def __init__(self, body):
                self.body = body

            def energy(self):
                return jnp.where(self.body.positive, self.body.q, -self.body.q)


        @jax.jit
        def orbit_energy(q):
            return Orbit(Charge(q)).energy()


        def main():
            return orbit_energy(jnp.float32(-1.0))
        """, "TracerBoolConversionError"),
    # -- a list element read from the end keeps its fields: a Python field stays Python
    "last_element_python_field": (None, """
        def last_slot(tokens):
            if tokens[-1].slot == 0:
                return tokens[-1].weight
            return -tokens[-1].weight


        @jax.jit
        def pick(w):
            return last_slot([Token(w, 1), Token(2 * w, 0)])


        def main():
            return pick(jnp.float32(3.0))
        """, None),
    "last_element_traced_field": ("JG101", """
        def last_weight(tokens):
            if tokens[-1].weight > 0:  # flag
                return tokens[-1].weight
            return -tokens[-1].weight


        @jax.jit
        def pick(w):
            return last_weight([Token(w, 1), Token(2 * w, 0)])


        def main():
            return pick(jnp.float32(3.0))
        """, "TracerBoolConversionError"),
}

test_marked_lines_are_flagged, test_programs_behave_under_jax = case_tests(CASES, PRELUDE, "holdout24")


def test_a_holder_given_two_classes_reads_neither_getter(tmp_path):
    """``self.body`` of a holder constructed once with a ``Charge`` and once with a ``Token``:
    which getter runs is not known, so the getter is not read through the holder."""
    import textwrap

    from jitguard.lint.codes import all_codes, opt_in_codes
    from jitguard.lint.engine import LintOptions
    from jitguard.lint.runner import lint_files

    (tmp_path / "pyproject.toml").write_text("")
    case = textwrap.dedent(CASES["held_object_property"][1]).replace("  # flag", "")
    source = PRELUDE + case + "\n\ndef other(q):\n    return Orbit(Token(q, 0))\n"
    path = tmp_path / "two_classes.py"
    path.write_text(source)
    [result] = lint_files([str(path)], LintOptions(frozenset(all_codes()) - opt_in_codes()))
    getter = next(no for no, line in enumerate(source.splitlines(), 1) if "not jnp.signbit" in line)
    assert not [f for f in result.findings if f.line == getter], result.findings


def test_a_closure_made_per_call_in_aux_data_is_a_new_tree_structure():
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp

    from tests.jaxrun import cold_compiles

    def make():
        return lambda key, shape: jnp.zeros(shape)

    @jax.tree_util.register_pytree_node_class
    class Holder:
        def __init__(self, w, init):
            self.w, self.init = w, init

        def tree_flatten(self):
            return (self.w,), self.init

        @classmethod
        def tree_unflatten(cls, init, leaves):
            return cls(leaves[0], init)

    f = jax.jit(lambda h: h.w * 2)
    assert jax.tree_util.tree_structure(Holder(1.0, make())) != jax.tree_util.tree_structure(Holder(1.0, make()))
    one = make()
    assert cold_compiles(lambda: [f(Holder(jnp.ones(2), make())) for _ in range(3)], name="<lambda>") == 3
    assert cold_compiles(lambda: [f(Holder(jnp.ones(2), one)) for _ in range(3)], name="<lambda>") == 1


def test_a_held_objects_property_runs_on_the_traced_values():
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp

    class Inner:
        def __init__(self, q):
            self.q = q

        @property
        def negative(self):
            return not jnp.signbit(self.q)

    class Outer:
        def __init__(self, inner):
            self.inner = inner

    with pytest.raises(jax.errors.TracerBoolConversionError):
        jax.jit(lambda q: Outer(Inner(q)).inner.negative)(1.0)
    assert Outer(Inner(jnp.float32(1.0))).inner.negative is True
