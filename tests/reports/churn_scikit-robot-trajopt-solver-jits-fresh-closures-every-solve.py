# Report: iory/scikit-robot#871 https://github.com/iory/scikit-robot/issues/871
# Class: 6 (churn: a solver that wraps fresh closures in `jax.jit` on every solve)
# Rule: JG301
# Reduced: "Trajectory-optimization solver recompiles every solve, leaks mmaps, and cannot share
# its jit cache safely": "`_build_functions` closes over `fk_data` (link translations, joint axes,
# base pose, collision offsets) and returns freshly `jax.jit`-wrapped closures. `jax.jit` keys on
# function identity, so every `solve()` compiles from scratch." The augmented-Lagrangian solver is
# reduced to a gradient loop on one residual. Fix: build the jitted functions once, taking the FK
# data as an argument (a pytree of arrays), so every solve reuses the same compiled program.
import jax
import jax.numpy as jnp


def residual(q, fk_data):
    return jnp.sum((q * fk_data["axes"] - fk_data["target"]) ** 2)


# --- must be flagged ---


class AugmentedLagrangianSolver:
    def _build_functions(self, fk_data):
        def cost(q):
            return residual(q, fk_data)

        return jax.jit(jax.value_and_grad(cost))  # expect: JG301

    def solve(self, q0, fk_data, iters=3):
        value_and_grad = self._build_functions(fk_data)
        q = q0
        for _ in range(iters):
            _, g = value_and_grad(q)
            q = q - 0.1 * g
        return q


def plan(n):
    solver = AugmentedLagrangianSolver()
    fk_data = {"axes": jnp.ones(4), "target": jnp.arange(4.0)}
    return [solver.solve(jnp.zeros(4), fk_data) for _ in range(n)]


# --- must not be flagged ---


_value_and_grad = jax.jit(jax.value_and_grad(residual))


class CachedSolver:
    def solve(self, q0, fk_data, iters=3):
        q = q0
        for _ in range(iters):
            _, g = _value_and_grad(q, fk_data)
            q = q - 0.1 * g
        return q


def plan_cached(n):
    solver = CachedSolver()
    fk_data = {"axes": jnp.ones(4), "target": jnp.arange(4.0)}
    return [solver.solve(jnp.zeros(4), fk_data) for _ in range(n)]


GROWS = [plan]
BOUNDED = [plan_cached]
