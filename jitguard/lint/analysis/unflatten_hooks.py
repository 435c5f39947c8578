"""What runs when JAX rebuilds a pytree argument inside the trace: a dataclass's ``__post_init__``.

Fact (JAX 0.10.2, rules/JG104_unflatten_hooks.py): ``jax.jit`` flattens each argument and, inside
the trace, rebuilds it from tracers with its class's unflatten. Three registrations rebuild by
calling the class, so a dataclass's generated ``__init__`` runs again, and its ``__post_init__``
with it, the data fields (the children) tracers:

* ``jax.tree_util.register_dataclass`` (decorator, ``partial`` of it, or a module-level call on
  the class): JAX's unflatten calls ``cls(**fields)``; its data fields are the fields that are not
  metadata;
* a module-level ``register_pytree_node(C, flatten, unflatten)`` whose ``unflatten`` is a lambda
  calling ``C(...)``, and ``flatten`` a lambda of one parameter returning ``((obj.a, ...), aux)``:
  its children are those attributes;
* ``@register_pytree_node_class`` whose ``tree_unflatten`` returns ``cls(...)`` (or ``C(...)``),
  its ``tree_flatten`` returning ``((self.a, ...), aux)``.

So ``object.__setattr__(self, "n", self.a.sum().item())`` in ``__post_init__`` raises
ConcretizationTypeError under ``jax.jit`` although the eager construction ran. An unflatten that
makes the instance without the constructor (``object.__new__(cls)``), a ``__post_init__`` reading
only metadata fields, or an instance never passed to a jit, runs. Read for a class of the module
whose instance (``C(...)`` or a name bound once to one, ``ModuleIndex.instance_class``) is passed
at a traced position of a call through a jit in sight; the hook is walked in that jit's trace with
``self`` a record of those fields (``dispatch.walk_getter``), so the rules report in its body.
"""

from __future__ import annotations

import dataclasses

import libcst as cst

from jitguard.lint.analysis.jaxapi import REGISTER_DATACLASS
from jitguard.lint.analysis.lattice import Origin, Taint
from jitguard.lint.analysis.memo import PerIndex

_HOOK = "__post_init__"
_ARRIVALS = PerIndex()  # index -> {(jitted function, parameter): (class name, ((field, traced), ...))}


def run(walker) -> None:
    """The walked (jitted) function receives, at a traced parameter, an instance of a class whose
    unflatten runs its ``__post_init__``: walk that hook in this trace with ``self`` the record."""
    from jitguard.lint.analysis import dispatch

    table = _ARRIVALS.of(walker.index, _arrivals)
    for (info, name), (klass_name, fields) in table.items():
        taint = walker.entry_env.get(name) if info is walker.info else None
        hook = walker.index.classes[klass_name].methods.get(_HOOK)
        if taint is None or hook is None or not hook.positional:
            continue
        o = taint.origin
        origin = Origin(o.name, f"{o.why}; JAX rebuilds the `{klass_name}` it receives inside the trace, running "
                        f"`{_HOOK}` with its data fields tracers", o.function, o.flaglike, o.root, o.captured)
        record = dataclasses.replace(taint, container=True, opaque=False,
                                     fields=tuple((f, Taint(origin) if traced else None) for f, traced in fields))
        dispatch.walk_getter(walker, [hook], record)


def _arrivals(index) -> dict:
    """(function, parameter) -> (class, fields) for the instances of a rebuilt class passed at a
    traced position of the calls through a plain jit in sight; left out when calls disagree."""
    from jitguard.lint.analysis.objects import _jit_call_arguments

    found: dict = {}
    mixed: set = set()
    for info, use, scope, _positional, given in _jit_call_arguments(index):
        for param, arg in given.items():
            if param in use.static_names or param in use.bound_keywords:
                continue
            klass = index.instance_class(arg, scope)
            fields = rebuilt_fields(index, klass) if klass is not None else None
            if fields is None:
                continue
            key = (info, param)
            if key in found and found[key][0] != klass.name:
                mixed.add(key)
            found[key] = (klass.name, fields)
    return {key: value for key, value in found.items() if key not in mixed}


def rebuilt_fields(index, klass) -> tuple[tuple[str, bool], ...] | None:
    """((field, is a child), ...) of a dataclass of the module with its own ``__post_init__`` (no
    ``__init__`` of its own) that JAX's unflatten rebuilds by calling it; None otherwise."""
    from jitguard.lint.analysis.callsem import annotated_fields, dataclass_decorators

    node = klass.node
    resolve = lambda e: index.resolve(e, None)  # noqa: E731
    if _HOOK not in klass.methods or "__init__" in klass.methods or not dataclass_decorators(node, resolve):
        return None
    names = annotated_fields(node, resolve)
    children = _children(index, klass)
    if children is None:
        return None
    return tuple((n, n in children) for n in names)


def _children(index, klass) -> set[str] | None:
    """The fields the registration makes children (traced leaves), when it rebuilds by calling
    the class; None for another registration, or none read here."""
    from jitguard.lint.analysis import objects, pytrees
    from jitguard.lint.analysis.callsem import annotated_fields

    registered = pytrees._registered_dataclasses(index.module, index.imports)
    meta, node_class = pytrees._decorator_registration(klass.node, index.imports)
    decorated = any(index.resolve(d.decorator, None) in REGISTER_DATACLASS for d in klass.node.decorators)
    if klass.name in registered or decorated or meta:
        return set(annotated_fields(klass.node, lambda e: index.resolve(e, None))) - objects.own_static_fields(index, klass)
    if node_class:
        return _node_class_children(index, klass)
    return _registered_node_children(index, klass)


def _node_class_children(index, klass) -> set[str] | None:
    """``@register_pytree_node_class``: the ``self.<attr>`` children of ``tree_flatten``, when
    ``tree_unflatten`` returns a call of the class."""
    flatten = klass.methods.get("tree_flatten")
    unflatten = klass.methods.get("tree_unflatten")
    if flatten is None or unflatten is None or not isinstance(unflatten.node, cst.FunctionDef):
        return None
    from jitguard.lint.analysis.instances import own_returns

    returns = own_returns(unflatten.node)
    params = unflatten.node.params.params
    cls = params[0].name.value if params else None
    if len(returns) != 1 or not _calls_class(returns[0].value, klass.name, cls):
        return None
    return _attribute_children(flatten.node)


def _registered_node_children(index, klass) -> set[str] | None:
    """``register_pytree_node(C, lambda obj: ((obj.a, ...), aux), lambda aux, ch: C(*ch))`` at
    module level: the children attributes."""
    from jitguard.lint.analysis import pytrees

    found = None
    for call in pytrees.node_registrations(index.module, index.imports):
        if len(call.args) < 3 or any(a.keyword is not None or a.star for a in call.args[:3]):
            continue
        target, flatten, unflatten = (a.value for a in call.args[:3])
        if not (isinstance(target, cst.Name) and target.value == klass.name):
            continue
        if found is not None or not isinstance(unflatten, cst.Lambda) or not _calls_class(unflatten.body, klass.name):
            return None
        found = _attribute_children(flatten) if isinstance(flatten, cst.Lambda) else None
    return found


def _calls_class(expr, name: str, cls: str | None = None) -> bool:
    return (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name)
            and expr.func.value in {name, cls} - {None})


def _attribute_children(fn) -> set[str] | None:
    """``lambda obj: ((obj.a, obj.b), aux)`` or a ``def tree_flatten(self)`` returning that pair:
    the attribute names of the children tuple; None for another form."""
    from jitguard.lint.analysis.instances import own_returns

    params = fn.params.params
    if not params:
        return None
    this = params[0].name.value
    if isinstance(fn, cst.Lambda):
        value = fn.body
    else:
        returns = own_returns(fn)
        if len(returns) != 1:
            return None
        value = returns[0].value
    if not isinstance(value, cst.Tuple) or len(value.elements) != 2:
        return None
    children = value.elements[0].value
    if not isinstance(children, (cst.Tuple, cst.List)):
        return None
    names = set()
    for e in children.elements:
        v = e.value
        if not (isinstance(v, cst.Attribute) and isinstance(v.value, cst.Name) and v.value.value == this) or isinstance(e, cst.StarredElement):
            return None
        names.add(v.attr.value)
    return names
