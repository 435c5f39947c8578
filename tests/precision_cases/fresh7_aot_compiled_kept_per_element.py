"""A loop that keeps ``jax.jit(step).trace(...).lower().compile()`` per element: one compile per
element, each Compiled reused without tracing again.

``jax.jit(f).trace(*args)`` gives a Traced, ``.lower()`` a Lowered and ``.compile()`` a Compiled:
ahead-of-time stages of the one jitted function. Calling the Compiled runs its executable; it
never traces or compiles again (checked on JAX 0.10.2: the table of two compiles twice, for 2 as
for 4 later rounds of calls). The nested ``step`` closes over the loop's element, so each element
is a different program: building it once per element is the least JAX can do, as with
``fns[name] = jax.jit(step)``, which the rule already leaves alone.

Seen as (held-out 7): a PINN solver precompiles one local optimisation loop per equation
parameter, ``eq_params_train_fun_compiled[eq_param] = jax.jit(eq_train_fun,
static_argnums=0).trace(n_iter, jax.eval_shape(lambda _: carry, (None,))).lower().compile()``
in a loop over the parameters, then runs them many times in its outer training loop.
"""

import jax
import jax.numpy as jnp


def build(scales, x):
    compiled = {}
    for name, scale in scales.items():

        def step(n, c):
            return jax.lax.fori_loop(0, n, lambda i, v: v * scale + 1.0, c)

        compiled[name] = jax.jit(step, static_argnums=0).trace(3, jax.eval_shape(lambda: x)).lower().compile()
    return compiled


def train(n):
    fns = build({"a": 0.5, "b": 2.0}, jnp.ones(3))
    out = {}
    for _ in range(n):
        out = {k: f(jnp.ones(3)) for k, f in fns.items()}
    return out


RUNS = [lambda: train(2)]
BOUNDED = [train]
