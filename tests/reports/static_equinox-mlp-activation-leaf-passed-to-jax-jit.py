# Report: patrick-kidger/equinox#570 https://github.com/patrick-kidger/equinox/issues/570
# Class: 1 (values inside containers and objects: a function leaf inside a model pytree)
# Rule: JG206
# Reduced: "Simple example for differentiating loss with basic MLP?": `model = eqx.nn.MLP(2, 1, 4,
# 3, key=key)`, `nll(model, X, y)` works eagerly, `jax.jit(nll)(model, X, y)` fails with
# "Cannot interpret value of type <class 'jax._src.custom_derivatives.custom_jvp'> as an
# abstract array": the MLP pytree's leaves include its activation `jax.nn.relu` (a custom_jvp
# object), and `jax.jit` traces every leaf of its arguments as an array. Fix (maintainers):
# `eqx.filter_jit`, which keeps non-array leaves static; written here as the activation held in
# the pytree's static aux data. The MLP is written out as a registered pytree.
import jax
import jax.numpy as jnp
import numpy as np


@jax.tree_util.register_pytree_node_class
class Linear:
    def __init__(self, weight, bias):
        self.weight, self.bias = weight, bias

    def tree_flatten(self):
        return (self.weight, self.bias), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)

    def __call__(self, x):
        return self.weight @ x + self.bias


@jax.tree_util.register_pytree_node_class
class MLP:
    def __init__(self, layers, activation=jax.nn.relu):
        self.layers, self.activation = layers, activation

    def tree_flatten(self):
        return (self.layers, self.activation), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = self.activation(layer(x))
        return self.layers[-1](x)


def make_layers(sizes, key):
    keys = jax.random.split(key, len(sizes) - 1)
    return [Linear(jax.random.normal(k, (o, i)), jnp.zeros(o)) for k, i, o in zip(keys, sizes[:-1], sizes[1:])]


def nll(model, X, y):
    yp = jax.vmap(model)(X)
    return jnp.mean((y - yp) ** 2)


X = np.random.randn(100, 2).astype(np.float32)
y = np.random.randn(100, 1).astype(np.float32)


# --- must be flagged ---


def crashes():
    model = MLP(make_layers([2, 4, 4, 4, 1], jax.random.PRNGKey(0)))
    return jax.jit(nll)(model, X, y)  # expect: JG206


# --- must not be flagged ---


@jax.tree_util.register_pytree_node_class
class MLPStaticActivation(MLP):
    def tree_flatten(self):
        return (self.layers,), self.activation

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], aux)


def works():
    model = MLPStaticActivation(make_layers([2, 4, 4, 4, 1], jax.random.PRNGKey(0)))
    return jax.jit(nll)(model, X, y)


RAISES = [(crashes, "TypeError")]
RUNS = [works]
