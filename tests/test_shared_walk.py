"""walk.ModuleNodes, the one shared walk of the checked module: its answers are those of the walks
it replaces (iter_nodes, own_nodes), and it answers only for nodes of the shared module."""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import walk

SOURCE = '''
import jax
from jax import numpy as jnp

X = 1

@jax.jit
def f(x, y=2):
    global X
    z = [v + 1 for v in x]
    g = lambda a: a * 2
    def inner(b):
        return b + f(b)
    class C:
        k = inner(1)
    return g(z) + inner(y) + jnp.sum(x)

for i in range(3):
    f(i)
'''


def _shared():
    module = cst.parse_module(SOURCE)
    walk.share(module)
    return module, walk.shared(module)


def test_the_record_is_iter_nodes_in_order():
    module, shared = _shared()
    try:
        assert shared is not None
        assert len(shared.nodes) == len(list(walk.iter_nodes(module)))
        assert all(a is b for a, b in zip(shared.nodes, walk.iter_nodes(module)))
        for k, node in enumerate(shared.nodes):
            below = list(walk.iter_nodes(node))
            assert shared.span(node) == (k, k + len(below))
            assert shared.parent(node) is (None if k == 0 else shared.nodes[shared.parents[k]])
    finally:
        walk.unshare()


def test_of_type_and_own_of_type_match_the_walks():
    module, shared = _shared()
    kinds = frozenset({cst.Call, cst.Name, cst.Global})
    try:
        for root in [module, *(n for n in walk.iter_nodes(module) if not isinstance(n, cst.Name))]:
            assert list(map(id, shared.of_type(root, kinds))) == [id(n) for n in walk.iter_nodes(root) if type(n) in kinds]
            own = [n for n in walk.own_nodes(root) if type(n) in kinds]
            assert sorted(map(id, shared.own_of_type(root, kinds))) == sorted(map(id, own))
    finally:
        walk.unshare()


def test_only_the_shared_module_is_answered():
    module, shared = _shared()
    other = cst.parse_module(SOURCE)
    try:
        assert walk.shared(other) is None
        assert walk.shared(other.body[0]) is None
        assert walk.shared(module.body[0]) is shared
    finally:
        walk.unshare()
    assert walk.shared(module) is None
