"""True findings of held-out 11 in a simulator half ported from PyTorch, reduced: each flagged
line fails under the trace (JAX 0.10.2).

* ``x[ang > t, 0] = 1``: a boolean-mask store on a JAX array. As written it raises TypeError (JAX
  arrays are immutable); written as ``x.at[ang > t, 0].set(1)`` it raises
  NonConcreteBooleanIndexError (the mask's selection has a value-dependent size).
* ``if ang.dim() == 2:``: a PyTorch method; a JAX array has ``ndim``, no ``dim()``, so the line
  raises AttributeError under the trace (before any ``if``).
* ``assert jnp.all(action >= low)`` in the discrete-action path of a filter_jit step:
  TracerBoolConversionError.
"""

import equinox as eqx
import jax
import jax.numpy as jnp


@jax.jit
def shoot(ang):
    control = jnp.zeros((ang.shape[0], 2))
    control[ang > jnp.pi / 2, 0] = 1  # expect: JG105
    return control


@jax.jit
def shoot_functional(ang):
    control = jnp.zeros((ang.shape[0], 2))
    return control.at[ang > jnp.pi / 2, 0].set(1)  # expect: JG105


@jax.jit
def relative(vec):
    ang = jnp.atan2(vec[:, 1], vec[:, 0])
    if ang.dim() == 2:  # expect: JG101
        ang = ang.squeeze(-1)
    return ang


class Env(eqx.Module):
    low: int = 0
    high: int = 3

    def check(self, action):
        assert jnp.all((action >= self.low) * (action < self.high)), "out of bounds"  # expect: JG103

    @eqx.filter_jit
    def step(self, action):
        self.check(action)
        return action + 1


RAISES = [
    (lambda: shoot(jnp.ones(3)), "TypeError"),
    (lambda: shoot_functional(jnp.ones(3)), "NonConcreteBooleanIndexError"),
    (lambda: relative(jnp.ones((3, 2))), "AttributeError"),
    (lambda: Env().step(jnp.ones(3)), "TracerBoolConversionError"),
]
