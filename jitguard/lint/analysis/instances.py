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

import weakref

import libcst as cst

from jitguard.lint.analysis.lattice import Taint

_PROPERTY_DECORATORS = frozenset({"property", "functools.cached_property"})
_PROPERTIES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


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
    stack: list[cst.CSTNode] = [node.body]
    while stack:
        n = stack.pop()
        targets = ()
        if isinstance(n, cst.Assign):
            targets = tuple(t.target for t in n.targets)
        elif isinstance(n, (cst.AnnAssign, cst.AugAssign)):
            targets = (n.target,)
        targets = [e.value for t in targets for e in (t.elements if isinstance(t, (cst.Tuple, cst.List)) else ())] + list(targets)
        for t in targets:
            if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == "self":
                names.add(t.attr.value)
        stack.extend(n.children)
    return names


# decorators that make a class a dataclass or register it as a pytree without giving it a truth
# value of its own (flax.struct.dataclass is dataclasses.dataclass plus a registration)
_PLAIN_DECORATORS = frozenset({
    "dataclasses.dataclass", "flax.struct.dataclass", "jax.tree_util.register_dataclass",
    "jax.tree.register_dataclass", "jax.tree_util.register_pytree_node_class",
    "jax.tree_util.register_pytree_with_keys_class", "jax.tree_util.register_static",
})
_TRUTH_METHODS = ("__bool__", "__len__")
_TRUTHY: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


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
            if klass is not None and _always_true(index, klass, info):
                out.add(param.name.value)
    return out


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
    return expr.value if isinstance(expr, cst.Name) else None


def _always_true(index, name: str, scope, seen: frozenset[str] = frozenset()) -> bool:
    """Is every instance of the module's class ``name`` true: no ``__bool__``/``__len__`` in it or
    its bases (all of the module, or ``object``), no metaclass, only decorators known not to add
    them."""
    cache = _TRUTHY.setdefault(index, {})
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
