"""VMAPSCALAR's tree scan (jitguard/lint/analysis/scalarattrs.py): which attribute names every store
in the tree makes a Python scalar. The JAX fact itself is run by the precision cases
tests/precision_cases/fresh24_*."""

from jitguard.lint.analysis.scalarattrs import scalar_names, scan, tree_entries


def _names(*sources: str) -> set[str]:
    entries: set[str] = set()
    for source in sources:
        entries |= scan(source)
    return scalar_names(tree_entries(entries))


OWN_INIT = '''
class Model(eqx.Module):
    weight: jax.Array
    dim: int
    flag: bool

    def __init__(self, weight):
        self.weight = weight
        self.dim = int(weight.shape[-1])  # read off a shape
        self.flag = bool(len(weight))
'''


def test_stores_of_int_bool_len_and_literals_are_scalar():
    assert _names(OWN_INIT) == {"dim", "flag"}
    assert _names("class A:\n    def __init__(self):\n        self.n = 3\n        self.on = True\n") == {"n", "on"}


def test_any_other_store_of_the_name_in_the_tree_keeps_it_unknown():
    assert _names(OWN_INIT, "class B:\n    def set(self, d):\n        self.dim = d\n") == {"flag"}
    assert _names(OWN_INIT, "def f(obj, v):\n    setattr(obj, 'flag', v)\n") == {"dim"}
    assert _names(OWN_INIT, "class C:\n    def step(self):\n        self.dim += 1\n") == {"flag"}
    assert _names(OWN_INIT, "class D:\n    def __init__(self, a, b):\n        self.dim, self.flag = a, b\n") == set()
    # an int(...) that is not the whole value, or not closed on its line
    assert _names("class E:\n    def __init__(self, x):\n        self.k = int(x) * x\n        self.m = int(\n            x)\n") == set()


def test_a_field_of_a_class_without_its_own_init_may_hold_anything():
    dataclass = '''
@dataclasses.dataclass
class Batch:
    weight: jax.Array
    dim: jax.Array

    def total(self):
        return self.weight.sum()
'''
    assert _names(OWN_INIT, dataclass) == {"flag"}
    # a multi-line class header, then the class with its own __init__ again: its fields are its own
    header = "class Wide(\n    eqx.Module,\n):\n    dim: int\n\n    def __init__(self, w):\n        self.dim = len(w)\n"
    assert _names(header) == {"dim"}
