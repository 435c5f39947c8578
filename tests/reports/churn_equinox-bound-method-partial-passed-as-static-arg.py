# Report: patrick-kidger/equinox#291 https://github.com/patrick-kidger/equinox/issues/291
# Class: 5 (what reaches a static position: a fresh, identity-hashed object on every access)
# Rule: JG302
# Reduced: "Recompilation of purely static `Modules`": `model.f` on an `eqx.Module` returns a new
# `jtu.Partial(f, model)` on every attribute access (equinox's method wrapper `__get__`), and
# `Partial` (a `functools.partial`) hashes and compares by identity. Passing the bound method
# as a static argument, `jax.jit(apply, static_argnums=0)(model.f)`, therefore misses the cache
# and recompiles on every call (`with jax.log_compiles(True): apply(f1); apply(f2)` logs two
# compiles). Fix (maintainer): pass the bound method as a traced argument, since the Partial is
# a pytree whose structure is the same for every access. The wrapper and Module are written out
# below with the same `__get__` and an empty pytree registration.
import functools

import jax
import jax.numpy as jnp


class _wrap_method:
    def __init__(self, method):
        self.method = method

    def __get__(self, instance, owner):
        if instance is None:
            return self.method
        return jax.tree_util.Partial(self.method, instance)


@jax.tree_util.register_pytree_node_class
class Model:
    def tree_flatten(self):
        return (), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls()

    @_wrap_method
    def f(self):
        return jnp.arange(3.0) * 2


model = Model()


# --- must be flagged ---


@functools.partial(jax.jit, static_argnums=0)
def apply(f):
    return f()


def call_repeatedly(n):
    out = None
    for _ in range(n):
        out = apply(model.f)  # expect: JG302
    return out


# --- must not be flagged ---


@jax.jit
def apply_traced(f):
    return f()


def call_repeatedly_traced(n):
    out = None
    for _ in range(n):
        out = apply_traced(model.f)
    return out


GROWS = [call_repeatedly]
BOUNDED = [call_repeatedly_traced]
