"""Static arguments whose ``__eq__`` computes with JAX, compared inside a trace (JG203).

A jitted function looks a static argument up in its cache by hash and, when an entry with the same
hash holds another object, compares the two with ``__eq__`` and needs a Python bool. Called from
code that is itself traced (a jitted function's body, a function under ``jax.vmap`` of a jit), that
comparison runs inside the enclosing trace, where ``jnp`` operations are staged even on concrete
arrays: an ``__eq__`` returning ``jnp.allclose(self.a, other.a)`` or ``(self.a == other.a).all()``
on a JAX array gives a tracer, and JAX raises ``ValueError: static arguments should be comparable
using __eq__`` as soon as an equal but new instance arrives (one rebuilt per trial, or by ``vmap``
unflattening a pytree). The same call made outside any trace compares concrete arrays and runs; so
does an ``__eq__`` computed with NumPy, and the same object passed again (an identity hit). JAX
0.10.2: rules/JG203_eq.py.

Read here: a call, in staged code, of a jitted function of the module with known static
arguments; the argument at a static position an instance of a class of the module whose ``__eq__``
returns an expression with a ``jax.numpy``/``jax.lax`` call, or an operator or method on
``self.<attr>``/``other.<attr>`` where ``attr`` holds a JAX array (annotated ``jax.Array``/
``jnp.ndarray`` in the class body, or stored from a ``jnp`` call by ``__init__``). The instance:
``instance_class`` reads it (``C(...)``, a name bound once to one), or a parameter of the function
the call is in (or of one it is nested in) that every call of that function in the module fills
with one.
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis.instances import own_returns
from jitguard.lint.analysis.jitcontext import STAGED
from jitguard.lint.analysis.walk import iter_nodes

_JAX_PREFIXES = ("jax.numpy.", "jax.lax.")
_ARRAY_TYPES = frozenset({"jax.Array", "jax.numpy.ndarray", "jax.numpy.DeviceArray"})


def staged_equality(index, call: cst.Call, scope, static: set[str], positional: list[str]):
    """[(argument node, class name)] for the arguments ``call`` (in ``scope``) passes at the static
    parameters ``static`` of a jitted function whose class's ``__eq__`` computes with JAX, when
    ``scope`` runs inside a staged trace."""
    if scope is None or index.traces.kind(scope) != STAGED:
        return []
    out = []
    for i, arg in enumerate(call.args):
        if arg.star:
            return []
        param = arg.keyword.value if arg.keyword is not None else (positional[i] if i < len(positional) else None)
        if param not in static:
            continue
        klass = _value_class(index, arg.value, scope)
        if klass is not None and _staged_eq(index, klass):
            out.append((arg.value, klass.name))
    return out


def _value_class(index, expr: cst.BaseExpression, scope):
    if isinstance(expr, cst.Name):
        owner = scope
        while owner is not None and owner.param(expr.value) is None:
            owner = owner.parent
        if owner is not None:
            return _parameter_class(index, owner, expr.value)
    return index.instance_class(expr, scope)


def _parameter_class(index, info, name: str):
    """The class of the module every call of ``info`` in the module (at least one, none starred)
    passes at its parameter ``name``."""
    positional = [p.name for p in info.positional]
    found = set()
    for call, where, _klass, _loops in index.calls:
        if not isinstance(call.func, cst.Name) or call.func.value != info.name:
            continue
        resolved = index.resolve_function(call.func, where)
        if resolved is None or resolved[0] is not info:
            continue
        if any(a.star for a in call.args):
            return None
        value = None
        for i, arg in enumerate(call.args):
            if (arg.keyword is not None and arg.keyword.value == name) or (
                    arg.keyword is None and i < len(positional) and positional[i] == name):
                value = arg.value
        klass = index.instance_class(value, where) if value is not None else None
        if klass is None:
            return None
        found.add(klass.name)
    return index.classes[found.pop()] if len(found) == 1 else None


def _staged_eq(index, klass) -> bool:
    """Does ``klass.__eq__`` return a value computed with JAX (a tracer inside a trace)?"""
    eq = klass.methods.get("__eq__")
    if eq is None or not isinstance(eq.node, cst.FunctionDef) or len(eq.positional) != 2:
        return False
    names = {p.name for p in eq.positional}
    arrays = _array_attributes(index, klass)
    for ret in own_returns(eq.node):
        if ret.value is None:
            continue
        for node in iter_nodes(ret.value):
            if isinstance(node, cst.Call) and (index.resolve(node.func, eq) or "").startswith(_JAX_PREFIXES):
                return True
            if (isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value in names
                    and node.attr.value in arrays):
                return True
    return False


def _array_attributes(index, klass) -> set[str]:
    """Attributes of ``klass`` that hold a JAX array: annotated so in the class body, or stored
    from a ``jax.numpy`` call by a plain ``self.<attr> = jnp...(...)`` of its ``__init__``."""
    out = set()
    for stmt in klass.node.body.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if (isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name)
                        and index.resolve(small.annotation.annotation, None) in _ARRAY_TYPES):
                    out.add(small.target.value)
    init = klass.methods.get("__init__")
    if init is not None and isinstance(init.node, cst.FunctionDef) and init.positional:
        this = init.positional[0].name
        for node in iter_nodes(init.node.body):
            if (isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Attribute)
                    and isinstance(node.targets[0].target.value, cst.Name) and node.targets[0].target.value.value == this
                    and isinstance(node.value, cst.Call)
                    and (index.resolve(node.value.func, init) or "").startswith("jax.numpy.")):
                out.add(node.targets[0].target.attr.value)
    return out
