"""General value-flow mechanisms behind the misses of the report variants (tests/variants/,
docs/recall.md "Variants"), each in shapes of our own (other names, other code), flagged and legal.
Every program is linted with the default rules (the lines marked ``# flag`` get the code, nothing
else is reported) and run under JAX 0.10.2 (``main()`` of a flagged program raises the named
error; a legal look-alike's runs).

* ``functools.partial``: a call through ``partial(f, a, k=v)`` (inline, or a name bound once to it
  in the calling function or one it is nested in) is the call ``f(a, *args, k=v, **kwargs)``: the
  bound values reach ``f``'s parameters like the call's own; a keyword the call passes replaces
  the bound one.
* ``d["k"] = v`` on a dict that knows its keys' kinds (a literal, also of Python values only, or
  a record a helper returns) sets key ``k`` to ``v``'s kind and keeps the others': a dict filled
  key by key in a helper and returned keeps a traced entry traced and a Python entry static.
* A ``@classmethod`` called through its class (``Class.make(x)``) binds ``cls`` itself: the
  call's first argument is its second parameter (it was read as an explicit ``self``).
* ``obj.prop`` of an instance built in traced code runs the property's getter with ``self`` that
  instance, in that trace: its body is checked there (a property never read is not run).
* ``d.get("k")`` / ``d.get("k", default)`` / ``d.pop(...)`` of a dict that knows key ``k``'s kind
  (``**kwargs``, a literal, a helper's record) gives that kind, as ``d["k"]`` does.
* ``xs.append(v)`` (``insert``, ``add``, ``extend``) on a list or set bound here to a literal holds
  ``v`` afterwards: iterating it (also through ``zip``/``enumerate``) gives traced values when ``v``
  is traced; the list's own truth value and length stay static. Such a list is still a Python list:
  indexed with a traced integer it raises, whatever it holds (JG104).
* The class of an instance: what a plain factory function builds in every ``return``
  (``make_norm(cfg)`` returning ``Norm(...)``), and ``self.norm`` when ``__init__`` is the only code
  of the class storing it, once, from such a value; ``self.norm(x)`` runs that class's ``__call__``.
* ``self.pairs`` stored once by ``__init__`` of a plain class as a list or tuple literal or a list
  comprehension is a Python list: indexed with a traced integer it raises (as a NumPy array
  stored that way already was).
"""

from __future__ import annotations

import textwrap

import pytest

from tests.mechanisms import assert_flags_marked_lines, assert_raises_or_runs
from tests.test_jg206 import _run

PRELUDE = """\
import functools

import jax
import jax.numpy as jnp
import numpy as np
"""

# name: (code, source, error raised by main() or None when main() runs)
CASES: dict[str, tuple[str, str, str | None]] = {
    # -- calls through functools.partial
    "partial_keyword_bound_in_jit": ("JG101", """
        def clip(x, limit):
            if limit > 0:  # flag
                return jnp.minimum(x, limit)
            return x

        @jax.jit
        def main_jit(x, limit):
            op = functools.partial(clip, limit=limit)
            return op(x)

        def main():
            return main_jit(jnp.ones(3), 2.0)
        """, "TracerBoolConversionError"),
    "partial_position_bound_inline": ("JG104", """
        def repeat(count, x):
            for _ in range(count):  # flag
                x = x * 2
            return x

        def main():
            return jax.jit(lambda n, x: functools.partial(repeat, n)(x))(2, jnp.ones(2))
        """, "TracerIntegerConversionError"),
    "partial_bound_in_enclosing_function": ("JG104", """
        def scale(x, factor):
            return x * float(factor)  # flag

        @jax.jit
        def main_jit(x, factor):
            op = functools.partial(scale, factor=factor)

            def inner(y):
                return op(y) + 1.0

            return inner(x)

        def main():
            return main_jit(jnp.ones(3), 2.0)
        """, "ConcretizationTypeError"),
    "partial_keyword_constant_is_legal": ("JG101", """
        def clip(x, limit):
            if limit > 0:
                return jnp.minimum(x, limit)
            return x

        @jax.jit
        def main_jit(x):
            op = functools.partial(clip, limit=2.0)
            return op(x)

        def main():
            return main_jit(jnp.ones(3))
        """, None),
    "partial_keyword_replaced_by_the_call_is_legal": ("JG101", """
        def clip(x, limit):
            if limit > 0:
                return jnp.minimum(x, limit)
            return x

        @jax.jit
        def main_jit(x, limit):
            op = functools.partial(clip, limit=limit)
            return op(x, limit=2.0) + limit

        def main():
            return main_jit(jnp.ones(3), 2.0)
        """, None),
    "partial_name_rebound_is_not_followed": ("JG101", """
        def clip(x, limit):
            if limit > 0:
                return jnp.minimum(x, limit)
            return x

        @jax.jit
        def main_jit(x, limit):
            op = functools.partial(clip, limit=limit)
            op = functools.partial(clip, limit=2.0)
            return op(x) + limit

        def main():
            return main_jit(jnp.ones(3), 2.0)
        """, None),
    # -- a dict filled key by key
    "dict_filled_key_by_key_in_helper": ("JG101", """
        def summarize(v):
            out = {}
            out["steps"] = 3
            out["done"] = v.sum() > 0
            return out

        @jax.jit
        def main_jit(v):
            info = summarize(v)
            if info["done"]:  # flag
                return v
            return -v

        def main():
            return main_jit(jnp.ones(3))
        """, "TracerBoolConversionError"),
    "dict_static_entry_of_filled_dict_is_legal": ("JG101", """
        def summarize(v):
            out = {"name": "fit"}
            out["steps"] = 3
            out["done"] = v.sum() > 0
            return out

        @jax.jit
        def main_jit(v):
            info = summarize(v)
            if info["steps"] > 1 and info["name"] == "fit":
                return jnp.where(info["done"], v, -v)
            return v

        def main():
            return main_jit(jnp.ones(3))
        """, None),
    "dict_entry_replaced_by_python_value_is_legal": ("JG101", """
        @jax.jit
        def main_jit(v):
            opts = {"scale": v.sum(), "shift": 1.0}
            opts["scale"] = 2.0
            if opts["scale"] > 1.0:
                return v * opts["scale"]
            return v

        def main():
            return main_jit(jnp.ones(3))
        """, None),
    # -- classmethods called through the class
    "classmethod_through_class_gets_its_arguments": ("JG105", """
        class Select:
            @classmethod
            def positive(cls, x):
                return cls.pick(x, x > 0)

            @classmethod
            def pick(cls, x, mask):
                return x[mask]  # flag

        @jax.jit
        def main_jit(x):
            return Select.positive(x)

        def main():
            return main_jit(jnp.array([-1.0, 2.0]))
        """, "NonConcreteBooleanIndexError"),
    "classmethod_static_argument_is_legal": ("JG101", """
        class Scale:
            @classmethod
            def apply(cls, x, factor):
                if factor > 1:
                    return x * factor
                return x

        @jax.jit
        def main_jit(x):
            return Scale.apply(x, 2)

        def main():
            return main_jit(jnp.ones(2))
        """, None),
    # -- properties of instances built in traced code
    "property_of_instance_built_in_jit": ("JG104", """
        class Fit:
            def __init__(self, residual):
                self.residual = residual

            @property
            def error(self):
                return float(jnp.abs(self.residual).max())  # flag

        @jax.jit
        def main_jit(x):
            fit = Fit(x - 1.0)
            return x * fit.error

        def main():
            return main_jit(jnp.ones(2))
        """, "ConcretizationTypeError"),
    "property_not_read_in_the_trace_is_legal": ("JG104", """
        class Fit:
            def __init__(self, residual):
                self.residual = residual

            @property
            def error(self):
                return float(jnp.abs(self.residual).max())

            @property
            def scaled(self):
                return 2.0 * self.residual

        @jax.jit
        def residual(x):
            return Fit(x - 1.0).scaled

        def main():
            return Fit(residual(jnp.ones(2))).error
        """, None),
    # -- d.get("k") of a dict that knows its keys
    "kwargs_get_of_traced_keyword": ("JG103", """
        def shift(x, **options):
            offset = options.get("offset") or 0.0  # flag
            return x + offset

        @jax.jit
        def main_jit(x, offset):
            return shift(x, offset=offset, label="run")

        def main():
            return main_jit(jnp.ones(2), jnp.asarray(1.0))
        """, "TracerBoolConversionError"),
    "kwargs_get_of_python_keyword_is_legal": ("JG101", """
        def shift(x, **options):
            if options.get("label", "none") == "run" and options.pop("times", 1) > 0:
                return x + options["offset"]
            return x

        @jax.jit
        def main_jit(x, offset):
            return shift(x, offset=offset, label="run", times=2)

        def main():
            return main_jit(jnp.ones(2), jnp.asarray(1.0))
        """, None),
    # -- lists filled by append
    "list_filled_by_append_then_zipped": ("JG101", """
        def first_above(v, limits):
            values = []
            for k in range(len(limits)):
                values.append(v * k)
            for i, (value, limit) in enumerate(zip(values, limits)):
                if value > limit:  # flag
                    return i
            return -1

        def main():
            return jax.vmap(lambda v: first_above(v, [1.0, 2.0]))(jnp.ones(3))
        """, "TracerBoolConversionError"),
    "list_of_python_values_and_truth_of_filled_list_are_legal": ("JG101", """
        @jax.jit
        def main_jit(v):
            sizes, parts = [], []
            for k in range(3):
                sizes.append(k + 1)
                parts.append(v * k)
            total = 0.0
            for size, part in zip(sizes, parts):
                if size > 1 and parts:
                    total = total + part.sum() * size
            return total + len(parts)

        def main():
            return main_jit(jnp.ones(2))
        """, None),
    # -- instances made by factories, held in attributes
    "instance_from_factory_held_in_attribute": ("JG101", """
        class Norm:
            def __init__(self, eps):
                self.eps = eps

            def __call__(self, x):
                if self.eps > 0:  # flag
                    return x / (jnp.abs(x).max() + self.eps)
                return x

        def make_norm(options):
            return Norm(options["eps"])

        class Layer:
            def __init__(self, options):
                self.norm = make_norm(options)

            def __call__(self, x):
                return self.norm(x + 1.0)

        @jax.jit
        def main_jit(options, x):
            return Layer(options)(x)

        def main():
            return main_jit({"eps": 1e-3}, jnp.ones(2))
        """, "TracerBoolConversionError"),
    "instance_from_factory_built_eagerly_is_legal": ("JG101", """
        class Norm:
            def __init__(self, eps):
                self.eps = eps

            def __call__(self, x):
                if self.eps > 0:
                    return x / (jnp.abs(x).max() + self.eps)
                return x

        def make_norm(options):
            return Norm(options["eps"])

        class Layer:
            def __init__(self, options):
                self.norm = make_norm(options)

            def __call__(self, x):
                return self.norm(x + 1.0)

        layer = Layer({"eps": 1e-3})

        @jax.jit
        def main_jit(x):
            return layer(x)

        def main():
            return main_jit(jnp.ones(2))
        """, None),
    "list_of_tracers_indexed_by_traced_integer": ("JG104", """
        @jax.jit
        def main_jit(v, k):
            scores = []
            for shift in (0.0, 1.0, 2.0):
                scores.append(jnp.sum(v + shift))
            return scores[k]  # flag

        def main():
            return main_jit(jnp.ones(2), 1)
        """, "TracerIntegerConversionError"),
    # -- a list stored on self by __init__
    "list_attribute_indexed_by_traced_integer": ("JG104", """
        class Table:
            def __init__(self, n):
                self.offsets = [k * 0.5 for k in range(n)]

            def lookup(self, x, k):
                return x + self.offsets[k]  # flag

        table = Table(4)

        def main():
            return jax.vmap(lambda k: table.lookup(1.0, k))(jnp.arange(3))
        """, "TracerIntegerConversionError"),
    "list_attribute_indexed_by_python_integer_is_legal": ("JG104", """
        class Table:
            def __init__(self, n):
                self.offsets = [k * 0.5 for k in range(n)]

            def lookup(self, x, k):
                return x + jnp.asarray(self.offsets)[k] + self.offsets[1]

        table = Table(4)

        def main():
            return jax.vmap(lambda k: table.lookup(1.0, k))(jnp.arange(3))
        """, None),
}


def _source(name: str) -> str:
    return PRELUDE + textwrap.dedent(CASES[name][1])


@pytest.mark.parametrize("name", sorted(CASES))
def test_variant_mechanism_lint(tmp_path, name):
    assert_flags_marked_lines(tmp_path, name, _source(name), CASES[name][0])


@pytest.mark.parametrize("name", sorted(CASES))
def test_variant_mechanism_under_jax(name):
    assert_raises_or_runs(lambda: _run(_source(name), f"variantmech_{name}"), CASES[name][2])
