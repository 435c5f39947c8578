# Report: jax-ml/jax#2304 https://github.com/jax-ml/jax/issues/2304
# Class: 1 (values inside containers: a Python list passed to jit is a list of tracers)
# Rule: JG104
# Reduced: "asscalar workaround for jitted function": `@jit def f(idx, mylist): return
# mylist[idx]` with `idx` an integer and `mylist` a list from another library: jit traces `idx`,
# and a Python list cannot be indexed by a tracer (TracerIntegerConversionError, `__index__`).
# The fix from the thread: convert the list to an array before indexing (the user found that the
# library's list converts fine), so the lookup is an array gather.
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def lookup(idx, mylist):
    return mylist[idx]  # expect: JG104


def bug():
    return lookup(1, [0.5, 1.5, 2.5])


# --- must not be flagged ---


@jax.jit
def lookup_array(idx, values):
    return jnp.asarray(values)[idx]


def fixed():
    return lookup_array(1, [0.5, 1.5, 2.5])


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
