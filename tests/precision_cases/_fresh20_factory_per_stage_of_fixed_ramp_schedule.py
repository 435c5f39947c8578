"""The driver module of `fresh20_factory_per_stage_of_fixed_ramp.py`: its jitted scan, and the
warm-up ramp, whose every return is an empty list or a comprehension over `zip` of a four-element
list literal, so it has at most four stages whatever the step count. (Its file records that; a
module with no JAX transform in it is not analysed, and records nothing.)"""

import jax


@jax.jit
def advance(x, marks):
    return jax.lax.scan(lambda c, m: (c + 1.0, m), x, marks)


def ramp(step, steps):
    if steps <= 0:
        return []
    base, extra = divmod(steps, 4)
    counts = [base + (i < extra) for i in range(4)]
    sizes = [step / 8.0, step / 4.0, step / 2.0, step]
    return [(size, count) for size, count in zip(sizes, counts) if count > 0]
