# Report: google/flax#5548 https://github.com/google/flax/issues/5548
# Class: 6 (churn: a new optimizer per epoch whose transformation, hashed by identity, is part of the jitted argument's structure)
# Rule: JG302
# Reduced: "`nnx.jit` recompiles every epoch when recreating `nnx.Module / nnx.Optimizer`": the
# discriminator and its `nnx.Optimizer(dis, optax.adam(...), wrt=nnx.Param)` are rebuilt at the
# start of every epoch and passed to the jitted `train_one_epoch(gen, dis, gen_opt, dis_opt, ...)`;
# parameter shapes are identical, yet every epoch retraces and recompiles. nnx.jit splits modules
# into a graph definition (static, compared by equality) and array state; the optimizer's
# transformation is a pair of fresh closures, so each new optimizer gives a new static part.
# flax/optax are not installed: the modules are pytree classes whose non-array attributes (the
# transformation) are static aux data, as in nnx; `adam` returns a NamedTuple of closures as in
# optax. Fix (the reporter's): build the transformation once and only re-initialise parameters.
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def adam(learning_rate):
    def init_fn(params):
        return jax.tree.map(jnp.zeros_like, params)

    def update_fn(grads, state, params=None):
        return jax.tree.map(lambda g: -learning_rate * g, grads), state

    return GradientTransformation(init_fn, update_fn)


@jax.tree_util.register_pytree_node_class
class Discriminator:
    def __init__(self, w):
        self.w = w

    def __call__(self, x):
        return jnp.tanh(x @ self.w)

    def tree_flatten(self):
        return (self.w,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


@jax.tree_util.register_pytree_node_class
class Optimizer:
    def __init__(self, model, tx, opt_state=None):
        self.model = model
        self.tx = tx
        self.opt_state = tx.init(model.w) if opt_state is None else opt_state

    def tree_flatten(self):
        return (self.model, self.opt_state), self.tx

    @classmethod
    def tree_unflatten(cls, tx, children):
        model, opt_state = children
        return cls(model, tx, opt_state)


@jax.jit
def train_one_epoch(gen_w, dis, dis_opt, batch):
    def loss(w):
        return jnp.mean(Discriminator(w)(batch @ gen_w) ** 2)

    grads = jax.grad(loss)(dis.w)
    updates, opt_state = dis_opt.tx.update(grads, dis_opt.opt_state)
    new_dis = Discriminator(dis.w + updates)
    return new_dis, Optimizer(new_dis, dis_opt.tx, opt_state)


GEN_W = jnp.ones((3, 3))
BATCH = jnp.ones((4, 3))

# --- must be flagged ---


def fit(n_epochs):
    out = None
    for epoch in range(n_epochs):
        dis = Discriminator(jax.random.normal(jax.random.PRNGKey(epoch), (3, 2)))
        dis_opt = Optimizer(dis, adam(1e-3))
        out = train_one_epoch(GEN_W, dis, dis_opt, BATCH)  # expect: JG302
    return out


# --- must not be flagged ---


TX = adam(1e-3)


def fit_shared_tx(n_epochs):
    out = None
    for epoch in range(n_epochs):
        dis = Discriminator(jax.random.normal(jax.random.PRNGKey(epoch), (3, 2)))
        dis_opt = Optimizer(dis, TX)
        out = train_one_epoch(GEN_W, dis, dis_opt, BATCH)
    return out


GROWS = [fit]
BOUNDED = [fit_shared_tx]
