"""Pytree metadata registered by `jax.tree_util.register_pytree_node(Cls, flatten, unflatten)`
with lambdas is static: the attributes the flatten lambda puts in the aux data
(`lambda x: ((x.array,), x.irreps)`, or a tuple of them) are Python values under jit/vmap, and so
are properties that read them or the shape of a data field (`x.grid_values.shape[-2]`), the
values computed from them, and the instances a method builds from them.

Seen as (held-out): e3nn-jax `IrrepsArray` (aux `x.irreps`: `scalars.irreps.dim <
vectors.irreps.num_irreps`, `all(mul == 1 for mul, _ in coeffs.irreps)`, `lmax =
coeffs.irreps.ls[-1]`, parity checks over `irreps`) and `SphericalSignal` (aux `(x.quadrature,
x.p_val, x.p_arg)`: `if p_val not in (-1, 1)` in `__init__` when the unflatten lambda rebuilds it;
`res_beta, res_alpha = x.grid_resolution`, a property of `grid_values.shape`, then NumPy
quadrature weights `np.arange(res_beta)`, `assert b % 2 == 0`) under `jax.jit` in its tests.
"""

import jax
import jax.numpy as jnp
import numpy as np


class Irreps(tuple):
    @property
    def dim(self):
        return sum(mul * (2 * l + 1) for mul, l in self)

    @property
    def num_irreps(self):
        return sum(mul for mul, _ in self)

    @property
    def ls(self):
        return [l for mul, l in self for _ in range(mul)]


class IrrepsArray:
    def __init__(self, irreps, array):
        self.irreps = Irreps(irreps)
        self.array = array

    def filter(self, keep_l):
        kept = Irreps((mul, l) for mul, l in self.irreps if l == keep_l)
        return IrrepsArray(kept, self.array[..., : kept.dim])


jax.tree_util.register_pytree_node(
    IrrepsArray,
    lambda x: ((x.array,), x.irreps),
    lambda irreps, data: IrrepsArray(irreps, data[0]),
)


class Signal:
    def __init__(self, grid_values, quadrature, *, p_val=1, p_arg=-1):
        if p_val not in (-1, 1):
            raise ValueError(f"p_val must be +1 or -1, got {p_val}")
        if quadrature not in ("soft", "gauss"):
            raise ValueError(quadrature)
        self.grid_values = grid_values
        self.quadrature = quadrature
        self.p_val = p_val
        self.p_arg = p_arg

    @property
    def res_beta(self):
        return self.grid_values.shape[-2]

    @property
    def grid_resolution(self):
        return (self.res_beta, self.grid_values.shape[-1])


jax.tree_util.register_pytree_node(
    Signal,
    lambda x: ((x.grid_values,), (x.quadrature, x.p_val, x.p_arg)),
    lambda aux, data: Signal(data[0], aux[0], p_val=aux[1], p_arg=aux[2]),
)


def quadrature_weights(b):
    assert b % 2 == 0, "res_beta must be even"
    j = np.arange(b)
    return np.array([np.sin(np.pi * (2.0 * i + 1.0) / (2.0 * b)) for i in j]) / b


def gate(x):
    scalars = x.filter(0)
    if scalars.irreps.dim < x.irreps.num_irreps - scalars.irreps.num_irreps:
        raise ValueError("not enough scalars")
    if not all(mul == 1 for mul, _ in x.irreps):
        raise ValueError("multiplicities should be ones")
    lmax = x.irreps.ls[-1]
    assert x.array.shape[-1] == x.irreps.dim
    p_even = {1 if l % 2 == 0 else -1 for _, l in x.irreps}
    if p_even not in [{1}, {-1}, {1, -1}]:
        raise ValueError(p_even)
    return jax.nn.gelu(scalars.array) * lmax


def integrate(sig):
    res_beta, res_alpha = sig.grid_resolution
    if sig.p_val != 1 and sig.quadrature == "soft":
        raise ValueError("odd signals need gauss quadrature")
    qw = quadrature_weights(res_beta)
    return jnp.einsum("...ba,b->...", sig.grid_values, qw) / res_alpha


RUNS = [
    lambda: jax.jit(gate)(IrrepsArray(((1, 0), (1, 1)), jnp.ones(4))),
    lambda: jax.jit(jax.vmap(gate))(IrrepsArray(((1, 0), (1, 1)), jnp.ones((3, 4)))),
    lambda: jax.jit(integrate)(Signal(jnp.ones((4, 6)), "soft")),
]
