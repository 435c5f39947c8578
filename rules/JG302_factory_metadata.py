"""JG302 loop-varying-static, a new closure handed to a factory that stores it in a pytree's
metadata: examples that must and must not be flagged.

`Layer.create(..., init=scaled_init(0.02))` with `create` a classmethod returning
`cls(w, b, init, bias_init)` (or `make_layer(...)` a plain function returning `Layer(...)`): Python
binds the factory's parameters to the objects the call passes, or to their defaults, so the
constructor stores those very objects, here in the aux data of a registered pytree. JAX keeps the aux data in the tree structure and
compares it with `==`, which for a function is identity: a closure made anew per loop iteration
(each `scaled_init(0.02)` call returns a new lambda) compiles again at every iteration
(JAX 0.10.2: compiles grow with the loop), while one closure made before the loop, or a
module-level function as the factory's default, compiles once.
"""

import jax
import jax.numpy as jnp


def scaled_init(scale):
    return lambda key, shape: scale * jax.random.normal(key, shape)


def zero_init(key, shape):
    del key
    return jnp.zeros(shape, jnp.float32)


@jax.tree_util.register_pytree_node_class
class Layer:
    def __init__(self, w, b, init, bias_init):
        self.w, self.b, self.init, self.bias_init = w, b, init, bias_init

    @classmethod
    def create(cls, size, key, init, bias_init=zero_init):
        return cls(init(key, (size, size)), bias_init(key, (size,)), init, bias_init)

    def tree_flatten(self):
        return (self.w, self.b), (self.init, self.bias_init)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children, *aux)


def make_layer(size, key, init, bias_init=zero_init):
    return Layer(init(key, (size, size)), bias_init(key, (size,)), init, bias_init)


@jax.jit
def apply(layer, x):
    return jnp.tanh(x @ layer.w + layer.b)


# --- must be flagged ---------------------------------------------------------------------------


def reinit_per_seed(n):
    x = jnp.ones((2, 4))
    out = []
    for seed in range(n):
        layer = Layer.create(4, jax.random.key(seed), init=scaled_init(0.02))
        out.append(apply(layer, x))  # expect: JG302
    return out


def rebuild_per_seed(n):
    x = jnp.ones((2, 4))
    return [apply(make_layer(4, jax.random.key(s), scaled_init(0.1)), x) for s in range(n)]  # expect: JG302


# --- must not be flagged ---------------------------------------------------------------------


def one_init_for_all_seeds(n):
    x = jnp.ones((2, 4))
    init = scaled_init(0.02)
    out = []
    for seed in range(n):
        layer = Layer.create(4, jax.random.key(seed), init=init)
        out.append(apply(layer, x))
    return out


def default_init_per_seed(n):
    x = jnp.ones((2, 4))
    return [apply(Layer.create(4, jax.random.key(s), zero_init), x) for s in range(n)]


GROWS = [reinit_per_seed, rebuild_per_seed]
BOUNDED = [one_init_for_all_seeds, default_init_per_seed]
