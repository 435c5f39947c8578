# Report: ott-jax/ott#388 https://github.com/ott-jax/ott/issues/388
# Class: 2 (traced value reaches Python control flow through a library object: a problem's property)
# Rule: JG103
# Reduced: "JAX Concretization error when jitting sinkhorn with non-static tau_a, tau_b": `def
# mysink(x, y, tau_a)` builds a `LinearProblem(geom, tau_a=tau_a)` and runs `Sinkhorn()(prob)`.
# The solver asks `prob.is_balanced`, which is `self.tau_a == 1.0 and self.tau_b == 1.0`; under
# `jax.jit(mysink)(x, y, 1.0)` `tau_a` is traced and Python's `and` needs the truth value of
# `tau_a == 1.0`. The reporter's workaround, `jax.jit(mysink, static_argnums=(2,))`, works but
# "causes recompilation for different values"; that is the look-alike. The solver is reduced to a
# few log-domain Sinkhorn iterations with the unbalanced damping exponent.
import jax
import jax.numpy as jnp


# --- must be flagged ---


class LinearProblem:
    def __init__(self, cost, a, b, tau_a=1.0, tau_b=1.0):
        self.cost = cost
        self.a = a
        self.b = b
        self.tau_a = tau_a
        self.tau_b = tau_b

    @property
    def is_balanced(self):
        return self.tau_a == 1.0 and self.tau_b == 1.0  # expect: JG103


def sinkhorn(prob, epsilon=0.1, n_iter=50):
    f = jnp.zeros_like(prob.a)
    g = jnp.zeros_like(prob.b)
    if prob.is_balanced:
        rho_a = rho_b = 1.0
    else:
        rho_a = prob.tau_a
        rho_b = prob.tau_b
    for _ in range(n_iter):
        f = rho_a * epsilon * (jnp.log(prob.a) - jax.nn.logsumexp((g[None, :] - prob.cost) / epsilon, axis=1))
        g = rho_b * epsilon * (jnp.log(prob.b) - jax.nn.logsumexp((f[:, None] - prob.cost) / epsilon, axis=0))
    return jnp.sum(f * prob.a) + jnp.sum(g * prob.b)


def mysink(x, y, tau_a):
    cost = jnp.sum((x[:, None, :] - y[None, :, :]) ** 2, axis=-1)
    a = jnp.ones(x.shape[0]) / x.shape[0]
    b = jnp.ones(y.shape[0]) / y.shape[0]
    prob = LinearProblem(cost, a, b, tau_a=tau_a)
    return sinkhorn(prob)


X = jax.random.uniform(jax.random.PRNGKey(0), (12, 3))
Y = jax.random.uniform(jax.random.PRNGKey(1), (16, 3))


def crashes():
    return jax.jit(mysink)(X, Y, 1.0)


# --- must not be flagged ---


mysink_static_tau = jax.jit(mysink, static_argnums=(2,))


def works():
    return mysink_static_tau(X, Y, 1.0), mysink_static_tau(X, Y, 0.9)


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
