"""jitguard/lint/analysis/jaxsig.py is generated from the installed JAX's signatures
(scripts/gen_jaxsig.py): check that it still matches JAX and that its claims hold under jit."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402

from jitguard.lint.analysis import jaxapi, jaxsig  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TRACER_ERRORS = (jax.errors.ConcretizationTypeError, jax.errors.TracerIntegerConversionError, TypeError)


def _resolve(qual: str):
    module, name = qual.rsplit(".", 1)
    import importlib

    return getattr(importlib.import_module(module), name)


def test_every_entry_still_comes_out_of_the_installed_jax():
    """A JAX release may add entries (then regenerate); it must not take one of ours away."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from gen_jaxsig import scan
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    sizes, bounded = scan()
    assert {k: v for k, v in jaxsig.SIZE_PARAMETERS.items() if sizes.get(k) != v} == {}
    assert jaxsig.SIZE_BOUNDED_OUTPUTS <= bounded


@pytest.mark.parametrize("qual", sorted(jaxsig.SIZE_PARAMETERS))
def test_each_size_parameter_exists_where_the_table_says(qual):
    import inspect

    params = list(inspect.signature(_resolve(qual)).parameters)
    positions, keywords = jaxsig.SIZE_PARAMETERS[qual]
    for name in keywords:
        assert name in params, (qual, name)
    for i in positions:
        assert params[i] in keywords, (qual, i)


# A traced value at a size parameter fails under jit: checked on one function of each kind.
SIZED_CALLS = {
    "jax.numpy.zeros": lambda n: jnp.zeros(n),
    "jax.numpy.full": lambda n: jnp.full(n, 1.0),
    "jax.numpy.reshape": lambda n: jnp.reshape(jnp.ones(4), (n, -1)),
    "jax.numpy.broadcast_to": lambda n: jnp.broadcast_to(jnp.ones(1), (n,)),
    "jax.numpy.tile": lambda n: jnp.tile(jnp.ones(2), n),
    "jax.numpy.linspace": lambda n: jnp.linspace(0.0, 1.0, n),
    "jax.nn.one_hot": lambda n: jax.nn.one_hot(jnp.array([0, 1]), n),
    "jax.ops.segment_sum": lambda n: jax.ops.segment_sum(jnp.ones(3), jnp.array([0, 0, 1]), n),
    "jax.random.normal": lambda n: jax.random.normal(jax.random.key(0), (n,)),
    "jax.random.split": lambda n: jax.random.split(jax.random.key(0), n),
    "jax.lax.iota": lambda n: jax.lax.iota(jnp.int32, n),
    "jax.lax.dynamic_slice": lambda n: jax.lax.dynamic_slice(jnp.ones(4), (0,), (n,)),
    "jax.lax.full": lambda n: jax.lax.full((n,), 1.0),
}


def test_a_shape_named_parameter_that_is_no_output_size_is_left_out():
    jax.jit(lambda n: jnp.unravel_index(1, (n, 2)))(2)  # runs: the shape is only divided by
    assert "jax.numpy.unravel_index" not in jaxsig.SIZE_PARAMETERS


@pytest.mark.parametrize("qual", sorted(SIZED_CALLS))
def test_a_traced_size_fails_under_jit(qual):
    assert qual in jaxapi.SHAPE_ARGUMENTS
    with pytest.raises(TRACER_ERRORS):
        jax.jit(SIZED_CALLS[qual])(2)
    jax.jit(SIZED_CALLS[qual], static_argnums=0)(2)  # the same call with a static size runs


@pytest.mark.parametrize("qual", sorted(jaxsig.SIZE_BOUNDED_OUTPUTS))
def test_a_size_bounded_output_fails_under_jit_without_size_and_runs_with_it(qual):
    fn = _resolve(qual)
    x = jnp.array([1, 0, 2, 2])
    arity = 2 if qual.rsplit(".", 1)[1] in ("compress", "extract", "intersect1d", "setdiff1d", "setxor1d", "union1d") else 1
    args = (x > 0, x) if qual.endswith(("compress", "extract")) else (x,) * arity
    with pytest.raises(jax.errors.ConcretizationTypeError):
        jax.jit(lambda *a: fn(*a))(*args)
    jax.jit(lambda *a: fn(*a, size=4))(*args)


@pytest.mark.parametrize("qual", sorted(jaxsig.FLAG_BOUNDED_OUTPUTS))
def test_a_flag_bounded_output_fails_under_jit_by_default_and_runs_with_the_option(qual):
    """``jnp.roots`` of traced coefficients raises under jit (its default strips their leading
    zeros: a length that depends on the values) and runs with ``strip_zeros=False``."""
    fn, (option, bounding) = _resolve(qual), jaxsig.FLAG_BOUNDED_OUTPUTS[qual]
    x = jnp.array([1.0, 2.0, 1.0])
    with pytest.raises(jax.errors.ConcretizationTypeError):
        jax.jit(fn)(x)
    jax.jit(lambda v: fn(v, **{option: bounding}))(x)
    assert fn(jnp.array([0.0, 1.0, 2.0])).shape != fn(x).shape  # eagerly: two values, two lengths


def test_the_flag_bounded_outputs_are_found_again_by_running_jax():
    assert _scan_module().scan_flag_bounded_outputs() == jaxsig.FLAG_BOUNDED_OUTPUTS


def test_a_probe_finds_static_ints_of_functions_that_need_a_size_to_run():
    """``lax.scan(f, init, length=2, unroll=n)``: the probe gives the optional ``length`` a size,
    so ``unroll`` (static: a traced one raises) is found."""
    ints, _sizes = _scan_module().scan_static_ints(only=frozenset({"jax.lax.scan"}))
    assert ints["jax.lax.scan"] == ((5,), ("unroll",))
    with pytest.raises(jax.errors.ConcretizationTypeError):
        jax.jit(lambda n, x: jax.lax.scan(lambda c, z: (c, z), x, None, length=2, unroll=n))(2, 1.0)  # noqa: JG104 - raises on purpose


def _scan_module():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import gen_jaxsig
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    return gen_jaxsig


def test_every_signature_is_the_installed_jax_one():
    signatures = _scan_module().scan_signatures()
    assert {k: v for k, v in jaxsig.SIGNATURES.items() if signatures.get(k) != v} == {}


def test_static_axes_and_sizes_from_values_are_found_again_by_running_jax():
    """Each entry was found by running JAX (a static axis runs, a traced one raises; an omitted
    size raises, a given one runs): run the scan again and check every entry still holds."""
    gen = _scan_module()
    functions, methods = gen.scan_axes()
    assert {k: v for k, v in jaxsig.STATIC_AXES.items() if functions.get(k) != v} == {}
    assert {k: v for k, v in jaxsig.STATIC_AXIS_METHODS.items() if methods.get(k) != v} == {}
    assert {k: v for k, v in jaxsig.SIZE_FROM_VALUES.items() if gen.scan_size_from_values().get(k) != v} == {}


def test_static_ints_are_found_again_by_running_jax():
    """Each STATIC_INTS and STATIC_SIZES entry was found by running JAX (a Python int runs under
    jit, a traced one raises, a traced array is not taken either; a size when two static values
    give outputs of two shapes): probe those functions again."""
    ints, sizes = _scan_module().scan_static_ints(only=frozenset({*jaxsig.STATIC_INTS, *jaxsig.STATIC_SIZES}))
    assert {k: v for k, v in jaxsig.STATIC_INTS.items() if ints.get(k) != v} == {}
    assert {k: v for k, v in jaxsig.STATIC_SIZES.items() if sizes.get(k) != v} == {}


def test_static_int_methods_are_found_again_by_running_jax():
    """The same for jax.Array's methods (``x.round(decimals)``; sizes: ``x.diagonal(offset)``)."""
    assert _scan_module().scan_static_int_methods() == (jaxsig.STATIC_INT_METHODS, jaxsig.STATIC_SIZE_METHODS)
    assert {"round", "argpartition"} <= set(jaxsig.STATIC_INT_METHODS)
    assert {"diagonal", "repeat"} <= set(jaxsig.STATIC_SIZE_METHODS)


# (call, whether the value sets the output's shape: a size, JG105's, or another static int, JG104's)
STATIC_INT_CALLS = {
    "jax.lax.top_k": (lambda k: jax.lax.top_k(jnp.arange(4.0), k), True),
    "jax.numpy.triu": (lambda k: jnp.triu(jnp.ones((3, 3)), k), False),
    "jax.numpy.diff": (lambda n: jnp.diff(jnp.arange(5.0), n), True),
    "jax.numpy.fft.rfft": (lambda n: jnp.fft.rfft(jnp.arange(4.0), n), True),
    "jax.numpy.split": (lambda k: jnp.split(jnp.arange(4.0), k), True),
    "jax.numpy.round": (lambda d: jnp.round(jnp.ones(3), d), False),
    "diagonal": (lambda k: jnp.ones((3, 3)).diagonal(k), True),
    "round": (lambda d: jnp.ones(3).round(d), False),
    # a callable-first form: the probe passes a function in the function's slot
    "jax.lax.map": (lambda b: jax.lax.map(lambda v: v * 2, jnp.ones(4), batch_size=b), False),
}


@pytest.mark.parametrize("qual", sorted(STATIC_INT_CALLS))
def test_a_static_int_runs_and_a_traced_one_raises(qual):
    call, sets_shape = STATIC_INT_CALLS[qual]
    ints = jaxsig.STATIC_INT_METHODS if "." not in qual else jaxsig.STATIC_INTS
    sizes = jaxsig.STATIC_SIZE_METHODS if "." not in qual else jaxsig.STATIC_SIZES
    assert (qual in sizes, qual in ints) == (sets_shape, not sets_shape)
    jax.jit(lambda: call(2))()
    with pytest.raises((*TRACER_ERRORS, ValueError, jax.errors.TracerBoolConversionError)):
        jax.jit(call)(2)
    assert (jnp.shape(jax.tree.leaves(call(1))[0]) != jnp.shape(jax.tree.leaves(call(2))[0])) == sets_shape


def test_the_sizes_found_by_probing_are_jg105s():
    """A size JAX names otherwise (``jnp.split``'s sections) is a shape argument, not a static int."""
    assert "indices_or_sections" in jaxapi.SHAPE_ARGUMENTS["jax.numpy.split"][1]
    assert "jax.numpy.split" not in jaxapi.STATIC_INTS or not jaxapi.STATIC_INTS["jax.numpy.split"][1]


def test_an_int_parameter_that_takes_a_traced_array_is_left_out():
    edges = jnp.array([0.0, 0.5, 1.0])
    jax.jit(lambda x, b: jnp.histogram(x, b))(jnp.ones(3), edges)  # bins as traced edges: runs
    assert "bins" not in jaxsig.STATIC_INTS.get("jax.numpy.histogram", ((), ()))[1]


def test_an_int_parameter_a_flag_makes_traceable_is_left_out():
    """``jnp.delete(x, obj)`` needs a static ``obj`` by default, not with ``assume_unique_indices``."""
    with pytest.raises(jax.errors.ConcretizationTypeError):
        jax.jit(lambda i: jnp.delete(jnp.arange(4), i))(1)
    jax.jit(lambda i: jnp.delete(jnp.arange(4), i, assume_unique_indices=True))(1)
    assert "jax.numpy.delete" not in jaxsig.STATIC_INTS


def test_an_axis_that_may_be_traced_is_left_out():
    jax.jit(lambda x, s: jnp.roll(x, s, axis=0))(jnp.ones(3), 1)  # roll's shift may be traced
    assert jaxsig.STATIC_AXES["jax.numpy.roll"][1] == ("axis",)


@pytest.mark.parametrize("qual", ["jax.numpy.nonzero", "jax.nn.one_hot", "jax.ops.segment_sum", "jax.numpy.where"])
def test_signature_reader_agrees_with_inspect(qual):
    import inspect

    from jitguard.lint.rules._jitargs import Signature

    params = inspect.signature(_resolve(qual)).parameters.values()
    sig = Signature(jaxsig.SIGNATURES[qual])
    assert sig.positional == [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    assert sig.posonly == [p.name for p in params if p.kind is p.POSITIONAL_ONLY]
    assert sig.kwonly == [p.name for p in params if p.kind is p.KEYWORD_ONLY]
    assert sig.varkw == any(p.kind is p.VAR_KEYWORD for p in params)


def test_jitting_a_library_function_traces_its_size_arguments():
    """What JG105 reports at `jax.jit(library_function)(...)`: JAX's own behaviour."""
    with pytest.raises(jax.errors.ConcretizationTypeError):
        jax.jit(jax.nn.one_hot)(3, 5)  # noqa: JG105 - the error is the point
    jax.jit(jax.nn.one_hot, static_argnums=1)(3, 5)
    with pytest.raises(jax.errors.ConcretizationTypeError):
        jax.jit(jax.ops.segment_sum)(jnp.ones(3), jnp.array([0, 0, 1]))  # noqa: JG105 - the error is the point
    with pytest.raises(ValueError, match="positional arguments"):
        jax.jit(jnp.nonzero, static_argnums=1)  # noqa: JG201 - the error is the point
    with pytest.raises(ValueError, match="positional-only"):
        jax.jit(lambda x, n, /: x, static_argnames=("n",))


def test_the_unhashable_standard_library_classes_are_found_again():
    """Each class listed cannot be hashed on this Python; a newer Python may add classes (then
    regenerate), or drop one that became hashable (the check below says which)."""
    import importlib

    for qual in sorted(jaxsig.STDLIB_UNHASHABLE):
        module, name = qual.rsplit(".", 1)
        cls = getattr(importlib.import_module(module), name, None)
        if cls is not None:
            assert cls.__hash__ is None, qual
    found = _scan_module().scan_stdlib_unhashable()
    assert {"argparse.Namespace", "types.SimpleNamespace", "collections.Counter"} <= found
    if sys.version_info[:2] == (3, 11):  # the version the committed table was read from
        assert found == jaxsig.STDLIB_UNHASHABLE


# -- CONVERTS_TO_NUMPY: NumPy and SciPy functions that convert a traced argument ------------------

def _resolve_dotted(qual: str):
    found = _scan_module().resolve_dotted(qual, default=LookupError)
    assert found is not LookupError, qual
    return found


# every NumPy entry, and every third SciPy one (SciPy's ~1,700 entries are probed whole by
# `python scripts/gen_jaxsig.py --check`)
_NUMPY_ENTRIES = sorted(q for q in jaxsig.CONVERTS_TO_NUMPY if q.startswith("numpy."))
_SCIPY_ENTRIES = sorted(q for q in jaxsig.CONVERTS_TO_NUMPY if q.startswith("scipy."))[::3]


@pytest.mark.parametrize("qual", _NUMPY_ENTRIES + _SCIPY_ENTRIES)
def test_each_listed_function_converts_a_traced_argument(qual):
    """Called under jit as the table says, with the traced array first, it raises
    TracerArrayConversionError (or, for the forms of a traced number ``n``, runs with a static int
    and raises with a traced one); and the JAX function named as its replacement exists."""
    import warnings

    operands = _scan_module().conversion_operands
    fn = _resolve_dotted(qual)
    form, replacement = jaxsig.CONVERTS_TO_NUMPY[qual]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if form.startswith("n"):  # np.zeros(n): runs with a static 2, raises with a traced one
            jax.jit(lambda: fn(*operands(form, 2)))()
            with pytest.raises(Exception):  # noqa: B017 - NumPy's own TypeError or JAX's conversion errors
                jax.jit(lambda n: fn(*operands(form, n)))(2)
        else:
            with pytest.raises(jax.errors.TracerArrayConversionError):
                jax.jit(lambda x: fn(*operands(form, x)))(jnp.eye(3) * 0.1 + 0.2)
    if replacement is not None:
        assert callable(_resolve_dotted(replacement))


@pytest.mark.parametrize("qual", ["numpy.sum", "numpy.mean", "numpy.reshape", "numpy.transpose", "numpy.shape",
                                  "numpy.ndim", "numpy.take", "numpy.round", "numpy.cumsum", "numpy.searchsorted"])
def test_numpy_functions_that_hand_the_call_to_the_array_are_not_listed(qual):
    """np.sum(x) calls x.sum(); np.reshape(x, 1) converts only because x.reshape(1) raises
    TypeError: a probe form alone does not prove a conversion there."""
    assert qual not in jaxsig.CONVERTS_TO_NUMPY


def test_the_probe_finds_conversions_and_leaves_dispatching_functions_out():
    import numpy as np

    gen = _scan_module()
    assert gen.converts_a_tracer(np.lexsort) == "x"
    assert gen.converts_a_tracer(np.sum) is None  # x.sum() runs
    assert gen.converts_a_tracer(np.shape) is None  # a Python tuple
    assert gen._hands_to_method(np.reshape) and not gen._hands_to_method(np.lexsort)


# -- PYTHON_CONVERSIONS: builtins, math and cmath functions that need a concrete number ----------

@pytest.mark.parametrize("qual", sorted(jaxsig.PYTHON_CONVERSIONS))
def test_each_python_conversion_raises_its_error_on_a_traced_number(qual):
    """Re-probed as the generator did: runs on a Python number, raises the recorded tracer
    conversion error on a traced one; the JAX function named for the fix exists."""
    import builtins
    import importlib

    module, _, name = qual.rpartition(".")
    fn = getattr(importlib.import_module(module) if module else builtins, name)
    error, replacement = jaxsig.PYTHON_CONVERSIONS[qual]
    assert _scan_module()._python_probe(fn) == error
    if replacement is not None:
        assert callable(_resolve_dotted(replacement))


def test_python_functions_that_work_on_tracers_are_not_listed():
    assert not {"abs", "round", "pow", "divmod", "len", "math.pi", "math.trunc"} & set(jaxsig.PYTHON_CONVERSIONS)
    assert {"hex", "math.comb", "math.sqrt", "cmath.exp"} <= set(jaxsig.PYTHON_CONVERSIONS)


# -- TRACED_FUNCTION_ARGS: JAX functions that trace the functions they are given -------------------

def _probe_module():
    _scan_module()  # puts scripts/ on the path long enough to import gen_jaxsig and its probe
    import probe_function_args

    return probe_function_args


def test_the_functions_that_trace_a_function_argument_are_found_again_by_running_jax():
    """Each slot was found by running the JAX function once outside jit with a recording function
    there (a Python branch on its operands raised): run the probe again."""
    probe = _probe_module()
    assert probe.scan_traced_function_args() == (jaxsig.TRACED_FUNCTION_ARGS, jaxsig.BATCHED_FUNCTION_ARGS)


def test_every_public_function_parameter_of_jax_has_a_probe_recipe():
    """A JAX release that adds a function taking a function gets probed, not forgotten."""
    probe = _probe_module()
    assert sorted({q for q, _ in probe.callable_parameters()} - set(probe.recipes())) == []


def test_a_function_argument_called_with_concrete_arrays_is_left_out():
    """funm, apply_over_axes and pure_callback call their function on concrete arrays outside jit
    (a branch there runs), grad and jvp on tracers that keep their values: not traced slots."""
    for qual in ("jax.scipy.linalg.funm", "jax.numpy.apply_over_axes", "jax.pure_callback", "jax.grad", "jax.jvp"):
        assert qual not in jaxsig.TRACED_FUNCTION_ARGS, qual


def test_associative_scan_runs_eagerly_outside_jit_and_traces_inside():
    """jaxapi keeps lax.associative_scan as a tracing slot although the probe leaves it out: check
    both halves of the comment that says why."""
    from jax import lax

    def fn(a, b):
        if jnp.all(a > -100):  # noqa: JG101 (raises under jit: the test checks it does)
            return a + b
        return a * b

    assert "jax.lax.associative_scan" not in jaxsig.TRACED_FUNCTION_ARGS
    assert "jax.lax.associative_scan" in jaxapi.TRACED_FUNCTION_SLOTS
    assert lax.associative_scan(fn, jnp.arange(1.0, 5.0)).tolist() == [1.0, 3.0, 6.0, 10.0]
    with pytest.raises(jax.errors.TracerBoolConversionError):
        jax.jit(lambda x: lax.associative_scan(fn, x))(jnp.arange(1.0, 5.0))


# -- SEQINTS: parameters that take a sequence of Python ints (2026-12-06, fix-recall8a) ---------
_SEQUENCE_SAMPLE = frozenset({"jax.lax.conv", "jax.lax.conv_general_dilated", "jax.lax.slice", "jax.lax.reduce_window",
                              "jax.lax.pad"})


def test_static_int_sequences_are_found_again_by_running_jax():
    """A sample of STATIC_INT_SEQUENCES found again by the probe (a tuple of Python ints runs under
    jit, the same tuple traced and a traced array raise), and the convolution's strides among them."""
    found = _scan_module().scan_static_int_sequences(only=_SEQUENCE_SAMPLE)
    assert found == {k: v for k, v in jaxsig.STATIC_INT_SEQUENCES.items() if k in _SEQUENCE_SAMPLE}
    assert "window_strides" in jaxsig.STATIC_INT_SEQUENCES["jax.lax.conv"][1]
    assert "window_strides" in jaxapi.STATIC_INTS["jax.lax.conv"][1]


def test_a_traced_stride_tuple_raises_and_a_static_one_runs():
    from jax import lax

    image, kernel = jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 3, 3))
    jax.jit(lambda: lax.conv(image, kernel, (1, 1), "SAME"))()
    for traced in ((1, 1), jnp.array([1, 1])):
        with pytest.raises(jax.errors.TracerArrayConversionError):
            jax.jit(lambda s: lax.conv(image, kernel, s, "SAME"))(traced)  # noqa: JG104


# -- CALLBACKCONV: routines that call a function argument and convert its result ----------------
_CALLBACK_SAMPLE = ("scipy.integrate.quad", "scipy.optimize.brentq", "scipy.optimize.minimize")


@pytest.mark.parametrize("qual", _CALLBACK_SAMPLE)
def test_callback_conversions_are_found_again_by_running_them(qual):
    """quad, brentq, minimize: listed, and the probe's form still shows it (a NumPy result runs
    under jit, a JAX one raises a conversion error there, and runs eagerly)."""
    pytest.importorskip("scipy")
    gen = _scan_module()
    assert jaxsig.CALLBACK_CONVERSIONS[qual][0] == gen.converts_callback_result(gen.resolve_dotted(qual))


def test_a_routine_that_hands_the_result_back_is_not_found():
    """A routine that calls its function argument but converts nothing (returns what it gives)
    runs under jit with a JAX result too: the probe does not list it."""

    def apply(f, *args):
        return f(*args)

    assert _scan_module().converts_callback_result(apply) is None
