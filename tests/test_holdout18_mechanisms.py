"""The JAX facts behind the eighteenth report batch's mechanisms (docs/recall.md), checked on the
installed JAX: the layer constructors of ``jax.example_libraries.stax`` return a pair of plain
functions and its optimizers a triple (traceable.STAX_LAYER_CONSTRUCTORS, OPTIMIZER_CONSTRUCTORS);
``odeint`` traces its extra arguments as arrays (JG206); ``lax.switch`` traces every function of
a branch list built earlier (JG103); a jitted method with ``self`` static leaves the tracer it
stores on ``self`` (JG104, analysis/leaks.py)."""

from __future__ import annotations

from functools import partial

import pytest

jax = pytest.importorskip("jax")
jnp = jax.numpy

from jitguard.lint.analysis.traceable import OPTIMIZER_CONSTRUCTORS, STAX_LAYER_CONSTRUCTORS  # noqa: E402


def _stax_args(stax):
    dense = stax.Dense(2)
    dims = ("NHWC", "HWIO", "NHWC")
    return {
        "AvgPool": ((2, 2),), "BatchNorm": (), "Conv": (2, (2, 2)), "Conv1DTranspose": (2, (2,)),
        "ConvTranspose": (2, (2, 2)), "Dense": (2,), "Dropout": (0.5,), "FanInConcat": (), "FanOut": (2,),
        "GeneralConv": (dims, 2, (2, 2)), "GeneralConvTranspose": (dims, 2, (2, 2)), "MaxPool": ((2, 2),),
        "SumPool": ((2, 2),), "elementwise": (jnp.tanh,), "parallel": (dense, dense), "serial": (dense, stax.Tanh),
        "shape_dependent": (lambda shape: dense,),
    }


def test_stax_layer_constructors_return_a_pair_of_functions():
    from jax.example_libraries import stax

    args = _stax_args(stax)
    assert {q.rsplit(".", 1)[1] for q in STAX_LAYER_CONSTRUCTORS} == set(args)
    for name, a in args.items():
        made = getattr(stax, name)(*a)
        assert isinstance(made, tuple) and len(made) == 2 and all(callable(f) for f in made), name


def test_optimizers_return_a_triple_of_functions():
    from jax.example_libraries import optimizers

    extra = {"momentum": (0.9,), "nesterov": (0.9,)}  # their `mass`
    for qual in OPTIMIZER_CONSTRUCTORS:
        name = qual.rsplit(".", 1)[1]
        made = getattr(optimizers, name)(1e-3, *extra.get(name, ()))
        assert len(made) == 3 and all(callable(f) for f in made), qual


@pytest.mark.parametrize("extra", ["text", jnp.tanh, (lambda v: v,)], ids=["string", "jax-function", "tuple-of-lambda"])
def test_odeint_traces_its_extra_arguments_as_arrays(extra):
    from jax.experimental.ode import odeint

    with pytest.raises(TypeError, match="odeint \\*args must be arrays or scalars"):
        odeint(lambda y, t, p: -y, jnp.ones(2), jnp.linspace(0.0, 1.0, 3), extra)


def test_switch_traces_every_branch_of_a_named_list():
    calls = []
    branches = [lambda x: calls.append(type(x).__name__) or x, lambda x: calls.append(type(x).__name__) or -x]
    jax.lax.switch(1, branches, 0.5)
    assert len(calls) == 2 and all("Tracer" in c for c in calls)


def test_jitted_method_with_static_self_leaves_its_tracer():
    class Box:
        @partial(jax.jit, static_argnums=0)
        def step(self, x):
            self.cache = x * 2
            return x * 2

    box = Box()
    box.step(jnp.ones(3))
    assert isinstance(box.cache, jax.core.Tracer)
