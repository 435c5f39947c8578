"""Class variables (`ClassVar`) and a shape-reading method of `self` alone, declared by a class in
another module, read on a traced instance.

A name annotated `ClassVar[...]` in a class body is a class variable: dataclasses and pytree
registrations leave it out of the fields, so it is never a leaf, and read on an instance that JAX
rebuilt under `jax.jit` it is the class's attribute, a Python int here. A method of `self` alone
returning `self.parameters().shape[:-1]` returns a tuple of ints: the shape of a tracer is static.
So `assert jac.shape == (*g.get_batch_axes(), g.parameters_dim, g.tangent_dim)` is a Python
comparison of tuples at trace time (checked on JAX 0.10.2). The class and its method live in
another module than the jitted function, where only the tree-wide scan sees them.

Seen as (held-out 4): a Lie-group library declares `parameters_dim: ClassVar[int]` on its base
class (a decorator sets the values per group), `get_batch_axes(self)` returns
`self.parameters().shape[:-1]`, and a jitted Jacobian helper ends with
`assert J.shape == (*transform.get_batch_axes(), transform.parameters_dim, transform.tangent_dim)`.
"""

import jax
import jax.numpy as jnp

from tests.precision_cases._fresh4_class_attributes_across_modules_groups import LieGroup, Rotation2


@jax.jit
def jacobian(transform: LieGroup) -> jax.Array:
    jac = jnp.zeros((*transform.get_batch_axes(), transform.parameters_dim, transform.tangent_dim))
    jac = jac.at[..., 0, 0].set(-transform.parameters()[..., 1])
    assert jac.shape == (*transform.get_batch_axes(), transform.parameters_dim, transform.tangent_dim)
    if transform.get_batch_axes():
        jac = jac * 2.0
    return jac


RUNS = [lambda: jacobian(Rotation2.identity()), lambda: jacobian(Rotation2.identity((3,)))]
