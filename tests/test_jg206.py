"""JG206 untraceable-argument: each program is linted, and (where it imports only JAX) run under
JAX: a flagged one raises TypeError at the call, a legal look-alike runs."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files

PRELUDE = """\
import abc
import dataclasses
import functools
import typing
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def f(x, y):
    return x


@partial(jax.jit, static_argnames=("y",))
def g(x, y):
    return x
"""

# name -> program (after PRELUDE) whose `main()` calls a jitted function; the line marked `# flag`
# is the one JG206 must report (and where JAX raises TypeError)
FLAGGED = {
    "parameter_every_call_fills_with_a_function": """
        def apply_to(fn, x):
            return f(x, fn)  # flag

        def main():
            return apply_to(lambda v: v, 1.0) + apply_to(jnp.tanh, 2.0)
        """,
    "string": """
        def main():
            return f(1.0, "relu")  # flag
        """,
    "f_string_keyword": """
        def main(n=3):
            return f(1.0, y=f"layer{n}")  # flag
        """,
    "percent_format": """
        def main(n=3):
            return f(1.0, "layer%d" % n)  # flag
        """,
    "join": """
        def main():
            return f(1.0, ",".join(["a", "b"]))  # flag
        """,
    "bytes": """
        def main():
            return f(1.0, b"raw")  # flag
        """,
    "plain_instance": """
        class Model:
            def __init__(self):
                self.w = jnp.ones(2)

        def main():
            return f(1.0, Model())  # flag
        """,
    "dataclass_instance": """
        @dataclasses.dataclass
        class Params:
            w: float = 1.0

        def main():
            return f(1.0, Params())  # flag
        """,
    "instance_through_a_variable": """
        class Model:
            pass

        def main():
            model = Model()
            return f(1.0, model)  # flag
        """,
    "module_level_constant": """
        MODE = "train"

        def main():
            return f(1.0, MODE)  # flag
        """,
    "function": """
        def act(v):
            return v

        def main():
            return f(1.0, act)  # flag
        """,
    "partial_object": """
        def act(v, k):
            return v

        def main():
            return f(1.0, functools.partial(act, k=2))  # flag
        """,
    "class_object": """
        class Model:
            pass

        def main():
            return f(1.0, Model)  # flag
        """,
    "list_holding_a_string": """
        def main():
            return f(1.0, [1.0, "b"])  # flag
        """,
    "set": """
        def main():
            return f(1.0, {1, 2})  # flag
        """,
    "range": """
        def main():
            return f(1.0, range(3))  # flag
        """,
    "non_static_position": """
        def main():
            return g("relu", 2)  # flag
        """,
    "jit_at_the_call": """
        class A:
            pass

        def main():
            return jax.jit(lambda x: x)(A())  # flag
        """,
    "static_argnums_elsewhere": """
        def h(x, y):
            return x

        def main():
            return jax.jit(h, static_argnums=1)("a", 1)  # flag
        """,
    "library_function_without_static_options": """
        def main():
            return jax.jit(jnp.sum)("a")  # flag
        """,
    "jitted_method_argument": """
        class Runner:
            @partial(jax.jit, static_argnums=0)
            def run(self, x):
                return 1.0

        def main():
            return Runner().run("fast")  # flag
        """,
    "jitted_method_receiver_passed_explicitly": """
        class Runner:
            @jax.jit
            def run(self, x):
                return x

        def main():
            return Runner.run(Runner(), 1.0)  # flag
        """,
    "jitted_method_on_a_new_instance": """
        class Runner:
            @jax.jit
            def run(self, x):
                return x

        def main():
            runner = Runner()
            return runner.run(1.0)  # flag
        """,
    "string_to_a_method_called_on_self": """
        @jax.tree_util.register_pytree_node_class
        class Model:
            def __init__(self, w=1.0):
                self.w = w
            def tree_flatten(self):
                return (self.w,), None
            @classmethod
            def tree_unflatten(cls, aux, children):
                return cls(*children)
            @jax.jit
            def apply(self, x, mode):
                return x * self.w
            def run(self, x):
                return self.apply(x, "train")  # flag

        def main():
            return Model().run(1.0)
        """,
    "called_in_traced_code": """
        @jax.jit
        def outer(x):
            return f(x, "relu")  # flag

        def main():
            return outer(1.0)
        """,
    "subclass_of_plain_class": """
        class Base:
            pass

        class Child(Base):
            pass

        def main():
            return f(1.0, Child())  # flag
        """,
}

# legal look-alikes: never flagged; those that import only JAX run
LEGAL = {
    "parameter_given_an_array_by_one_call": """
        def apply_to(fn, x):
            return f(x, fn)

        def main():
            return apply_to(lambda v: v, 1.0) if False else apply_to(jnp.ones(2), 2.0)
        """,
    "parameter_rebound_before_the_call": """
        def apply_to(fn, x):
            fn = fn(x)
            return f(x, fn)

        def main():
            return apply_to(jnp.sin, 1.0)
        """,
    "function_closed_over_by_the_loop": """
        def iterate(step, x):
            return jax.lax.while_loop(lambda c: c[1] < 2, lambda c: (step(c[0]), c[1] + 1), (x, 0))

        def main():
            return iterate(jnp.sin, 1.0)
        """,
    "static_by_name": """
        def main():
            return g(1.0, "relu"), g(1.0, y="relu")
        """,
    "numbers_arrays_none": """
        def main():
            return f(1.0, 2), f(1.0, np.float32(1)), f(1.0, None), f(1.0, np.ones(2)), f(1.0, (1.0, [2.0]))
        """,
    "registered_class_decorator": """
        @jax.tree_util.register_pytree_node_class
        class Model:
            def __init__(self, w=1.0):
                self.w = w
            def tree_flatten(self):
                return (self.w,), None
            @classmethod
            def tree_unflatten(cls, aux, children):
                return cls(*children)

        def main():
            return f(1.0, Model())
        """,
    "registered_by_a_call": """
        class Model:
            def __init__(self, w=1.0):
                self.w = w

        jax.tree_util.register_pytree_node(Model, lambda m: ((m.w,), None), lambda aux, ch: Model(*ch))

        def main():
            return f(1.0, Model())
        """,
    "registered_by_a_helper": """
        def register(cls):
            jax.tree_util.register_pytree_node(cls, lambda m: ((), None), lambda aux, ch: cls())
            return cls

        class Model:
            pass

        register(Model)

        def main():
            return f(1.0, Model())
        """,
    "registered_dataclass": """
        @partial(jax.tree_util.register_dataclass, data_fields=["w"], meta_fields=[])
        @dataclass
        class Params:
            w: float = 1.0

        def main():
            return f(1.0, Params())
        """,
    "register_static": """
        @jax.tree_util.register_static
        class Options:
            pass

        def main():
            return f(1.0, Options())
        """,
    "registered_by_init_subclass": """
        class Base:
            def __init_subclass__(cls, **kw):
                super().__init_subclass__(**kw)
                jax.tree_util.register_pytree_node(cls, lambda o: ((), None), lambda a, c: cls())

        class Child(Base):
            pass

        def main():
            return f(1.0, Child())
        """,
    "namedtuple": """
        class Point(typing.NamedTuple):
            x: float
            y: float

        def main():
            return f(1.0, Point(1.0, 2.0))
        """,
    "string_rebound": """
        def main(flag=True):
            mode = "train"
            if flag:
                mode = 0.5
            return f(1.0, mode)
        """,
    "str_shadowed": """
        def str(v):
            return 1.0

        def main():
            return f(1.0, str(3))
        """,
    "loop_target": """
        def main():
            mode = "x"
            out = []
            for mode in (1.0, 2.0):
                out.append(f(1.0, mode))
            return out
        """,
    "starred_and_double_starred": """
        def main():
            args = (2.0,)
            kwargs = {"y": 2.0}
            return f(1.0, *args), f(1.0, **kwargs)
        """,
    "not_jitted": """
        def plain(x, y):
            return x

        def main():
            return plain(1.0, "relu")
        """,
    "unknown_static_options": """
        STATIC = tuple(i for i in (1,))

        @partial(jax.jit, static_argnums=STATIC)
        def h(x, y):
            return x

        def main():
            return h(1.0, "relu")
        """,
    "inner_decorator_with_options": """
        def keep(fn):
            return fn

        @partial(jax.jit, static_argnums=(1,))
        @keep
        def h(x, y):
            return x

        def main():
            return h(1.0, "relu")
        """,
    "outer_unknown_decorator": """
        def to_float(fn):
            return lambda x, y: fn(x, 1.0)

        @to_float
        @jax.jit
        def h(x, y):
            return x

        def main():
            return h(1.0, "relu")
        """,
    "class_with_jax_array": """
        class Wrapped:
            def __jax_array__(self):
                return jnp.ones(2)

        def main():
            return jnp.sum(jnp.asarray(Wrapped()))
        """,
    "function_decorated": """
        def act(v):
            return v

        act_jit = jax.jit(act)

        def main():
            return act_jit(1.0)
        """,
}

LEGAL["rebound_jitted_def"] = """
    @jax.jit
    def h(x, mode):
        return x

    h = lambda x, mode, _h=h: _h(x, 1.0)

    def main():
        return h(1.0, "relu")
    """

LEGAL["method_overridden_in_a_subclass"] = """
    @jax.tree_util.register_pytree_node_class
    class Model:
        def __init__(self, w=1.0):
            self.w = w
        def tree_flatten(self):
            return (self.w,), None
        @classmethod
        def tree_unflatten(cls, aux, children):
            return cls(*children)
        @jax.jit
        def apply(self, x, mode):
            return x * self.w
        def run(self, x):
            return self.apply(x, "train")

    @jax.tree_util.register_pytree_node_class
    class Plain(Model):
        def apply(self, x, mode):
            return x

    def main():
        return Plain().run(1.0)
    """

LEGAL["class_with_new"] = """
    class Scalar:
        def __new__(cls, v=1.0):
            return float(v)

    def main():
        return f(1.0, Scalar())
    """

LEGAL["jitted_method_static_self"] = """
    class Runner:
        @partial(jax.jit, static_argnums=0)
        def run(self, x):
            return x

        def twice(self, x):
            return self.run(self.run(x))

    def main():
        return Runner().run(1.0), Runner().twice(1.0)
    """

# linted only: look-alikes that use libraries not installed here, and a `self` whose class may be a
# subclass registered as a pytree in another file
LEGAL_LINT_ONLY = {
    "equinox_style_module": """
        import equinox as eqx

        class MLP(eqx.Module):
            w: jax.Array

        def main():
            return f(1.0, MLP(jnp.ones(2)))
        """,
    "unknown_class_from_a_library": """
        from somelib import Thing

        def main():
            return f(1.0, Thing())
        """,
    "flax_struct": """
        from flax import struct

        @struct.dataclass
        class State:
            step: int

        def main():
            return f(1.0, State(0))
        """,
    "filter_jit": """
        import equinox as eqx

        @eqx.filter_jit
        def h(x, act):
            return act(x)

        def main():
            return h(1.0, "relu"), h(1.0, lambda v: v)
        """,
    "nnx_jit": """
        from flax import nnx

        @nnx.jit
        def h(x, mode):
            return x

        def main():
            return h(1.0, "relu")
        """,
    "subclass_of_a_library_class": """
        from somelib import Base

        class Child(Base):
            pass

        def main():
            return f(1.0, Child())
        """,
    "jitted_method_called_on_self": """
        class Base:
            @jax.jit
            def run(self, x):  # self may be an instance of a subclass registered in another file
                return x

            def go(self, x):
                return self.run(x)

        def main():
            return 1.0
        """,
    "class_registered_elsewhere_by_metaclass": """
        from somelib import Meta

        class Model(metaclass=Meta):
            pass

        def main():
            return f(1.0, Model())
        """,
}


def _lint(tmp_path, name: str, body: str, prelude: str = PRELUDE):
    """Lint ``prelude`` + ``body`` for JG206 alone: (the source, the findings)."""
    source = prelude + textwrap.dedent(body)
    path = tmp_path / f"{name}.py"
    path.write_text(source)
    [result] = lint_files([str(path)], LintOptions(frozenset({"JG206"})))
    assert not result.errors
    return source, result.findings


def _run(source: str, name: str):
    """Run the source as a module and return its ``main()``."""
    namespace: dict = {"__name__": f"jg206_{name}"}
    exec(compile(source, f"<{name}>", "exec", dont_inherit=True), namespace)
    return namespace["main"]()


@pytest.mark.parametrize("name", sorted(FLAGGED))
def test_flagged_on_the_marked_line(name, tmp_path):
    source, findings = _lint(tmp_path, name, FLAGGED[name])
    marked = [no for no, line in enumerate(source.splitlines(), 1) if line.rstrip().endswith("# flag")]
    assert [f.line for f in findings] == marked, findings
    message = findings[0].message
    assert "not static" in message and "TypeError" in message
    assert "static" in findings[0].help


@pytest.mark.parametrize("name", sorted(FLAGGED))
def test_flagged_really_raises_type_error(name):
    pytest.importorskip("jax")
    source = PRELUDE + textwrap.dedent(FLAGGED[name])
    with pytest.raises(TypeError, match="as an abstract array"):
        _run(source, name)


@pytest.mark.parametrize("name", sorted(LEGAL))
def test_legal_look_alike_not_flagged(name, tmp_path):
    _source, findings = _lint(tmp_path, name, LEGAL[name])
    assert findings == []


@pytest.mark.parametrize("name", sorted(LEGAL))
def test_legal_look_alike_runs(name):
    pytest.importorskip("jax")
    _run(PRELUDE + textwrap.dedent(LEGAL[name]), name)


@pytest.mark.parametrize("name", sorted(LEGAL_LINT_ONLY))
def test_library_look_alike_not_flagged(name, tmp_path):
    _source, findings = _lint(tmp_path, name, LEGAL_LINT_ONLY[name])
    assert findings == []


def test_message_names_argument_parameter_and_fix(tmp_path):
    _source, [finding] = _lint(tmp_path, "msg", FLAGGED["plain_instance"])
    assert "`Model()` is an instance of `Model`, a plain class (not a pytree)" in finding.message
    assert "passed as `y` of jitted `f`" in finding.message
    assert 'static_argnames=("y",)' in finding.help and "register `Model` as a pytree" in finding.help


FIXABLE = """\
import jax
import jax.numpy as jnp


@jax.jit
def scale(x, mode):
    return x * 2.0 if mode == "double" else x


class Runner:
    @jax.jit
    def step(self, x):
        return x + 1.0


def h(x, act):
    return x


def main():
    g = jax.jit(h)
    return scale(jnp.ones(3), "double"), Runner().step(1.0), g(1.0, "relu")
"""


def _check(tmp_path, *args):
    return subprocess.run([sys.executable, "-m", "jitguard", "check", "--no-cache", "--select", "JG206", *args, "m.py"],
                          cwd=tmp_path, capture_output=True, text=True)


def test_unsafe_fix_declares_the_parameters_static_and_the_code_runs(tmp_path):
    (tmp_path / "m.py").write_text(FIXABLE)
    assert _check(tmp_path, "--fix").returncode == 1  # unsafe: not applied by --fix alone
    assert (tmp_path / "m.py").read_text() == FIXABLE
    proc = _check(tmp_path, "--fix", "--unsafe-fixes")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    fixed = (tmp_path / "m.py").read_text()
    assert '@jax.jit(static_argnames=("mode",))' in fixed
    assert '@jax.jit(static_argnames=("self",))' in fixed
    assert 'g = jax.jit(h, static_argnames=("act",))' in fixed
    pytest.importorskip("jax")
    _run(fixed, "fixed")
    with pytest.raises(TypeError, match="as an abstract array"):
        _run(FIXABLE, "unfixed")


def test_no_fix_for_an_unhashable_value_or_a_jit_with_options(tmp_path):
    source = PRELUDE + textwrap.dedent("""
        @dataclasses.dataclass
        class Params:
            w: float = 1.0

        def main():
            return f(1.0, Params()), f(1.0, [1.0, "b"]), g("relu", 2)
        """)
    (tmp_path / "m.py").write_text(source)
    [result] = lint_files([str(tmp_path / "m.py")], LintOptions(frozenset({"JG206"})))
    assert len(result.findings) == 3
    assert all(f.fix is None for f in result.findings)
