"""The value kinds JG203 reads through helpers (jitguard.lint.analysis.hashability.inlined_kind,
instances.constructed_instance): what the source shows for sure, and nothing when it does not.
What JAX does with each kind is checked by rules/JG203.py under real JAX (tests/test_rule_oracle.py)."""

from __future__ import annotations

import textwrap

import libcst as cst

from jitguard.lint.analysis.hashability import inlined_kind
from jitguard.lint.analysis.imports import ImportTable
from jitguard.lint.analysis.instances import constructed_instance
from jitguard.lint.analysis.jitcontext import ModuleIndex

HELPERS = """
import dataclasses

@dataclasses.dataclass(frozen=True)
class Model:
    layers: object
    name: str

@dataclasses.dataclass(frozen=True, eq=False)
class ByIdentity:
    layers: object

def make(container):
    return Model(container([1, 2]), "m")

def make_twice(container):
    if container is list:
        return Model((1, 2), "m")
    return Model(container([1, 2]), "m")

def make_rebound(container):
    container = tuple
    return Model(container([1, 2]), "m")

def rebuild(model):
    return "old", dataclasses.replace(model, layers=type(model.layers)(x for x in model.layers))

def by_identity(container):
    return ByIdentity(container([1]))

def use(list):
    a = make(list)
    b = make(tuple)
    c = make_twice(list)
    d = make_rebound(list)
    _, e = rebuild(make(list))
    _, f = rebuild(make(tuple))
    g = by_identity(list)
    h = make(dict)
    return a, b, c, d, e, f, g, h

def caller():
    a = make(list)
    _, e = rebuild(make(list))
    return a, e
"""


def _index(source: str) -> ModuleIndex:
    module = cst.parse_module(textwrap.dedent(source))
    imports = ImportTable()
    imports.add_module(module)
    return ModuleIndex(module, imports)


def _kind(index, function: str, name: str):
    return inlined_kind(cst.Name(name), index, index.module_defs[function])


def test_helpers_are_read_with_the_arguments_each_call_gives():
    index = _index(HELPERS)
    assert _kind(index, "caller", "a") == "a `Model` holding a list in `layers` (a frozen dataclass is hashed by its fields)"
    assert _kind(index, "caller", "e") == "a `Model` holding a list in `layers` (a frozen dataclass is hashed by its fields)"
    assert _kind(index, "use", "h") == "a `Model` holding a dict in `layers` (a frozen dataclass is hashed by its fields)"


def test_nothing_when_the_source_does_not_show_it():
    index = _index(HELPERS)
    assert _kind(index, "use", "a") is None  # `list` is a parameter of `use` here, not the builtin
    assert _kind(index, "use", "e") is None  # the same
    assert _kind(index, "use", "b") is None  # a tuple
    assert _kind(index, "use", "c") is None  # two returns
    assert _kind(index, "use", "d") is None  # the parameter is rebound in the helper
    assert _kind(index, "use", "f") is None  # rebuilt from a tuple
    assert _kind(index, "use", "g") is None  # eq=False: hashed by identity


FACTORIES = """
import numpy as np

class Box:
    def __init__(self, v):
        self.v = v

    @staticmethod
    def build():
        made = Box(np.zeros(3))
        return made

    @classmethod
    def make(cls):
        return cls(1)

    @staticmethod
    def either(flag):
        if flag:
            return Box(1)
        return Box(2)

class Sub(Box):
    pass

def run():
    a = Box.build()
    b = Box.make()
    c = Box.either(True)
    return a, b, c
"""


def test_factories_give_the_constructor_call_and_a_new_instance_per_call():
    index = _index(FACTORIES)
    run = index.module_defs["run"]
    # Box has a subclass: Box.build might be overridden (not here, but the class is not read further)
    assert constructed_instance(cst.Name("a"), index, run) is None
    index = _index(FACTORIES.replace("class Sub(Box):\n    pass\n", ""))
    run = index.module_defs["run"]
    cls, ctor, where, identity = constructed_instance(cst.Name("a"), index, run)
    assert cls == "Box" and index.module.code_for_node(ctor) == "Box(np.zeros(3))" and where.name == "build"
    assert index.module.code_for_node(identity) == "Box.build()"  # each call builds a new instance
    cls, ctor, where, _ = constructed_instance(cst.Name("b"), index, run)
    assert cls == "Box" and index.module.code_for_node(ctor) == "cls(1)"
    assert constructed_instance(cst.Name("c"), index, run) is None  # two returns


FIELDS = """
import dataclasses

@dataclasses.dataclass(frozen=True)
class Config:
    depth: int
    sizes: list = dataclasses.field(default_factory=list, hash=False)
    labels: list = dataclasses.field(default_factory=list, compare=False)
    kept: object = ()

@dataclasses.dataclass(frozen=True)
class Trimmed:
    depth: int
    cached: int = dataclasses.field(init=False, default=0)
    sizes: object = ()
    _: dataclasses.KW_ONLY
    notes: list = dataclasses.field(default_factory=list, hash=False)

def make_config(depth, sizes):
    return Config(depth, sizes)

def run():
    a = make_config(2, [1, 2])
    b = Config(2, [3], [4])
    c = Config(2, labels=[4], kept=[5])
    d = Trimmed(2, [1])
    e = Trimmed(2, notes=[1])
    f = dataclasses.replace(b, kept={})
    return a, b, c, d, e, f
"""


def test_fields_left_out_of_the_hash_and_the_positions_of_init_arguments():
    # JAX 0.10.2 (rules/JG203.py): a list in a `hash=False`/`compare=False` field of a frozen
    # dataclass passed static runs; `init=False` fields and fields after `_: KW_ONLY` take no position
    index = _index(FIELDS)
    assert _kind(index, "run", "a") is None
    assert _kind(index, "run", "b") is None
    assert _kind(index, "run", "c") == "a `Config` holding a list in `kept` (a frozen dataclass is hashed by its fields)"
    assert _kind(index, "run", "d") == "a `Trimmed` holding a list in `sizes` (a frozen dataclass is hashed by its fields)"
    assert _kind(index, "run", "e") is None
    assert _kind(index, "run", "f") == "a `Config` holding a dict in `kept` (a frozen dataclass is hashed by its fields)"
