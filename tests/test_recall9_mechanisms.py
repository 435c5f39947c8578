"""General JAX mechanisms behind misses of the eighth batch of reports (docs/recall.md), each in
shapes of our own (other names, other code), flagged and legal. Every program is linted with the
default rules (the lines marked ``# flag`` get the code, nothing else is reported) and run under
JAX 0.10.2 (``main()`` of a flagged program raises the named error; a legal look-alike's runs;
for churn, ``main(n)`` compiles more for 4 runs than for 2 (GROWS) or the same (BOUNDED)).

* Arrays are made by any JAX array call, not only by the constructors: ``jax.random`` draws,
  ``jnp.cos``/``jnp.outer``, arithmetic with a JAX array (``jnp.ones(3) * 2``), and a helper of
  the module returning them (also as a tuple spread into a constructor, ``Rope(*caches(n))``).
  At a static position an array has no hash (ValueError); in a registered pytree's metadata
  (``meta_fields``, the aux data of ``tree_flatten``) an array of more than one element makes
  JAX's ``==`` of the cached metadata ambiguous at the second instance (ValueError). A 0-d array
  there compares (no error), and so does a draw without a shape (equinox#746, marin#1945).
* NumPy's random draws return an array when given a size (``np.random.normal(0, 1, 4)``, the
  methods of ``np.random.default_rng()``: ``rng.integers(0, 9, size=4)``), and ``permutation``
  always; without a size they return one Python or NumPy scalar, which is hashable (equinox#95).
* ``np.linspace(start, stop, num)``'s size is its third positional argument (``jaxsig.SIZE_PARAMETERS``
  positions, NumPy's order too): a loop-dependent ``num`` makes a new shape per run, kept by
  arithmetic on the grid, one compile per shape; ends that change with a fixed ``num`` keep the
  shape (ripple#4).
* A registered pytree flattens its ``tree_flatten`` children into leaves: under jit, an attribute
  that every construction fills with an array (a NumPy one too) is a traced array, so NumPy on it
  raises (also in a helper) and a boolean mask stored there makes ``x[mask]`` value-dependent
  (DESC#1334, DESC#625). Kept in the aux data the arrays stay NumPy; an integer index array as a
  child gathers with a static shape.
* A function of the module that returns its function argument jitted (``return jax.jit(fun,
  static_argnames=static_argnames)``, or a wrapper calling such a jit) is a jit decorator: the
  function it decorates is traced, static as the decorator's options say. When what it jits is a
  forwarder ``def forward(*args, **kwargs): return fun(*args, **kwargs)``, JAX matches
  ``static_argnames`` against the forwarder's signature: a name matches only a keyword, so a
  parameter passed by position is traced (flax#4146); passed by keyword it is static.
"""

from __future__ import annotations

import inspect

import pytest

from jitguard.lint.analysis import arrays
from tests.mechanisms import case_tests

PRELUDE = """\
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
"""

# a dataclass whose metadata gets a random draw (of that shape: none is a 0-d array)
_NOISY = """
        @functools.partial(jax.tree_util.register_dataclass, data_fields=["w"], meta_fields=["noise"])
        @dataclasses.dataclass
        class Noisy:
            w: jax.Array
            noise: jax.Array

        def build(seed):
            return Noisy(jnp.ones(2), jax.random.normal(jax.random.key(seed){shape}) * 0.1)

        @jax.jit
        def energy(n):
            return jnp.sum(n.w)
"""

# a jitted function called in a loop with a grid made per run (GROWS/BOUNDED)
_SPECTRA = """
        @jax.jit
        def spectrum(freqs):
            return jnp.sum(jnp.cos(freqs))

        def main(n):
            out = []
            for k in range(n):
                grid = {grid}
                out.append(spectrum({passed})){mark}
            return out
"""

# a jit decorator of the module that jits a forwarder of `*args, **kwargs` (as flax's nnx.jit did)
_FORWARDING_JIT = """
        def staged(fun=None, *, static_argnames=()):
            if fun is None:
                return functools.partial(staged, static_argnames=static_argnames)

            def forward(*args, **kwargs):
                return fun(*args, **kwargs)

            jitted = jax.jit(forward, static_argnames=static_argnames)

            @functools.wraps(fun)
            def call(*args, **kwargs):
                return jitted(*args, **kwargs)

            return call
"""

# a function decorated by `staged` with a static name, branching on it
_ORDERED = """
        @functools.partial(staged, static_argnames=("reverse",))
        def ordered(x, reverse):
            if reverse:{mark}
                return x[::-1]
            return x
"""

# a registered pytree class keeping two arrays as children (leaves) or as aux data (metadata)
_TABLE = """
        @jax.tree_util.register_pytree_node_class
        class Table:
            def __init__(self, rows, mask):
                self.rows = rows
                self.mask = mask

            def tree_flatten(self):
                return {split}

            @classmethod
            def tree_unflatten(cls, aux, children):
                return cls(*{rebuild})
"""

# a helper returning a tuple of (4, 3) arrays, spread into a pytree class that keeps them as
# aux data (metadata) or as children (leaves)
_LOOKUP = """
        def tables(n):
            grid = jnp.outer(jnp.arange(n), jnp.ones(3))
            return jnp.exp(grid), jnp.log1p(grid)

        @jax.tree_util.register_pytree_node_class
        class Lookup:
            def __init__(self, up, down):
                self.up, self.down = up, down

            def tree_flatten(self):
                return {split}

            @classmethod
            def tree_unflatten(cls, aux, children):
                return cls(*{rebuild})

        @jax.jit
        def size_of(lookup, x):
            return x * 2
"""

# name: (code, source, error raised by main() or None when main() runs)
CASES: dict[str, tuple[str, str, str | None]] = {
    # -- arrays made by any JAX call, or arithmetic on one, in static positions and metadata
    "scaled_array_at_a_static_position": ("JG203", """
        @functools.partial(jax.jit, static_argnames=("weights",))
        def blend(x, weights):
            return x

        def main():
            w = jnp.linspace(0.0, 1.0, 4)
            return blend(jnp.ones(4), weights=-(w * 2))  # flag
        """, "ValueError"),
    "scaled_shape_at_a_static_position": (None, """
        @functools.partial(jax.jit, static_argnames=("weights",))
        def blend(x, weights):
            return x

        def main():
            w = jnp.linspace(0.0, 1.0, 4)
            return blend(jnp.ones(4), weights=(w * 2).shape)
        """, None),
    "random_draw_in_meta_fields": ("JG203", _NOISY.format(shape=", (3,)") + """
        def main():
            energy(build(0))
            return energy(build(1))  # flag
        """, "ValueError"),
    "scalar_random_draw_in_meta_fields": (None, _NOISY.format(shape="") + """
        def main():
            energy(build(0))
            return energy(build(1))
        """, None),
    "helper_tuple_spread_into_aux_data": ("JG203", _LOOKUP.format(split="(), (self.up, self.down)", rebuild="aux") + """
        def main():
            size_of(Lookup(*tables(4)), 1.0)
            return size_of(Lookup(*tables(4)), 1.0)  # flag
        """, "ValueError"),
    "helper_tuple_spread_into_children": (None, _LOOKUP.format(split="(self.up, self.down), None", rebuild="children") + """
        def main():
            size_of(Lookup(*tables(4)), 1.0)
            return size_of(Lookup(*tables(4)), 1.0)
        """, None),
    # -- NumPy's random draws: arrays with a size, scalars without
    "generator_draw_at_a_static_position": ("JG203", """
        @functools.partial(jax.jit, static_argnums=(1,))
        def shift(x, by):
            return x + by

        def main():
            gen = np.random.default_rng(7)
            picks = gen.choice(10, 3)
            return shift(jnp.ones(3), picks)  # flag
        """, "ValueError"),
    "legacy_random_draw_at_a_static_position": ("JG203", """
        @functools.partial(jax.jit, static_argnums=(1,))
        def shift(x, by):
            return x + by

        def main():
            return shift(jnp.ones(3), np.random.randn(3))  # flag
        """, "ValueError"),
    "scalar_draws_at_a_static_position": (None, """
        @functools.partial(jax.jit, static_argnums=(1,))
        def shift(x, by):
            return x + by

        def main():
            gen = np.random.default_rng(7)
            return (shift(jnp.ones(3), gen.choice(10)), shift(jnp.ones(3), gen.standard_normal()),
                    shift(jnp.ones(3), np.random.randn()), shift(jnp.ones(3), np.random.normal(0.0, 1.0, None)))
        """, None),
    # -- np.linspace's positional `num` sets its size; arithmetic keeps the shape (GROWS/BOUNDED)
    "linspace_positional_num_per_run": ("JG303", _SPECTRA.format(
        grid="np.linspace(1.0, 2.0, 16 + 4 * k)", passed="2.0 * np.pi * grid + 1.0", mark="  # flag"), "GROWS"),
    "linspace_varying_ends_fixed_num": (None, _SPECTRA.format(
        grid="np.linspace(1.0 + k, 2.0 * (k + 1), 16)", passed="-grid * 2.0", mark=""), "BOUNDED"),
    # -- NumPy arrays stored as children of a registered pytree are traced leaves under jit
    "numpy_child_converted_in_a_helper": ("JG104", _TABLE.format(split="(self.rows, self.mask), None", rebuild="children") + """
        def order_of(table):
            return np.argsort(np.asarray(table.rows))  # flag

        @jax.jit
        def weigh(x, table):
            return x * jnp.sum(order_of(table))

        def main():
            return weigh(jnp.ones(2), Table(np.array([3, 1, 2]), np.array([1, 0, 1]) > 0))
        """, "TracerArrayConversionError"),
    "numpy_mask_child_indexes_under_jit": ("JG105", _TABLE.format(split="(self.rows, self.mask), None", rebuild="children") + """
        @jax.jit
        def picked(x, table):
            return jnp.sum(x[table.mask])  # flag

        def main():
            return picked(jnp.arange(3.0), Table(np.array([3, 1, 2]), np.array([1, 0, 1]) > 0))
        """, "NonConcreteBooleanIndexError"),
    "numpy_aux_converted_under_jit": (None, _TABLE.format(split="(), (self.rows, self.mask)", rebuild="aux") + """
        @jax.jit
        def picked(x, table):
            return jnp.sum(x[table.mask]) * jnp.sum(np.asarray(table.rows))

        def main():
            return picked(jnp.arange(3.0), Table(np.array([3, 1, 2]), np.array([1, 0, 1]) > 0))
        """, None),
    "integer_index_child_under_jit": (None, _TABLE.format(split="(self.rows, self.mask), None", rebuild="children") + """
        @jax.jit
        def picked(x, table):
            return jnp.sum(x[table.mask]) + jnp.sum(jnp.take(x, table.rows))

        def main():
            return picked(jnp.arange(3.0), Table(np.array([2, 1, 0]), np.where(np.array([1, 0, 1]) > 0)[0]))
        """, None),
    # -- jit decorators written in the module; static_argnames through a `*args, **kwargs` forwarder
    "module_jit_decorator_traces": ("JG101", """
        def compiled(fn):
            return jax.jit(fn)

        @compiled
        def relu_or_zero(x):
            if x.sum() > 0:  # flag
                return x
            return jnp.zeros_like(x)

        def main():
            return relu_or_zero(jnp.ones(2))
        """, "TracerBoolConversionError"),
    "forwarder_static_name_passed_by_position": ("JG101", _FORWARDING_JIT + _ORDERED.format(mark="  # flag") + """

        def main():
            return ordered(jnp.arange(3), False)
        """, "TracerBoolConversionError"),
    "forwarder_static_name_passed_by_keyword": (None, _FORWARDING_JIT + _ORDERED.format(mark="") + """

        def main():
            return ordered(jnp.arange(3), reverse=False), ordered(jnp.arange(3), reverse=True)
        """, None),
    "named_static_passed_by_position": (None, """
        def staged(fun=None, *, static_argnames=()):
            if fun is None:
                return functools.partial(staged, static_argnames=static_argnames)
            return jax.jit(fun, static_argnames=static_argnames)
        """ + _ORDERED.format(mark="") + """

        def main():
            return ordered(jnp.arange(3), False), ordered(jnp.arange(3), True)
        """, None),
}


test_recall9_mechanism_lint, test_recall9_mechanism_under_jax = case_tests(CASES, PRELUDE, "recall9mech")


def test_numpy_random_size_positions_are_numpys():
    """The position of ``size`` in arrays.NUMPY_RANDOM_SIZE is NumPy's, for the functions of
    ``np.random`` and the methods of a Generator that have them; ``permutation`` has none and
    returns an array; without a size each draw is a scalar, hashable."""
    np = pytest.importorskip("numpy")
    gen = np.random.default_rng(0)
    for name, position in arrays.NUMPY_RANDOM_SIZE.items():
        for owner in (np.random, gen):
            fn = getattr(owner, name, None)
            if fn is None:
                continue
            params = [p for p in inspect.signature(fn).parameters.values() if p.kind is p.POSITIONAL_OR_KEYWORD]
            names = [p.name for p in params]
            if position is None:
                assert "size" not in names, (owner, name)
                assert isinstance(fn(4), np.ndarray)
                continue
            assert names.index("size") == position, (owner, name, names)
            required = [p for p in params[:position] if p.default is p.empty]
            args = [1] * len(required)
            drawn = fn(*args)
            hash(drawn)  # a scalar
            assert isinstance(fn(*args, size=3), np.ndarray)
    for name in ("rand", "randn"):
        hash(getattr(np.random, name)())
        assert getattr(np.random, name)(2, 3).shape == (2, 3)


def test_elementwise_functions_keep_the_shape():
    """arrays.ELEMENTWISE: each keeps its argument's shape (what many_elements relies on)."""
    jax = pytest.importorskip("jax")
    x = jax.numpy.full((2, 3), 0.5)
    for name in arrays.ELEMENTWISE:
        fn = getattr(jax.numpy, name.rsplit(".", 1)[-1])
        assert fn(x).shape == (2, 3), name
