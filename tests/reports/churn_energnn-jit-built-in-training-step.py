# Report: energnn/energnn#75 https://github.com/energnn/energnn/pull/75
# Class: 6 (churn: `jax.jit` built inside a trainer's step method, which runs every step)
# Rule: JG301
# Reduced: `Trainer.training_step` wrapped its forward/VJP in `jax.jit(...)` of a closure on
# every call, so every step traced and compiled again. Fix (the PR's): build the jitted
# functions once in `Trainer.__init__` and reuse them.
import jax
import jax.numpy as jnp


def loss_fn(params, x):
    return jnp.sum((x @ params) ** 2)


# --- must be flagged ---


class Trainer:
    def __init__(self, lr):
        self.lr = lr

    def training_step(self, params, x):
        step = jax.jit(lambda p, b: p - self.lr * jax.grad(loss_fn)(p, b))  # expect: JG301
        return step(params, x)


def train(n):
    trainer, params = Trainer(0.01), jnp.ones((3, 2))
    for _ in range(n):
        params = trainer.training_step(params, jnp.ones((4, 3)))
    return params


# --- must not be flagged ---


class CachedTrainer:
    def __init__(self, lr):
        self.lr = lr
        self._step = jax.jit(lambda p, b: p - self.lr * jax.grad(loss_fn)(p, b))

    def training_step(self, params, x):
        return self._step(params, x)


def train_cached(n):
    trainer, params = CachedTrainer(0.01), jnp.ones((3, 2))
    for _ in range(n):
        params = trainer.training_step(params, jnp.ones((4, 3)))
    return params


GROWS = [train]
BOUNDED = [train_cached]
