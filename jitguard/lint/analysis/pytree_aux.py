"""The aux data of pytree flatten functions: attributes a registration keeps out of the leaves.

``jax.tree_util.register_pytree_node(Cls, flatten, unflatten)`` (and ``register_pytree_with_keys``,
whose flatten pairs each child with its key) calls ``flatten(obj)`` to split an instance into
``(children, aux_data)``. Under ``jax.jit``/``vmap`` the children become tracers and the aux data
stays the Python value it was: JAX compares it with ``==`` to pick the compiled program and hands
it back to ``unflatten`` unchanged (checked on JAX 0.10.2: tests/test_pytree_aux.py). So an
attribute the flatten function puts in the aux data is static on a traced instance::

    jax.tree_util.register_pytree_node(
        IrrepsArray,
        lambda x: ((x.array,), x.irreps),       # irreps: aux data, a Python value under jit
        lambda irreps, children: IrrepsArray(irreps, children[0]),
    )

Read here: the flatten given as a lambda or as the name of a ``def`` of the module, and the
``tree_flatten``/``tree_flatten_with_keys`` method of a class decorated
``@register_pytree_node_class``/``@register_pytree_with_keys_class``. The aux data is read where
it is plain: an attribute of the flatten's parameter (``x.irreps``, ``x.a.irreps``), or a tuple,
list or dict of them, also through a local name (``aux = (x.n, x.m); return children, aux``).
An attribute used in a computation there (``len(x.items)``) is not metadata itself, and is not
read. An aux that is the whole object (``lambda ir: ((), ir)``) names no attribute.

Only the standard library is used (``ast``): the text scan of the whole tree
(``jitguard.lint.textscan.metadata_names``) runs this on every file that registers a pytree, and
must not import libcst.
"""

from __future__ import annotations

import ast

_REGISTER_CALLS = frozenset({"register_pytree_node", "register_pytree_with_keys"})
_REGISTER_CLASS = frozenset({"register_pytree_node_class", "register_pytree_with_keys_class"})
_FLATTEN_METHODS = frozenset({"tree_flatten", "tree_flatten_with_keys"})


def aux_attributes(source: str) -> set[str]:
    """Names of the attributes that the module's pytree flatten functions return as aux data."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    defs: dict[str, list[ast.FunctionDef]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            defs.setdefault(node.name, []).append(node)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _last_name(node.func) in _REGISTER_CALLS and len(node.args) >= 2:
            flatten = node.args[1]
            if isinstance(flatten, ast.Lambda):
                names |= _lambda_aux(flatten)
            elif isinstance(flatten, ast.Name):
                for fn in defs.get(flatten.id, ()):
                    names |= _function_aux(fn)
        elif isinstance(node, ast.ClassDef) and any(_last_name(_callee(d)) in _REGISTER_CLASS for d in node.decorator_list):
            for stmt in node.body:
                if isinstance(stmt, ast.FunctionDef) and stmt.name in _FLATTEN_METHODS:
                    names |= _function_aux(stmt)
    return names


def _callee(expr: ast.expr) -> ast.expr:
    return expr.func if isinstance(expr, ast.Call) else expr


def _last_name(expr: ast.expr) -> str | None:
    """``jax.tree_util.register_pytree_node`` -> "register_pytree_node"; ``jtu.f`` -> "f"."""
    if isinstance(expr, ast.Attribute):
        return expr.attr
    if isinstance(expr, ast.Name):
        return expr.id
    return None


def _single_param(args: ast.arguments) -> str | None:
    """The one parameter a flatten function is called with (the instance)."""
    positional = [*args.posonlyargs, *args.args]
    required = len(positional) - len(args.defaults)
    if required != 1 or args.vararg is not None or any(d is None for d in args.kw_defaults):
        return None
    return positional[0].arg


def _lambda_aux(fn: ast.Lambda) -> set[str]:
    param = _single_param(fn.args)
    if param is None or not isinstance(fn.body, ast.Tuple) or len(fn.body.elts) != 2:
        return set()
    return _attributes(fn.body.elts[1], param, {})


def _function_aux(fn: ast.FunctionDef) -> set[str]:
    param = _single_param(fn.args)
    if param is None:
        return set()
    # local names bound once in the body (``aux = (x.n, x.m)``), not in nested functions
    bound: dict[str, list[ast.expr]] = {}
    returns: list[ast.expr] = []
    stack: list[ast.AST] = list(fn.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            bound.setdefault(node.targets[0].id, []).append(node.value)
        elif isinstance(node, ast.Return) and node.value is not None:
            returns.append(node.value)
        stack.extend(ast.iter_child_nodes(node))
    names: set[str] = set()
    for value in returns:
        if isinstance(value, ast.Tuple) and len(value.elts) == 2:
            names |= _attributes(value.elts[1], param, bound)
    return names


def _attributes(expr: ast.expr, param: str, bound: dict[str, list[ast.expr]], depth: int = 0) -> set[str]:
    """The attributes of ``param`` that ``expr`` holds as they are: ``x.a`` (``x.a.b``: ``b``), in
    a tuple, list or dict (values), or a local name bound once to one of those."""
    if depth > 8:
        return set()
    if isinstance(expr, ast.Attribute):
        root = expr.value
        while isinstance(root, ast.Attribute):
            root = root.value
        return {expr.attr} if isinstance(root, ast.Name) and root.id == param else set()
    if isinstance(expr, (ast.Tuple, ast.List)):
        out: set[str] = set()
        for el in expr.elts:
            out |= _attributes(el, param, bound, depth + 1)
        return out
    if isinstance(expr, ast.Dict):
        out = set()
        for value in expr.values:
            out |= _attributes(value, param, bound, depth + 1)
        return out
    if isinstance(expr, ast.Name) and expr.id != param and len(bound.get(expr.id, ())) == 1:
        return _attributes(bound[expr.id][0], param, bound, depth + 1)
    return set()
