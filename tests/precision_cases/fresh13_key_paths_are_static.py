"""Legal (held-out 13): the key paths of ``jax.tree.flatten_with_path`` and
``jax.tree.leaves_with_path`` are Python values, even when the tree's leaves are tracers. A key path
is a tuple of ``DictKey``/``SequenceKey``/``GetAttrKey`` objects read off the tree's structure
(JAX 0.10.2), so ``jax.tree_util.keystr(path) or "<root>"``, ``field not in rejected`` and an ``if``
on them run at trace time under ``jit``, whether the pairs are iterated directly
(``for path, leaf in jax.tree.flatten_with_path(tree)[0]``) or through a name bound to the pairs
(``pairs, treedef = jax.tree.flatten_with_path(tree)``; ``for path, leaf in pairs``).

Seen as (held-out 13): a data-pipeline library's ``_batch_fields`` (``_field(path)`` with
``jax.tree_util.keystr(path) or "<root>"``, ``if field not in rejected``) and a sequential Monte
Carlo library's ``_array_tree_signature`` (``keystr(path) or "<root>"``), both reached with traced
batches and states (3 findings: 2 JG103, 1 JG101).
"""

import jax
import jax.numpy as jnp


def _field(path):
    return jax.tree_util.keystr(path) or "<root>"


def _fields(batch):
    rejected = []
    out = {}
    for path, leaf in jax.tree.flatten_with_path(batch)[0]:
        field = path[:-1] if path and isinstance(path[-1], jax.tree_util.SequenceKey) else path
        if leaf.ndim == 0:
            if field not in rejected:
                rejected.append(field)
            continue
        out[_field(field)] = leaf
    return out


def _signature(state):
    pairs, treedef = jax.tree.flatten_with_path(state)
    names = []
    for path, leaf in pairs:
        names.append(jax.tree_util.keystr(path) or "<root>")
    for path, leaf in jax.tree.leaves_with_path(state):
        if jax.tree_util.keystr(path):
            names.append(leaf.shape)
    return tuple(names), treedef


@jax.jit
def step(batch):
    fields = _fields(batch)
    names, _ = _signature(batch)
    return sum(v.sum() for v in fields.values()) + len(names)


RUNS = [lambda: step({"image": jnp.ones((2, 3)), "label": [jnp.ones(2), jnp.zeros(2)], "w": jnp.float32(1)})]
