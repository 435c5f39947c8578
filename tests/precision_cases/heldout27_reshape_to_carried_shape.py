"""A damped Newton iteration for an operating point: ``z = z - delta.reshape(z.shape)`` with
``delta`` solved from the Jacobian each step, and ``jac_fn(z)``, ``res_fn(z)`` jitted. A reshape
gives exactly its target shape (or raises), and ``z - d`` of two arrays of one shape has that
shape, so ``z`` keeps the shape it entered the loop with: the target reads ``z``'s shape only,
and ``z`` changes shape only if something else changes it. One compile of each jitted function
however many steps (JAX 0.10.2: 1 and 1 after n steps, for n=2 as for n=4).

Seen as: the twenty-seventh held-out set's hybrid dynamical-system simulator (docs/precision.md,
"27th held-out set"): its operating-point finder over the free state components (2 findings
before, JG303).
"""

import jax
import jax.numpy as jnp
import numpy as np


def findop(n, damping=1e-3):
    x0 = jnp.linspace(0.5, 2.0, 6)
    free = jnp.asarray(np.array([0, 2, 3]))

    def residual(z):
        return (x0.at[free].set(z) ** 2 - 1.0)[free]

    jac_fn = jax.jit(jax.jacrev(residual))
    res_fn = jax.jit(residual)
    z = x0[free]
    r = res_fn(z)
    for _ in range(n):
        J = jnp.atleast_2d(jac_fn(z))
        m = J.shape[1]
        delta = np.linalg.solve(J.T @ J + damping * jnp.eye(m), J.T @ jnp.atleast_1d(r))
        z = z - delta.reshape(z.shape)
        r = res_fn(z)
    return z


RUNS = [lambda: findop(3)]
BOUNDED = [findop]
