"""JG302 loop-varying-static, a default filled with a new function object on every call:
examples that must and must not be flagged.

`simulate(x, noise=None)` fills a missing `noise` with a lambda (`noise if noise else (lambda x:
...)`, `noise or (lambda x: ...)`, or `if noise is None: noise = lambda x: ...` / a nested `def`)
and passes it at a static position of a jitted function. Each call of `simulate` that leaves
`noise` at its default evaluates the lambda again: a new function object, which hashes and
compares by identity, so JAX sees a new static value and compiles again; a loop of such calls
compiles once per call (JAX 0.10.2: compiles grow with the loop). A module-level default, or a
function the caller makes once and passes every time, takes the other branch: one compile.
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("noise",))
def step(x, noise):
    return x + 0.1 * noise(x)


def no_noise(x):
    return jnp.zeros_like(x)


# --- must be flagged ---------------------------------------------------------------------------


def simulate(x, noise=None):
    noise = noise if noise is not None else (lambda x: jnp.zeros_like(x))
    return step(x, noise=noise)  # expect: JG302


def simulate_or(x, noise=None):
    return step(x, noise or (lambda x: jnp.zeros_like(x)))  # expect: JG302


def simulate_statement(x, noise=None):
    if noise is None:
        def noise(x):
            return jnp.zeros_like(x)
    return step(x, noise=noise)  # expect: JG302


def sweep(n):
    return [simulate(jnp.ones(2) * i) for i in range(n)]


def sweep_or(n):
    out = []
    for i in range(n):
        out.append(simulate_or(jnp.ones(2) * i))
    return out


def sweep_statement(n):
    return [simulate_statement(jnp.ones(2) * i) for i in range(n)]


# --- must not be flagged ---------------------------------------------------------------------


def simulate_module_default(x, noise=None):
    noise = noise if noise is not None else no_noise
    return step(x, noise=noise)


def sweep_module_default(n):
    return [simulate_module_default(jnp.ones(2) * i) for i in range(n)]


def simulate_given(x, noise=None):
    if noise is None:
        noise = lambda x: jnp.zeros_like(x)
    return step(x, noise=noise)


def sweep_given(n):
    def noise(x):
        return 0.01 * x

    return [simulate_given(jnp.ones(2) * i, noise=noise) for i in range(n)]


GROWS = [sweep, sweep_or, sweep_statement]
BOUNDED = [sweep_module_default, sweep_given]
