# Report: chungmin99/pyroki#55 https://github.com/chungmin99/pyroki/issues/55
# Class: 6 (churn: a jitted solve whose argument's pytree class is created anew on every call)
# Rule: JG302
# Reduced: "speed up the LeastSquaresProblem.solve()": a real-time retargeting loop calls the
# jitted `solve_retargeting` once per webcam frame, and "every time I call this function, it incurs
# compilation overhead (~0.5s)"; the reply asks "can we do so that the same class objects are
# returned for the same `n_retarget`, so the JIT trace is reused?" - the cost objects handed to the
# jitted solve are instances of classes the cost factory creates on every call, and a pytree's
# class is part of the jit cache key. Fix (the reply's): create the cost class once and reuse it.
import dataclasses

import jax
import jax.numpy as jnp


def make_alignment_cost(n_retarget):
    @jax.tree_util.register_dataclass
    @dataclasses.dataclass
    class AlignmentCost:
        weight: jax.Array

    return AlignmentCost(jnp.ones(n_retarget))


@jax.jit
def solve_retargeting(cost, q):
    return q - 0.1 * cost.weight * q


# --- must be flagged ---


def retarget_frames(n):
    q = jnp.ones(4)
    for _ in range(n):
        cost = make_alignment_cost(4)
        q = solve_retargeting(cost, q)  # expect: JG302
    return q


# --- must not be flagged ---


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class AlignmentCost:
    weight: jax.Array


def retarget_frames_shared_class(n):
    q = jnp.ones(4)
    for _ in range(n):
        cost = AlignmentCost(jnp.ones(4))
        q = solve_retargeting(cost, q)
    return q


GROWS = [retarget_frames]
BOUNDED = [retarget_frames_shared_class]
