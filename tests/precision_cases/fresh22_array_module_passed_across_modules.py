"""A helper of another module written for NumPy and JAX alike (`def kernel_weights(u, n, xp=np)`),
called from traced code with `xp=jnp`: in that trace `xp.clip`, `xp.stack`, `xp.where` are
`jax.numpy`'s and take tracers. Its NumPy default is used only by the Python-level calls that
leave it (host-side tables, here `host_weights`), outside any trace. The kernel's module itself
never calls it, so which module it runs with is known only from its callers in other files.

Seen as: the twenty-second held-out set's light-curve model (docs/precision.md, "Twenty-second
held-out set"): the interpolation kernel called from the jitted model with `xp=jnp` and from
the table loaders with NumPy (JG104 eight times before).
"""

import jax
import jax.numpy as jnp
import numpy as np

from tests.precision_cases._fresh22_array_module_passed_across_modules_kernel import kernel_weights


def interp(table, p, p0, dp, n):
    idx, w = kernel_weights((p - p0) / dp, n, xp=jnp)
    return jnp.sum(jnp.take(table, idx) * w, -1)


def host_weights(phases, n):
    return kernel_weights(np.asarray(phases), n)


RUNS = [
    lambda: jax.jit(interp, static_argnums=4)(jnp.arange(8.0), jnp.linspace(0.0, 5.0, 7), 0.0, 1.0, 8),
    lambda: jax.vmap(interp, in_axes=(None, 0, None, None, None))(jnp.arange(8.0), jnp.ones((2, 3)), 0.0, 1.0, 8),
    lambda: host_weights([0.5, 2.5], 8),
]
