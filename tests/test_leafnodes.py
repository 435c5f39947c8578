"""jitguard.lint.analysis.leafnodes: which attributes always hold a pytree node without children
(the precision cases fresh5_frozen_field_leafless_node.py and fresh5_true_frozen_field_reset_raw.py
run the whole pattern under JAX)."""

from jitguard.lint.analysis import leafnodes, pytree_aux

HEAD = '''
import jax

class Frozen:
    def __init__(self, value):
        self.value = value

jax.tree_util.register_pytree_node(Frozen, lambda f: ((), f.value), lambda v, _: Frozen(v))

def freeze(value):
    return value if isinstance(value, Frozen) else Frozen(value)

def unfreeze(value):
    return value.value if isinstance(value, Frozen) else value
'''

CONFIG = '''
@jax.tree_util.register_pytree_node_class
class Config:
    def __init__(self, time, dt):
        self._time = freeze(time)
        self._dt = freeze(dt)

    @property
    def steps(self):
        return round(unfreeze(self._time) / unfreeze(self._dt))

    def tree_flatten(self):
        return (self._time, self._dt), None

    @classmethod
    def tree_unflatten(cls, _aux, children):
        obj = object.__new__(cls)
        {unflatten}
        return obj
'''


def _seeds(source: str) -> set[str]:
    return leafnodes.seeds(source, pytree_aux._module_names(source), pytree_aux._static)


def _config(unflatten: str = "obj._time, obj._dt = children", extra: str = "") -> str:
    return HEAD + CONFIG.replace("{unflatten}", unflatten) + extra


def test_attributes_set_by_the_wrapper_and_restored_by_unflatten_are_frozen():
    source = _config()
    assert {"_time", "_dt", leafnodes.PURE + "unfreeze"} <= _seeds(source)
    assert "steps" in pytree_aux.static_properties(source)


def test_unflatten_that_swaps_positions_restores_nothing():
    source = _config("obj._dt, obj._time = children")
    assert not {"_time", "_dt"} & _seeds(source)
    assert "steps" not in pytree_aux.static_properties(source)


def test_a_computed_setattr_name_may_set_anything():
    source = _config(extra="\ndef load(cfg, name, v):\n    setattr(cfg, name, v)\n")
    assert _seeds(source) == set()
    assert "steps" not in pytree_aux.static_properties(source)


def test_a_wrapper_must_narrow_before_returning_its_parameter():
    source = _config().replace("return value if isinstance(value, Frozen) else Frozen(value)", "return value")
    assert _seeds(source) == set()


def test_a_helper_calling_jnp_is_not_pure():
    source = _config().replace("return value.value if isinstance(value, Frozen) else value",
                               "return jax.numpy.asarray(value.value)")
    assert leafnodes.PURE + "unfreeze" not in _seeds(source)
    assert "steps" not in pytree_aux.static_properties(source)
