# Report: https://github.com/jordandeklerk/KernelJax/blob/main/docs/source/user-guide/custom-criteria.md (user guide "Custom criteria": "The criterion is a static argument of the jitted `select_bandwidth`, so a mutable dataclass raises `Non-hashable static arguments are not supported`. Use `frozen=True`")
# Class: 5 (what reaches a static position: an instance of a dataclass that is not frozen)
# Rule: JG203
# Reduced: the library's bandwidth selector is jitted with the selection criterion static (an
# object with `__call__`); the guide's user-written criterion is a plain `@dataclasses.dataclass`,
# whose generated `__eq__` sets `__hash__` to None, so `select_bandwidth(train, MutableCriterion(),
# y=y)` raises ValueError at the jit boundary ("unhashable type: 'MutableCriterion'"). Here the
# selector is a few gradient steps on a log bandwidth and the criterion a leave-one-out squared
# error of a Nadaraya-Watson fit. Fix (the guide's): `@dataclasses.dataclass(frozen=True)`.
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


def _loo_fit(x, y, h):
    w = jnp.exp(-0.5 * ((x[:, None] - x[None, :]) / h) ** 2) * (1.0 - jnp.eye(x.shape[0]))
    return (w @ y) / jnp.sum(w, axis=1)


@partial(jax.jit, static_argnames=("criterion",))
def select_bandwidth(x, criterion, *, y):
    def objective(log_h):
        return criterion(x, jnp.exp(log_h), y=y)

    log_h = jnp.log(jnp.std(x))
    for _ in range(20):
        log_h = log_h - 0.1 * jax.grad(objective)(log_h)
    return jnp.exp(log_h)


# --- must be flagged ---


@dataclasses.dataclass
class MutableCriterion:
    degree: int = 0

    def __call__(self, x, bandwidth, *, y):
        return jnp.mean((y - _loo_fit(x, y, bandwidth)) ** 2)


def fit_mutable(x, y):
    return select_bandwidth(x, MutableCriterion(), y=y)  # expect: JG203


# --- must not be flagged ---


@dataclasses.dataclass(frozen=True)
class SquaredErrorCriterion:
    degree: int = 0

    def __call__(self, x, bandwidth, *, y):
        return jnp.mean((y - _loo_fit(x, y, bandwidth)) ** 2)


def fit_frozen(x, y):
    return select_bandwidth(x, SquaredErrorCriterion(), y=y)


_X = jnp.linspace(0.0, 1.0, 30)
RAISES = [(lambda: fit_mutable(_X, jnp.sin(6.0 * _X)), "ValueError")]
RUNS = [lambda: fit_frozen(_X, jnp.sin(6.0 * _X))]
