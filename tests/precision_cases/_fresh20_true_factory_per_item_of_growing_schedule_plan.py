"""The driver module of `fresh20_true_factory_per_item_of_growing_schedule.py`: a schedule with one
entry per step (a comprehension over `range(steps)`), or the same size repeated `steps` times: its
length grows with the work, so a loop over it is not bounded."""

import jax


@jax.jit
def advance(x, marks):
    return jax.lax.scan(lambda c, m: (c + 1.0, m), x, marks)


def schedule(step, steps):
    if steps < 2:
        return [step]
    return [step * (k + 1) for k in range(steps)]


def repeated(step, steps):
    return [step] * steps
