# Report: PennyLaneAI/pennylane#3616 https://github.com/PennyLaneAI/pennylane/pull/3616
# Class: 4 (Python `if` on an error estimate computed in the body of `lax.scan`)
# Rule: JG101
# Reduced: "[WIP] Fix dt ODE solver" (step size ODE solver in jax with jit-compilation): in
# `pennylane/math/ode.py` the scanned step `scan_fun(carry, t1)` takes a Runge-Kutta step,
# computes `mean_err_ratio = jnp.sqrt(jnp.mean(abs2(err_ratio)))` and then `if mean_err_ratio >
# 1.:` to reject the step, which "fails unsurprisingly" with ConcretizationTypeError. The
# Runge-Kutta step is reduced to an Euler step with an embedded error estimate. Fix: select with
# `jnp.where` on the traced ratio (keep the old state when the step is rejected).
import jax
import jax.numpy as jnp


def abs2(x):
    return jnp.real(x * jnp.conj(x))


def euler_step(func, y0, f0, t0, dt):
    y1 = y0 + dt * f0
    f1 = func(y1, t0 + dt)
    y1_error = 0.5 * dt * (f1 - f0)
    return y1, f1, y1_error


# --- must be flagged ---


def odeint(func, y0, ts, atol=1e-8, rtol=1e-8):
    def scan_fun(carry, t1):
        y0, f0, t0 = carry
        dt = t1 - t0
        y1, f1, y1_error = euler_step(func, y0, f0, t0, dt)
        err_tol = atol + rtol * jnp.maximum(jnp.abs(y0), jnp.abs(y1))
        err_ratio = y1_error / err_tol.astype(y1_error.dtype)
        mean_err_ratio = jnp.sqrt(jnp.mean(abs2(err_ratio)))
        if mean_err_ratio > 1.0:  # expect: JG101
            y1, f1 = y0, f0
        return (y1, f1, t1), y1

    _, ys = jax.lax.scan(scan_fun, (y0, func(y0, ts[0]), ts[0]), ts[1:])
    return ys


def bug():
    return jax.jit(odeint, static_argnums=0)(lambda y, t: -y, jnp.ones(2), jnp.linspace(0.0, 1.0, 5))


# --- must not be flagged ---


def odeint_where(func, y0, ts, atol=1e-8, rtol=1e-8):
    def scan_fun(carry, t1):
        y0, f0, t0 = carry
        dt = t1 - t0
        y1, f1, y1_error = euler_step(func, y0, f0, t0, dt)
        err_tol = atol + rtol * jnp.maximum(jnp.abs(y0), jnp.abs(y1))
        err_ratio = y1_error / err_tol.astype(y1_error.dtype)
        mean_err_ratio = jnp.sqrt(jnp.mean(abs2(err_ratio)))
        rejected = mean_err_ratio > 1.0
        y1 = jnp.where(rejected, y0, y1)
        f1 = jnp.where(rejected, f0, f1)
        return (y1, f1, t1), y1

    _, ys = jax.lax.scan(scan_fun, (y0, func(y0, ts[0]), ts[0]), ts[1:])
    return ys


def fixed():
    return jax.jit(odeint_where, static_argnums=0)(lambda y, t: -y, jnp.ones(2), jnp.linspace(0.0, 1.0, 5))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
