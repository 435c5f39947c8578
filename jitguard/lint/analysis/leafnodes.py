"""Values held in a registered pytree node without children: tree structure, Python values under jit.

A class registered with a flatten function that returns no children::

    jax.tree_util.register_pytree_node(Frozen, lambda f: ((), f.value), lambda value, _: Frozen(value))

flattens to zero leaves: everything it holds rides in the aux data, so under ``jax.jit`` (and
``vmap``, the lax loops) an instance is rebuilt from that Python value at trace time (checked on
JAX 0.10.2: tests/precision_cases/fresh5_frozen_field_leafless_node.py). A library "freezes" a
setting by wrapping it in such a node on set and unwrapping it on get::

    def freeze(value):
        return value if isinstance(value, Frozen) else Frozen(value)

    class Config:
        def __init__(self, time, ...):
            self._time = freeze(time)           # always a Frozen: a leafless node

        @property
        def time(self):
            return unfreeze(self._time)         # a Python value on a traced Config

Read here, in one file (``ast`` only: the tree-wide scan runs it on each file that registers a
pytree, ``pytree_aux.static_properties``):

* the leafless classes: ``register_pytree_node``/``register_pytree_with_keys`` whose flatten (a
  lambda or a def of the module) returns ``((), aux)`` on every path, and classes decorated
  ``@register_pytree_node_class`` whose ``tree_flatten`` does;
* the wrappers: module-level functions of one parameter whose every return is a new instance of a
  leafless class or the parameter where ``isinstance(p, C)`` of such a class holds;
* the frozen attributes: a name every assignment to an attribute of which in the file is a call
  of a wrapper or of a leafless class, or, in a ``tree_unflatten`` classmethod, the element of the
  children at the position where the class's ``tree_flatten`` puts that same attribute (JAX
  hands each child back as it was flattened). Any other assignment to that name in the file (a
  raw value, a ``setattr``), or a ``setattr``/``__setattr__`` with a computed name, keeps it out;
* the pure helpers: module-level functions whose every return is built from their parameters as
  a static property's is (attributes, ``isinstance``, constants): Python values when their
  arguments are (``unfreeze``).

Attributes assigned in other files are not seen. The frozen attributes only seed the static
properties of the file; they are not added to the tree's metadata names themselves.
"""

from __future__ import annotations

import ast

from jitguard.lint.analysis.jaxapi import REGISTER_NODE_NAMES

_LAST_TREE: tuple = (None, None)  # (source, its ast): module_ast's one-file memo


def module_ast(source: str) -> ast.Module:
    """``ast.parse(source)``, once per file for the tree scan's readers of one text
    (textscan.metadata_names: the aux attributes and frozen attributes of pytree_aux, the
    registrars of pytree_annot, :func:`seeds`), which read the tree and never change it: the last
    text's tree is kept (the text itself too, so ``is`` names the same content). Raises what
    ``ast.parse`` raises (nothing is kept then)."""
    global _LAST_TREE
    last, tree = _LAST_TREE
    if last is source:
        return tree
    tree = ast.parse(source)
    _LAST_TREE = (source, tree)
    return tree

def keep_ast(source: str, tree: ast.Module) -> None:
    """Make ``tree`` (``ast.parse(source)``, made elsewhere: the engine's first pass) the tree
    :func:`module_ast` gives for ``source``: a module that registers pytree nodes reads it again
    for its aux data (pytrees.metadata_fields) right after the first pass parsed it."""
    global _LAST_TREE
    _LAST_TREE = (source, tree)


REGISTER_CALLS = REGISTER_NODE_NAMES  # register_pytree_node / register_pytree_with_keys by last name
REGISTER_CLASS = frozenset({"register_pytree_node_class", "register_pytree_with_keys_class"})
FLATTEN_METHODS = frozenset({"tree_flatten", "tree_flatten_with_keys"})
_SETATTR = frozenset({"setattr", "__setattr__"})
PURE = "\x00pure-function:"  # a marker entry of the known names: a pure helper of the file


def last_name(expr: ast.expr) -> str | None:
    """``jax.tree_util.register_pytree_node`` -> "register_pytree_node"; ``jtu.f`` -> "f"."""
    if isinstance(expr, ast.Attribute):
        return expr.attr
    if isinstance(expr, ast.Name):
        return expr.id
    return None


def _returns(fn: ast.FunctionDef) -> list[ast.expr | None]:
    """The values of the function's own ``return`` statements (not nested functions')."""
    out: list[ast.expr | None] = []
    stack: list[ast.AST] = list(fn.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Return):
            out.append(node.value)
        stack.extend(ast.iter_child_nodes(node))
    return out


def no_children(expr: ast.expr | None) -> bool:
    """``((), aux)`` / ``([], aux)``: a flatten result with no children."""
    return (isinstance(expr, ast.Tuple) and len(expr.elts) == 2 and isinstance(expr.elts[0], (ast.Tuple, ast.List))
            and not expr.elts[0].elts)


def flattens_to_nothing(fn: ast.FunctionDef) -> bool:
    returns = _returns(fn)
    return bool(returns) and all(no_children(r) for r in returns)


def leafless_classes(nodes: list[ast.AST], defs: dict[str, list[ast.FunctionDef]]) -> set[str]:
    """Names of the classes the file registers as pytree nodes without children."""
    out: set[str] = set()
    for node in nodes:
        if (isinstance(node, ast.Call) and last_name(node.func) in REGISTER_CALLS and len(node.args) >= 2
                and isinstance(node.args[0], ast.Name)):
            flatten = node.args[1]
            if isinstance(flatten, ast.Lambda):
                leafless = no_children(flatten.body)
            else:
                fns = defs.get(flatten.id, []) if isinstance(flatten, ast.Name) else []
                leafless = bool(fns) and all(flattens_to_nothing(fn) for fn in fns)
            if leafless:
                out.add(node.args[0].id)
        elif isinstance(node, ast.ClassDef) and any(
                last_name(d.func if isinstance(d, ast.Call) else d) in REGISTER_CLASS for d in node.decorator_list):
            flattens = [s for s in node.body if isinstance(s, ast.FunctionDef) and s.name in FLATTEN_METHODS]
            if flattens and all(flattens_to_nothing(fn) for fn in flattens):
                out.add(node.name)
    return out


def _narrowing(test: ast.expr, param: str, leafless: set[str]) -> int:
    """1: ``isinstance(param, C)`` of a leafless class; -1: its negation; 0: neither."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return -_narrowing(test.operand, param, leafless)
    if (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance"
            and len(test.args) == 2 and not test.keywords and isinstance(test.args[0], ast.Name)
            and test.args[0].id == param and isinstance(test.args[1], ast.Name) and test.args[1].id in leafless):
        return 1
    return 0


def _makes_leafless(expr: ast.expr | None, param: str, narrowed: bool, leafless: set[str]) -> bool:
    if isinstance(expr, ast.Call):
        return isinstance(expr.func, ast.Name) and expr.func.id in leafless
    if isinstance(expr, ast.Name):
        return narrowed and expr.id == param
    if isinstance(expr, ast.IfExp):
        t = _narrowing(expr.test, param, leafless)
        return (_makes_leafless(expr.body, param, narrowed or t == 1, leafless)
                and _makes_leafless(expr.orelse, param, narrowed or t == -1, leafless))
    return False


def _body_makes_leafless(body: list[ast.stmt], param: str, narrowed: bool, leafless: set[str]) -> int:
    """The number of returns, each a leafless instance; 0 when one is not or a statement is not read."""
    count = 0
    for stmt in body:
        if isinstance(stmt, (ast.Raise, ast.Pass)) or (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)):
            continue
        if isinstance(stmt, ast.Return):
            return count + 1 if _makes_leafless(stmt.value, param, narrowed, leafless) else 0
        if not isinstance(stmt, ast.If):
            return 0
        t = _narrowing(stmt.test, param, leafless)
        parts = [_body_makes_leafless(stmt.body, param, narrowed or t == 1, leafless) if stmt.body else 1,
                 _body_makes_leafless(stmt.orelse, param, narrowed or t == -1, leafless) if stmt.orelse else 1]
        if not all(parts):
            return 0
        count += sum(parts)
    return count


def wrapper_functions(module: ast.Module, leafless: set[str]) -> set[str]:
    """Module-level functions of one parameter that return a leafless node on every path."""
    out: set[str] = set()
    for stmt in module.body:
        if not isinstance(stmt, ast.FunctionDef) or stmt.decorator_list:
            continue
        args = stmt.args
        positional = [*args.posonlyargs, *args.args]
        if len(positional) != 1 or args.vararg or args.kwarg or args.kwonlyargs:
            continue
        if _body_makes_leafless(stmt.body, positional[0].arg, False, leafless):
            out.add(stmt.name)
    return out


def _flatten_positions(cls: ast.ClassDef) -> dict[int, str] | None:
    """Position -> attribute of ``self`` in the children ``tree_flatten`` returns (one return)."""
    for stmt in cls.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "tree_flatten" and stmt.args.args:
            returns = _returns(stmt)
            me = stmt.args.args[0].arg
            if len(returns) != 1 or not isinstance(returns[0], ast.Tuple) or len(returns[0].elts) != 2:
                return None
            children = returns[0].elts[0]
            if not isinstance(children, (ast.Tuple, ast.List)):
                return None
            return {i: c.attr for i, c in enumerate(children.elts)
                    if isinstance(c, ast.Attribute) and isinstance(c.value, ast.Name) and c.value.id == me}
    return None


def _unflatten_children(cls: ast.ClassDef) -> tuple[ast.FunctionDef, str] | None:
    """The ``tree_unflatten`` classmethod and the name of its children parameter."""
    for stmt in cls.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "tree_unflatten" and len(stmt.args.args) == 3:
            return stmt, stmt.args.args[2].arg
    return None


def _assignments(scope: ast.AST) -> tuple[list[tuple[ast.expr, ast.expr | None]], list[ast.expr]]:
    """(target, value) of every assignment in ``scope``, tuple targets paired with a tuple value
    element by element (value None when it is not one); and the name argument of every
    ``setattr``/``__setattr__`` call."""
    out: list[tuple[ast.expr, ast.expr | None]] = []
    named: list[ast.expr] = []
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                out.extend(_pairs(target, node.value))
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            out.append((node.target, node.value if isinstance(node, ast.AnnAssign) else None))
        elif isinstance(node, ast.Call) and last_name(node.func) in _SETATTR and len(node.args) >= 2:
            named.append(node.args[1])
    return out, named


def _pairs(target: ast.expr, value: ast.expr | None) -> list[tuple[ast.expr, ast.expr | None]]:
    if isinstance(target, (ast.Tuple, ast.List)):
        if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts):
            return [p for t, v in zip(target.elts, value.elts) for p in _pairs(t, v)]
        return [p for t in target.elts for p in _pairs(t, None)]
    return [(target, value)]


def _restored(module: ast.Module) -> set[int]:
    """The ids of the attribute targets a ``tree_unflatten`` assigns from its children at the
    position where ``tree_flatten`` put that same attribute."""
    out: set[int] = set()
    for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
        positions = _flatten_positions(cls)
        found = _unflatten_children(cls)
        if not positions or found is None:
            continue
        fn, children = found
        for node in ast.walk(fn):
            if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple)
                    and isinstance(node.value, ast.Name) and node.value.id == children):
                for i, t in enumerate(node.targets[0].elts):
                    if isinstance(t, ast.Attribute) and positions.get(i) == t.attr:
                        out.add(id(t))
    return out


def frozen_attributes(module: ast.Module, leafless: set[str], wrappers: set[str]) -> set[str]:
    """Attribute names that every assignment in the file sets to a leafless node."""
    makers = leafless | wrappers
    restored = _restored(module)
    frozen: set[str] = set()
    other: set[str] = set()
    assigned, named = _assignments(module)
    for name in named:
        if not (isinstance(name, ast.Constant) and isinstance(name.value, str)):
            return set()  # setattr(obj, name, v) with a computed name: anything may be set
        other.add(name.value)  # setattr(obj, "name", v): not read
    for target, value in assigned:
        if not isinstance(target, ast.Attribute) or id(target) in restored:
            continue
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in makers:
            frozen.add(target.attr)
        else:
            other.add(target.attr)
    return frozen - other


def pure_functions(module: ast.Module, names: set[str], static) -> set[str]:
    """Module-level functions (no decorator) whose every return is static when their parameters
    are: ``static(expr, known, names)`` is the static properties' test, given the parameters as
    names."""
    out: set[str] = set()
    for stmt in module.body:
        if not isinstance(stmt, ast.FunctionDef) or stmt.decorator_list:
            continue
        args = stmt.args
        params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
        if args.vararg or args.kwarg or not params:
            continue
        returns = _returns(stmt)
        if returns and all(r is not None and static(r, set(), names | params) for r in returns) and not _rebinds(stmt):
            out.add(stmt.name)
    return out


def _rebinds(fn: ast.FunctionDef) -> bool:
    """Any statement but a docstring, ``if``/``return``/``raise`` (a local name may be anything)."""
    stack: list[ast.stmt] = list(fn.body)
    while stack:
        stmt = stack.pop()
        if isinstance(stmt, ast.If):
            stack.extend([*stmt.body, *stmt.orelse])
        elif not (isinstance(stmt, (ast.Return, ast.Raise, ast.Pass))
                  or isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)):
            return True
    return False


def seeds(source: str, names: set[str], static) -> set[str]:
    """The known names a static property of the file may read: its frozen attributes, and
    :data:`PURE` + each pure helper (when the file has frozen attributes at all)."""
    if "register_pytree" not in source:
        return set()
    try:
        module = module_ast(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    defs: dict[str, list[ast.FunctionDef]] = {}
    nodes = list(ast.walk(module))
    for node in nodes:
        if type(node) is ast.FunctionDef:
            defs.setdefault(node.name, []).append(node)
    leafless = leafless_classes(nodes, defs)
    if not leafless:
        return set()
    frozen = frozen_attributes(module, leafless, wrapper_functions(module, leafless))
    if not frozen:
        return set()
    return frozen | {PURE + name for name in pure_functions(module, names, static)}
