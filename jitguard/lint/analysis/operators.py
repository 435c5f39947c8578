"""OPDISPATCH: Python operators on instances of the classes of the analysed module.

Facts, checked on JAX 0.10.2 (jit on CPU; tests/test_recallgaps_mechanisms.py runs each one):

* ``a + b``, ``c * obj``, ``obj @ x``, ``-obj``, ``abs(obj)``: Python runs the operand's class's
  dunder (``__add__``, ``__mul__``, ``__matmul__``, ``__neg__``, ``__abs__``) with the operands as
  they are, tracers included. When the left operand is a JAX array (a tracer too) or a Python
  number, its own ``__mul__`` returns NotImplemented for an object JAX does not know, so Python
  runs the right operand's reflected dunder (``__rmul__``, ``__radd__``, ``__rmatmul__``) with the
  tracer as ``other``. The result is whatever that dunder returns: the class of the value it
  builds (:func:`operator_method`, read by ``ModuleIndex.instance_class``), and the value's kinds
  (the walker runs the dunder's summary on the operands' values: :func:`dispatched_value`).
* A class of the module deriving from ``dict`` (through classes of the module), with no
  ``__init__``/``__new__`` nor any override of how its items are read, built from one mapping
  (``Sentence(d)``): ``dict.__init__`` copies the mapping's items, so ``self.items()``,
  ``self.values()`` and ``self[k]`` in its methods give the mapping's values, tracers included
  (:func:`dict_subclass_value`).

The reflected dunder is taken only when the left operand is not an instance of a class of the
module that defines the forward one, is not a Python container, and no class of the module
defines the forward dunder at all (a parameter could then hold one of its instances, whose
forward dunder Python would run first).
"""

from __future__ import annotations

import dataclasses

import libcst as cst

from jitguard.lint.analysis.lattice import Taint
from jitguard.lint.analysis.memo import PerIndex

_BINARY = {
    cst.Add: ("__add__", "__radd__"), cst.Subtract: ("__sub__", "__rsub__"),
    cst.Multiply: ("__mul__", "__rmul__"), cst.Divide: ("__truediv__", "__rtruediv__"),
    cst.FloorDivide: ("__floordiv__", "__rfloordiv__"), cst.Modulo: ("__mod__", "__rmod__"),
    cst.Power: ("__pow__", "__rpow__"), cst.MatrixMultiply: ("__matmul__", "__rmatmul__"),
    cst.LeftShift: ("__lshift__", "__rlshift__"), cst.RightShift: ("__rshift__", "__rrshift__"),
    cst.BitAnd: ("__and__", "__rand__"), cst.BitOr: ("__or__", "__ror__"), cst.BitXor: ("__xor__", "__rxor__"),
}
_UNARY = {cst.Minus: "__neg__", cst.Plus: "__pos__", cst.BitInvert: "__invert__"}
# how a dict's items are read or filled: a subclass overriding one of these is not a plain dict
_DICT_PROTOCOL = frozenset({"__init__", "__new__", "__getitem__", "__iter__", "items", "values", "keys", "get",
                            "__getattr__", "__getattribute__", "copy"})
_CONTAINER_LITERALS = (cst.List, cst.Tuple, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp,
                       cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)


_DUNDERS = frozenset({*(n for pair in _BINARY.values() for n in pair), *_UNARY.values(), "__abs__"})
_DEFINED = PerIndex()  # index -> the operator dunders some class of the module defines


def _defined_dunders(index) -> frozenset[str]:
    return _DEFINED.of(index, lambda ix: frozenset(n for k in ix.classes.values() for n in k.methods.keys() & _DUNDERS))


def operator_method(index, node: cst.CSTNode, scope, depth: int = 3):
    """The dunder of a class of the module that ``node`` runs (a binary or unary operation, or
    ``abs(obj)``), as (method, the operand that is ``self``, the other operand or None); None when
    it runs none that is plain to see (at once when no class of the module defines the dunder:
    every operation of the module asks)."""
    if depth <= 0:
        return None
    defined = _defined_dunders(index)
    if not defined:
        return None
    if isinstance(node, cst.BinaryOperation):
        names = _BINARY.get(type(node.operator))
        return _binary_method(index, node, scope, names, depth) if names and not defined.isdisjoint(names) else None
    if isinstance(node, cst.UnaryOperation):
        name = _UNARY.get(type(node.operator))
        operand = node.expression
    elif (isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "abs"
          and len(node.args) == 1 and not node.args[0].star and not node.args[0].keyword
          and index.lookup_function("abs", scope) is None and "abs" not in index.classes):
        name, operand = "__abs__", node.args[0].value
    else:
        return None
    klass = index.instance_class(operand, scope, _operand_depth(operand, depth)) if name in defined else None
    method = index.find_method(klass, name) if klass is not None else None
    return (method, operand, None) if _plain_dunder(method, 1) else None


def _binary_method(index, node: cst.BinaryOperation, scope, names: tuple[str, str], depth: int):
    forward, reflected = names
    left = index.instance_class(node.left, scope, _operand_depth(node.left, depth))
    right = index.instance_class(node.right, scope, _operand_depth(node.right, depth))
    fwd = index.find_method(left, forward) if left is not None else None
    ref = index.find_method(right, reflected) if right is not None else None
    if (ref is not None and left is not None and right is not left and _derives(index, right, left)
            and ref is not index.find_method(left, reflected)):
        fwd = None  # a subclass's own reflected dunder runs first (Python's data model)
    if fwd is not None:
        return (fwd, node.left, node.right) if _plain_dunder(fwd, 2) else None
    if ref is None or not _plain_dunder(ref, 2) or isinstance(node.left, _CONTAINER_LITERALS):
        return None
    if left is None and any(forward in k.methods for k in index.classes.values()):
        return None  # the left operand may be an instance of that class: its dunder would run first
    return ref, node.right, node.left


def _operand_depth(operand: cst.BaseExpression, depth: int) -> int:
    """How deep the class of an operand is read: a nested operation at the same depth (it is a
    part of this one), a name (its binding may be any expression) one less."""
    return depth if isinstance(operand, (cst.BinaryOperation, cst.UnaryOperation)) else depth - 1


def _plain_dunder(method, arity: int) -> bool:
    """A plain method taking ``self`` (and the other operand): no decorator, no ``*args``."""
    return (method is not None and method.is_method and not method.is_classmethod
            and isinstance(method.node, cst.FunctionDef) and not method.node.decorators
            and len(method.positional) == arity and all(p.kind == "positional" for p in method.params))


def _derives(index, klass, base, depth: int = 8) -> bool:
    """``klass`` derives from ``base`` through classes of the module."""
    for b in klass.node.bases:
        parent = index.classes.get(b.value.value) if isinstance(b.value, cst.Name) and b.keyword is None else None
        if parent is base or parent is not None and parent is not klass and depth > 0 and _derives(index, parent, base,
                                                                                                      depth - 1):
            return True
    return False


def returned_class(index, method, depth: int):
    """The class of the module every ``return`` of ``method`` builds (as ``instance_class`` reads
    a return value), or None."""
    from jitguard.lint.analysis.walk import own_nodes

    returns = [r.value for r in own_nodes(method.node.body) if isinstance(r, cst.Return)]
    if not returns or any(v is None for v in returns):
        return None
    made = {index.instance_class(v, method, depth) for v in returns}
    return made.pop() if len(made) == 1 else None


def dispatched_value(walker, node: cst.CSTNode) -> tuple[Taint | None] | None:
    """The value of an operation that runs a dunder of the module's classes (:func:`operator_method`):
    Python calls it with ``self`` the one operand and ``other`` the other, so its body runs on
    their values (reported when reporting, as a helper's is) and its return is the result;
    (value,), or None when the operation runs no such dunder."""
    found = operator_method(walker.index, node, walker.info)
    if found is None:
        return None
    method, me, other = found
    mapped: dict[str, Taint] = {}
    params = method.positional
    mine = walker.taints.get(me)
    if mine is not None:
        mapped[params[0].name] = mine
    if other is not None and walker.taints.get(other) is not None:
        mapped[params[1].name] = walker.taints[other]
    if mapped and walker.reporting:
        walker.analysis.propagate(method, mapped, walker.info)
    walker.analysis.called(method)
    if walker.staged is not None:
        walker.analysis.stage(method, walker.info)
    if not mapped and walker.staged is None:
        return (None,)
    return (walker.analysis.summary(method, mapped, None, walker.kind),)


def dict_subclass_value(walker, call: cst.Call) -> tuple[Taint | None] | None:
    """``Sentence(d)`` of a class of the module deriving from ``dict`` (:func:`plain_dict_class`)
    given one positional mapping: the new dict holds ``d``'s items (``dict.__init__`` copies
    them), so its value is ``d``'s, a mapping; (value,), or None when the call is not one."""
    func = call.func
    if not isinstance(func, cst.Name) or func.value in walker.env or len(call.args) != 1 \
            or call.args[0].star or call.args[0].keyword is not None:
        return None
    if walker.index.lookup_function(func.value, walker.info) is not None:
        return None
    klass = walker.index.classes.get(func.value)
    if klass is None or not plain_dict_class(walker.index, klass):
        return None
    given = walker.taints.get(call.args[0].value)
    if given is None:
        return (None,)
    if not given.mapping:
        return None
    return (dataclasses.replace(given, container=True, mapping=True),)


def plain_dict_class(index, klass, depth: int = 8) -> bool:
    """A class deriving from ``dict`` through classes of the module, none of which decorated or
    overriding how the dict is built or its items read (``_DICT_PROTOCOL``)."""
    node = klass.node
    if node.decorators or _DICT_PROTOCOL & klass.methods.keys() or not node.bases or depth <= 0:
        return False
    found = False
    for b in node.bases:
        if b.keyword is not None or not isinstance(b.value, cst.Name):
            return False
        if b.value.value == "dict" and "dict" not in index.classes:
            found = True
            continue
        parent = index.classes.get(b.value.value)
        if parent is None or parent is klass or not plain_dict_class(index, parent, depth - 1):
            return False
        found = True
    return found
