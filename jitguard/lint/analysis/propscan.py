"""Property getters of several statements, and host queries, for the tree-wide scan of static
properties (``pytree_aux.static_properties``, which reads one ``return`` alone by itself).

A getter such as::

    @property
    def n_per_device(self) -> int:
        per_device, remainder = divmod(self.n_total, jax.device_count())
        if remainder != 0:
            raise RuntimeError("...")
        return per_device

returns a Python int on a traced instance: ``jax.device_count()`` (and ``local_device_count``,
``process_count``, ``process_index``) is a Python int under ``jax.jit`` (checked on JAX 0.10.2),
``divmod``/``min``/``max``/``abs``/``round`` of Python numbers are Python numbers, and names bound
from static values are static. Read here: local assignments (to names or tuples of names) from
static values, ``if`` on a static test, ``raise``, and ``return`` of static values; anything else
makes the getter unknown.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

# jax.<query>() of the running processes and devices: Python ints, also under a transform
HOST_QUERIES = frozenset({"device_count", "local_device_count", "process_count", "process_index"})
# builtins whose result is a Python value when every argument is one
VALUE_BUILTINS = frozenset({"divmod", "min", "max", "abs", "round", "pow", "int", "float", "bool", "str", "sorted",
                            "tuple"})

Static = Callable[[ast.expr, set, set], bool]


def static_call(expr: ast.Call, known: set[str], names: set[str], static: Static) -> bool:
    """``jax.device_count()`` (``jax`` a module-level name of the file), or a builtin of static
    arguments (``divmod(self.n, jax.device_count())``)."""
    func = expr.func
    if isinstance(func, ast.Attribute) and func.attr in HOST_QUERIES:
        return isinstance(func.value, ast.Name) and func.value.id in names and not expr.args and not expr.keywords
    if isinstance(func, ast.Name) and func.id in VALUE_BUILTINS and func.id not in names:
        return all(static(a, known, names) for a in expr.args) and all(
            static(k.value, known, names) for k in expr.keywords)
    return False


def static_body(body: list[ast.stmt], known: set[str], names: set[str], static: Static) -> bool:
    """Does every ``return`` of this getter body give a static value (and is there one)?"""
    local = set(names)
    returns = _walk(body, known, local, static)
    return bool(returns)


def _walk(body: list[ast.stmt], known: set[str], local: set[str], static: Static) -> int | None:
    """The number of static returns, or 0 when a statement is not one read here."""
    count = 0
    for stmt in body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue  # a docstring
        if isinstance(stmt, ast.Raise):
            continue
        if isinstance(stmt, ast.Assign):
            if not static(stmt.value, known, local):
                return 0
            for target in stmt.targets:
                targets = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
                if not all(isinstance(t, ast.Name) for t in targets):
                    return 0
                local.update(t.id for t in targets)
        elif isinstance(stmt, ast.If):
            if not static(stmt.test, known, local):
                return 0
            inner = [_walk(part, known, local, static) if part else 1 for part in (stmt.body, stmt.orelse)]
            if not all(inner):
                return 0
            count += sum(inner)
        elif isinstance(stmt, ast.Return):
            if stmt.value is None or not static(stmt.value, known, local):
                return 0
            count += 1
        else:
            return 0
    return count or (1 if body else 0)
