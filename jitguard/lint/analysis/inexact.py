"""Values of an inexact (floating or complex) dtype, as far as the source shows them.

JAX's differentiation transforms (``jax.vjp``, ``jax.jvp``, ``jax.linearize``, ``jax.grad`` with
its ``argnums``, ``jacfwd``/``jacrev``) make a tracer of each differentiated argument of an
inexact dtype; an integer or bool argument gets a ``float0`` tangent and reaches the function as
the Python value it is (JAX 0.10.2, tests/test_holdout20_mechanisms.py). So what such a transform
passes at a static position of a jitted function is a tracer (unhashable) exactly when its value
is inexact. Read here:

* a Python float or complex literal (also negated), ``np.float32(0.5)``/``jnp.complex64(...)``;
* an array JAX or NumPy makes in its default floating dtype: ``zeros``/``ones``/``empty``/``eye``/
  ``identity``/``linspace`` without ``dtype=``, ``array``/``asarray`` of a list or tuple display
  holding a float literal and no ``dtype=``, and NumPy's ``random.rand``/``randn``/``random``/
  ``normal``/``uniform``;
* a name bound once to one of those, by a plain assignment or by unpacking a tuple display of
  the same length (``A, B = 2.0, 3.0``), in the function or around it, or at module level.
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi
from jitguard.lint.analysis.hashability import unpacked_binding
from jitguard.lint.analysis.jitcontext import keyword
from jitguard.lint.analysis.lattice import scalar_kind

_FLOAT_DEFAULT = frozenset(f"{mod}.{fn}" for mod in ("jax.numpy", "numpy")
                           for fn in ("zeros", "ones", "empty", "eye", "identity", "linspace"))
_FLOAT_DRAWS = frozenset(f"numpy.random.{fn}" for fn in ("rand", "randn", "random", "normal", "uniform"))
_FROM_DISPLAY = frozenset(f"{mod}.{fn}" for mod in ("jax.numpy", "numpy") for fn in ("array", "asarray"))
_INEXACT_DTYPES = frozenset(d for d in jaxapi.SCALAR_DTYPES if d.startswith(("float", "bfloat", "complex")))


def inexact_kind(expr: cst.BaseExpression, index, scope, depth: int = 3) -> str | None:
    """What ``expr`` is when it is surely of an inexact dtype (for a message), else None."""
    resolve = lambda e: index.resolve(e, scope)  # noqa: E731
    kind = scalar_kind(expr, resolve)
    if kind in ("float", "complex"):
        return f"a Python {kind}"
    if kind and kind.startswith("strong ") and kind.split()[1] in _INEXACT_DTYPES:
        return f"a {kind.split()[1]} scalar"
    if type(expr) is cst.Name and depth > 0:
        value = _bound_value(expr.value, index, scope)
        return inexact_kind(value, index, scope, depth - 1) if value is not None else None
    if type(expr) is not cst.Call:
        return None
    name = index.resolve(expr.func, scope) or ""
    if keyword(expr, "dtype") is not None:
        return None
    if name in _FLOAT_DEFAULT or name in _FLOAT_DRAWS:
        return "a floating-point array"
    if name in _FROM_DISPLAY and expr.args and isinstance(expr.args[0].value, (cst.List, cst.Tuple)) \
            and any(scalar_kind(e.value) == "float" for e in expr.args[0].value.elements):
        return "a floating-point array"
    return None


def _bound_value(name: str, index, scope) -> cst.BaseExpression | None:
    """The value ``name`` is bound to once, by a plain assignment or by unpacking a tuple display."""
    value = index.binding(name, scope)
    if value is not None:
        return value
    where = scope
    while where is not None:
        if any(p.name == name for p in where.params):
            return None
        if name in index.assigned_names(where):
            return None  # assigned more than once (or augmented): not one value
        found = unpacked_binding(name, where)
        if found is not None:
            return found[0] if found[1] is None else None
        where = where.parent
    if name in index.assigned_names(None):
        return None
    return _module_unpacked(name, index)


def _module_unpacked(name: str, index) -> cst.BaseExpression | None:
    """``A, B = 2.0, 3.0`` at module level, the only statement that binds ``name`` there."""
    found = []
    for stmt in index.module.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if not isinstance(small, cst.Assign):
                continue
            for t in small.targets:
                target, value = t.target, small.value
                if not (isinstance(target, cst.Tuple) and isinstance(value, cst.Tuple)
                        and len(target.elements) == len(value.elements)
                        and not any(isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements))):
                    continue
                for te, ve in zip(target.elements, value.elements):
                    if isinstance(te.value, cst.Name) and te.value.value == name:
                        found.append(ve.value)
    return found[0] if len(found) == 1 else None
