"""Which calls make a value that cannot be hashed, beyond literals and ``list()``/``dict()``: the
kinds JG203 reports at a static position (``jitguard.lint.analysis.calls`` asks
:func:`unhashable_call` about each call it cannot judge itself).

* Instances of the standard library's classes that define ``__eq__`` without ``__hash__``
  (``argparse.Namespace``, ``types.SimpleNamespace``, ``collections.Counter``, ...: the table
  ``jaxsig.STDLIB_UNHASHABLE`` is found by importing the standard library), also when a method
  returns one (``parser.parse_args()`` on an ``argparse.ArgumentParser``).
* Value classes hashed by their fields: a ``collections.namedtuple``/``typing.NamedTuple`` or a
  frozen (or ``unsafe_hash``) dataclass of the module is exactly as hashable as the values built
  into it, so ``State([x], None)`` at a static position fails when JAX hashes it.

* ``self.cfg`` in a method, when the class's ``__init__`` is the only place that assigns it (no
  ``setattr``, no subclass in the module) and sets it to such a value.

Each fact is checked under JAX by tests/test_jaxapi_claims.py.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from jitguard.lint.analysis import jaxapi, jaxsig
from jitguard.lint.analysis.walk import iter_nodes

# methods that return an instance of an unhashable standard-library class:
# "<class>.<method>" -> the class of what it returns
UNHASHABLE_RETURNS = {
    "argparse.ArgumentParser.parse_args": "argparse.Namespace",
}
_NAMEDTUPLES = frozenset({"collections.namedtuple", "typing.NamedTuple"})
_DATACLASS = frozenset({"dataclasses.dataclass"})

Inner = Callable[[cst.BaseExpression], "str | None"]


def unhashable_value(expr: cst.BaseExpression, index, scope, depth: int = 0) -> str | None:
    """What makes ``expr`` unhashable, read from the source (literals, array makers, mutable
    dataclasses of the module, the calls of :func:`unhashable_call`, a name bound once to one of
    these); None when nothing says so. The one reading of both the project facts
    (``calls.FactExtractor._unhashable``) and the calls JG203 checks within one file."""
    if isinstance(expr, (cst.List, cst.ListComp)):
        return "a list"
    if isinstance(expr, (cst.Dict, cst.DictComp)):
        return "a dict"
    if isinstance(expr, (cst.Set, cst.SetComp)):
        return "a set"
    if isinstance(expr, cst.Tuple):
        for el in expr.elements:
            inner = unhashable_value(el.value, index, scope, depth + 1)
            if inner:
                return f"a tuple holding {inner}"
        return None
    if isinstance(expr, cst.Call):
        name = index.resolve(expr.func, scope)
        if name in jaxapi.ARRAY_MAKERS:
            return "an array"
        if name in ("list", "sorted"):
            return "a list"
        if name in ("dict", "set"):
            return f"a {name}"
        klass = index.classes.get(expr.func.value) if isinstance(expr.func, cst.Name) else None
        if klass is not None and klass.unhashable:
            return f"an instance of the mutable dataclass `{klass.name}` (unhashable)"
        return unhashable_call(expr, index, scope, lambda e: unhashable_value(e, index, scope, depth + 1))
    if isinstance(expr, cst.Attribute) and depth == 0:
        return _self_attribute_kind(expr, index, scope)
    if isinstance(expr, cst.Name) and depth == 0:
        value = index.binding(expr.value, scope)
        if value is None:
            return unhashable_name(expr, index, scope)
        kind = unhashable_value(value, index, scope, depth + 1)
        return f"{kind} (`{expr.value}`)" if kind else None
    if isinstance(expr, cst.Name) and depth <= _NAME_DEPTH:  # a name built into a value: `C(x)`
        found = bound_once(expr.value, index, scope)
        if found is None:
            return None
        value, where = found
        kind = unhashable_value(value, index, where, depth + 1)
        return f"{kind} (`{expr.value}`)" if kind else None
    return None


_NAME_DEPTH = 3  # how deep inside a value names are followed (`C(x)` with `x = jnp.zeros(1)`)


def bound_once(name: str, index, scope):
    """(the value, the function it is written in or None for the module) of ``name`` used in
    ``scope``, when one assignment binds it where Python looks it up: the innermost function that
    binds it (a parameter there binds it too: then None), or the module (never declared
    ``global``). ``a, b = x, y`` counts as ``b = y``. None when anything else binds it (a loop, an
    import, a second assignment, unpacking a call)."""
    from jitguard.lint.analysis.traceable import _declared_global, _scope_bindings

    while scope is not None:
        if scope.param(name) is not None:
            return None
        if isinstance(scope.node, cst.FunctionDef):  # a lambda binds only its parameters
            bindings = _scope_bindings(index, scope.node.body, name)
            if bindings is None or len(bindings) > 1:
                return None
            if bindings:
                if bindings[0] is not None:
                    return bindings[0], scope
                unpacked = unpacked_binding(name, scope)
                return (unpacked[0], scope) if unpacked is not None and unpacked[1] is None else None
        scope = scope.parent
    if _declared_global(index, name):
        return None
    bindings = _scope_bindings(index, index.module, name)
    return (bindings[0], None) if bindings and len(bindings) == 1 and bindings[0] is not None else None


def _self_attribute_kind(expr: cst.Attribute, index, scope) -> str | None:
    """``self.cfg`` in a method of a class whose ``__init__`` sets ``self.cfg = {...}`` (a value
    :func:`unhashable_value` reads), when nothing else in the class assigns ``self.cfg`` (or calls
    ``setattr``) and no class of the module derives from it."""
    if not (isinstance(expr.value, cst.Name) and expr.value.value == "self"):
        return None
    klass = index.enclosing_class(scope)
    if klass is None or any(isinstance(b.value, cst.Name) and b.value.value == klass.name
                            for k in index.classes.values() for b in k.node.bases):
        return None
    init = klass.methods.get("__init__")
    if init is None:
        return None
    attr = expr.attr.value
    cache = index.__dict__.setdefault("_self_attribute_kinds", {})
    key = (klass.name, attr)
    if key not in cache:
        cache[key] = _init_attribute_kind(klass, init, attr, index)
    return cache[key]


def _init_attribute_kind(klass, init, attr: str, index) -> str | None:
    found: list[tuple[cst.CSTNode, cst.BaseExpression | None]] = []
    for node in iter_nodes(klass.node.body):
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "setattr":
            return None
        targets: list[tuple[cst.BaseExpression, cst.BaseExpression | None]] = []
        if isinstance(node, cst.Assign):
            targets = [(t.target, node.value) for t in node.targets]
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
            targets = [(node.target, None)]
        elif isinstance(node, (cst.For, cst.AsName, cst.NamedExpr)):
            targets = [(getattr(node, "target", None) or getattr(node, "name", None), None)]
        for target, value in targets:
            for sub in iter_nodes(target):
                if (isinstance(sub, cst.Attribute) and sub.attr.value == attr and isinstance(sub.value, cst.Name)
                        and sub.value.value == "self"):
                    found.append((node, value if sub is target else None))
    if len(found) != 1 or found[0][1] is None:
        return None
    node, value = found[0]
    if not any(n is node for n in iter_nodes(init.node.body)):
        return None
    kind = unhashable_value(value, index, init, 1)
    return f"{kind} (`self.{attr}`, set in `__init__`)" if kind else None


def unhashable_name(expr: cst.Name, index, scope) -> str | None:
    """A name bound by unpacking: ``a, b = x, y`` (the element's kind), or ``x, y = make_data()``
    (the kind the value model gives that part of what ``make_data`` returns)."""
    found = unpacked_binding(expr.value, scope)
    if found is None:
        return None
    value, position = found
    if position is None:
        kind = unhashable_value(value, index, scope, 1)
        return f"{kind} (`{expr.value}`)" if kind else None
    return _returned_kind(value, index, scope, str(position))


_RETURNED = {"numpy": "a NumPy array", "jax": "a JAX array", "list": "a list", "dict": "a dict"}


def _returned_kind(call: cst.Call, index, scope, field: str | None = None) -> str | None:
    """What a function of this module returns (or part ``field`` of the tuple it returns), from
    the value model's return summaries (``callsem.return_summaries``, when that is present)."""
    try:
        from jitguard.lint.analysis.callsem import return_summaries
    except ImportError:  # the value model without return summaries
        return None
    if not isinstance(call.func, cst.Name):
        return None
    name = call.func.value
    info = index.lookup_function(name, scope)
    if info is None or index.module_defs.get(name) is not info:
        return None
    summary = return_summaries(index).get(name)
    if summary is None:
        return None
    kind = summary.kind if field is None else (summary.field_kind(field) if summary.kind == "tuple" else "unknown")
    phrase = _RETURNED.get(kind)
    return f"{phrase} (returned by `{name}()`)" if phrase else None


def unpacked_binding(name: str, scope) -> tuple[cst.BaseExpression, int | None] | None:
    """The only assignment to ``name`` in the function ``scope``, when it unpacks a tuple:
    ``a, b = x, y`` gives (the element, None); ``a, b = f(...)`` gives (the call, the position)."""
    if scope is None or any(p.name == name for p in scope.params):
        return None
    found: list[cst.BaseExpression | None] = []
    for node in iter_nodes(scope.node.body):
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        targets: list[tuple[cst.BaseExpression, cst.BaseExpression | None]] = []  # (target, value)
        if isinstance(node, cst.Assign):
            targets = [(t.target, node.value) for t in node.targets]
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
            targets = [(node.target, None)]
        elif isinstance(node, (cst.For, cst.CompFor)):
            targets = [(node.target, None)]
        elif isinstance(node, cst.NamedExpr):
            targets = [(node.target, None)]
        elif isinstance(node, cst.AsName):
            targets = [(node.name, None)]
        for target, value in targets:
            for sub in iter_nodes(target):
                if isinstance(sub, cst.Name) and sub.value == name:
                    element = None
                    flat = isinstance(target, cst.Tuple) and not any(
                        isinstance(e, cst.StarredElement) for e in target.elements)
                    position = next((i for i, t in enumerate(target.elements) if isinstance(t.value, cst.Name)
                                     and t.value.value == name), None) if flat else None
                    if position is not None and isinstance(value, cst.Call):
                        element = (value, position)
                    elif (position is not None and isinstance(value, cst.Tuple)
                          and len(target.elements) == len(value.elements)
                          and not any(isinstance(e, cst.StarredElement) for e in value.elements)):
                        element = (value.elements[position].value, None)
                    found.append(element)
    return found[0] if len(found) == 1 else None


def unhashable_call(call: cst.Call, index, scope, inner: Inner) -> str | None:
    """What makes the value of ``call`` unhashable (a phrase: "an `argparse.Namespace` ..."), or
    None. ``inner`` judges the arguments built into a value class."""
    name = index.resolve(call.func, scope)
    if name in jaxsig.STDLIB_UNHASHABLE:
        return f"an `{name}` (its class defines `__eq__` without `__hash__`)"
    func = call.func
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
        receiver = index.binding(func.value.value, scope)
        if isinstance(receiver, cst.Call):
            made = index.resolve(receiver.func, scope)
            returned = UNHASHABLE_RETURNS.get(f"{made}.{func.attr.value}")
            if returned is not None:
                return (f"an `{returned}` (from `{made.rsplit('.', 1)[-1]}.{func.attr.value}()`; its class defines "
                        "`__eq__` without `__hash__`)")
    returned = _returned_kind(call, index, scope)
    if returned is not None:
        return returned
    kind = value_class(call, index, scope)
    if kind is not None:
        for arg in call.args:
            held = inner(arg.value)
            if held:
                cls = func.value if isinstance(func, cst.Name) else "the class"
                return f"a `{cls}` holding {held} (a {kind} is hashed by its fields)"
    return None


def value_class(call: cst.Call, index, scope) -> str | None:
    """"namedtuple" or "frozen dataclass" when ``call`` builds an instance of a class of this
    module that is hashed by its fields; else None."""
    if not isinstance(call.func, cst.Name):
        return None
    name = call.func.value
    klass = index.classes.get(name)
    if klass is not None and index.lookup_function(name, scope) is None:
        node = klass.node
        if any(index.resolve(base.value, None) in _NAMEDTUPLES for base in node.bases):
            return "NamedTuple"
        hashed = _hashed_by_fields(node, index)
        if hashed and not _defines(node, "__hash__"):
            return hashed
        return None
    bound = index.binding(name, None)
    if isinstance(bound, cst.Call) and index.resolve(bound.func, None) in _NAMEDTUPLES:
        return "namedtuple"
    return None


def _hashed_by_fields(node: cst.ClassDef, index) -> str | None:
    """"frozen dataclass" for ``@dataclass(frozen=True)``, "dataclass with `unsafe_hash=True`"
    for ``@dataclass(unsafe_hash=True)`` (``eq`` left on in both); else None."""
    for dec in node.decorators:
        expr = dec.decorator
        if not isinstance(expr, cst.Call) or index.resolve(expr.func, None) not in _DATACLASS:
            continue
        flags = {a.keyword.value: a.value for a in expr.args if a.keyword is not None}

        def is_(key: str, value: str) -> bool:
            return isinstance(flags.get(key), cst.Name) and flags[key].value == value

        if is_("eq", "False"):
            return None
        if is_("frozen", "True"):
            return "frozen dataclass"
        return "dataclass with `unsafe_hash=True`" if is_("unsafe_hash", "True") else None
    return None


def _defines(node: cst.ClassDef, method: str) -> bool:
    for stmt in node.body.body:
        if isinstance(stmt, cst.FunctionDef) and stmt.name.value == method:
            return True
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Assign) and any(
                        isinstance(t.target, cst.Name) and t.target.value == method for t in small.targets):
                    return True
    return False
