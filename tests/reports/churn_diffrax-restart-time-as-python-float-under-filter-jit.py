# Report: patrick-kidger/diffrax#333 https://github.com/patrick-kidger/diffrax/issues/333
# Class: 6 (churn: a Python float that changes every iteration reaches a position the jit treats as static)
# Rule: JG302
# Reduced: "Frequent JIT-recompile of discrete_terminating_event": a `while tcurrent < t1:` loop
# restarts `diffrax.diffeqsolve(..., t0=tcurrent, ...)` after each event, with
# `tcurrent = float(solution.ts)`, and every restart is slow. `diffeqsolve` is `eqx.filter_jit`
# wrapped, and `filter_jit` treats every non-array leaf, a Python float included, as static: a
# new `t0` value each restart means a new trace and compile (checked: compiles grow with the
# number of restarts). The solver is replaced by a closed-form decay under `eqx.filter_jit`; the
# thread's own diagnosis is not in what was read. Fix: keep the restart time a JAX array.
import equinox as eqx
import jax.numpy as jnp


@eqx.filter_jit
def solve(y0, t0, t1):
    return y0 * jnp.exp(-(t1 - t0))


# --- must be flagged ---


def restarts(n):
    tcurrent, y0 = 0.0, jnp.ones(2)
    for _ in range(n):
        y0 = solve(y0, tcurrent, tcurrent + 1.0)  # expect: JG302
        tcurrent = float(tcurrent + 1.0)
    return y0


# --- must not be flagged ---


def restarts_array_time(n):
    tcurrent, y0 = jnp.asarray(0.0), jnp.ones(2)
    for _ in range(n):
        y0 = solve(y0, tcurrent, tcurrent + 1.0)
        tcurrent = tcurrent + 1.0
    return y0


GROWS = [restarts]
BOUNDED = [restarts_array_time]
