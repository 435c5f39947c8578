# Report: PlasmaControl/DESC#625 https://github.com/PlasmaControl/DESC/issues/625
# Class: 1 (values inside containers and objects: a NumPy mask stored on a pytree object)
# Rule: JG105
# Reduced: "QuasisymmetryBoozer objective throwing NonConcreteBooleanIndexError when used in
# optimization": `build()` stores `self._idx = ptolemy_linear_transform(...)`, a NumPy boolean mask
# of the non-symmetric Boozer modes, and `compute` returns `B_mn[self._idx]`. DESC objectives are
# pytrees whose every attribute not listed in `_static_attrs` is a leaf, so under the optimizer's
# jit the mask is a tracer and the boolean index has no static size. Here the objective is a
# pytree class (registered for every subclass, as DESC's IOAble does) with the same flatten rule; the Boozer spectrum is an array argument.
# Fix (DESC#626): store integer indices (`np.where(idx)[0]`); gathering with traced integer
# indices keeps a static shape.
import jax
import jax.numpy as jnp
import numpy as np


def ptolemy_linear_transform(modes, helicity=(1, 0)):
    M, N = helicity
    return modes[:, 1] * N != modes[:, 2] * M


MODES = np.array([[0, m, n] for m in range(3) for n in range(-2, 3)])


class _Objective:
    _static_attrs = ("_helicity",)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        jax.tree_util.register_pytree_node_class(cls)

    def tree_flatten(self):
        dynamic = sorted(k for k in self.__dict__ if k not in self._static_attrs)
        static = tuple((k, self.__dict__[k]) for k in self._static_attrs)
        return tuple(self.__dict__[k] for k in dynamic), (tuple(dynamic), static)

    @classmethod
    def tree_unflatten(cls, aux, children):
        obj = object.__new__(cls)
        dynamic, static = aux
        obj.__dict__.update(dict(zip(dynamic, children)))
        obj.__dict__.update(dict(static))
        return obj


# --- must be flagged ---


class QuasisymmetryBoozer(_Objective):
    def __init__(self, helicity=(1, 0)):
        self._helicity = helicity

    def build(self):
        self._idx = ptolemy_linear_transform(MODES, self._helicity)
        self._weights = jnp.ones(MODES.shape[0])

    def compute(self, B_mn):
        return (B_mn * self._weights)[self._idx]  # expect: JG105


def bug():
    obj = QuasisymmetryBoozer()
    obj.build()
    return jax.jit(lambda o, b: jnp.sum(o.compute(b) ** 2))(obj, jnp.arange(MODES.shape[0], dtype=jnp.float32))


# --- must not be flagged ---


class QuasisymmetryBoozerOk(_Objective):
    def __init__(self, helicity=(1, 0)):
        self._helicity = helicity

    def build(self):
        self._idx = np.where(ptolemy_linear_transform(MODES, self._helicity))[0]
        self._weights = jnp.ones(MODES.shape[0])

    def compute(self, B_mn):
        return (B_mn * self._weights)[self._idx]


def fixed():
    obj = QuasisymmetryBoozerOk()
    obj.build()
    return jax.jit(lambda o, b: jnp.sum(o.compute(b) ** 2))(obj, jnp.arange(MODES.shape[0], dtype=jnp.float32))


RAISES = [(bug, "NonConcreteBooleanIndexError")]
RUNS = [fixed]
