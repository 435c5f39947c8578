# Report: https://adxsrc.github.io/xaj/implementation.html (xaj documentation, "Implementation", section "Stepping Engine")
# Class: 4 (Python `if` on a traced flag returned by a helper, in a `lax.while_loop` body)
# Rule: JG101 (`if not <traced>:`, the corpus convention for this shape)
# Reduced: the ODE library's design page says the stepping engine uses `jax.lax.while_loop`
# and that "the body function can be logically implemented with" `E, T, X, K = step(h, t, x, k)`,
# `H, redo = ctrl(E, T, X, t, x)`, then `if not redo: state = ...` / `else: state = ...`. A
# `while_loop` body is traced, and `redo` comes from comparing the traced error estimate with
# the tolerance, so the `if` raises TracerBoolConversionError. Legal form: select each part of the
# next state with `jnp.where(redo, ...)` (or `lax.cond`). Reduced: an Euler step with a
# step-doubling error estimate, a rejected step keeps (t, x) and retries with the smaller step.
import jax
import jax.numpy as jnp
from jax import lax

TOL = 1e-3
T_END = 1.0


def rhs(t, x):
    return -x


def step(h, t, x, k):
    full = x + h * rhs(t, x)
    half = x + 0.5 * h * rhs(t, x)
    two_halves = half + 0.5 * h * rhs(t + 0.5 * h, half)
    return jnp.max(jnp.abs(two_halves - full)), t + h, two_halves, k


def ctrl(E, T, X, t, x):
    H = 0.9 * (T - t) * jnp.sqrt(TOL / jnp.maximum(E, 1e-12))
    redo = E > TOL
    return H, redo


def keep_going(state):
    _, (t, x), (h, k), (i, r) = state
    return (t < T_END) & (i < 100)


# --- must be flagged ---


def body(state):
    _, (t, x), (h, k), (i, r) = state

    E, T, X, K = step(h, t, x, k)
    H, redo = ctrl(E, T, X, t, x)

    if not redo:  # expect: JG101
        state = _, (T, X), (H, k), (i + 1, 0)
    else:
        state = _, (t, x), (H, k), (i + 1, r + 1)

    return state


def integrate(x0):
    init = (0, (jnp.float32(0.0), x0), (jnp.float32(0.1), 0), (0, 0))
    return lax.while_loop(keep_going, body, init)


def bug():
    return integrate(jnp.ones(2))


# --- must not be flagged ---


def body_select(state):
    n, (t, x), (h, k), (i, r) = state
    E, T, X, K = step(h, t, x, k)
    H, redo = ctrl(E, T, X, t, x)
    t_next = jnp.where(redo, t, T)
    x_next = jnp.where(redo, x, X)
    r_next = jnp.where(redo, r + 1, 0)
    return n, (t_next, x_next), (H, k), (i + 1, r_next)


def integrate_select(x0):
    init = (0, (jnp.float32(0.0), x0), (jnp.float32(0.1), 0), (0, 0))
    return lax.while_loop(keep_going, body_select, init)


def fixed():
    return integrate_select(jnp.ones(2))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
