"""Values of objects and of comparisons that the walker's per-expression rules do not see.

Three facts, checked on JAX 0.10.2 (tests/test_halfa_values.py runs each one):

* **Instances built in traced code** (``Dropout(rate)`` inside a jitted function, ``rate``
  traced). Python runs ``__init__`` on the values it is given, so ``self.rate = rate`` stores the
  tracer, and a method of that instance reading ``self.rate`` reads a tracer: ``if self.rate ==
  0.0`` raises TracerBoolConversionError. The instance is an ``Object`` value: a record (lattice
  ``fields``) of its attributes' kinds, from a walk of ``__init__`` with the traced arguments
  (:func:`instance_value`). Only for a plain class of the module (no base but ``object`` or other
  such classes, no decorator, no ``__getattr__``/``__setattr__``/``__bool__``/``__len__``), whose
  attributes are all in sight: every other attribute (a class attribute, a method, one set from
  a literal or only outside ``__init__``) is a Python value, as it is at run time; a property is
  its getter's summary on that record. Built with static arguments only, the instance stays
  static. A method called on an object with traced arguments (``acc.set(v)``, and
  ``super().__init__(v)`` in a subclass's ``__init__``) stores in it what it stores in ``self``
  (:func:`method_stores`); ``super().name`` and ``self.name`` find a base's method.

* **Records arriving at a traced position** (``jax.jit(f)(x, Params(window=8, ...))``). Every
  leaf of a jitted function's traced argument is a tracer (a Python ``int`` field too): a
  NamedTuple's fields always, a registered dataclass's data fields (its metadata fields stay
  Python values). ``jnp.zeros((params.window, 3))`` raises TypeError there, as it does for a
  traced int argument (:func:`arriving_fields`). A field given None stays None (an empty
  pytree); a record passed at a static position is static (not a traced parameter at all).

* **Chained comparisons.** ``a < x <= b`` is ``(a < x) and (x <= b)``: Python takes the truth
  value of every comparison but the last, so a traced one raises TracerBoolConversionError
  wherever the chain is (an argument of ``lax.cond``, an assignment), not only in an ``if``
  (:func:`chained_truth_link`).
"""

from __future__ import annotations

import dataclasses

import libcst as cst

from jitguard.lint.analysis import arrays, jaxapi, lattice, walk
from jitguard.lint.analysis.walk import children
from jitguard.lint.analysis.lattice import Origin, Taint
from jitguard.lint.analysis.memo import PerIndex

# -- instances built in traced code ----------------------------------------------------------
# dunder methods that change what an attribute read or the truth value of the instance gives
_DYNAMIC_MEMBERS = frozenset({"__getattr__", "__getattribute__", "__setattr__", "__bool__", "__len__", "__new__",
                              "__init_subclass__", "__class_getitem__"})
_PROPERTY_DECORATORS = frozenset({"property", "functools.cached_property"})
_ATTRIBUTES = PerIndex()  # index -> {class: attrs | None}
_INIT_KINDS = PerIndex()  # analysis -> {key: kinds}


def instance_value(walker, call: cst.Call) -> tuple[Taint | None] | None:
    """``Class(...)`` in traced code, of a plain class of this module with an ``__init__`` (its
    own, or a base's for a subclass without one: Python runs the base's) and some traced
    argument, or in staged code with ``__init__`` storing a value it makes there (``self.n =
    jnp.asarray(n)``): (the instance's value,); None when the call is not one."""
    func = call.func
    if not isinstance(func, cst.Name) or func.value in walker.env or any(a.star for a in call.args):
        return None
    init = walker.index.constructor(func, walker.info)
    klass = walker.index.classes.get(func.value) if init is not None else classmethod_class(walker.index, walker.info,
                                                                                            func.value)
    if init is None and klass is None and walker.index.lookup_function(func.value, walker.info) is None:
        klass = walker.index.classes.get(func.value)  # a subclass without its own __init__: its base's runs
    if init is None and klass is not None:
        init = walker.index.find_method(klass, "__init__")
        klass = klass if init is not None and init.is_method and init.positional else None
    attrs = plain_attributes(walker.index, klass) if klass is not None else None
    if attrs is None:
        return None
    mapped: dict[str, Taint] = {}
    walker._map_arguments(call, init, init.positional[1:], mapped)
    staged = walker.staged is not None and not walker.eager
    if not mapped and not staged:
        return None  # built from static values only, outside staged code: a Python object, as before
    if staged:
        # built in staged code: `__init__` runs in that trace, and the arrays it makes there
        # (`jnp.asarray(2)`, what a jitted helper returns) are tracers too
        walker.analysis.stage(init, walker.info)
    stored = _init_kinds(walker.analysis, init, mapped)
    if not mapped and not any(t is not None for t in stored.values()):
        return None  # nothing traced stored: a Python object, as before
    rebound = rebound_attributes(walker.index, klass)  # another method may rebind them: unknown, not reported
    fields: dict[str, Taint | None] = {name: None if name in rebound else stored.get(name)
                                       for name in sorted(attrs - _getters(klass).keys())}
    value = lattice.record(fields)
    if value is None:
        return (None,)
    getters = _getters(klass)
    if getters:  # a property reads the instance's attributes: its getter's summary on them
        fields.update({name: walker.analysis.summary(getter, {getter.positional[0].name: value})
                       for name, getter in sorted(getters.items())})
        value = lattice.record(fields)
    return (value,)


def classmethod_class(index, scope, name: str):
    """The class ``name`` holds in ``scope``: the first parameter of the classmethod ``scope`` is
    (or is nested in), never rebound there, of a class no class of the module derives from (so
    ``cls(...)`` builds that class, whichever way the classmethod is called); else None."""
    while scope is not None and not (scope.is_classmethod and scope.positional and scope.positional[0].name == name):
        if scope.param(name) is not None or name in index.assigned_names(scope):
            return None
        scope = scope.parent
    if scope is None or scope.cls is None or name in index.assigned_names(scope) or index.has_subclass(scope.cls):
        return None
    return scope.cls


def read_property(walker, node: cst.Attribute, value: Taint | None) -> None:
    """``obj.prop`` in traced code, ``obj`` an instance built there (``Result(res).loss``, or a
    name bound once to one): Python runs the property's getter with ``self`` that instance, in
    this trace, so its body is walked (reporting) with ``self`` that value."""
    if not walker.reporting or not is_instance_value(value):
        return
    from jitguard.lint.analysis import dispatch

    getters = dispatch.getters_of(walker, node)  # the class plain to see, or those a helper's parameter receives
    if getters is not None:
        dispatch.walk_getter(walker, getters, value)


def is_instance_value(taint: Taint | None) -> bool:
    """A value that knows its attributes' kinds (an instance or record built in traced code):
    calling it runs its class's ``__call__``, with ``self`` that value."""
    return taint is not None and taint.fields is not None and not taint.mapping


def plain_attributes(index, klass) -> frozenset[str] | None:
    """Every attribute name an instance of ``klass`` can have, when all are in sight: names of
    its class body (class attributes, methods) and ``self.<name>`` targets of its methods, of it
    and of its bases (``object`` or plain classes of this module). None for any other class."""
    table = _ATTRIBUTES.table(index)
    if klass.name not in table:
        table[klass.name] = None  # (recursion guard: a class deriving from itself)
        table[klass.name] = _plain_attributes(index, klass)
    return table[klass.name]


def _plain_attributes(index, klass) -> frozenset[str] | None:
    node = klass.node
    if node.decorators or _DYNAMIC_MEMBERS & klass.methods.keys():
        return None
    names: set[str] = set(klass.methods)
    for base in node.bases:
        if base.keyword is None and _plain_module_base(index, klass, base.value):
            continue
        if base.keyword is not None or not isinstance(base.value, cst.Name):
            return None
        if base.value.value == "object":
            continue
        parent = index.classes.get(base.value.value)
        inherited = plain_attributes(index, parent) if parent is not None else None
        if inherited is None:
            return None
        names |= inherited
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    for stmt in body:
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Assign):
                names.update(t.target.value for t in small.targets if isinstance(t.target, cst.Name))
            elif isinstance(small, (cst.AnnAssign, cst.AugAssign)) and isinstance(small.target, cst.Name):
                names.add(small.target.value)
    if "__slots__" in names or "__dict__" in names:
        return None
    for method in klass.methods.values():
        found = _self_targets(method)
        if found is None:
            return None
        names |= found
    return frozenset(names)


def _plain_module_base(index, klass, base: cst.BaseExpression) -> bool:
    """``eqx.Module`` as the base of a class with its own ``__init__`` and no field converter:
    ``__init__`` runs on the values given and stores them as they are (a frozen dataclass: no
    other method can rebind a field), so its instances hold attributes as a plain class's do."""
    if index.resolve(base, None) != "equinox.Module" or "__init__" not in klass.methods:
        return False
    body = klass.node.body.body if isinstance(klass.node.body, cst.IndentedBlock) else ()
    return not any(isinstance(small, cst.AnnAssign) and isinstance(small.value, cst.Call)
                   and any(a.keyword is not None and a.keyword.value == "converter" for a in small.value.args)
                   for stmt in body if isinstance(stmt, cst.SimpleStatementLine) for small in stmt.body)


def _self_targets(method) -> set[str] | None:
    """``self.<name>`` assignment targets in a method (None: it sets attributes another way:
    ``setattr``, ``self.__dict__``, ``vars(self)``)."""
    if not method.is_method or not method.positional or not isinstance(method.node, cst.FunctionDef):
        return set()
    owner = method.positional[0].name
    names: set[str] = set()
    stack: list[cst.CSTNode] = [method.node.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in ("setattr", "vars"):
            return None
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == owner:
            if node.attr.value == "__dict__":
                return None
            names.add(node.attr.value)  # read or written: a name the instance may have
        stack.extend(children(node))
    return names


def rebound_attributes(index, klass) -> frozenset[str]:
    """``self.<name>`` targets (assigned, augmented, deleted, a loop or ``with`` target) of the
    methods other than ``__init__`` of ``klass`` and of its plain bases: a call of such a method
    (``self.reset()``) rebinds the attribute after ``__init__`` stored it."""
    names: set[str] = set()
    seen: set[str] = set()
    todo = [klass]
    while todo:
        current = todo.pop()
        if current.name in seen:
            continue
        seen.add(current.name)
        for name, method in current.methods.items():
            if name != "__init__":
                names |= _stored_targets(method)
        todo.extend(index.classes[b.value.value] for b in current.node.bases
                    if isinstance(b.value, cst.Name) and b.value.value in index.classes)
    return frozenset(names)


def _stored_targets(method) -> set[str]:
    """The ``self.<name>`` that a method assigns, augments, deletes or binds in a loop or ``with``."""
    if not method.is_method or not method.positional or not isinstance(method.node, cst.FunctionDef):
        return set()
    return {t.attr.value for t in _own_stores(method)}


def _own_stores(method) -> list[cst.Attribute]:
    """The stored ``<first parameter>.<name>`` targets of a method (:func:`store_targets`)."""
    owner = method.positional[0].name
    return [t for t in store_targets(method.node.body) if isinstance(t.value, cst.Name) and t.value.value == owner]


_SET_ANYWHERE = PerIndex()


def attributes_set_outside_init(index) -> frozenset[str] | None:
    """The attribute names the module stores on some object other than as ``self.<name>`` of an
    ``__init__`` (``r.levels = jnp.asarray(r.levels)`` by a caller, ``self.levels = ...`` in another
    method, ``setattr(obj, "levels", ...)``); None when any attribute may be set that way
    (``setattr`` or ``object.__setattr__`` with a name that is not a literal, ``vars(...)``,
    ``.__dict__``). Memoized per module."""
    return _SET_ANYWHERE.of(index, lambda i: (_attributes_set(i, outside_init=True),))[0]  # (None is a value)


_SET_AT_ALL = PerIndex()


def attributes_set(index) -> frozenset[str] | None:
    """The attribute names the module stores on any object (``self.<name> = ...`` in ``__init__``
    too, ``Klass.<name> = ...``, ``setattr(obj, "<name>", ...)``); None as for
    :func:`attributes_set_outside_init`. Memoized per module."""
    return _SET_AT_ALL.of(index, lambda i: (_attributes_set(i, outside_init=False),))[0]


def _attributes_set(index, outside_init: bool) -> frozenset[str] | None:
    in_init = set()
    for klass in index.classes.values() if outside_init else ():
        init = klass.methods.get("__init__")
        if init is not None and init.is_method and init.positional and isinstance(init.node, cst.FunctionDef):
            in_init |= {id(t) for t in _own_stores(init)}
    names: set[str] = set()
    for node in store_targets(index.module):
        if id(node) not in in_init:
            names.add(node.attr.value)
    # (any order gives the same answer: a set of names, or None when one node says so)
    for node in walk.nodes_of(index.module, _ATTRIBUTES_AND_CALLS):
        if isinstance(node, cst.Attribute) and node.attr.value == "__dict__":
            return None
        if not isinstance(node, cst.Call):
            continue
        func = node.func
        called = func.value if isinstance(func, cst.Name) else func.attr.value if isinstance(func, cst.Attribute) else ""
        if called == "vars":
            return None
        if called in ("setattr", "__setattr__"):
            name = node.args[1].value if len(node.args) > 1 and not node.args[0].star else None
            if not isinstance(name, cst.SimpleString) or not isinstance(name.evaluated_value, str):
                return None
            names.add(name.evaluated_value)
    return frozenset(names)


_TARGET_HOLDERS = frozenset({cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor, cst.Del})
_STORE_HOLDERS = _TARGET_HOLDERS | {cst.Assign, cst.WithItem}
_ATTRIBUTES_AND_CALLS = frozenset({cst.Attribute, cst.Call})


def store_targets(root: cst.CSTNode) -> list[cst.Attribute]:
    """Every ``<expr>.<name>`` under ``root`` that is assigned, augmented, deleted or bound by a
    loop or ``with`` (the holders from the module's shared walk when ``root`` is in it, else by a
    walk; in no promised order: every caller reads them as a set)."""
    found: list[cst.Attribute] = []
    for node in walk.nodes_of(root, _STORE_HOLDERS):  # (the shared walk's, in source order)
        kind = type(node)  # (type tests: none of these has subclasses; isinstance on libcst's ABCs is slow)
        if kind is cst.Assign:
            targets = [t.target for t in node.targets]
        elif kind in _TARGET_HOLDERS:
            targets = [node.target]
        elif kind is cst.WithItem and node.asname is not None:
            targets = [node.asname.name]
        else:
            continue
        while targets:
            target = targets.pop()
            if isinstance(target, (cst.Tuple, cst.List)):
                targets.extend(e.value for e in target.elements)
            elif isinstance(target, cst.StarredElement):
                targets.append(target.value)
            elif isinstance(target, cst.Attribute):
                found.append(target)
    return found


def _getters(klass) -> dict:
    """The class's properties of ``self`` alone: name -> getter."""
    out = {}
    for name, method in klass.methods.items():
        node = method.node
        if (isinstance(node, cst.FunctionDef) and len(node.decorators) == 1 and method.is_method
                and len(method.params) == 1 and isinstance(node.decorators[0].decorator, (cst.Name, cst.Attribute))
                and _decorator_name(node.decorators[0].decorator) in _PROPERTY_DECORATORS):
            out[name] = method
    return out


def _decorator_name(expr: cst.BaseExpression) -> str:
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
        return f"{expr.value.value}.{expr.attr.value}"
    return expr.value if isinstance(expr, cst.Name) else ""


def method_stores(walker, call: cst.Call, method, mapped: dict[str, Taint]) -> None:
    """``acc.set(v)`` in traced code, ``set`` a method of this module storing ``self.value =
    value``: Python runs the method on the object, so it now holds what the method stored, a
    tracer for a traced ``v`` (checked on JAX 0.10.2: ``acc = Acc(); acc.set(m); if acc.value >
    1:`` raises TracerBoolConversionError under jit). Later reads of ``acc.value`` in this body
    get that kind, as after ``acc.value = v`` written here."""
    func = call.func
    if not method.is_method or method.is_classmethod or not isinstance(func, cst.Attribute) or not method.positional:
        return
    owner = _owner_name(walker, func.value)
    if owner is None or owner in walker.index.classes or method.name == "__init__" and owner != _self_name(walker.info):
        # (Class(...) runs __init__ on a new object: instance_value says what it holds;
        # Class.method(obj, v) stores in obj, not in the class)
        return
    self_name = method.positional[0].name
    if not any(name != self_name for name in mapped):
        return  # given no traced value: what it stores is what the object already held
    for attr, taint in sorted(_init_kinds(walker.analysis, method, mapped).items()):
        if taint is not None:
            walker.env[f"{owner}.{attr}"] = taint
            walker.static_attrs.discard(f"{owner}.{attr}")


def _owner_name(walker, owner: cst.BaseExpression) -> str | None:
    """The name of the object a method call runs on: ``acc`` of ``acc.set(v)``; for
    ``super().__init__(v)`` in a method, that method's ``self``."""
    if isinstance(owner, cst.Name):
        return owner.value
    if (isinstance(owner, cst.Call) and isinstance(owner.func, cst.Name) and owner.func.value == "super"
            and not owner.args):
        return _self_name(walker.info)
    return None


def _self_name(info) -> str | None:
    """``self`` of a method (the first parameter), None for any other function."""
    return info.positional[0].name if info is not None and info.is_method and not info.is_classmethod \
        and info.positional else None


def _init_kinds(analysis, init, mapped: dict[str, Taint]) -> dict[str, Taint | None]:
    """What ``__init__`` (or another method) stores in ``self.<name>`` when these parameters
    hold these values: a walk of its body (not reporting; the walker's own ``self.m = m``
    tracking)."""
    from jitguard.lint.analysis.walker import Walker

    table = _INIT_KINDS.table(analysis)
    key = (init, frozenset(mapped.items()), analysis.staged(init) is not None)
    if key in table:
        return table[key] or {}
    table[key] = None  # (recursion guard: an __init__ that builds another instance of its class)
    walker = Walker(analysis, init, report=False, entry=dict(mapped))
    walker.walk()
    prefix = init.positional[0].name + "."
    kinds = {path[len(prefix):]: taint for path, taint in walker.env.items()
             if path.startswith(prefix) and "." not in path[len(prefix):]}
    table[key] = kinds
    return kinds


# -- records arriving at a traced position ---------------------------------------------------
_LEAF_RECORD_BASES = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple", "flax.struct.PyTreeNode",
                                "equinox.Module"})
_LEAF_RECORD_DECORATORS = frozenset({"flax.struct.dataclass", "chex.dataclass", "jax.tree_util.register_dataclass",
                                     "jax.tree.register_dataclass"})
_ARRIVALS = PerIndex()


def arriving_fields(index, info, name: str, taint: Taint) -> lattice.Fields | None:
    """The fields of the record every call in sight passes at traced parameter ``name`` of a
    jitted ``info``, each a tracer (``taint``'s origin) or, for a metadata field or a field
    given None, a Python value; None when no such call is in sight."""
    table = _ARRIVALS.of(index, _arrivals)
    found = table.get((info, name))
    if not found:
        return None
    klass, leaves, filtered = found
    o = taint.origin
    what = ("whose array fields are pytree leaves: tracers there" if filtered else
            "whose data fields are pytree leaves: tracers there, a Python int too")
    origin = Origin(o.name, f"{o.why}; it receives a `{klass}`, {what}", o.function, o.flaglike, o.root, o.captured)
    return tuple((field, Taint(origin) if leaf else None) for field, leaf in leaves)


def arriving_class(index, info, name: str):
    """The class of the record every call in sight through a jit passes at traced parameter
    ``name`` of ``info`` (one class; ``_arrivals``), or None. JAX rebuilds the argument with its
    class's unflatten, so ``obj.method()`` in the trace runs that class's method on it, its data
    fields tracers (rules/JG105_records.py)."""
    found = _ARRIVALS.of(index, _arrivals).get((info, name))
    return index.classes.get(found[0]) if found else None


def _arrivals(index) -> dict:
    """(function, parameter) -> (class, ((field, is a leaf), ...)) for the records passed at traced
    positions of the calls through a jit in sight; a parameter whose calls pass records of
    different classes is left out."""
    from jitguard.lint.analysis.callsem import record_fields

    found: dict = {}
    mixed: set = set()
    for info, use, scope, _positional, given in _jit_call_arguments(index, filtered=True):
        # a filtering jit (eqx.filter_jit) traces the array leaves only: a field is a tracer
        # there when the call shows an array in it, a Python value stays one
        filtered = use.qualname in jaxapi.PYTHON_STATIC_JITS
        for param, arg in given.items():
            if param in use.static_names or param in use.bound_keywords:
                continue
            leaves = _record_leaves(index, arg, scope, record_fields, filtered)
            if leaves is None:
                continue
            klass, leaves = leaves
            key = (info, param)
            if key in found and found[key][0] != klass:
                mixed.add(key)
            # a field traced in one call is a tracer in that call's trace
            old = dict(found[key][1]) if key in found else {}
            found[key] = (klass, tuple((f, leaf or old.get(f, False)) for f, leaf in leaves), filtered)
    return {key: value for key, value in found.items() if key not in mixed}


_MASKS = PerIndex()
_BOOLEAN_FUNCTIONS = frozenset(f"{m}.{f}" for m in ("jax.numpy", "numpy") for f in (
    "isnan", "isfinite", "isinf", "logical_and", "logical_or", "logical_not", "logical_xor", "isclose", "signbit"))
_ARRAY_MAKERS = frozenset({"jax.numpy.array", "jax.numpy.asarray", "numpy.array", "numpy.asarray"})


def arriving_mask(index, info, name: str, taint: Taint) -> Taint | None:
    """``taint`` marked boolean when every call in sight (at least one) through a jit of ``info``
    passes a boolean array at traced parameter ``name``: a comparison, ``~``/``&``/``|`` of ones,
    ``jnp.isnan(...)``-like calls, ``jnp.array([True, ...])``/``dtype=bool``, or a name bound once
    to one. None otherwise."""
    table = _MASKS.of(index, _masks)
    if not table.get((info, name)):
        return None
    o = taint.origin
    origin = Origin(o.name, f"{o.why}; every call passes a boolean array there", o.function, o.flaglike, o.root,
                    o.captured)
    return dataclasses.replace(taint, origin=origin, boolean=True)


def _masks(index) -> dict:
    from jitguard.lint.analysis.traceable import bound_value

    found: dict = {}
    for info, use, scope, positional, given in _jit_call_arguments(index):
        for p in positional + [q for q in info.params if q not in positional]:
            if p.name in use.static_names or p.name in use.bound_keywords:
                continue
            arg = given.get(p.name)
            ok = arg is not None and _boolean_array(index, arg, scope, bound_value, 2)
            found[(info, p.name)] = found.get((info, p.name), True) and ok
    return found


def _jit_call_arguments(index, filtered: bool = False, transforms: frozenset | None = None):
    """(function, jit use, calling scope, positional parameters as the jit sees them, {parameter:
    argument}) for every call in sight through a plain jit (``filtered``: or an ``eqx.filter_jit``;
    ``transforms``: through these instead) of a function of this module (not a remote one, with
    known static arguments, not bound to an instance)."""
    jits = jaxapi.JIT_TRANSFORMS | jaxapi.PYTHON_STATIC_JITS if filtered else jaxapi.JIT_TRANSFORMS
    jits = transforms if transforms is not None else jits
    uses = [u for u in index.jit_uses if u[1].qualname in jits and not (
        u[1].remote or u[1].static_unknown or u[1].bound_self)]
    calls = _resolved_calls(index) if uses else []
    for info, use, site in uses:
        positional = index._positional(info, use)[use.bound_positional:]
        for call, scope in _calls_through(calls, info, use, site):
            plain = [a for a in call.args if a.keyword is None]
            given = {p.name: a.value for p, a in zip(positional, plain)}
            given.update({a.keyword.value: a.value for a in call.args if a.keyword is not None})
            yield info, use, scope, positional, given


def _boolean_array(index, expr, scope, bound_value, depth: int) -> bool:
    if isinstance(expr, cst.Comparison):
        return True
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.BitInvert):
        return _boolean_array(index, expr.expression, scope, bound_value, depth)
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.BitAnd, cst.BitOr, cst.BitXor)):
        return all(_boolean_array(index, e, scope, bound_value, depth) for e in (expr.left, expr.right))
    if isinstance(expr, cst.Call):
        name = index.resolve(expr.func, scope) or ""
        if name in _BOOLEAN_FUNCTIONS:
            return True
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "astype" and expr.args:
            return _bool_dtype(index, expr.args[0].value, scope)  # (x * 0 + 1).astype(bool)
        if name in _ARRAY_MAKERS and expr.args and expr.args[0].keyword is None:
            dtype = next((a.value for a in expr.args if a.keyword is not None and a.keyword.value == "dtype"),
                         expr.args[1].value if len(expr.args) > 1 and expr.args[1].keyword is None else None)
            if dtype is not None:
                return _bool_dtype(index, dtype, scope)
            first = expr.args[0].value
            return (isinstance(first, (cst.List, cst.Tuple)) and bool(first.elements) and all(
                isinstance(e.value, cst.Name) and e.value.value in ("True", "False") for e in first.elements))
        return False
    if isinstance(expr, cst.Name) and depth > 0:
        bound = bound_value(expr.value, index, scope)
        return bound is not None and _boolean_array(index, bound, scope, bound_value, depth - 1)
    return False


def _bool_dtype(index, dtype: cst.BaseExpression, scope) -> bool:
    """``bool``, ``jnp.bool_``, ``np.bool_`` or ``"bool"``."""
    if isinstance(dtype, cst.SimpleString):
        return dtype.evaluated_value == "bool"
    return (isinstance(dtype, cst.Name) and dtype.value == "bool") or (
        index.resolve(dtype, scope) or "") in ("jax.numpy.bool_", "numpy.bool_")


def _resolved_calls(index) -> list[tuple[cst.Call, object, tuple | None]]:
    """The module's calls without ``*args``/``**kw``, each with what a plain name it calls
    resolves to (``index.resolve_function``; None for other callees)."""
    out = []
    for call, scope, _klass, _loops in index.calls:
        if not any(a.star for a in call.args):
            named = isinstance(call.func, cst.Name)
            out.append((call, scope, index.resolve_function(call.func, scope) if named else None))
    return out


def _calls_through(calls, info, use, site) -> list[tuple[cst.Call, object]]:
    """The calls in sight that run ``info`` through ``use``: ``jax.jit(f)(...)``, ``g(...)`` with
    ``g = jax.jit(f)``, ``f(...)`` with ``f`` decorated by it."""
    decorated = isinstance(info.node, cst.FunctionDef) and any(d.decorator is site for d in info.node.decorators)
    out = []
    for call, scope, resolved in calls:
        if call.func is site or (resolved is not None and resolved[0] is info
                                 and (resolved[1] is use or (decorated and resolved[1] is None))):
            out.append((call, scope))
    return out


def _record_leaves(index, arg: cst.BaseExpression, scope, record_fields, filtered: bool = False) -> tuple | None:
    """``Params(...)`` (or a name bound once to it), a NamedTuple, registered dataclass or
    ``eqx.Module`` of this module with the generated ``__init__``: (its class's name, ((field, is a
    traced leaf), ...)) — metadata fields and fields given None are not leaves (``filtered``: only
    fields given an array the source shows are); None when ``arg`` is not one."""
    if isinstance(arg, cst.Name):
        arg = index.binding(arg.value, scope)
    if not isinstance(arg, cst.Call) or not isinstance(arg.func, cst.Name) or any(a.star for a in arg.args):
        return None
    klass = index.classes.get(arg.func.value)
    if klass is None or not _leaf_record(index, klass) or {"__bool__", "__len__"} & klass.methods.keys():
        return None  # (a record's truth value is static only without them)
    names = record_fields(klass, lambda e: index.resolve(e, None))
    if not names:
        return None
    given = {n: a.value for n, a in zip(names, [a for a in arg.args if a.keyword is None])}
    given.update({a.keyword.value: a.value for a in arg.args if a.keyword is not None})
    static = own_static_fields(index, klass)  # this class's declarations only, not a same-named field elsewhere
    if filtered:
        return klass.name, tuple((n, n not in static and n in given and arrays.array_kind(given[n], index, scope) is not None)
                                 for n in names)
    return klass.name, tuple((n, n not in static and _leaf_value(given[n] if n in given else _default(index, klass, n)))
                             for n in names)


def own_static_fields(index, klass) -> set[str]:
    """The metadata fields the class itself declares: ``field(static=True)`` and its kin,
    ``register_dataclass(..., meta_fields=...)`` on it (decorator or module-level call)."""
    from jitguard.lint.analysis import pytrees

    registered = pytrees._registered_dataclasses(index.module, index.imports).get(klass.name, ())
    return set(klass.static_fields) | pytrees._class_metadata(klass.node, index.imports) | set(registered)


def _leaf_value(value) -> bool:
    """A field's value is a tracer in the trace: not None, not a string, not an unknown default."""
    return value is not _UNKNOWN and not none_or_text(value)


def _leaf_record(index, klass) -> bool:
    """A class whose every field JAX flattens to a leaf (less its metadata): a NamedTuple, a
    flax struct, a chex or ``register_dataclass`` dataclass."""
    node = klass.node
    bases = {index.resolve(b.value, None) for b in node.bases}
    decorators = set()
    for dec in node.decorators:
        expr = dec.decorator
        if isinstance(expr, cst.Call) and index.resolve(expr.func, None) == "functools.partial" and expr.args:
            expr = expr.args[0].value  # @partial(jax.tree_util.register_dataclass, data_fields=...)
        decorators.add(index.resolve(expr.func if isinstance(expr, cst.Call) else expr, None))
    if bases & _LEAF_RECORD_BASES or decorators & _LEAF_RECORD_DECORATORS:
        return True
    # registered by a module-level call, `jax.tree_util.register_dataclass(Cls, data_fields=[...],
    # meta_fields=[...])`: its data fields are leaves as the decorator's are (JAX 0.10.2)
    from jitguard.lint.analysis import pytrees

    return klass.name in pytrees._registered_dataclasses(index.module, index.imports)


_UNKNOWN = object()  # a default the linter does not read (``default_factory``): not reported
_FIELD_FUNCTIONS = frozenset({"field", "static_field"})  # dataclasses.field, flax.struct.field, chex, equinox


def _default(index, klass, name: str):
    """The class-level default of field ``name`` (None: no default): ``x: T = value`` or
    ``field(default=value)``; ``_UNKNOWN`` for ``field(default_factory=...)``."""
    for stmt in klass.node.body.body if isinstance(klass.node.body, cst.IndentedBlock) else ():
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name) and small.target.value == name:
                return _field_default(index, small.value)
    return None


def _field_default(index, value):
    if not isinstance(value, cst.Call):
        return value
    resolved = index.resolve(value.func, None) or (value.func.value if isinstance(value.func, cst.Name) else "")
    if resolved.rsplit(".", 1)[-1] not in _FIELD_FUNCTIONS:
        return value
    keywords = {a.keyword.value: a.value for a in value.args if a.keyword is not None}
    if "default" in keywords:
        return keywords["default"]
    return _UNKNOWN if "default_factory" in keywords or any(a.star for a in value.args) else None


def none_or_text(value: cst.BaseExpression | None) -> bool:
    """None (an empty pytree: it stays None) or a string (not a JAX type: JAX raises at the call)."""
    return (isinstance(value, cst.Name) and value.value == "None") or isinstance(
        value, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString))


# -- chained comparisons ---------------------------------------------------------------------
def chained_truth_link(node: cst.Comparison, taint_of) -> tuple[cst.BaseExpression, cst.ComparisonTarget, Taint] | None:
    """``a < x <= b``: the first comparison but the last whose value is a traced array (Python
    takes its truth value to go on), as (its left operand, its operator and right operand, its
    value); None when there is none."""
    exprs = [node.left, *(c.comparator for c in node.comparisons)]
    for i, comp in enumerate(node.comparisons[:-1]):
        pair = (exprs[i], exprs[i + 1])
        if _static_comparison(comp.operator, pair):
            continue
        value = lattice.comparison(taint_of(e) for e in pair)
        if lattice.is_array(value):
            return exprs[i], comp, value
    return None


def _static_comparison(op: cst.BaseCompOp, pair: tuple) -> bool:
    """A comparison that is a Python bool whatever its operands are (as the walker's
    ``ev_Comparison`` reads it): identity, membership, ``==`` with a string, None or ``()``."""
    if isinstance(op, (cst.Is, cst.IsNot, cst.In, cst.NotIn)):
        return True
    if not isinstance(op, (cst.Equal, cst.NotEqual)):
        return False
    return any(isinstance(e, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString))
               or (isinstance(e, cst.Name) and e.value == "None")
               or (isinstance(e, (cst.Tuple, cst.List)) and not e.elements) for e in pair)
