# Report: jax-ml/jax#10550 https://github.com/jax-ml/jax/issues/10550
# Class: 6 (churn that comes from data: the batch size reaches eager jnp ops outside the jit)
# Rule: JG303
# Reduced: "Unexpected slowness from jitted function": to avoid one compile per input size the
# user writes a `chunked_jit` that pads each input up to the next power of two and keeps one
# jitted function per bucket. With sizes that vary (`perturb_size = True`) every call is still
# slow: the padding `jnp.pad(x, [(0, n - b), (0, 0)])` and the unpadding `y_pad[:b]` run
# eagerly on device arrays, and each distinct `b` compiles those eager ops anew; the bucketed
# jitted function itself compiles once per bucket. The fix pads and slices on the host with
# NumPy, so only the bucket shapes reach JAX. The timing loop is reduced to one loop over
# varying sizes.
import jax
import jax.numpy as jnp
import numpy as np


def norm(x):
    return jnp.linalg.norm(x, axis=-1)


jitted = {}


def bucket_fn(n):
    if n not in jitted:
        jitted[n] = jax.jit(norm)
    return jitted[n]


# --- must be flagged ---


def chunked_norm(x):
    b = x.shape[0]
    n = 2 ** int(np.ceil(np.log2(b)))
    x_pad = jnp.pad(x, [(0, n - b), (0, 0)])  # expect: JG303
    return bucket_fn(n)(x_pad)[:b]


def run_perturbed_sizes(count):
    rng = np.random.default_rng(0)
    out = []
    for i in range(count):
        b = 100 + 7 * i
        x = jax.device_put(rng.normal(size=(b, 3)))
        out.append(chunked_norm(x))
    return out


# --- must not be flagged ---


def chunked_norm_host(x_np):
    b = x_np.shape[0]
    n = 2 ** int(np.ceil(np.log2(b)))
    x_pad = np.pad(x_np, [(0, n - b), (0, 0)])
    return np.asarray(bucket_fn(n)(x_pad))[:b]


def run_perturbed_sizes_host(count):
    rng = np.random.default_rng(0)
    out = []
    for i in range(count):
        b = 100 + 7 * i
        out.append(chunked_norm_host(rng.normal(size=(b, 3))))
    return out


GROWS = [run_perturbed_sizes]
BOUNDED = [run_perturbed_sizes_host]
