"""Values the per-expression rules did not see (jitguard.lint.analysis.objects), each program
linted and then run under JAX: instances built in traced code (attributes `__init__` stores from
traced arguments), records at traced positions of a jitted function (their fields are tracers),
chained comparisons outside an `if` (Python takes the truth value of all but the last).

Each program marks the lines jitguard must report (`# expect: CODE`); every other line must stay
unreported. RAISES/RUNS in the program are run under real jax.jit: the marked lines raise the
error named, the look-alikes run.
"""

from __future__ import annotations

import importlib.util
import sys
import textwrap

import pytest

from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files
from tests.rule_examples import expected_lines

jax = pytest.importorskip("jax")

DEFAULT = frozenset(all_codes()) - opt_in_codes()

INSTANCES = '''
import jax
import jax.numpy as jnp


class Rate:
    def __init__(self, rate, fallback=None):
        if fallback is None:
            self.rate = rate
        else:
            self.rate = fallback  # a Python float here, the tracer on the other path

    def __call__(self, x):
        if self.rate > 0.5:  # expect: JG101
            return x
        return x * 2.0


class Overwritten:
    def __init__(self, rate):
        self.rate = rate
        self.rate = 0.5  # a literal replaces the tracer

    def __call__(self, x):
        return x if self.rate > 0.1 else -x


class Chain:
    def __init__(self, value, depth):
        self.value = value
        self.child = Chain(value, depth - 1) if depth > 0 else None  # builds its own class

    def total(self, x):
        return x + (self.child.total(x) if self.child is not None else 0.0)


def rate(r, x):
    return Rate(r)(x)


def overwritten(r, x):
    return Overwritten(r)(x)


def chain(v, x):
    return Chain(v, 2).total(x)


RAISES = [(lambda: jax.jit(rate)(1.0, jnp.ones(2)), "TracerBoolConversionError")]
RUNS = [
    lambda: jax.jit(overwritten)(1.0, jnp.ones(2)),
    lambda: jax.jit(chain)(1.0, jnp.ones(2)),
    lambda: jax.jit(rate, static_argnums=0)(1.0, jnp.ones(2)),
]
'''

RECORDS = '''
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Box(NamedTuple):
    width: int
    values: jnp.ndarray


def fill(box):
    return jnp.zeros(box.width)  # expect: JG105


@jax.jit
def outer(x, box):
    return x.sum() + fill(box).sum()  # the record's fields reach the helper


@jax.jit
def by_shape(x, box):
    return x + jnp.zeros(box.values.shape) + len(box)  # shapes and the length are static


def unbatched(x, box):
    return x + jnp.zeros(box.width)  # in_axes None under vmap alone: Python values


RAISES = [(lambda: outer(jnp.ones(2), Box(3, jnp.ones(2))), "TypeError")]
RUNS = [
    lambda: by_shape(jnp.ones(2), Box(3, jnp.ones(2))),
    lambda: jax.vmap(unbatched, in_axes=(0, None))(jnp.ones((4, 3)), Box(3, jnp.ones(2))),
]
'''

CHAINS = '''
import jax
import jax.numpy as jnp


@jax.jit
def filtered(x, lo):
    return [v for v in [x, x + 1] if lo < v < 2.0]  # expect: JG101


@jax.jit
def looped(x):
    while 0.0 < x < 1.0:  # expect: JG102
        x = x * 2
    return x


@jax.jit
def asserted(x):
    assert 0.0 < x < 1.0  # expect: JG103
    return x


@jax.jit
def with_and(x, flag):
    return jnp.where((0.0 < x < 1.0) and flag, x, 0.0)  # expect: JG103


@jax.jit
def membership(x, keys):
    return x * ("a" in keys is not None)  # `"a" in keys` is a Python bool: only the last comparison is traced


def derivative(x):
    return jnp.where(0.0 < x <= 3.0, x, 0.0)  # under grad alone bool() of x works


RAISES = [
    (lambda: filtered(jnp.array(0.5), 0.0), "TracerBoolConversionError"),
    (lambda: looped(jnp.array(0.5)), "TracerBoolConversionError"),
    (lambda: asserted(jnp.array(0.5)), "TracerBoolConversionError"),
    (lambda: with_and(jnp.array(0.5), True), "TracerBoolConversionError"),
]
RUNS = [
    lambda: membership(jnp.ones(2), {"a": 1}),
    lambda: jax.grad(derivative)(1.0),
]
'''

PROGRAMS = {"instances": INSTANCES, "records": RECORDS, "chains": CHAINS}


def _load(path):
    name = f"jitguard_halfa_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_marked_lines_and_only_those_are_reported(tmp_path, name):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(PROGRAMS[name]))
    [result] = lint_files([str(path)], LintOptions(DEFAULT))
    assert not result.errors
    found = {(f.line, f.code) for f in result.findings}
    expected = {(line, code) for line, codes in expected_lines(path).items() for code in codes}
    assert found == expected


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_the_programs_do_what_jax_does(tmp_path, name):
    from tests.jaxrun import raising_lines

    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(PROGRAMS[name]))
    module = _load(path)
    marked = set(expected_lines(path))
    for call, error in module.RAISES:
        with pytest.raises(Exception) as info:
            call()
        assert error in {c.__name__ for c in type(info.value).__mro__}, info.value
        assert raising_lines(info.value, path) & marked
    for call in module.RUNS:
        jax.block_until_ready(call())


def test_an_instance_built_from_two_callers_keeps_its_python_attributes(tmp_path):
    """The same class built in two jitted functions from different traced values: its method
    receives two records of the same attributes, joined field by field (a class attribute and a
    literal stay Python values; the attribute from the argument stays traced)."""
    path = tmp_path / "two.py"
    path.write_text(textwrap.dedent('''
        import jax
        import jax.numpy as jnp


        class Gate:
            threshold = 0.5

            def __init__(self, level):
                self.level = level
                self.eps = 1e-6

            def apply(self, x):
                if self.threshold > self.eps:
                    return x * self.level
                return x

            def check(self, x):
                if self.level > 0:  # expect: JG101
                    return x
                return -x


        @jax.jit
        def one(level, x):
            return Gate(level).apply(x)


        @jax.jit
        def two(scale, x):
            return Gate(scale * 2).apply(x) + Gate(scale).check(x)
        '''))
    [result] = lint_files([str(path)], LintOptions(DEFAULT))
    assert {(f.line, f.code) for f in result.findings} == {
        (line, code) for line, codes in expected_lines(path).items() for code in codes}
    module = _load(path)
    with pytest.raises(jax.errors.TracerBoolConversionError):
        module.two(1.0, jax.numpy.ones(2))
    jax.block_until_ready(module.one(1.0, jax.numpy.ones(2)))


def test_a_static_field_of_one_class_leaves_a_same_named_field_of_another_a_leaf(tmp_path):
    """``Config.width`` is metadata (``field(metadata=dict(static=True))``); ``State.width`` is a
    data field of an unrelated record: a tracer at a traced position, whatever the other class
    declares. Each class's own declarations decide, not the names declared static anywhere in the
    module."""
    path = tmp_path / "samename.py"
    path.write_text(textwrap.dedent('''
        import dataclasses

        import jax
        import jax.numpy as jnp


        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class Config:
            width: int = dataclasses.field(metadata=dict(static=True))


        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class State:
            x: jax.Array
            width: int


        @jax.jit
        def traced_width(s):
            if s.width > 2:  # expect: JG101
                return s.x
            return -s.x


        @jax.jit
        def static_width(c, x):
            return jnp.zeros((c.width, 3)) + x  # metadata: a Python int


        RAISES = [(lambda: traced_width(State(jnp.ones(3), 4)), "TracerBoolConversionError")]
        RUNS = [lambda: static_width(Config(4), 1.0)]
        '''))
    [result] = lint_files([str(path)], LintOptions(DEFAULT))
    assert {(f.line, f.code) for f in result.findings} == {
        (line, code) for line, codes in expected_lines(path).items() for code in codes}
    module = _load(path)
    for call, error in module.RAISES:
        with pytest.raises(Exception) as info:
            call()
        assert error in {c.__name__ for c in type(info.value).__mro__}, info.value
    for call in module.RUNS:
        jax.block_until_ready(call())
