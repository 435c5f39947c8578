"""Two general JG206 mechanisms behind misses of the sixth batch of reports (docs/recall.md), each
in shapes of our own (other names, other code), so that neither is keyed on its report. Every
program is linted with the default rules (the lines marked ``# flag`` get JG206, nothing else is
reported) and run under JAX 0.10.2 (``main()`` of a flagged program raises the named error; a legal
look-alike's runs).

* A class registered as a pytree (its decorator, a module-level ``register_pytree_node_class``, an
  ancestor's ``__init_subclass__``) whose ``tree_flatten`` returns as children explicit
  ``self.<attr>`` values, or every instance attribute but a collection of names (a comprehension
  over ``self.__dict__``/``vars(self)`` filtered by ``k not in <names>``): an attribute ``__init__``
  stores a string in (a literal, or a parameter given or defaulting to one) becomes a leaf, and jit
  raises TypeError at the call. Listed static (in the aux data), it is not.
* ``jax.vjp``/``jax.linearize`` trace every primal, ``jax.jvp`` its primals, ``jax.grad(f,
  argnums=...)(...)`` the arguments at ``argnums``: a plain-class instance, a string, a function
  there raises TypeError, also through ``*args`` when the elements are known (a tuple literal, the
  ``*args`` of the enclosing function as the calls of its factory fill it, ``sig.bind(*args)``'s
  ``arguments.values()``). ``grad``'s other positions are passed through unchanged.
"""

from __future__ import annotations

import textwrap

import pytest

from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files
from tests.mechanisms import assert_flags_marked_lines, assert_raises_or_runs
from tests.test_jg206 import _run

PRELUDE = """\
import functools
import inspect

import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class


class Settings:
    def __init__(self, scale):
        self.scale = scale


@jax.jit
def apply(layer, x):
    return layer.forward(x)


@functools.partial(jax.jit, static_argnums=0)
def apply_static(layer, x):
    return layer.forward(x)


def loss(x, mode):
    return jnp.sum(x ** 2)
"""

_DICT_FLATTEN = """
            def tree_flatten(self):
                dynamic = {k: v for k, v in self.__dict__.items() if k not in self.STATIC}
                static = {k: v for k, v in self.__dict__.items() if k in self.STATIC}
                order = sorted(dynamic)
                return [dynamic[k] for k in order], (tuple(order), tuple(sorted(static.items())))

            @classmethod
            def tree_unflatten(cls, aux, children):
                order, static = aux
                obj = object.__new__(cls)
                obj.__dict__.update(zip(order, children))
                obj.__dict__.update(static)
                return obj
"""

# name: (source, error raised by main() or None when main() runs)
CASES: dict[str, tuple[str, str | None]] = {
    # -- a string attribute among the children of a custom tree_flatten
    "explicit_children_string_leaf": ("""
        @register_pytree_node_class
        class Dense:
            def __init__(self, w, act="relu"):
                self.w = w
                self.act = act

            def forward(self, x):
                return self.w * x

            def tree_flatten(self):
                return (self.w, self.act), None

            @classmethod
            def tree_unflatten(cls, aux, children):
                return cls(*children)

        def main():
            return apply(Dense(jnp.ones(3)), jnp.ones(3))  # flag
        """, "TypeError"),
    "vars_minus_class_names_string_passed": ("""
        class Block:
            STATIC = ("label",)

            def __init__(self, w, label, norm):
                self.w = w
                self.label = label
                self.norm = norm

            def forward(self, x):
                return self.w * x

            def tree_flatten(self):
                keys = [k for k in vars(self) if k not in self.STATIC]
                children = [getattr(self, k) for k in vars(self) if k not in self.STATIC]
                return children, (keys, self.label)

            @classmethod
            def tree_unflatten(cls, aux, children):
                keys, label = aux
                obj = object.__new__(cls)
                obj.__dict__.update(zip(keys, children))
                obj.label = label
                return obj

        jax.tree_util.register_pytree_node_class(Block)

        def main():
            block = Block(jnp.ones(3), "first", "layer")
            return apply(block, jnp.ones(3))  # flag
        """, "TypeError"),
    "subclass_registered_by_hook_string_default": ("""
        class Registered:
            STATIC = ["name"]
""" + _DICT_FLATTEN + """
            def __init_subclass__(cls, **kwargs):
                super().__init_subclass__(**kwargs)
                jax.tree_util.register_pytree_node_class(cls)

        class Scaler(Registered):
            def __init__(self, gain, reduction="mean"):
                self.name = "scaler"
                self.gain = jnp.asarray(gain)
                self.reduction = reduction

            def forward(self, x):
                return self.gain * x

        def main():
            return apply(Scaler(2.0), jnp.ones(3))  # flag
        """, "TypeError"),
    "children_filtered_by_type_is_legal": ("""
        @register_pytree_node_class
        class Tagged:
            def __init__(self, w, tag="a"):
                self.w = w
                self.tag = tag

            def forward(self, x):
                return self.w * x

            def tree_flatten(self):
                keys = tuple(k for k, v in vars(self).items() if not isinstance(v, str))
                children = [v for k, v in vars(self).items() if not isinstance(v, str)]
                return children, (keys, self.tag)

            @classmethod
            def tree_unflatten(cls, aux, children):
                keys, tag = aux
                obj = object.__new__(cls)
                obj.__dict__.update(zip(keys, children), tag=tag)
                return obj

        def main():
            return apply(Tagged(jnp.ones(3)), jnp.ones(3))
        """, None),
    "vjp_plain_instance_primal": ("""
        def main():
            return jax.vjp(loss, jnp.ones(3), Settings(2.0))  # flag
        """, "TypeError"),
    "vjp_spread_tuple_with_string": ("""
        def main():
            inputs = (jnp.ones(3), "sum")
            return jax.vjp(loss, *inputs)  # flag
        """, "TypeError"),
    "vjp_through_factory_varargs": ("""
        def with_pullback(fn):
            def run(*args):
                out, back = jax.vjp(fn, *args)  # flag
                return out, back

            return run

        def main():
            pulled = with_pullback(loss)
            return pulled(jnp.ones(3), Settings(1.0))
        """, "TypeError"),
    "vjp_through_signature_bind": ("""
        def differentiable(fn):
            signature = inspect.signature(fn)

            def call(*args, **kwargs):
                bound = signature.bind(*args, **kwargs)
                return jax.linearize(fn, *bound.args)  # flag

            return call

        def main():
            return differentiable(loss)(jnp.ones(3), lambda v: v)
        """, "TypeError"),
    "grad_at_argnums_string": ("""
        def main():
            return jax.grad(loss, argnums=(0, 1))(jnp.ones(3), "mean")  # flag
        """, "TypeError"),
    "jvp_primals_with_instance": ("""
        def main():
            x = jnp.ones(3)
            return jax.jvp(loss, (x, Settings(1.0)), (x, x))  # flag
        """, "TypeError"),
    "vjp_registered_instance_is_legal": ("""
        @register_pytree_node_class
        class Pair:
            def __init__(self, a, b):
                self.a = a
                self.b = b

            def tree_flatten(self):
                return (self.a, self.b), None

            @classmethod
            def tree_unflatten(cls, aux, children):
                return cls(*children)

        def main():
            return jax.vjp(loss, jnp.ones(3), Pair(jnp.ones(2), 1.0))
        """, None),
}


def _fixed(flagged: str, *edits: tuple[str, str]) -> str:
    """The legal look-alike of the flagged program ``flagged``: its source with the edits that fix
    it, without its ``# flag`` mark."""
    source = CASES[flagged][0].replace("  # flag", "")
    for old, new in edits:
        assert old in source, old
        source = source.replace(old, new)
    return source


CASES.update({
    "explicit_children_string_left_out_is_legal": (_fixed(
        "explicit_children_string_leaf", ("return (self.w, self.act), None", "return (self.w,), self.act"),
        ("cls, aux, children):\n                return cls(*children)",
         "cls, act, children):\n                return cls(children[0], act)")), None),
    "instance_at_static_position_is_legal": (_fixed(
        "explicit_children_string_leaf", ("return apply(", "return apply_static(")), None),
    "vars_minus_class_names_array_passed_is_legal": (_fixed(
        "vars_minus_class_names_string_passed", ('"first", "layer"', '"first", jnp.float32(2.0)')), None),
    "subclass_lists_it_static_is_legal": (_fixed(
        "subclass_registered_by_hook_string_default",
        ("class Scaler(Registered):\n", 'class Scaler(Registered):\n            STATIC = Registered.STATIC + ["reduction"]\n\n')),
        None),
    "grad_nondifferentiated_position_is_legal": (_fixed(
        "grad_at_argnums_string", ("argnums=(0, 1)", "argnums=0")), None),
    "vjp_closed_over_setting_is_legal": (_fixed(
        "vjp_plain_instance_primal", ("jax.vjp(loss, jnp.ones(3), Settings(2.0))",
                                      "jax.vjp(functools.partial(loss, mode=Settings(2.0)), jnp.ones(3))")), None),
    "vjp_spread_tuple_of_arrays_is_legal": (_fixed(
        "vjp_spread_tuple_with_string", ('"sum"', "jnp.zeros(3)")), None),
    "vjp_factory_with_arrays_is_legal": (_fixed(
        "vjp_through_factory_varargs", ("Settings(1.0))", "jnp.float32(1.0))")), None),
})


def _source(name: str) -> str:
    return PRELUDE + textwrap.dedent(CASES[name][0])


@pytest.mark.parametrize("name", sorted(CASES))
def test_recall6_jg206_lint(tmp_path, name):
    assert_flags_marked_lines(tmp_path, name, _source(name), "JG206")


@pytest.mark.parametrize("name", sorted(CASES))
def test_recall6_jg206_under_jax(name):
    assert_raises_or_runs(lambda: _run(_source(name), f"recall6_{name}"), CASES[name][1])


def test_a_file_naming_only_vjp_is_analysed(tmp_path):
    """The first pass (jitguard.lint.prepass) sends a file whose only JAX transform is ``jax.vjp``
    to the analysis (JAX 0.10.2: TypeError, as ``vjp_plain_instance_primal`` runs it)."""
    source = textwrap.dedent("""\
        import jax
        import jax.numpy as jnp


        class Settings:
            def __init__(self, scale):
                self.scale = scale


        def loss(x, s):
            return jnp.sum(x), 0.0


        def main():
            return jax.vjp(loss, jnp.ones(3), Settings(2.0), has_aux=True)  # flag
        """)
    (tmp_path / "pyproject.toml").write_text("")
    path = tmp_path / "only_vjp.py"
    path.write_text(source)
    [result] = lint_files([str(path)], LintOptions(frozenset(all_codes()) - opt_in_codes()))
    assert [(f.line, f.code) for f in result.findings] == [(15, "JG206")], result.findings
    with pytest.raises(TypeError, match="not a valid JAX type"):
        _run(source, "recall6_only_vjp")
