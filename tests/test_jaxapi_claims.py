"""jaxapi's tables are claims about JAX and NumPy: check them against the installed versions."""

from __future__ import annotations

import operator

import pytest

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

from jitguard.lint.analysis import jaxapi  # noqa: E402

# how to call each NumPy function with a traced 2x2 matrix `x`
_CALLS = {
    "stack": lambda f, x: f([x, x]),
    "concatenate": lambda f, x: f([x, x]),
    "vstack": lambda f, x: f([x, x]),
    "hstack": lambda f, x: f([x, x]),
    "column_stack": lambda f, x: f([x, x]),
    "where": lambda f, x: f(x > 0, x, 0),
    "einsum": lambda f, x: f("ij,jk->ik", x, x),
    "clip": lambda f, x: f(x, 0, 1),
    "full_like": lambda f, x: f(x, 2.0),
    "percentile": lambda f, x: f(x, 50),
    "quantile": lambda f, x: f(x, 0.5),
    "interp": lambda f, x: f(x, x.ravel(), x.ravel()),
}
_TWO_ARGS = {"dot", "append", "matmul", "outer", "tensordot", "maximum", "minimum", "power", "allclose", "isclose",
             "array_equal", "linalg.solve"}


def _numpy(name):
    obj = np
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def _call(name, x):
    fn = _numpy(name)
    if name in _CALLS:
        return _CALLS[name](fn, x)
    if name in _TWO_ARGS:
        return fn(x, x)
    return fn(x)


@pytest.mark.parametrize("name", sorted(jaxapi.NUMPY_CONVERTS))
def test_numpy_function_listed_as_converting_fails_on_a_tracer(name):
    with pytest.raises(jax.errors.TracerArrayConversionError):
        jax.jit(lambda x: _call(name, x))(jnp.eye(2) + 1.0)


@pytest.mark.parametrize("name", ["sum", "mean", "max", "min", "prod", "any", "all", "reshape", "transpose",
                                  "round", "squeeze", "argmax", "cumsum", "std", "var", "shape", "ndim", "size"])
def test_numpy_function_not_listed_works_on_a_tracer(name):
    assert name not in jaxapi.NUMPY_CONVERTS
    fn = _numpy(name)
    jax.jit(lambda x: fn(x, (4,)) if name == "reshape" else fn(x))(jnp.eye(2))


_SPARSE = {"n_batch", "n_sparse", "n_dense", "nse", "indices_sorted", "unique_indices"}


@pytest.mark.parametrize("attr", sorted(jaxapi.STATIC_ATTRIBUTES - {"named_shape", "aval", "sharding"}))
def test_static_attributes_are_python_values_under_jit(attr):
    from jax.experimental import sparse

    seen = []

    @jax.jit
    def f(x):
        seen.append(getattr(x, attr))
        return x

    f(sparse.BCOO.fromdense(jnp.eye(3)) if attr in _SPARSE else jnp.ones(3))
    assert not isinstance(seen[0], jax.core.Tracer)


@pytest.mark.parametrize("name", ["jax.numpy.shape", "jax.numpy.ndim", "jax.numpy.size", "numpy.shape", "numpy.ndim",
                                  "jax.numpy.isscalar", "numpy.isscalar"])
def test_static_calls_return_python_values_under_jit(name):
    assert name in jaxapi.STATIC_CALLS
    module, attr = name.rsplit(".", 1)
    fn = getattr(jnp if module == "jax.numpy" else np, attr)
    seen = []
    jax.jit(lambda x: seen.append(fn(x)) or x)(jnp.ones((2, 3)))
    value = seen[0]
    leaves = value if isinstance(value, tuple) else (value,)
    assert all(isinstance(v, (int, bool)) for v in leaves), value


@pytest.mark.parametrize("name", sorted(jaxapi.CONCRETIZING_BUILTINS))
def test_concretizing_builtins_fail_on_a_tracer(name):
    fn = operator.index if name == "operator.index" else __builtins__[name] if isinstance(__builtins__, dict) else getattr(__builtins__, name)
    errors = (jax.errors.ConcretizationTypeError, jax.errors.TracerIntegerConversionError,
              jax.errors.TracerBoolConversionError)
    with pytest.raises(errors):
        jax.jit(lambda x: fn(x))(jnp.int32(1))


# VALUE_DEPENDENT_SHAPE is generated from JAX (jaxsig.py): tests/test_jaxsig.py checks each entry.


def test_grad_alone_runs_python_control_flow_on_concrete_values():
    def f(x):
        return x**2 if x > 0 else -x

    assert float(jax.grad(f)(3.0)) == 6.0


# how to call each NumPy function that dispatches to the array's method with a static axis/shape
_DISPATCH_ARGS = {"reshape": ((4,),), "repeat": (2,), "swapaxes": (0, 1)}


@pytest.mark.parametrize("name", sorted(jaxapi.NUMPY_DISPATCHES_TO_METHOD))
def test_numpy_function_listed_as_dispatching_works_on_a_tracer_and_returns_a_tracer(name):
    assert name not in jaxapi.NUMPY_CONVERTS
    fn = _numpy(name)
    seen = []
    jax.jit(lambda x: seen.append(fn(x, *_DISPATCH_ARGS.get(name, ()))) or x)(jnp.eye(2))
    assert isinstance(seen[0], jax.core.Tracer)  # the array's own method ran: its arguments are JAX's


@pytest.mark.parametrize("name", ["reshape", "sum", "squeeze", "max"])
def test_numpy_dispatch_needs_static_shapes_and_axes_as_jax_does(name):
    fn = _numpy(name)
    x = jnp.ones((2, 1))
    if name == "reshape":
        assert "jax.numpy.reshape" in jaxapi.SHAPE_ARGUMENTS
        with pytest.raises(TypeError):  # TracerArrayConversionError, after the tracer's reshape refused
            jax.jit(lambda x, n: fn(x, (n, -1)))(x, 2)
        return
    assert f"jax.numpy.{name}" in jaxapi.STATIC_AXES
    with pytest.raises((jax.errors.ConcretizationTypeError, jax.errors.TracerIntegerConversionError)):
        jax.jit(lambda x, a: fn(x, a))(x, 1)
    jax.jit(lambda x: fn(x, 1))(x)


def test_calls_with_tracers_call_their_function_with_tracers_outside_jit():
    seen = []

    def record(v):
        seen.append(v)
        return v.sum()

    import inspect

    for qual, (position, keyword, n_traced, extra, _kwargs) in jaxapi.CALLS_WITH_TRACERS.items():
        module, attr = qual.rsplit(".", 1)
        fn = getattr(jnp if module == "jax.numpy" else jax.lax, attr)
        assert list(inspect.signature(fn).parameters)[position] == keyword
        seen.clear()
        if attr == "apply_along_axis":
            fn(record, 1, np.eye(2))
        else:
            fn(record, jnp.eye(2))
        assert seen and all(isinstance(v, jax.core.Tracer) for v in seen), qual


def test_value_classes_hash_their_fields_and_stdlib_namespaces_do_not_hash():
    """What jitguard.lint.analysis.hashability claims, under jax.jit's static arguments."""
    import argparse
    import collections
    import dataclasses
    import types

    from jitguard.lint.analysis.hashability import UNHASHABLE_RETURNS

    jitted = jax.jit(lambda x, s: x, static_argnums=1)
    Pair = collections.namedtuple("Pair", ["a", "b"])

    @dataclasses.dataclass(frozen=True)
    class Frozen:
        a: object

    @dataclasses.dataclass(frozen=True, eq=False)
    class ByIdentity:
        a: object

    for bad in (Pair([1], 2), Frozen({"k": 1}), argparse.Namespace(a=1), types.SimpleNamespace(a=1),
                argparse.ArgumentParser().parse_args([])):
        with pytest.raises(ValueError, match="Non-hashable static arguments"):
            jitted(1.0, bad)
    for good in (Pair((1,), 2), Frozen(("k", 1)), ByIdentity([1])):
        jitted(1.0, good)
    for method, returned in UNHASHABLE_RETURNS.items():
        cls_name, meth = method.rsplit(".", 1)
        module, cls = cls_name.rsplit(".", 1)
        import importlib

        value = getattr(getattr(importlib.import_module(module), cls)(), meth)([])
        assert type(value).__module__ + "." + type(value).__name__ == returned


def test_a_tracer_at_a_static_position_through_partial_fails():
    import functools

    f = jax.jit(lambda z, a, t: z * a / t, static_argnums=(2,))
    with pytest.raises(ValueError, match="Non-hashable static arguments"):
        jax.vmap(functools.partial(f, 0.5, 2))(jnp.ones((3, 2)))  # noqa: JG203 - the error is the point
    jax.vmap(functools.partial(f, a=0.5, t=2))(jnp.ones((3, 2)))
