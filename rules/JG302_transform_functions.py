"""JG302 loop-varying-static, the function `jax.vjp` or `jax.linearize` returns, passed to a jitted
function in a loop: examples that must and must not be flagged.

`jax.vjp(f, x)` returns the pullback as a pytree (`VJP`; `jax.linearize`'s pushforward is a
`jax.tree_util.Partial`) whose tree structure holds a callable made by that call. Passed to a
jitted function it is traced as a tree, and its tree structure, which JAX compares to find the
compiled program, is new with every call of the transform: a loop that takes a new vjp each
iteration and hands it to the jit compiles once per iteration (JAX 0.10.2, `has_aux` too). The
same returned function passed again compiles once, and taking the vjp inside the jitted function
compiles once.
"""

import jax
import jax.numpy as jnp


class Potential:
    def __init__(self, depth):
        self.depth = depth

    def energy(self, x):
        return self.depth * jnp.cos(x) ** 2


WELL = Potential(2.0)
gradient_step = jax.jit(lambda pushforward, direction: jax.tree.map(lambda t: 0.5 * t, pushforward(direction)))


# --- must be flagged ---------------------------------------------------------------------------


def relax(n):
    x, steps = jnp.linspace(0.0, 1.0, 4), []
    while len(steps) < n:
        energy, pull = jax.vjp(WELL.energy, x)
        steps.append(gradient_step(pull, jnp.ones_like(energy)))  # expect: JG302
        x = x - 0.1
    return steps


def sensitivities(n):
    return [gradient_step(jax.linearize(WELL.energy, jnp.full(4, 0.1 * k))[1], jnp.ones(4)) for k in range(n)]  # expect: JG302


# --- must not be flagged ---------------------------------------------------------------------


def one_linearization(n):
    _value, push = jax.linearize(WELL.energy, jnp.zeros(4))
    return [gradient_step(push, jnp.full(4, 0.1 * k)) for k in range(n)]


@jax.jit
def pulled_back(x, direction):
    energy, pull = jax.vjp(WELL.energy, x)
    return pull(direction * jnp.ones_like(energy))


def relax_inside(n):
    return [pulled_back(jnp.full(4, 0.1 * k), 1.0) for k in range(n)]


def relax_eagerly(n):
    out = []
    for k in range(n):
        _energy, pull = jax.vjp(WELL.energy, jnp.full(4, 0.1 * k))
        out.append(pull(jnp.ones(4)))
    return out


GROWS = [relax, sensitivities]
BOUNDED = [one_linearization, relax_inside, relax_eagerly]
