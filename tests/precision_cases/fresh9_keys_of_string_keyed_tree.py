"""A value a function indexes by a string is a mapping: ``sorted(v)``, ``for k in v`` and
``max(v)`` iterate its keys, which are never tracers.

JAX arrays take no string index: ``x["params"]`` raises TypeError ("JAX does not support string
indexing") and so does ``"params" in x`` (``Array.__contains__``), traced or not (JAX 0.10.2).
A traced argument that the function reads as ``variables["params"]`` or tests with ``"params" in
variables`` is therefore a dict of collections (a pytree node keyed by strings), and iterating a
dict gives its keys: hashable, so never tracers (a tracer is unhashable). ``sorted(variables)``
sorts strings, ``for name in variables`` binds strings.

Seen as (held-out 9): a diffusion/LLM training framework builds its state under
``jax.eval_shape(self.initial_state, initializer, key)``; ``initial_state`` calls the
``Partial`` initializer, unboxes the flax variables (``params = nn.unbox(initialized)``, a
flax.linen function, read as an array of the traced input) and raises ``ValueError(f"... only
{sorted(params)}")`` under ``if "params" not in params:`` before reading ``params["params"]``.
"""

import jax
import jax.numpy as jnp
from jax.tree_util import Partial


def init(scale, key):
    return {"params": {"w": scale * jax.random.normal(key, (3,))}, "batch_stats": {"mean": jnp.zeros(3)}}


@jax.jit
def param_total(variables):
    if "params" not in variables:
        raise ValueError(f"no params collection, only {sorted(variables)}")
    largest = len(max(variables))  # the last collection name's length
    names = []
    for name in variables:
        if name:
            names.append(name)
    return sum(jnp.sum(v) for v in jax.tree.leaves(variables["params"])), largest, len(names)


class Trainer:
    def initial_state(self, initializer, key):
        params = initializer(key)
        if "params" not in params:
            raise ValueError(f"the tree has no params collection, only {sorted(params)}")
        return params["params"]["w"] + 1

    def restored(self, variables, scale):
        tree = variables  # one binding: the same mapping
        for name in sorted(tree):
            if name and name != "params":
                continue
        return tree["params"]["w"] * scale


RUNS = [
    lambda: param_total(init(2.0, jax.random.key(0)))[0],
    lambda: jax.eval_shape(Trainer().initial_state, Partial(init, 2.0), jax.random.key(0)),
    lambda: jax.jit(Trainer().restored)(init(1.0, jax.random.key(1)), 3.0),
]
