# Report: jax-ml/jax#3755 https://github.com/jax-ml/jax/issues/3755 ("Nested VJP function always triggers recompilation")
# Class: 6 (churn from data: a new vjp function, a pytree with a new function in its structure, passed to a jitted function per step)
# Rule: JG302
# Reduced: the issue's test: `_, g_vjp = api.vjp(g, x)`, then `w(g_vjp)` for a jitted `w`; "it
# does not ensure that regenerating the cotangent function produces an equivalent pytree", so
# `w` compiles again for every regenerated vjp function. Still so on JAX 0.10.2 (checked: `w`
# compiles once per `jax.vjp` call, the function returned by `vjp` carrying a new callable in its
# tree structure). Fix: take the vjp inside the jitted function, from the primal point.
import jax
import jax.numpy as jnp


def g(x):
    return jnp.sin(x) * x


@jax.jit
def w(this_g_vjp, ct):
    return this_g_vjp(ct)


# --- must be flagged ---


def pullbacks(n):
    out = []
    for i in range(n):
        _, g_vjp = jax.vjp(g, jnp.full(3, float(i)))
        out.append(w(g_vjp, jnp.ones(3)))  # expect: JG302
    return out


# --- must not be flagged ---


@jax.jit
def pullback_at(x, ct):
    _, g_vjp = jax.vjp(g, x)
    return g_vjp(ct)


def pullbacks_fixed(n):
    return [pullback_at(jnp.full(3, float(i)), jnp.ones(3)) for i in range(n)]


GROWS = [pullbacks]
BOUNDED = [pullbacks_fixed]
