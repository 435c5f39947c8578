"""The children of an ``equinox.Module`` subclass of the module: fields that become leaves (JG206).

An ``equinox.Module`` is a dataclass registered as a pytree by its metaclass: every field is a
child unless declared static (``eqx.field(static=True)``). Under plain ``jax.jit`` each leaf of an
instance becomes an abstract array, so a field holding a value JAX has no array form for (a
string, a function, an instance of a ``tuple`` subclass, which JAX's registry does not flatten)
raises ``TypeError: Error interpreting argument to <function> as an abstract array`` at the call,
while a static field keeps its Python value (JAX 0.10.2 with equinox: rules/JG206.py). Read here,
for ``Cls(...)``:

* the class: defined once at the top of the module, ``equinox.Module`` its one base, no
  decorator, no class keywords, no ``__post_init__``/``__setattr__``/``__getattribute__``;
* its fields: the annotated names of its body (``ClassVar`` left out), with a default that is
  no call, or ``eqx.field(...)``/``dataclasses.field(...)`` given only ``static``, ``default``
  or ``default_factory`` (any other option, a converter or ``kw_only``, leaves the class alone);
* what each field holds: what the class's own ``__init__`` stores (``flatten_leaves`` reads it,
  also from the construction's arguments), or, with the generated ``__init__``, the argument
  given for it (by position in field order, or by name), else its default.

An instance is also hashed by all its fields, static or not (``equinox.Module.__hash__``, a frozen
dataclass's): at a static position of ``jax.jit`` one holding an array or a list raises
ValueError (JG203; JAX 0.10.2 with equinox: rules/JG203_equinox.py).
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis.jitcontext import FunctionInfo, Param

_MODULE_BASES = frozenset({"equinox.Module"})
_FIELD_CALLS = frozenset({"equinox.field", "dataclasses.field"})
_FIELD_OPTIONS = frozenset({"static", "default", "default_factory"})
_UNREAD = ("__post_init__", "__setattr__", "__getattribute__")


def module_candidates(name: str, index, stored_by, static: bool = False):
    """(the ``__init__`` run, [(field, the value stored there)]) for the non-static fields of the
    ``equinox.Module`` subclass ``name`` (with ``static``, every field); None when the class is not
    read so. ``stored_by(init)`` reads what an own ``__init__`` stores (``flatten_leaves._stored``)."""
    klass = index.classes.get(name)
    if klass is None or sum(1 for s in index.module.body if isinstance(s, cst.ClassDef) and s.name.value == name) != 1:
        return None
    node = klass.node
    if (node.decorators or node.keywords or len(node.bases) != 1 or node.bases[0].keyword is not None
            or index.resolve(node.bases[0].value, None) not in _MODULE_BASES
            or any(m in klass.methods for m in _UNREAD)):
        return None
    fields = _fields(node, index)
    if fields is None:
        return None
    init = klass.methods.get("__init__")
    if init is None:
        params = [Param("self", "positional", None)] + [Param(f, "positional", default) for f, _s, default in fields]
        init = FunctionInfo(node, "__init__", None, klass, params, is_method=True)
        return init, [(f, cst.Name(f)) for f, is_static, _d in fields if static or not is_static]
    stored = stored_by(init)
    if stored is None:
        return None
    return init, [(f, stored[f]) for f, is_static, _d in fields if (static or not is_static) and f in stored]


def _fields(node: cst.ClassDef, index) -> list[tuple[str, bool, cst.BaseExpression | None]] | None:
    """(name, static, default) of each field in order; None when a field's options are not read."""
    from jitguard.lint.analysis.hashability import _annotated

    names, values, markers = _annotated(node, index)
    if markers:
        return None
    out = []
    for name, value in zip(names, values):
        if not isinstance(value, cst.Call):
            out.append((name, False, value))
            continue
        if index.resolve(value.func, None) not in _FIELD_CALLS or any(
                a.star or a.keyword is None or a.keyword.value not in _FIELD_OPTIONS for a in value.args):
            return None
        options = {a.keyword.value: a.value for a in value.args}
        static = options.get("static")
        if static is not None and not (isinstance(static, cst.Name) and static.value in ("True", "False")):
            return None
        default = options.get("default")
        out.append((name, isinstance(static, cst.Name) and static.value == "True", default))
    return out
