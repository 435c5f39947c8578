# Report: data-apis/array-api-extra#114 https://github.com/data-apis/array-api-extra/pull/114
# Class: 5 (what reaches a static position: a list of pad widths)
# Rule: JG203
# Reduced: "ENH: `pad`: `pad_width` can be any sequence": porting SciPy code to `xpx.pad` hit "a
# blocker ... because jax.jit doesn't accept unhashable static arguments": calling
# `pad = jax.jit(xpx.pad, static_argnames="pad_width")` with the NumPy-style list of (before,
# after) pairs raises "Non-hashable static arguments are not supported". Fix (the PR's): accept any
# sequence, so the caller can pass the widths as a tuple of tuples, which hashes.
import jax
import jax.numpy as jnp


def pad(x, pad_width, constant_values=0):
    return jnp.pad(x, pad_width, constant_values=constant_values)


pad_jit = jax.jit(pad, static_argnames="pad_width")


# --- must be flagged ---


def bug():
    x = jnp.ones((2, 3))
    return pad_jit(x, pad_width=[(1, 1), (0, 2)])  # expect: JG203


# --- must not be flagged ---


def fixed():
    x = jnp.ones((2, 3))
    return pad_jit(x, pad_width=((1, 1), (0, 2)))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
