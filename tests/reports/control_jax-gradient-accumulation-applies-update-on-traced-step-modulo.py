# Report: jax-ml/jax#1488 https://github.com/jax-ml/jax/issues/1488
# Class: 1 (traced value in Python control flow inside the jitted function itself)
# Rule: JG101
# Reduced: "Accumulate gradients": the user jits `update(i, opt_state)`, which adds the current
# gradient to an accumulator and then `if i % update_interval == 0: opt_state = opt_update(i,
# gradient_all, opt_state)`; "I can't use jit with condition" -- `i` is a traced argument, so the
# `if` asks for the truth value of a traced comparison (and marking `i` static instead "works.
# But it will be recompiled every time"). The traced form keeps the step an array and selects
# the update with `lax.cond` (what optax.apply_every / MultiSteps later packaged).
import jax
import jax.numpy as jnp
from jax import grad, jit, lax
from jax.example_libraries import optimizers

update_interval = 2
opt_init, opt_update, get_params = optimizers.sgd(0.1)


def objective(params, batch):
    x, y = batch
    return jnp.mean((x @ params - y) ** 2)


def batches(n):
    return [(jnp.ones((4, 3)) * k, jnp.ones(4) * k) for k in range(n)]


# --- must be flagged ---


@jit
def update(i, opt_state, gradient_all, batch):
    params = get_params(opt_state)
    gradient_all = gradient_all + grad(objective)(params, batch)
    if i % update_interval == 0:  # expect: JG101
        opt_state = opt_update(i, gradient_all, opt_state)
        gradient_all = jnp.zeros_like(gradient_all)
    return opt_state, gradient_all


def crashes():
    opt_state = opt_init(jnp.zeros(3))
    acc = jnp.zeros(3)
    for i, batch in enumerate(batches(3)):
        opt_state, acc = update(i, opt_state, acc, batch)
    return get_params(opt_state)


# --- must not be flagged ---


@jit
def update_cond(i, opt_state, gradient_all, batch):
    params = get_params(opt_state)
    gradient_all = gradient_all + grad(objective)(params, batch)

    def apply(operands):
        state, acc = operands
        return opt_update(i, acc, state), jnp.zeros_like(acc)

    def keep(operands):
        return operands

    return lax.cond(i % update_interval == 0, apply, keep, (opt_state, gradient_all))


def works():
    opt_state = opt_init(jnp.zeros(3))
    acc = jnp.zeros(3)
    for i, batch in enumerate(batches(3)):
        opt_state, acc = update_cond(i, opt_state, acc, batch)
    return get_params(opt_state)


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
