"""JG206 untraceable-argument, `equinox.Module` fields: examples that must and must not be flagged.

An `equinox.Module` is a pytree whose fields are all children unless declared static: passed to
plain `jax.jit`, a field holding a string, a function or an instance of a `tuple` subclass is a
leaf JAX cannot make an array of (TypeError at the call). The modules of `equinox.nn` too: an
`MLP` holds its activations (functions by default), a `Lambda` its function, a pooling layer its
reduction, a `BatchNorm` its `axis_name` (scripts/gen_eqxnn.py probes which).
"""

from typing import Callable

import equinox as eqx
import jax
import jax.numpy as jnp


class Irreps(tuple):  # a tuple subclass: a leaf for JAX's registry
    @property
    def dim(self):
        return sum(mul * (2 * l + 1) for mul, l in self)


def weights(irreps, key):
    return jax.random.normal(key, (irreps.dim, 2))


class Linear(eqx.Module):
    irreps_in: Irreps
    w: jax.Array

    def __init__(self, irreps_in, key):
        self.irreps_in = Irreps(irreps_in)
        self.w = weights(self.irreps_in, key)


class Head(eqx.Module):  # the generated __init__: fields in order
    w: jax.Array
    activation: object
    scale: float = 1.0


def apply(model, x):
    return x @ model.w if hasattr(model, "irreps_in") else x * model.w * model.scale


apply_jit = jax.jit(apply)

# --- must be flagged -------------------------------------------------------------------------


def tuple_subclass_field(x):
    model = Linear([(2, 0), (1, 1)], jax.random.PRNGKey(0))
    return apply_jit(model, x)  # expect: JG206


def string_field_generated_init(x):
    return apply_jit(Head(jnp.ones(5), "relu"), x)  # expect: JG206


def lambda_field_by_keyword(x):
    head = Head(w=jnp.ones(5), activation=lambda v: v)
    return apply_jit(head, x)  # expect: JG206


def call(model, x):
    return model(x)


KEY = jax.random.PRNGKey(0)


def library_mlp_activations(x):
    return jax.jit(call)(eqx.nn.MLP(5, 2, 4, 1, key=KEY), x)  # expect: JG206


def library_mlp_learnt_activation_default_final(x):
    mlp = eqx.nn.MLP(5, 2, 4, 1, activation=eqx.nn.PReLU(), key=KEY)  # final_activation: a function
    return jax.jit(call)(mlp, x)  # expect: JG206


def library_lambda_in_sequential_under_a_gradient(x):
    model = eqx.nn.Sequential([eqx.nn.Linear(5, 1, key=KEY), eqx.nn.Lambda(jax.nn.gelu)])
    return jax.value_and_grad(lambda m, v: m(v).sum())(model, x)  # expect: JG206


def library_pooling_reduction(x):
    return jax.jit(call)(eqx.nn.MaxPool1d(2), x[None])  # expect: JG206


class Gate(eqx.Module):  # a JAX function as a field's default
    w: jax.Array
    activation: Callable = jax.nn.relu


class Net(eqx.Module):  # holds a library module
    mlp: eqx.nn.MLP

    def __init__(self, key):
        self.mlp = eqx.nn.MLP(5, 2, 4, 1, key=key)


def jax_function_default_of_a_field(x):
    return apply_jit(Gate(jnp.ones(5)), x)  # expect: JG206


def library_module_in_a_field_under_grad(x):
    return jax.grad(lambda m, v: m.mlp(v).sum())(Net(KEY), x)  # expect: JG206


def library_batch_norm_axis_name(x):
    return jax.jit(lambda m, v: v)(eqx.nn.BatchNorm(5, "batch", mode="batch"), x)  # expect: JG206


# --- must not be flagged ---------------------------------------------------------------------


def module_given_for_the_function_field(x):
    return jax.jit(lambda m, v: m.activation(v * m.w))(Gate(jnp.ones(5), eqx.nn.PReLU()), x)


def library_modules_filtered_or_arrays_only(x):
    mlp = eqx.nn.MLP(5, 2, 4, 1, key=KEY)
    a = eqx.filter_jit(call)(mlp, x)
    model = eqx.nn.Sequential([eqx.nn.Linear(5, 1, key=KEY), eqx.nn.Lambda(jax.nn.gelu)])
    b, _ = eqx.filter_value_and_grad(lambda m, v: m(v).sum())(model, x)
    learnt = eqx.nn.MLP(5, 2, 4, 1, activation=eqx.nn.PReLU(), final_activation=eqx.nn.PReLU(), key=KEY)
    c = jax.jit(call)(learnt, x)
    d = jax.jit(call)(eqx.nn.Sequential([eqx.nn.Linear(5, 3, key=KEY), eqx.nn.Linear(3, 1, key=KEY)]), x)
    return a.sum() + b + c.sum() + d.sum()



class StaticLinear(eqx.Module):
    irreps_in: Irreps = eqx.field(static=True)
    w: jax.Array

    def __init__(self, irreps_in, key):
        self.irreps_in = Irreps(irreps_in)
        self.w = weights(self.irreps_in, key)


class StaticHead(eqx.Module):
    w: jax.Array
    activation: str = eqx.field(static=True)


class ConvertedHead(eqx.Module):
    w: jax.Array
    activation: int = eqx.field(converter=len)  # "relu" becomes 4: an int leaf


def static_fields(x):
    a = apply_jit(StaticLinear([(2, 0), (1, 1)], jax.random.PRNGKey(0)), x)
    b = jax.jit(lambda m, v: v * m.w)(StaticHead(jnp.ones(5), "relu"), x)
    return a.sum() + b.sum()


def number_and_tuple_fields(x):
    return apply_jit(Head(jnp.ones(5), (1, 2), 2.0), x) + apply_jit(Head(jnp.ones(5), 3), x)


def converted_field(x):
    return jax.jit(lambda m, v: v * m.w * m.activation)(ConvertedHead(jnp.ones(5), "relu"), x)


def filter_jit_keeps_non_arrays_static(x):
    return eqx.filter_jit(apply)(Head(jnp.ones(5), "relu"), x)


RAISES = [
    (lambda: tuple_subclass_field(jnp.ones(5)), "TypeError"),
    (lambda: string_field_generated_init(jnp.ones(5)), "TypeError"),
    (lambda: lambda_field_by_keyword(jnp.ones(5)), "TypeError"),
    (lambda: library_mlp_activations(jnp.ones(5)), "TypeError"),
    (lambda: library_mlp_learnt_activation_default_final(jnp.ones(5)), "TypeError"),
    (lambda: library_lambda_in_sequential_under_a_gradient(jnp.ones(5)), "TypeError"),
    (lambda: library_pooling_reduction(jnp.ones(5)), "TypeError"),
    (lambda: library_batch_norm_axis_name(jnp.ones(5)), "TypeError"),
    (lambda: jax_function_default_of_a_field(jnp.ones(5)), "TypeError"),
    (lambda: library_module_in_a_field_under_grad(jnp.ones(5)), "TypeError"),
]

RUNS = [
    lambda: static_fields(jnp.ones(5)),
    lambda: number_and_tuple_fields(jnp.ones(5)),
    lambda: converted_field(jnp.ones(5)),
    lambda: filter_jit_keeps_non_arrays_static(jnp.ones(5)),
    lambda: library_modules_filtered_or_arrays_only(jnp.ones(5)),
    lambda: module_given_for_the_function_field(jnp.ones(5)),
]
