"""The general mechanisms behind the report misses of session 6 (docs/recall.md), each written
here in shapes of our own (other names, other code) so that none is keyed on its report: every
program is linted (the lines marked ``# flag`` and nothing else get the rule's code) and run
under JAX 0.10.2 (a flagged one raises the named error or compiles more for 4 steps than for 2;
a legal look-alike runs, or compiles the same for 2 and 4 steps)."""

from __future__ import annotations

import textwrap

import pytest

from tests.mechanisms import assert_flags_marked_lines, exec_program

PRELUDE = """\
import dataclasses
import functools
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
"""

# name: (rule, source, oracle); oracle: ("raises", error class name), ("runs",) for a `main()`,
# ("grows", True/False) for a `run(n)` whose compiles grow (or not) with n
CASES: dict[str, tuple[str, str, tuple]] = {
    # -- JG203: an array in a field declared metadata one by one (register_dataclass reads
    # metadata["static"]): JAX compares the metadata of the cached programs with `==`
    "meta_field_dict_literal_in_loop": ("JG203", """
        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class Grid:
            values: jax.Array
            edges: np.ndarray = dataclasses.field(metadata={"static": True})


        @jax.jit
        def total(grid):
            return grid.values.sum()


        def main():
            out = []
            for k in range(3):
                grid = Grid(jnp.ones(4) * k, edges=np.linspace(0.0, 1.0, 5))
                out.append(total(grid))  # flag
            return out
        """, ("raises", "ValueError")),
    "meta_field_two_instances_keywords": ("JG203", """
        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class Basis:
            coef: jax.Array
            nodes: object = dataclasses.field(default=None, metadata=dict(static=True))


        @jax.jit
        def evaluate(basis, x):
            return basis.coef * x


        def main():
            first = Basis(coef=jnp.ones(3), nodes=jnp.arange(3.0))
            second = Basis(coef=jnp.zeros(3), nodes=jnp.arange(3.0))
            evaluate(first, 1.0)
            return evaluate(second, 2.0)  # flag
        """, ("raises", "ValueError")),
    # -- JG206: a NumPy array of strings or bytes (dtype U/S/object) is no valid JAX type at a
    # traced position, also inside a container and returned by a helper
    "text_array_bound_to_a_name": ("JG206", """
        @jax.jit
        def score(w, x, labels):
            return x @ w


        def main():
            labels = np.asarray(["cat", "dog"])
            return score(jnp.ones(3), jnp.ones((2, 3)), labels)  # flag
        """, ("raises", "TypeError")),
    "text_array_in_a_tuple_from_a_helper": ("JG206", """
        def make_batch():
            return np.ones((2, 3), np.float32), np.array(["a", "b"])


        @jax.jit
        def predict(w, batch):
            return batch[0] @ w


        def main():
            batch = make_batch()
            return predict(jnp.ones(3), batch)  # flag
        """, ("raises", "TypeError")),
    "text_dtype_keyword": ("JG206", """
        @jax.jit
        def predict(w, tokens):
            return w


        def main():
            return predict(jnp.ones(3), tokens=np.array([3, 4], dtype=str))  # flag
        """, ("raises", "TypeError")),
    "numeric_dtype_converts_the_strings": ("JG206", """
        @jax.jit
        def predict(w, x):
            return w * x


        def main():
            return predict(jnp.ones(2), np.array(["1.5", "2"], dtype=np.float32))
        """, ("runs",)),
    "text_entry_popped_before_the_call": ("JG206", """
        def load_split():
            return {"x": np.ones((2, 3), np.float32), "name": np.array([b"r0", b"r1"])}


        @jax.jit
        def predict(w, batch):
            return batch["x"] @ w


        def main():
            split = load_split()
            split.pop("name")
            return predict(jnp.ones(3), split)
        """, ("runs",)),
    # -- JG301: eager lax control flow on a function object made anew per run, on a path of direct
    # calls from an entry function (one no code of the checked tree calls) whose loop runs per step
    "eager_fori_nested_def_from_an_entry": ("JG301", """
        def relax(u, omega):
            def sweep(i, v):
                return v + omega * (jnp.roll(v, 1) - v)
            return lax.fori_loop(0, 3, sweep, u)  # flag


        def run(n):
            u = jnp.linspace(0.0, 1.0, 8)
            for _ in range(n):
                u = relax(u, 0.5)
            return u
        """, ("grows", True)),
    "eager_scan_bound_method_through_a_helper": ("JG301", """
        def _roll_out(step, y, length):
            return lax.scan(step, y, None, length=length)[0]


        class Integrator:
            def __init__(self, dt):
                self.dt = dt

            def _step(self, y, _):
                return y + self.dt * jnp.cos(y), None

            def advance(self, y):
                return _roll_out(self._step, y, 4)  # flag


        def run(n):
            integ = Integrator(0.1)
            y = jnp.zeros(2)
            for _ in range(n):
                y = integ.advance(y)
            return y
        """, ("grows", True)),
    "eager_cond_lambdas_in_a_method_loop_of_an_entry": ("JG301", """
        def clip_step(x, limit):
            return lax.cond(jnp.max(x) > limit, lambda v: v / 2.0, lambda v: v, x)  # flag


        def run(n):
            xs = [jnp.full(3, 4.0 + k) for k in range(n)]
            return [clip_step(x, 3.0) for x in xs]
        """, ("grows", True)),
    "body_made_once_before_the_loop": ("JG301", """
        def _iterate(body, u):
            return lax.fori_loop(0, 3, body, u)


        def run(n):
            def sweep(i, v):
                return v + 0.5 * (jnp.roll(v, 1) - v)

            u = jnp.linspace(0.0, 1.0, 8)
            for _ in range(n):
                u = _iterate(sweep, u)
            return u
        """, ("grows", False)),
    "nested_def_under_a_jitted_step": ("JG301", """
        def relax(u, omega):
            def sweep(i, v):
                return v + omega * (jnp.roll(v, 1) - v)
            return lax.fori_loop(0, 3, sweep, u)


        @jax.jit
        def step(u):
            return relax(u, 0.5)


        def run(n):
            u = jnp.linspace(0.0, 1.0, 8)
            for _ in range(n):
                u = step(u)
            return u
        """, ("grows", False)),
    "function_rebound_to_its_jit": ("JG301", """
        def run(n):
            def advance(u):
                def body(c, _):
                    return c * 0.5, None
                return lax.scan(body, u, None, length=3)[0]

            advance = jax.jit(advance)
            u = jnp.ones(3)
            for _ in range(n):
                u = advance(u)
            return u
        """, ("grows", False)),
    # -- JG301: a factory returning new jit objects (here in a tuple), called per step: reported
    # where the loop calls what it returned
    "factory_tuple_of_jits_called_per_step": ("JG301", """
        def make_pair(scale):
            def encode(x):
                return x * scale

            @jax.jit
            def decode(z):
                return z / scale

            return jax.jit(encode), decode


        def run(n):
            out = jnp.ones(3)
            for k in range(n):
                enc, dec = make_pair(2.0)
                out = dec(enc(out))  # flag
            return out
        """, ("grows", True)),
    "factory_result_bound_then_called": ("JG301", """
        def build_update(lr):
            @jax.jit
            def update(w, g):
                return w - lr * g
            return update


        def run(n):
            w = jnp.ones(3)
            for k in range(n):
                upd = build_update(0.1)
                w = upd(w, jnp.ones(3))  # flag
            return w
        """, ("grows", True)),
    "factory_tuple_called_once": ("JG301", """
        def make_pair(scale):
            @jax.jit
            def encode(x):
                return x * scale

            @jax.jit
            def decode(z):
                return z / scale

            return encode, decode


        def run(n):
            out = jnp.ones(3)
            enc, dec = make_pair(2.0)
            for k in range(n):
                out = dec(enc(out))
            return out
        """, ("grows", False)),
    # -- JG104: a function passed as an argument (static, or closed over by a factory's nested
    # jitted def) and called in traced code runs with the traced arguments of that call
    "static_function_argument_runs_numpy": ("JG104", """
        def rhs(y):
            return np.sin(y) * 0.5  # flag


        @functools.partial(jax.jit, static_argnums=0)
        def euler(f, y, h):
            return y + h * f(y)


        def main():
            return euler(rhs, jnp.ones(2), 0.1)
        """, ("raises", "TracerArrayConversionError")),
    "factory_parameter_called_in_its_jitted_closure": ("JG104", """
        def make_step(decay_fn):
            @jax.jit
            def step(w, t):
                return w * decay_fn(t)
            return step


        def exp_decay(t):
            return np.exp(-t)  # flag


        def main():
            step = make_step(exp_decay)
            return step(jnp.ones(3), jnp.float32(1.0))
        """, ("raises", "TracerArrayConversionError")),
    "record_field_of_a_factory_reaching_a_static_argument": ("JG104", """
        class Policy(NamedTuple):
            act: Callable


        def make_policy(temperature_fn):
            def act(obs, t):
                return obs / temperature_fn(t)
            return Policy(act)


        @functools.partial(jax.jit, static_argnums=0)
        def rollout(act_fn, obs, t):
            return act_fn(obs, t)


        def evaluate(policy, obs):
            return rollout(policy.act, obs, jnp.float32(3.0))


        def anneal(t):
            return 1.0 + np.log(t)  # flag


        def main():
            return evaluate(make_policy(anneal), jnp.ones(2))
        """, ("raises", "TracerArrayConversionError")),
    "callback_given_a_static_value": ("JG104", """
        def widen(k):
            return np.sqrt(k)


        @functools.partial(jax.jit, static_argnums=(0, 2))
        def scale(fn, x, k):
            return x * fn(k)


        def main():
            return scale(widen, jnp.ones(2), 4)
        """, ("runs",)),
}



def _fixed(name: str, *edits: tuple[str, str], oracle: tuple = ("runs",)) -> tuple[str, str, tuple]:
    """The legal fix of the flagged case ``name``: each ``(old, new)`` of ``edits`` made, nothing marked."""
    rule, body, _oracle = CASES[name]
    for old, new in edits:
        assert old in body, old
        body = body.replace(old, new)
    return rule, body.replace("  # flag", ""), oracle


CASES["helper_jitted_with_the_bound_method_static"] = _fixed(  # bound methods of one instance compare equal
    "eager_scan_bound_method_through_a_helper",
    ("        class Integrator:\n",
     "        _roll_out_jit = jax.jit(_roll_out, static_argnums=(0, 2))\n\n\n        class Integrator:\n"),
    ("return _roll_out(self", "return _roll_out_jit(self"), oracle=("grows", False))
CASES["meta_field_tuple_is_legal"] = _fixed(
    "meta_field_dict_literal_in_loop",
    ("edges=np.linspace(0.0, 1.0, 5)", "edges=tuple(np.linspace(0.0, 1.0, 5).tolist())"))
CASES["meta_field_array_in_data_field_is_legal"] = _fixed(
    "meta_field_two_instances_keywords", ("dataclasses.field(default=None, metadata=dict(static=True))", "None"))
CASES["static_function_argument_with_jnp"] = _fixed("static_function_argument_runs_numpy", ("np.sin", "jnp.sin"))
CASES["record_field_schedule_with_jnp"] = _fixed(
    "record_field_of_a_factory_reaching_a_static_argument", ("np.log", "jnp.log"))


def _source(name: str) -> str:
    return PRELUDE + textwrap.dedent(CASES[name][1])


@pytest.mark.parametrize("name", sorted(CASES))
def test_s6_linted(tmp_path, name):
    assert_flags_marked_lines(tmp_path, name, _source(name), CASES[name][0], others_anywhere=True)



@pytest.mark.parametrize("name", sorted(CASES))
def test_s6_under_jax(name):
    pytest.importorskip("jax")
    from tests.jaxrun import cold_compiles

    namespace = exec_program(_source(name), f"s6_{name}")
    oracle = CASES[name][2]
    if oracle[0] == "raises":
        with pytest.raises(Exception) as info:
            namespace["main"]()
        assert oracle[1] in {c.__name__ for c in type(info.value).__mro__}, repr(info.value)
    elif oracle[0] == "runs":
        namespace["main"]()
    else:
        cold_compiles(namespace["run"], 1)  # the small eager ops of the program, once
        short, long = cold_compiles(namespace["run"], 2), cold_compiles(namespace["run"], 4)
        assert (long > short) == oracle[1], (short, long)
