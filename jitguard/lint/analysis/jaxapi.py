"""What jitguard knows about JAX's API, by qualified name.

Every list here is a claim about JAX; tests/test_jaxapi_claims.py checks the claims that can be
checked against the installed JAX (e.g. that NumPy functions users call on arrays really raise
TracerArrayConversionError on a tracer, and that the ones that dispatch to the array really work);
the generated tables of jaxsig.py are re-probed by tests/test_jaxsig.py.
"""

from __future__ import annotations

from jitguard.lint.analysis import jaxsig

# Transforms that trace their function argument with abstract values, and the keyword that
# lists the positions JAX keeps static. (None: that transform has no static positions.)
TRACING_TRANSFORMS: dict[str, str | None] = {
    "jax.jit": "static_argnums",
    "jax.pjit": "static_argnums",
    "jax.experimental.pjit.pjit": "static_argnums",
    "jax.pmap": "static_broadcasted_argnums",
    "jax.vmap": None,
    "jax.checkpoint": "static_argnums",
    "jax.remat": "static_argnums",
    "jax.ad_checkpoint.checkpoint": "static_argnums",
    "jax.make_jaxpr": "static_argnums",
    "jax.shard_map": None,
    "jax.experimental.shard_map.shard_map": None,
    "jax.sharding.shard_map": None,
    "jax.experimental.checkify.checkify": None,
}
# "Filtered" transforms: array leaves are traced, every other argument (Python bools, ints,
# functions, ...) is static. A parameter may be either, so its values are opaque until jnp/lax
# make an array of them. checkify.checkify is one too: it stages its function with the arguments
# closed over, not abstracted (JAX 0.10.2: a Python int stays an int, a NamedTuple of Python values
# that NamedTuple, so a jitted function's static argument stays static through it), and every JAX
# operation on an array argument is staged, a tracer (tests/precision_cases/fresh9_checkify_*.py).
FILTERED_TRANSFORMS = frozenset({
    "equinox.filter_jit", "equinox.filter_pmap", "equinox.filter_vmap", "flax.nnx.jit", "flax.nnx.vmap",
    "flax.nnx.pmap", "jax.experimental.checkify.checkify",
})
TRACING_TRANSFORMS.update({name: None for name in FILTERED_TRANSFORMS})
# flax.nnx.jit takes jax.jit's static_argnums/static_argnames (and, called with options only,
# returns a decorator with them: its signature in flax/nnx/transforms/compilation.py)
TRACING_TRANSFORMS["flax.nnx.jit"] = "static_argnums"

# The transforms that compile (and cache) the function: the ones JG2xx/JG3xx reason about.
JIT_TRANSFORMS = frozenset({"jax.jit", "jax.pjit", "jax.experimental.pjit.pjit", "jax.pmap"})
# Transforms that read their static positions from the call's positional arguments only: a call
# that passes fewer positional arguments than a static index needs (the static one by keyword, or
# left at its default) raises ValueError ("All static broadcasted arguments must be passed
# positionally"; checkpoint: "static_argnums ... less than len(args)"). jax.jit maps
# static_argnums to parameter names and takes them by keyword, as custom_jvp/custom_vjp take
# nondiff_argnums (JAX 0.10.2: tests/test_positional_statics.py).
POSITIONAL_STATICS: dict[str, str] = {
    "jax.pmap": "static_broadcasted_argnums",
    "jax.checkpoint": "static_argnums",
    "jax.remat": "static_argnums",
}
# Transforms whose function, called inside another trace, returns tracers: every leaf of its
# output is an array (a Python int it returns too), staged into the calling trace, even when
# every argument is static (checked on JAX 0.10.2: `jnp.arange(add1(3))` with `add1` jitted,
# pmapped or checkpointed raises ConcretizationTypeError under jit; None stays None; under vmap
# or grad alone, and outside any trace, the result is a concrete array). Not make_jaxpr (a
# jaxpr), not the filtered transforms (their non-array outputs stay Python values).
ARRAY_OUTPUT_TRANSFORMS = JIT_TRANSFORMS | frozenset({"jax.checkpoint", "jax.remat", "jax.ad_checkpoint.checkpoint"})
# Compiling transforms that trace only the array leaves of their arguments and treat every other
# value (a Python int, float, bool...) as static, part of the cache key: a Python number that
# changes with a loop recompiles every iteration (JG302); arrays of a new shape do too (JG303).
PYTHON_STATIC_JITS = frozenset({"equinox.filter_jit"})

# How messages call a function under each transform ("parameter of jitted `f`"); others: "traced".
TRANSFORM_ADJECTIVES = {
    "jax.jit": "jitted", "jax.pjit": "jitted", "jax.experimental.pjit.pjit": "jitted", "jax.pmap": "pmapped",
    "jax.vmap": "vmapped",
}

# Wrappers that keep the wrapped function's parameters in place and run it on concrete values
# when used alone (so they do not make values traced), but pass through an outer jit.
TRANSPARENT_WRAPPERS = frozenset(
    {
        "jax.grad",
        "jax.value_and_grad",
        "jax.jacfwd",
        "jax.jacrev",
        "jax.jacobian",
        "jax.hessian",
        "jax.named_call",
        "jax.custom_jvp",
        "jax.custom_vjp",
    }
)

# Functions that call the functions they are given with abstract tracers, even outside jit
# (lax.cond's branches, lax.scan's body, jnp.piecewise's functions, odeint's func, cg's A,
# minimize's fun, ...): generated by running JAX (jaxsig.TRACED_FUNCTION_ARGS; not the transforms
# above, which return the traced function): qualified name -> ((position, or -1 for keyword-only;
# parameter; how many positional arguments the function gets), ...). lax.switch and jnp.piecewise
# take a sequence of functions.
TRACED_FUNCTION_SLOTS: dict[str, tuple[tuple[int, str, int], ...]] = {
    name: slots for name, slots in jaxsig.TRACED_FUNCTION_ARGS.items()
    if name not in TRACING_TRANSFORMS and name not in TRANSPARENT_WRAPPERS
}
# lax.associative_scan runs its function eagerly on concrete slices outside jit (the probe leaves it
# out), and on slices of its traced operands inside a trace: kept as a tracing slot for that case,
# which the analysis has no other way to follow.
TRACED_FUNCTION_SLOTS["jax.lax.associative_scan"] = ((0, "fn", 2),)
# the same, as (positions of function arguments, keyword names of function arguments)
LAX_FUNCTION_ARGS: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {
    name: (tuple(p for p, _, _ in slots if p >= 0), tuple(kw for _, kw, _ in slots))
    for name, slots in TRACED_FUNCTION_SLOTS.items()
}
# those whose function gets vmap's tracers (jnp.vectorize, jnp.fromfunction, jnp.apply_along_axis)
BATCHED_FUNCTION_ARGS = jaxsig.BATCHED_FUNCTION_ARGS

# tree_map-like calls: the function at position 0 is called with the leaves of the trees that
# follow, so a traced tree makes the corresponding parameter traced.
# tree functions whose result is a Python list/tuple (or pytree) of leaves: its truth value is static
TREE_CONTAINERS = frozenset({
    "jax.tree.leaves", "jax.tree_util.tree_leaves", "jax.tree.flatten", "jax.tree_util.tree_flatten",
    "jax.tree_leaves", "jax.tree_flatten", "jax.tree.unflatten", "jax.tree_util.tree_unflatten",
    "jax.tree_util.tree_flatten_with_path", "jax.tree.flatten_with_path", "jax.tree_util.tree_leaves_with_path",
    "jax.tree.leaves_with_path",
})
# Pytree registrations (and Python's @dataclass, which several of them build on), by qualified
# name: read by hashability, traceable, fieldeq, fieldmeta, pytrees, unflatten_hooks, shapes
DATACLASS = frozenset({"dataclasses.dataclass"})
REGISTER_DATACLASS = frozenset({"jax.tree_util.register_dataclass", "jax.tree.register_dataclass"})
REGISTER_NODE_CLASS = frozenset({"jax.tree_util.register_pytree_node_class"})
REGISTER_NODE = frozenset({"jax.tree_util.register_pytree_node", "jax.tree_util.register_pytree_with_keys"})
# the same by last name, for the tree-wide text scan (pytree_annot), which reads no imports
REGISTER_NODE_NAMES = frozenset(name.rsplit(".", 1)[-1] for name in REGISTER_NODE)
TREE_MAPS = frozenset({"jax.tree_util.tree_map", "jax.tree.map", "jax.tree_map", "jax.tree_util.tree_map_with_path"})

# Attributes of an array that are Python values known at trace time.
STATIC_ATTRIBUTES = frozenset(
    {"shape", "ndim", "dtype", "size", "itemsize", "nbytes", "weak_type", "sharding", "aval", "named_shape",
     # jax.experimental.sparse BCOO/BCSR metadata
     "n_batch", "n_sparse", "n_dense", "nse", "indices_sorted", "unique_indices"}
)

# JAX functions that are plain Python on shapes, layouts and dtypes: they stage nothing, and under
# jit they return Python values (ints, tuples and lists of ints, a ConvDimensionNumbers of tuples,
# dtypes, bools) computed from the static shapes/strings they get, so what is computed from their
# result is static too (LAXLAYOUT). tests/test_fresh2_mechanisms.py calls each one under jax.jit
# and checks its result holds no tracer.
LAYOUT_FUNCTIONS = frozenset({
    "jax.lax.conv_general_permutations", "jax.lax.conv_dimension_numbers", "jax.lax.padtype_to_pads",
    "jax.lax.conv_general_shape_tuple", "jax.lax.conv_shape_tuple", "jax.lax.conv_transpose_shape_tuple",
    "jax.lax.reduce_window_shape_tuple", "jax.lax.broadcast_shapes", "jax.numpy.broadcast_shapes",
    "jax.numpy.promote_types", "jax.numpy.can_cast", "jax.numpy.isdtype", "jax.lax.dtype",
    "jax.dtypes.canonicalize_dtype",
})

# Calls whose result is known at trace time, whatever their arguments.
STATIC_CALLS = LAYOUT_FUNCTIONS | frozenset(
    {
        "len",
        "isinstance",
        "issubclass",
        "type",
        "hasattr",
        "callable",
        "id",
        "repr",
        "str",
        "print",
        "jax.numpy.shape",
        "jax.numpy.ndim",
        "jax.numpy.size",
        "jax.numpy.result_type",
        "jax.numpy.dtype",
        "jax.numpy.issubdtype",
        # FINFO: the machine limits of a dtype (of an array's, a tracer's too) are NumPy scalars and
        # ints, Python values under jit (JAX 0.10.2: tests/precision_cases/fresh13_finfo_is_static.py)
        "jax.numpy.finfo",
        "jax.numpy.iinfo",
        "numpy.finfo",
        "numpy.iinfo",
        "jax.numpy.iscomplexobj",
        "jax.numpy.isscalar",
        "numpy.isscalar",
        "jax.numpy.isrealobj",
        "numpy.shape",
        "numpy.ndim",
        "numpy.size",
        "numpy.result_type",
        "numpy.issubdtype",
        "jax.eval_shape",
        "jax.typeof",
        "jax.tree_util.tree_structure",
        "jax.tree.structure",
        "jax.dtypes.result_type",
        "jax.dtypes.issubdtype",
        "jax.debug.print",
        "jax.debug.callback",
    }
)



# functions that JAX calls with their first argument (``callback=``) on the host, at run time,
# with concrete arrays (JAX 0.10.2: jax.Array values, so a jnp operation there runs eagerly;
# ``f"{jnp.mean(v):.2f}"``, ``int(jnp.sum(v))`` and ``v[v > 0]`` work in each). A function given
# to them is not part of the trace of the code that defines it; only the tracers it closes over
# are (leaked: UnexpectedTracerError when it reads one). tests/precision_cases/fresh8_host_callback_*
HOST_CALLBACKS = frozenset({"jax.debug.callback", "jax.pure_callback", "jax.experimental.io_callback"})

def maps_static_query(call, resolve) -> bool:
    """``jax.tree.map(q, tree)`` with ``q`` one of STATIC_CALLS (``jnp.iscomplexobj``,
    ``jnp.isrealobj``, ``jnp.shape``, ``type``, ...): ``q`` is called on each leaf and gives a
    Python value for a tracer too, so the mapped tree holds Python values (checked on JAX 0.10.2:
    ``any(jax.tree.leaves(jax.tree.map(jnp.iscomplexobj, tree)))`` is a bool under jit;
    tests/test_fresh2_mechanisms.py). ``resolve``: the qualified name of an expression."""
    first = next((a for a in call.args if a.keyword is None and not a.star), None)
    return first is not None and call.args[0] is first and resolve(first.value) in STATIC_CALLS


# math and cmath functions that convert a traced argument to a Python number: generated by
# probing each under jit (jaxsig.PYTHON_CONVERSIONS); `math.trunc` raises TypeError instead
# (tracers define no __trunc__), an error all the same. Keys as "math.sqrt", "cmath.exp".
MATH_FUNCTIONS = frozenset({q for q in jaxsig.PYTHON_CONVERSIONS if q.startswith(("math.", "cmath."))} | {"math.trunc"})

# Python conversions that need a concrete value (JG104).
CONCRETIZING_BUILTINS = frozenset({"bool", "int", "float", "complex", "operator.index"}
                                  | {q for q in jaxsig.PYTHON_CONVERSIONS if "." not in q})  # hex, oct, bin, chr
CONCRETIZING_METHODS = frozenset({"item", "tolist", "tobytes", "__bool__", "__int__", "__float__", "__index__"})

# NumPy and SciPy functions that convert a traced argument (TracerArrayConversionError) are
# jaxsig.CONVERTS_TO_NUMPY, generated by probing every public function under jit. Functions that
# dispatch to a method of the array (np.sum, np.mean, np.max, np.reshape, np.transpose, np.round,
# np.any, ...) work on tracers and are not in it.

# NumPy functions that try to convert their arguments and catch the error: given a tracer they
# answer False, a Python bool, where the same values outside jit answer True
# (tests/test_jaxapi_claims.py; a scan of NumPy's functions comparing each answer under jit with
# the answer on the concrete array found these two).
NUMPY_SWALLOWS_CONVERSION = frozenset({"numpy.array_equal", "numpy.array_equiv"})

# Functions whose output shape depends on the values of their input (JG105), unless size= is given:
# every function of the installed JAX with an optional `size=` that bounds its output
# (jaxsig.py, generated from JAX's signatures by scripts/gen_jaxsig.py).
VALUE_DEPENDENT_SHAPE = jaxsig.SIZE_BOUNDED_OUTPUTS
VALUE_DEPENDENT_METHODS = frozenset({"nonzero"})
# jax.experimental.sparse constructors from a dense array: the number of stored elements `nse`
# sizes the sparse buffers; left out, they count the nonzeros of the array (in staged code a tracer,
# also of a NumPy constant: ConcretizationTypeError), and given, it must be a Python int (a traced
# `nse` raises the same). JAX 0.10.2, each checked under jit (tests/test_holdout27_mechanisms.py).
SPARSE_FROM_DENSE = frozenset({
    "jax.experimental.sparse.BCOO.fromdense", "jax.experimental.sparse.bcoo_fromdense",
    "jax.experimental.sparse.BCSR.fromdense", "jax.experimental.sparse.bcsr_fromdense",
})
# ... unless a boolean option is given the value that bounds the output (`jnp.roots` strips the
# leading zeros of its traced coefficients unless `strip_zeros=False`): -> (the option, that value);
# generated by running each function on a traced array with the option and without it.
VALUE_DEPENDENT_UNLESS = jaxsig.FLAG_BOUNDED_OUTPUTS


def _union(*tables: dict[str, tuple[tuple[int, ...], tuple[str, ...]]]) -> dict[str, tuple[tuple[int, ...], tuple[str, ...]]]:
    """(positions, keywords) tables merged: each function's parameters from all of them."""
    out: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {}
    for table in tables:
        for qual, (positions, keywords) in table.items():
            known_positions, known_keywords = out.get(qual, ((), ()))
            out[qual] = (tuple(sorted({*known_positions, *positions})), tuple(dict.fromkeys((*known_keywords, *keywords))))
    return out


# Functions that take a shape or a size: a traced value there cannot give a static shape (JG105).
# qualified name -> (positions, keywords) that must be static.
# Generated (jaxsig.py): every parameter of JAX's API named like a size, and every integer
# parameter JAX needs static whose value sets the shape of the output (`jnp.eye`'s `N`,
# `jnp.split`'s sections, `jnp.diff`'s `n`: two static values, outputs of two shapes); the
# hand-written entries below add what probing with generic operands cannot show.
SHAPE_ARGUMENTS: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = _union(jaxsig.SIZE_PARAMETERS, jaxsig.STATIC_SIZES, {
    "jax.numpy.arange": ((0, 1, 2), ("start", "stop", "step")),
    "jax.numpy.eye": ((0, 1), ("N", "M")),
    "jax.numpy.tri": ((0, 1), ("N", "M")),
    "jax.numpy.reshape": ((1,), ("shape", "newshape")),
})
# jax.Array's methods whose positional arguments are a shape (`x.reshape(rows, -1)`).
SHAPE_METHODS = frozenset({"reshape"})
# Functions read through a name the import table cannot resolve (`jax, jnp = helper()` then
# `jnp.broadcast_to(value, shape)`) whose name no jax.Array method has (JAX 0.10.2: an array has
# no `broadcast_to`, nor has a NumPy array), so the call is the module function's: its first
# argument is the array, only the shape after it must be static. BROADCASTVALUE (held-out 27).
SHAPE_FUNCTIONS_BY_NAME: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {
    "broadcast_to": ((1,), ("shape",)),
}
# jax.Array's methods whose integer parameters set the output's shape (`x.diagonal(offset)`,
# `x.repeat(repeats)`; generated: positions after self).
SHAPE_INT_METHODS = jaxsig.STATIC_SIZE_METHODS

# Optional size parameters that, when omitted, the function computes from its input's values
# (`jax.ops.segment_sum`'s `num_segments`, `jnp.bincount`'s `length`): with traced input that
# fails (generated: jaxsig.py, each found by running the function under jit).
SIZE_FROM_VALUES = jaxsig.SIZE_FROM_VALUES

# Axis parameters that must be static: a traced axis raises under jit (ConcretizationTypeError,
# TracerIntegerConversionError, or a non-hashable static argument inside jnp). Generated from
# JAX: each entry was called under jit with a static axis (it runs) and a traced one (it raises).
# qualified name -> (positions, keywords); methods of jax.Array: name -> (positions after self, keywords).
STATIC_AXES = jaxsig.STATIC_AXES
STATIC_AXIS_METHODS = jaxsig.STATIC_AXIS_METHODS

# Other integer parameters that must be static (`jnp.triu`'s `k`, `jnp.round`'s `decimals`,
# `lax.sort`'s `dimension`, ...): generated from JAX the same way (a Python int there runs under
# jit, a traced one raises, a traced array is not taken either, and the output's shape does not
# change with it). The sizes of SHAPE_ARGUMENTS are JG105's and left out here.
# SEQINTS: the parameters that take a sequence of Python ints (`lax.conv`'s `window_strides`,
# `lax.slice`'s `start_indices`, `lax.reduce_window`'s `window_dimensions`, `lax.pad`'s
# `padding_config`) are generated the same way (a tuple of Python ints runs under jit, the same
# tuple traced raises, and so does a traced array: `jaxsig.STATIC_INT_SEQUENCES`); a tuple
# holding a tracer there, or a traced argument, raises (TracerArrayConversionError for
# `lax.conv`'s strides, JAX 0.10.2). The axes (STATIC_AXES) stay where they are.
STATIC_INTS = {
    qual: (tuple(i for i in positions if i not in SHAPE_ARGUMENTS.get(qual, ((), ()))[0]
                 and i not in STATIC_AXES.get(qual, ((), ()))[0]),
           tuple(k for k in keywords if k not in SHAPE_ARGUMENTS.get(qual, ((), ()))[1]
                 and k not in STATIC_AXES.get(qual, ((), ()))[1]))
    for qual, (positions, keywords) in _union(jaxsig.STATIC_INTS, jaxsig.STATIC_INT_SEQUENCES).items()
}

# The argument of JAX's differentiation transforms that picks the arguments to differentiate: JAX
# reads it as Python ints, so a traced one (a parameter of a jitted function, a vmapped position)
# raises ConcretizationTypeError, a tuple holding one TracerIntegerConversionError (JAX 0.10.2;
# tests/test_holdout22_mechanisms.py calls each under jit and vmap, and checks the position
# against the installed signature). qualified name -> (position, keyword).
TRANSFORM_ARGNUMS = {
    "jax.grad": (1, "argnums"), "jax.value_and_grad": (1, "argnums"), "jax.jacfwd": (1, "argnums"),
    "jax.jacrev": (1, "argnums"), "jax.hessian": (1, "argnums"),
}

# The options of JAX's transforms and loops that JAX reads as Python values when it builds the
# transform or the loop (not operands): `vmap`'s axes and axis name, `pmap`'s and `jit`'s argnums,
# `checkpoint`'s `prevent_cse`, the `reverse` of a scan, the `axis` of `lax.cumsum`. A traced value
# there (a parameter of a jitted function not made static, a value computed from one) raises under
# jit: TypeError (`vmap in_axes must be an int, None, or ...`, unhashable tracer as an axis name),
# ConcretizationTypeError, TracerBoolConversionError (JAX 0.10.2; tests/test_xmodrecall_mechanisms.py
# checks each position against the installed signature, calls each under jit with a traced value,
# which raises, and with a Python one, which runs). The differentiation transforms' `argnums` are
# TRANSFORM_ARGNUMS. qualified name -> ((position or None: keyword-only, keyword), ...).
_CUMULATIVE = ((1, "axis"), (2, "reverse"))
_DIFFERENTIATION = ((2, "has_aux"),)
TRANSFORM_OPTIONS: dict[str, tuple[tuple[int | None, str], ...]] = {
    "jax.vmap": ((1, "in_axes"), (2, "out_axes"), (3, "axis_name"), (4, "axis_size"), (5, "spmd_axis_name")),
    "jax.pmap": ((1, "axis_name"), (2, "in_axes"), (3, "out_axes"), (4, "static_broadcasted_argnums"),
                 (7, "axis_size"), (8, "donate_argnums")),
    "jax.checkpoint": ((1, "prevent_cse"), (3, "static_argnums")),
    "jax.remat": ((1, "prevent_cse"), (3, "static_argnums")),
    "jax.jit": ((3, "static_argnums"), (5, "donate_argnums")),
    "jax.lax.scan": ((4, "reverse"),),
    "jax.lax.fori_loop": ((None, "unroll"),),
    "jax.lax.associative_scan": ((2, "reverse"), (3, "axis")),
    "jax.lax.cumsum": _CUMULATIVE, "jax.lax.cumprod": _CUMULATIVE, "jax.lax.cummax": _CUMULATIVE,
    "jax.lax.cummin": _CUMULATIVE, "jax.lax.cumlogsumexp": _CUMULATIVE,
    "jax.grad": _DIFFERENTIATION, "jax.value_and_grad": _DIFFERENTIATION, "jax.jacfwd": _DIFFERENTIATION,
    "jax.jacrev": _DIFFERENTIATION,
}

# The same for jax.Array's methods (`x.round(decimals)`, `x.argpartition(kth)`; positions after self).
STATIC_INT_METHODS = jaxsig.STATIC_INT_METHODS

# NumPy functions that, given a tracer, hand the call to the array's own method (`np.reshape(x,
# shape)` is `x.reshape(shape)`, `np.sum(x, axis)` is `x.sum(axis)`): they work on tracers, and their
# shape and axis arguments must be static as the jax.numpy function's are (tests/test_jaxapi_claims.py
# runs each on a tracer).
NUMPY_DISPATCHES_TO_METHOD = frozenset({
    "reshape", "transpose", "squeeze", "swapaxes", "sum", "mean", "max", "min", "amax", "amin", "prod", "any",
    "all", "argmax", "argmin", "cumsum", "cumprod", "std", "var", "repeat", "round",
})  # not np.trace/np.diagonal/np.ptp: they convert (TracerArrayConversionError)

# Library functions that call a function argument with traced values even outside jit:
# qualified name -> (position and keyword of the function, how many traced operands it passes,
# the position from which the call's extra arguments are passed on (None: none), whether the
# call's other keyword arguments are passed on).
CALLS_WITH_TRACERS: dict[str, tuple[int, str, int, int | None, bool]] = {
    "jax.numpy.apply_along_axis": (0, "func1d", 1, 3, True),
    "jax.lax.map": (0, "f", 1, None, False),
}
# read by the engine's ast first pass (jitguard.lint.prepass): a file naming one of these needs
# the full analysis even when it names no transform
TRACED_CONTEXT_MAKERS = frozenset(CALLS_WITH_TRACERS)
# Functions that make tracers of the arguments they are given besides the function (each primal):
# JG206 reads what is passed there (jitguard.lint.analysis.primals); read by the first pass too
DIFFERENTIATED_ARGUMENTS = frozenset({"jax.vjp", "jax.jvp", "jax.linearize"})
# Functions returning a tuple that holds a new closure at a position, made by every call: the
# pullback of jax.vjp, the linear function of jax.linearize (also with has_aux). Jitted where the
# call runs per iteration, each is a new function object, a new cache entry, traced and compiled
# again (JAX 0.10.2: tests/test_closure_results.py; JG301).
CLOSURE_RESULTS: dict[str, int] = {"jax.vjp": 1, "jax.linearize": 1}

# Builtins that compare or test truth of their arguments (JG103).
TRUTH_BUILTINS = frozenset({"min", "max", "any", "all", "sorted"})

# -- what the taint walker knows about calls (jitguard.lint.analysis.callsem) ------------------
# jnp functions whose result is a boolean array (a mask)
BOOLEAN_FUNCS = frozenset(
    f"jax.numpy.{n}"
    for n in (
        "isnan", "isinf", "isfinite", "isposinf", "isneginf", "logical_and", "logical_or", "logical_not",
        "logical_xor", "equal", "not_equal", "greater", "greater_equal", "less", "less_equal", "isclose",
        "signbit", "isin",
    )
)
# Python calls that build a container of their arguments' values
CONTAINER_CALLS = frozenset({"list", "tuple", "dict", "zip", "enumerate", "reversed", "sorted", "map", "filter", "set",
                             "frozenset", "collections.deque", "collections.OrderedDict", "collections.defaultdict"})
# exception names whose handlers catch what a tracer raises: code in such a `try:` handles
# traced values on purpose
CATCHES_TRACER_ERRORS = frozenset({
    "ConcretizationTypeError", "TracerBoolConversionError", "TracerIntegerConversionError",
    "TracerArrayConversionError", "NonConcreteBooleanIndexError", "JAXTypeError", "TypeError", "Exception",
    "BaseException",
})
# `leaves, treedef = jax.tree.flatten(x)`: the leaves are traced, the treedef is static
TREE_FLATTENS = frozenset({"jax.tree_util.tree_flatten", "jax.tree.flatten", "jax.tree_flatten",
                           "jax.tree_util.tree_flatten_with_path", "jax.tree.flatten_with_path"})
# types every tracer is an instance of (isinstance(x, jax.Array) narrows)
TRACER_TYPES = frozenset({
    "jax.Array", "jax.numpy.ndarray", "jax.core.Tracer", "jax.interpreters.partial_eval.DynamicJaxprTracer",
    "jax._src.core.Tracer", "jaxlib.xla_extension.ArrayImpl", "jax.typing.ArrayLike",
})
# types every tracer is an instance of (not ArrayImpl: a tracer is no concrete array)
EVERY_TRACER_IS_A = frozenset({"jax.Array", "jax.numpy.ndarray", "jax.core.Tracer", "jax._src.core.Tracer"})
# libraries whose functions, given traced arrays, return arrays; and whose layers (called on an
# array) return arrays. Other libraries' results stay "foreign": they may be plain Python values.
ARRAY_LIBRARIES = ("optax.", "flax.linen.", "haiku.", "equinox.nn.")
LAYER_LIBRARIES = ("flax.linen.", "haiku.", "equinox.nn.", "flax.nnx.")
# builtins that do arithmetic on their arguments (an array in, an array out)
ARITHMETIC_BUILTINS = frozenset({"abs", "sum", "pow", "round", "divmod"})
# top-level modules whose functions are never user code of the checked tree (a traced value
# passed to them is not followed into another file)
NOT_FOLLOWED = ("jax", "numpy", "jaxlib", "functools", "math", "builtins", "typing")

# haiku: hk.transform(f).apply(params, rng, *inputs) runs f(*inputs): the leading arguments of
# apply per transform (transform_with_state: params, state, rng); without_apply_rng drops rng
HAIKU_APPLY_LEADING = {"haiku.transform": 2, "haiku.transform_with_state": 3}
HAIKU_WITHOUT_APPLY_RNG = "haiku.without_apply_rng"

# -- what the loop analysis knows (jitguard.lint.analysis.loops) ------------------------------
# array makers whose first argument (jax.random: second) or shape=/num=/N= is a size
ARRAY_SIZED = frozenset(
    f"{mod}.{fn}"
    for mod in ("jax.numpy", "numpy")
    for fn in ("zeros", "ones", "empty", "full", "arange", "eye", "identity", "linspace", "tri")
) | frozenset(f"jax.random.{fn}" for fn in ("normal", "uniform", "randint", "bernoulli", "categorical", "gumbel"))
# NumPy's random arrays: every positional argument is a size (randn/rand), or `size=`
RANDOM_SIZED = frozenset({"numpy.random.randn", "numpy.random.rand", "numpy.random.normal", "numpy.random.uniform",
                           "numpy.random.randint", "numpy.random.standard_normal", "numpy.random.random"})
# growing an array by concatenating to itself: x = jnp.concatenate([x, y])
GROWERS = frozenset(f"{mod}.{fn}" for mod in ("jax.numpy", "numpy") for fn in ("concatenate", "append", "vstack", "hstack"))
CONVERSIONS = frozenset(
    f"{mod}.{fn}"
    for mod in ("jax.numpy", "numpy")
    for fn in ("asarray", "array", "stack", "concatenate", "vstack", "hstack")
)
# jitguard's own bucketing helpers give a bounded set of values
BOUNDED_CALLS = frozenset(
    f"jitguard.{module}{name}" for module in ("", "buckets.", "runtime.buckets.")
    for name in ("bucket_for", "pow2", "pad_to_bucket")
)


# -- what the project facts know (jitguard.lint.analysis.calls) --------------------------------
# scalar dtypes: jnp.float32(0.5) is a strongly typed scalar array
SCALAR_DTYPES = frozenset({"float16", "bfloat16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8",
                           "uint32", "bool_", "complex64"})
# functions that make a new array (unhashable, so never a static argument)
ARRAY_MAKERS = frozenset(
    f"{mod}.{fn}"
    for mod in ("jax.numpy", "numpy")
    for fn in ("array", "asarray", "zeros", "ones", "empty", "full", "arange", "linspace", "eye", "zeros_like", "ones_like")
)
# qualified-name prefixes that cannot be functions of the checked tree
NOT_USER_CODE = ("jax.", "numpy.", "functools.", "jaxlib.", "builtins.", "math.", "os.", "sys.", "typing.")

# -- the engine's prefilter (jitguard.lint.engine) ---------------------------------------------
def substring_cover(words) -> tuple[str, ...]:
    """The fewest of ``words`` that every one of them contains (``jit`` covers ``pjit``)."""
    words = set(words)
    return tuple(sorted(w for w in words if not any(v != w and v in w for v in words)))


# The last names of the transforms that compile (the engine's text scan for jitted names).
JIT_WORDS = tuple(sorted({name.rsplit(".", 1)[-1] for name in JIT_TRANSFORMS | PYTHON_STATIC_JITS}))
# A file none of whose text contains one of these has no jit context of its own: the last names
# of the tracing transforms and of the higher-order functions that trace their argument outside
# lax (eval_shape, apply_along_axis), and "lax" for the lax primitives.
PREFILTER_WORDS = substring_cover(
    {"lax"}
    | {name.rsplit(".", 1)[-1] for name in TRACING_TRANSFORMS}
    | {name.rsplit(".", 1)[-1] for name in CALLS_WITH_TRACERS if not name.startswith("jax.lax.")}
    | {name.rsplit(".", 1)[-1] for name in LAX_FUNCTION_ARGS if not name.startswith("jax.lax.")}
    # grad and its kin trace alone too (jitcontext.DIFFERENTIATING); custom_vjp/custom_jvp functions
    | {"grad", "jacfwd", "jacrev", "jacobian", "hessian", "custom_vjp", "custom_jvp"}
    | {name.rsplit(".", 1)[-1] for name in DIFFERENTIATED_ARGUMENTS}
)
