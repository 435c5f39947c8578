"""What reaches a static position: the hashability and static-ness of values, as general
semantics (issue 11, class 5), each in several code shapes, with legal look-alikes.

Every program is linted alone with the default rules (the lines marked ``# flag`` get the case's
code, nothing else is reported) and run under JAX 0.10.2: ``main()`` of a flagged program raises
the named error, a look-alike's ``main()`` runs.

* **Classes without a hash.** Python looks ``__hash__`` up along the MRO; a class body that
  defines ``__eq__`` without ``__hash__`` gets ``__hash__ = None``, and so do its subclasses that
  define neither; ``@dataclass`` (``eq=True``, not frozen, no ``unsafe_hash``) sets it to None
  too, and a subclass without a decorator inherits that. An instance at a static position:
  ValueError when JAX hashes it. A ``__hash__`` of its own (also in a subclass, or a frozen
  dataclass subclass) makes it hashable again. Calls of a jitted method fill the positions after
  ``self`` (``static_argnums`` counts ``self``).
* **Tracers at a static position.** Traced code (a jitted function, a ``lax`` loop body, a
  ``vmap``-ped lambda) that calls a jitted function passes it tracers for everything computed from
  traced data (also ``jnp`` results of constants under jit, and what a jitted function returns):
  at a static position JAX hashes the value, and a tracer has no hash (ValueError). So for a tuple
  of them (``tuple(arr)``, ``tuple(map(tuple, arr))``), a NamedTuple or a frozen dataclass holding
  one; so for an instance of a class whose own ``__hash__`` converts the attribute the tracer is
  stored in (``int(jnp.sum(self.val))``, ``np.asarray(self.arr).tobytes()``, also in a helper it
  calls) or hashes it (``hash((self.val, self.tag))``: a tuple hashes each element; a JAX array
  outside the trace has no hash either). Shapes, ``len``, Python values, and a plain object (hashed by identity) are fine.
* **``jax.tree_util.Partial``** is a pytree: the arguments it binds are leaves, so a ``Partial``
  passed to a jitted function at a traced position carries tracers, and calling it there gives
  them to the function it wraps: at a static position of a jitted function, ValueError.
* **Metadata that changes per iteration.** A registered pytree (aux data of ``tree_flatten``,
  ``meta_fields`` of ``register_dataclass``) at a traced position keeps its metadata in the tree
  structure, which JAX compares with ``==``: built in a loop with a Python number there that
  changes with the loop, it compiles once per iteration (JG302; ``main(n)`` compiles more for
  n=4 than for n=2). The same value every time, a value of a few (``i % 2``), or the number in a
  data field compiles the same for both.
* **Subclasses of ``dict``/``list``/``tuple`` are no pytrees.** JAX's registry looks the exact
  type up: at a traced position an instance of a subclass is a leaf it cannot read as an array
  (JG206: TypeError, or KeyError from an attribute dict's ``__getattr__``), unless the subclass
  is registered. A plain ``dict`` is flattened.
* **``*args`` forwarded to a jitted function.** ``def run(x, *args, **kwargs): return f(x, *args,
  **kwargs)``: the callers' positions fill ``f``'s from where ``*args`` is spread (and keywords its
  keyword parameters), so a value reaches ``f``'s static position through ``run``; the finding is
  on ``run``'s call of ``f``, where JAX raises or compiles. A wrapper that rebinds ``args`` first
  is not read so.
* **``partial(jax.jit, ...)(f)``** (also through a module-level ``jit_static = partial(jax.jit,
  ...)``) applies jit with the partial's options: its static names make parameters static, and
  a name that is no parameter raises ValueError (JG202).
"""

from __future__ import annotations

import textwrap

import pytest

from tests.jaxrun import cold_compiles
from tests.mechanisms import assert_flags_marked_lines, assert_raises_or_runs, exec_program

PRELUDE = """\
import dataclasses
import functools
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
"""

# a registered pytree whose `scale` is aux data (part of the tree structure), and a jitted use of it
_NOISY = """
        @jax.tree_util.register_pytree_node_class
        class Noisy:
            def __init__(self, values, scale=1.0):
                self.values = values
                self.scale = scale

            def tree_flatten(self):
                return (self.values,), self.scale

            @classmethod
            def tree_unflatten(cls, scale, children):
                return cls(children[0], scale)


        @jax.jit
        def fit(m):
            return jnp.sum(m.values) / m.scale
"""
# a class whose own __hash__ converts the array it holds
_BY_BYTES = """
        class ByBytes:
            def __init__(self, arr, tag="a"):
                self.arr = arr
                self.tag = tag

            def __hash__(self):
                return hash((np.asarray(self.arr).tobytes(), self.tag))

            def __eq__(self, other):
                return self is other


        @partial(jax.jit, static_argnames=("key",))
        def solve(x, key):
            return x * jnp.sum(key.arr)
"""

# a function applied through a jit that keeps it static
_APPLY_FN = """
        def offset(x):
            return x + 1.0


        def apply(fn, x):
            return fn(x) * 2


        apply_static = jax.jit(apply, static_argnums=0)
"""
# a class whose own __hash__ hashes a tuple of its attributes (each element hashed)
_HASHED_PAIR = """
        class Pair:
            def __init__(self, scale, tag):
                self.scale = scale
                self.tag = tag

            def __hash__(self):
                return hash((self.scale, self.tag))

            def __eq__(self, other):
                return self is other


        @partial(jax.jit, static_argnums=(1,))
        def scale_by(x, pair):
            return x * jnp.sum(jnp.asarray(pair.scale))
"""

# name: (source, code, error raised by main() or None when main() runs)
CASES: dict[str, tuple[str, str, str | None]] = {
    # -- classes without a hash ------------------------------------------------------------------
    "inherited_eq_decorator_jit": ("""
        class Base:
            def __eq__(self, other):
                return type(self) is type(other) and vars(self) == vars(other)


        class Config(Base):
            def __init__(self, n):
                self.n = n


        @partial(jax.jit, static_argnums=1)
        def scale(x, cfg):
            return x * cfg.n


        def main():
            return scale(jnp.ones(2), Config(3))  # flag
        """, "JG203", "ValueError"),
    "own_eq_module_alias_keyword": ("""
        class Options:
            def __init__(self, steps):
                self.steps = steps

            def __eq__(self, other):
                return isinstance(other, Options) and self.steps == other.steps


        def run(x, opts):
            for _ in range(opts.steps):
                x = x + 1
            return x


        run_jit = jax.jit(run, static_argnames="opts")


        def main():
            opts = Options(2)
            return run_jit(jnp.zeros(3), opts=opts)  # flag
        """, "JG203", "ValueError"),
    "two_levels_of_inheritance": ("""
        class Comparable:
            def __eq__(self, other):
                return vars(self) == vars(other)


        class Middle(Comparable):
            pass


        class Leaf(Middle):
            size = 4


        @functools.partial(jax.jit, static_argnames=("spec",))
        def pad(x, spec):
            return jnp.pad(x, (0, spec.size))


        def main():
            spec = Leaf()
            return pad(jnp.ones(2), spec=spec)  # flag
        """, "JG203", "ValueError"),
    "subclass_of_mutable_dataclass": ("""
        @dataclasses.dataclass
        class Hyper:
            lr: float = 0.1


        class Tuned(Hyper):
            pass


        @partial(jax.jit, static_argnums=(1,))
        def step(w, hp):
            return w - hp.lr * w


        def main():
            return step(jnp.ones(2), Tuned())  # flag
        """, "JG203", "ValueError"),
    "eq_false_dataclass_keeps_base_eq": ("""
        class ByValue:
            def __eq__(self, other):
                return vars(self) == vars(other)


        @dataclasses.dataclass(eq=False)
        class Spec(ByValue):
            k: int = 2


        @partial(jax.jit, static_argnums=(0,))
        def top(spec, x):
            return jax.lax.top_k(x, spec.k)[0]


        def main():
            return top(Spec(), jnp.arange(5.0))  # flag
        """, "JG203", "ValueError"),
    "attribute_dict_subclass": ("""
        class AttrDict(dict):
            __getattr__ = dict.__getitem__


        @partial(jax.jit, static_argnums=(1,))
        def scale(x, cfg):
            return x * cfg.factor


        def main():
            cfg = AttrDict(factor=2.0)
            return scale(jnp.ones(2), cfg)  # flag
        """, "JG203", "ValueError"),
    "jitted_method_static_argnums_counts_self": ("""
        class Settings:
            def __init__(self, depth):
                self.depth = depth

            def __eq__(self, other):
                return self.depth == other.depth


        class Trainer(NamedTuple):
            w: jnp.ndarray

            @partial(jax.jit, static_argnums=(2,))
            def update(self, batch, settings):
                w = self.w
                for _ in range(settings.depth):
                    w = w - 0.1 * jnp.mean(batch)
                return self._replace(w=w)


        def main():
            settings = Settings(2)
            trainer = Trainer(jnp.zeros(2))
            trainer = trainer.update(jnp.ones(4), settings)  # flag
            return trainer.w
        """, "JG203", "ValueError"),
    # legal look-alikes
    "base_defines_eq_and_hash": ("""
        class Base:
            def __eq__(self, other):
                return type(self) is type(other) and vars(self) == vars(other)

            def __hash__(self):
                return hash(tuple(sorted(vars(self).items())))


        class Config(Base):
            def __init__(self, n):
                self.n = n


        @partial(jax.jit, static_argnums=1)
        def scale(x, cfg):
            return x * cfg.n


        def main():
            return scale(jnp.ones(2), Config(3))
        """, "JG203", None),
    "subclass_adds_hash": ("""
        class Base:
            def __eq__(self, other):
                return type(self) is type(other) and vars(self) == vars(other)


        class Config(Base):
            n = 3

            def __hash__(self):
                return hash(repr(vars(self)))


        @partial(jax.jit, static_argnums=1)
        def scale(x, cfg):
            return x * cfg.n


        def main():
            cfg = Config()
            return scale(jnp.ones(2), cfg)
        """, "JG203", None),
    "frozen_dataclass_subclass_of_eq_base": ("""
        class ByValue:
            def __eq__(self, other):
                return vars(self) == vars(other)


        @dataclasses.dataclass(frozen=True)
        class Spec(ByValue):
            k: int = 2


        @partial(jax.jit, static_argnums=(0,))
        def top(spec, x):
            return jax.lax.top_k(x, spec.k)[0]


        def main():
            return top(Spec(), jnp.arange(5.0))
        """, "JG203", None),
    "hash_assigned_after_the_class_is_made": ("""
        class Options:
            def __init__(self, steps):
                self.steps = steps

            def __eq__(self, other):
                return isinstance(other, Options) and self.steps == other.steps


        Options.__hash__ = lambda self: hash(self.steps)


        @partial(jax.jit, static_argnames=("opts",))
        def run(x, opts):
            return x + opts.steps


        def main():
            return run(jnp.zeros(3), opts=Options(2))
        """, "JG203", None),
    "dict_subclass_with_its_own_hash": ("""
        class FrozenDict(dict):
            __getattr__ = dict.__getitem__

            def __hash__(self):
                return hash(tuple(sorted(self.items())))


        @partial(jax.jit, static_argnums=(1,))
        def scale(x, cfg):
            return x * cfg.factor


        def main():
            return scale(jnp.ones(2), FrozenDict(factor=2.0))
        """, "JG203", None),
    "plain_subclass_hashes_by_identity": ("""
        class Base:
            scale = 2.0


        class Config(Base):
            pass


        @partial(jax.jit, static_argnums=1)
        def scale(x, cfg):
            return x * cfg.scale


        def main():
            return scale(jnp.ones(2), Config())
        """, "JG203", None),
    "jitted_method_hashable_settings": ("""
        class Settings(NamedTuple):
            depth: int


        class Trainer(NamedTuple):
            w: jnp.ndarray

            @partial(jax.jit, static_argnums=(2,))
            def update(self, batch, settings):
                w = self.w
                for _ in range(settings.depth):
                    w = w - 0.1 * jnp.mean(batch)
                return self._replace(w=w)


        def main():
            trainer = Trainer(jnp.zeros(2))
            trainer = trainer.update(jnp.ones(4), Settings(2))
            return trainer.w
        """, "JG203", None),
    # -- tracers at a static position -------------------------------------------------------
    "tuple_of_traced_array_in_jit": ("""
        @partial(jax.jit, static_argnums=(1,))
        def tile(x, reps):
            return jnp.tile(x, reps)


        @jax.jit
        def grow(x):
            reps = jnp.array([2])
            return tile(x, tuple(reps))  # flag


        def main():
            return grow(jnp.ones(3))
        """, "JG203", "ValueError"),
    "jitted_output_to_nested_tuples_in_namedtuple": ("""
        class Grid(NamedTuple):
            rows: tuple
            cols: tuple


        @jax.jit
        def make(a):
            return a * 2, a[0] + 1


        def total(x, grid):
            return x * (sum(map(sum, grid.rows)) + sum(grid.cols))


        total_jit = jax.jit(total, static_argnames="grid")


        def model(x):
            rows, cols = make(jnp.ones((2, 2)))
            grid = Grid(tuple(map(tuple, rows)), tuple(cols))
            return total_jit(x, grid=grid)  # flag


        def main():
            return jax.jit(model)(1.0)
        """, "JG203", "ValueError"),
    "frozen_dataclass_holding_tracer": ("""
        @dataclasses.dataclass(frozen=True)
        class Spec:
            n: int


        @partial(jax.jit, static_argnames=("spec",))
        def rep(x, spec):
            return jnp.repeat(x, spec.n)


        @jax.jit
        def outer(x):
            spec = Spec(jnp.sum(x).astype(int))
            return rep(x, spec=spec)  # flag


        def main():
            return outer(jnp.ones(2))
        """, "JG203", "ValueError"),
    "loop_index_of_fori_body": ("""
        @partial(jax.jit, static_argnums=(1,))
        def tile(x, reps):
            return jnp.tile(x, reps)


        def main():
            def body(i, acc):
                return acc + jnp.sum(tile(jnp.ones(1), i + 1))  # flag

            return jax.lax.fori_loop(0, 3, body, 0.0)
        """, "JG203", "ValueError"),
    "hash_converts_the_wrapped_tracer_in_a_helper": ("""
        def checksum(x):
            return int(jnp.sum(x))


        class Keyed:
            def __init__(self, val):
                self.val = val

            def __hash__(self):
                return checksum(self.val)

            def __eq__(self, other):
                return self is other


        @partial(jax.jit, static_argnums=(1,))
        def solve(x, key):
            return x * jnp.sum(key.val)


        def model(x):
            mat = jnp.eye(2) * x
            return solve(x, Keyed(mat))  # flag


        def main():
            return jax.jit(model)(1.0)
        """, "JG203", "ValueError"),
    "hash_converts_bytes_of_an_attribute": (_BY_BYTES + """


        @jax.jit
        def model(x):
            return solve(x, key=ByBytes(x * 2, tag="b"))  # flag


        def main():
            return model(jnp.ones(2))
        """, "JG203", "ValueError"),
    "hash_of_a_tuple_holding_the_wrapped_tracer": (_HASHED_PAIR + """


        @jax.jit
        def model(x):
            return scale_by(x, Pair(x * 2, "b"))  # flag


        def main():
            return model(jnp.ones(2))
        """, "JG203", "ValueError"),
    "hash_of_a_tuple_holding_an_array_attribute": (_HASHED_PAIR + """


        def main():
            pair = Pair(jnp.ones(2), "a")
            return scale_by(jnp.ones(2), pair)  # flag
        """, "JG203", "ValueError"),
    # legal look-alikes
    "hash_of_a_tuple_holding_python_values": (_HASHED_PAIR + """


        @jax.jit
        def model(x):
            return scale_by(x, Pair(x.shape[0], "b"))


        def main():
            return model(jnp.ones(2)) + scale_by(jnp.ones(2), Pair(2.0, "a"))
        """, "JG203", None),
    "hash_converts_a_numpy_array": (_BY_BYTES + """


        @jax.jit
        def model(x):
            return solve(x, key=ByBytes(np.ones(2), tag=str(x.shape)))


        def main():
            return model(jnp.ones(2))
        """, "JG203", None),
    "hash_reads_only_a_python_attribute": ("""
        class Tagged:
            def __init__(self, arr, tag):
                self.arr = arr
                self.tag = tag

            def __hash__(self):
                return hash(self.tag)

            def __eq__(self, other):
                return self is other


        @partial(jax.jit, static_argnames=("key",))
        def solve(x, key):
            return x * 2


        @jax.jit
        def model(x):
            return solve(x, key=Tagged(x * 2, "b"))


        def main():
            return model(jnp.ones(2))
        """, "JG203", None),
    "vmapped_lambda_tuple_of_its_row": ("""
        @partial(jax.jit, static_argnums=(1,))
        def tile(x, reps):
            return jnp.tile(x, reps)


        def main():
            rows = jnp.ones((3, 2), dtype=jnp.int32)
            return jax.vmap(lambda r: tile(r, tuple(r)))(rows)  # flag
        """, "JG203", "ValueError"),
    "jitted_method_calls_jitted_method_with_a_traced_count": ("""
        class Net:
            def __init__(self, k):
                self.k = k

            @partial(jax.jit, static_argnums=(0, 2))
            def widen(self, x, n):
                return jnp.tile(x, n)

            @partial(jax.jit, static_argnums=0)
            def __call__(self, x):
                n = jnp.argmax(x) + 1
                return self.widen(x, n)  # flag

            def __hash__(self):
                return hash(self.k)

            def __eq__(self, other):
                return self.k == other.k


        def main():
            return Net(2)(jnp.ones(3))
        """, "JG203", "ValueError"),
    "scan_body_tuple_of_a_traced_size": ("""
        @partial(jax.jit, static_argnums=(1,))
        def tile(x, reps):
            return jnp.tile(x, reps)


        def main():
            def body(carry, x):
                k = jnp.sum(x).astype(int)
                return carry + jnp.sum(tile(x, (k,))), None  # flag

            return jax.lax.scan(body, 0.0, jnp.ones((2, 2)))
        """, "JG203", "ValueError"),
    "jitted_method_passes_a_shape": ("""
        class Net:
            def __init__(self, k):
                self.k = k

            @partial(jax.jit, static_argnums=(0, 2))
            def widen(self, x, n):
                return jnp.tile(x, n)

            @partial(jax.jit, static_argnums=0)
            def __call__(self, x):
                return self.widen(x, x.shape[0] + self.k)

            def __hash__(self):
                return hash(self.k)

            def __eq__(self, other):
                return self.k == other.k


        def main():
            return Net(2)(jnp.ones(3))
        """, "JG203", None),
    # legal look-alikes
    "shape_and_len_are_static": ("""
        @partial(jax.jit, static_argnums=(1,))
        def tile(x, reps):
            return jnp.tile(x, reps)


        @jax.jit
        def grow(x):
            return tile(x, (x.shape[0], len(x)))


        def main():
            return grow(jnp.ones(3))
        """, "JG203", None),
    "plain_object_holding_tracer_hashes_by_identity": ("""
        class Holder:
            def __init__(self, v):
                self.v = v


        @partial(jax.jit, static_argnums=(1,))
        def use(x, holder):
            return x + 1


        @jax.jit
        def outer(x):
            return use(x, Holder(x * 2))


        def main():
            return outer(jnp.ones(2))
        """, "JG203", None),
    "concrete_tuples_built_outside_the_trace": ("""
        @jax.jit
        def make(a):
            return a * 2


        def total(x, rows):
            return x * sum(map(sum, rows))


        total_jit = jax.jit(total, static_argnames="rows")
        ROWS = tuple(map(tuple, np.asarray(make(jnp.ones((2, 2)))).tolist()))


        def model(x):
            return total_jit(x, rows=ROWS)


        def main():
            return jax.jit(model)(1.0)
        """, "JG203", None),
    # -- jax.tree_util.Partial: bound arguments are leaves ------------------------------------
    "tree_partial_bound_static_in_jit": ("""
        @jax.jit
        def apply_twice(x, fn):
            y = fn(x)  # flag
            return fn(y)


        @partial(jax.jit, static_argnums=(0,))
        def power(p, x):
            return x ** p


        def main():
            return apply_twice(jnp.arange(3.0), jax.tree_util.Partial(power, 2))
        """, "JG203", "ValueError"),
    "tree_partial_alias_jits_by_keyword": ("""
        def scale(k, n, x):
            return jnp.tile(x * k, n)


        scale_jit = jax.jit(scale, static_argnums=(1,))


        def run(x, op):
            return op(x) + 1  # flag


        run_jit = jax.jit(run)


        def main():
            return run_jit(jnp.ones(2), op=jax.tree_util.Partial(scale_jit, 2.0, 3))
        """, "JG203", "ValueError"),
    # legal look-alikes
    "tree_partial_binds_traced_positions_only": ("""
        @jax.jit
        def apply_twice(x, fn):
            return fn(fn(x))


        @partial(jax.jit, static_argnames=("n",))
        def shift(k, x, n=2):
            return x + k * n


        def main():
            return apply_twice(jnp.arange(3.0), jax.tree_util.Partial(shift, 2.0))
        """, "JG203", None),
    "functools_partial_at_static_position": ("""
        @partial(jax.jit, static_argnums=(1,))
        def apply_twice(x, fn):
            return fn(fn(x))


        @partial(jax.jit, static_argnums=(0,))
        def power(p, x):
            return x ** p


        def main():
            return apply_twice(jnp.arange(3.0), functools.partial(power, 2))
        """, "JG203", None),
    # -- a Partial made per iteration at a static position (JG302; compiles once per object) ----
    "tree_partial_per_iteration_at_static_position": (_APPLY_FN + """


        def main(n):
            out = []
            for step in range(n):
                fn = jax.tree_util.Partial(offset)
                out.append(apply_static(fn, step))  # flag
            return out
        """, "JG302", "GROWS"),
    # legal look-alikes: the same Partial every time; a new Partial at a traced position (a pytree)
    "tree_partial_made_once_or_traced": (_APPLY_FN + """
        apply_traced = jax.jit(apply)


        def main(n):
            out = []
            once = jax.tree_util.Partial(offset)
            for step in range(n):
                out.append(apply_static(once, step))
                out.append(apply_traced(jax.tree_util.Partial(offset), step))
            return out
        """, "JG302", "BOUNDED"),
    # -- metadata that changes per iteration (JG302; main(n) compiles more for n=4 than n=2) ----
    "aux_data_float_per_iteration": (_NOISY + """


        def main(n):
            out = []
            for step in range(n):
                noisy = Noisy(jnp.ones(3) * step, scale=0.5 * (step + 1))
                out.append(fit(noisy))  # flag
            return out
        """, "JG302", "GROWS"),
    "meta_fields_positional_in_while_loop": ("""
        @dataclasses.dataclass
        class Tempered:
            x: jnp.ndarray
            temp: float


        jax.tree_util.register_dataclass(Tempered, data_fields=["x"], meta_fields=["temp"])


        def energy(state):
            return jnp.sum(state.x ** 2) / state.temp


        energy_jit = jax.jit(energy)


        def main(n):
            k, total = 0, 0.0
            while k < n:
                k += 1
                total = total + energy_jit(Tempered(jnp.ones(2), 1.0 + k))  # flag
            return total
        """, "JG302", "GROWS"),
    # legal look-alikes
    "varying_number_in_a_data_field": ("""
        @jax.tree_util.register_pytree_node_class
        class Noisy:
            def __init__(self, values, scale=1.0):
                self.values = values
                self.scale = scale

            def tree_flatten(self):
                return (self.values, self.scale), None

            @classmethod
            def tree_unflatten(cls, aux, children):
                return cls(*children)


        @jax.jit
        def fit(m):
            return jnp.sum(m.values) / m.scale


        def main(n):
            out = []
            for step in range(n):
                noisy = Noisy(jnp.ones(3) * step, scale=0.5 * (step + 1))
                out.append(fit(noisy))
            return out
        """, "JG302", "BOUNDED"),
    "same_metadata_every_iteration": (_NOISY + """


        def main(n):
            out = []
            for step in range(n):
                out.append(fit(Noisy(jnp.ones(3) * step, scale=0.5)))
                out.append(fit(Noisy(jnp.ones(3), scale=1.0 + step % 2)))
            return out
        """, "JG302", "BOUNDED"),
    # -- subclasses of dict/list/tuple at a traced position (JG206) --------------------------------
    "dict_subclass_at_a_traced_position": ("""
        class Params(dict):
            pass


        @jax.jit
        def loss(params, x):
            return jnp.sum(params["w"] * x)


        def main():
            params = Params(w=jnp.ones(2))
            return loss(params, jnp.ones(2))  # flag
        """, "JG206", "TypeError"),
    "list_subclass_through_an_alias": ("""
        class Batch(list):
            def total(self):
                return sum(self)


        def step(batch):
            return batch[0] + batch[1]


        step_jit = jax.jit(step)


        def main():
            return step_jit(Batch([jnp.ones(2), jnp.ones(2)]))  # flag
        """, "JG206", "TypeError"),
    # legal look-alikes
    "dict_subclass_registered_as_a_pytree": ("""
        class Params(dict):
            pass


        jax.tree_util.register_pytree_node(
            Params, lambda p: (list(p.values()), list(p.keys())), lambda keys, vals: Params(zip(keys, vals)))


        @jax.jit
        def loss(params, x):
            return jnp.sum(params["w"] * x)


        def main():
            return loss(Params(w=jnp.ones(2)), jnp.ones(2))
        """, "JG206", None),
    "plain_dict_of_a_subclass": ("""
        class Params(dict):
            pass


        @jax.jit
        def loss(params, x):
            return jnp.sum(params["w"] * x)


        def main():
            return loss(dict(Params(w=jnp.ones(2))), jnp.ones(2))
        """, "JG206", None),
    # -- *args forwarded through a wrapper -------------------------------------------------------
    "star_args_wrapper_gets_a_list": ("""
        @partial(jax.jit, static_argnums=(1,))
        def resize(x, shape):
            return jnp.resize(x, shape)


        def run(*args, **kwargs):
            return resize(*args, **kwargs)  # flag


        def main():
            return run(jnp.ones(4), [2, 2])
        """, "JG203", "ValueError"),
    "star_args_after_a_named_parameter_in_a_loop": ("""
        @partial(jax.jit, static_argnames=("lr",))
        def sgd(w, g, lr):
            return w - lr * g


        def step(w, *args):
            return sgd(w, *args)  # flag


        def main(n):
            w = jnp.ones(2)
            for k in range(n):
                w = step(w, jnp.ones(2), 0.1 / (k + 1))
            return w
        """, "JG302", "GROWS"),
    # legal look-alikes
    "star_args_wrapper_gets_a_tuple": ("""
        @partial(jax.jit, static_argnums=(1,))
        def resize(x, shape):
            return jnp.resize(x, shape)


        def run(*args, **kwargs):
            return resize(*args, **kwargs)


        def main():
            return run(jnp.ones(4), shape=(2, 2))
        """, "JG203", None),
    "star_args_rebound_before_the_call": ("""
        @partial(jax.jit, static_argnums=(1,))
        def resize(x, shape):
            return jnp.resize(x, shape)


        def run(*args):
            args = list(args)
            args[1] = tuple(args[1])
            return resize(*args)


        def main():
            return run(jnp.ones(4), [2, 2])
        """, "JG203", None),
    # -- jit written as partial(jax.jit, ...)(f): its options are the partial's -----------------
    "partial_applied_jit_leaves_the_flag_traced": ("""
        def step(x, n):
            if n > 2:  # flag
                return x
            return x * n


        fast = partial(jax.jit, donate_argnums=(0,))(step)


        def main():
            return fast(jnp.ones(2), 3)
        """, "JG101", "TracerBoolConversionError"),
    "partial_applied_jit_with_the_flag_static": ("""
        def step(x, n):
            if n > 2:
                return x
            return x * n


        fast = partial(jax.jit, static_argnames=("n",))(step)
        jit_second = partial(jax.jit, static_argnums=(1,))
        faster = jit_second(step)


        def main():
            return fast(jnp.ones(2), n=3) + faster(jnp.ones(2), 1)
        """, "JG101", None),
}


def test_identity_partials_compare_by_identity():
    """``shapes.IDENTITY_PARTIALS``: two partials of the same function and arguments are neither
    equal nor hashed alike (object's __eq__/__hash__), so each new one is a new static value."""
    import functools as ft

    from jitguard.lint.analysis.shapes import IDENTITY_PARTIALS

    for qual in IDENTITY_PARTIALS:
        module, _, name = qual.rpartition(".")
        cls = getattr(__import__(module, fromlist=[name]), name)
        assert issubclass(cls, ft.partial)
        a, b = cls(abs, 1), cls(abs, 1)
        assert a != b and cls.__eq__ is object.__eq__ and cls.__hash__ is object.__hash__, qual


def _source(name: str) -> str:
    return PRELUDE + textwrap.dedent(CASES[name][0])


@pytest.mark.parametrize("name", sorted(CASES))
def test_static_semantics_lint(tmp_path, name):
    assert_flags_marked_lines(tmp_path, f"static_{name}", _source(name), CASES[name][1])


@pytest.mark.parametrize("name", sorted(CASES))
def test_static_semantics_under_jax(name):
    main = exec_program(_source(name), f"static_{name}")["main"]
    expected = CASES[name][2]
    if expected in ("GROWS", "BOUNDED"):
        pytest.importorskip("jax")
        short, long = cold_compiles(main, 2), cold_compiles(main, 4)
        assert (long > short) if expected == "GROWS" else (long == short), (short, long)
        return
    assert_raises_or_runs(main, expected)
