# Report: netket/netket#2043 https://github.com/netket/netket/issues/2043
# Class: 6 (churn from data: an eager integrator step that compiles its conds on every call)
# Rule: JG301
# Reduced: "Constant recompilation for adaptive-step integrators": `Integrator._step_adaptive` is
# no longer jitted, but still selects the new time, step size and state with `jax.lax.cond` on
# lambdas; outside jit each cond is compiled, and the lambdas are new objects on every call, so
# `jax_log_compiles` shows them compiled at every step (and memory grows). Fix (netket#2045): the
# step runs eagerly on concrete values, so the selections become Python `if`s. Here the RK step
# is a module-level jitted function and the integrator a plain class; two of the four conds kept.
import jax
import jax.numpy as jnp


@jax.jit
def rk12_step(y, t, dt):
    k1 = -y + jnp.sin(t)
    k2 = -(y + dt * k1) + jnp.sin(t + dt)
    y_new = y + 0.5 * dt * (k1 + k2)
    return y_new, jnp.max(jnp.abs(0.5 * dt * (k2 - k1)))


# --- must be flagged ---


class Integrator:
    def __init__(self, y0, dt=0.1, atol=0.5):
        self.y, self.t, self.dt, self.atol = y0, jnp.float32(0.0), jnp.float32(dt), atol

    def _step_adaptive(self):
        y_new, err = rk12_step(self.y, self.t, self.dt)
        accept = err < self.atol
        self.t = jax.lax.cond(accept, lambda: self.t + self.dt, lambda: self.t)  # expect: JG301
        self.y = jax.lax.cond(accept, lambda: y_new, lambda: self.y)  # expect: JG301
        self.dt = jnp.where(accept, 1.2 * self.dt, 0.5 * self.dt)


def integrate(n):
    integ = Integrator(jnp.ones(3))
    for _ in range(n):
        integ._step_adaptive()
    return integ.y


# --- must not be flagged ---


class IntegratorOk:
    def __init__(self, y0, dt=0.1, atol=0.5):
        self.y, self.t, self.dt, self.atol = y0, jnp.float32(0.0), jnp.float32(dt), atol

    def _step_adaptive(self):
        y_new, err = rk12_step(self.y, self.t, self.dt)
        if err < self.atol:
            self.t = self.t + self.dt
            self.y = y_new
        self.dt = jnp.where(err < self.atol, 1.2 * self.dt, 0.5 * self.dt)


def integrate_ok(n):
    integ = IntegratorOk(jnp.ones(3))
    for _ in range(n):
        integ._step_adaptive()
    return integ.y


GROWS = [integrate]
BOUNDED = [integrate_ok]
