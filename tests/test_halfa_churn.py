"""Churn mechanisms of issue 11 (fourth batch, half A): star-unpacked arguments of a jitted call,
sizes rounded to buckets, a jit made per instance in ``__init__``, and identity-hashed objects in
the metadata of a pytree at a traced position. Each is linted here; the compile counts behind the
claims are checked under real JAX by rules/JG30x.py (tests/test_recompile_oracle.py)."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from jitguard.lint.analysis.imports import ImportTable
from jitguard.lint.analysis.jitcontext import ModuleIndex
from jitguard.lint.analysis.rounding import rounds_to_buckets
from jitguard.lint.analysis.shapes import scope_view
from jitguard.lint.analysis.spread import spread_arguments, tuple_length
from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files


def _index(src: str) -> ModuleIndex:
    module = cst.parse_module(textwrap.dedent(src))
    imports = ImportTable()
    imports.add_module(module)
    return ModuleIndex(module, imports)


def lint_lines(tmp_path, source: str, code: str) -> dict[int, set[str]]:
    """Lines of ``source`` (linted as one file) with findings of ``code``."""
    path = tmp_path / "example.py"
    path.write_text(textwrap.dedent(source))
    [result] = lint_files([str(path)], LintOptions(frozenset({code})))
    assert not result.errors
    found: dict[int, set[str]] = {}
    for f in result.findings:
        found.setdefault(f.line, set()).add(f.code)
    return found


def marked(source: str) -> set[int]:
    return {i + 1 for i, line in enumerate(textwrap.dedent(source).splitlines()) if line.rstrip().endswith("# flagged")}


HELPERS = """
import math
import numpy as np

def pair(n):
    if n > 3:
        return np.zeros(n), np.ones(n)
    return np.ones(n), np.zeros(n)

def one_or_two(n):
    if n:
        return (np.zeros(n),)
    return np.zeros(n), np.ones(n)

def round_up(k, m):
    return -(-k // m) * m

def pow2(k):
    return 1 << (k - 1).bit_length()

def not_rounding(k, m):
    return k * m

def use(xs, ys):
    a = pair(3)
    b = (1, 2, 3)
    c = one_or_two(2)
    d = pair(2)
    d = pair(4)
    f(*a)
    f(*b)
    f(*c)
    f(*d)
    f(*xs)
    f(*pair(5), 7, k=1)
    f(*xs, 7, k=1)
    g(round_up(3, 8), pow2(5), -(-ys // 64) * 64, (ys + 7) // 8 * 8, math.ceil(ys / 4) * 4, 2 ** math.ceil(math.log2(ys)))
    g(not_rounding(3, 8), ys * 8, ys // 8 * 4, 2 ** ys, 1 << ys)
    h((ys * 100 + ys // 8) * 8, (ys + 1) // 1 * 1, (ys + math.ceil(ys / 8)) * 8, -(-ys // 8 + ys) * 8)
"""


def _star_lengths():
    index = _index(HELPERS)
    use = next(i for i in index.functions if i.name == "use")
    view = scope_view(index, use)
    calls = [c for c, func, _k, _l in index.calls if func is use and isinstance(c.func, cst.Name) and c.func.value == "f"]
    return view, calls, index


def test_star_tuple_lengths_known_only_from_one_binding_to_a_fixed_tuple():
    view, calls, _index_ = _star_lengths()
    lengths = [tuple_length(call.args[0].value, view) for call in calls]
    # a helper returning tuples of one length, a literal; not: returns of two lengths, a name bound
    # twice, a parameter; then a helper's call directly, and a parameter again
    assert lengths == [2, 3, None, None, None, 2, None]


def test_spread_arguments_positions_follow_the_tuple_and_stop_at_an_unknown_star():
    view, calls, index = _star_lengths()
    code = index.module.code_for_node
    spread = [(k, p, code(v)) for k, p, v in spread_arguments(calls[5], view)]
    assert spread == [(None, 0, "pair(5)[0]"), (None, 1, "pair(5)[1]"), (None, 2, "7"), ("k", None, "1")]
    assert list(spread_arguments(calls[6], view)) == []  # `*xs` first: nothing after it is known
    assert [(p, code(v)) for _k, p, v in spread_arguments(calls[1], view)] == [(0, "b[0]"), (1, "b[1]"), (2, "b[2]")]


def test_rounded_sizes_by_hand_and_through_helpers():
    index = _index(HELPERS)
    use = next(i for i in index.functions if i.name == "use")
    view = scope_view(index, use)
    rounded, plain = [c for c, func, _k, _l in index.calls if func is use and isinstance(c.func, cst.Name)
                      and c.func.value == "g"]
    assert [rounds_to_buckets(a.value, view) for a in rounded.args] == [True] * 6
    assert [rounds_to_buckets(a.value, view) for a in plain.args] == [False] * 5


def test_a_quotient_inside_a_sum_or_by_one_is_not_rounding():
    # the quotient must be the rounded division itself: `(ys * 100 + ys // 8) * 8` grows with ys
    # (JAX 0.10.2: 4 sizes, 4 compiles); a multiple of 1 is no bucket
    index = _index(HELPERS)
    use = next(i for i in index.functions if i.name == "use")
    view = scope_view(index, use)
    [mixed] = [c for c, func, _k, _l in index.calls if func is use and isinstance(c.func, cst.Name) and c.func.value == "h"]
    assert [rounds_to_buckets(a.value, view) for a in mixed.args] == [False] * 4


STAR_CALLS = """
import jax
import numpy as np

@jax.jit
def energy(positions, senders):
    return (positions[senders]).sum()

def make_graph(n):
    return np.zeros((n, 3)), np.arange(n)

def make_graph_rounded(n):
    m = -(-n // 8) * 8
    return np.zeros((m, 3)), np.arange(m)

def run(n, graphs):
    out = []
    for i in range(n):
        graph = make_graph(10 + i)
        out.append(energy(*graph))  # flagged
        out.append(energy(*make_graph_rounded(10 + i)))
        out.append(energy(*graphs[i]))  # length unknown: silent
        x = make_graph(i)
        out.append(energy(*x, ))  # flagged
    return out
"""


def test_star_unpacked_tuple_of_changing_shapes_is_flagged_and_unknown_lengths_are_not(tmp_path):
    assert set(lint_lines(tmp_path, STAR_CALLS, "JG303")) == marked(STAR_CALLS)


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__])


METADATA = """
import dataclasses
import functools
from typing import Any

import jax
import jax.numpy as jnp


class Act:
    def __call__(self, x):
        return x


@functools.partial(jax.tree_util.register_dataclass, data_fields=["w"], meta_fields=["act"])
@dataclasses.dataclass
class ByList:
    w: jax.Array
    act: Any


@jax.tree_util.register_pytree_node_class
class ByAux:
    def __init__(self, w, act):
        self.w = w
        self.act = act

    def tree_flatten(self):
        return (self.w,), (self.act,)

    @classmethod
    def tree_unflatten(cls, aux, leaves):
        return cls(leaves[0], *aux)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class ByField:
    w: jax.Array
    act: Any = dataclasses.field(metadata=dict(static=True))
    extra: Any = dataclasses.field(default=None, metadata=dict(static=True))


@jax.jit
def run(tree, x):
    return tree.act(x * tree.w)


ACT = Act()


def make(k):
    act = Act()
    return ByField(jnp.ones(3) * k, act)


def loops(n, acts):
    for k in range(n):
        run(ByList(jnp.ones(3), Act()), 1.0)  # flagged
        run(ByAux(jnp.ones(3), functools.partial(jnp.add, 1.0)), 1.0)  # flagged
        run(ByField(jnp.ones(3), act=lambda x: x), 1.0)  # flagged
        run(make(k), 1.0)  # flagged
        run(ByField(jnp.ones(3), ACT), 1.0)
        run(ByField(jnp.ones(3), jnp.tanh), 1.0)
        run(ByField(jnp.ones(3), ACT, extra=Act()), 1.0)  # flagged
        run(ByField(*acts[k]), 1.0)
        run(ByField(Act(), ACT), 1.0)  # a new object in a data field: not this rule's (JAX rejects it)
    tree = ByField(jnp.ones(3), Act())
    for k in range(n):
        run(tree, k)  # one object, made once
"""


def test_new_identity_objects_in_pytree_metadata_at_traced_positions(tmp_path):
    assert set(lint_lines(tmp_path, METADATA, "JG302")) == marked(METADATA)


PER_INSTANCE = """
import functools

import jax
import jax.numpy as jnp


def loss(w):
    return (w ** 2).sum()


class Solver:
    def __init__(self, fun, scale=1.0):
        self.scale = scale
        self._vg = jax.jit(jax.value_and_grad(fun))
        self._fun = jax.jit(fun)
        self._part = jax.jit(functools.partial(loss))
        self._method = jax.jit(self.step)

    def step(self, w):
        return w * self.scale

    def run(self, w):
        value, grad = self._vg(w)  # flagged
        return self._inner(w - grad)

    def _inner(self, w):
        return self._part(w) + self._method(w).sum()  # flagged

    def value(self, w):
        return self._fun(w)  # flagged


class Inlined:
    def __init__(self):
        self._vg = jax.jit(jax.value_and_grad(loss))

    def run(self, w):
        return self._vg(w)[1]  # runs only under jit (below): inlined, compiles nothing per instance


@jax.jit
def traced_step(w):
    for _ in range(3):
        w = Inlined().run(w)
    return w


def traced_steps(n):
    return [traced_step(jnp.ones(3) * k) for k in range(n)]


def sweep(n):
    for k in range(n):
        solver = Solver(loss)
        solver.run(jnp.ones(3) * k)
        solver.value(jnp.ones(3))


def given_functions(n):
    for k in range(n):
        Solver(loss).value(jnp.ones(3) * k)  # one module-level function: JAX's cache is shared
        Solver(functools.partial(loss)).value(jnp.ones(3) * k)  # a new partial per instance


def once(n):
    solver = Solver(loss)
    for k in range(n):
        solver.run(jnp.ones(3) * k)


def per_call(w):
    return Solver(loss).run(w)


def modes(w):
    for mode in ("a", "b"):  # a fixed collection: two instances, whatever the work
        Solver(loss).run(w)
"""


def test_a_jit_made_in_init_per_instance_made_in_a_loop(tmp_path):
    found = lint_lines(tmp_path, PER_INSTANCE, "JG301")
    assert set(found) == marked(PER_INSTANCE)


def test_a_literal_range_of_a_few_values_is_a_warm_up_and_a_long_one_is_not(tmp_path):
    """``range(1, 4)`` written in the code gives 3 static values, 3 compiles however long the
    program runs (rules/JG302.py's warm_up_over_a_literal_range checks the count under JAX);
    ``range(100)`` and ``range(n)`` give one compile per value, each reported."""
    source = """
    from functools import partial
    import jax

    @partial(jax.jit, static_argnums=1)
    def power(x, k):
        return x ** k

    def warm_up(x):
        return [power(x, k) for k in range(1, 4)] + [power(x, k) for k in range(-2, 14, 2)]

    def sweep(x, n):
        a = [power(x, k) for k in range(100)]  # flagged
        b = [power(x, k) for k in range(n)]  # flagged
        return a + b + [power(x, k) for k in range(0, 100, 6)]  # flagged
    """
    assert set(lint_lines(tmp_path, source, "JG302")) == marked(source)
