"""Class attributes bound once, in the class body, to a fixed collection (for the loop rules).

A class body runs once, when the class is created: ``MU0 = (0.1, 0.5, 1.0)`` there binds one
tuple for the whole program, and a loop over ``Conservation.MU0`` (or ``self.MU0``/``cls.MU0`` in
a method of the class or of a subclass) runs three times, however long the program runs, like a
loop over the literal itself (``loops.is_fixed_collection``). A jit of a new closure per element
compiles once per element (a different program each: the element is closed over), a bounded
number. This holds unless something gives the attribute another value: a statement of the module
storing that attribute name on any object (``self.MU0 = ...`` in ``__init__`` shadows it per
instance, ``Conservation.MU0 = ...`` rebinds it, ``setattr(obj, "MU0", ...)``), or a call
changing the list in place (``self.SIZES.append(n)``); then the loop is not bounded. For
``self``/``cls`` a subclass of the module may bind the name again: every class of the module that
binds it must bind a fixed collection.
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import objects
from jitguard.lint.analysis.memo import PerIndex
from jitguard.lint.analysis.shapes import bindings, scope_view
from jitguard.lint.analysis.walk import nodes_of

_MUTATORS = frozenset({"append", "extend", "insert", "add", "update", "setdefault", "pop", "remove", "clear",
                       "__setitem__", "__delitem__", "sort", "reverse", "discard"})
_MUTATED = PerIndex()
_MUTATING = frozenset({cst.Call, cst.Assign, cst.AugAssign, cst.AnnAssign, cst.Del})


def fixed_class_attribute(view, expr: cst.Attribute, depth: int, enums: frozenset[str]) -> bool:
    """Is ``expr`` (``Klass.NAME``, ``self.NAME``, ``cls.NAME``, seen from ``view``, a
    ``shapes.ScopeView``) a class attribute its class body binds only to fixed collections, which
    nothing in the module rebinds, shadows or changes in place?"""
    from jitguard.lint.analysis.loops import is_fixed_collection  # (loops imports this module)

    if not isinstance(expr.value, cst.Name) or depth > 4:
        return False
    index, name = view.index, expr.attr.value
    owner, through_instance = _owner(view, expr.value.value)
    if owner is None:
        return False
    stored = objects.attributes_set(index)
    if stored is None or name in stored or name in _mutated(index):
        return False
    values = _class_values(index, owner, name)
    if not values:
        return False
    if through_instance:  # a subclass of the module may bind the name again
        values = [v for klass in index.classes.values() for v in _bound_in(index, klass).get(name, [])]
    module = scope_view(index, None)
    return all(v is not None and is_fixed_collection(v, module.imports, enums, module, depth + 1) for v in values)


def _owner(view, head: str):
    """The class ``head`` names (a class of the module; or the class of the method, when ``head``
    is its first parameter), and whether it names it through an instance or the class itself
    bound as ``cls`` (a subclass may stand there)."""
    index = view.index
    func = view.func
    while func is not None:
        if func.param(head) is not None:
            if func.is_method and func.cls is not None and func.positional and func.positional[0].name == head:
                return func.cls, True
            return None, False  # another parameter of that name: not the class
        if head in scope_view(index, func).bindings_here():
            return None, False  # a local of that name
        func = func.parent
    return index.classes.get(head), False


def _class_values(index, klass, name: str) -> list:
    """The values the first class binding ``name`` binds it to, looking in ``klass`` then in its
    bases of the module (breadth first); an empty list when none does."""
    todo, seen = [klass], set()
    while todo:
        current = todo.pop(0)
        if current.name in seen:
            continue
        seen.add(current.name)
        values = _bound_in(index, current).get(name)
        if values:
            return values
        todo.extend(index.classes[b.value.value] for b in current.node.bases
                    if isinstance(b.value, cst.Name) and b.value.value in index.classes)
    return []


_BODIES = PerIndex()


def _bound_in(index, klass) -> dict:
    """name -> values bound in the class body itself (methods bind their names to None)."""
    table = _BODIES.table(index)
    bound = table.get(id(klass.node))
    if bound is None:
        bound = table[id(klass.node)] = bindings(klass.node.body)
    return bound


def _mutated(index) -> frozenset[str]:
    """Attribute names whose value some call of the module changes in place (``x.NAME.append(v)``,
    ``x.NAME[i] = v``, ``del x.NAME[i]``)."""
    return _MUTATED.of(index, _scan_mutated)


def _scan_mutated(index) -> frozenset[str]:
    names: set[str] = set()
    for node in nodes_of(index.module, _MUTATING):  # (the shared walk's; any order: a set)
        kind = type(node)
        if kind is cst.Call and type(node.func) is cst.Attribute and node.func.attr.value in _MUTATORS:
            held = [node.func.value]
        elif kind is cst.Assign:
            held = [t.target.value for t in node.targets if type(t.target) is cst.Subscript]
        elif kind in (cst.AugAssign, cst.AnnAssign, cst.Del) and type(node.target) is cst.Subscript:
            held = [node.target.value]
        else:
            continue
        names.update(h.attr.value for h in held if type(h) is cst.Attribute)
    return frozenset(names)
