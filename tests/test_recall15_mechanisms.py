"""The mechanisms of the session of 2026-12-06 (docs/recall.md), each written in shapes of our own
(none keyed on the reports they came from: scikit-robot#871, netket#637, jaxopt#61, optax#412): the lines marked
``# flag`` get the code and nothing else is reported, and each program runs under JAX 0.10.2 as
its oracle says (a raised error, it runs, or compiles that grow with the loop or do not)."""

from __future__ import annotations

from tests.mechanisms import case_tests

PRELUDE = """\
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as onp
"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- JG301: a jit of a new function object returned to a caller that calls it, per item
    "returned_jit_called_inline_per_item": ("JG301", """
        def make_objective(k):
            return jax.jit(lambda x: jnp.sum(x * k))  # flag


        def evaluate(x, k):
            return make_objective(k)(x)


        def main(n):
            return [evaluate(jnp.ones(3), 2.0) for _ in range(n)]
        """, "GROWS"),
    "returned_jit_bound_in_a_method_per_epoch": ("JG301", """
        class Trainer:
            def _compiled_step(self, lr):
                def step(w):
                    return w - lr * jax.grad(lambda v: jnp.sum(v ** 2))(w)

                compiled = jax.jit(step)  # flag
                return compiled

            def epoch(self, w, lr):
                step = self._compiled_step(lr)
                return step(step(w))


        def main(n):
            trainer = Trainer()
            w = jnp.ones(3)
            epoch = 0
            while epoch < n:
                w = trainer.epoch(w, 0.1)
                epoch += 1
            return w
        """, "GROWS"),
    "returned_jit_of_a_module_function": (None, """
        def objective(x):
            return jnp.sum(x ** 2)


        def make_objective():
            return jax.jit(objective)  # one function: every jit of it shares one cache


        def evaluate(x):
            return make_objective()(x)


        def main(n):
            return [evaluate(jnp.ones(3)) for _ in range(n)]
        """, "BOUNDED"),
    "returned_jit_made_once_by_the_driver": (None, """
        def make_objective(k):
            return jax.jit(lambda x: jnp.sum(x * k))


        def main(n):
            objective = make_objective(2.0)  # made once, called per item
            return [objective(jnp.ones(3)) for _ in range(n)]
        """, "BOUNDED"),
    # -- JG104/JG101: methods of the record class a jitted function receives
    "record_method_loops_over_a_data_field": ("JG104", """
        @dataclasses.dataclass
        class Schedule:
            rate: float = 0.5
            steps: int = 3

            def apply(self, x):
                for _ in range(self.steps):  # flag
                    x = x * self.rate
                return x


        jax.tree_util.register_dataclass(Schedule, data_fields=["rate", "steps"], meta_fields=[])


        @jax.jit
        def decay(schedule, x):
            return schedule.apply(x)


        def main():
            return decay(Schedule(), jnp.ones(3))
        """, "TracerIntegerConversionError"),
    "record_method_loops_over_a_meta_field": (None, """
        @dataclasses.dataclass
        class Schedule:
            rate: float = 0.5
            steps: int = 3

            def apply(self, x):
                for _ in range(self.steps):
                    x = x * self.rate
                return x


        jax.tree_util.register_dataclass(Schedule, data_fields=["rate"], meta_fields=["steps"])


        @jax.jit
        def decay(schedule, x):
            return schedule.apply(x)


        def main():
            return decay(Schedule(), jnp.ones(3))
        """, None),
    "record_method_returns_a_partial_bound_to_a_name": ("JG104", """
        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class Scan:
            weight: float = 1.0
            axis: int = 0

            def operator(self):
                return functools.partial(jnp.cumsum, axis=self.axis)


        @jax.jit
        def running(scan, x):
            op = scan.operator()
            return op(x) * scan.weight  # flag


        def main():
            return running(Scan(), jnp.ones((2, 3)))  # jnp.cumsum's static axis: not hashable as a tracer
        """, "ValueError"),
    "record_method_returns_a_partial_of_metadata": (None, """
        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class Scan:
            weight: float = 1.0
            axis: int = dataclasses.field(default=0, metadata=dict(static=True))

            def operator(self):
                return functools.partial(jnp.cumsum, axis=self.axis)


        @jax.jit
        def running(scan, x):
            op = scan.operator()
            return op(x) * scan.weight


        def main():
            return running(Scan(), jnp.ones((2, 3)))
        """, None),
    # -- JG104: a function an object stores, given by every construction in sight
    "stored_function_called_in_a_nested_callback": ("JG104", """
        def misfit(x, data):
            return (x - data) ** 2


        class Minimizer:
            def __init__(self, objective, steps=2):
                self.objective = objective
                self.steps = steps

            def run(self, x0, *args):
                def callback(x):
                    return onp.asarray(self.objective(x, *args))  # flag

                return callback(x0)


        MINIMIZER = Minimizer(objective=misfit)


        def fit(data):
            return MINIMIZER.run(onp.zeros(2), data)


        def main():
            return jax.vmap(fit)(jnp.ones((3, 2)))
        """, "TracerArrayConversionError"),
    "stored_function_given_unmapped_data": (None, """
        def misfit(x, data):
            return (x - data) ** 2


        class Minimizer:
            def __init__(self, objective):
                self.objective = objective

            def run(self, x0, data, weight):
                return jnp.sum(onp.asarray(self.objective(x0, data))) * weight


        MINIMIZER = Minimizer(misfit)


        def fit(data, weight):
            return MINIMIZER.run(onp.zeros(2), data, weight)


        def main():
            return jax.vmap(fit, in_axes=(None, 0))(onp.ones(2), jnp.ones(3))
        """, None),
    # -- JG104: the leaves of a tuple vmap maps on axis 0 are BatchTracers
    "vmapped_tuple_literal_unpacked": ("JG104", """
        def width(bounds):
            lo, hi = bounds
            return onp.asarray(hi - lo)  # flag


        def main():
            return jax.vmap(width, in_axes=0)((jnp.zeros(4), jnp.ones(4)))
        """, "TracerArrayConversionError"),
    "vmapped_tuple_given_out_axes_positionally": ("JG104", """
        def width(bounds):
            lo, hi = bounds
            return onp.asarray(hi - lo)  # flag


        def main():
            return jax.vmap(width, 0, 0)((jnp.zeros(4), jnp.ones(4)))
        """, "TracerArrayConversionError"),
    "vmapped_tuple_with_an_unmapped_leaf": (None, """
        def width(bounds):
            lo, hi = bounds
            return jnp.asarray(onp.asarray(hi)) - lo  # `hi` is not mapped: a concrete array


        def main():
            return jax.vmap(width, in_axes=((0, None),))((jnp.zeros(4), jnp.ones(4)))
        """, None),
    # -- JG104: options made arrays in a traced closure, spread into a factory passed as an argument
    "passed_factory_given_traced_options": ("JG104", """
        def make_shrink(scale, rounds):
            def shrink(x):
                for _ in range(rounds):  # flag
                    x = x * scale
                return x

            return shrink


        def traced_options(factory, **options):
            def run(x):
                arrays = {k: jnp.asarray(v) for k, v in options.items()}
                return factory(**arrays)(x)

            return run


        def main():
            return jax.jit(traced_options(make_shrink, scale=0.5, rounds=2))(jnp.ones(3))
        """, "TracerIntegerConversionError"),
    "passed_factory_given_a_traced_scale_only": (None, """
        def make_shrink(scale, rounds):
            def shrink(x):
                for _ in range(rounds):
                    x = x * scale
                return x

            return shrink


        def scaled_by_array(factory, scale, rounds):
            def run(x):
                return factory(scale=jnp.asarray(scale), rounds=rounds)(x)  # rounds: a Python int

            return run


        def main():
            return jax.jit(scaled_by_array(make_shrink, 0.5, 2))(jnp.ones(3))
        """, None),
}

test_recall15_linted, test_recall15_under_jax = case_tests(CASES, PRELUDE, "recall15")
