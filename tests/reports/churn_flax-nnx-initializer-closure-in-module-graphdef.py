# Report: google/flax#4994 https://github.com/google/flax/issues/4994
# Class: 6 (churn: per-instance values inside the compilation-cache key)
# Rule: JG302
# Reduced: "kernel_init and bias_init part of nnx.Linear graphdef and affect jit": `nnx.Linear`
# keeps its `kernel_init` and `bias_init` functions as static attributes, so they are part of the
# module's graphdef, which `nnx.jit` puts in the cache key: two layers built with different
# initializers compile twice ("jax_log_compiles" shows it), and an initializer made per layer
# (`nnx.initializers.normal(stddev)` returns a new closure each call) compiles once per layer,
# although the parameters' shapes never change. The fix discussed: keep the initializers out of
# the graph (they are only needed at construction). Reduced without flax: the layer is a pytree
# whose aux data holds the two functions, as the graphdef does, rebuilt per seed to test the
# stability across initializations (the use flax#4329 describes).
import jax
import jax.numpy as jnp


def normal_init(stddev):
    def init(key, shape):
        return stddev * jax.random.normal(key, shape)

    return init


def zeros_init(key, shape):
    return jnp.zeros(shape)


@jax.tree_util.register_pytree_node_class
class Linear:
    def __init__(self, kernel, bias, kernel_init, bias_init):
        self.kernel, self.bias = kernel, bias
        self.kernel_init, self.bias_init = kernel_init, bias_init

    @classmethod
    def create(cls, din, dout, key, kernel_init, bias_init=zeros_init):
        return cls(kernel_init(key, (din, dout)), bias_init(key, (dout,)), kernel_init, bias_init)

    def tree_flatten(self):
        return (self.kernel, self.bias), (self.kernel_init, self.bias_init)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children, *aux)


@jax.jit
def forward(layer, x):
    return jnp.tanh(x @ layer.kernel + layer.bias)


# --- must be flagged ---


def stability_sweep(n):
    x = jnp.ones((4, 8))
    outs = []
    for seed in range(n):
        layer = Linear.create(8, 8, jax.random.key(seed), kernel_init=normal_init(0.02))
        outs.append(forward(layer, x))  # expect: JG302
    return outs


# --- must not be flagged ---


@jax.tree_util.register_pytree_node_class
class DenseParams:
    """flax#4994: the initializers are used once at construction and not kept in the tree."""

    def __init__(self, kernel, bias):
        self.kernel, self.bias = kernel, bias

    def tree_flatten(self):
        return (self.kernel, self.bias), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


def reseeded_runs(n):
    keys = [jax.random.key(seed) for seed in range(n)]
    params = [DenseParams(normal_init(0.02)(k, (8, 8)), zeros_init(k, (8,))) for k in keys]
    return [forward(p, jnp.ones((4, 8))) for p in params]


GROWS = [stability_sweep]
BOUNDED = [reseeded_runs]
