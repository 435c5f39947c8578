# Report: netket/netket#637 https://github.com/netket/netket/issues/637
# Class: 1 (values inside containers and objects: a size option stored as a traced pytree leaf)
# Rule: JG104
# Reduced: "Strange errors with nk.optimizer.SRLazyGMRES()": with `nk.optimizer.SRLazyCG()` the
# VMC run works; with `SRLazyGMRES()` it fails with a long ConcretizationTypeError. The SR
# preconditioner is a `flax.struct.dataclass` handed to the jitted solve, and its field
# `restart: int = 20` was a pytree *data* field, so under jit it is a tracer that reaches
# `jax.scipy.sparse.linalg.gmres(..., restart=self.restart)`, which needs a concrete int.
# Maintainer: "It was a missing static annotation on that argument" — fixed as
# `restart: int = struct.field(pytree_node=False, default=20)`. The struct dataclasses are
# written with `jax.tree_util.register_dataclass` (data vs meta fields); the lazy S matrix is a
# small pytree with a matvec.
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class SRLazyGMRES:
    diag_shift: float = 0.01
    tol: float = 1e-5
    atol: float = 0.0
    maxiter: int = None
    restart: int = 20
    solve_method: str = "batched"

    def solve_fun(self):
        return partial(jax.scipy.sparse.linalg.gmres, tol=self.tol, atol=self.atol, restart=self.restart,
                       maxiter=self.maxiter, solve_method=self.solve_method)


jax.tree_util.register_dataclass(SRLazyGMRES, data_fields=["diag_shift", "tol", "atol", "restart"],
                                 meta_fields=["maxiter", "solve_method"])


@dataclasses.dataclass
class SRLazyGMRESFixed(SRLazyGMRES):
    pass


jax.tree_util.register_dataclass(SRLazyGMRESFixed, data_fields=["diag_shift", "tol", "atol"],
                                 meta_fields=["maxiter", "restart", "solve_method"])


@jax.tree_util.register_pytree_node_class
class LazySMatrix:
    def __init__(self, O, diag_shift):
        self.O, self.diag_shift = O, diag_shift

    def tree_flatten(self):
        return (self.O, self.diag_shift), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)

    def __call__(self, v):
        return self.O.T.conj() @ (self.O @ v) / self.O.shape[0] + self.diag_shift * v


@jax.jit
def apply_sr(sr, O, grad):
    S = LazySMatrix(O, sr.diag_shift)
    x, _ = sr.solve_fun()(S, grad)  # expect: JG104
    return x


O = jax.random.normal(jax.random.PRNGKey(0), (64, 12))
grad = jnp.ones(12)


# --- must be flagged ---


def crashes():
    return apply_sr(SRLazyGMRES(), O, grad)


# --- must not be flagged ---


@jax.jit
def apply_sr_fixed(sr, O, grad):
    S = LazySMatrix(O, sr.diag_shift)
    x, _ = sr.solve_fun()(S, grad)
    return x


def works():
    return apply_sr_fixed(SRLazyGMRESFixed(), O, grad)


RAISES = [(crashes, "ConcretizationTypeError")]
RUNS = [works]
