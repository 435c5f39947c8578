# Report: PlasmaControl/DESC#1897 https://github.com/PlasmaControl/DESC/issues/1897
# Class: 1 (a value inside an object: a string attribute of a pytree-registered objective becomes a traced leaf)
# Rule: JG206 (a string reaching a position the jitted function traces as an array)
# Reduced: "New Objective Function JAX Type Issue During Optimization/Differentiation": a new
# objective class (modelled on `Gamma_C`) computes fine, but the optimizer fails in a jitted
# helper: "Error interpreting argument to <function _proximal_jvp_blocked_pure> as an abstract
# array. The problematic value is of type <class 'str'> and was passed to the function at path
# objective[0]['_objectives'][1][0]['_...". DESC objectives are pytrees that flatten their
# `__dict__`, with the attributes listed in `_static_attrs` kept static; a string attribute
# that is not listed becomes a leaf. The objective machinery is reduced to that flattening
# rule and a jitted Jacobian-vector product. Fix: list the attribute in `_static_attrs`.
import jax
import jax.numpy as jnp


class _Objective:
    _static_attrs = ["_name", "_units"]

    def tree_flatten(self):
        static = {k: v for k, v in self.__dict__.items() if k in self._static_attrs}
        dynamic = {k: v for k, v in self.__dict__.items() if k not in self._static_attrs}
        keys = tuple(sorted(dynamic))
        return tuple(dynamic[k] for k in keys), (keys, tuple(sorted(static.items())))

    @classmethod
    def tree_unflatten(cls, aux, children):
        keys, static = aux
        obj = object.__new__(cls)
        obj.__dict__.update(dict(zip(keys, children)))
        obj.__dict__.update(dict(static))
        return obj

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        jax.tree_util.register_pytree_node_class(cls)


@jax.jit
def _proximal_jvp_blocked_pure(objective, x, v):
    return jax.jvp(objective.compute, (x,), (v,))[1]


# --- must be flagged ---


class TrappedResonance(_Objective):
    def __init__(self, weight=1.0, resonance_kind="trapped"):
        self._name = "trapped resonance"
        self._units = "(dimensionless)"
        self._weight = jnp.asarray(weight)
        self._resonance_kind = resonance_kind

    def compute(self, x):
        return self._weight * jnp.sum(jnp.sin(x) ** 2)


def bug():
    objective = TrappedResonance()
    return _proximal_jvp_blocked_pure(objective, jnp.ones(3), jnp.ones(3))  # expect: JG206


# --- must not be flagged ---


class TrappedResonanceStatic(_Objective):
    _static_attrs = _Objective._static_attrs + ["_resonance_kind"]

    def __init__(self, weight=1.0, resonance_kind="trapped"):
        self._name = "trapped resonance"
        self._units = "(dimensionless)"
        self._weight = jnp.asarray(weight)
        self._resonance_kind = resonance_kind

    def compute(self, x):
        return self._weight * jnp.sum(jnp.sin(x) ** 2)


def fixed():
    objective = TrappedResonanceStatic()
    return _proximal_jvp_blocked_pure(objective, jnp.ones(3), jnp.ones(3))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
