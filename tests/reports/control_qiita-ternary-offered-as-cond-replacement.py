# Report: https://qiita.com/shibaura/items/b246de663fe576b35e45 (a learner's article on jax.lax.cond: "if文も関数に置き換えないといけない")
# Class: 3 (everything created inside jit is traced: the comparison of a traced argument)
# Rule: JG101
# Reduced: the article's Q&A answers "how do I write `if x > 0: x = x*2`?" with the conditional
# expression `x = x*2 if x > 0 else x`, next to `jax.lax.cond(x > 0, true_fun, false_fun, x, y)`.
# Inside a jitted function the conditional expression still takes the truth value of the traced
# comparison (TracerBoolConversionError); only the `lax.cond` form (or `jnp.where`) compiles.
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def step(x, y):
    x = x * 2 if x > 0 else x  # expect: JG101
    return x + y


def bug():
    return step(jnp.array(3.0), jnp.array(2.0))


# --- must not be flagged ---


def true_fun(x, y):
    return x * 2 + y


def false_fun(x, y):
    return x + y


@jax.jit
def step_cond(x, y):
    return jax.lax.cond(x > 0, true_fun, false_fun, x, y)


def fixed():
    return step_cond(jnp.array(3.0), jnp.array(2.0))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
