"""A static argument whose class compares with the dataclass ``__eq__`` over an array field.

Fact (JAX 0.10.2, rules/JG203_field_eq.py): a jitted function finds its compiled program by the
hash of each static argument and then ``==`` with the cached one. A ``@dataclass`` (``eq=True``,
its default) gets a generated ``__eq__`` that compares the tuples of its fields, which takes the
truth value of each field's ``==``: with a JAX or NumPy array of more than one element in a field
that is ``ValueError`` ("truth value of an array ... is ambiguous"). A class that defines its own
``__hash__`` over other fields (a name) gives two instances built with the same values there the
same hash, so the second instance passed at the static position is compared with the first one
and the call raises; the first call, the same instance again (Python compares identity first),
instances whose hashed fields differ, or arrays of one element, run.

Read for an instance of such a class of the module (no ``__eq__`` of its own, ``__hash__`` of its
own returning ``hash(self.a)`` or ``hash((self.a, self.b))``) built (``instances.constructed_instance``)
with an array of more than one element in a field (``arrays.many_elements``) and literal values
(strings, numbers, constants) in the hashed fields: the hashed values of each construction are
compared by their source text. A name there stands for a value only where that value is the same
at every construction: a name bound once to a literal (its text), or a parameter of the calling
function that its body never rebinds (the parameter); any other name (rebound between two
constructions, ``name = "arm"; ...; name = "leg"``, a loop target, a factory's own parameter) is
not known, and the construction is not read (checked under JAX 0.10.2:
tests/precision_cases/field_eq_name_rebound_between.py runs).
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis.arrays import many_elements
from jitguard.lint.analysis.instances import constructed_instance, own_returns
from jitguard.lint.analysis.shapes import scope_view
from jitguard.lint.analysis.spread import spread_arguments

_LITERALS = (cst.SimpleString, cst.Integer, cst.Float, cst.Name)


def array_eq_instance(expr, index, scope):
    """(the node standing for this instance, the array field, the class, the hashed values' text)
    when ``expr`` is such an instance; else None."""
    made = constructed_instance(expr, index, scope)
    if made is None:
        return None
    cls, ctor, where, identity = made
    klass = index.classes.get(cls)
    shape = _compared_fields(index, klass) if klass is not None else None
    if shape is None:
        return None
    fields, hashed = shape
    given: dict[str, cst.BaseExpression] = {}
    for keyword, position, value in spread_arguments(ctor, scope_view(index, where)):
        name = keyword if keyword is not None else (fields[position] if position is not None and position < len(fields) else None)
        if name is not None:
            given[name] = value
    array = next((f for f in fields if f in given and f not in hashed and many_elements(given[f], index, where)), None)
    if array is None:
        return None
    key = tuple(_hashed_key(given.get(f), index, where, scope) for f in hashed)
    if None in key:
        return None
    return identity, array, cls, key


def _hashed_key(value, index, where, scope):
    """What a hashed field's value is the same as at every construction: a literal's text; for a
    name, the text of the literal it is bound to once, or the parameter of the calling function
    (``where`` is ``scope``) that its body never rebinds; else None (not known)."""
    from jitguard.lint.analysis.hashability import bound_once
    from jitguard.lint.analysis.traceable import _scope_bindings

    if not isinstance(value, _LITERALS):
        return None
    if not isinstance(value, cst.Name) or value.value in ("True", "False", "None"):
        return index.module.code_for_node(value)
    name = value.value
    param = where.param(name) if where is not None else None
    if param is not None:  # a parameter: the same value while the body leaves it alone
        fixed = where is scope and type(where.node) is cst.FunctionDef and _scope_bindings(index, where.node.body, name) == []
        return ("param", id(where.node), name) if fixed else None
    found = bound_once(name, index, where)
    bound = found[0] if found is not None else None
    if isinstance(bound, _LITERALS) and (not isinstance(bound, cst.Name) or bound.value in ("True", "False", "None")):
        return index.module.code_for_node(bound)
    return None


def _compared_fields(index, klass) -> tuple[list[str], tuple[str, ...]] | None:
    """(the dataclass's fields, the fields its own ``__hash__`` hashes) for a ``@dataclass`` of the
    module with the generated ``__eq__`` and a ``__hash__`` of its own; None otherwise."""
    from jitguard.lint.analysis.callsem import annotated_fields, dataclass_decorators

    node = klass.node
    resolve = lambda e: index.resolve(e, None)  # noqa: E731
    decorators = dataclass_decorators(node, resolve)
    if len(node.decorators) != 1 or not decorators:
        return None
    if isinstance(decorators[0], cst.Call) and any(
            a.keyword is not None and a.keyword.value in ("eq", "unsafe_hash", "frozen") for a in decorators[0].args):
        return None  # eq=False compares identity; frozen/unsafe_hash make a generated hash of every field
    if node.bases or "__eq__" in klass.methods or "__hash__" not in klass.methods:
        return None
    hashed = _hashed_attributes(klass.methods["__hash__"])
    fields = annotated_fields(node, resolve)
    if hashed is None or not set(hashed) <= set(fields):
        return None
    return fields, hashed


def _hashed_attributes(method) -> tuple[str, ...] | None:
    """``return hash(self.a)`` / ``return hash((self.a, self.b))`` as the whole body: ("a", "b")."""
    node = method.node
    if not isinstance(node, cst.FunctionDef) or not node.params.params:
        return None
    this = node.params.params[0].name.value
    returns = own_returns(node)
    body = node.body.body
    if len(returns) != 1 or len(body) != 1:
        return None
    call = returns[0].value
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Name) and call.func.value == "hash" and len(call.args) == 1):
        return None
    value = call.args[0].value
    items = [e.value for e in value.elements] if isinstance(value, cst.Tuple) else [value]
    names = []
    for item in items:
        if not (isinstance(item, cst.Attribute) and isinstance(item.value, cst.Name) and item.value.value == this):
            return None
        names.append(item.attr.value)
    return tuple(names)
