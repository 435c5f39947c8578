"""True: a jitted function rebuilt on every call or every iteration compiles every time, and the
number of compiles grows with the work (weight syncs, layers, steps).

Seen as (held-out): maxtext `weight_converter.py` (`Transpose.__call__` and six other
operations define `@jax.jit def _f(t)` and call it; `WeightConverter.convert` runs every
operation at every RL weight sync: one compile per operation per sync);
maxtext `generate_param_only_checkpoint.py` (`for i in range(num_layers): def slice_ith(...)`
closing over `i`, then `jax.jit(slice_ith, out_shardings=...)(layers)`: one compile per layer,
where passing `i` as an argument compiles once); mujoco-mjx `warp/forward_test.py`
(`for _ in range(10): jax.jit(jax.vmap(forward.step, in_axes=(None, 0)))(mx, d)`: ten compiles).
"""

import jax
import jax.numpy as jnp


class Transpose:
    def __init__(self, axes):
        self.axes = axes

    def __call__(self, tensors):
        @jax.jit  # expect: JG301
        def _f(t):
            return jnp.transpose(t, self.axes)

        return _f(tensors[0])


TRANSPOSE = Transpose((1, 0))


def weight_syncs(n):
    return [TRANSPOSE([jnp.ones((2, 3))]) for _ in range(n)]


def unscan(num_layers):
    layers = jnp.ones((num_layers, 3))
    out = {}
    for i in range(num_layers):

        def slice_ith(x):
            return jnp.take(x, i, axis=0)

        new_layer = jax.jit(slice_ith)(layers)  # expect: JG301
        out[f"layer_{i}"] = new_layer
    return out


def step(m, d):
    return d + m


def rollout(n):
    d = jnp.ones((2, 3))
    for _ in range(n):
        d = jax.jit(jax.vmap(step, in_axes=(None, 0)))(1.0, d)  # expect: JG301
    return d


GROWS = [weight_syncs, unscan, rollout]
