"""The class of an attribute an object stores from its constructor's parameter, per value.

Two facts, checked on JAX 0.10.2 (tests/test_recall8b_mechanisms.py runs each one):

* **A transform passes an untransformed argument unchanged.** ``jax.grad(f, argnums=1)(model,
  x)``, ``jax.jit(f, static_argnums=0)(model, x)``: ``f`` receives the very object ``model`` (``is``
  holds), so ``model(x)`` in ``f`` runs ``type(model).__call__`` and ``model.m(x)`` its class's
  ``m``, with the traced ``x`` (:func:`arrival_classes`: the class every call in sight through the
  transform passes at that parameter, ``ModuleIndex.instance_class``).

* **An attribute stored from a constructor's parameter is the object passed there.**
  ``self.mol = mol`` in ``__init__`` (the class's only store of ``mol``): ``Orbital(Mole(...))``
  holds that ``Mole``, and ``self.mol.eval_gto(x)`` in a method runs ``Mole.eval_gto``; another
  instance built with ``MoleAD(...)`` runs ``MoleAD.eval_gto``. The class is a property of each
  value, not of the class ``Orbital``: the classes known for ``self.mol`` in a method are those of
  the values that reach it from traced code (:func:`note_value`, which the walker's calls feed,
  from a construction in sight, a parameter that knows them, or ``self``), never the union of
  every construction in the module (an instance used only eagerly does not count).
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis.memo import PerIndex

_HELD = PerIndex()  # analysis -> {(function, parameter): {attribute: {class name or None (not known)}}}
_ARRIVALS = PerIndex()  # index -> {(function, parameter): [(class or None, {attribute: class name or None})]}
_STORES = PerIndex()  # index -> {class name: {attribute: __init__ parameter}}


def parameter_stores(index, klass) -> dict[str, str]:
    """attribute -> the parameter of ``klass``'s own ``__init__`` that ``self.<attribute> =
    <parameter>`` stores, for the attributes whose only store in the class's methods is that one
    (the parameter never rebound in ``__init__``)."""
    table = _STORES.table(index)
    found = table.get(klass.name)
    if found is not None:
        return found
    from jitguard.lint.analysis.jitcontext import _rebinds

    found = table[klass.name] = {}
    init = klass.methods.get("__init__")
    if init is None or not init.positional or not isinstance(init.node, cst.FunctionDef):
        return found
    me = init.positional[0].name
    for attr, stores in index.attribute_stores(klass).items():
        if len(stores) != 1:
            continue
        info, node, target = stores[0]
        value = getattr(node, "value", None)
        if (info is init and type(node) is cst.Assign and type(target) is cst.Attribute
                and type(target.value) is cst.Name and target.value.value == me and type(value) is cst.Name
                and value.value != me and init.param(value.value) is not None
                and init.param(value.value).kind in ("positional", "kwonly")
                and not _rebinds(init.node.body, value.value)):
            found[attr] = value.value
    return found


def constructed_classes(index, expr: cst.BaseExpression | None, scope) -> dict[str, str | None]:
    """``Orbital(Mole(...))`` (or a name bound once to it): for each attribute the class's
    ``__init__`` stores from a parameter (:func:`parameter_stores`), the name of the class of what
    this construction passes there (None: not known, or left to its default)."""
    if type(expr) is cst.Name:
        expr = index.binding(expr.value, scope)
    if type(expr) is not cst.Call or type(expr.func) is not cst.Name or any(a.star for a in expr.args):
        return {}
    klass = index.classes.get(expr.func.value)
    if klass is None or index.lookup_function(expr.func.value, scope) is not None:
        return {}
    stores = parameter_stores(index, klass)
    if not stores:
        return {}
    init = klass.methods["__init__"]
    names = [p.name for p in init.positional[1:]]
    given = dict(zip(names, (a.value for a in expr.args if a.keyword is None)))
    given.update({a.keyword.value: a.value for a in expr.args if a.keyword is not None})
    out: dict[str, str | None] = {}
    for attr, param in stores.items():
        arg = given.get(param)
        made = index.instance_class(arg, scope) if arg is not None else None
        out[attr] = made.name if made is not None else None
    return out


def value_classes(walker, expr: cst.BaseExpression | None) -> dict[str, set] | None:
    """The classes known for the attributes of the object ``expr`` (in the walked function) is:
    what the calls gave a parameter (``self`` too) never rebound here, or what a construction in
    sight stores; None when nothing is known."""
    if expr is None:
        return None
    info = walker.info
    if type(expr) is cst.Name and info is not None and info.param(expr.value) is not None:
        out: dict[str, set] = {}
        for attr, names in _HELD.table(walker.analysis).get((info, expr.value), {}).items():
            out.setdefault(attr, set()).update(names)
        for _klass, attrs in _arrivals(walker.index).get((info, expr.value), ()):
            for attr, name in attrs.items():
                out.setdefault(attr, set()).add(name)
        if not out:
            return None
        from jitguard.lint.analysis.callsem import bindings_of

        rebound = not isinstance(info.node, cst.FunctionDef) or bindings_of(info.node.body, expr.value) != []
        return None if rebound else out
    found = constructed_classes(walker.index, expr, info)
    return {attr: {name} for attr, name in found.items()} or None


def note_value(walker, callee, name: str, expr: cst.BaseExpression | None) -> bool:
    """A call from traced code gives parameter ``name`` of ``callee`` the object ``expr``: hold the
    classes known for its attributes. True when what the parameter holds changed."""
    found = value_classes(walker, expr)
    if not found:
        return False
    held = _HELD.table(walker.analysis).setdefault((callee, name), {})
    changed = False
    for attr, names in found.items():
        have = held.setdefault(attr, set())
        if not names <= have:
            have |= names
            changed = True
    return changed


def attribute_classes(walker, node: cst.Attribute) -> tuple | None:
    """``self.mol`` in a method (``model.mol`` of a parameter or of a construction in sight): the
    classes of the objects the values reaching this function from traced code store there (every
    one known); None otherwise."""
    owner = node.value
    if type(owner) is not cst.Name or owner.value in walker.index.classes:
        return None
    found = value_classes(walker, owner)
    names = found.get(node.attr.value) if found else None
    if not names or None in names:
        return None
    classes = [walker.index.classes.get(n) for n in sorted(names)]
    return tuple(classes) if all(k is not None for k in classes) else None


def arrival_classes(walker, info, name: str) -> tuple | None:
    """The classes of the objects every call in sight through a transform passes unchanged at
    parameter ``name`` of ``info`` (a static position of jit, a position grad does not
    differentiate), each known; None otherwise."""
    found = _arrivals(walker.index).get((info, name))
    if not found or any(k is None for k, _attrs in found):
        return None
    from jitguard.lint.analysis.callsem import bindings_of

    if not isinstance(info.node, cst.FunctionDef) or bindings_of(info.node.body, name) != []:
        return None
    classes: list = []
    for klass, _attrs in found:
        if klass not in classes:
            classes.append(klass)
    return tuple(classes)


def _arrivals(index) -> dict:
    return _ARRIVALS.of(index, _find_arrivals)


def _find_arrivals(index) -> dict:
    from jitguard.lint.analysis import jaxapi
    from jitguard.lint.analysis.jitcontext import DIFFERENTIATING
    from jitguard.lint.analysis.objects import _jit_call_arguments

    found: dict = {}
    unchanged = jaxapi.JIT_TRANSFORMS | DIFFERENTIATING
    for info, use, scope, _positional, given in _jit_call_arguments(index, transforms=unchanged):
        for param, arg in given.items():
            if param not in use.static_names or param in use.bound_keywords:
                continue
            klass = index.instance_class(arg, scope)
            found.setdefault((info, param), []).append(
                (klass, constructed_classes(index, arg, scope) if klass is not None else {}))
    return found
