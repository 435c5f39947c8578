"""KEYEDMAP: a name a function indexes by a string is a mapping, and iterating it gives its keys.

JAX arrays take no string index: ``x["params"]`` raises TypeError ("JAX does not support string
indexing") and ``"params" in x`` raises TypeError too (``Array.__contains__``), on a tracer as on
a concrete array (JAX 0.10.2). So when a function reads ``v["params"]`` or tests ``"params" in
v``, ``v`` is not an array but a mapping (a dict of collections, a pytree node keyed by
strings), and what iterating it gives (``sorted(v)``, ``set(v)``, ``for k in v``, ``max(v)``)
are its keys: hashable, so never tracers, whatever its values hold.

The same holds for a name the function both tests and reads with one key name, ``if k in v:
... v[k]`` (the key-then-read idiom of a mapping): on an array, ``k in v`` compares ``k`` with
its values (``(v == k).any()``) while ``v[k]`` selects by position, so the same ``k`` is a value
in one and a position in the other; on a dict both are a key (``tests/precision_cases/
merge5_key_tested_then_read.py``).

Only for a name with one value in the function: a parameter it never rebinds, or a local it
binds exactly once (the string index may be read anywhere in the function's own body, not in
nested functions, which have their own names).
(``tests/precision_cases/fresh9_keys_of_string_keyed_tree.py``)
"""

from __future__ import annotations

from collections import Counter

import libcst as cst

from jitguard.lint.analysis.memo import PerIndex
from jitguard.lint.analysis.walk import iter_nodes, own_nodes

_KEYED = PerIndex()
_STRINGS = (cst.SimpleString, cst.ConcatenatedString)


def keyed_mapping(index, info, expr: cst.BaseExpression) -> bool:
    """Is ``expr`` a name of ``info`` that its body indexes by a string (a mapping)?"""
    if info is None or not isinstance(expr, cst.Name):
        return False
    table = _KEYED.table(index)
    names = table.get(info)
    if names is None:
        names = table[info] = _keyed_names(info)
    return expr.value in names


def _keyed_names(info) -> frozenset[str]:
    if not isinstance(info.node, cst.FunctionDef):
        return frozenset()
    keyed: set[str] = set()
    binds: Counter = Counter()
    tested: set[tuple[str, str]] = set()  # (v, k) of ``k in v``
    indexed: set[tuple[str, str]] = set()  # (v, k) of ``v[k]``
    for node in own_nodes(info.node.body):
        name = _string_keyed(node)
        if name is not None:
            keyed.add(name)
        _name_pairs(node, tested, indexed)
        for target in _binding_targets(node):
            for n in iter_nodes(target):
                if isinstance(n, cst.Name):
                    binds[n.value] += 1
    keyed.update(v for v, _ in tested & indexed)
    params = {p.name for p in info.params}
    return frozenset(n for n in keyed if binds[n] == (0 if n in params else 1))


def _name_pairs(node: cst.CSTNode, tested: set, indexed: set) -> None:
    """Record ``k in v`` / ``k not in v`` and ``v[k]`` of two names (the key-then-read idiom)."""
    if (isinstance(node, cst.Comparison) and len(node.comparisons) == 1 and isinstance(node.left, cst.Name)
            and isinstance(node.comparisons[0].operator, (cst.In, cst.NotIn))
            and isinstance(node.comparisons[0].comparator, cst.Name)):
        tested.add((node.comparisons[0].comparator.value, node.left.value))
    elif isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and len(node.slice) == 1:
        sl = node.slice[0].slice
        if isinstance(sl, cst.Index) and isinstance(sl.value, cst.Name):
            indexed.add((node.value.value, sl.value.value))


def _string_keyed(node: cst.CSTNode) -> str | None:
    """``v["k"]`` or ``"k" in v`` / ``"k" not in v``: ``v``'s name."""
    if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and len(node.slice) == 1:
        sl = node.slice[0].slice
        if isinstance(sl, cst.Index) and isinstance(sl.value, _STRINGS):
            return node.value.value
    if (isinstance(node, cst.Comparison) and len(node.comparisons) == 1 and isinstance(node.left, _STRINGS)
            and isinstance(node.comparisons[0].operator, (cst.In, cst.NotIn))
            and isinstance(node.comparisons[0].comparator, cst.Name)):
        return node.comparisons[0].comparator.value
    return None


def _binding_targets(node: cst.CSTNode) -> list:
    """What ``node`` binds (the targets whose names it assigns), or makes unknown (global)."""
    if isinstance(node, cst.Assign):
        return [t.target for t in node.targets]
    if isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.NamedExpr)):
        return [node.target]
    if isinstance(node, (cst.For, cst.CompFor)):
        return [node.target]
    if isinstance(node, cst.WithItem) and node.asname is not None:
        return [node.asname.name]
    if isinstance(node, cst.ExceptHandler) and node.name is not None:
        return [node.name.name]
    if isinstance(node, cst.Del):
        return [node.target]
    if isinstance(node, (cst.Global, cst.Nonlocal)):
        # declared elsewhere: count it twice, never one value here
        return [a.name for a in node.names] * 2
    if isinstance(node, (cst.Import, cst.ImportFrom)) and not isinstance(node.names, cst.ImportStar):
        return [a.asname.name if a.asname is not None else a.name for a in node.names]
    return []
