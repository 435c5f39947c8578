"""A small MLP trained with plain JAX: the kind of script where tracer bugs hide.

It has five real bugs that only show up when the jitted functions first run. Find them
without running anything:

    jitguard check examples/

Everything else here is legal JAX that a careless linter would flag: shape checks, `is None`,
static arguments, loops over `range(x.shape[0])`, `lax.cond`, `jnp.where`.
"""

from __future__ import annotations

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

LAYER_SIZES = (784, 256, 10)


def init_params(key, sizes=LAYER_SIZES):
    params = []
    for n_in, n_out in zip(sizes[:-1], sizes[1:]):
        key, sub = jax.random.split(key)
        params.append((jax.random.normal(sub, (n_in, n_out)) * jnp.sqrt(2.0 / n_in), jnp.zeros(n_out)))
    return params


def mlp(params, x, training=False, dropout_key=None):
    if x.ndim == 1:  # static: shapes are known while tracing
        x = x[None, :]
    for i, (w, b) in enumerate(params):
        x = x @ w + b
        if i < len(params) - 1:
            x = jax.nn.relu(x)
            if training and dropout_key is not None:  # bug: `training` is traced in train_step
                keep = jax.random.bernoulli(jax.random.fold_in(dropout_key, i), 0.9, x.shape)
                x = jnp.where(keep, x / 0.9, 0.0)
    return x


def cross_entropy(logits, labels):
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


@jax.jit
def train_step(params, batch, lr, key, training=True):
    def loss_fn(p):
        return cross_entropy(mlp(p, batch["x"], training, key), batch["y"])

    loss, grads = jax.value_and_grad(loss_fn)(params)
    if loss > 10.0:  # bug: Python `if` on the traced loss
        lr = lr * 0.1
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss


@partial(jax.jit, static_argnames=("num_classes",))
def evaluate(params, x, y, num_classes=10):
    logits = mlp(params, x)
    assert logits.shape[-1] == num_classes  # static: fine
    predictions = jnp.argmax(logits, axis=-1)
    correct = predictions == y
    hits = predictions[correct]  # bug: boolean-mask indexing has a data-dependent shape
    per_class = jnp.zeros(num_classes).at[hits].add(1.0)
    return jnp.mean(correct), per_class


@jax.jit
def clip_by_global_norm(grads, max_norm):
    leaves = jax.tree.leaves(grads)
    norm = jnp.sqrt(sum(jnp.sum(g**2) for g in leaves))
    scale = lax.cond(norm > max_norm, lambda: max_norm / norm, lambda: 1.0)
    return jax.tree.map(lambda g: g * scale, grads), norm


@jax.jit
def running_mean(losses):
    total = 0.0
    for i in range(losses.shape[0]):  # static trip count: fine
        total = total + losses[i]
    return total / losses.shape[0]


@jax.jit
def log_metrics(step, loss):
    print(f"step {step}: loss {float(loss):.4f}")  # bug: float() of a traced value
    return loss


@jax.jit
def warmup_schedule(step, base_lr):
    warm = jnp.minimum(1.0, (step + 1) / 100.0)
    return np.maximum(warm * base_lr, 1e-5)  # bug: NumPy cannot take a traced value


def main():
    key = jax.random.key(0)
    params = init_params(key)
    rng = np.random.default_rng(0)
    for step in range(3):
        batch = {"x": jnp.asarray(rng.normal(size=(32, 784)), jnp.float32), "y": jnp.asarray(rng.integers(0, 10, 32))}
        lr = warmup_schedule(step, 0.1)
        params, loss = train_step(params, batch, lr, jax.random.fold_in(key, step), training=True)
        log_metrics(step, loss)
    print(evaluate(params, batch["x"], batch["y"]))


if __name__ == "__main__":
    main()
