"""A function given to a host callback runs on the host with concrete arrays, not in the trace
of the staged code that defines it.

``jax.debug.callback(log, x)``, ``jax.pure_callback(f, shape, x)`` and
``jax.experimental.io_callback(f, shape, x)`` stage a call to ``f`` into the computation; at run
time JAX calls ``f`` on the host with the arguments' values (jax.Array values on JAX 0.10.2).
Nothing traces ``f``: a ``jnp`` operation in it runs eagerly and gives a concrete array, so a
format spec, ``int()``, a Python ``if`` on it and a boolean mask all work there, even when ``f``
is a ``def`` nested in a jitted function or a ``lax.scan`` body (checked on JAX 0.10.2).

Seen as (held-out 8): a PPO training loop logs, when a debug flag is set, inside its scan body
with ``def callback(info): ... avg = jnp.mean(info["returns"][info["done"]]); print(f"...
{avg:.2f}")`` and ``jax.debug.callback(callback, metric)``.
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def make_train(debug):
    def train(x):
        def step(carry, _):
            carry = carry + 1.0
            metric = {"ret": jnp.stack([carry, carry * 2]), "done": jnp.array([True, False])}
            if debug:
                def callback(info):
                    avg = jnp.mean(info["ret"][info["done"]])
                    if len(info["ret"]) > 0:
                        print(f"avg={avg:.2f}")

                jax.debug.callback(callback, metric)
            return carry, metric

        return jax.lax.scan(step, x, None, length=3)

    return train


def _host_count(v, threshold):
    return np.asarray(int(jnp.sum(v[v > threshold])), np.int32)


@jax.jit
def host_results(x):
    def peak(v):
        print(f"peak {jnp.max(v):.1f}")
        return np.asarray(jnp.argmax(v), np.int32)

    count = jax.pure_callback(partial(_host_count, threshold=0.5), jax.ShapeDtypeStruct((), jnp.int32), x)
    where = io_callback(peak, jax.ShapeDtypeStruct((), jnp.int32), x)
    jax.debug.callback(lambda v: print(f"mean {jnp.mean(v):.3f}") if jnp.any(v > 1) else None, x)
    return count + where


RUNS = [
    lambda: jax.jit(make_train(True))(jnp.float32(0.0)),
    lambda: host_results(jnp.arange(4.0)),
    jax.effects_barrier,
]
