"""A jit built once and kept, whose static options come from the call that happened to build it.

``if self._update is None: static = tuple(k for k, v in kwargs.items() if not isinstance(v,
jax.Array)); self._update = jax.jit(update, static_argnames=static)``, then
``self._update(params, X, **kwargs)``: the first call builds the jit, its static set read from
that call's keyword arguments, and every later call reuses it whatever keywords it passes. A later
non-array keyword the first call did not pass (or passed as an array) lands at a position the kept
jit traces: a string there raises TypeError (JAX 0.10.2; aimz#271, rules/JG206_cached_options.py).
The fix keys the kept jits by the static set (``if static not in self._updates:``), which this
does not claim: the guard must test only whether the jit was built (``X is None``, ``not X``), and
nothing else may bind the kept name (a reset, ``self._update = None`` in another method, may
rebuild it for a new static set).
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi
from jitguard.lint.analysis.walk import iter_nodes, own_nodes

_STATIC_OPTIONS = frozenset({"static_argnames", "static_argnums"})


def frozen_option_calls(index):
    """(the call, the kept jit's code, the ``**kwargs`` parameter) for each call ``T(...,
    **kwargs)`` in a function whose ``**kwargs`` parameter the static options of the jit kept in
    ``T`` (an attribute, or a declared global) read, the jit built under ``if T is None:`` (or
    ``if not T:``) in that function, with no ``else``, and ``T`` bound nowhere else (``__init__``
    and the class body aside)."""
    code = index.module.code_for_node
    for scope in index.functions:
        node = scope.node
        if not isinstance(node, cst.FunctionDef) or not isinstance(node.params.star_kwarg, cst.Param):
            continue
        kwargs = node.params.star_kwarg.name.value
        for branch in own_nodes(node.body):
            if not isinstance(branch, cst.If) or branch.orelse is not None:
                continue
            kept = _built_test(branch.test)
            if kept is None or not _keeps(kept, scope):
                continue
            target = code(kept)
            if not _built_from(index, scope, branch, target, kwargs) or _rebound(index, scope, branch, target):
                continue
            for call in own_nodes(node.body):
                if (isinstance(call, cst.Call) and code(call.func) == target and not _inside(branch, call)
                        and any(a.star == "**" and isinstance(a.value, cst.Name) and a.value.value == kwargs
                                for a in call.args)):
                    yield call, target, kwargs


def _built_test(test: cst.BaseExpression) -> cst.BaseExpression | None:
    """``X is None`` / ``not X``: ``X``."""
    if (isinstance(test, cst.Comparison) and len(test.comparisons) == 1
            and isinstance(test.comparisons[0].operator, cst.Is)
            and isinstance(test.comparisons[0].comparator, cst.Name) and test.comparisons[0].comparator.value == "None"):
        return test.left
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return test.expression
    return None


def _keeps(expr: cst.BaseExpression, scope) -> bool:
    """Does ``expr`` name something that outlives the call: ``self.attr`` (``cls.attr``) or a
    global the function declares?"""
    if isinstance(expr, cst.Attribute):
        return isinstance(expr.value, cst.Name) and expr.value.value in ("self", "cls")
    if isinstance(expr, cst.Name):
        return any(isinstance(n, cst.Global) and any(item.name.value == expr.value for item in n.names)
                   for n in own_nodes(scope.node.body))
    return False


def _built_from(index, scope, branch: cst.If, target: str, kwargs: str) -> bool:
    """Does ``branch``'s body bind ``target`` to a jit whose static option reads ``kwargs`` (also
    through a name the function binds from it)?"""
    code = index.module.code_for_node
    derived = {kwargs}
    bound = [n for n in own_nodes(scope.node.body)
             if isinstance(n, cst.Assign) and len(n.targets) == 1 and isinstance(n.targets[0].target, cst.Name)]
    grown = True
    while grown:  # names bound from the keyword arguments, and from those
        grown = False
        for stmt in bound:
            name = stmt.targets[0].target.value
            if name not in derived and _reads(stmt.value, derived):
                derived.add(name)
                grown = True
    for stmt in (n for n in own_nodes(branch.body) if isinstance(n, cst.Assign)):
        value = stmt.value
        if (len(stmt.targets) != 1 or code(stmt.targets[0].target) != target or not isinstance(value, cst.Call)
                or index.transform_of(value.func, scope) not in jaxapi.JIT_TRANSFORMS):
            continue
        if any(a.keyword is not None and a.keyword.value in _STATIC_OPTIONS and _reads(a.value, derived)
               for a in value.args):
            return True
    return False


def _rebound(index, scope, branch: cst.If, target: str) -> bool:
    """Is ``target`` bound outside ``branch`` in its function, or in another function that can
    reach it (a method of the same class, ``__init__`` aside, for ``self.attr``; a function
    declaring the global)?"""
    code = index.module.code_for_node
    attribute = "." in target
    for other in index.functions:
        if other is not scope and (other.name == "__init__" or not isinstance(other.node, cst.FunctionDef)
                                   or (other.cls is not scope.cls if attribute else not _keeps(cst.Name(target), other))):
            continue
        for node in own_nodes(other.node.body):
            targets = (node.targets if isinstance(node, cst.Assign)
                       else [node] if isinstance(node, (cst.AnnAssign, cst.AugAssign)) else [])
            if any(code(t.target) == target for t in targets) and not (other is scope and _inside(branch, node)):
                return True
    return False


def _reads(tree: cst.CSTNode, names: set[str]) -> bool:
    return any(isinstance(n, cst.Name) and n.value in names for n in iter_nodes(tree))


def _inside(tree: cst.CSTNode, node: cst.CSTNode) -> bool:
    return any(n is node for n in iter_nodes(tree))
