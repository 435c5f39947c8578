"""True: `jax.jit(jax.vmap(method))` built inside a `while` loop is a new function object on each
iteration: JAX traces and compiles it again every time, so a rejection-sampling loop compiles
once per round (and again at every call of the sampler).

Seen as (held-out 2): a simulation-based-inference task's `sample_reference_posterior` draws
candidates with `jax.jit(jax.vmap(self.simulator, in_axes=[0, None]))(keys, observation)` inside
`while sample_counter < num_samples:`, keeping those in the prior's support.
"""

import jax
import jax.numpy as jnp


class Task:
    def simulator(self, key, theta):
        return jax.random.normal(key, theta.shape) * 0.1 + theta

    def reference_samples(self, key, observation, rounds):
        samples = []
        for _ in range(rounds):
            key, subkey = jax.random.split(key)
            candidates = jax.jit(jax.vmap(self.simulator, in_axes=[0, None]))(  # expect: JG301
                jax.random.split(subkey, 8), observation
            )
            samples.append(candidates[jnp.abs(candidates).max(-1) < 1.0])
        return jnp.concatenate(samples)


TASK = Task()


def sample(n):
    return TASK.reference_samples(jax.random.key(0), jnp.zeros(2), n)


GROWS = [sample]
