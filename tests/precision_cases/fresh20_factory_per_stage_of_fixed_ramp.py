"""Legal: a factory that returns a new jitted function, called once per stage of a warm-up ramp
whose stages a helper builds from a list literal. The loop runs at most four times however many
steps are asked for: four jit objects, four compiles (each stage has its own step size and its own
scan length), the same for 8, 80 or 800 warm-up steps. A loop over a collection whose length the
code fixes is a bounded warm-up, not churn.

Seen as: the twentieth held-out set's Monte Carlo simulator (docs/precision.md, "Twentieth held-out
set"): the warm-up of its `pmap` driver builds a stepping function per stage of a four-stage ramp
that a helper of another module returns. Both forms here: the ramp built by a helper of this module
and by one of another module.
"""

import jax
import jax.numpy as jnp

from tests.precision_cases._fresh20_factory_per_stage_of_fixed_ramp_schedule import ramp


def local_ramp(step, steps):
    # three stages at most: a zip with a tuple literal stops at its three entries
    third, rest = divmod(steps, 3)
    lengths = [third] * 2 + [third + rest]
    return [(size, n) for size, n in zip((step / 4.0, step / 2.0, step), lengths) if n]


def make_chunk(step_size):
    def chunk(x, marks):
        def body(c, m):
            return c + step_size, m

        return jax.lax.scan(body, x, marks)

    return jax.jit(chunk)


def warm_up(x, step, steps):
    for size, count in local_ramp(step, steps):
        run = make_chunk(size)
        x, _ = run(x, jnp.zeros(count, dtype=bool))
    return x


def warm_up_imported(x, step, steps):
    stages = ramp(step, steps)
    for size, count in stages:
        x, _ = make_chunk(size)(x, jnp.zeros(count, dtype=bool))
    return x


def warm_up_scaled(n):
    return warm_up(jnp.zeros(3), 1.0, 8 * n)


def warm_up_imported_scaled(n):
    return warm_up_imported(jnp.zeros(3), 1.0, 8 * n)


RUNS = [lambda: warm_up(jnp.zeros(3), 1.0, 8), lambda: warm_up_imported(jnp.zeros(3), 1.0, 80)]
BOUNDED = [warm_up_scaled, warm_up_imported_scaled]
