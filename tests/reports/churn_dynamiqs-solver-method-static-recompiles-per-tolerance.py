# Report: dynamiqs/dynamiqs#951 https://github.com/dynamiqs/dynamiqs/pull/951
# Class: 6 (churn that comes from data: a static solver option rebuilt with a new tolerance)
# Rule: JG302
# Reduced: "Make `method` a non-static argument for all solvers": dynamiqs' jitted solvers took
# `method` as a static argument, so the solver was "jitted again when changing the arguments inside
# `method`, e.g. when changing from `method=dq.method.Tsit5(atol=1e-6)` to
# `method=dq.method.Tsit5(atol=1e-5)`". Static arguments are cache keys compared by value: a
# tolerance sweep compiles once per tolerance. Reduced to a fixed-step integrator whose method
# object sets the step from its tolerance; the look-alike makes the method an equinox module
# passed at a traced position, so its float fields are leaves.
import dataclasses
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp

H = jnp.array([[0.0, 1.0], [-1.0, 0.0]])
PSI0 = jnp.array([1.0, 0.0])


def integrate(psi0, t_end, atol, n_steps=50):
    dt = t_end / n_steps * jnp.minimum(1.0, 1e3 * atol)
    return jax.lax.fori_loop(0, n_steps, lambda _, psi: psi + dt * (H @ psi), psi0)


# --- must be flagged ---


@dataclasses.dataclass(frozen=True)
class Tsit5:
    atol: float = 1e-6
    rtol: float = 1e-6


@partial(jax.jit, static_argnames=("method",))
def sesolve(psi0, t_end, method):
    return integrate(psi0, t_end, method.atol)


def calls(n):
    return [sesolve(PSI0, 1.0, method=Tsit5(atol=10.0 ** (-3 - i))) for i in range(n)]  # expect: JG302


# --- must not be flagged ---


class Tsit5Module(eqx.Module):
    atol: float = 1e-6
    rtol: float = 1e-6


@jax.jit
def sesolve_dynamic_method(psi0, t_end, method):
    return integrate(psi0, t_end, method.atol)


def calls_dynamic_method(n):
    return [sesolve_dynamic_method(PSI0, 1.0, Tsit5Module(atol=10.0 ** (-3 - i))) for i in range(n)]


GROWS = [calls]
BOUNDED = [calls_dynamic_method]
