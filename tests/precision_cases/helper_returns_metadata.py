"""A helper whose every `return` is pytree metadata (a meta field), a static argument, a shape
or None returns a Python value, so everything computed from it (`np.prod(dims)`,
`np.asarray(dims)`, `x.reshape(*dims)`, `.tolist()`, `all(d == dims[0] for d in ...)`) is static.
(The `isinstance` predicate mapped over the arguments is predicate_helper_map.py.)

Seen as (held-out): dynamiqs `ptrace` (jitted, `dims` static): `xdims = get_dims(x)` returns
`x.dims` (an `eqx.field(static=True)`) or None, then `init_dims`, `np.prod(_dims) != hdim`,
`x.reshape(*bshape, *_dims)`, `_dims[_keep].tolist()`.
"""

import dataclasses
import functools
from collections.abc import Sequence

import jax
import jax.numpy as jnp
import numpy as np


@functools.partial(jax.tree_util.register_dataclass, data_fields=["data"], meta_fields=["dims"])
@dataclasses.dataclass
class QArr:
    data: jax.Array
    dims: tuple


@functools.partial(jax.tree_util.register_dataclass, data_fields=["diags"], meta_fields=["dims"])
@dataclasses.dataclass
class SparseQArr:
    diags: jax.Array
    dims: tuple


def get_dims(x):
    if isinstance(x, Sequence) and not isinstance(x, str):
        sub_dims = [get_dims(sub_x) for sub_x in x]
        return sub_dims[0] if all(sd == sub_dims[0] for sd in sub_dims) else None
    if isinstance(x, (QArr, SparseQArr)):
        return x.dims
    return None


def to_array(x):
    if isinstance(x, Sequence):
        return jnp.stack([to_array(sub) for sub in x])
    return x.data if isinstance(x, QArr) else x


def check_dims(dims, shape):
    if np.prod(dims) != np.max(shape[-2:]):
        raise ValueError(f"dims {dims} do not match shape {shape}")


def init_dims(xdims, dims, shape):
    if dims is None:
        dims = (shape[-2],) if xdims is None else xdims
    check_dims(dims, shape)
    return dims


@functools.partial(jax.jit, static_argnums=(1, 2))
def ptrace(x, keep, dims=None):
    xdims = get_dims(x)
    x = to_array(x)
    dims = init_dims(xdims, dims, x.shape)
    _keep = np.asarray([keep] if isinstance(keep, int) else keep)
    _dims = np.asarray(dims)
    if np.prod(_dims) != x.shape[-1]:
        raise ValueError("dims must match the Hilbert space dimension")
    bshape = x.shape[:-2]
    x = x.reshape(*bshape, *_dims, *_dims)
    n = len(_dims)
    letters = "abcdefgh"
    eq1 = letters[:n]
    eq2 = "".join(letters[n + i] if i in _keep else eq1[i] for i in range(n))
    x = jnp.einsum(f"...{eq1}{eq2}", x)
    new_dims = tuple(_dims[_keep].tolist())
    m = int(np.prod(new_dims))
    return x.reshape(*bshape, m, m)


RUNS = [
    lambda: ptrace(QArr(jnp.eye(6), (2, 3)), 0),
    lambda: ptrace([QArr(jnp.eye(6), (2, 3)), QArr(jnp.eye(6), (2, 3))], 1),
    lambda: ptrace(jnp.eye(4), 0, (2, 2)),
]
