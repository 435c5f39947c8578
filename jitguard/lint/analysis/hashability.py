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

import weakref
from collections.abc import Callable

import libcst as cst

from jitguard.lint.analysis import jaxapi, jaxsig, walk
from jitguard.lint.analysis.arrays import array_kind
from jitguard.lint.analysis.flatten_leaves import module_field
from jitguard.lint.analysis.walk import iter_nodes

# methods that return an instance of an unhashable standard-library class:
# "<class>.<method>" -> the class of what it returns
UNHASHABLE_RETURNS = {
    "argparse.ArgumentParser.parse_args": "argparse.Namespace",
}
_NAMEDTUPLES = frozenset({"collections.namedtuple", "typing.NamedTuple"})
# jax.numpy / jax.random / jax.lax calls return JAX arrays (unhashable: ValueError 'Non-hashable static
# arguments' at a static position, JAX 0.10.2, rules/JG203.py), but for the classes (capitalized:
# lax.Precision, ...; jax.random.PRNGKey makes an array), the shape/dtype queries and layout helpers
# (jaxapi.STATIC_CALLS) and these, which return other values: control flow and pass-through calls
# (lax.fori_loop(0, 2, f, 1) is an int), collectives, dtype info, helpers returning functions,
# strings, dicts or context managers (each checked under JAX 0.10.2).
_JAX_ARRAY_MODULES = ("jax.numpy.", "jax.random.", "jax.lax.")
_NOT_ARRAYS = frozenset({
    "cond", "switch", "scan", "fori_loop", "while_loop", "map", "associative_scan", "custom_root",
    "custom_linear_solve", "stop_gradient", "optimization_barrier", "with_sharding_constraint", "platform_dependent",
    "psum", "pmean", "pmax", "pmin", "all_gather", "ppermute", "pshuffle", "psum_scatter", "all_to_all",
    "axis_index", "axis_size", "pbroadcast", "pvary",
    "finfo", "iinfo", "vectorize", "frompyfunc", "printoptions", "set_printoptions", "get_printoptions",
    "iterable", "save", "savez", "load", "key_impl", "default_prng_impl",
    "array_str", "array_repr", "base_repr", "binary_repr", "ufunc", "einsum_path", "composite", "create_token",
    "after_all", "ragged_all_to_all", "psend", "precv", "pcast",
})


def jax_array_call(name: str | None) -> bool:
    """Does a call of ``name`` (a qualified name) surely return a JAX array?"""
    if not name or not name.startswith(_JAX_ARRAY_MODULES) or name in jaxapi.STATIC_CALLS:
        return False
    last = name.rsplit(".", 1)[-1]
    if last == "PRNGKey" and name == "jax.random.PRNGKey":
        return True
    return last[:1].islower() and last not in _NOT_ARRAYS

Inner = Callable[[cst.BaseExpression], "str | None"]


_MUTABLE_LITERALS = {cst.List: "a list", cst.ListComp: "a list", cst.Dict: "a dict", cst.DictComp: "a dict",
                     cst.Set: "a set", cst.SetComp: "a set"}


# methods of NumPy and JAX arrays (and of pandas objects) whose result is a Python list
_LIST_METHODS = {"tolist": "a list (`.tolist()`)"}


def unhashable_value(expr: cst.BaseExpression, index, scope, depth: int = 0) -> str | None:
    """What makes ``expr`` unhashable, read from the source (literals, array makers, mutable
    dataclasses of the module, the calls of :func:`unhashable_call`, a name bound once to one of
    these); None when nothing says so. The one reading of both the project facts
    (``calls.FactExtractor._unhashable``) and the calls JG203 checks within one file."""
    literal = _MUTABLE_LITERALS.get(type(expr))
    if literal is not None:
        return literal
    if isinstance(expr, cst.Tuple):
        for el in expr.elements:
            inner = unhashable_value(el.value, index, scope, depth + 1)
            if inner:
                return f"a tuple holding {inner}"
        return None
    if isinstance(expr, cst.Call):
        return _unhashable_made(expr, index, scope, depth)
    if isinstance(expr, (cst.BinaryOperation, cst.UnaryOperation)):
        return array_kind(expr, index, scope, depth)  # `jnp.ones(3) * 2`, `-x` of a JAX array
    if isinstance(expr, cst.Attribute) and depth == 0:
        return _self_attribute_kind(expr, index, scope) or _record_field_kind(expr, index, scope)
    if isinstance(expr, cst.Name) and depth == 0:
        if _also_bound_unread(expr.value, index, scope):
            return None  # a loop target too (`for i in ...: step(i)` then `i = jnp.float32(i)`)
        value = index.binding(expr.value, scope)
        kind = unhashable_name(expr, index, scope) if value is None else unhashable_value(value, index, scope, depth + 1)
        if value is not None and kind:
            kind = f"{kind} (`{expr.value}`)"
        if not kind:  # through the helpers that build it, with the arguments they are given
            inlined = inlined_kind(expr, index, scope)
            kind = f"{inlined} (`{expr.value}`, built by the calls that make it)" if inlined else None
        return kind
    if isinstance(expr, cst.Name) and depth <= _NAME_DEPTH:  # a name built into a value: `C(x)`
        found = bound_once(expr.value, index, scope)
        if found is None:
            return None
        value, where = found
        kind = unhashable_value(value, index, where, depth + 1)
        return f"{kind} (`{expr.value}`)" if kind else None
    return None


def _unhashable_made(expr: cst.Call, index, scope, depth: int) -> str | None:
    """What makes the value a call builds unhashable (see ``unhashable_value``)."""
    array = array_kind(expr, index, scope, depth, helpers=False)  # constructors, jnp/random calls, NumPy draws
    if array:
        return array
    name = index.resolve(expr.func, scope)
    if name in ("list", "sorted"):
        return "a list"
    if name in ("dict", "set"):
        return f"a {name}"
    if name == "slice" and slices_unhashable(index):
        return "a slice (unhashable before Python 3.12)"
    if isinstance(expr.func, cst.Attribute) and expr.func.attr.value in _LIST_METHODS and not expr.args:
        return _LIST_METHODS[expr.func.attr.value]  # `grid.tolist()` of a NumPy or JAX array: a (nested) list
    klass = index.classes.get(expr.func.value) if isinstance(expr.func, cst.Name) else None
    if klass is not None and index.lookup_function(klass.name, scope) is None:
        why = unhashable_class(klass, index)
        if why:
            return why
    return unhashable_call(expr, index, scope, lambda e: unhashable_value(e, index, scope, depth + 1))


# JAX 0.10.2 supports Python 3.11 (its `requires-python`), where `hash(slice(1, 2))` raises
# TypeError and a slice at a static position raises ValueError; Python 3.12 made slices hashable
_HASHABLE_SLICES = (3, 12)


def slices_unhashable(index) -> bool:
    """Does the checked project support a Python whose slices cannot be hashed: its declared
    oldest Python (``requires-python``, config.python_floor) is before 3.12, or it declares none
    (every Python JAX supports)?"""
    floor = getattr(index, "python_floor", None)
    return floor is None or floor < _HASHABLE_SLICES


def _also_bound_unread(name: str, index, scope) -> bool:
    """Is ``name`` bound in its scope also by something that is not an assignment of a value
    (a loop or comprehension target, ``with ... as``, an import, a nested def)? Then one
    assignment does not say what it holds at a given use."""
    from jitguard.lint.analysis.traceable import _scope_bindings

    root = scope.node.body if scope is not None and isinstance(scope.node, cst.FunctionDef) else index.module
    bindings = _scope_bindings(index, root, name)
    return bindings is not None and len(bindings) > 1 and any(b is None for b in bindings)


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
    if klass is None or index.has_subclass(klass):
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
    value = init_only_value(klass, init, attr)
    if value is None:
        return None
    kind = unhashable_value(value, index, init, 1)
    return f"{kind} (`self.{attr}`, set in `__init__`)" if kind else None


def _record_field_kind(expr: cst.Attribute, index, scope) -> str | None:
    """``spec.offsets`` with ``spec`` bound once to ``Spec(offsets=[2, 3])``, a NamedTuple or
    dataclass of the module with the generated ``__init__``, and nothing assigning
    ``spec.offsets`` there: the field holds the very object the construction passed (a list
    stays a list), so it is what :func:`unhashable_value` says of that argument."""
    if not isinstance(expr.value, cst.Name) or expr.value.value == "self":
        return None
    found = bound_once(expr.value.value, index, scope)
    if found is None or not isinstance(found[0], cst.Call) or not isinstance(found[0].func, cst.Name):
        return None
    call, where = found
    klass = index.classes.get(call.func.value)
    fields = _init_fields(klass, index) if klass is not None and index.lookup_function(klass.name, where) is None else None
    attr = expr.attr.value
    if fields is None or any(a.star for a in call.args) or _attribute_assigned(expr.value.value, attr, where, index):
        return None
    positional = [f.name for f in fields if f.positional]
    given = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    given.update(zip(positional, [a.value for a in call.args if a.keyword is None]))
    value = given.get(attr)
    kind = unhashable_value(value, index, where, 1) if value is not None else None
    return f"{kind} (a field of `{klass.name}`)" if kind else None


def _attribute_assigned(owner: str, attr: str, scope, index) -> bool:
    """Does ``scope`` (or the module) assign ``owner.attr``, or call ``setattr``?"""
    root = scope.node.body if scope is not None else index.module
    for node in iter_nodes(root):
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "setattr":
            return True
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else \
            [node.target] if isinstance(node, (cst.AnnAssign, cst.AugAssign)) else []
        if any(isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == owner
               and t.attr.value == attr for t in targets):
            return True
    return False


def init_only_value(klass, init, attr: str) -> cst.BaseExpression | None:
    """The value of the one assignment to ``self.<attr>`` in the class body, when it is in
    ``__init__`` (no other assignment, augmented or annotated, loop target or ``setattr``)."""
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
    return value if any(n is node for n in iter_nodes(init.node.body)) else None


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


# the nodes that bind names (none of these libcst classes has a subclass)
_BINDING_NODES = frozenset({cst.Assign, cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor, cst.NamedExpr, cst.AsName})


def unpacked_binding(name: str, scope) -> tuple[cst.BaseExpression, int | None] | None:
    """The only assignment to ``name`` in the function ``scope``, when it unpacks a tuple:
    ``a, b = x, y`` gives (the element, None); ``a, b = f(...)`` gives (the call, the position)."""
    if scope is None or any(p.name == name for p in scope.params):
        return None
    found: list[cst.BaseExpression | None] = []
    for target, value in binding_targets(scope).get(name, ()):
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


_TARGETS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def binding_targets(scope) -> dict[str, list[tuple[cst.BaseExpression, cst.BaseExpression | None]]]:
    """name -> (target, value) for each name in a target of a binding node of the function
    ``scope`` (its whole body), in the order of the walk: one walk per function, not one per name
    :func:`unpacked_binding` is asked about."""
    table = _TARGETS.get(scope)
    if table is not None:
        return table
    table = {}
    for node in walk.nodes_of(scope.node.body, _BINDING_NODES):
        kind = type(node)  # (the same nodes in the same order: pre-order)
        if kind not in _BINDING_NODES:  # (a set lookup: isinstance on libcst's classes is slow)
            continue
        if kind is cst.Assign:
            targets = [(t.target, node.value) for t in node.targets]
        elif kind is cst.AsName:
            targets = [(node.name, None)]
        else:  # AnnAssign, AugAssign, For, CompFor, NamedExpr
            targets = [(node.target, None)]
        for target, value in targets:
            for sub in iter_nodes(target):
                if type(sub) is cst.Name:
                    table.setdefault(sub.value, []).append((target, value))
    _TARGETS[scope] = table
    return table


# -- classes whose instances have no hash --------------------------------------------------------
# Python looks ``__hash__`` up along the MRO. A class body that defines ``__eq__`` without
# ``__hash__`` gets ``__hash__ = None`` (its instances, and those of subclasses that define
# neither, are unhashable: TypeError); ``@dataclass`` with ``eq=True`` (the default), not frozen,
# no ``unsafe_hash`` and no ``__hash__`` of its own sets it to None too. A class that defines
# neither inherits from its bases; ``object`` hashes by identity. Bases and decorators this module
# does not define (a library's model class, ``attrs``, ``flax.struct``) may define either: not
# known. Each claim is checked under JAX 0.10.2 in tests/test_static_semantics.py.
_PLAIN_BASES = frozenset({"object", "abc.ABC", "typing.Generic", "typing.Protocol"})
_PLAIN_DECORATORS = frozenset({
    "jax.tree_util.register_pytree_node_class", "jax.tree_util.register_static", "functools.total_ordering",
    "typing.final", "typing.runtime_checkable",
})
_UNHASHABLE_BUILTINS = frozenset({"dict", "list", "set", "bytearray"})  # `class Config(dict)`: no hash
_HASH_DEPTH = 8
_MUTABLE_DATACLASS = "mutable dataclass"


def unhashable_class(klass, index) -> str | None:
    """Why instances of ``klass`` (a module-level class of this module) have no hash (a phrase:
    "an instance of `Config` (its base `Base` defines `__eq__` without `__hash__`, ...)"), or
    None when they have one or it is not known."""
    cache = index.__dict__.setdefault("_unhashable_classes", {})
    if klass.name not in cache:
        found = None if klass.name in _patched_classes(index) else _hash_of(klass, index, 0)
        cache[klass.name] = None if found is None or found[0] != "none" else found[1]
    why = cache[klass.name]
    if why == _MUTABLE_DATACLASS:
        return f"an instance of the mutable dataclass `{klass.name}` (unhashable)"
    return f"an instance of `{klass.name}` ({why})" if why else None


def _patched_classes(index) -> frozenset[str]:
    """Names whose ``__hash__``/``__eq__`` the module assigns after the class is made
    (``Config.__hash__ = ...``, ``setattr(Config, "__hash__", ...)``): their hash is not read."""
    cached = index.__dict__.get("_patched_classes")
    if cached is None:
        found = set()
        for node in iter_nodes(index.module):
            if isinstance(node, cst.Assign):
                for t in node.targets:
                    target = t.target
                    if (isinstance(target, cst.Attribute) and target.attr.value in ("__hash__", "__eq__")
                            and isinstance(target.value, cst.Name)):
                        found.add(target.value.value)
            elif isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "setattr" and (
                    node.args and isinstance(node.args[0].value, cst.Name)):
                found.add(node.args[0].value.value)
        cached = index.__dict__["_patched_classes"] = frozenset(found)
    return cached


def _hash_of(klass, index, depth: int) -> tuple[str, str] | None:
    """("none", why) when ``__hash__`` is None for instances of ``klass``, ("hash", "") when it is
    a function (its own, a base's, ``object``'s), None when not known."""
    node = klass.node
    if depth > _HASH_DEPTH or any(a.keyword is not None or a.star for a in node.bases) or node.keywords:
        return None  # a metaclass or class keywords may build the namespace otherwise
    dataclass = None
    for dec in node.decorators:
        expr = dec.decorator
        name = index.resolve(expr.func if isinstance(expr, cst.Call) else expr, None)
        if name in jaxapi.DATACLASS:
            dataclass = {a.keyword.value: _literal(a.value) for a in expr.args if a.keyword is not None} if isinstance(
                expr, cst.Call) else {}
        elif name not in _PLAIN_DECORATORS:
            return None
    own_hash, own_eq = _assigned(node, "__hash__"), _assigned(node, "__eq__")
    if own_hash is not None:
        return ("none", f"`{klass.name}` sets `__hash__ = None`") if own_hash == "None" else ("hash", "")
    if dataclass is not None:
        flags = {k: dataclass.get(k) for k in ("eq", "frozen", "unsafe_hash")}
        if any(v is _UNREAD for v in flags.values()):
            return None
        if flags["unsafe_hash"] is True or (flags["eq"] is not False and flags["frozen"] is True):
            return "hash", ""
        if flags["eq"] is not False:
            return "none", _MUTABLE_DATACLASS if depth == 0 else f"`{klass.name}` is a mutable `@dataclass`"
    if own_eq is not None:
        return "none", f"`{klass.name}` defines `__eq__` without `__hash__`, so Python sets its `__hash__` to None"
    return _inherited_hash(klass, index, depth)


def _inherited_hash(klass, index, depth: int) -> tuple[str, str] | None:
    found: tuple[str, str] | None = ("hash", "")  # no base that says otherwise: object's identity hash
    for base in klass.node.bases:
        value = base.value
        if isinstance(value, cst.Subscript):
            value = value.value  # Generic[T], Base[T]
        parent = index.classes.get(value.value) if isinstance(value, cst.Name) else None
        if parent is not None and parent is not klass:
            verdict = _hash_of(parent, index, depth + 1)
            if verdict is None:
                return None
            if verdict[0] == "none" and found == ("hash", ""):
                found = ("none", f"it inherits `__eq__` without `__hash__`: {verdict[1]}" if depth == 0 else verdict[1])
            continue
        name = index.resolve(value, None)
        if name in _UNHASHABLE_BUILTINS and _builtin(name, index, None):
            if found == ("hash", ""):
                found = ("none", f"its base `{name}` has no hash: its `__hash__` is None")
            continue
        if name in jaxsig.STDLIB_UNHASHABLE:
            if found == ("hash", ""):
                found = ("none", f"its base `{name}` defines `__eq__` without `__hash__`")
            continue
        if name not in _PLAIN_BASES:
            return None  # a base this module does not define: it may define __eq__ or __hash__
    return found


def _assigned(node: cst.ClassDef, name: str) -> str | None:
    """How the class body binds ``name``: "def" for a method, the code of the value for an
    assignment ("None" for ``__hash__ = None``), None when it does not."""
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    for stmt in body:
        if isinstance(stmt, cst.FunctionDef) and stmt.name.value == name:
            return "def"
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else (
                [small.target] if isinstance(small, cst.AnnAssign) and small.value is not None else [])
            if any(isinstance(t, cst.Name) and t.value == name for t in targets):
                value = small.value
                return "None" if isinstance(value, cst.Name) and value.value == "None" else "value"
    return None


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
    held = _hashed_attribute(call, index, scope, inner) or module_field(
        call, index, scope, lambda e, where: unhashable_value(e, index, where, 1),
        "an `equinox.Module`, hashed by all its fields: `{}` among them", static=True)
    if held is not None:
        return held
    kind = value_class(call, index, scope)
    if kind is not None:
        klass = index.classes.get(func.value) if isinstance(func, cst.Name) else None
        bound = bind_fields(call, klass, index) if klass is not None else None
        remade = post_init_sets(klass) if klass is not None else frozenset()
        cls = func.value if isinstance(func, cst.Name) else "the class"
        for arg in call.args:
            if bound is not None and bound.get(id(arg), True) is False:
                continue  # a field left out of the hash (`field(hash=False)`, `compare=False`)
            if bound is not None and _field_of(arg, call, klass, index) in remade:
                continue  # `__post_init__` stores something else in that field (`tuple(self.x)`)
            held = inner(arg.value)
            if held:
                return f"a `{cls}` holding {held} (a {kind} is hashed by its fields)"
        if bound is not None:
            for name, factory in unpassed_factories(call, klass, index):
                if name not in remade and _builtin(factory, index, scope):
                    return (f"a `{cls}` holding a {factory} in `{name}` (`field(default_factory={factory})`, "
                            f"not passed; a {kind} is hashed by its fields)")
    return None


def post_init_sets(klass) -> frozenset[str]:
    """The fields ``__post_init__`` stores a new value in (``object.__setattr__(self, "x", ...)``
    in a frozen dataclass, ``self.x = ...`` in another): what the constructor was given for them
    is not what the instance holds, nor what its ``__hash__`` reads."""
    method = klass.methods.get("__post_init__")
    if method is None or not method.params:
        return frozenset()
    me = method.params[0].name
    out = set()
    for node in iter_nodes(method.node.body):
        if isinstance(node, cst.Call) and len(node.args) >= 2 and _is_object_setattr(node.func):
            target, name = node.args[0].value, node.args[1].value
            if isinstance(target, cst.Name) and target.value == me and isinstance(name, cst.SimpleString):
                out.add(name.evaluated_value)
        elif isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
            targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            out.update(t.attr.value for t in targets
                       if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == me)
    return frozenset(out)


def _is_object_setattr(func: cst.BaseExpression) -> bool:
    return (isinstance(func, cst.Attribute) and func.attr.value == "__setattr__"
            and isinstance(func.value, cst.Name) and func.value.value == "object")


def _field_of(arg: cst.Arg, call: cst.Call, klass, index) -> str | None:
    """The field ``arg`` of ``Cls(...)`` sets (the generated ``__init__``)."""
    if arg.keyword is not None:
        return arg.keyword.value
    fields = [f for f in _init_fields(klass, index) or () if f.positional]
    position = next(i for i, a in enumerate(a for a in call.args if a.keyword is None) if a is arg)
    return fields[position].name if position < len(fields) else None


_FACTORIES = frozenset({"dict", "list", "set"})


def unpassed_factories(call: cst.Call, klass, index) -> list[tuple[str, str]]:
    """(field, ``dict``/``list``/``set``) for each hashed field of ``Cls(...)`` (the generated
    ``__init__``) that the call leaves to ``field(default_factory=<that builtin>)``: the instance
    holds a new unhashable container there."""
    fields = _init_fields(klass, index)
    if fields is None or any(a.star for a in call.args):
        return []
    given = {a.keyword.value for a in call.args if a.keyword is not None}
    given.update(f.name for f, _a in zip([f for f in fields if f.positional], [a for a in call.args if a.keyword is None]))
    return [(f.name, f.factory) for f in fields if f.hashed and f.factory in _FACTORIES and f.name not in given]


def _hashed_attribute(call: cst.Call, index, scope, inner: Inner) -> str | None:
    """``CustomClass(jnp.array(2.0), True)`` of a class of the module whose own ``__hash__``
    hands ``self.x`` to ``hash()`` (``hash((self.x, self.mul))``), ``__init__`` setting
    ``self.x = x`` (its only assignment in the class): Python hashes a tuple by hashing each
    element, so an unhashable value given for ``x`` (an array, a list) makes ``hash`` of the
    instance raise TypeError (JAX 0.10.2: ValueError 'Non-hashable static arguments' at a static
    position; rules/JG203.py)."""
    klass = index.classes.get(call.func.value) if isinstance(call.func, cst.Name) else None
    init = klass.methods.get("__init__") if klass is not None else None
    if init is None or any(a.star for a in call.args) or index.lookup_function(klass.name, scope) is not None:
        return None
    hashed = hashed_attributes(klass)
    if not hashed:
        return None
    params = [p.name for p in init.positional][1:]
    for i, arg in enumerate(call.args):
        param = arg.keyword.value if arg.keyword is not None else (params[i] if i < len(params) else None)
        attr = next((a for a in hashed if param is not None and _stores_param(klass, init, a, param)), None)
        held = inner(arg.value) if attr is not None else None
        if held:
            return f"a `{klass.name}` whose `__hash__` hashes `self.{attr}`, given {held}"
    return None


def _stores_param(klass, init, attr: str, param: str) -> bool:
    value = init_only_value(klass, init, attr)
    return isinstance(value, cst.Name) and value.value == param and init.param(param) is not None


def own_hash_calls(klass):
    """(call, the class's own ``def __hash__``, the name of its ``self``) for each call in the
    body of that method; nothing when the class defines none."""
    method = klass.methods.get("__hash__")
    if method is None or not method.positional or not isinstance(method.node, cst.FunctionDef):
        return
    for node in iter_nodes(method.node.body):
        if isinstance(node, cst.Call):
            yield node, method, method.positional[0].name


def hashed_attributes(klass) -> frozenset[str]:
    """The attributes the class's own ``__hash__`` passes to the builtin ``hash``, alone or as an
    element of a tuple literal (``hash((self.x, self.mul))``)."""
    found: set[str] = set()
    for node, _method, self_name in own_hash_calls(klass):
        if not (isinstance(node.func, cst.Name) and node.func.value == "hash" and len(node.args) == 1):
            continue
        value = node.args[0].value
        elements = [e.value for e in value.elements] if isinstance(value, cst.Tuple) else [value]
        found.update(e.attr.value for e in elements if isinstance(e, cst.Attribute) and isinstance(e.value, cst.Name)
                     and e.value.value == self_name)
    return frozenset(found)


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
        if not isinstance(expr, cst.Call) or index.resolve(expr.func, None) not in jaxapi.DATACLASS:
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


class Field:
    """One field of a dataclass or NamedTuple class of the module, as its generated ``__init__``
    and ``__hash__`` see it."""

    __slots__ = ("name", "init", "positional", "hashed", "factory")

    def __init__(self, name: str, init: bool, positional: bool, hashed: bool, factory: str | None = None) -> None:
        self.name, self.init, self.positional, self.hashed = name, init, positional, hashed
        self.factory = factory  # the plain name given as `field(default_factory=...)`, if any


def record_field_list(klass, index) -> list[Field] | None:
    """The fields, in order, of a dataclass (or NamedTuple) class of the module: whether
    ``__init__`` takes it (``field(init=False)``), by position (not after a ``_: KW_ONLY`` marker,
    not ``kw_only=True``), and whether ``__hash__`` reads it (``hash=False``, or ``compare=False``
    with ``hash`` unset, leave it out; a value that is not a literal counts as left out). None
    for any other class, or when a field's options are unreadable (``**options``)."""
    node = klass.node
    if any(index.resolve(b.value, None) in _NAMEDTUPLES for b in node.bases):
        return [Field(n, True, True, True) for n in _annotated(node, index)[0]]
    options = _dataclass_options(node, index)
    if options is None:
        return None
    kw_only = _literal(options.get("kw_only")) is True
    names, values, markers = _annotated(node, index)
    out = []
    for name, value in zip(names, values):
        if name in markers:
            kw_only = True
            continue
        flags: dict = {}
        factory = None
        if isinstance(value, cst.Call) and index.resolve(value.func, None) == "dataclasses.field":
            if any(a.star for a in value.args):
                return None
            flags = {a.keyword.value: _literal(a.value) for a in value.args if a.keyword is not None}
            factory = next((a.value.value for a in value.args if a.keyword is not None
                            and a.keyword.value == "default_factory" and isinstance(a.value, cst.Name)), None)
        hashed = flags.get("hash", None) if "hash" in flags and flags["hash"] is not None else flags.get("compare", True)
        out.append(Field(name, flags.get("init", True) is not False,
                         not kw_only and flags.get("kw_only", False) is not True, hashed is True, factory))
    return out


_UNREAD = object()


def _literal(expr):
    """True/False/None for those literal names; ``_UNREAD`` for anything else (None when absent)."""
    if expr is None:
        return None
    if isinstance(expr, cst.Name) and expr.value in ("True", "False", "None"):
        return {"True": True, "False": False, "None": None}[expr.value]
    return _UNREAD


def _dataclass_options(node: cst.ClassDef, index) -> dict | None:
    for dec in node.decorators:
        expr = dec.decorator
        func = expr.func if isinstance(expr, cst.Call) else expr
        if index.resolve(func, None) in jaxapi.DATACLASS:
            return {a.keyword.value: a.value for a in expr.args if a.keyword is not None} if isinstance(
                expr, cst.Call) else {}
    return None


def _annotated(node: cst.ClassDef, index):
    """(field names, their default values or None, the names that are ``KW_ONLY`` markers) of the
    annotated assignments in a class body (``ClassVar`` left out)."""
    names, values, markers = [], [], set()
    for stmt in node.body.body if isinstance(node.body, cst.IndentedBlock) else ():
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                annotation = small.annotation.annotation
                head = annotation.value if isinstance(annotation, cst.Subscript) else annotation
                resolved = index.resolve(head, None) or ""
                if resolved.rsplit(".", 1)[-1] == "ClassVar":
                    continue
                if resolved == "dataclasses.KW_ONLY":
                    markers.add(small.target.value)
                names.append(small.target.value)
                values.append(small.value)
    return names, values, markers


def bind_fields(call: cst.Call, klass, index) -> dict | None:
    """id(argument) -> whether the field it sets is hashed, for ``Cls(...)`` of a dataclass or
    NamedTuple class with the generated ``__init__``; None when the class or the call is not read
    that way (a custom ``__init__``, ``*args``, more positional arguments than fields)."""
    fields = _init_fields(klass, index)
    if fields is None or any(a.star for a in call.args):
        return None
    positional = [f for f in fields if f.positional]
    by_name = {f.name: f for f in fields}
    out: dict = {}
    args = [a for a in call.args if a.keyword is None]
    if len(args) > len(positional):
        return None
    for f, a in zip(positional, args):
        out[id(a)] = f.hashed
    for a in call.args:
        if a.keyword is not None:
            f = by_name.get(a.keyword.value)
            if f is None:
                return None
            out[id(a)] = f.hashed
    return out


def _init_fields(klass, index) -> list[Field] | None:
    """:func:`record_field_list` for a class whose ``__init__`` is the generated one (those taking
    an argument), else None."""
    if "__init__" in klass.methods or "__new__" in klass.methods:
        return None
    fields = record_field_list(klass, index)
    return None if fields is None else [f for f in fields if f.init]


def unhashed_fields(klass, index) -> frozenset:
    """The fields of a dataclass class of the module that its ``__hash__`` leaves out."""
    fields = record_field_list(klass, index) if klass is not None else None
    return frozenset(f.name for f in fields or () if not f.hashed)


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


# -- values through helper calls, argument by argument -----------------------------------------
# ``model = make_model(list)`` then ``params, static = partition(model)``: what ``static`` is depends
# on what each call passes. A value is read here as (expression, the function it is written in,
# the arguments its parameters were bound to: name -> value, or None when they are not known),
# and a call of a plain function of the module is read as its only ``return``, its parameters
# bound to the call's arguments (no parameter rebound in its body).
_INLINE_STEPS = 40
_HASHED_CONTAINERS = {"list": "a list", "dict": "a dict", "set": "a set"}


def inlined_kind(expr: cst.BaseExpression, index, scope) -> str | None:
    """What makes ``expr`` unhashable, read through the helpers that build it with the arguments
    they are given (a list built by ``container([...])`` with ``container=list``, a frozen
    dataclass rebuilt by ``dataclasses.replace``); None when not sure."""
    return _kind((expr, scope, {}), index, [_INLINE_STEPS])


def _kind(value, index, budget: list[int]) -> str | None:
    value = _resolve(value, index, budget)
    if value is None:
        return None
    expr, scope, env = value
    literal = _MUTABLE_LITERALS.get(type(expr))
    if literal is not None:
        return literal
    if isinstance(expr, cst.Tuple):
        for el in expr.elements:
            inner = None if isinstance(el, cst.StarredElement) else _kind((el.value, scope, env), index, budget)
            if inner:
                return f"a tuple holding {inner}"
        return None
    if not isinstance(expr, cst.Call):
        return None
    container = _container_made(expr, scope, env, index, budget)
    if container is not None:
        return container
    array = array_kind(expr, index, scope, helpers=False)
    if array:
        return array
    record = _record(value, index, budget)
    if record is None or record[2] is None:
        return None
    cls, fields, hashed = record
    left_out = unhashed_fields(index.classes.get(cls), index)
    for name, field_value in fields.items():
        inner = _kind(field_value, index, budget) if field_value is not None and name not in left_out else None
        if inner:
            return f"a `{cls}` holding {inner} in `{name}` (a {hashed} is hashed by its fields)"
    return None


def _container_made(call: cst.Call, scope, env, index, budget) -> str | None:
    """``list(...)``, ``container(...)`` with ``container`` bound to ``list``, ``type(x)(...)``
    with ``x`` a list: "a list" (or dict, set); else None."""
    func = _resolve((call.func, scope, env), index, budget)
    if func is None:
        return None
    fexpr, fscope, fenv = func
    if isinstance(fexpr, cst.Name) and fexpr.value in _HASHED_CONTAINERS and _builtin(fexpr.value, index, fscope):
        return _HASHED_CONTAINERS[fexpr.value]
    if (isinstance(fexpr, cst.Call) and isinstance(fexpr.func, cst.Name) and fexpr.func.value == "type"
            and _builtin("type", index, fscope) and len(fexpr.args) == 1 and not fexpr.args[0].keyword
            and not fexpr.args[0].star):
        inner = _kind((fexpr.args[0].value, fscope, fenv), index, budget)
        return inner if inner in _HASHED_CONTAINERS.values() else None
    return None


def _builtin(name: str, index, scope) -> bool:
    """Does ``name`` in ``scope`` name the builtin (nothing in the module or the functions around
    binds it)?"""
    from jitguard.lint.analysis.traceable import binding_site

    return index.resolve(cst.Name(name), scope) == name and binding_site(name, index, scope)[0] == "none"


def _record(value, index, budget):
    """(class name, field -> value, "frozen dataclass"/"NamedTuple"/... or None when the class is
    not hashed by its fields) for ``Cls(...)`` of a dataclass/NamedTuple of the module with the
    generated ``__init__``, or ``dataclasses.replace(obj, field=...)`` of one; else None."""
    value = _resolve(value, index, budget)
    if value is None or not isinstance(value[0], cst.Call):
        return None
    call, scope, env = value
    if index.resolve(call.func, scope) == "dataclasses.replace":
        args = [a for a in call.args if not a.star]
        if len(args) != len(call.args) or not args or args[0].keyword is not None:
            return None
        base = _record((args[0].value, scope, env), index, budget)
        if base is None:
            return None
        cls, fields, hashed = base
        fields = dict(fields)
        for a in args[1:]:
            if a.keyword is None or a.keyword.value not in fields:
                return None
            fields[a.keyword.value] = (a.value, scope, env)
        return cls, fields, hashed
    from jitguard.lint.analysis.callsem import record_fields

    if not isinstance(call.func, cst.Name) or any(a.star for a in call.args):
        return None
    klass = index.classes.get(call.func.value)
    if klass is None or index.lookup_function(call.func.value, scope) is not None:
        return None
    names = record_fields(klass, lambda e: index.resolve(e, None))
    if names is None:
        return None
    fields: dict = dict.fromkeys(names)
    taken = _init_fields(klass, index)
    order = [f.name for f in taken if f.positional] if taken is not None else names
    positional = [a for a in call.args if a.keyword is None]
    if len(positional) > len(order):
        return None
    for name, a in zip(order, positional):
        fields[name] = (a.value, scope, env)
    for a in call.args:
        if a.keyword is not None:
            if a.keyword.value not in fields:
                return None
            fields[a.keyword.value] = (a.value, scope, env)
    return klass.name, fields, value_class(call, index, scope)


def _resolve(value, index, budget: list[int]):
    """The value behind names, attribute reads of records and calls of plain functions of the
    module: (expression, function, arguments) of what builds it; None when not sure."""
    while True:
        budget[0] -= 1
        if budget[0] < 0:
            return None
        expr, scope, env = value
        if isinstance(expr, cst.Name):
            if env is not None and expr.value in env:
                value = env[expr.value]
                continue
            found = bound_once(expr.value, index, scope)
            if found is not None:
                value = (found[0], found[1], env if found[1] is scope else ({} if found[1] is None else None))
                continue
            unpacked = unpacked_binding(expr.value, scope) if scope is not None else None
            if unpacked is not None and unpacked[1] is not None:  # a, b = f(...)
                made = _resolve((unpacked[0], scope, env), index, budget)
                if made is None or not isinstance(made[0], cst.Tuple) or unpacked[1] >= len(made[0].elements) or any(
                        isinstance(e, cst.StarredElement) for e in made[0].elements):
                    return None
                value = (made[0].elements[unpacked[1]].value, made[1], made[2])
                continue
            return value
        if isinstance(expr, cst.Attribute):
            record = _record((expr.value, scope, env), index, budget)
            if record is None or expr.attr.value not in record[1] or record[1][expr.attr.value] is None:
                return None
            value = record[1][expr.attr.value]
            continue
        if isinstance(expr, cst.Call):
            inlined = _inline_call(expr, scope, env, index)
            if inlined is None:
                return value
            value = inlined
            continue
        return value


def _inline_call(call: cst.Call, scope, env, index):
    """A call of a plain ``def`` of the module (not a class, no decorators, one ``return``, no
    parameter rebound in its body, no ``*args``/``**kwargs``): (what it returns, the def, its
    parameters bound to the call's arguments); else None."""
    from jitguard.lint.analysis.instances import own_returns
    from jitguard.lint.analysis.traceable import _scope_bindings

    if not isinstance(call.func, cst.Name) or call.func.value in index.classes:
        return None
    info = index.lookup_function(call.func.value, scope)
    if info is None or info.cls is not None or not isinstance(info.node, cst.FunctionDef) or info.node.decorators:
        return None
    if any(p.kind not in ("positional", "kwonly") for p in info.params) or any(a.star for a in call.args):
        return None
    returns = own_returns(info.node)
    if len(returns) != 1 or returns[0].value is None:
        return None
    if any(_scope_bindings(index, info.node.body, p.name) != [] for p in info.params):
        return None  # a parameter rebound (or declared global) in the body
    bound: dict = {}
    positional = [p.name for p in info.params if p.kind == "positional"]
    for i, a in enumerate(call.args):
        name = a.keyword.value if a.keyword is not None else (positional[i] if i < len(positional) else None)
        if name is None or info.param(name) is None:
            return None
        bound[name] = (a.value, scope, env)
    for p in info.params:
        if p.name not in bound:
            if p.default is None:
                return None
            bound[p.name] = (p.default, info.parent, {} if info.parent is None else None)
    return returns[0].value, info, bound
