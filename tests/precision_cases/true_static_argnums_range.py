"""True: `static_argnums` naming a position past the function's parameters (no *args) fails when
jax.jit is applied, here when the class body runs.

Seen as: jaxmarl `gridworld/env.py`: `@partial(jax.jit, static_argnums=(0, 4))` on
`def step(self, key, state, action)` (4 positional parameters: 0..3).
"""

from functools import partial

import jax


def make_environment():
    class Environment:
        @partial(jax.jit, static_argnums=(0, 4))  # expect: JG201
        def step(self, key, state, action):
            return state + action

    return Environment


RAISES = [(make_environment, "ValueError")]
