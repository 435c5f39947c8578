"""Write jitguard/lint/analysis/jaxsig.py from the installed JAX's own signatures.

    python scripts/gen_jaxsig.py            # rewrite the module
    python scripts/gen_jaxsig.py --check    # exit 1 if the committed module misses an entry

The linter never imports jax, so what it needs to know of JAX's API is generated here, once, and
committed: every public function of jax.numpy, jax.lax, jax.random, jax.nn and jax.ops with a
parameter that sets the size of its output (`shape`, `num`, `num_classes`, `num_segments`,
`length`, `slice_size`, `slice_sizes`, `sizes`, `new_sizes`, `new_shape`, `reps`, `total_repeat_length`, or a
required `size`) -- a traced value there cannot give a static shape -- and every function whose
output size depends on the values of its input unless an optional `size=` bounds it
(`jnp.nonzero`, `jnp.unique`, ...). It also writes, from the same functions:

* SIGNATURES: each function's parameters (positional-only, positional, `*args`, keyword-only,
  `**kwargs`), so `jax.jit(jnp.nonzero, static_argnums=1)` can be checked as JAX checks it, and
  the arguments of `jax.jit(jax.nn.one_hot)(labels, 5)` mapped to parameter names;
* STATIC_AXES and STATIC_AXIS_METHODS: the `axis`/`axes`/`axis1`/`axis2` parameters of
  jax.numpy's functions and of `jax.Array`'s methods that fail under jit when traced -- each one
  found by calling the function under jit with a static axis (it runs) and a traced one (it
  raises); a function this script cannot call generically is left out;
* SIZE_FROM_VALUES: the optional size parameters (`num_segments=None`, `length=None`, ...) whose
  omission makes the function compute the size from its input's values, which fails when that
  input is traced -- found the same way (omitted: it raises under jit, given: it runs);
* STATIC_INTS: the other integer parameters that must be static (`lax.top_k`'s `k`, `jnp.triu`'s
  `k`, `jnp.diff`'s `n`, `jnp.fft.fft`'s `n`, `jnp.split`'s sections, ...) -- each found the same
  way, every parameter of every public function probed with a Python int (its own default, or
  small ones), and left out when it also takes a traced array (`jnp.histogram`'s `bins` as edges)
  or when flipping a boolean option makes a traced value legal (`jnp.delete`'s `obj` with
  `assume_unique_indices=True`); STATIC_INT_METHODS: the same for `jax.Array`'s methods
  (`x.diagonal(offset)`, `x.round(decimals)`, `x.argpartition(kth)`);
* STATIC_INT_SEQUENCES: the parameters that take a sequence of Python ints (`lax.conv`'s
  `window_strides` and `padding` pairs, `lax.slice`'s `start_indices`, `lax.reduce_window`'s
  `window_dimensions`, `lax.pad`'s `padding_config`, ...) -- each parameter annotated as such a
  sequence probed with a tuple of Python ints (operands of rank 2 and 4, sequences as long as the
  operand's rank or its spatial dimensions): the static tuple runs under jit, the same tuple
  traced (a tuple of tracers) raises, and a traced array raises too;
* CONVERTS_TO_NUMPY: the public functions of NumPy (numpy, .linalg, .fft, .random, its scalar
  types) and SciPy (linalg, special, signal, ndimage, fft, stats and its distributions' methods,
  integrate, optimize, interpolate, spatial.distance, sparse.linalg) that raise
  TracerArrayConversionError when given a traced array -- each called under jit with a traced array
  first and concrete values for the rest; left out when the call runs (NumPy handing the call to
  the array's own method: `np.sum`, `np.reshape`), when it hands the call to the array's method
  and converts only for some arguments (`np.reshape(x, 1)`), or none of the probe's forms can
  call it; NumPy's functions that read a number or a shape (`np.zeros(n)`, `np.eye(n)`,
  `np.random.randn(n)`) are found the same way with a traced scalar (runs with a static 2, raises
  traced);
* PYTHON_CONVERSIONS: the functions of builtins, math and cmath that run on a Python int and raise
  a tracer conversion error on a traced one (`hex`, `math.comb`, `cmath.exp`, ...);
* CALLBACK_CONVERSIONS: the NumPy and SciPy functions (numpy, scipy.integrate, scipy.optimize,
  scipy.differentiate) whose first parameter takes a function they call and whose result they
  convert (`quad`, `brentq`, `minimize`, `odeint`, `np.apply_along_axis`, ...) -- each run under
  jit with a function returning a NumPy value (it runs), the same function returning a JAX value
  (it raises a tracer conversion error, or an error raised from one), and the latter eagerly (it
  runs);
* TRACED_FUNCTION_ARGS and BATCHED_FUNCTION_ARGS: the JAX functions that call the Python functions
  they are given with abstract tracers even outside jit (`lax.cond`'s branches, `jnp.piecewise`'s
  functions, `odeint`'s `func`, `cg`'s `A`, ...), each slot found by running the function once with
  a recording function there (scripts/probe_function_args.py), and those whose tracers are vmap's;
* STDLIB_UNHASHABLE: the standard library's public classes whose instances cannot be hashed
  (they define `__eq__` without `__hash__`: `argparse.Namespace`, `types.SimpleNamespace`, ...),
  found by importing the running Python's standard library.

tests/test_jaxsig.py checks the claims under JAX.
"""

from __future__ import annotations

import argparse
import inspect
import re
import sys
from pathlib import Path

import probe_function_args  # scripts/: run as `python scripts/gen_jaxsig.py`

TARGET = Path(__file__).resolve().parents[1] / "jitguard" / "lint" / "analysis" / "jaxsig.py"
MODULES = ("jax.numpy", "jax.lax", "jax.random", "jax.nn", "jax.ops")
SIZE_NAMES = frozenset({"shape", "num", "num_classes", "num_segments", "length", "slice_size", "slice_sizes", "sizes",
                        "new_sizes", "new_shape", "reps", "total_repeat_length"})
# optional `size=` parameters that bound a value-dependent output, except where the output does
# not depend on values at all (mask_indices builds from a static n) or only in one form (where)
NOT_VALUE_DEPENDENT = frozenset({"jax.numpy.mask_indices", "jax.numpy.where"})
# named like a size but not the size of the output: unravel_index's `shape` is the shape of the
# array the indices point into (it runs with a traced shape under jit: tests/test_jaxsig.py)
NOT_SIZES = frozenset({"jax.numpy.unravel_index", "jax.lax.shape_as_value"})


def scan() -> tuple[dict[str, tuple[tuple[int, ...], tuple[str, ...]]], set[str]]:
    import importlib

    sizes: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {}
    bounded: set[str] = set()
    for modname in MODULES:
        module = importlib.import_module(modname)
        for name in sorted(dir(module)):
            fn = getattr(module, name)
            if name.startswith("_") or not callable(fn) or inspect.isclass(fn):
                continue
            try:
                params = list(inspect.signature(fn).parameters.values())
            except (TypeError, ValueError):
                continue
            qual = f"{modname}.{name}"
            positions, keywords = [], []
            for i, p in enumerate(params):
                optional_size = p.name == "size" and p.default is None
                if p.name in SIZE_NAMES or (p.name == "size" and not optional_size):
                    keywords.append(p.name)
                    if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                        positions.append(i)
                elif optional_size and qual not in NOT_VALUE_DEPENDENT:
                    bounded.add(qual)
            if keywords and qual not in NOT_SIZES:
                sizes[qual] = (tuple(positions), tuple(keywords))
    return sizes, bounded


def _functions(modules=MODULES):
    """(qualified name, function, parameters) of every public function with a signature."""
    import importlib

    for modname in modules:
        module = importlib.import_module(modname)
        for name in sorted(dir(module)):
            fn = getattr(module, name)
            if name.startswith("_") or not callable(fn) or inspect.isclass(fn):
                continue
            try:
                params = list(inspect.signature(fn).parameters.values())
            except (TypeError, ValueError):
                continue
            yield f"{modname}.{name}", fn, params


def signature_tokens(params) -> tuple[str, ...]:
    """Parameters as Python writes them, without annotations or defaults: ("a", "/", "b", "*", "c")."""
    out: list[str] = []
    star = False
    for i, p in enumerate(params):
        if p.kind is p.KEYWORD_ONLY and not star:
            out.append("*")
            star = True
        if p.kind is p.VAR_POSITIONAL:
            out.append(f"*{p.name}")
            star = True
        elif p.kind is p.VAR_KEYWORD:
            out.append(f"**{p.name}")
        else:
            out.append(p.name)
        if p.kind is p.POSITIONAL_ONLY and (i + 1 == len(params) or params[i + 1].kind is not p.POSITIONAL_ONLY):
            out.append("/")
    return tuple(out)


def scan_signatures() -> dict[str, tuple[str, ...]]:
    return {qual: signature_tokens(params) for qual, _fn, params in _functions(INT_MODULES)}


# -- axes that must be static: found by running each function under jit ----------------------
AXIS_NAMES = ("axis", "axes", "axis1", "axis2")


def _operand(fn_name: str, param: str):
    """A generic value for a required parameter before the axis (a 2x2 float matrix by default)."""
    import jax.numpy as jnp

    special = {
        "indices": lambda: jnp.zeros((2, 2), int), "repeats": lambda: 2, "kth": lambda: 0, "shift": lambda: 1,
        "arrays": lambda: [jnp.ones((2, 2))] * 2, "tup": lambda: [jnp.ones((2, 2))] * 2, "obj": lambda: 0,
        "values": lambda: jnp.ones((2, 2)), "func1d": lambda: jnp.sum, "func": lambda: jnp.sum,
        "indices_or_sections": lambda: 2, "start": lambda: 0.0, "stop": lambda: 1.0,
        "keys": lambda: [jnp.ones(2)] * 2, "q": lambda: 0.5, "condition": lambda: jnp.array([True, False]),
    }
    if fn_name == "squeeze" and param in ("a", "self"):
        return jnp.ones((1, 2))
    return special.get(param, lambda: jnp.ones((2, 2)))()


def _axis_value(param: str, fn_name: str):
    return {"axis": 0, "axis1": 0, "axis2": 1}.get(param, (1, 0) if fn_name in ("transpose", "permute_dims") else (0, 1))


def axis_call(fn, params, param, fn_name: str, method: bool = False):
    """A function of the axis value that calls ``fn`` with generic operands, ``param`` set to it."""
    args, kw = [], {}
    for q in params:
        if q.name == param or q.default is not q.empty or q.kind in (q.VAR_POSITIONAL, q.VAR_KEYWORD):
            continue
        value = _axis_value(q.name, fn_name) if q.name in AXIS_NAMES else _operand(fn_name, q.name)
        if q.kind is q.KEYWORD_ONLY:
            kw[q.name] = value
        elif params.index(q) < params.index(next(p for p in params if p.name == param)):
            args.append(value)
        else:
            kw[q.name] = value
    target = next(p for p in params if p.name == param)

    def call(axis, **extra):
        f = getattr(args[0], fn_name) if method else fn
        rest = args[1:] if method else args
        if target.kind is target.POSITIONAL_ONLY:
            return f(*rest, axis, **kw, **extra)
        return f(*rest, **kw, **extra, **{param: axis})

    return call


def needs_static(call, value) -> bool:
    """Runs under jit with the value static; raises with it traced."""
    import jax

    try:
        jax.jit(lambda: call(value))()  # noqa: JG301 - one compile per function probed, on purpose
    except Exception:  # noqa: BLE001 - not callable generically: left out
        return False
    try:
        jax.jit(call)(value)
    except Exception:  # noqa: BLE001 - any error: a tracer where JAX needs an int
        return True
    return False


def _spec(params, names) -> tuple[tuple[int, ...], tuple[str, ...]]:
    positions = tuple(i for i, p in enumerate(params) if p.name in names
                      and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD))
    return positions, tuple(p.name for p in params if p.name in names)


def _array_methods():
    """(name, parameters) of jax.Array's public methods with a signature."""
    import jax

    for name in sorted(dir(jax.Array)):
        if name.startswith("_"):
            continue
        try:
            yield name, list(inspect.signature(getattr(jax.Array, name)).parameters.values())
        except (TypeError, ValueError):
            continue


def scan_axes() -> tuple[dict, dict]:
    import jax
    import warnings

    warnings.simplefilter("ignore")
    functions: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {}
    for qual, fn, params in _functions(("jax.numpy",)):
        found = [p.name for p in params if p.name in AXIS_NAMES
                 and needs_static(axis_call(fn, params, p.name, fn.__name__), _axis_value(p.name, fn.__name__))]
        if found:
            functions[qual] = _spec(params, found)
    methods: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {}
    for name, params in _array_methods():
        found = [p.name for p in params if p.name in AXIS_NAMES
                 and needs_static(axis_call(getattr(jax.Array, name), params, p.name, name, method=True),
                                  _axis_value(p.name, name))]
        if found:
            positions, keywords = _spec(params, found)
            methods[name] = (tuple(i - 1 for i in positions), keywords)  # positions after self
    return functions, methods


# -- other integer parameters that must be static: found by running each function under jit ---
# (lax.top_k's k, jnp.triu's k, jnp.diff's n, jnp.fft.fft's n, jnp.split's sections, ...)
INT_MODULES = (*MODULES, "jax.numpy.fft", "jax.numpy.linalg", "jax.scipy.linalg", "jax.scipy.sparse.linalg",
               "jax.scipy.signal", "jax.scipy.special", "jax.scipy.fft", "jax.scipy.ndimage", "jax.scipy.stats",
               "jax.scipy.integrate", "jax.scipy.optimize", "jax.image")
# parameters already covered by another table, or that take arrays/flags/dtypes, never ints
NOT_INT_PARAMS = frozenset({*AXIS_NAMES, *SIZE_NAMES, "size", "dtype", "out", "precision", "where", "key",
                            "preferred_element_type", "fill_value", "axis_name"})


def _int_candidates(param) -> list[int]:
    """The Python ints to probe ``param`` with: its own default, if an int, else small ones."""
    default = param.default
    if default is param.empty:
        return [2, 1]
    if type(default) is int:  # not a bool flag
        return [default or 1]
    return [1] if default is None else []


def _takes_function(param) -> bool:
    """A parameter that takes a function (``lax.map``'s ``f``): named or annotated like one, as the
    function-argument probe finds them."""
    return "Callable" in str(param.annotation) or param.name in probe_function_args.FUNCTION_NAMES


def _passthrough(*args):
    """The function given to a callable-first form (``lax.map(f, xs, batch_size=...)``): returns
    its one argument, or all of them."""
    return args[0] if len(args) == 1 else args


def _ints_call(fn, params, param, sized: bool = False):
    """Like ``axis_call``, with the other required parameters after the first (an array operand)
    given the Python int 1 (``lax.slice_in_dim(x, start, limit)``: both ints); a parameter that
    takes a function gets ``_passthrough``, and the operand is then the first other one
    (``lax.map(f, xs, batch_size=...)``). ``sized``: also give the optional size parameters that
    default to None (SIZE_NAMES) the int 2, for a function that cannot run without one
    (``lax.scan(f, init, length=2, unroll=...)``: nothing to scan over otherwise)."""
    import jax.numpy as jnp

    args, kw = [], {}
    operand = next((i for i, q in enumerate(params) if not _takes_function(q)), 0)
    for i, q in enumerate(params):
        if sized and q.name != param and q.name in SIZE_NAMES and q.default is None:
            kw[q.name] = 2
            continue
        if q.name == param or q.default is not q.empty or q.kind in (q.VAR_POSITIONAL, q.VAR_KEYWORD):
            continue
        value = _passthrough if _takes_function(q) else jnp.ones((4, 4)) if i == operand else 1
        if q.kind is q.KEYWORD_ONLY:
            kw[q.name] = value
        else:
            args.append((i, value))
    index = next(i for i, p in enumerate(params) if p.name == param)
    target = params[index]

    def call(value, **extra):
        positional = [v for i, v in args if i < index]
        later = {params[i].name: v for i, v in args if i > index}
        if target.kind is target.POSITIONAL_ONLY:
            return fn(*positional, value, *later.values(), **kw, **extra)
        return fn(*positional, **later, **kw, **extra, **{param: value})

    return call


def _flag_lifts_it(call, params, value) -> bool:
    """Does flipping a boolean option make the traced value legal (``jnp.delete``'s ``obj`` with
    ``assume_unique_indices=True``)? Then the parameter is static only by default: left out."""
    import functools

    import jax

    for q in params:
        if type(q.default) is not bool or q.kind is q.POSITIONAL_ONLY:
            continue
        try:
            probe = functools.partial(_with_option, call, q.name, not q.default)
            jax.jit(probe)(value)  # noqa: JG301 - one compile per option probed, on purpose
            return True
        except Exception:  # noqa: BLE001 - still raises with the option flipped
            continue
    return False


def _with_option(call, name, flag, value):
    """``call(value)`` with the keyword ``name=flag`` added to the function call it makes."""
    return call(value, **{name: flag})


def _takes_traced_array(call) -> bool:
    """Does the parameter also take a traced array (``jnp.histogram``'s ``bins`` as edges)? Then a
    traced value there is not an error by itself."""
    import jax
    import jax.numpy as jnp

    for value in (jnp.array([0, 1]), jnp.array([0.0, 0.5, 1.0])):
        try:
            jax.jit(call)(value)
            return True
        except Exception:  # noqa: BLE001 - raises with this array too
            continue
    return False


def scan_static_ints(only: frozenset[str] | None = None) -> tuple[dict, dict]:
    """Integer parameters, other than axes and sizes, that raise under jit when traced and run
    with the same value static: every parameter of every public function (or of those in
    ``only``), probed with generic operands for the others (a function this cannot call
    generically is left out). Two tables: those whose value sets the output's shape (sizes JAX
    names otherwise: ``jnp.eye``'s ``N``, ``jnp.split``'s sections) and the others."""
    import warnings

    warnings.simplefilter("ignore")
    out: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {}
    shaping: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {}
    for qual, fn, params in _functions(INT_MODULES):
        if only is not None and qual not in only:
            continue
        found, sizes = [], []
        for p in params:
            if p.name in NOT_INT_PARAMS or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                continue
            for call in (axis_call(fn, params, p.name, fn.__name__), _ints_call(fn, params, p.name),
                         _ints_call(fn, params, p.name, sized=True)):
                values = [value for value in _int_candidates(p) if needs_static(call, value)]
                if values and not _takes_traced_array(call) and not _flag_lifts_it(call, params, values[0]):
                    (sizes if sets_output_shape(call, values[0]) else found).append(p.name)
                    break
        if found:
            out[qual] = _spec(params, found)
        if sizes:
            shaping[qual] = _spec(params, sizes)
    return out, shaping


# -- parameters that take a sequence of Python ints (lax.conv's window_strides, lax.slice's
# start_indices, lax.reduce_window's window_dimensions, lax.pad's padding_config, ...) ----------
# Probed are the parameters annotated as such a sequence (the annotation only picks what to probe:
# each entry is found by running the function); SIZE_NAMES stay JG105's (SIZE_PARAMETERS).
SEQUENCE_ANNOTATION = re.compile(r"Sequence\[int\]|\bShape\b|Sequence\[tuple\[int")


def _sequence_value(param, length: int, pattern: str):
    """A sequence of ``length`` Python ints for ``param`` (all ones, or 0, 1, ...), or of pairs or
    triples of zeros where its annotation says so (``padding``, ``padding_config``)."""
    annotation = str(param.annotation)
    if "tuple[int, int, int]" in annotation:
        return ((0, 0, 0),) * length
    if "tuple[int, int]" in annotation:
        return ((0, 0),) * length
    return tuple(range(length)) if pattern == "range" else (1,) * length


def _sequence_calls(fn, params, param):
    """Calls of ``fn`` as functions of ``param``'s value, each with the value that runs eagerly:
    operands of rank 2 and rank 4 (a convolution's batch, feature and two spatial dimensions),
    the other arrays the operand's shape or a scalar (``reduce_window``'s ``init_value``), a
    string "VALID" (``lax.conv``'s padding), the
    sequences the operand's rank long or two shorter (the spatial dimensions), a function
    parameter a binary function returning its first argument (``reduce_window``'s monoid)."""
    import itertools

    import jax.numpy as jnp

    target = next(p for p in params if p.name == param)
    for rank, scalar_others, short, pattern in itertools.product((2, 4), (False, True), (False, True), ("ones", "range")):
        shape = (4, 4) if rank == 2 else (1, 1, 4, 4)
        length = rank - 2 if short else rank
        if length == 0:
            continue
        args, kw, operand_seen = [], {}, False
        for q in params:
            if q.name == param or q.default is not q.empty or q.kind in (q.VAR_POSITIONAL, q.VAR_KEYWORD):
                continue
            if _takes_function(q) or q.name == "computation":
                value = _first_of
            elif SEQUENCE_ANNOTATION.search(str(q.annotation)):
                value = _sequence_value(q, length, pattern)
            elif str(q.annotation) == "str":  # a padding given by name (lax.conv's)
                value = "VALID"
            elif "Array" in str(q.annotation) or str(q.annotation) == "Any" or not operand_seen:
                value = jnp.ones(shape) if not operand_seen or not scalar_others else jnp.float32(0)
                operand_seen = True
            else:
                value = 1
            (kw.__setitem__(q.name, value) if q.kind is q.KEYWORD_ONLY else args.append((q.name, value)))
        static = _sequence_value(target, length, pattern)
        call = _keyword_call(fn, params, target, args, kw)
        try:
            call(static)
        except Exception:  # noqa: BLE001 - not a valid form of the call: try another
            continue
        yield call, static


def _first_of(*args):
    return args[0]


def _keyword_call(fn, params, target, args, kw):
    index = params.index(target)

    def call(value):
        positional = [v for name, v in args if params.index(next(p for p in params if p.name == name)) < index]
        later = {name: v for name, v in args if params.index(next(p for p in params if p.name == name)) > index}
        if target.kind is target.POSITIONAL_ONLY:
            return fn(*positional, value, *later.values(), **kw)
        return fn(*positional, **later, **kw, **{target.name: value})

    return call


def scan_static_int_sequences(only: frozenset[str] | None = None) -> dict:
    """Parameters that take a sequence of Python ints and raise under jit when it is traced (a
    tuple of tracers) while the same tuple static runs, and do not take a traced array either:
    (positions, keywords) per function. A function this cannot call generically is left out."""
    import warnings

    import jax.numpy as jnp

    warnings.simplefilter("ignore")
    out: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {}
    for qual, fn, params in _functions(INT_MODULES):
        if only is not None and qual not in only:
            continue
        found = []
        for p in params:
            if p.name in NOT_INT_PARAMS or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) \
                    or not SEQUENCE_ANNOTATION.search(str(p.annotation)):
                continue
            for call, static in _sequence_calls(fn, params, p.name):
                if needs_static(call, static) and not _runs_traced(call, jnp.asarray(static)):
                    found.append(p.name)
                    break
        if found:
            out[qual] = _spec(params, found)
    return out


def _runs_traced(call, value) -> bool:
    import jax

    try:
        jax.jit(call)(value)
        return True
    except Exception:  # noqa: BLE001 - raises with the traced array too
        return False


def sets_output_shape(call, value) -> bool:
    """Does the parameter's value set the shape of the output? Called eagerly with ``value`` and
    with neighbours that also run (``jnp.split(x, 2)`` and ``jnp.split(x, 4)``, ``jnp.eye(2)`` and
    ``jnp.eye(3)``): some output of another shape. Then a traced value there is a traced size
    (JG105), not another static int (``jnp.triu``'s ``k``, ``jnp.round``'s ``decimals``: JG104)."""
    import jax

    def shapes(v):
        return [getattr(leaf, "shape", None) for leaf in jax.tree.leaves(call(v))]

    first = shapes(value)
    for other in (value + 1, value * 2, value - 1):
        try:
            if shapes(other) != first:
                return True
        except Exception:  # noqa: BLE001 - not a valid value here (an unequal split): try another
            continue
    return False


def scan_static_int_methods() -> tuple[dict, dict]:
    """The same for `jax.Array`'s methods (``x.round(decimals)``; sizes: ``x.diagonal(offset)``,
    ``x.repeat(repeats)``): positions counted after self."""
    import warnings

    import jax

    warnings.simplefilter("ignore")
    out: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {}
    shaping: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {}
    for name, params in _array_methods():
        found, sizes = [], []
        for p in params[1:]:
            if p.name in NOT_INT_PARAMS or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                continue
            call = axis_call(getattr(jax.Array, name), params, p.name, name, method=True)
            values = [value for value in _int_candidates(p) if needs_static(call, value)]
            if values and not _takes_traced_array(call) and not _flag_lifts_it(call, params, values[0]):
                (sizes if sets_output_shape(call, values[0]) else found).append(p.name)
        for names, table in ((found, out), (sizes, shaping)):
            if names:
                positions, keywords = _spec(params, names)
                table[name] = (tuple(i - 1 for i in positions), keywords)
    return out, shaping


def scan_flag_bounded_outputs() -> dict[str, tuple[str, bool]]:
    """Functions whose output length depends on their (traced) input's values unless a boolean
    option is flipped (``jnp.roots`` strips the polynomial's leading zeros unless
    ``strip_zeros=False``): called on a 1-D array first, eagerly two inputs of one shape give
    outputs of two shapes with the default option, and under jit the traced input raises with the
    default and runs with the option flipped -> (the option, the value that bounds the output)."""
    import jax
    import jax.numpy as jnp
    import warnings

    warnings.simplefilter("ignore")
    first, second = jnp.array([0.0, 1.0, 2.0]), jnp.array([1.0, 2.0, 1.0])
    out: dict[str, tuple[str, bool]] = {}
    for qual, fn, params in _functions(INT_MODULES):
        required = [q for q in params if q.default is q.empty and q.kind not in (q.VAR_POSITIONAL, q.VAR_KEYWORD)]
        if len(required) != 1 or required[0] is not params[0]:
            continue
        for q in params:
            if type(q.default) is not bool or q.kind is q.POSITIONAL_ONLY:
                continue
            flipped = {q.name: not q.default}
            try:
                shapes = {tuple(getattr(leaf, "shape", ())) for x in (first, second)
                          for leaf in jax.tree.leaves(fn(x))}
                if len(shapes) < 2:
                    continue
                jax.jit(lambda x: fn(x, **flipped))(first)  # noqa: JG301 - a probe per option
            except Exception:  # noqa: BLE001 - not callable this way, or the option does not bound it
                continue
            try:
                jax.jit(fn)(first)
            except Exception:  # noqa: BLE001 - the default raises on a traced input: value-dependent
                out[qual] = (q.name, not q.default)
                break
    return out


def scan_size_from_values() -> dict[str, str]:
    """Optional size parameters (default None) that, omitted, are computed from traced input."""
    import jax
    import jax.numpy as jnp
    import warnings

    warnings.simplefilter("ignore")
    out: dict[str, str] = {}
    for qual, fn, params in _functions():
        for p in params:
            if p.name not in SIZE_NAMES or p.default is not None:
                continue
            required = [q for q in params if q.default is q.empty and q.kind in (q.POSITIONAL_ONLY, q.POSITIONAL_OR_KEYWORD)]
            if any(q.kind is q.KEYWORD_ONLY and q.default is q.empty for q in params):
                continue
            operands = [jnp.zeros(3, int) for _ in required]
            try:
                jax.jit(lambda *a: fn(*a, **{p.name: 3}))(*operands)  # noqa: JG301 - a probe per function
            except Exception:  # noqa: BLE001 - not callable generically: left out
                continue
            try:
                jax.jit(lambda *a: fn(*a))(*operands)  # noqa: JG301 - a probe per function
            except Exception:  # noqa: BLE001
                out[qual] = p.name
    return out


# -- NumPy and SciPy functions that convert a traced argument to a NumPy array ----------------
NUMPY_SCAN_MODULES = ("numpy", "numpy.linalg", "numpy.fft", "numpy.random")
SCIPY_SCAN_MODULES = ("scipy.linalg", "scipy.special", "scipy.signal", "scipy.ndimage", "scipy.fft", "scipy.stats",
                      "scipy.integrate", "scipy.optimize", "scipy.interpolate", "scipy.spatial.distance",
                      "scipy.sparse.linalg")
# methods of scipy.stats' distributions (`scipy.stats.norm.cdf(x)`), probed on every distribution
DISTRIBUTION_METHODS = ("pdf", "logpdf", "pmf", "logpmf", "cdf", "logcdf", "sf", "logsf", "ppf", "isf")
# never called by the scan: they read or write files, print, or change NumPy's global state
NOT_PROBED = frozenset({"load", "save", "savez", "savez_compressed", "savetxt", "loadtxt", "genfromtxt", "fromfile",
                        "fromregex", "memmap", "info", "show_config", "show_runtime", "test", "lookfor", "source",
                        "who", "get_include", "set_printoptions", "printoptions", "setbufsize", "seterr",
                        "seterrcall", "errstate", "add_newdoc", "disp", "seterrobj",
                        # NumPy's global random state: a bit generator set from a probe's value
                        # crashed a later draw (segmentation fault)
                        "seed", "set_state", "set_bit_generator"})
# how the probe calls a function: a traced 3x3 array first, then nothing, a Python int, or NumPy
# arrays (a vector ``v``, a matrix ``c``) for the parameters a function needs
ARRAY_FIRST_FORMS = ("x", "x,1", "x,v", "x,c", "x,v,v", "x,c,c")
# then SciPy's solvers, integrators and fitters: a Python function ``f`` first, the traced array
# as the starting point, bound or data after it (``minimize(f, x0)``, ``quad(f, a, b)``,
# ``odeint(f, y0, t)``, ``solve_ivp(f, (t0, t1), y0)``); ``f`` returns a constant and never
# touches its arguments, so a conversion error is the routine's own
CONVERSION_FORMS = (*ARRAY_FIRST_FORMS, "f,x", "f,x,1", "f,x,v", "f,p,x")


def _constant(*args, **kwargs):
    return 0.5


def conversion_operands(form: str, x):
    """The arguments of one probe form, ``x`` the traced array."""
    import numpy as np

    given = {"1": 1, "v": np.array([1.0, 2.0, 3.0]), "c": np.eye(3) + 1.0, "x": x, "n": x, "f": _constant,
             "p": (0.0, 1.0)}
    return tuple(given[token] for token in form.split(","))


def converts_a_tracer(fn) -> str | None:
    """The first probe form under which ``fn`` raises TracerArrayConversionError with the traced
    array in first place (or second, after a callable) and concrete values elsewhere; None when
    some form runs with it (NumPy dispatching to the array's own method, ``np.shape``) or none
    can call it. (No timeout: an
    alarm interrupting NumPy or XLA mid-call crashed a later probe.)"""
    import jax
    import jax.numpy as jnp

    for form in CONVERSION_FORMS:
        try:
            jax.jit(lambda x, form=form: fn(*conversion_operands(form, x)))(jnp.eye(3) * 0.1 + 0.2)  # noqa: JG301 - a probe per form
        except jax.errors.TracerArrayConversionError:
            return form
        except Exception:  # noqa: BLE001 - not callable this way: try the next form
            continue
        return None  # runs with a tracer in first place
    return None


# the same forms with a traced Python-int-like scalar ``n`` first, for what NumPy reads as a number
# or a shape (`np.zeros(n)`, `np.eye(n)`, `np.random.randint(n)`)
CONCRETE_FORMS = tuple("n" + form[1:] for form in ARRAY_FIRST_FORMS)


def needs_a_concrete_number(fn) -> str | None:
    """The first form of CONCRETE_FORMS that runs under jit with ``n`` the static int 2 and raises
    with ``n`` traced; None when a form runs with it traced too, or none runs at all."""
    import jax

    def operands(form, n):
        return conversion_operands(form.replace("n", "x", 1), n)

    for form in CONCRETE_FORMS:
        try:
            jax.jit(lambda form=form: fn(*operands(form, 2)))()  # noqa: JG301 - a probe per form
        except Exception:  # noqa: BLE001 - not callable this way: try the next form
            continue
        try:
            jax.jit(lambda n, form=form: fn(*operands(form, n)))(2)  # noqa: JG301 - a probe per form
        except Exception:  # noqa: BLE001 - any error: NumPy needed the number itself
            return form
        return None
    return None


def _hands_to_method(fn) -> bool:
    """Is ``fn`` written with NumPy's ``_wrapfunc``/``_wrapreduction``, which call the array's own
    method of that name and convert the array only when that method raises TypeError? Then
    whether a tracer converts depends on the other arguments (``np.reshape(x, (-1,))`` runs,
    ``np.reshape(x, 1)`` converts): listed only when the tracer alone converts (``np.clip``)."""
    try:
        source = inspect.getsource(fn)
    except (TypeError, OSError):
        return False
    return "_wrapfunc(" in source or "_wrapreduction(" in source


def _conversion_candidates(modname: str):
    """(qualified name, callable) of a module's public functions, NumPy's scalar types, and the
    methods of scipy.stats' distributions."""
    import importlib

    import numpy as np

    module = importlib.import_module(modname)
    for name in sorted(dir(module)):
        obj = getattr(module, name)
        if name.startswith("_") or name in NOT_PROBED or inspect.ismodule(obj) or not callable(obj):
            continue
        if modname == "scipy.stats" and hasattr(obj, "_parse_args"):  # a distribution instance
            yield from ((f"{modname}.{name}.{m}", getattr(obj, m)) for m in DISTRIBUTION_METHODS if hasattr(obj, m))
            continue
        if inspect.isclass(obj) and not issubclass(obj, np.generic):
            continue
        yield f"{modname}.{name}", obj


def resolve_dotted(qual: str, default=None):
    """The object a dotted name reaches (``scipy.stats.norm.cdf``): the longest importable module,
    then attributes; ``default`` where one is missing."""
    import importlib

    parts = qual.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr, default)
        return obj
    return default


def jax_equivalent(qual: str) -> str | None:
    """The JAX function of the same name (``numpy.lexsort`` -> ``jax.numpy.lexsort``,
    ``scipy.linalg.expm`` -> ``jax.scipy.linalg.expm``), if there is one."""
    target = "jax." + qual if qual.startswith("scipy.") else "jax.numpy." + qual[len("numpy."):]
    return target if callable(resolve_dotted(target)) else None


# -- Python's own functions that need a concrete number: builtins, math, cmath ------------------
PYTHON_SCAN_MODULES = ("builtins", "math", "cmath")
# builtins that read their argument but are checked by a rule of their own (JG103's comparisons,
# range's bounds), or that must not be called
NOT_PYTHON_PROBED = frozenset({"min", "max", "sorted", "range", "input", "breakpoint", "exit", "quit", "help",
                               "open", "print", "exec", "eval", "compile", "vars", "locals", "globals", "dir",
                               "__import__", "delattr", "setattr", "getattr", "memoryview", "super", "object",
                               "type", "classmethod", "staticmethod", "property"})
TRACER_CONVERSION_ERRORS = ("ConcretizationTypeError", "TracerIntegerConversionError", "TracerBoolConversionError",
                            "TracerArrayConversionError")


# math names whose jax.numpy / jax.scipy.special function is named otherwise
MATH_RENAMES = {"fabs": "abs", "pow": "power", "atan2": "arctan2", "atan": "arctan", "asinh": "arcsinh",
                "acosh": "arccosh", "asin": "arcsin", "acos": "arccos", "atanh": "arctanh", "phase": "angle",
                "lgamma": "gammaln", "ulp": "spacing"}


def _jax_math_equivalent(qual: str) -> str | None:
    """``math.sqrt`` -> ``jax.numpy.sqrt``, ``math.lgamma`` -> ``jax.scipy.special.gammaln``."""
    if "." not in qual:
        return None
    short = qual.split(".", 1)[1]
    short = MATH_RENAMES.get(short, short)
    return next((target for target in (f"jax.numpy.{short}", f"jax.scipy.special.{short}")
                 if callable(resolve_dotted(target))), None)


def scan_python_conversions() -> dict[str, tuple[str, str | None]]:
    """Functions of builtins, math and cmath that run on the Python int 2 and raise one of JAX's
    tracer conversion errors on a traced int32 2 (first argument; forms ``(x,)``, ``(x, 2)``,
    ``(x, x)``): name (``hex``, ``math.comb``) -> (the error, the JAX function for it or None)."""
    import importlib
    import warnings

    import jax
    import jax.numpy as jnp

    warnings.simplefilter("ignore")
    out: dict[str, tuple[str, str | None]] = {}
    for modname in PYTHON_SCAN_MODULES:
        module = importlib.import_module(modname)
        for name in sorted(dir(module)):
            obj = getattr(module, name)
            if name.startswith("_") or name in NOT_PYTHON_PROBED or not callable(obj) or inspect.isclass(obj):
                continue
            error = _python_probe(obj)
            if error is not None:
                qual = name if modname == "builtins" else f"{modname}.{name}"
                out[qual] = (error, _jax_math_equivalent(qual))
    return out


def _python_probe(obj) -> str | None:
    """The tracer conversion error ``obj`` raises on a traced number where the same Python number
    runs (2, or 1 for functions defined on [-1, 1] only, like ``math.asin``); None otherwise."""
    import jax
    import jax.numpy as jnp

    for value in (2, 1):
        for form in (lambda x: (x,), lambda x: (x, 2), lambda x: (x, x)):
            try:
                obj(*form(value))
            except Exception:  # noqa: BLE001 - not callable this way: try the next form
                continue
            try:
                jax.jit(lambda x, form=form: (obj(*form(x)), x)[1])(jnp.int32(value))  # noqa: JG301 - a probe per function
            except Exception as exc:  # noqa: BLE001 - which error tells
                return type(exc).__name__ if type(exc).__name__ in TRACER_CONVERSION_ERRORS else None
            return None
    return None


def scan_numpy_conversions() -> dict[str, tuple[str, str | None]]:
    """NumPy and SciPy functions that raise TracerArrayConversionError on a traced argument:
    qualified name -> (the probe form that shows it, the JAX function of the same name or None)."""
    import warnings

    warnings.simplefilter("ignore")
    out: dict[str, tuple[str, str | None]] = {}
    for modname in (*NUMPY_SCAN_MODULES, *SCIPY_SCAN_MODULES):
        for qual, fn in _conversion_candidates(modname):
            form = converts_a_tracer(fn)
            if qual.startswith("numpy.") and (form is None or form.startswith("f")):
                # np.zeros(n), np.full(n, v): reading a traced number says more than converting
                # the second argument of a callable-first form
                form = needs_a_concrete_number(fn) or form
            if form is not None and (form in ("x", "n") or not _hands_to_method(fn)):
                out[qual] = (form, jax_equivalent(qual))
    return out


# -- NumPy and SciPy functions that call a function argument and convert what it returns -------
# `scipy.integrate.quad(f, a, b)` calls `f` with Python floats and reads each result with
# `float()`: a function computing with `jnp` returns a tracer when that runs in staged code
# (constants included), and the conversion raises. Found by running each function whose first
# parameter takes a function under jit with a function returning a NumPy value (it runs), the same
# function returning a JAX value (it raises a tracer conversion error), and the latter eagerly (it
# runs: only staged code fails).
CALLBACK_SCAN_MODULES = ("numpy", "scipy.integrate", "scipy.optimize", "scipy.differentiate")
# the operands after the function: an interval where the function changes sign ("a,b"), a scalar
# or vector start ("s", "v"), a time grid ("t"), a span ("p"), an axis ("0"), a keyword ("k=i":
# `bracket=(0.1, 1.0)`)
CALLBACK_FORMS = ("a,b", "s", "v", "v,t", "p,v", "0,v", "a", "bracket=i")
# never called by the scan: minutes of global optimisation per probe, or interactive
NOT_CALLBACK_PROBED = frozenset({"scipy.optimize.basinhopping", "scipy.optimize.differential_evolution",
                                 "scipy.optimize.dual_annealing", "scipy.optimize.shgo", "scipy.optimize.brute",
                                 "scipy.optimize.direct", "scipy.integrate.qmc_quad", "scipy.integrate.nquad",
                                 "scipy.integrate.tplquad", "scipy.integrate.dblquad"})


def _numpy_result(*args):
    import numpy as np

    return (np.asarray(args[0], dtype=float) - 1.0) ** 2 - 0.25  # roots 0.5 and 1.5, least at 1


def _jax_result(*args):
    import jax.numpy as jnp

    return (jnp.asarray(args[0], dtype=float) - 1.0) ** 2 - 0.25


def _callback_operands(form: str) -> tuple[tuple, dict]:
    import numpy as np

    given = {"a": 0.1, "b": 1.0, "s": 0.75, "v": np.array([0.75, 0.8]), "t": np.array([0.0, 0.1]),
             "p": (0.0, 0.1), "0": 0, "i": (0.1, 1.0)}
    tokens = form.split(",")
    return (tuple(given[t] for t in tokens if "=" not in t),
            {t.split("=")[0]: given[t.split("=")[1]] for t in tokens if "=" in t})


def _caused_by(error: BaseException, kinds: tuple) -> bool:
    """Is ``error``, or an error it was raised from or while handling, one of ``kinds``?
    (``scipy.optimize.minimize`` catches the conversion error of the objective's result and
    raises ValueError from it.)"""
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, kinds):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


def _first_takes_function(fn) -> str | None:
    """The name of ``fn``'s first parameter when it takes a function, else None."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return None
    if not params or params[0].kind not in (params[0].POSITIONAL_ONLY, params[0].POSITIONAL_OR_KEYWORD):
        return None
    first = params[0]
    named = first.name in probe_function_args.FUNCTION_NAMES or first.name in ("fcn", "function", "func1d")
    return first.name if named or "Callable" in str(first.annotation) else None


def converts_callback_result(fn) -> str | None:
    """The first form of CALLBACK_FORMS under which ``fn(g, ...)`` runs under jit with ``g``
    returning a NumPy value, raises a tracer conversion error with ``g`` returning a JAX value,
    and runs with the latter eagerly; None when none does."""
    import jax

    conversions = (jax.errors.TracerArrayConversionError, jax.errors.ConcretizationTypeError,
                   jax.errors.TracerIntegerConversionError, jax.errors.TracerBoolConversionError)
    for form in CALLBACK_FORMS:
        operands, keywords = _callback_operands(form)
        try:
            jax.jit(lambda o=operands, k=keywords: _as_output(fn(_numpy_result, *o, **k)))()  # noqa: JG301 - a probe per form
            fn(_jax_result, *operands, **keywords)
        except Exception:  # noqa: BLE001 - not callable this way: try the next form
            continue
        try:
            jax.jit(lambda o=operands, k=keywords: _as_output(fn(_jax_result, *o, **k)))()  # noqa: JG301 - a probe per form
        except Exception as error:  # noqa: BLE001 - a conversion, or another error: not this fact
            return form if _caused_by(error, conversions) else None
        return None  # runs with a JAX value too (the function hands it back unconverted)
    return None


def _as_output(result):
    """Nothing of ``result`` is returned from the jitted probe: only what the call did counts."""
    del result
    return 0


def scan_callback_conversions() -> dict[str, tuple[str, str]]:
    """qualified name -> (the probe form that shows it, the function parameter) of the NumPy and
    SciPy functions that call their first argument and convert what it returns."""
    import contextlib
    import importlib
    import io
    import warnings

    warnings.simplefilter("ignore")
    out: dict[str, tuple[str, str]] = {}
    for modname in CALLBACK_SCAN_MODULES:
        try:
            module = importlib.import_module(modname)
        except ImportError:
            continue
        for name in sorted(dir(module)):
            qual, fn = f"{modname}.{name}", getattr(module, name)
            if name.startswith("_") or name in NOT_PROBED or qual in NOT_CALLBACK_PROBED or inspect.ismodule(fn) \
                    or inspect.isclass(fn) or not callable(fn):
                continue
            param = _first_takes_function(fn)
            with contextlib.redirect_stdout(io.StringIO()):  # the optimisers' progress reports
                form = converts_callback_result(fn) if param is not None else None
            if form is not None:
                out[qual] = (form, param)
    return out


# modules of the standard library never imported by the scan (they act when imported)
STDLIB_SKIP = frozenset({"antigravity", "this", "idlelib", "tkinter", "turtle", "turtledemo", "__main__", "pydoc_data",
                         "lib2to3", "ensurepip", "venv"})


def scan_stdlib_unhashable() -> set[str]:
    """Public classes of the standard library whose instances cannot be hashed (``__hash__`` is
    None: they define ``__eq__`` without ``__hash__``, like ``argparse.Namespace``), builtins left
    out (literals and ``list()``/``dict()``/``set()`` are read as such)."""
    import contextlib
    import importlib
    import io
    import warnings

    out: set[str] = set()
    for name in sorted(sys.stdlib_module_names):
        if name.startswith("_") or name in STDLIB_SKIP or name == "builtins":
            continue
        try:
            with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()), \
                    contextlib.redirect_stderr(io.StringIO()):
                warnings.simplefilter("ignore")
                module = importlib.import_module(name)
        except Exception:  # noqa: BLE001 - not importable here (platform modules)
            continue
        for attr in dir(module):
            obj = getattr(module, attr, None)
            if (not attr.startswith("_") and inspect.isclass(obj) and obj.__hash__ is None
                    and getattr(obj, "__module__", "").split(".")[0] == name):
                out.add(f"{name}.{attr}")
    return out


def render(sizes: dict, bounded: set[str], version: str, signatures: dict | None = None,
           axes: tuple[dict, dict] | None = None, from_values: dict | None = None,
           stdlib: set[str] | None = None, static_ints: dict | None = None,
           conversions: dict | None = None, static_int_methods: dict | None = None,
           python_conversions: dict | None = None, static_sizes: tuple[dict, dict] | None = None,
           traced_args: tuple[dict, frozenset] | None = None,
           flag_bounded: dict | None = None, static_int_sequences: dict | None = None,
           callback_conversions: dict | None = None) -> str:
    lines = [
        f'"""Generated by scripts/gen_jaxsig.py from jax {version}: do not edit by hand.',
        "",
        "SIZE_PARAMETERS: qualified name -> (positions, keywords) of the parameters that set the size of",
        "the output: a traced value there has no static value to build a shape from.",
        "SIZE_BOUNDED_OUTPUTS: functions whose output size depends on their input's values unless an",
        "optional `size=` bounds it.",
        "FLAG_BOUNDED_OUTPUTS: functions whose output size depends on their input's values unless a boolean",
        "option is given the value that bounds it -> (the option, that value).",
        "STATIC_AXES / STATIC_AXIS_METHODS: (positions, keywords) of the axis parameters of jax.numpy's",
        "functions / jax.Array's methods (positions after self) that raise under jit when traced.",
        "SIZE_FROM_VALUES: optional size parameters that, omitted, are computed from the input's values.",
        "STATIC_INTS: (positions, keywords) of the other parameters (not axes, not sizes) that raise under",
        "jit when traced and run with the same Python int, and do not take a traced array either.",
        "STATIC_INT_METHODS: the same for jax.Array's methods (positions after self).",
        "STATIC_INT_SEQUENCES: (positions, keywords) of the parameters that take a sequence of Python ints",
        "(`lax.conv`'s `window_strides`, `lax.slice`'s `start_indices`) and raise under jit when it is a",
        "tuple of tracers while the same tuple static runs, and do not take a traced array either.",
        "STATIC_SIZES / STATIC_SIZE_METHODS: (positions, keywords) of the integer parameters found the same",
        "way whose value sets the shape of the output (two static values give outputs of different",
        "shapes: sizes that JAX names otherwise, `jnp.eye`'s `N`, `jnp.split`'s sections).",
        "SIGNATURES: each function's parameters as Python writes them (\"/\", \"*\", \"*args\", \"**kw\").",
        "TRACED_FUNCTION_ARGS: functions that call a function argument with abstract tracers even outside",
        "jit -> ((position or -1: keyword-only, parameter, how many positional arguments the function gets),",
        "...) per slot; BATCHED_FUNCTION_ARGS: those whose tracers are vmap's.",
        "STDLIB_UNHASHABLE: classes of the standard library whose instances cannot be hashed.",
        "CONVERTS_TO_NUMPY: NumPy and SciPy functions that raise TracerArrayConversionError on a traced",
        "argument -> (the probe form that shows it, the JAX function of the same name or None).",
        "PYTHON_CONVERSIONS: functions of builtins, math and cmath that raise a tracer conversion error",
        "on a traced number -> (the error, the JAX function of that name or None).",
        "CALLBACK_CONVERSIONS: NumPy and SciPy functions that call their first argument and convert what it",
        "returns (a JAX value, a tracer in staged code, raises there) -> (the probe form, that parameter).",
        '"""',
        "",
        "SIZE_PARAMETERS: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {",
    ]
    lines += [f"    {k!r}: ({v[0]!r}, {v[1]!r})," for k, v in sorted(sizes.items())]
    lines += ["}", "", "SIZE_BOUNDED_OUTPUTS = frozenset({"]
    lines += [f"    {k!r}," for k in sorted(bounded)]
    lines += ["})", "", "FLAG_BOUNDED_OUTPUTS: dict[str, tuple[str, bool]] = {"]
    lines += [f"    {k!r}: {v!r}," for k, v in sorted((flag_bounded or {}).items())]
    lines += ["}", ""]
    functions, methods = axes or ({}, {})
    lines += ["STATIC_AXES: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {"]
    lines += [f"    {k!r}: ({v[0]!r}, {v[1]!r})," for k, v in sorted(functions.items())]
    lines += ["}", "", "STATIC_AXIS_METHODS: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {"]
    lines += [f"    {k!r}: ({v[0]!r}, {v[1]!r})," for k, v in sorted(methods.items())]
    lines += ["}", "", "SIZE_FROM_VALUES: dict[str, str] = {"]
    lines += [f"    {k!r}: {v!r}," for k, v in sorted((from_values or {}).items())]
    lines += ["}", "", "STATIC_INTS: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {"]
    lines += [f"    {k!r}: ({v[0]!r}, {v[1]!r})," for k, v in sorted((static_ints or {}).items())]
    lines += ["}", "", "STATIC_INT_METHODS: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {"]
    lines += [f"    {k!r}: ({v[0]!r}, {v[1]!r})," for k, v in sorted((static_int_methods or {}).items())]
    lines += ["}", "", "STATIC_INT_SEQUENCES: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {"]
    lines += [f"    {k!r}: ({v[0]!r}, {v[1]!r})," for k, v in sorted((static_int_sequences or {}).items())]
    size_functions, size_methods = static_sizes or ({}, {})
    lines += ["}", "", "STATIC_SIZES: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {"]
    lines += [f"    {k!r}: ({v[0]!r}, {v[1]!r})," for k, v in sorted(size_functions.items())]
    lines += ["}", "", "STATIC_SIZE_METHODS: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {"]
    lines += [f"    {k!r}: ({v[0]!r}, {v[1]!r})," for k, v in sorted(size_methods.items())]
    traced, batched = traced_args or ({}, frozenset())
    lines += ["}", "", "TRACED_FUNCTION_ARGS: dict[str, tuple[tuple[int, str, int], ...]] = {"]
    lines += [f"    {k!r}: {v!r}," for k, v in sorted(traced.items())]
    lines += ["}", "", "BATCHED_FUNCTION_ARGS = frozenset({"]
    lines += [f"    {k!r}," for k in sorted(batched)]
    lines += ["})", "", f"# from Python {sys.version_info[0]}.{sys.version_info[1]}'s standard library",
              "STDLIB_UNHASHABLE = frozenset({"]
    lines += [f"    {k!r}," for k in sorted(stdlib or ())]
    lines += ["})", "", f"# from NumPy {_version('numpy')} and SciPy {_version('scipy')}",
              "CONVERTS_TO_NUMPY: dict[str, tuple[str, str | None]] = {"]
    lines += [f"    {k!r}: {v!r}," for k, v in sorted((conversions or {}).items())]
    lines += ["}", "", "PYTHON_CONVERSIONS: dict[str, tuple[str, str | None]] = {"]
    lines += [f"    {k!r}: {v!r}," for k, v in sorted((python_conversions or {}).items())]
    lines += ["}", "", "CALLBACK_CONVERSIONS: dict[str, tuple[str, str]] = {"]
    lines += [f"    {k!r}: {v!r}," for k, v in sorted((callback_conversions or {}).items())]
    lines += ["}", "", "SIGNATURES: dict[str, tuple[str, ...]] = {"]
    lines += [f"    {k!r}: {v!r}," for k, v in sorted((signatures or {}).items())]
    lines += ["}", ""]
    return "\n".join(lines)


def _version(module: str) -> str:
    import importlib

    return importlib.import_module(module).__version__


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the committed module misses an entry")
    args = parser.parse_args(argv)
    import jax

    sizes, bounded = scan()
    signatures, axes, from_values = scan_signatures(), scan_axes(), scan_size_from_values()
    stdlib = scan_stdlib_unhashable()
    (static_ints, size_functions), (static_int_methods, size_methods) = scan_static_ints(), scan_static_int_methods()
    conversions, python_conversions = scan_numpy_conversions(), scan_python_conversions()
    traced_args = probe_function_args.scan_traced_function_args()
    flag_bounded = scan_flag_bounded_outputs()
    static_int_sequences = scan_static_int_sequences()
    callback_conversions = scan_callback_conversions()
    unprobed = sorted({f"{q}.{p}" for q, p in probe_function_args.callable_parameters()
                       if q not in probe_function_args.recipes()})
    for name in unprobed:
        print(f"no probe recipe for the function parameter {name} (scripts/probe_function_args.py)")
    if args.check:
        sys.path.insert(0, str(TARGET.parents[3]))
        from jitguard.lint.analysis import jaxsig

        missing = [k for k in sizes if k not in jaxsig.SIZE_PARAMETERS] + sorted(bounded - jaxsig.SIZE_BOUNDED_OUTPUTS)
        missing += [k for k in signatures if k not in jaxsig.SIGNATURES]
        missing += [k for k in axes[0] if k not in jaxsig.STATIC_AXES] + [k for k in axes[1] if k not in jaxsig.STATIC_AXIS_METHODS]
        missing += [k for k in from_values if k not in jaxsig.SIZE_FROM_VALUES]
        missing += sorted(stdlib - jaxsig.STDLIB_UNHASHABLE)
        missing += [k for k in static_ints if k not in jaxsig.STATIC_INTS]
        missing += [k for k in conversions if k not in jaxsig.CONVERTS_TO_NUMPY]
        missing += [k for k in static_int_methods if k not in jaxsig.STATIC_INT_METHODS]
        missing += [k for k in size_functions if k not in jaxsig.STATIC_SIZES]
        missing += [k for k in size_methods if k not in jaxsig.STATIC_SIZE_METHODS]
        missing += [k for k in python_conversions if k not in jaxsig.PYTHON_CONVERSIONS]
        missing += [k for k, v in traced_args[0].items() if jaxsig.TRACED_FUNCTION_ARGS.get(k) != v]
        missing += sorted(traced_args[1] - jaxsig.BATCHED_FUNCTION_ARGS)
        missing += [k for k, v in flag_bounded.items() if jaxsig.FLAG_BOUNDED_OUTPUTS.get(k) != v]
        missing += [k for k, v in static_int_sequences.items() if jaxsig.STATIC_INT_SEQUENCES.get(k) != v]
        missing += [k for k in callback_conversions if k not in jaxsig.CALLBACK_CONVERSIONS]
        for k in missing:
            print(f"missing: {k}")
        return 1 if missing or unprobed else 0
    TARGET.write_text(render(sizes, bounded, jax.__version__, signatures, axes, from_values, stdlib, static_ints,
                             conversions, static_int_methods, python_conversions, (size_functions, size_methods),
                             traced_args, flag_bounded, static_int_sequences, callback_conversions),
                      encoding="utf-8")
    print(f"wrote {TARGET} ({len(sizes)} sized functions, {len(bounded)} size-bounded outputs, "
          f"{len(axes[0])} functions and {len(axes[1])} methods with static axes, {len(from_values)} sizes from "
          f"values, {len(static_ints)} functions and {len(static_int_methods)} methods with other static ints, {len(size_functions)} functions and "
          f"{len(size_methods)} methods with static sizes, {len(signatures)} signatures, "
          f"{len(stdlib)} unhashable standard-library classes, {len(conversions)} NumPy/SciPy conversions, {len(python_conversions)} Python ones, "
          f"{len(traced_args[0])} functions that trace a function argument, "
          f"{len(static_int_sequences)} functions with static integer sequences, "
          f"{len(callback_conversions)} that convert what their function argument returns)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
