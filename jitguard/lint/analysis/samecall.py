"""SAMECALL: a call of a jitted function that repeats an earlier one of the same iteration.

``batched(scales)`` twice in one loop body, nothing between them rebinding or touching
``scales`` (a warm-up, then the timed call): the first call compiles for the new shape, the
second passes the same values and finds the program the first one compiled (JAX 0.10.2:
``jax.jit(jax.vmap(f))`` called twice per batch size adds 1 then 0 to its cache, ``jax.jit`` with a
static argument and ``eqx.filter_jit`` the same). The churn rules (JG302-JG304) report the first
call only: :func:`repeats_earlier_call` marks the second (``CallFact.repeat``).

The second call ``B`` repeats an earlier ``A`` when

* both are simple statements (an expression, an assignment, a return for ``B``) of the same
  block of the loop body (or of the function body), ``A``'s before ``B``'s, and ``A`` runs whenever
  its statement does (not under a lambda, a comprehension, a branch of ``x if c else y``, the
  right side of ``and``/``or``);
* the two calls are the same expression (Python's ``ast`` of their source), whose callee is a
  name or a dotted name and whose arguments are made of names, literals, subscripts, slices,
  tuples and operators only (no call, attribute or lambda, whose value could differ each time);
* no name the call reads is written, mutated or handed to another call between them: not
  assigned (also by ``for``, ``with ... as``, ``import``, ``:=``, ``def``, ``del``), not the
  root of an assigned attribute or item, not the owner of a method call, not inside another
  call's arguments (which could change a mutable value in place), in ``A``'s statement after ``A``
  and in every statement up to ``B``'s; and declared ``global``/``nonlocal`` nowhere in the module
  (a function called between could then rebind it).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

import libcst as cst

from jitguard.lint.analysis.walk import children, iter_nodes, nodes_of

_SIMPLE = (cst.Expr, cst.Assign, cst.AnnAssign, cst.AugAssign)
_SCOPES = (cst.Lambda, cst.FunctionDef, cst.ClassDef, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)
_DECLARATIONS = frozenset({cst.Global, cst.Nonlocal})
_PURE = (cst.Name, cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString, cst.Subscript,
         cst.SubscriptElement, cst.Index, cst.Slice, cst.BinaryOperation, cst.UnaryOperation, cst.Tuple, cst.Element)


def repeats_earlier_call(call: cst.Call, loops: tuple, func, module: cst.Module) -> bool:
    """Does ``call`` repeat an earlier call of its block that filled JAX's cache for it (above)?"""
    if loops:
        root = loops[-1]
        if not isinstance(root, (cst.For, cst.While)):
            return False  # a comprehension's element
        block = root.body
    else:
        node = getattr(func, "node", None) if func is not None else module
        if not isinstance(node, (cst.FunctionDef, cst.Module)):
            return False
        block = node.body if isinstance(node, cst.FunctionDef) else node
    names = _read_names(call)
    found = _locate(block, call) if names is not None else None
    if found is None:
        return False
    units, at = found
    path = _ancestors(units[at], call)
    if path is None or any(isinstance(n, _SCOPES) for n in path) or _declared_elsewhere(module, names):
        return False
    same = _key(module, call)
    if same is None or _touches(units[at], names, module, same, skip=call):
        return False
    for unit in reversed(units[:at]):
        earlier = _unconditional_twin(unit, module, same) if isinstance(unit, _SIMPLE) else None
        if earlier is not None:
            return not _touches(unit, names, module, same, skip=earlier)
        if _touches(unit, names, module, same):
            return False
    return False


def _read_names(call: cst.Call) -> frozenset[str] | None:
    """The names the call reads (its callee's root and its arguments'), or None when the call is
    not one whose value repeats (a callee other than a dotted name, an argument with a call, an
    attribute, a lambda, a spread)."""
    fn = call.func
    while isinstance(fn, cst.Attribute):
        fn = fn.value
    if not isinstance(fn, cst.Name):
        return None
    names = {fn.value}
    for arg in call.args:
        if arg.star:
            return None
        for node in iter_nodes(arg.value):
            if not isinstance(node, _PURE) and not isinstance(node, (cst.BaseBinaryOp, cst.BaseUnaryOp)):
                return None
            if isinstance(node, cst.Name):
                names.add(node.value)
    return frozenset(names)


def _units(block) -> list[cst.CSTNode]:
    """A block's statements, each small statement of a line on its own."""
    if isinstance(block, cst.SimpleStatementSuite):
        return list(block.body)
    out: list[cst.CSTNode] = []
    for stmt in block.body:
        out.extend(stmt.body if isinstance(stmt, cst.SimpleStatementLine) else (stmt,))
    return out


def _blocks(stmt: cst.CSTNode) -> Iterator[cst.BaseSuite]:
    """The blocks of a compound statement that run in the same iteration as the statement."""
    if isinstance(stmt, cst.If):
        yield stmt.body
        if stmt.orelse is not None:
            yield from _blocks(stmt.orelse) if isinstance(stmt.orelse, cst.If) else (stmt.orelse.body,)
    elif isinstance(stmt, cst.With):
        yield stmt.body
    elif isinstance(stmt, cst.Try):
        yield stmt.body
        for handler in stmt.handlers:
            yield handler.body
        for part in (stmt.orelse, stmt.finalbody):
            if part is not None:
                yield part.body


def _locate(block, call: cst.Call) -> tuple[list[cst.CSTNode], int] | None:
    """(the statements of the block that holds the call's simple statement, its index there)."""
    units = _units(block)
    for i, unit in enumerate(units):
        if not any(n is call for n in iter_nodes(unit)):
            continue
        if isinstance(unit, (*_SIMPLE, cst.Return)):
            return units, i
        for inner in _blocks(unit):
            found = _locate(inner, call)
            if found is not None:
                return found
        return None
    return None


def _ancestors(root: cst.CSTNode, target: cst.CSTNode) -> list[cst.CSTNode] | None:
    """The nodes from ``root`` down to ``target``'s parent, or None if ``target`` is not below."""
    stack: list[tuple[cst.CSTNode, list[cst.CSTNode]]] = [(root, [])]
    while stack:
        node, path = stack.pop()
        if node is target:
            return path
        stack.extend((child, [*path, node]) for child in children(node))
    return None


def _key(module: cst.Module, call: cst.Call) -> str | None:
    """The call's expression as Python reads it (whitespace, comments and parentheses aside)."""
    try:
        return ast.dump(ast.parse("(" + module.code_for_node(call) + ")", mode="eval"))
    except SyntaxError:
        return None


def _unconditional_twin(unit: cst.CSTNode, module: cst.Module, same: str) -> cst.Call | None:
    """A call of the statement that is the same expression and runs whenever the statement does."""
    for node in iter_nodes(unit):
        if isinstance(node, cst.Call) and _key(module, node) == same:
            path = _ancestors(unit, node)
            if path is not None and _runs_always(path, node):
                return node
    return None


def _runs_always(path: list[cst.CSTNode], node: cst.CSTNode) -> bool:
    for parent, child in zip(path, [*path[1:], node]):
        if isinstance(parent, _SCOPES):
            return False
        if isinstance(parent, cst.IfExp) and child is not parent.test:
            return False
        if isinstance(parent, cst.BooleanOperation) and child is not parent.left:
            return False
    return True


def _touches(unit: cst.CSTNode, names: frozenset[str], module: cst.Module, same: str,
             skip: cst.CSTNode | None = None) -> bool:
    """Does the statement write, mutate or pass on one of ``names`` (outside ``skip`` and the calls
    that are the same expression)?"""
    stack = [unit]
    while stack:
        node = stack.pop()
        if node is skip:
            continue
        if isinstance(node, cst.Call):
            if _key(module, node) == same:
                continue
            if _root(node.func.value if isinstance(node.func, cst.Attribute) else None) in names:
                return True  # a method of the value (`x.append(...)`, `x.fill(0)`)
            if any(isinstance(n, cst.Name) and n.value in names for a in node.args for n in iter_nodes(a.value)):
                return True  # handed to a function, which may change it in place
        elif any(_root(t) in names for w in _written(node) for t in _elements(w)):
            return True
        stack.extend(children(node))
    return False


def _written(node: cst.CSTNode) -> Iterator[cst.BaseExpression]:
    """The expressions a statement or expression node assigns to (their roots are rebound or changed)."""
    if isinstance(node, cst.AssignTarget):
        yield node.target
    elif isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor, cst.NamedExpr)):
        yield node.target
    elif isinstance(node, cst.AsName):
        yield node.name
    elif isinstance(node, cst.Del):
        yield node.target
    elif isinstance(node, (cst.FunctionDef, cst.ClassDef)):
        yield node.name
    elif isinstance(node, cst.ImportAlias) and node.asname is None:
        name = node.name
        while isinstance(name, cst.Attribute):
            name = name.value
        yield name


def _elements(target: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    """The targets of ``a, (b, *c) = ...`` one by one."""
    if isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _elements(element.value)
    else:
        yield target


def _root(expr: cst.BaseExpression | None) -> str | None:
    """``x`` of ``x``, ``x.a[0]``, ``*x``."""
    while isinstance(expr, (cst.Attribute, cst.Subscript, cst.StarredElement)):
        expr = expr.value
    return expr.value if isinstance(expr, cst.Name) else None


def _declared_elsewhere(module: cst.Module, names: frozenset[str]) -> bool:
    """Is one of ``names`` declared ``global`` or ``nonlocal`` somewhere in the module?"""
    for node in nodes_of(module, _DECLARATIONS):
        if isinstance(node, (cst.Global, cst.Nonlocal)) and any(n.name.value in names for n in node.names):
            return True
    return False
