"""True findings of held-out set 9, reduced: a value JAX needs concrete made from a tracer.

* ``jnp.argmax(q, axis=jnp.max(state.shape))`` in a jitted method: the linter says ``axis`` gets
  a tracer (``jnp.max`` is staged under jit, and ``axis`` must be a Python int); JAX fails first:
  ``jnp.max`` takes no tuple (TypeError "max requires ndarray or scalar arguments"), at every
  call, jitted or not (JAX 0.10.2). ``jnp.max(jnp.asarray(state.shape))`` gets to the axis, a tracer:
  TracerIntegerConversionError. Seen in an RL agent's ``policy``.
* ``bool(intersections % 2 == 1)`` in a polygon's ``contains``, which the polygon's rejection
  sampler vmaps over its proposals: under vmap the count is a batched tracer, and ``bool()``
  raises TracerBoolConversionError (a ConcretizationTypeError) at the first sample.
"""

from functools import partial

import jax
import jax.numpy as jnp


class Agent:
    def __init__(self, weights):
        self.weights = weights

    @partial(jax.jit, static_argnums=(0,))
    def policy(self, state):
        q = state @ self.weights
        return jnp.argmax(q, axis=jnp.max(state.shape))  # expect: JG104

    @partial(jax.jit, static_argnums=(0,))
    def policy_of_array(self, state):
        q = state @ self.weights
        return jnp.argmax(q, axis=jnp.max(jnp.asarray(state.shape)) - 4)  # expect: JG104


class Polygon:
    def __init__(self, vertices):
        self.vertices = jnp.asarray(vertices)
        self.n_vertices = self.vertices.shape[0]

    def contains(self, point):
        point = jnp.asarray(point)

        def crosses(i):
            v1 = self.vertices[i]
            v2 = self.vertices[(i + 1) % self.n_vertices]
            y_check = (v1[1] > point[1]) != (v2[1] > point[1])
            x_cross = v1[0] + (point[1] - v1[1]) / (v2[1] - v1[1]) * (v2[0] - v1[0])
            return y_check & (point[0] < x_cross)

        intersections = jnp.sum(jax.vmap(crosses)(jnp.arange(self.n_vertices)))
        return bool(intersections % 2 == 1)  # expect: JG104

    def sample(self, key, n):
        proposals = jax.random.uniform(key, (n, 2))
        mask = jax.vmap(self.contains)(proposals)
        return proposals[mask]


RAISES = [
    (lambda: Agent(jnp.ones((4, 2))).policy(jnp.ones(4)), "TypeError"),
    (lambda: Agent(jnp.ones((4, 2))).policy_of_array(jnp.ones(4)), "TracerIntegerConversionError"),
    (lambda: Polygon([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]).sample(jax.random.key(0), 4),
     "ConcretizationTypeError"),
]
