"""What an instance of a class of the module is under a transform, whatever its leaves hold.

Two facts about Python objects that JAX rebuilds from a pytree (checked on JAX 0.10.2:
tests/test_pytrees_values.py):

* **Properties.** ``obj.prop`` runs the property's getter on the instance JAX rebuilt: when the
  getter reads only metadata (aux data, static fields), shapes of leaves or constants, its result
  is a Python value, as a method of ``self`` alone that does so (``callsem._reads_only_metadata``)::

      @property
      def res_beta(self):
          return self.grid_values.shape[-2]        # an int under jit

  ``type(obj.field)`` is the node's class, part of the tree structure, so a property returning
  ``{DataJAX: Impl.JAX, ...}[type(self.impl_data)]`` is a Python value too.

* **Truth value.** An instance of a class that defines neither ``__bool__`` nor ``__len__`` (nor
  inherits them) is always true, and None is false: ``if prefix:`` on a parameter annotated
  ``Optional[Prefix]``, ``Prefix`` a dataclass or registered pytree of the module, tests only
  whether one was passed (CONT extended to dataclasses). A class with ``__bool__``/``__len__``, a
  base we cannot see, a metaclass or a decorator that may add them stays unknown.
"""

from __future__ import annotations


import libcst as cst

from jitguard.lint.analysis import classtruth, walk
from jitguard.lint.analysis.lattice import Taint
from jitguard.lint.analysis.walk import children
from jitguard.lint.analysis.memo import PerIndex

_PROPERTY_DECORATORS = frozenset({"property", "functools.cached_property"})
_PROPERTIES = PerIndex()


def static_property(walker, owner: Taint, attr: str) -> bool:
    """``owner.attr`` where every member named ``attr`` of the module's classes is a property of
    ``self`` alone whose getter returns a Python value when ``self`` is ``owner``."""
    getters = _properties(walker.index).get(attr)
    if not getters:
        return False
    for getter in getters:
        if walker.analysis.summary(getter, {getter.positional[0].name: owner}) is not None:
            return False
    return True


def _properties(index) -> dict[str, list]:
    """attr -> the getters of the module's classes named ``attr``, for the names that are
    properties in every class defining them and are no class's field or instance attribute."""
    cached = _PROPERTIES.get(index)
    if cached is not None:
        return cached
    getters: dict[str, list] = {}
    other: set[str] = set()  # names some class uses for something else than a property
    for klass in index.classes.values():
        for name, method in klass.methods.items():
            node = method.node
            if (isinstance(node, cst.FunctionDef) and len(node.decorators) == 1
                    and index.resolve(node.decorators[0].decorator, method.parent) in _PROPERTY_DECORATORS
                    and method.is_method and len(method.params) == 1 and len(method.positional) == 1):
                getters.setdefault(name, []).append(method)
            else:
                other.add(name)
        other |= _fields_and_attributes(klass.node)
    result = {name: fns for name, fns in getters.items() if name not in other}
    _PROPERTIES[index] = result
    return result


def _fields_and_attributes(node: cst.ClassDef) -> set[str]:
    """Class-level names (fields, class attributes) and ``self.name = ...`` targets of a class."""
    names: set[str] = set()
    for stmt in node.body.body if isinstance(node.body, cst.IndentedBlock) else ():
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    names.add(small.target.value)
                elif isinstance(small, cst.Assign):
                    names.update(t.target.value for t in small.targets if isinstance(t.target, cst.Name))
    for n in walk.nodes_of(node.body, _ASSIGNS):  # (a set: the order does not matter)
        if type(n) not in _ASSIGNS:  # (the fallback walk yields every node; type tests: isinstance is slow)
            continue
        targets = tuple(t.target for t in n.targets) if type(n) is cst.Assign else (n.target,)
        targets = [e.value for t in targets for e in (t.elements if isinstance(t, (cst.Tuple, cst.List)) else ())] + list(targets)
        for t in targets:
            if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == "self":
                names.add(t.attr.value)
    return names


_ASSIGNS = frozenset({cst.Assign, cst.AnnAssign, cst.AugAssign})


# decorators that make a class a dataclass or register it as a pytree without giving it a truth
# value of its own (flax.struct.dataclass is dataclasses.dataclass plus a registration)
_PLAIN_DECORATORS = frozenset({
    "dataclasses.dataclass", "flax.struct.dataclass", "jax.tree_util.register_dataclass",
    "jax.tree.register_dataclass", "jax.tree_util.register_pytree_node_class",
    "jax.tree_util.register_pytree_with_keys_class", "jax.tree_util.register_static",
})
_TRUTH_METHODS = ("__bool__", "__len__")
_TRUTHY = PerIndex()


def truthy_instance_params(index, info) -> set[str]:
    """Parameters annotated as an instance of a class of the module whose truth value is always
    true (``Prefix``, ``Optional[Prefix]``, ``Prefix | None``): their truth value is static."""
    node = info.node
    if not isinstance(node, cst.FunctionDef):
        return set()
    out = set()
    for param in (*node.params.posonly_params, *node.params.params, *node.params.kwonly_params):
        if param.annotation is not None:
            klass = _optional_class(param.annotation.annotation)
            if klass is not None and (_always_true(index, klass, info) or _tree_class_true(index, klass, info)):
                out.add(param.name.value)
    return out


_RECORDS = PerIndex()


def _tree_class_true(index, name: str, scope) -> bool:
    """``name`` (``Provider`` imported, ``types.Provider``) resolves to a class another module of
    the checked tree defines, whose instances are always true (classtruth: the tree-wide scan)."""
    if name in index.classes:
        return False  # the module's own class: _always_true decided
    records = _RECORDS.of(index, classtruth.index_table)
    if name.rsplit(".", 1)[-1] not in records:
        return False
    head, _, rest = name.partition(".")
    resolved = index.resolve(cst.Name(head), scope)
    if resolved is None or resolved == head and "." not in resolved:
        return False  # not imported: a name we cannot place
    return classtruth.always_true(records, f"{resolved}.{rest}" if rest else resolved)


def mapping_alias_params(index, info) -> set[str]:
    """Parameters annotated (optionally or None) with a dict alias another module of the checked
    tree defines at its top level (``State = dict[str, jax.Array]``; classtruth records it): a
    dict, whose keys iterating it gives (static)."""
    node = info.node
    if not isinstance(node, cst.FunctionDef):
        return set()
    out = set()
    for param in (*node.params.posonly_params, *node.params.params, *node.params.kwonly_params):
        name = _optional_class(param.annotation.annotation) if param.annotation is not None else None
        if name is None or name in index.classes:
            continue
        records = _RECORDS.of(index, classtruth.index_table)
        head, _, rest = name.partition(".")
        resolved = index.resolve(cst.Name(head), info)
        if not rest and _local_mapping_alias(index, name):
            out.add(param.name.value)
        elif resolved is not None and (resolved != head or "." in resolved) and name.rsplit(".", 1)[-1] in records:
            if classtruth.mapping_alias(records, f"{resolved}.{rest}" if rest else resolved):
                out.add(param.name.value)
    return out


def _local_mapping_alias(index, name: str) -> bool:
    """``name`` is bound once in the module, to a dict type (``State = dict[str, jax.Array]``)."""
    values = index.assigned_names(None).get(name, [])
    if len(values) != 1 or not isinstance(values[0], cst.Subscript):
        return False
    base = values[0].value
    last = base.attr.value if isinstance(base, cst.Attribute) else base.value if isinstance(base, cst.Name) else ""
    return last in ("dict", "Dict", "Mapping", "MutableMapping", "OrderedDict")


def _optional_class(expr: cst.BaseExpression) -> str | None:
    """``X``, ``Optional[X]``, ``X | None``, ``Union[X, None]`` -> "X" (a plain name)."""
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
        rest = [e for e in (expr.left, expr.right) if not (isinstance(e, cst.Name) and e.value == "None")]
        return _optional_class(rest[0]) if len(rest) == 1 else None
    if isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Name) and expr.value.value in ("Optional", "Union"):
        items = [e.slice.value for e in expr.slice if isinstance(e.slice, cst.Index)]
        rest = [e for e in items if not (isinstance(e, cst.Name) and e.value == "None")]
        if len(items) == len(expr.slice) and len(rest) == 1 and (expr.value.value == "Union") == (len(items) == 2):
            return _optional_class(rest[0])
        return None
    if isinstance(expr, cst.SimpleString) and isinstance(expr.evaluated_value, str) and expr.evaluated_value.isidentifier():
        return expr.evaluated_value  # "Prefix": a forward reference
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
        return f"{expr.value.value}.{expr.attr.value}"  # types.Provider: a class of another module
    return expr.value if isinstance(expr, cst.Name) else None


def _always_true(index, name: str, scope, seen: frozenset[str] = frozenset()) -> bool:
    """Is every instance of the module's class ``name`` true: no ``__bool__``/``__len__`` in it or
    its bases (all of the module, or ``object``), no metaclass, only decorators known not to add
    them."""
    cache = _TRUTHY.table(index)
    if name in cache:
        return cache[name]
    klass = index.classes.get(name)
    result = False
    if klass is not None and name not in seen and not klass.node.keywords:
        node = klass.node
        defined = set(klass.methods) | _fields_and_attributes(node)
        decorators_ok = all(
            index.resolve(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator, None) in _PLAIN_DECORATORS
            or _partial_of_plain(index, d.decorator)
            for d in node.decorators
        )
        bases_ok = all(
            a.keyword is None and a.star == "" and isinstance(a.value, cst.Name)
            and (a.value.value == "object" or _always_true(index, a.value.value, scope, seen | {name}))
            for a in node.bases
        )
        result = decorators_ok and bases_ok and not defined.intersection(_TRUTH_METHODS)
    cache[name] = result
    return result


def _partial_of_plain(index, decorator: cst.BaseExpression) -> bool:
    """``@functools.partial(jax.tree_util.register_dataclass, data_fields=..., meta_fields=...)``."""
    return (isinstance(decorator, cst.Call) and index.resolve(decorator.func, None) == "functools.partial"
            and bool(decorator.args) and index.resolve(decorator.args[0].value, None) in _PLAIN_DECORATORS)


# -- where an instance is built: the constructor call behind a name or a factory ------------------
_FACTORY_DECORATORS = frozenset({"staticmethod", "classmethod"})


def constructed_instance(expr: cst.BaseExpression, index, scope, depth: int = 0):
    """The call that builds the instance ``expr`` (written in ``scope``) evaluates to, when the
    source shows it: ``Cls(...)``; a name bound once to one; a factory of the module that returns
    one (``Cls.build()``, a ``staticmethod``/``classmethod`` whose only ``return`` gives
    ``Cls(...)``/``cls(...)`` or a name bound once to it; a module function likewise). Returns
    (the class's name, the constructor call, the function it is written in, the node that stands
    for this instance: each evaluation of it builds a new one), or None."""
    if depth > 4:
        return None
    if isinstance(expr, cst.Name):
        from jitguard.lint.analysis.hashability import bound_once

        found = bound_once(expr.value, index, scope)
        if found is None:
            return None
        made = constructed_instance(found[0], index, found[1], depth + 1)
        return (*made[:3], found[0]) if made is not None else None
    if not isinstance(expr, cst.Call):
        return None
    func = expr.func
    if isinstance(func, cst.Name) and func.value in index.classes and index.lookup_function(func.value, scope) is None:
        return func.value, expr, scope, expr
    factory = _factory(func, index, scope)
    if factory is None:
        return None
    info, owner = factory
    returns = own_returns(info.node)
    if len(returns) != 1 or returns[0].value is None:
        return None
    value = returns[0].value
    if owner is not None and isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value == (
            info.positional[0].name if info.is_method and info.positional else None):
        return owner, value, info, expr  # return cls(...) in a classmethod
    made = constructed_instance(value, index, info, depth + 1)
    return (*made[:3], expr) if made is not None else None


def _factory(func: cst.BaseExpression, index, scope):
    """The function a factory call runs: ``Cls.build`` (a ``staticmethod`` or ``classmethod`` of a
    class of the module, not overridden: no class of the module derives from it) -> (its info,
    the class name when it is a classmethod); a module-level def -> (its info, None)."""
    if isinstance(func, cst.Name):
        info = index.lookup_function(func.value, scope)
        if info is None or info.cls is not None or not isinstance(info.node, cst.FunctionDef):
            return None
        return info, None
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value in index.classes):
        return None
    klass = index.classes[func.value.value]
    info = klass.methods.get(func.attr.value)
    if info is None or not isinstance(info.node, cst.FunctionDef) or len(info.node.decorators) != 1:
        return None
    decorator = index.resolve(info.node.decorators[0].decorator, None)
    if decorator not in _FACTORY_DECORATORS or index.has_subclass(klass):
        return None
    return info, (klass.name if decorator == "classmethod" else None)


def own_returns(node: cst.FunctionDef) -> list[cst.Return]:
    """The ``return`` statements of ``node``'s own body (not of functions or classes nested in it)."""
    out, stack = [], [node.body]
    while stack:  # through the statements only: an expression holds no statement
        n = stack.pop()
        kind = type(n)  # (type tests: none of these classes has subclasses)
        if kind is cst.Return:
            out.append(n)
        elif kind in _HOLD_STATEMENTS:
            stack.extend(children(n))
    return out


# the nodes a statement can be in (a def or a class body is another function's)
_HOLD_STATEMENTS = frozenset({
    cst.IndentedBlock, cst.SimpleStatementSuite, cst.SimpleStatementLine, cst.If, cst.Else, cst.For, cst.While,
    cst.With, cst.Try, cst.TryStar, cst.ExceptHandler, cst.ExceptStarHandler, cst.Finally, cst.Match, cst.MatchCase,
})


def returned_tuple(call: cst.BaseExpression, index, scope):
    """``make_fns(...)`` where ``make_fns`` is a module-level def whose only ``return`` gives a
    tuple literal (``return init, update, get``): (its elements, the def they are written in), what
    ``Record(*make_fns(...))`` unpacks; else None."""
    if not isinstance(call, cst.Call):
        return None
    factory = _factory(call.func, index, scope)
    if factory is None or factory[1] is not None:
        return None
    info = factory[0]
    returns = own_returns(info.node)
    if len(returns) != 1 or not isinstance(returns[0].value, cst.Tuple):
        return None
    elements = returns[0].value.elements
    if any(isinstance(e, cst.StarredElement) for e in elements):
        return None
    return [e.value for e in elements], info
