# Report: https://php.wlsqs.com/faq/1902291.html (Stack Overflow question, retold in Chinese: "JAX梯度计算中避免链式比较", also https://m.17golang.com/article/456939.html)
# Class: 3 (everything created inside jit is traced: the branches of lax.switch are traced)
# Rule: JG103
# Reduced: a piecewise function is chosen with `jax.lax.switch(index, [func_0, func_1], x)`,
# each branch a lambda `jnp.where(0. < x < 1., x, 0.)`, and `grad(func, argnums=1)(1, 0.5)`
# raises TracerBoolConversionError: Python evaluates the chained comparison `0. < x < 1.` as
# `(0. < x) and (x < 1.)`, taking the truth value of the traced `0. < x`. lax.switch traces every
# branch (even eagerly), so the error comes with or without grad. The answer's fix: combine the
# two comparisons with `&`, each in parentheses.
import jax
import jax.numpy as jnp
from jax.lax import switch

# --- must be flagged ---

func_0 = lambda x: jnp.where(0.0 < x < 1.0, x, 0.0)  # expect: JG103
func_1 = lambda x: jnp.where(0.0 < x < 1.0, x, 1.0)  # the same bug, never reached: switch traces branch 0 first

func_list = [func_0, func_1]
func = lambda index, x: switch(index, func_list, x)


def bug():
    return jax.grad(func, argnums=1)(1, 0.5)


# --- must not be flagged ---

ok_0 = lambda x: jnp.where((0.0 < x) & (x < 1.0), x, 0.0)
ok_1 = lambda x: jnp.where((0.0 < x) & (x < 1.0), x, 1.0)

ok_list = [ok_0, ok_1]
ok_func = lambda index, x: switch(index, ok_list, x)


def fixed():
    return jax.grad(ok_func, argnums=1)(1, 0.5)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
