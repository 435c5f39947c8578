"""What Python runs on the objects traced code holds: methods, properties and sort keys.

Three facts, checked on JAX 0.10.2 (rules/JG101_dispatch.py and rules/JG103_dispatch.py run
each under ``jax.jit``):

* **A helper's parameter holds what its callers pass.** ``def loss(u, prior): v =
  prior.value_for(u)`` called from traced code as ``loss(u, PRIOR)``, ``PRIOR = Prior(0.0, 2.0)``
  a module-level instance: Python looks ``value_for`` up on the class of the object passed, and
  runs it with the traced ``u`` in the caller's trace; ``if not (self.lo <= v <= self.hi)`` there
  raises TracerBoolConversionError. The classes a parameter receives are those the calls made
  from traced code pass (:func:`note_call`: an argument whose class is plain to see,
  ``ModuleIndex.instance_class``, or a parameter of the caller that knows its classes); with
  several classes each one's method runs in some trace, so each is walked. Known only for a
  function that the module calls by name alone (never passed as a value, jitted itself, or
  called from another file: :func:`_dispatchable`), and only while every such call passes an
  instance of a known class. ``self`` of a method is such a parameter too: an inherited method
  run on a subclass instance (``StiffSpring(q).response(t)`` running ``Spring.response``) calls
  the subclass's override in ``self.damping()`` (:func:`self_methods`); where a class is not
  known, ``self.m()`` is the enclosing class's method, as before.

* **A property runs its getter on the instance.** ``out.converged`` with ``out`` a NamedTuple or
  dataclass built in traced code (``Output(errors, cost)`` where ``errors`` is traced), or an
  instance a helper receives (``solve(prob)`` with ``prob = Problem(cost, tau=tau)``): the
  getter's ``self`` is that record, so ``not jnp.any(jnp.isnan(self.errors))`` takes the truth
  value of a tracer in the getter's body, which is walked (reporting) with ``self`` that value
  (:func:`property_value`, :func:`walk_getter`). A getter reading only Python values (a static
  field, a shape) gives a Python value.

* **Sort keys are compared in Python.** ``sorted(xs, key=f)``, ``min(xs, key=f)``, ``max(...)``
  call ``f`` on each element and compare the results with ``<``; with two elements or more every
  element is compared, so a key that returns a tracer for one of them (``lambda g: g.z`` over
  objects one of which holds a traced ``z``) raises TracerBoolConversionError at the call
  (:func:`key_result`). A key returning Python numbers (static attributes, ``len``) compares them
  in Python, which is fine.
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import lattice, storedclasses, walk
from jitguard.lint.analysis.lattice import Taint
from jitguard.lint.analysis.memo import PerIndex

_PASSED = PerIndex()  # analysis -> {(function, parameter): {class name or None (not known)}}
_ESCAPED = PerIndex()  # index -> names used other than as the function of a call
_VALUES = PerIndex()  # analysis -> {(function, its parameters' values, ...): what it returns}
SEEDED = PerIndex()  # index -> {function: True} for functions another file's traced calls reach
KEYED_BUILTINS = frozenset({"sorted", "min", "max"})


# -- the classes a parameter receives ---------------------------------------------------------
def note_call(walker, call: cst.Call, callee, params: list, owner=None, receiver=None) -> None:
    """Traced code makes ``call`` of ``callee`` (``params``: the positional parameters its
    positional arguments fill; ``owner``: for a method, the classes of the object it runs on, or
    None; ``receiver``: that object, ``obj`` of ``obj.m(...)`` by default): remember the class of
    what it passes to each parameter (None: not known) and the classes known for that object's
    attributes (``storedclasses``), and walk ``callee`` again when what a parameter is known to
    receive changes."""
    star = any(a.star for a in call.args)
    given = {} if star else dict(zip((p.name for p in params), (a.value for a in call.args if a.keyword is None)))
    given.update({a.keyword.value: a.value for a in call.args if a.keyword is not None})
    if receiver is None and type(call.func) is cst.Attribute:
        receiver = call.func.value
    changed = False
    for p in callee.params:
        if p.kind not in ("positional", "kwonly"):
            continue
        if callee.is_method and p is callee.params[0]:
            found = owner if not callee.is_classmethod else None
            arg = receiver if not callee.is_classmethod else None
        else:
            arg = given.get(p.name)
            found = None if arg is None else classes_of(walker, arg)
        changed = storedclasses.note_value(walker, callee, p.name, arg) or changed
        changed = _hold(walker, callee, p.name, found) or changed
    if changed and walker.reporting:
        walker.analysis.schedule(callee)


def _hold(walker, callee, name: str, found: tuple | None) -> bool:
    """One more call gives parameter ``name`` of ``callee`` an instance of one of ``found`` (None:
    not known). True when what it is known to receive changed."""
    names = {k.name for k in found} if found else {None}
    held = _PASSED.table(walker.analysis).setdefault((callee, name), set())
    if names <= held:
        return False
    changed = None not in held  # (once not known, it stays not known)
    held |= names
    return changed


def owner_classes(walker, func: cst.BaseExpression) -> tuple | None:
    """The classes of the object a method call ``func`` (``obj.method``) runs on: ``self`` (or
    ``super()``) of the walked method, those its calls give it; another object's, as
    :func:`classes_of` finds them."""
    if type(func) is not cst.Attribute:
        return None
    owner = func.value
    if type(owner) is cst.Call and type(owner.func) is cst.Name and owner.func.value == "super" and not owner.args:
        return self_classes(walker)
    if type(owner) is cst.Name and owner.value == _self_name(walker.info):
        return self_classes(walker)
    return classes_of(walker, owner)


def _self_name(info) -> str | None:
    return info.positional[0].name if info.is_method and not info.is_classmethod and info.positional else None


def self_classes(walker) -> tuple | None:
    """The classes of the objects the walked method runs on, from every call of it made from
    traced code (a subclass instance runs an inherited method: ``self.other()`` there runs the
    subclass's override); None when one is not known."""
    name = _self_name(walker.info)
    return _held_classes(walker, walker.info, name) if name is not None else None


def classes_of(walker, expr: cst.BaseExpression, depth: int = 0) -> tuple | None:
    """The classes of the module ``expr`` (in the walked function) is an instance of: one when
    it is plain to see, those its callers pass for a parameter; None when not known."""
    klass = walker.index.instance_class(expr, walker.info)
    if klass is not None:
        return (klass,)
    if type(expr) is cst.Name:
        replaced = replaced_instance(walker, walker.index.binding(expr.value, walker.info))
        if replaced is None or depth > 4 or type(replaced) is cst.Name and replaced.value == expr.value:
            # (``state = dataclasses.replace(state, ...)`` of a parameter: the parameter's classes)
            return param_classes(walker, expr.value) or captured_classes(walker, expr.value)
        return classes_of(walker, replaced, depth + 1)
    return None


def captured_classes(walker, name: str) -> tuple | None:
    """``field.sample(x, t)`` in a function nested in ``def track(field, x0): @jax.jit def run(...)``:
    ``field`` is a parameter of an enclosing plain function (module level, undecorated, not a
    method, never rebinding it, never used as a value), which the nested function reads as a
    closure cell: it holds the very object each call of that function passes. The class every
    call of the module (at least one, none starred) passes there, when that is plain to see
    (``ModuleIndex.instance_class``) and one class for all; None otherwise. Python runs that
    class's methods on the object, in the trace of the nested function when it is traced
    (rules/JG104_captured_instances.py, JAX 0.10.2)."""
    return _captured(walker, name, lambda index, arg, caller: index.instance_class(arg, caller))


def _captured(walker, name: str, read, many: bool = False) -> tuple | None:
    from jitguard.lint.analysis.callsem import _argument, bindings_of

    owner = walker._param_owner(name) if walker.info is not None else None
    index = walker.index
    if owner is None or owner is walker.info or owner.parent is not None or owner.is_method \
            or not isinstance(owner.node, cst.FunctionDef) or owner.node.decorators \
            or bindings_of(owner.node.body, name) != [] or owner.name in escaped_names(index)[0]:
        return None
    param = owner.param(name)
    if param is None or param.kind not in ("positional", "kwonly"):
        return None
    found: dict[int, object] = {}
    for call, caller, _k, _l in index.calls:
        target = index.resolve_function(call.func, caller) if type(call.func) in (cst.Name, cst.Attribute) else None
        if target is None or target[0] is not owner:
            continue
        if target[1] is not None or target[2] or any(a.star for a in call.args):
            return None
        arg = _argument(call, owner, name)
        value = read(index, arg, caller) if arg is not None else None
        if value is None:
            return None
        found[id(value[0]) if type(value) is tuple else id(value)] = value
    return tuple(found.values()) if len(found) == 1 or (many and found) else None


def captured_bound_methods(walker, name: str) -> tuple | None:
    """``sample(x, t)`` in a function nested in ``def track(sample, x0)``, every call of which
    passes a bound method ``obj.method`` (``Field(ts).sample``, ``field.sample``) of a class of the
    module that is plain to see, the method found on that class: each (method, the receiver's
    class) the calls pass. Calling the cell runs that method on that object (``self`` bound);
    None when one call passes something else."""
    def read(index, arg, caller):
        if type(arg) is not cst.Attribute:
            return None
        klass = index.instance_class(arg.value, caller)
        method = index.find_method(klass, arg.attr.value) if klass is not None else None
        if method is None or not method.is_method or method.is_classmethod or not isinstance(method.node, cst.FunctionDef) \
                or method.node.decorators or index.has_subclass(klass):
            return None
        return (method, klass)
    return _captured(walker, name, read, many=True)


def replaced_instance(walker, expr: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """``obj`` of ``dataclasses.replace(obj, ...)``, which builds an instance of ``obj``'s class;
    None when ``expr`` is not such a call."""
    if type(expr) is cst.Call and expr.args and not expr.args[0].star and expr.args[0].keyword is None \
            and walker.index.resolve(expr.func, walker.info) == "dataclasses.replace":
        return expr.args[0].value
    return None


def param_classes(walker, name: str) -> tuple | None:
    """The classes parameter ``name`` of the walked function receives from every call made from
    traced code (never rebound in its body); None when one of them passes something else."""
    info = walker.info
    param = info.param(name)
    if param is None or param.kind not in ("positional", "kwonly") or name == _self_name(info):
        return None  # (self: self_classes)
    return (_held_classes(walker, info, name) or _arriving_class(walker, info, name)
            or storedclasses.arrival_classes(walker, info, name))


def _arriving_class(walker, info, name: str) -> tuple | None:
    """The record class the calls through a jit of ``info`` pass at its traced parameter ``name``
    (``objects.arriving_class``), when the body never rebinds it: JAX's unflatten rebuilds an
    instance of that class, whose methods run in the trace."""
    from jitguard.lint.analysis import objects
    from jitguard.lint.analysis.callsem import bindings_of

    klass = objects.arriving_class(walker.index, info, name) if isinstance(info.node, cst.FunctionDef) else None
    if klass is None or bindings_of(info.node.body, name) != []:
        return None
    return (klass,)


def _held_classes(walker, info, name: str) -> tuple | None:
    if not isinstance(info.node, cst.FunctionDef):
        return None
    held = _PASSED.table(walker.analysis).get((info, name))
    if not held or None in held or not _dispatchable(walker, info):
        return None
    from jitguard.lint.analysis.callsem import bindings_of

    if bindings_of(info.node.body, name) != []:
        return None
    classes = [walker.index.classes.get(n) for n in sorted(held)]
    return tuple(classes) if all(k is not None for k in classes) else None


def _dispatchable(walker, info) -> bool:
    """Every trace of ``info`` is a call by name that the walker maps: not jitted or staged by a
    transform itself, not reached from another file, never used as a value (passed to a
    transform, a ``partial``, stored; a method read as an attribute but not called), not a
    dunder method that Python calls itself, nor a property."""
    index = walker.index
    if info.name.startswith("__") or index.traces.of(info).contexts or SEEDED.table(index).get(info):
        return False
    if any(fn is info for fn, _use, _site in index.jit_uses):
        return False
    names, attributes = escaped_names(index)
    if info.cls is not None:
        return info.name not in attributes and info.name not in names
    return info.name not in names


def escaped_names(index) -> tuple[frozenset[str], frozenset[str]]:
    """``_escaped_names``, once per module."""
    return _ESCAPED.of(index, _escaped_names)


def _escaped_names(index) -> tuple[frozenset[str], frozenset[str]]:
    """The names the module uses as a value: ``Name`` nodes that are not the function of a call
    (nor the name of a ``def``), and attribute names read but not called."""
    called = {id(call.func) for call, _scope, _klass, _loops in index.calls}
    record = walk.shared(index.module)
    if record is not None:
        return _escaped_from_record(index.module, record, called)
    names: set[str] = set()
    attributes: set[str] = set()
    stack: list[cst.CSTNode] = [index.module]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.FunctionDef:
            stack.extend(_def_children(node))
        elif kind is cst.Attribute:
            if id(node) not in called:
                attributes.add(node.attr.value)
            stack.append(node.value)
        elif kind is cst.Name:
            if id(node) not in called:
                names.add(node.value)
        else:
            stack.extend(_children(node))
    return frozenset(names), frozenset(attributes)


_NAMES_AND_ATTRIBUTES = frozenset({cst.Name, cst.Attribute})


def _escaped_from_record(module: cst.Module, record, called: set[int]) -> tuple[frozenset[str], frozenset[str]]:
    """:func:`_escaped_names` read from the module's shared walk (walk.ModuleNodes: the same nodes
    as the walk by ``children``) instead of walking it again: the ``Name`` and ``Attribute`` nodes
    that walk reaches, that is all of them but a def's parts it does not enter (its name, its type
    parameters: what :func:`_def_children` leaves out, with their subtrees) and an attribute's
    name. The answer is a pair of sets, so the order of the nodes does not matter."""
    nodes, ends = record.nodes, record.ends
    skipped: set[int] = set()  # positions the walk does not reach
    for j in record.positions(module, frozenset({cst.FunctionDef})):
        entered = {id(part) for part in _def_children(nodes[j])}
        for part in walk.children(nodes[j]):
            if id(part) not in entered:
                k = record.position(part, j)
                if k is not None:
                    skipped.update(range(k, ends[k]))
    names: set[str] = set()
    attributes: set[str] = set()
    attr_names: set[int] = set()
    found = [nodes[j] for j in record.positions(module, _NAMES_AND_ATTRIBUTES) if j not in skipped]
    Attribute = cst.Attribute
    for node in found:
        if type(node) is Attribute:
            attr_names.add(id(node.attr))
            if id(node) not in called:
                attributes.add(node.attr.value)
    for node in found:
        if type(node) is not Attribute and id(node) not in called and id(node) not in attr_names:
            names.add(node.value)
    return frozenset(names), frozenset(attributes)


def _def_children(node: cst.FunctionDef):
    """A def's parts but its own name."""
    return [*node.decorators, node.params, *([node.returns] if node.returns is not None else []), node.body]


def _children(node: cst.CSTNode):
    from jitguard.lint.analysis.walk import children

    return children(node)


# -- methods of a parameter's classes ---------------------------------------------------------
def dispatched_methods(walker, call: cst.Call) -> tuple | None:
    """``obj.method(...)`` where ``obj`` is a parameter of the walked function that knows its
    classes: each class's method runs with these arguments (``self`` the object's value when it
    is traced). (The method whose result is traced if one's is, the parameters it maps); None
    when the call is not one."""
    func = call.func
    if type(func) is cst.Attribute and type(func.value) is cst.Attribute:
        classes = storedclasses.attribute_classes(walker, func.value)  # self.mol.eval_gto(x): per value
        return _run_methods(walker, call, classes) if classes else None
    if type(func) is not cst.Attribute or type(func.value) is not cst.Name or func.value.value in walker.index.classes:
        return None
    classes = param_classes(walker, func.value.value) or captured_classes(walker, func.value.value)
    if not classes:  # new = dataclasses.replace(params, ...): an instance of the parameter's class
        replaced = replaced_instance(walker, walker.index.binding(func.value.value, walker.info))
        classes = classes_of(walker, replaced) if replaced is not None else None
    return _run_methods(walker, call, classes) if classes else None


def called_instances(walker, call: cst.Call) -> tuple | None:
    """``model(x)`` where ``model`` is a parameter of the walked function that knows its classes:
    Python runs ``type(model).__call__(model, x)``, each class's ``__call__`` (its own or a
    base's) with these arguments; None when the call is not one."""
    func = call.func
    if type(func) is not cst.Name or func.value in walker.index.classes:
        return None
    classes = param_classes(walker, func.value)
    if not classes:  # sample(x) with `sample` a captured cell holding a bound method (captured_bound_methods)
        first = None
        for method, klass in captured_bound_methods(walker, func.value) or ():
            ran = _run_methods(walker, call, (klass,), method.name)
            first = first or ran
        return first
    return _run_methods(walker, call, classes, "__call__")


def self_methods(walker, call: cst.Call) -> tuple | None:
    """``self.method(...)`` in a method whose calls from traced code all run it on instances of
    known classes: each class's own ``method`` (an override in a subclass), when one differs
    from the enclosing class's (which the index resolves to); None otherwise."""
    func = call.func
    if type(func) is not cst.Attribute or type(func.value) is not cst.Name or walker.info.cls is None \
            or func.value.value != _self_name(walker.info):
        return None
    classes = self_classes(walker)
    if not classes:
        return None
    own = walker.index.find_method(walker.info.cls, func.attr.value)
    if all(walker.index.find_method(k, func.attr.value) is own for k in classes):
        return None  # the method the enclosing class has: as the index resolves it
    return _run_methods(walker, call, classes)


def _run_methods(walker, call: cst.Call, classes: tuple, dunder: str | None = None) -> tuple | None:
    """``obj.name(...)`` (``dunder``: ``obj(...)``, which runs that method) on an object of one
    of ``classes``: each class's method walked with these arguments."""
    func = call.func
    name, receiver = (dunder, func) if dunder is not None else (func.attr.value, func.value)
    methods = []
    for klass in classes:
        method = walker.index.find_method(klass, name)
        if method is None or not method.is_method or method.is_classmethod or not method.positional \
                or _getter(walker.index, klass, name) is not None or method.name.startswith("__") and dunder is None:
            return None
        methods.append((klass, method))
    owner = walker.taints.get(receiver)
    chosen = None
    for klass, method in methods:
        mapped: dict[str, Taint] = {} if owner is None else {method.positional[0].name: owner}
        walker._map_arguments(call, method, method.positional[1:], mapped)
        note_call(walker, call, method, method.positional[1:], (klass,), receiver)
        if mapped and walker.reporting:
            walker.analysis.propagate(method, mapped, walker.info)
        walker.analysis.called(method)
        result = walker._local_call(call, method, mapped)
        if chosen is None or (chosen[2] is None and result is not None):
            chosen = (method, mapped, result)
    return chosen[:2]


# -- properties ---------------------------------------------------------------------------------
def _getter(index, klass, attr: str):
    """The getter of property ``attr`` of ``klass`` (its own or a base's), or None."""
    from jitguard.lint.analysis.objects import _getters

    method = index.find_method(klass, attr)
    if method is None or method.cls is None:
        return None
    return _getters(method.cls).get(attr)


def getters_of(walker, node: cst.Attribute) -> list | None:
    """The getters ``node`` (``obj.prop``) runs: the property of every class ``obj`` may be an
    instance of; None when a class is not known or has no such property."""
    classes = classes_of(walker, node.value)
    if not classes:
        return None
    getters = [_getter(walker.index, klass, node.attr.value) for klass in classes]
    return getters if all(g is not None for g in getters) else None


def walk_getter(walker, getters: list, value: Taint) -> None:
    """Python runs each getter with ``self`` that value, in this trace: walk it (reporting)."""
    for getter in getters:
        if walker.staged is not None:
            walker.analysis.stage(getter, walker.info)
        if walker.reporting:
            walker.analysis.propagate(getter, {getter.positional[0].name: value}, walker.info)


def property_value(walker, node: cst.Attribute, value: Taint | None) -> tuple[Taint | None] | None:
    """``obj.prop`` of a record or instance that knows its fields' kinds, ``prop`` a property of
    its class (not a field): (what the getter returns for that value,), its body walked; None
    when the read is not one."""
    if value is None or value.fields is None or value.mapping:
        return None
    getters = getters_of(walker, node)
    if getters is None:
        return None
    walk_getter(walker, getters, value)
    return (lattice.join(*(getter_value(walker.analysis, g, value) for g in getters)),)


def getter_value(analysis, getter, value: Taint) -> Taint | None:
    """What ``getter`` returns with ``self`` holding ``value``."""
    return returned(analysis, getter, {getter.positional[0].name: value})


def returned(analysis, fn, entry: dict, closure: dict | None = None, kind: str | None = None) -> Taint | None:
    """What ``fn`` returns when its parameters hold ``entry`` (a walk of its body, not reporting,
    memoized by those values themselves: records of one class with different fields, or two
    elements of a list, give different results; ``Analysis.summary`` keys on the names only)."""
    from jitguard.lint.analysis.walker import Walker

    table = _VALUES.table(analysis)
    key = (fn, frozenset(entry.items()), None if closure is None else frozenset(closure.items()), kind)
    if key not in table:
        table[key] = None  # (recursion guard: a property reading itself)
        walker = Walker(analysis, fn, report=False, entry=dict(entry), closure=closure, kind=kind)
        walker.walk()
        table[key] = next((t for t in walker.returns if t is not None), None)
    return table[key]


# -- sort keys ----------------------------------------------------------------------------------
def key_result(walker, call: cst.Call, name: str | None) -> Taint | None:
    """``sorted(xs, key=f)`` / ``min`` / ``max`` of two elements or more: what ``f`` returns for
    one of the elements (a traced array: Python compares tracers), its body walked with each.
    None when not known or static for all."""
    key = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "key"), None)
    plain = [a for a in call.args if a.keyword is None]
    if name not in KEYED_BUILTINS or key is None or not plain or any(a.star for a in plain):
        return None
    elements = _compared_elements(walker, plain)
    if elements is None:
        return None
    if type(key) is cst.Call:
        return lattice.join(*(_attrgetter_value(walker, key, e) for e in elements))
    fn = _key_function(walker, key)
    if fn is None:
        return None
    closure = _closure_of(walker, fn)
    results = []
    for element in elements:
        entry = {fn.positional[0].name: element} if element is not None else {}
        if entry and walker.reporting:
            walker.analysis.propagate(fn, entry, walker.info)
        if entry or closure:
            results.append(returned(walker.analysis, fn, entry, closure, walker.kind))
    return lattice.join(*results)


def _key_function(walker, key: cst.BaseExpression):
    """The lambda or plain function of the module ``key=`` names (not through a transform)."""
    found = walker.index.resolve_function(key, walker.info) if type(key) in (cst.Lambda, cst.Name) else None
    if found is None or found[1] is not None or found[2] or not found[0].positional or found[0].is_method:
        return None
    return found[0]


def _closure_of(walker, fn) -> dict | None:
    """For a function written in the walked one (a lambda), the values of this body's names it
    reads; None for any other."""
    if fn.parent is not walker.info:
        return None
    from jitguard.lint.analysis.callsem import _names_read

    reads = _names_read(walker.index, fn) - {p.name for p in fn.params}
    return {n: t for n, t in {**walker.closure, **walker.env}.items() if n in reads}


def _compared_elements(walker, plain: list) -> list | None:
    """The values of the elements ``sorted``/``min``/``max`` compares, each position's own where
    known (None: a Python value), or one standing for all; None when there may be fewer than two."""
    if len(plain) > 1:
        return [walker.taints.get(a.value) for a in plain]
    value = walker.taints.get(plain[0].value)
    arg = plain[0].value
    if type(arg) in (cst.List, cst.Tuple, cst.Set):
        known = [walker.taints.get(e.value) for e in arg.elements if type(e) is cst.Element]
        if len(known) < 2:
            return None  # `[x]`, `[a, *rest]`: perhaps one element, nothing compared
        starred = len(known) < len(arg.elements) and value is not None
        return known + [lattice.key_of(value)] if starred else known
    if value is None or value.fields is None or value.mapping or len(value.fields) < 2:
        return None
    if not all(n.isdigit() for n, _ in value.fields):
        return None  # a record (a NamedTuple): its fields' own kinds, not elements of one sort
    return [kind for _, kind in value.fields]


def _attrgetter_value(walker, key: cst.Call, element: Taint | None) -> Taint | None:
    """``key=operator.attrgetter("z")``: the field ``z`` of the element, where known."""
    if walker.resolve(key.func) != "operator.attrgetter" or len(key.args) != 1 or element is None:
        return None
    attr = key.args[0].value
    if type(attr) is not cst.SimpleString or not isinstance(attr.evaluated_value, str):
        return None
    known, value = lattice.field(element, attr.evaluated_value)
    return value if known else None


# -- a partial a method returns ----------------------------------------------------------------
class _Receiver(cst.CSTTransformer):
    """``self`` of a method's expression replaced by the object the caller runs it on."""

    def __init__(self, self_name: str, receiver: str) -> None:
        super().__init__()
        self.self_name, self.receiver = self_name, receiver

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:
        return cst.Name(self.receiver) if original.value == self.self_name else updated


def returned_partial(walker, call: cst.Call) -> cst.Call | None:
    """``obj.solver()`` where ``obj`` knows its classes (:func:`classes_of`) and their method
    ``solver`` (one function for all of them, given no argument) only does ``return
    functools.partial(f, ..., k=self.k)``: the partial it returns, written in the caller's terms
    (``self`` read as ``obj``), so that calling it (``obj.solver()(x)``) is the call ``f(x, ...,
    k=obj.k)`` Python makes. Only when the partial reads nothing of the method but ``self`` and
    the module's names; None otherwise."""
    func = call.func
    if type(func) is not cst.Attribute or type(func.value) is not cst.Name or call.args:
        return None
    classes = classes_of(walker, func.value)
    index = walker.index
    methods = {index.find_method(k, func.attr.value) for k in classes or ()}
    if len(methods) != 1:
        return None
    method = methods.pop()
    if method is None or not method.is_method or method.is_classmethod or len(method.params) != 1 \
            or not isinstance(method.node, cst.FunctionDef) or method.node.decorators:
        return None
    from jitguard.lint.analysis.callsem import bindings_of
    from jitguard.lint.analysis.instances import own_returns
    from jitguard.lint.analysis.walk import iter_nodes

    returns = own_returns(method.node)
    if len(returns) != 1 or not isinstance(returns[0].value, cst.Call):
        return None
    made = returns[0].value
    if index.resolve(made.func, method) != "functools.partial" or any(a.star for a in made.args):
        return None
    self_name = method.positional[0].name
    attrs = {id(n.attr) for n in iter_nodes(made) if isinstance(n, cst.Attribute)}
    keywords = {id(a.keyword) for a in made.args if a.keyword is not None}
    for node in iter_nodes(made):
        if isinstance(node, cst.Name) and id(node) not in attrs and id(node) not in keywords \
                and node.value != self_name and bindings_of(method.node.body, node.value) != []:
            return None  # a local of the method: not the caller's to read
    return made.visit(_Receiver(self_name, func.value.value))
