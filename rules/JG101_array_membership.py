"""JG101 and JG103 on `in` / `not in` whose right operand is a traced array.

A JAX array's `__contains__` is `(arr == v).any()`, and Python takes the truth value of what it
returns: `v in arr` raises TracerBoolConversionError under `jax.jit` and `jax.vmap` (JAX 0.10.2)
whatever `v` is, in an `if` (JG101) or as a value (JG103), also for an array field of a
registered dataclass read in a method. Under `jax.grad` alone it runs (the value is concrete).
Legal: a dict looked up with a string key (`"lr" in config`), a test on static values (the
shape), or the membership kept an array (`jnp.any(arr == v)`) and used with `jnp.where`.
"""

import dataclasses

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def clip_unless_present(x):
    if 0.0 not in x:  # expect: JG101
        return jnp.clip(x, 0.1, None)
    return x


@jax.jit
def has_zero(x):
    found = 0.0 in x  # expect: JG103
    return jnp.where(found, 1.0, 0.0)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Grid:
    points: jax.Array

    def check(self, wanted):
        for w in wanted:
            if w not in self.points:  # expect: JG101
                raise ValueError(f"{w} is not on the grid")
        return self.points.sum()


@jax.jit
def grid_total(grid):
    return grid.check([0.0, 0.5])


def call_grid_total():
    return grid_total(Grid(jnp.array([0.0, 0.5, 1.0])))


# --- must not be flagged ---------------------------------------------------------------------


@jax.jit
def scaled(x, config):
    if "scale" in config:
        return x * config["scale"]
    return x


@jax.jit
def has_zero_array(x):
    return jnp.where(jnp.any(x == 0.0), 1.0, 0.0)


@jax.jit
def square_if_three(x):
    if 3 in x.shape:
        return x * x
    return x


def has_zero_grad(x):
    return (0.0 in x) * jnp.sum(x * x)


grad_has_zero = jax.grad(has_zero_grad)

RAISES = [(lambda: clip_unless_present(jnp.array([1.0, 2.0])), "TracerBoolConversionError"),
          (lambda: has_zero(jnp.array([1.0, 0.0])), "TracerBoolConversionError"),
          (call_grid_total, "TracerBoolConversionError")]
RUNS = [lambda: scaled(jnp.ones(3), {"scale": 2.0}), lambda: has_zero_array(jnp.array([1.0, 0.0])),
        lambda: square_if_three(jnp.ones(3)), lambda: grad_has_zero(jnp.array([1.0, 2.0]))]
