# Report: google-deepmind/PGMax#8 https://github.com/google-deepmind/PGMax/issues/8
# Class: 6 (churn that comes from data: a new compiled runner for each graph of the same structure)
# Rule: JG301
# Reduced: "Memory leak issue": "I am using PGMax in a loop where I am iteratively creating a
# factor graph and running max-product BP ... the GPU memory keeps increasing until I run out of
# memory"; the reporter's helper builds the inferer inside (`bp = infer.build_inferer(fg.bp_state,
# ...)`) on every call, and every graph in the loop has the same variables and factors, only new
# potentials. Each build makes new jitted functions, so every iteration compiles again and keeps
# the executable. Here the inferer is a small class whose constructor jits a runner bound to the
# graph's edges; the runner does a few max-product sweeps. Fix: build the inferer once for the
# shared structure and pass each iteration's potentials as an argument.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

NUM_VARS, NUM_STATES = 6, 4
EDGES = np.array([[1, 2], [0, 2], [0, 1], [4, 5], [3, 5], [3, 4]])


def _run_bp(edges, log_potentials, num_iters=3):
    beliefs = log_potentials
    for _ in range(num_iters):
        messages = jnp.max(beliefs[edges], axis=1)
        beliefs = log_potentials + 0.5 * messages
    return jnp.argmax(beliefs, axis=-1)


class Inferer:
    def __init__(self, edges):
        self.run = jax.jit(partial(_run_bp, edges))


def potentials_for(i):
    return jnp.asarray(np.random.default_rng(i).normal(size=(NUM_VARS, NUM_STATES)))


# --- must be flagged ---


def run_max_product_bp(edges, log_potentials):
    bp = Inferer(edges)
    return bp.run(log_potentials)  # expect: JG301


def sweep(n):
    return [run_max_product_bp(EDGES, potentials_for(i)) for i in range(n)]


# --- must not be flagged ---


def sweep_shared(n):
    bp = Inferer(EDGES)
    return [bp.run(potentials_for(i)) for i in range(n)]


GROWS = [sweep]
BOUNDED = [sweep_shared]
