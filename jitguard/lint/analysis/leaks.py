"""Tracers left on an instance by a jitted method (JG104, leaked tracers).

``@partial(jax.jit, static_argnums=0) def apply_jit(self, arr): self.cache = arr * 2`` runs its
body once, while JAX traces it: the attribute is set to the tracer, and the instance (static, the
same Python object the caller holds) keeps it after the call. JAX hands concrete arrays back only
through the return value, so the attribute never holds a value: converting it afterwards
(``np.array(box.cache)``, ``float(...)``, ``.item()``) raises TracerArrayConversionError /
ConcretizationTypeError (JAX 0.10.2, tests/reports/concrete_so-jitted-method-stores-tracer-on-self.py,
rules/JG104_leaked_attributes.py).

The traced walk notes each ``self.<attr> = <traced value>`` in a method jitted with ``self``
static (:func:`note_assignment`, from JG104's ``visit_Assign``); :func:`leaked_reads` then finds
the conversions of ``<instance>.<attr>``, the instance a name bound once to ``Class(...)``, for an
attribute that every ``self.<attr> =`` of the class sets in such a method (and nothing outside
the class assigns).
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from jitguard.lint.analysis import jaxapi, jaxsig
from jitguard.lint.analysis.objects import store_targets
from jitguard.lint.analysis.traceable import bound_value

_NOTES = "_jg104_leaked_attributes"


def note_assignment(node: cst.Assign, ctx) -> None:
    """``self.<attr> = <traced>`` in the traced walk of a method jitted with ``self`` static."""
    info = ctx.function
    if info is None or not info.is_method or info.cls is None or not info.positional or info.is_classmethod:
        return
    me = info.positional[0].name
    attrs = [t.target.attr.value for t in node.targets
             if type(t.target) is cst.Attribute and type(t.target.value) is cst.Name and t.target.value.value == me]
    if not attrs or ctx.taint(node.value) is None:
        return
    index = ctx.index
    if not _jitted_with_static_self(index, info, me):
        return
    notes = index.__dict__.setdefault(_NOTES, {})
    for t in node.targets:
        target = t.target
        if type(target) is cst.Attribute and target.attr.value in attrs:
            notes.setdefault((info.cls.name, target.attr.value), set()).add(target)


def _jitted_with_static_self(index, info, me: str) -> bool:
    return any(f is info and use.qualname in jaxapi.JIT_TRANSFORMS and not use.static_unknown and me in use.static_names
               for f, use, _site in index.jit_uses)


def leaked_reads(index) -> Iterator[tuple[cst.Call, cst.Attribute, str]]:
    """(conversion call, ``<instance>.<attr>`` it converts, class name) for each conversion of an
    attribute only ever set to a tracer by a jitted method of its class."""
    notes = index.__dict__.get(_NOTES)
    if not notes:
        return
    leaked = {key for key, nodes in notes.items() if _only_traced_sets(index, key, nodes)}
    if not leaked:
        return
    for call, scope, _klass, _loops in index.calls:
        value = _converted(call, index, scope)
        if type(value) is not cst.Attribute or type(value.value) is not cst.Name:
            continue
        klass = _instance_class(value.value, index, scope)
        if klass is not None and (klass, value.attr.value) in leaked:
            yield call, value, klass


def _only_traced_sets(index, key: tuple[str, str], noted: set) -> bool:
    """Every store of ``.<attr>`` in the module (:func:`objects.store_targets`: assigned, augmented,
    deleted, a loop's or ``with``'s target) is one the traced walk noted for the class, but for
    ``self.<attr>`` in the bodies of unrelated classes, and no ``setattr`` may set it."""
    klass, attr = key
    if klass not in index.classes:
        return False
    others = _other_classes_stores(index, klass)
    for target in store_targets(index.module):
        if target.attr.value != attr or target in noted:
            continue
        if id(target) in others and type(target.value) is cst.Name and target.value.value == "self":
            continue  # another class sets its own instances' attribute
        return False
    return not any(_names_setattr(call, attr) for call, *_ in index.calls)


def _other_classes_stores(index, klass: str) -> set[int]:
    """The stored attributes in the bodies of the module's other classes (not derived from
    ``klass``): a ``self.<attr>`` target there sets the attribute on instances of those classes only."""
    out: set[int] = set()
    for name, info in index.classes.items():
        node = info.node
        if name == klass or any(type(b.value) is cst.Name and b.value.value == klass for b in node.bases):
            continue
        out.update(id(t) for t in store_targets(node.body))
    return out


def _names_setattr(call: cst.Call, attr: str) -> bool:
    return (type(call.func) is cst.Name and call.func.value == "setattr" and len(call.args) > 1
            and not (isinstance(call.args[1].value, cst.SimpleString) and call.args[1].value.evaluated_value != attr))


def _converted(call: cst.Call, index, scope) -> cst.BaseExpression | None:
    """What ``call`` turns into a Python or NumPy value: the first argument of a NumPy conversion
    or of ``float``/``int``/``bool``/..., the object of ``.item()``/``.tolist()``."""
    func = call.func
    if type(func) is cst.Attribute and func.attr.value in jaxapi.CONCRETIZING_METHODS and not call.args:
        return func.value
    if not call.args or call.args[0].keyword is not None or call.args[0].star:
        return None
    name = index.resolve(func, scope)
    if name in jaxapi.CONCRETIZING_BUILTINS or name in jaxsig.CONVERTS_TO_NUMPY:
        return call.args[0].value
    return None


def _instance_class(name: cst.Name, index, scope) -> str | None:
    """The class of the module ``name`` is an instance of: bound once, where it is used, to
    ``Class(...)``."""
    value = bound_value(name.value, index, scope)
    if type(value) is not cst.Call or type(value.func) is not cst.Name:
        return None
    klass = value.func.value
    return klass if klass in index.classes else None
