"""True: a factory that returns a new jitted function, called once per entry of a schedule whose
length grows with the step count (a helper's comprehension over `range(steps)`, or a list repeated
`steps` times, built in this module or in another): one jit object, and one compile, per entry (2
steps: 2 compiles, 4 steps: 4). The look-alike of `fresh20_factory_per_stage_of_fixed_ramp.py`,
whose ramp has at most four stages whatever the step count.
"""

import jax
import jax.numpy as jnp

from tests.precision_cases._fresh20_true_factory_per_item_of_growing_schedule_plan import repeated, schedule


def local_schedule(step, steps):
    sizes = [step]
    for k in range(1, steps):
        sizes.append(step * (k + 1))
    return sizes


def make_chunk(step_size):
    @jax.jit
    def advance(x, marks):
        return x + step_size * marks.sum(), marks

    return advance


def run_imported(x, step, steps):
    for size in schedule(step, steps):
        x, _ = make_chunk(size)(x, jnp.ones(2))  # expect: JG301
    return x


def run_repeated(x, step, steps):
    plan = repeated(step, steps)
    for size in plan:
        x, _ = make_chunk(size)(x, jnp.ones(2))  # expect: JG301
    return x


def run_local(x, step, steps):
    for size in local_schedule(step, steps):
        x, _ = make_chunk(size)(x, jnp.ones(2))  # expect: JG301
    return x


def imported_steps(n):
    return run_imported(jnp.zeros(3), 1.0, n)


def repeated_steps(n):
    return run_repeated(jnp.zeros(3), 1.0, n)


def local_steps(n):
    return run_local(jnp.zeros(3), 1.0, n)


GROWS = [imported_steps, repeated_steps, local_steps]
