# Report: jax-ml/jax#10601 https://github.com/jax-ml/jax/issues/10601
# Class: 5 (declarations: static_argnames naming a positional-only parameter)
# Rule: JG202
# Reduced: the issue's `g(dyn, stat, /)` jitted with `static_argnames=("stat",)`. In 2022 `stat`
# was silently traced; JAX 0.10.2 rejects the declaration when `jax.jit` is applied. Fix:
# `static_argnums=(1,)` for a positional-only parameter.
import jax

# --- must be flagged ---


def g(dyn, stat, /):
    return dyn * 2 if stat else dyn


def bug():
    jg = jax.jit(g, static_argnames=("stat",))  # expect: JG202
    return jg(1, True)


# --- must not be flagged ---


def fixed():
    jg = jax.jit(g, static_argnums=(1,))
    return jg(1, True)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
