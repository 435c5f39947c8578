# Report: https://livebook.manning.com/learn/concepts/lax-fori-loop--api-element/deep-learning-with-jax (Deep Learning with JAX, section 5.2.1, listing 5.16 and the loop it replaces)
# Class: 2 (arguments JAX needs static: a loop count passed as an argument)
# Rule: JG104
# Reduced: a loop whose bound comes from the input, `for i in range(x): y = y + i`, raises
# TracerIntegerConversionError under `jax.jit` ("range(x) during tracing"); the book replaces
# it with the structured primitive, `jax.lax.fori_loop(0, x, lambda i, v: v + i, 0)`, which
# succeeds under `jax.make_jaxpr` and `jax.jit`.
import jax

# --- must be flagged ---


def f4(x):
    y = 0
    for i in range(x):  # expect: JG104
        y = y + i
    return y


def bug():
    return jax.jit(f4)(5)


# --- must not be flagged ---


def f5(x):
    return jax.lax.fori_loop(0, x, lambda i, v: v + i, 0)


def fixed():
    return jax.jit(f5)(5), jax.make_jaxpr(f5)(5)


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
