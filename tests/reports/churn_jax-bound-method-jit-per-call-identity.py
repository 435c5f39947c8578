# Report: jax-ml/jax#19570 https://github.com/jax-ml/jax/issues/19570
# Class: 6 (churn: `jax.jit(obj.method)` where every attribute access makes a new bound method)
# Rule: JG301
# Reduced: "Bound methods cause surprising JIT cache misses": `jax.jit(foo.f).lower()` twice on the
# same instance traces twice, because `foo.f` is a new bound-method object on every access and
# jit's cache relies on object identity. The reporter's workaround: `self.f = self.f` in
# `__init__`, so every `jax.jit(foo.f)` sees the same object. Here a helper jits the model's method
# where it is used and an evaluation loop calls the helper once per batch; the instance is made once.
import jax
import jax.numpy as jnp


class Foo:
    def __init__(self):
        self.w = jnp.arange(3.0)

    def f(self, x):
        return jnp.tanh(x @ self.w)


# --- must be flagged ---


def evaluate(foo, x):
    return jax.jit(foo.f)(x)  # expect: JG301


def eval_loop(n):
    foo = Foo()
    return [evaluate(foo, jnp.full((2, 3), float(i))) for i in range(n)]


# --- must not be flagged ---


class FooPinned(Foo):
    def __init__(self):
        super().__init__()
        self.f = self.f  # Ensure `jit(self.f)` sees the same bound method instance.


def eval_loop_pinned(n):
    foo = FooPinned()
    return [evaluate(foo, jnp.full((2, 3), float(i))) for i in range(n)]


GROWS = [eval_loop]
BOUNDED = [eval_loop_pinned]
