# Report: brainpy/BrainPy#607 https://github.com/brainpy/BrainPy/issues/607
# Class: 2 (arguments JAX needs static: a slice start read from a traced index array)
# Rule: JG105
# Reduced: "How to index and slice in the loss function during training": a `Trainer` keeps
# `self.grad = bm.grad(self.loss, ...)` and a `bm.cls_jit` train step; `loss(self, X, Y, gt)`
# runs the network over time (`bm.for_loop(self.net.step_run, ...)`, output `(T, batch)`), then
# `for i in range(batch_size): idx = gt[i]; l3 = ((out[idx:, i] - Y[i]) ** 2).sum()`. `gt` is a
# traced argument of the compiled step, so `out[idx:, i]` is a slice whose start is a tracer: its
# length depends on the value ("Array slice indices must have static start/stop/step"; the user
# then tried `lax.dynamic_slice(out, (0, i), (idx, 1))`: "Shapes must be 1D sequences of concrete
# values"). Maintainer: XLA only compiles static shapes, "Masking is a good idea". Here the
# network is a tanh readout scanned over time (`lax.scan` for `bm.for_loop`) and the compiled step
# is a `jax.jit` method with static `self` (for `bm.cls_jit`).
from functools import partial

import jax
import jax.numpy as jnp

T, BATCH, NIN = 6, 3, 4


class Net:
    def __init__(self):
        self.w = jnp.linspace(-0.5, 0.5, NIN)

    def step_run(self, w, x):
        return jnp.tanh(x @ w)


# --- must be flagged ---


class Trainer:
    def __init__(self, net):
        self.net = net
        self.grad = jax.value_and_grad(self.loss)

    def loss(self, w, X, Y, gt):
        out = jax.lax.scan(lambda c, x: (c, self.net.step_run(w, x)), 0.0, X)[1]  # (T, batch)
        l = 0.0
        for i in range(BATCH):
            idx = gt[i]
            l3 = ((out[idx:, i] - Y[i]) ** 2).sum()  # expect: JG105
            l = l + l3
        return l

    @partial(jax.jit, static_argnums=0)
    def f_train(self, w, X, Y, gt):
        return self.grad(w, X, Y, gt)


def crashes():
    X = jnp.ones((T, BATCH, NIN))
    return Trainer(Net()).f_train(Net().w, X, jnp.zeros(BATCH), jnp.array([1, 2, 4]))


# --- must not be flagged ---


class MaskedTrainer:
    def __init__(self, net):
        self.net = net
        self.grad = jax.value_and_grad(self.loss)

    def loss(self, w, X, Y, gt):
        out = jax.lax.scan(lambda c, x: (c, self.net.step_run(w, x)), 0.0, X)[1]
        steps = jnp.arange(out.shape[0])
        l = 0.0
        for i in range(BATCH):
            idx = gt[i]
            l3 = jnp.where(steps >= idx, (out[:, i] - Y[i]) ** 2, 0.0).sum()
            l = l + l3
        return l

    @partial(jax.jit, static_argnums=0)
    def f_train(self, w, X, Y, gt):
        return self.grad(w, X, Y, gt)


def works():
    X = jnp.ones((T, BATCH, NIN))
    return MaskedTrainer(Net()).f_train(Net().w, X, jnp.zeros(BATCH), jnp.array([1, 2, 4]))


RAISES = [(crashes, "IndexError")]
RUNS = [works]
