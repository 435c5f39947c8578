# Report: jax-ml/jax#1671 https://github.com/jax-ml/jax/issues/1671
# Class: 5 (what reaches a static position: a value pmap traces, at jit's static argument)
# Rule: JG203; no rule fits exactly: pmap makes the flag a tracer before jit hashes it
# Reduced: "pmap equivalent of `static_argnums`": `jit_func = jax.jit(func, static_argnums=2)`
# with `def func(a, b, use_b): if use_b: return a * b else: return a ** 2`, then
# `pmapped = jax.pmap(jit_func)` and `pmapped(a, b, use_b)` with `use_b` broadcast to every device.
# pmap maps every argument, so the flag reaches `jit_func`'s static position as a tracer and jit
# cannot hash it ("Non-hashable static arguments are not supported"). The issue led to
# `static_broadcasted_argnums`, the look-alike. Sized for however many local devices there are.
import jax
import jax.numpy as jnp


def func(a, b, use_b):
    if use_b:
        return a * b
    else:
        return a ** 2


jit_func = jax.jit(func, static_argnums=2)
N = jax.local_device_count()
A = jnp.ones([N, 2]) * 2
B = jnp.arange(2 * N, dtype=jnp.float32).reshape([N, 2])


# --- must be flagged ---


pmapped = jax.pmap(jit_func)


def crashes():
    use_b = jnp.stack([jnp.array(True)] * N)
    return pmapped(A, B, use_b)  # expect: JG203


# --- must not be flagged ---


pmapped_static_flag = jax.pmap(jit_func, static_broadcasted_argnums=2)


def works():
    return pmapped_static_flag(A, B, True), pmapped_static_flag(A, B, False)


RAISES = [(crashes, "ValueError")]
RUNS = [works]
