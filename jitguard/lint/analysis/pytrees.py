"""Pytree metadata: the attributes a pytree registration keeps out of the traced leaves.

Under ``jax.jit``/``vmap`` a registered pytree is flattened: its *data* fields become tracers, its
*metadata* fields stay the Python values they were (they are part of the tree structure, so JAX
compiles once per distinct value). A condition on metadata, ``range(obj.num_layers)`` or
``jnp.zeros(obj.size)``, is fine. The registrations read here (the facts are checked against JAX by
tests/test_jaxapi_claims.py and tests/precision_cases/pytree_metadata.py):

* ``jax.tree_util.register_dataclass(cls, data_fields=..., meta_fields=...)``, as a call or as a
  decorator through ``functools.partial``;
* ``dataclasses.field(metadata={"static": True})`` on a ``register_dataclass`` class;
* ``flax.struct.field(pytree_node=False)`` and ``equinox.field(static=True)`` (read by the module
  index), and ``static_field()`` helpers (``flax.struct``, jax-md);
* ``@register_pytree_node_class``: the attributes ``tree_flatten`` returns as aux data;
* ``register_pytree_node(cls, flatten, unflatten)`` / ``register_pytree_with_keys``: the
  attributes the flatten function (a lambda or a def) returns as aux data
  (jitguard.lint.analysis.pytree_aux, also run on every file by the tree-wide text scan).

The result is a set of attribute names, per module: an attribute with one of these names, read
on a traced object, is static. Methods and properties that read only such attributes (and shapes)
are found by the walker's call summaries (``CallSemantics``).
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import fieldmeta
from jitguard.lint.analysis.imports import ImportTable
from jitguard.lint.analysis.jaxapi import REGISTER_DATACLASS, REGISTER_NODE, REGISTER_NODE_CLASS
from jitguard.lint.analysis.pytree_aux import aux_attributes, aux_attributes_by_class
from jitguard.lint.analysis.walk import iter_nodes



def metadata_fields(module: cst.Module, imports: ImportTable, source: str | None = None) -> set[str]:
    """Names of the attributes that the module's pytree registrations declare as metadata
    (``source``: the text ``module`` was parsed from, if known; else libcst writes it again)."""
    names: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, cst.ClassDef):
            names |= _class_metadata(stmt, imports)
        elif isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                value = small.value if isinstance(small, (cst.Expr, cst.Assign)) else None
                if isinstance(value, cst.Call) and imports.resolve(value.func) in REGISTER_DATACLASS:
                    names |= _strings(_argument(value, "meta_fields", 2))
    if _registers_nodes(module, imports):  # register_pytree_node(Cls, lambda x: ((x.array,), x.irreps), ...): aux data
        names |= aux_attributes(module.code if source is None else source)
    return names


def _class_metadata(node: cst.ClassDef, imports: ImportTable) -> set[str]:
    names: set[str] = set()
    for dec in node.decorators:
        d = dec.decorator
        target = d.func if isinstance(d, cst.Call) else d
        name = imports.resolve(target)
        if name == "functools.partial" and isinstance(d, cst.Call) and d.args:
            name = imports.resolve(d.args[0].value)
            if name in REGISTER_DATACLASS:
                names |= _strings(_argument(d, "meta_fields", 2))
        if name in REGISTER_NODE_CLASS:
            names |= _aux_attributes(node)
    return names | _fields_declared_static(node, imports)


def _fields_declared_static(node: cst.ClassDef, imports: ImportTable) -> set[str]:
    """``x: T = field(metadata={"static": True})`` (as the class's registration reads it), ``static_field()``."""
    keys = fieldmeta.static_keys(node, imports)
    return {small.target.value for stmt in node.body.body if isinstance(stmt, cst.SimpleStatementLine)
            for small in stmt.body if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name)
            and isinstance(small.value, cst.Call) and _static_field(small.value, imports, keys)}


def _static_field(call: cst.Call, imports: ImportTable, keys: dict[str, str] | None) -> bool:
    """``field(metadata={"static": True})`` on a class whose registration reads that key
    (``keys``: jitguard.lint.analysis.fieldmeta.static_keys; None: no registration known here),
    ``eqx.field(static=True)`` on an ``equinox.Module``, or ``static_field()``."""
    name = imports.resolve(call.func) or ""
    if name.rsplit(".", 1)[-1] == "static_field":
        return True
    if name == "equinox.field" and keys is not None and "static" in keys:  # eqx.field(static=True): metadata["static"]
        return any(a.keyword is not None and a.keyword.value == "static" and isinstance(a.value, cst.Name)
                   and a.value.value == "True" for a in call.args)
    return keys is not None and fieldmeta.static_by_metadata(call, keys)


def _aux_attributes(node: cst.ClassDef) -> set[str]:
    """``def tree_flatten(self): return (self.a, self.b), (self.n, self.m)``: {"n", "m"}."""
    for stmt in node.body.body:
        if isinstance(stmt, cst.FunctionDef) and stmt.name.value == "tree_flatten":
            for n in iter_nodes(stmt.body):
                if isinstance(n, cst.Return) and isinstance(n.value, cst.Tuple) and len(n.value.elements) == 2:
                    aux = n.value.elements[1].value
                    return {a.attr.value for a in iter_nodes(aux)
                            if isinstance(a, cst.Attribute) and isinstance(a.value, cst.Name) and a.value.value == "self"}
    return set()


def _argument(call: cst.Call, keyword: str, position: int | None) -> cst.BaseExpression | None:
    for i, arg in enumerate(call.args):
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
        if arg.keyword is None and position is not None and i == position:
            return arg.value
    return None


def _strings(expr: cst.BaseExpression | None) -> set[str]:
    if isinstance(expr, (cst.List, cst.Tuple, cst.Set)):
        return {e.value.evaluated_value for e in expr.elements
                if isinstance(e.value, cst.SimpleString) and isinstance(e.value.evaluated_value, str)}
    return set()


def metadata_parameters(module: cst.Module, imports: ImportTable,
                        source: str | None = None) -> dict[str, tuple[tuple[int, ...], tuple[str, ...]]]:
    """For each registered pytree class of the module, the constructor arguments that land in its
    metadata: class name -> (positions, keywords). ``@register_pytree_node_class`` classes: the
    ``__init__`` parameters stored (``self.a = a``) in an attribute that ``tree_flatten`` returns as
    aux data; ``register_dataclass(cls, meta_fields=...)`` dataclasses: the fields, in order.
    A JAX or NumPy array there breaks the compile cache: JAX compares metadata with ``==``."""
    out: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {}
    classes = {stmt.name.value: stmt for stmt in module.body if isinstance(stmt, cst.ClassDef)}
    registered = _registered_dataclasses(module, imports)
    flattened = aux_attributes_by_class(module.code if source is None else source) if _registers_nodes(module, imports) else {}
    for name, node in classes.items():
        decorated_meta, node_class = _decorator_registration(node, imports)
        meta = set(registered.get(name, ())) | decorated_meta | _per_field_metadata(node, imports)
        if node_class:
            spec = _init_parameters(node, _aux_attributes(node))
        elif meta:
            spec = _field_parameters(node, meta)
        elif name in flattened:  # register_pytree_node(Cls, flatten, unflatten): the flatten's aux data
            spec = (_init_parameters(node, flattened[name]) if _defines_init(node)
                    else _field_parameters(node, flattened[name]))
        else:
            continue
        if spec[1]:
            out[name] = spec
    return out


def _defines_init(node: cst.ClassDef) -> bool:
    return any(isinstance(s, cst.FunctionDef) and s.name.value == "__init__" for s in node.body.body)


def _registers_nodes(module: cst.Module, imports: ImportTable) -> bool:
    """Does a statement of the module call ``register_pytree_node``/``register_pytree_with_keys``
    (cheap: the module's source is parsed again only then)?"""
    return next(node_registrations(module, imports), None) is not None


def node_registrations(module: cst.Module, imports: ImportTable):
    """The module-level calls of ``register_pytree_node``/``register_pytree_with_keys`` (a
    statement of their own, or assigned), in order: the one reading of them (``unflatten_hooks``
    reads each class's)."""
    for stmt in module.body:
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if isinstance(small, (cst.Expr, cst.Assign)) and isinstance(small.value, cst.Call) \
                    and imports.resolve(small.value.func) in REGISTER_NODE:
                yield small.value


def _registered_dataclasses(module: cst.Module, imports: ImportTable) -> dict[str, set[str]]:
    """The module-level ``register_dataclass(Foo, meta_fields=[...])`` calls: class name -> its
    metadata field names."""
    registered: dict[str, set[str]] = {}
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                value = small.value if isinstance(small, (cst.Expr, cst.Assign)) else None
                if isinstance(value, cst.Call) and imports.resolve(value.func) in REGISTER_DATACLASS and value.args:
                    target = value.args[0].value
                    if isinstance(target, cst.Name):
                        registered[target.value] = _strings(_argument(value, "meta_fields", 2))
    return registered


def _per_field_metadata(node: cst.ClassDef, imports: ImportTable) -> set[str]:
    """Fields declared metadata one by one (``field(metadata=dict(static=True))`` on a
    ``register_dataclass`` class, ``static_field()``): the dataclass's generated ``__init__``
    takes them in field order (a class writing its own ``__init__``: not read)."""
    if _defines_init(node):
        return set()
    return _fields_declared_static(node, imports)


def _decorator_registration(node: cst.ClassDef, imports: ImportTable) -> tuple[set[str], bool]:
    """What the class's decorators register: (the metadata fields of
    ``@partial(register_dataclass, meta_fields=[...])``, whether it is a
    ``@register_pytree_node_class``)."""
    meta: set[str] = set()
    node_class = False
    for dec in node.decorators:
        d = dec.decorator
        resolved = imports.resolve(d.func if isinstance(d, cst.Call) else d)
        if resolved == "functools.partial" and isinstance(d, cst.Call) and d.args:
            if imports.resolve(d.args[0].value) in REGISTER_DATACLASS:
                meta |= _strings(_argument(d, "meta_fields", 2))
        node_class = node_class or resolved in REGISTER_NODE_CLASS
    return meta, node_class


def _field_parameters(node: cst.ClassDef, meta: set[str]) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The dataclass fields (annotated class attributes, in order) among ``meta``: (positions, names)."""
    fields = [s.target.value for stmt in node.body.body if isinstance(stmt, cst.SimpleStatementLine)
              for s in stmt.body if isinstance(s, cst.AnnAssign) and isinstance(s.target, cst.Name)]
    return tuple(i for i, f in enumerate(fields) if f in meta), tuple(f for f in fields if f in meta)


def _stored_pairs(assign: cst.Assign):
    """(target, value) pairs of an assignment: ``self.a = a``, and ``self.a, self.b = a, b``
    element by element."""
    for t in assign.targets:
        target, value = t.target, assign.value
        if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)):
            if len(target.elements) == len(value.elements) and not any(
                    isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements)):
                yield from ((a.value, b.value) for a, b in zip(target.elements, value.elements))
        else:
            yield target, value


def _init_parameters(node: cst.ClassDef, attributes: set[str]) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The ``__init__`` parameters stored unchanged in one of ``attributes`` (``self.a = a``)."""
    for stmt in node.body.body:
        if isinstance(stmt, cst.FunctionDef) and stmt.name.value == "__init__":
            params = [p.name.value for p in (*stmt.params.posonly_params, *stmt.params.params)][1:]
            stored = set()
            for n in iter_nodes(stmt.body):
                if isinstance(n, cst.Assign):
                    for target, value in _stored_pairs(n):
                        if (isinstance(value, cst.Name) and value.value in params and isinstance(target, cst.Attribute)
                                and isinstance(target.value, cst.Name) and target.value.value == "self"
                                and target.attr.value in attributes):
                            stored.add(value.value)
            return tuple(i for i, p in enumerate(params) if p in stored), tuple(p for p in params if p in stored)
    return (), ()
