"""Aux fields of the classes a registration sorts by annotation, on receivers of known class.

``pytree_annot.resolve`` finds the classes registered by a flatten that keeps every field not
annotated ``jax.Array`` in the aux data (mujoco-mjx's ``PyTreeNode``), with their aux fields. Under
``jax.jit`` such a field keeps its Python value, but only on an instance of that class: the same
name on another object (``state.count`` of a NamedTuple, whose fields are all leaves) is traced.
So ``x.a`` is static here only when ``x`` is known to be an instance of those classes:

* a parameter of the walked function, never rebound there, annotated with the class
  (``d: Data``, ``Optional[Data]``, ``"Data"``), or ``self`` in a method of the class;
* ``y.f`` with ``y`` such a receiver and ``f`` a field of its class annotated only with such
  classes (``contact: Contact``, ``_impl: Union[DataJAX, DataWarp]``). A class of the union whose
  body binds no ``f`` (and whose only base is the registrar's) has no attribute ``f``: reading it
  there raises, so it is left out.

* a local name bound once, to such a receiver (``t = s``, ``contact = d.contact``).

``x.a`` is static when every class ``x`` may be has ``a`` among its aux fields. A receiver known
to be something else (a parameter annotated with another class, ``opts: AdamState``; a field
annotated with another class) gives a traced ``x.a``. A receiver of unknown class (an
unannotated parameter, a loop variable, what a helper returns) is judged by the name alone: static
when ``a`` is an aux field of those classes and no other class of this module declares it
(``nconstraint`` of the registered ``State``), traced when one does (``count`` of a NamedTuple
``AdamState`` of the module: ``state.count`` may be its leaf). Checked on JAX 0.10.2:
tests/precision_cases/pytree_meta_by_annotation*.py (static on the class's instances),
tests/test_pytree_annot.py (the same name on a NamedTuple is a tracer: TracerBoolConversionError)
and tests/test_review_s8_values.py (aliases, loop variables: static).
"""

from __future__ import annotations

import weakref

import libcst as cst

from jitguard.lint.analysis.walk import iter_nodes

_TABLES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # index -> {qualname: record}
_OTHERS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # index -> fields of other classes
_DEPTH = 6
# a receiver class that is not one of the annotation-sorted classes (a NamedTuple, an array, ...)
_OTHER = "<another class>"
# annotations that say nothing of the class
_UNTYPED = frozenset({"typing.Any", "object", "Any"})


def aux_names(index) -> frozenset[str]:
    """Every aux field name of the classes: the attributes worth resolving a receiver for."""
    table = _table(index)
    return frozenset(n for record in table.values() for n in record[1])


def is_static_field(walker, owner: cst.BaseExpression, attr: str) -> bool:
    """``owner.attr`` is an aux field of every class ``owner`` may be an instance of."""
    table = _table(walker.index)
    if not table:
        return False
    classes = _receiver(walker, owner, table, _DEPTH)
    if classes is None:  # not known: the name decides (an aux field no other class here declares)
        return attr not in _other_fields(walker.index)
    return bool(classes) and all(c != _OTHER and attr in table[c][1] for c in classes)


def _other_fields(index) -> frozenset[str]:
    """The names the module's other classes (not annotation-sorted) declare as fields: annotated
    or assigned in the class body, or stored as ``self.<name>`` by a method."""
    found = _OTHERS.get(index)
    if found is None:
        table = _table(index)
        names: set[str] = set()
        for klass in index.classes.values():
            if _lookup(f"{_module(index)}.{klass.name}", table) is None:
                names |= _declared(klass.node)
        found = _OTHERS[index] = frozenset(names)
    return found


def _declared(node: cst.ClassDef) -> set[str]:
    """The names bound directly in the class body, and those its methods store as ``self.<name>``."""
    out: set[str] = set()
    for item in iter_nodes(node.body):
        targets = [item.target] if isinstance(item, cst.AnnAssign) else [
            t.target for t in item.targets] if isinstance(item, cst.Assign) else []
        for target in targets:
            for el in target.elements if isinstance(target, (cst.Tuple, cst.List)) else [target]:
                el = getattr(el, "value", el)
                if isinstance(el, cst.Attribute) and isinstance(el.value, cst.Name) and el.value.value == "self":
                    out.add(el.attr.value)
    for line in node.body.body:
        for item in getattr(line, "body", ()) if isinstance(line, cst.SimpleStatementLine) else ():
            if isinstance(item, cst.AnnAssign) and isinstance(item.target, cst.Name):
                out.add(item.target.value)
            elif isinstance(item, cst.Assign):
                out.update(t.target.value for t in item.targets if isinstance(t.target, cst.Name))
    return out


def _table(index) -> dict:
    table = _TABLES.get(index)
    if table is None:
        table = {record[0]: record for record in getattr(index, "annotated_classes", ())}
        _TABLES[index] = table
    return table


def _receiver(walker, expr: cst.BaseExpression, table: dict, depth: int) -> set[str] | None:
    """The qualified names of the classes ``expr`` may be an instance of; None when not known."""
    if depth <= 0:
        return None
    if isinstance(expr, cst.Name):
        return _of_name(walker, expr.value, table, depth)
    if isinstance(expr, cst.Attribute):
        inner = _receiver(walker, expr.value, table, depth - 1)
        if not inner or _OTHER in inner:
            return None
        out: set[str] = set()
        for qualname in inner:
            record = table[qualname]
            allowed = dict(record[2]).get(expr.attr.value)
            if allowed is not None:
                # a class of the annotation that is not one of them: another class
                out.update(_lookup(c, table) or _OTHER for c in allowed)
            elif not (record[4] and expr.attr.value not in record[3]):
                return None  # the attribute may be anything there
        return out or None
    return None


def _of_name(walker, name: str, table: dict, depth: int = _DEPTH) -> set[str] | None:
    info = walker.info
    if info is None or not isinstance(info.node, cst.FunctionDef):
        return None
    if info.param(name) is None:
        return _of_alias(walker, name, table, depth)
    if name in walker.index.assigned_names(info):
        return None  # rebound in the function: not the argument any more
    params = info.node.params
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    if info.is_method and info.cls is not None and every and every[0].name.value == name:
        if any(walker.index.resolve(d.decorator, info.parent) == "classmethod" for d in info.node.decorators):
            return None
        found = _lookup(f"{_module(walker.index)}.{info.cls.name}", table)
        return {found} if found is not None else None
    param = next((p for p in every if p.name.value == name), None)
    if param is None or param.annotation is None:
        return None
    names = _annotation_classes(walker.index, param.annotation.annotation, info.parent)
    if not names or any(n in _UNTYPED for n in names):
        return None
    return {_lookup(n, table) or _OTHER for n in names}


def _of_alias(walker, name: str, table: dict, depth: int) -> set[str] | None:
    """A local name of the walked function bound once, by ``name = <receiver>`` (``t = s``,
    ``contact = d.contact``): the classes of that receiver."""
    from jitguard.lint.analysis.traceable import _scope_bindings

    values = _scope_bindings(walker.index, walker.info.node.body, name)
    if values is None or len(values) != 1 or not isinstance(values[0], (cst.Name, cst.Attribute)):
        return None
    return _receiver(walker, values[0], table, depth - 1)


def _annotation_classes(index, expr: cst.BaseExpression, scope) -> list[str] | None:
    """Qualified class names a parameter annotation allows (``C``, ``"C"``, ``Optional[C]``,
    ``Union[C, D]``, ``C | None``); None for anything else."""
    if isinstance(expr, cst.SimpleString):
        text = expr.evaluated_value if isinstance(expr.evaluated_value, str) else ""
        try:
            expr = cst.parse_expression(text)
        except cst.ParserSyntaxError:
            return None
    if isinstance(expr, cst.Name) and expr.value == "None":
        return []
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
        left, right = _annotation_classes(index, expr.left, scope), _annotation_classes(index, expr.right, scope)
        return None if left is None or right is None else left + right
    if isinstance(expr, cst.Subscript) and index.resolve(expr.value, scope) in ("typing.Optional", "typing.Union"):
        out: list[str] = []
        for element in expr.slice:
            if not isinstance(element.slice, cst.Index):
                return None
            more = _annotation_classes(index, element.slice.value, scope)
            if more is None:
                return None
            out += more
        return out
    if isinstance(expr, (cst.Name, cst.Attribute)):
        qualified = index.resolve(expr, scope)
        if qualified is None:
            return None
        if "." not in qualified:
            qualified = f"{_module(index)}.{qualified}"
        return [qualified]
    return None


def _module(index) -> str:
    name = index.imports.module_name
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def _lookup(qualname: str, table: dict) -> str | None:
    """The table's name for ``qualname``, also when one of them lies in a namespace package (its
    module name lacks the outer packages the other names)."""
    if qualname in table:
        return qualname
    found = [q for q in table if q.endswith("." + qualname) or qualname.endswith("." + q)]
    return found[0] if len(found) == 1 else None
