# Report: jax-ml/jax#38938 https://github.com/jax-ml/jax/pull/38938 ("[custom_vjp3] handle unhashable nondiff_argnums in custom_vjp3", review thread)
# Class: 6 (churn from call structure: `__call__` jits a new lambda on every call)
# Rule: JG301
# Reduced: the PR's first version made, in `__call__`, `f = lambda *dyn: self.f(*merge_lists(
# which_static, dyn, static_args))` and `traced = api.jit(f).trace(*dyn_args)`; the review:
# "Creating a new lambda function `f` and calling `api.jit(f)` on every invocation of `__call__`
# will cause a cache miss ... (since `f` is a new object with a different `id` each time). This
# leads to tracing and compiling the function from scratch on every eager call". Reduced to a
# wrapper class whose `__call__` closes over its unhashable extra arguments that way, used eagerly
# in a loop (checked on JAX 0.10.2: one compile per call). Fix (the review's): build the jitted
# function once and cache it on `self`.
import jax
import jax.numpy as jnp


def merge(dyn, static_args):
    return (*dyn, *static_args)


class CustomOp:
    def __init__(self, f, static_args):
        self.f = f
        self.static_args = static_args

    def __call__(self, *dyn_args):
        f = lambda *dyn: self.f(*merge(dyn, self.static_args))
        return jax.jit(f)(*dyn_args)  # expect: JG301


class CachedCustomOp(CustomOp):
    def __init__(self, f, static_args):
        super().__init__(f, static_args)
        self._jitted = jax.jit(lambda *dyn: self.f(*merge(dyn, self.static_args)))

    def __call__(self, *dyn_args):
        return self._jitted(*dyn_args)


def scale(x, factors):
    return x * factors["a"]


# --- must be flagged ---


def eager_calls(n):
    op = CustomOp(scale, ({"a": 2.0},))
    return [op(jnp.full(3, float(i))) for i in range(n)]


# --- must not be flagged ---


def eager_calls_fixed(n):
    op = CachedCustomOp(scale, ({"a": 2.0},))
    return [op(jnp.full(3, float(i))) for i in range(n)]


GROWS = [eager_calls]
BOUNDED = [eager_calls_fixed]
