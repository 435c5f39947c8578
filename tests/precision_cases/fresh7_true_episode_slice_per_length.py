"""True (held-out 7): a jitted update called at the end of each episode with the episode's slice
of preallocated buffers, ``rewards[start : i + 1]``: one compile per distinct episode length.

The slice's length is the episode's, so each new length is a new input shape and ``jax.jit``
traces and compiles the update again (checked on JAX 0.10.2: with episode lengths 1..n, 2
compiles for n=2, 4 for n=4). Seen as: an RL package's tabular Monte-Carlo learner
(``update(q_table, n_visits, rew_arr[start_t : i + 1], obs_arr[...], act_arr[...], gamma)`` when
an episode terminates). Padding to the buffer's length with the true length as a traced argument
compiles once.
"""

import jax
import jax.numpy as jnp


@jax.jit
def update(q, rewards, gamma):
    def body(i, ret):
        return rewards[rewards.shape[0] - 1 - i] + gamma * ret

    return q + jax.lax.fori_loop(0, rewards.shape[0], body, 0.0)


def train(n):
    total = n * (n + 1) // 2
    rew_arr = jnp.zeros((total,))
    q = jnp.float32(0.0)
    start_t = 0
    ends = {sum(range(1, k + 1)) - 1 for k in range(1, n + 1)}
    for i in range(total):
        rew_arr = rew_arr.at[i].set(1.0)
        if i in ends:
            q = update(q, rew_arr[start_t : i + 1], 0.9)  # expect: JG303
            start_t = i + 1
    return q


RUNS = [lambda: train(2)]
GROWS = [train]
