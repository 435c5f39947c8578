"""analysis/pytree_annot.py: what makes a registration "sorts fields by annotation", and what
does not (each negative would turn traced leaves into metadata and hide real errors).

The JAX side (aux data stays a Python value under jit, a `jax.Array`-annotated field is a tracer)
is run by tests/test_precision_cases.py on pytree_meta_by_annotation*.py and
true_pytree_data_by_annotation.py."""

from __future__ import annotations

import textwrap

from jitguard.lint.analysis import pytree_annot

REGISTRAR = '''
import dataclasses
import typing
import jax

def _holds(typ):
    if typ is jax.Array:
        return True
    if typing.get_origin(typ) in (tuple, typing.Union):
        return any(_holds(t) for t in typing.get_args(typ))
    return False

def register(clz):
    clz = dataclasses.dataclass(frozen=True)(clz)
    meta, data = [], []
    for f in dataclasses.fields(clz):
        if _holds(f.type):
            data.append(f)
        else:
            meta.append(f)

    def flatten(x):
        return CHILDREN, AUX

    jax.tree_util.register_pytree_node(clz, flatten, lambda a, c: clz(*c, *a))
    return clz

class Node:
    def __init_subclass__(cls, **kw):
        register(cls)
'''
GOOD = {"CHILDREN": "tuple(getattr(x, f.name) for f in data)", "AUX": "tuple(getattr(x, f.name) for f in meta)"}

TYPES = '''
import numpy as np
import jax
from typing import Optional, Tuple
from pkg.reg import Node

class Contact(Node):
    dist: jax.Array
    dim: np.ndarray
    sizes: Tuple[int, ...]
    maybe: Optional[jax.Array]
    other: "np.ndarray"
    body: Body
'''


def _registrar(**parts: str) -> str:
    text = REGISTRAR
    for key, value in {**GOOD, **parts}.items():
        text = text.replace(key, value)
    return text


def _resolve(registrar: str, types: str = TYPES) -> set[str]:
    files = {"/t/pkg/reg.py": registrar, "/t/pkg/types.py": textwrap.dedent(types)}
    modules = {"/t/pkg/reg.py": "pkg.reg", "/t/pkg/types.py": "pkg.types"}
    marked = [(p, e) for p, text in files.items() for e in pytree_annot.registrar_entries(text)]
    plain, classes = pytree_annot.resolve({"kept"}, marked, list(files), modules.__getitem__, files.__getitem__)
    assert plain == {"kept"}  # the classes' aux fields are never tree-wide names
    return plain | {name for _q, aux, _refs, _bound, _closed in classes for name in aux}


def test_fields_annotated_without_jax_array_are_metadata():
    assert pytree_annot.registrar_entries(_registrar()) == {pytree_annot.MARK + "register", pytree_annot.MARK + "Node"}
    # a string annotation, a class of the project and anything holding jax.Array are not read
    assert _resolve(_registrar()) == {"kept", "dim", "sizes"}


def test_a_flatten_that_keeps_every_field_in_the_children_registers_nothing():
    assert _resolve(_registrar(CHILDREN="tuple(getattr(x, f.name) for f in data + meta)", AUX="()")) == {"kept"}
    assert _resolve(_registrar(AUX="tuple(getattr(x, f.name) for f in data)")) == {"kept"}


def test_a_predicate_that_can_say_true_for_other_types_is_not_read():
    loose = _registrar().replace("    return False\n\ndef register", "    return True\n\ndef register")
    other = _registrar().replace("if typ is jax.Array:", "if typ is int:")
    assert _registrar() not in (loose, other)
    assert pytree_annot.registrar_entries(loose) == set()
    assert pytree_annot.registrar_entries(other) == set()


def test_string_annotations_of_the_whole_module_are_not_read():
    assert _resolve(_registrar(), "from __future__ import annotations\n" + TYPES) == {"kept"}


def test_a_name_that_is_a_child_in_another_registered_class_is_not_metadata():
    types = TYPES + "\nclass Levels(Node):\n    dim: jax.Array\n"
    assert _resolve(_registrar(), types) == {"kept", "sizes"}


def test_a_class_of_another_base_with_the_same_name_is_not_read():
    types = TYPES.replace("from pkg.reg import Node", "from other.reg import Node")
    assert _resolve(_registrar(), types) == {"kept"}


# -- the aux fields apply to receivers of those classes only (review s6 item 2) ------------------

NODE = REGISTRAR.replace("CHILDREN", GOOD["CHILDREN"]).replace("AUX", GOOD["AUX"]).replace(
    "lambda a, c: clz(*c, *a)",
    "lambda a, c: clz(**{f.name: v for f, v in zip(data, c)}, **{f.name: v for f, v in zip(meta, a)})",
) + """

class Options(Node):
    count: int
    scale: jax.Array
"""

TRAIN = '''
import jax
import jax.numpy as jnp
from typing import NamedTuple

from node import Options


class AdamState(NamedTuple):
    count: jax.Array


@jax.jit
def step(state, x):
    if state.count > 0:  # expect JG101
        return x * 2
    return x


@jax.jit
def annotated(opts: Options, x):
    if opts.count > 0:  # aux data of Options: a Python int
        return x * opts.scale
    return x


@jax.jit
def other_annotation(state: AdamState, x):
    if state.count > 0:  # expect JG101
        return x * 2
    return x
'''


def test_an_aux_name_on_an_object_of_another_class_is_reported(tmp_path):
    """A field `count: int` of an annotation-sorted class does not make `state.count` static on a
    NamedTuple state (its fields are leaves: a tracer under jit)."""
    import importlib
    import sys

    import pytest

    from tests.test_fresh2_mechanisms import _expected, _lint

    jax = pytest.importorskip("jax")
    run = tmp_path / "run"
    run.mkdir()
    (run / "node.py").write_text(NODE)
    (run / "train.py").write_text(textwrap.dedent(TRAIN))
    sys.path.insert(0, str(run))
    try:
        for name in ("node", "train"):
            sys.modules.pop(name, None)
        train = importlib.import_module("train")
        node = importlib.import_module("node")
        x = jax.numpy.ones(3)
        with pytest.raises(jax.errors.TracerBoolConversionError):
            train.step(train.AdamState(count=jax.numpy.array(3)), x)
        with pytest.raises(jax.errors.TracerBoolConversionError):
            train.other_annotation(train.AdamState(count=jax.numpy.array(3)), x)
        assert float(train.annotated(node.Options(count=2, scale=jax.numpy.float32(3.0)), x)[0]) == 3.0
    finally:
        sys.path.remove(str(run))
        for name in ("node", "train"):
            sys.modules.pop(name, None)
    assert _lint(tmp_path, node=NODE, train=TRAIN) == _expected("train", TRAIN)


# -- a registrar that keeps every field in the aux data (ALLAUXCONFIG) -------------------------

ALL_AUX = '''
import dataclasses
from jax.tree_util import register_pytree_node

def tree_dataclass(cls, aux_fields=None, **kwargs):
    cls = dataclasses.dataclass(cls, **kwargs)
    FLAG
    names = [f.name for f in dataclasses.fields(cls)]
    aux_fields = names if aux_fields is Ellipsis else list(aux_fields or ())
    children = [n for n in names if n not in aux_fields]

    def flatten(obj):
        if TEST:
            return (), obj
        return tuple(getattr(obj, n) for n in children), tuple(getattr(obj, n) for n in aux_fields)

    register_pytree_node(cls, flatten, lambda aux, c: aux)
    return cls
'''
USERS = '''
from functools import partial
from reg import tree_dataclass

@partial(tree_dataclass, aux_fields=DECORATED, frozen=True)
class Config:
    order: int = 2
    splits: tuple = ((0, 1),)

    @property
    def step(self):
        return 1 / self.order

@partial(tree_dataclass, aux_fields=("level",))
class Particles:
    x: object
    splits: object
    level: int = 0
'''


def _all_aux(flag: str = "all_static = aux_fields is Ellipsis", test: str = "all_static",
             decorated: str = "Ellipsis") -> set[str]:
    registrar = ALL_AUX.replace("FLAG", flag).replace("TEST", test)
    entries = pytree_annot.registrar_entries(registrar)
    files = {"reg.py": registrar, "users.py": USERS.replace("DECORATED", decorated)}
    plain, _classes = pytree_annot.resolve(set(entries), [("reg.py", e) for e in entries], list(files),
                                           lambda p: p[:-3], files.__getitem__)
    return plain


def test_the_classes_a_registrar_keeps_all_in_the_aux_data_give_their_fields_and_properties():
    assert _all_aux() == {"order", "step"}  # `splits` is a child of Particles: left out
    assert _all_aux(decorated="...") == {"order", "step"}


def test_a_flag_read_after_its_parameter_is_rebound_is_not_read():
    # `aux_fields` is a list by then: `aux_fields is Ellipsis` is False whatever was given
    registrar = ALL_AUX.replace("    FLAG\n", "").replace(
        "    children = ", "    all_static = aux_fields is Ellipsis\n    children = ").replace("TEST", "all_static")
    assert pytree_annot.registrar_entries(registrar) == set()


def test_an_inline_test_of_a_rebound_parameter_is_not_read():
    assert _all_aux(flag="pass", test="aux_fields is Ellipsis") == set()


def test_other_arguments_register_nothing_all_aux():
    assert _all_aux(decorated="('order',)") == set()
    assert _all_aux(decorated="None") == set()
