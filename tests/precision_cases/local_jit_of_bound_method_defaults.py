"""A local `jax.jit(obj.method)` whose every call is in sight: unpassed defaults stay Python values.

`sample = jax.jit(model.sample)` in a function, then `sample(key, x, temperature=0.7)`: JAX binds
`self` (the bound method) and calls the method with the defaults of the parameters no call passes
(`max_steps=4`), Python ints, so `jnp.zeros((n, max_steps))` and `range(max_steps)` are static. Only
a jitted object that can be called out of sight (module-level, decorated, returned) keeps its
defaults traced (a latent error as soon as someone passes one).

Seen as: the legal fix of a decoding loop (`max_decoding_steps` keyword-only, default 4) in a
held-out bug report, where the method is jitted inline by the caller.
"""

import jax
import jax.numpy as jnp


class Decoder:
    scale = 2.0

    def sample(self, key, x, *, max_steps=4, temperature=0.0):
        out = jnp.zeros((x.shape[0], max_steps))
        for i in range(max_steps):
            noise = jax.random.normal(jax.random.fold_in(key, i), (x.shape[0],))
            out = out.at[:, i].set(jnp.where(temperature > 0.0, noise * temperature, x.sum(-1)))
        return out * self.scale


def decode():
    model = Decoder()
    sample = jax.jit(model.sample)
    return sample(jax.random.key(0), jnp.ones((2, 3)), temperature=0.7)


RUNS = [decode]
