# Report: marin-community/haliax#57 https://github.com/marin-community/haliax/issues/57
# Class: 1 (a value inside a container: the array field of a named-array index, scanned over layers)
# Rule: JG101
# Reduced: "better stack trace for concretization inside scan": a transformer block method
# `foo(self, x, mask, layer_idx, *, key)` is scanned over the stacked layers (`scan(self.foo, ...)`)
# and adds a perturbation in one layer with `if jnp.equal(layer_idx.array, 4):`; the layer index
# is a scanned `NamedArray`, so its `.array` is a tracer and the `if` fails with "Attempted boolean
# conversion". haliax is not installed: `NamedArray` is a small pytree with an `.array` field, the
# attention/MLP sublayers are matmuls, `haliax.scan` is `jax.lax.scan` over the layer index and
# stacked weights. Fix: select with `jnp.where` on the traced index.
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class NamedArray:
    def __init__(self, array, axes):
        self.array = array
        self.axes = axes

    def tree_flatten(self):
        return (self.array,), self.axes

    @classmethod
    def tree_unflatten(cls, axes, children):
        return cls(children[0], axes)


# --- must be flagged ---


class Block:
    def foo(self, x, w, layer_idx):
        attn_output = jnp.tanh(x @ w)
        x = x + attn_output
        if jnp.equal(layer_idx.array, 4):  # expect: JG101
            x = x + 0.01 * jnp.sin(x * 1e2)
        return x

    def __call__(self, x, stacked_w):
        layer_ids = NamedArray(jnp.arange(stacked_w.shape[0]), ("layers",))

        def body(carry, inputs):
            w, idx = inputs
            return self.foo(carry, w, idx), None

        out, _ = jax.lax.scan(body, x, (stacked_w, layer_ids))
        return out


def bug():
    return jax.jit(Block())(jnp.ones((2, 3)), jnp.ones((6, 3, 3)) * 0.1)


# --- must not be flagged ---


class BlockWhere:
    def foo(self, x, w, layer_idx):
        attn_output = jnp.tanh(x @ w)
        x = x + attn_output
        return jnp.where(jnp.equal(layer_idx.array, 4), x + 0.01 * jnp.sin(x * 1e2), x)

    def __call__(self, x, stacked_w):
        layer_ids = NamedArray(jnp.arange(stacked_w.shape[0]), ("layers",))

        def body(carry, inputs):
            w, idx = inputs
            return self.foo(carry, w, idx), None

        out, _ = jax.lax.scan(body, x, (stacked_w, layer_ids))
        return out


def fixed():
    return jax.jit(BlockWhere())(jnp.ones((2, 3)), jnp.ones((6, 3, 3)) * 0.1)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
