# Report: patrick-kidger/equinox#268 https://github.com/patrick-kidger/equinox/issues/268
# Class: 6 (churn: `jax.jit(module.method)` of a module built again on every pass)
# Rule: JG301
# Reduced: "Bound methods of the same `Module` have same hash but gets recompiled when jitted":
# `jax.jit(m1.foo)` and `jax.jit(m2.foo)` for two instances of one `eqx.Module` each trace and
# compile, though `hash(m1.foo) == hash(m2.foo)`: `jax.jit`'s caches are keyed on the function
# object they wrap, and each module gives a new bound method. Here an evaluation loop rebuilds
# the same module each pass (equal field values, equal hashes: checked) and jits its method.
# Fix (the thread's direction): jit one function that takes the module as an argument, so every
# module is a pytree of the same structure and one compiled program serves them all.
import equinox as eqx
import jax
import jax.numpy as jnp


class MyModule(eqx.Module):
    y: float

    def foo(self, x):
        return self.y * x


# --- must be flagged ---


def sweep(n):
    out = []
    for _ in range(n):
        m = MyModule(y=2.0)
        out.append(jax.jit(m.foo)(jnp.ones(3)))  # expect: JG301
    return out


# --- must not be flagged ---


@jax.jit
def apply_foo(m, x):
    return m.foo(x)


def sweep_one_jit(n):
    out = []
    for _ in range(n):
        m = MyModule(y=2.0)
        out.append(apply_foo(m, jnp.ones(3)))
    return out


GROWS = [sweep]
BOUNDED = [sweep_one_jit]
