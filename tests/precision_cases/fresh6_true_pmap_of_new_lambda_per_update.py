"""True: ``jax.pmap(lambda x: lax.psum(x, "i"), axis_name="i")(v)`` inside a method a training
loop calls makes a new function object at each call, so pmap's cache misses and the reduction is
traced and compiled again every update (checked on JAX 0.10.2 with one CPU device: 2 compiles
for 2 updates, 4 for 4). The fix is one module-level pmapped function.

Seen as (held-out 6): an RL library's PPO, RPO, IPPO and MAPPO agents all-reduce the KL
divergence this way in `update()` (distributed runs with the KL-adaptive learning rate), inside
the loop over learning epochs; every update recompiles it.
"""

import types

import jax
import numpy as np


class Agent:
    def __init__(self, cfg):
        self.cfg = cfg

    def update(self):
        kl = np.float32(0.0)
        for epoch in range(self.cfg.learning_epochs):
            kl = np.float32(0.5 + epoch)
            kl = jax.pmap(lambda x: jax.lax.psum(x, "i"), axis_name="i")(kl.reshape(1)).item()  # expect: JG301
        return kl


def train(n):
    agent = Agent(types.SimpleNamespace(learning_epochs=1))
    for _ in range(n):
        agent.update()
    return np.zeros(1)


RUNS = [lambda: train(2)]
GROWS = [train]
