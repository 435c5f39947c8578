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


# -- the analyses that read the record give the answers of their own walks -------------------------

TRICKY = '''
import functools
import jax

@functools.partial(jax.jit, static_argnums=(1,))
@jax.vmap
def f(x, n=jnp.zeros(3), *, k=lambda q=g(1): h(q)) -> jax.Array:
    for i in range(n(1)):
        while c(i):
            y = [u(v) for v in w(1) if p(v) if q(v) for t in r(v)]
            d = {ka(a): va(a) for a in s(2)}
        else:
            e(2)
    else:
        e(3)
    import numpy as np
    return np.sum(x)

class A(base(1), metaclass=meta(2)):
    z = field(static=True)
    if cond():
        def m(self):
            return self.z(1)
    @property
    def size(self) -> int:
        return len(self.z)
    class B: t = make(3)

X = [jax.jit(lambda a: a)(i) for i in range(2)]

def plain(a=default(1)):
    return body(a)
'''


def _indexes(source: str):
    """The records (_index_records) of ModuleIndex of ``source`` built from the shared walk and by
    the old walk (_collect_walk); the indexes released (no cycle left for the cycle collector:
    tests/test_memory.py counts what it finds)."""
    from jitguard.lint.analysis.imports import ImportTable
    from jitguard.lint.analysis.jitcontext import ModuleIndex

    module = cst.parse_module(source)
    out = []
    walk.share(module)
    try:
        for collect in (ModuleIndex._collect, ModuleIndex._collect_walk):
            imports = ImportTable("pkg.mod")
            imports.add_module(module)
            index = ModuleIndex.__new__(ModuleIndex)
            index._collect = collect.__get__(index)  # (an instance attribute: the class is untouched)
            index.__init__(module, imports, source=source)
            out.append(_index_records(index))
            index.release()
    finally:
        walk.unshare()
    return out


def _index_records(index):
    node = lambda n: None if n is None else id(n.node)  # noqa: E731
    return (
        [(id(f.node), f.name, node(f.parent), node(f.cls), f.is_method, f.is_classmethod, tuple(map(id, f.loops)),
          sorted(f.imports.names.items())) for f in index.functions],
        [(id(c), node(f), node(k), tuple(map(id, loops))) for c, f, k, loops in index.calls],
        [(name, node(f)) for name, f in index.module_defs.items()],
        [(name, id(c.node), sorted(c.methods), sorted(c.static_fields)) for name, c in index.classes.items()],
        sorted(index.imports.names.items()), [(name, id(v)) for name, v in index._module_assigns],
        index.callees, [(id(c), t, node(f)) for c, t, f, _l in index.transform_calls],
    )


def test_the_index_from_the_record_is_the_index_of_its_walk():
    """Same records in the same order: a def's parts and a loop's are visited in an order of their
    own (body before parameters and decorators, the else first), which the index's lists keep."""
    new, old = _indexes(TRICKY)
    assert new[1] and new == old


def test_the_index_from_the_record_on_the_repository_files():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    checked = 0
    for path in sorted((root / "jitguard" / "lint" / "analysis").glob("*.py"))[:12] + sorted((root / "rules").glob("*.py"))[:12]:
        new, old = _indexes(path.read_text())
        assert new == old, path
        checked += 1
    assert checked > 12


def test_own_classes_from_the_record_and_from_the_walk():
    from jitguard.lint.analysis import shapes

    module = cst.parse_module(TRICKY + "def g():\n    class K: pass\n    if c:\n        class L: pass\n    def h():\n        class M: pass\n")
    walk.share(module)
    try:
        defs = walk.shared(module).of_type(module, frozenset({cst.FunctionDef}))
        shared = {d.name.value: sorted(c.name.value for c in shapes._own_classes(d.body)) for d in defs}
    finally:
        walk.unshare()
    plain = {d.name.value: sorted(c.name.value for c in shapes._own_classes(d.body)) for d in defs}
    assert shared == plain and shared["g"] == ["K", "L"] and shared["h"] == ["M"]
