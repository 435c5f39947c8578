# Report: mpi4jax/mpi4jax#20 https://github.com/mpi4jax/mpi4jax/issues/20
# Class: 4 (NumPy on a traced value inside a library helper: the destination rank converted with np.int32)
# Rule: JG104
# Reduced: "Make sure static arguments are not tracers": `jax.jit(mpi4jax.Send)(jnp.ones(10), 1)`
# fails deep inside the library, in `_constant_s32_scalar(c, dest)` which does `_np.int32(x)` on the
# rank `dest`: under jit the rank is a tracer, and NumPy calls `__array__` on it. Here `Send` keeps
# the library's shape (a public function calling an encode helper that builds the integer
# constant with NumPy); MPI itself is replaced by a sum. Fix: declare the rank static
# (`static_argnums=1`), as the issue proposes.
import functools

import jax
import jax.numpy as jnp
import numpy as _np

# --- must be flagged ---


def _constant_s32_scalar(x):
    return _np.int32(x)  # expect: JG104


def mpi_send_encode(x, dest):
    dest_const = _constant_s32_scalar(dest)
    return x * 0 + jnp.sum(x) + dest_const


def Send(x, dest):
    return mpi_send_encode(x, dest)


def bug():
    return jax.jit(Send)(jnp.ones(10), 1)


# --- must not be flagged ---


def _constant_s32_scalar_ok(x):
    return _np.int32(x)


def mpi_send_encode_ok(x, dest):
    return x * 0 + jnp.sum(x) + _constant_s32_scalar_ok(dest)


def Send_ok(x, dest):
    return mpi_send_encode_ok(x, dest)


def fixed():
    return jax.jit(Send_ok, static_argnums=1)(jnp.ones(10), 1)


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
