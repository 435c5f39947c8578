"""Which expressions surely evaluate to a JAX or NumPy array, read from the source.

An array is unhashable (``hash(jnp.ones(3))`` and ``hash(np.ones(3))`` raise TypeError; so does a
0-d JAX array), so it fails at a static position of ``jax.jit``, and an array of more than one
element kept in a pytree's metadata fails when JAX compares that metadata with ``==`` (checked
under JAX 0.10.2: tests/test_recall9_mechanisms.py). Arrays are made by:

* the array constructors (``jaxapi.ARRAY_MAKERS``) and any ``jax.numpy``/``jax.random``/``jax.lax``
  call that returns arrays (``hashability.jax_array_call``: ``jnp.cos(x)``, ``jax.random.uniform``);
* NumPy's random draws given a ``size`` (``np.random.normal(0, 1, 5)``, and the methods of a
  ``Generator``/``RandomState``: ``rng = np.random.default_rng(); rng.integers(0, 9, size=4)``),
  and ``permutation`` always; without a size they return one Python or NumPy scalar (hashable);
* arithmetic or a comparison with an array: ``jnp.ones(3) * 2``, ``-x`` and ``x > 0`` of a JAX
  array are JAX arrays; with a NumPy array of more than one element a NumPy array
  (``np.array(3.0) * 2`` is a NumPy scalar); :func:`boolean_array` says which are masks;
* a name bound once to one of those, and a call of a function of the module whose every
  ``return`` gives one (an element of the tuple it returns: ``Rope(*caches(16, 32))``).

:func:`many_elements` says where the source shows more than one element: the constructors
(``jnp.zeros(n)``; not ``np.array(3.0)`` nor ``np.zeros(1)``), a size/shape parameter given
(``jaxsig.SIZE_PARAMETERS``: ``jax.random.uniform(k, (10, 10))``, not ``jax.random.uniform(k)``),
and what an elementwise function, ``outer`` or arithmetic makes of such an array. A reduction
(``jnp.sum(x)``) or any other call is not read (it may give one element).
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi, jaxsig

_DEPTH = 4

# the position of `size` among the positional parameters of NumPy's random functions and of the
# methods of numpy.random.Generator / RandomState (None: the result is an array whatever the
# arguments). Checked against NumPy's signatures by tests/test_recall9_mechanisms.py.
NUMPY_RANDOM_SIZE: dict[str, int | None] = {
    "integers": 2, "randint": 2, "normal": 2, "uniform": 2, "lognormal": 2, "laplace": 2, "logistic": 2,
    "binomial": 2, "beta": 2, "gamma": 2, "exponential": 1, "poisson": 1, "choice": 1,
    "random": 0, "random_sample": 0, "standard_normal": 0, "permutation": None,
}
# np.random.rand(d0, d1, ...) / randn: one array of those dimensions, a float without any
_NUMPY_RANDOM_DIMS = frozenset({"rand", "randn"})
_RANDOM_STATES = frozenset({"numpy.random.default_rng", "numpy.random.Generator", "numpy.random.RandomState"})
# jax.numpy functions that keep their argument's shape (tests/test_recall9_mechanisms.py runs each)
ELEMENTWISE = frozenset(f"jax.numpy.{fn}" for fn in (
    "cos", "sin", "tan", "cosh", "sinh", "tanh", "arccos", "arcsin", "arctan", "exp", "exp2", "expm1", "log",
    "log1p", "log2", "log10", "sqrt", "cbrt", "square", "abs", "absolute", "negative", "reciprocal", "sign",
    "floor", "ceil", "round", "real", "imag", "conj", "conjugate",
))
# functions whose result has at least as many elements as each of their arguments
_GROWING = frozenset({"jax.numpy.outer", "jax.numpy.kron", "numpy.outer", "numpy.kron"})
_ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.FloorDivide, cst.Modulo, cst.Power,
               cst.MatrixMultiply, cst.BitAnd, cst.BitOr, cst.BitXor, cst.LeftShift, cst.RightShift)
_SIGNS = (cst.Minus, cst.Plus, cst.BitInvert)
_COMPARE = (cst.LessThan, cst.LessThanEqual, cst.GreaterThan, cst.GreaterThanEqual, cst.Equal, cst.NotEqual)

JAX, NUMPY, ANY = "a JAX array", "a NumPy array", "an array"


def array_kind(expr: cst.BaseExpression, index, scope, depth: int = 0, helpers: bool = True) -> str | None:
    """``JAX``, ``NUMPY`` or ``ANY`` (a constructor called here) when ``expr`` surely evaluates to an
    array (module docstring); None when the source does not say so. ``helpers=False``: a call of
    a function of the module is not read (the caller reads its returns itself)."""
    if not helpers and isinstance(expr, cst.Call) and scope_view_callee(expr, index, scope) is not None:
        return None
    found = _read(expr, index, scope, depth)
    if found is not None and isinstance(expr, cst.Call) and index.resolve(expr.func, scope) in jaxapi.ARRAY_MAKERS:
        return ANY  # `np.zeros(3)`, `jnp.array(x)`: "an array", as the findings always said
    return found[0] if found is not None else None


def many_elements(expr: cst.BaseExpression, index, scope, depth: int = 0, given=None) -> bool:
    """Is ``expr`` an array the source shows has more than one element (module docstring)?
    ``given``: (a function, {parameter: what :func:`read_argument` read of the value one call
    passes}): the parameters of that function read as that call's arguments."""
    found = _read(expr, index, scope, depth, given)
    return found is not None and found[1]


def read_argument(expr: cst.BaseExpression, index, scope) -> tuple[str, bool] | None:
    """(kind, more than one element shown) of an argument a call passes, for ``given``."""
    return _read(expr, index, scope, 0)


def _read(expr, index, scope, depth: int, given=None) -> tuple[str, bool] | None:
    """(kind, more than one element shown) or None."""
    if depth > _DEPTH:
        return None
    if isinstance(expr, cst.Call):
        return _call(expr, index, scope, depth, given)
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, _ARITHMETIC):
        return _combined([_read(side, index, scope, depth + 1, given) for side in (expr.left, expr.right)])
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, _SIGNS):
        return _combined([_read(expr.expression, index, scope, depth + 1, given)])
    if _comparison(expr):  # `x > 0` of an array: an elementwise boolean array
        return _combined([_read(side, index, scope, depth + 1, given)
                          for side in (expr.left, expr.comparisons[0].comparator)])
    if isinstance(expr, cst.Name):
        from jitguard.lint.analysis.hashability import bound_once

        if given is not None and scope is given[0] and scope.param(expr.value) is not None:
            return given[1].get(expr.value)  # a parameter, read as one call's argument
        found = bound_once(expr.value, index, scope)
        return _read(found[0], index, found[1], depth + 1, given) if found is not None else None
    if isinstance(expr, cst.Subscript):
        return _returned_element(expr, index, scope, depth)
    return None


def _comparison(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Comparison) and len(expr.comparisons) == 1 and isinstance(
        expr.comparisons[0].operator, _COMPARE)


def boolean_array(expr: cst.BaseExpression, index, scope, depth: int = 0) -> bool:
    """Is ``expr`` an elementwise boolean array (a mask): a comparison of an array (``idx > 2``),
    ``~``, ``&``, ``|`` of masks, or a name bound once to one?"""
    if depth > _DEPTH:
        return False
    if isinstance(expr, cst.Name):
        from jitguard.lint.analysis.hashability import bound_once

        found = bound_once(expr.value, index, scope)
        return found is not None and boolean_array(found[0], index, found[1], depth + 1)
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.BitInvert):
        return boolean_array(expr.expression, index, scope, depth + 1)
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.BitAnd, cst.BitOr, cst.BitXor)):
        return all(boolean_array(side, index, scope, depth + 1) for side in (expr.left, expr.right))
    return _comparison(expr) and _read(expr, index, scope, depth) is not None


def _combined(operands: list) -> tuple[str, bool] | None:
    """Arithmetic: a JAX operand makes a JAX array; a NumPy one of more than one element a NumPy
    array (a 0-d one gives a NumPy scalar); more than one element when an operand has them."""
    many = any(o is not None and o[1] for o in operands)
    if any(o is not None and o[0] == JAX for o in operands):
        return JAX, many
    return (NUMPY, True) if many else None


def _call(call: cst.Call, index, scope, depth: int, given=None) -> tuple[str, bool] | None:
    from jitguard.lint.analysis.hashability import jax_array_call

    name = index.resolve(call.func, scope)
    if name in jaxapi.ARRAY_MAKERS:
        return JAX if name.startswith("jax.") else NUMPY, not one_element(call)
    if name in _GROWING:
        return _combined([_read(a.value, index, scope, depth + 1, given) for a in call.args if a.keyword is None]) or (
            (JAX, False) if name.startswith("jax.") else None)
    if jax_array_call(name):
        if name in ELEMENTWISE:
            args = [a for a in call.args if a.keyword is None and not a.star]
            return JAX, bool(args) and many_elements(args[0].value, index, scope, depth + 1, given)
        return JAX, name in _RAW_KEY_MAKERS or _size_given(call, name)
    drawn = _numpy_draw(call, name, index, scope)
    if drawn is not None:
        return drawn
    return _returned_element(call, index, scope, depth)


# a legacy (raw) PRNG key is its key data: uint32[2] for the default threefry implementation (4
# for rbg), so its `==` is elementwise, with no truth value (`jax.random.key` makes a typed key of
# shape (), whose `==` has one; JAX 0.10.2: rules/JG203.py)
_RAW_KEY_MAKERS = frozenset({"jax.random.PRNGKey"})


def one_element(call: cst.Call) -> bool:
    """``np.array(3.0)``, ``jnp.array([1])``, ``np.zeros(1)``, ``np.full((1,), v)``, and (not sure:
    a scalar or a list) ``np.array(s)`` of a name: an array of one element may be made, whose
    ``==`` has a truth value (JAX compares such metadata without error; JAX 0.10.2: rules/JG203.py)."""
    args = [a for a in call.args if a.keyword is None]
    if not args:
        return False
    first = args[0].value
    maker = call.func.attr.value if isinstance(call.func, cst.Attribute) else (
        call.func.value if isinstance(call.func, cst.Name) else "")
    if maker in ("array", "asarray"):
        if isinstance(first, (cst.Integer, cst.Float, cst.Name, cst.Attribute, cst.UnaryOperation)):
            return True
        return isinstance(first, (cst.List, cst.Tuple)) and len(first.elements) == 1 and isinstance(
            first.elements[0].value, (cst.Integer, cst.Float))
    if maker in ("zeros", "ones", "empty", "full"):
        return _literal_one(first)
    return False


def _literal_one(shape: cst.BaseExpression) -> bool:
    """``1``, ``(1,)``, ``(1, 1)``, ``()``: a shape or size of one element."""
    dims = [e.value for e in shape.elements] if isinstance(shape, (cst.List, cst.Tuple)) else [shape]
    return all(isinstance(d, cst.Integer) and d.value == "1" for d in dims)


def _argument(call: cst.Call, position: int | None, keyword: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    positional = [a for a in call.args if a.keyword is None]
    if position is None or any(a.star for a in positional[:position + 1]):
        return None
    return positional[position].value if position < len(positional) else None


def _size_given(call: cst.Call, name: str) -> bool:
    """A size or shape parameter (``jaxsig.SIZE_PARAMETERS``) given, not of one element."""
    spec = jaxsig.SIZE_PARAMETERS.get(name)
    if spec is None:
        return False
    positions, keywords = spec
    for position, keyword in zip(positions, keywords):
        value = _argument(call, position, keyword)
        if value is not None and not _literal_one(value):
            return True
    return False


def _numpy_draw(call: cst.Call, name: str | None, index, scope) -> tuple[str, bool] | None:
    """``np.random.normal(0, 1, size)``, ``rng.integers(0, 9, size=4)`` with ``rng`` a Generator:
    a NumPy array when a size is given (``permutation`` always); None otherwise."""
    func = call.func
    if name is not None and name.startswith("numpy.random.") and name.count(".") == 2:
        method = name.rsplit(".", 1)[-1]
    elif isinstance(func, cst.Attribute) and _random_state(func.value, index, scope):
        method = func.attr.value
    else:
        return None
    if method in _NUMPY_RANDOM_DIMS:
        dims = [a.value for a in call.args if a.keyword is None]
        return (NUMPY, not all(_literal_one(d) for d in dims)) if dims and not any(a.star for a in call.args) else None
    if method not in NUMPY_RANDOM_SIZE:
        return None
    position = NUMPY_RANDOM_SIZE[method]
    if position is None:
        return NUMPY, True
    size = _argument(call, position, "size")
    if size is None or (isinstance(size, cst.Name) and size.value == "None"):
        return None
    return NUMPY, not _literal_one(size)


def _random_state(expr: cst.BaseExpression, index, scope, depth: int = 0) -> bool:
    """Is ``expr`` a NumPy ``Generator``/``RandomState`` (made here, or a name bound once to one)?"""
    if isinstance(expr, cst.Call):
        return index.resolve(expr.func, scope) in _RANDOM_STATES
    if isinstance(expr, cst.Name) and depth < 2:
        from jitguard.lint.analysis.hashability import bound_once

        found = bound_once(expr.value, index, scope)
        return found is not None and _random_state(found[0], index, found[1], depth + 1)
    return False


def _returned_element(expr: cst.BaseExpression, index, scope, depth: int) -> tuple[str, bool] | None:
    """``helper(...)`` or ``helper(...)[i]``, ``helper`` a plain function of the module whose every
    ``return`` gives an array (the ``i``-th element of the tuple it returns): what they agree on."""
    from jitguard.lint.analysis.shapes import _returned

    element = None
    if isinstance(expr, cst.Subscript):
        if len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Index):
            return None
        at = expr.slice[0].slice.value
        if not isinstance(at, cst.Integer) or not isinstance(expr.value, cst.Call):
            return None
        element, expr = int(at.value), expr.value
    found = scope_view_callee(expr, index, scope)
    if found is None or found[0].node is None:
        return None
    info = found[0]
    returned = _returned(info)
    if returned is None or (element is not None and element >= returned[1]) or (element is None and returned[1] > 1):
        return None
    reads = [_read(values[element or 0], index, info, depth + 1) for values in returned[0]]
    if any(r is None for r in reads) or len({r[0] for r in reads}) != 1:
        return None
    return reads[0][0], all(r[1] for r in reads)


def scope_view_callee(call: cst.BaseExpression, index, scope):
    """The plain function of the module ``call`` runs (``shapes.ScopeView.callee``), or None."""
    from jitguard.lint.analysis.shapes import scope_view

    return scope_view(index, scope).callee(call) if isinstance(call, cst.Call) else None
