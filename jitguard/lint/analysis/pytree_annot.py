"""Pytree registrations that sort a dataclass's fields by their annotations.

A project can register its dataclasses with its own flatten function that decides, field by
field, from the field's annotation: children for the fields whose type holds ``jax.Array``, aux
data for every other field (mujoco-mjx's ``PyTreeNode``)::

    def _holds_array(typ):
        if typ is jax.Array:
            return True
        if typing.get_origin(typ) in (tuple, list, dict, Union):
            return any(_holds_array(t) for t in typing.get_args(typ))
        return False

    def register(clz):
        clz = dataclasses.dataclass(frozen=True)(clz)
        meta, data = [], []
        for field in dataclasses.fields(clz):
            if _holds_array(field.type):
                data.append(field)
            else:
                meta.append(field)
        def flatten(x):
            return tuple(getattr(x, f.name) for f in data), tuple(getattr(x, f.name) for f in meta)
        jax.tree_util.register_pytree_with_keys(clz, flatten, unflatten)
        return clz

    class PyTreeNode:
        def __init_subclass__(cls, **kw):
            register(cls)

Under ``jax.jit`` the aux data keeps its Python values (checked on JAX 0.10.2:
tests/precision_cases/pytree_meta_by_annotation*.py), so a field annotated ``np.ndarray`` or
``int`` of such a class is static, and a field annotated ``jax.Array`` is a tracer
(tests/precision_cases/true_pytree_data_by_annotation.py).

What is read, as facts about the code rather than names:

* the registrar: a module-level function ``F(cls, ...)`` that partitions ``dataclasses.fields``
  of the class (or of what a call on it returns) into lists by a test on ``field.type`` (a loop
  with ``if test: A.append(f) else: B.append(f)``, or comprehensions ``[f for f in fields(c) if
  test]``), and registers the class (``register_pytree_node``/``register_pytree_with_keys`` with
  a nested flatten def, or ``register_dataclass(data_fields=..., meta_fields=...)``) so that the
  children use only the lists of fields that pass the test and the aux data only those that fail
  it. The test is ``f.type is jax.Array`` (``==``, negations), or a call of a module-level
  predicate whose only way to return True is ``typ is jax.Array`` or ``any(pred(...))`` over
  ``typing.get_args(typ)``/``dataclasses.fields(typ)``. A class is registered by ``@F`` or by
  deriving directly from a class of F's module whose ``__init_subclass__`` calls ``F(cls)``.
* the fields: an annotation made only of builtins, ``numpy`` names, ``typing`` constructs,
  ``None`` and ``...`` holds no ``jax.Array`` whatever the predicate recurses into, so the field
  is aux data. Anything else (``jax.Array``, a string annotation, a class of the project or of
  another library, a module with ``from __future__ import annotations``, where every annotation
  is a string) is not read as metadata. A field name that is metadata in one class registered
  this way and not in another is not reported as metadata.

Two steps, both with the standard library only (``ast``; the tree-wide text scan runs them): each
file's scan names the registrars it defines (``registrar_entries``, entries of
``textscan.metadata_names`` marked with ``MARK``); once the whole tree is scanned,
``resolve`` reads the fields of the classes that use them, in the files that name them. The aux
fields stay per class (never tree-wide names: ``count`` of a NamedTuple is a leaf); the walker
applies them to receivers known to be instances of those classes (``analysis/annotated.py``).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable

from jitguard.lint.analysis.jaxapi import REGISTER_NODE_NAMES
from jitguard.lint.analysis.leafnodes import flattens_to_nothing, module_ast, no_children

MARK = "\x00pytree-by-annotation:"
# a registrar that keeps every field of the class in the aux data: ALL_AUX + name + "=" + the
# parameter whose Ellipsis argument asks for it ("" when every application does)
ALL_AUX = MARK + "\x00all-aux:"

_JAX_ARRAY = frozenset({"jax.Array", "jax.numpy.ndarray"})
_FIELDS = frozenset({"dataclasses.fields"})
_BUILTINS = frozenset({"int", "float", "bool", "str", "bytes", "complex", "tuple", "list", "dict", "set",
                       "frozenset", "type", "object"})
_TYPING = frozenset({"Tuple", "List", "Dict", "Set", "FrozenSet", "Optional", "Union", "Sequence", "Mapping",
                     "Any", "Callable", "Iterable", "Type"})


def registrar_entries(source: str) -> set[str]:
    """``MARK + name`` for each registrar of the module: a function sorting the fields of the
    class it registers by annotation (used as ``@name``), or a class whose ``__init_subclass__``
    calls one (used as a base)."""
    try:
        tree = module_ast(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    imports = _imports(tree)
    defs = {s.name: s for s in tree.body if isinstance(s, ast.FunctionDef)}
    entries = {f"{ALL_AUX}{name}={flag}" for name, fn in defs.items()
               if (flag := _all_aux_parameter(fn)) is not None}
    if "fields(" not in source:
        return entries
    predicates = {name for name, fn in defs.items() if _searches_for_array(fn, imports)}
    registrars = {name for name, fn in defs.items() if _sorts_by_annotation(fn, imports, predicates)}
    names = set(registrars)
    for stmt in tree.body:
        if isinstance(stmt, ast.ClassDef) and _init_subclass_registers(stmt, registrars):
            names.add(stmt.name)
    return entries | {MARK + n for n in names}


def resolve(fields: set[str], marked: Iterable[tuple[str, str]], paths: Iterable[str],
            module_of: Callable[[str], str], read: Callable[[str], str]) -> tuple[set[str], tuple]:
    """(``fields`` without the marked entries, the classes registered by the marked registrars
    (``marked``: (path of the defining file, entry)), read in the files of ``paths`` that name one
    of them). The metadata fields of those classes are not added to the tree-wide names: a name
    such as ``count`` is aux data of these classes only, and ``x.count`` of any other object (a
    NamedTuple state) is a leaf. Each class is ``(qualified name, aux fields, class fields,
    bound names, closed)``: aux fields (a name that is a child in another class registered this
    way left out), ``class fields`` (field, qualified names of the classes its annotation allows)
    where the annotation is only classes, None, ``Optional``/``Union``; every name its body binds,
    and ``closed`` when its bases are the registrar's alone (it has no other attribute)."""
    plain = {f for f in fields if not f.startswith(MARK)}
    marked = list(marked)
    every = {f"{_package_module(module_of(path))}.{entry[len(ALL_AUX):]}" for path, entry in marked
             if entry.startswith(ALL_AUX)}
    if every:
        plain |= _all_aux_fields(every, paths, module_of, read)
    registrars = {f"{_package_module(module_of(path))}.{entry[len(MARK):]}" for path, entry in marked
                  if not entry.startswith(ALL_AUX)}
    if not registrars:
        return plain, ()
    words = {q.rpartition(".")[2] for q in registrars}
    other: set[str] = set()
    classes: list[tuple] = []
    for path in paths:
        text = read(path)
        if not any(w in text for w in words):
            continue
        o, found = _class_fields(text, _package_module(module_of(path)), registrars)
        other |= o
        classes.extend(found)
    return plain, tuple(sorted((q, tuple(sorted(set(aux) - other)), refs, names, closed)
                               for q, aux, refs, names, closed in classes))


def _package_module(name: str) -> str:
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


# -- the registrar ---------------------------------------------------------------------------------


def _imports(tree: ast.Module) -> dict[str, str]:
    """Local name -> dotted name of the module's top-level imports (relative ones keep their dots)."""
    out: dict[str, str] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.Import):
            for a in stmt.names:
                out[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
        elif isinstance(stmt, ast.ImportFrom):
            base = "." * stmt.level + (stmt.module or "")
            for a in stmt.names:
                out[a.asname or a.name] = f"{base}.{a.name}" if stmt.module else f"{base}{a.name}"
    return out


def _dotted(expr: ast.expr, imports: dict[str, str]) -> str | None:
    if isinstance(expr, ast.Name):
        return imports.get(expr.id, expr.id)
    if isinstance(expr, ast.Attribute):
        head = _dotted(expr.value, imports)
        return f"{head}.{expr.attr}" if head is not None else None
    return None


def _searches_for_array(fn: ast.FunctionDef, imports: dict[str, str]) -> bool:
    """A predicate ``pred(typ)`` that can only return True for ``typ is jax.Array`` or through
    ``any(pred(...))`` over the parts of ``typ``: ``if t: return r`` statements and a last return."""
    params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
    if len(params) != 1 or fn.args.vararg or fn.args.kwonlyargs or fn.args.kwarg:
        return False
    typ = params[0]
    body = [s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if not body:
        return False
    for stmt in body:
        if isinstance(stmt, ast.If) and not stmt.orelse and len(stmt.body) == 1 and isinstance(stmt.body[0], ast.Return):
            guard, value = stmt.test, stmt.body[0].value
        elif isinstance(stmt, ast.Return):
            guard, value = None, stmt.value
        else:
            return False
        if not _search_return(value, guard, typ, fn.name, imports):
            return False
    return True


def _search_return(value: ast.expr | None, guard: ast.expr | None, typ: str, name: str, imports: dict[str, str]) -> bool:
    if isinstance(value, ast.Constant) and value.value is False:
        return True
    if isinstance(value, ast.Constant) and value.value is True:
        return guard is not None and _is_array_test(guard, lambda e: isinstance(e, ast.Name) and e.id == typ, imports)
    if (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "any"
            and len(value.args) == 1 and isinstance(value.args[0], ast.GeneratorExp)):
        gen = value.args[0]
        elt = gen.elt
        return (isinstance(elt, ast.Call) and isinstance(elt.func, ast.Name) and elt.func.id == name
                and len(gen.generators) == 1 and isinstance(gen.generators[0].iter, ast.Call)
                and [a for a in gen.generators[0].iter.args if isinstance(a, ast.Name) and a.id == typ] != [])
    return False


def _is_array_test(test: ast.expr, is_subject, imports: dict[str, str]) -> bool:
    """``subject is jax.Array`` / ``subject == jax.Array``."""
    return (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Is, ast.Eq))
            and is_subject(test.left) and _dotted(test.comparators[0], imports) in _JAX_ARRAY)


def _polarity(test: ast.expr, var: str, imports: dict[str, str], predicates: set[str]) -> bool | None:
    """True: ``test`` says "``var.type`` holds jax.Array"; False: its negation; None: anything else."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _polarity(test.operand, var, imports, predicates)
        return None if inner is None else not inner

    def is_type(e: ast.expr) -> bool:
        return isinstance(e, ast.Attribute) and e.attr == "type" and isinstance(e.value, ast.Name) and e.value.id == var

    if isinstance(test, ast.Compare) and len(test.ops) == 1 and is_type(test.left) \
            and _dotted(test.comparators[0], imports) in _JAX_ARRAY:
        op = test.ops[0]
        return True if isinstance(op, (ast.Is, ast.Eq)) else False if isinstance(op, (ast.IsNot, ast.NotEq)) else None
    if (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id in predicates
            and len(test.args) == 1 and not test.keywords and is_type(test.args[0])):
        return True
    return None


def _sorts_by_annotation(fn: ast.FunctionDef, imports: dict[str, str], predicates: set[str]) -> bool:
    params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
    if not params:
        return False
    nodes = list(ast.walk(fn))
    classes = _class_names(nodes, params[0])
    lists = _partition(nodes, classes, imports, predicates)
    if not lists or len(set(lists.values())) != 2:
        return False
    defs = {n.name: n for n in nodes if isinstance(n, ast.FunctionDef) and n is not fn}
    for node in nodes:
        if not isinstance(node, ast.Call) or not node.args or not (
                isinstance(node.args[0], ast.Name) and node.args[0].id in classes):
            continue
        last = _last(node.func)
        if last in REGISTER_NODE_NAMES and len(node.args) >= 2 and isinstance(node.args[1], ast.Name) \
                and node.args[1].id in defs:
            split = _flatten_split(defs[node.args[1].id])
        elif last == "register_dataclass":
            kw = {k.arg: k.value for k in node.keywords}
            split = (kw["data_fields"], kw["meta_fields"]) if {"data_fields", "meta_fields"} <= kw.keys() else None
        else:
            continue
        if split is not None and _sides_agree(split, lists):
            return True
    return False


def _partition(nodes: list[ast.AST], classes: set[str], imports: dict[str, str],
               predicates: set[str]) -> dict[str, bool]:
    """List name -> True (fields whose type holds jax.Array) / False (the others)."""

    def over_fields(it: ast.expr) -> bool:
        return (isinstance(it, ast.Call) and _dotted(it.func, imports) in _FIELDS and len(it.args) == 1
                and isinstance(it.args[0], ast.Name) and it.args[0].id in classes)

    lists: dict[str, bool] = {}
    seen: dict[str, set[bool]] = {}
    for node in nodes:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.ListComp) and len(node.value.generators) == 1):
            gen = node.value.generators[0]
            if over_fields(gen.iter) and isinstance(gen.target, ast.Name) and len(gen.ifs) == 1:
                p = _polarity(gen.ifs[0], gen.target.id, imports, predicates)
                if p is not None:
                    seen.setdefault(node.targets[0].id, set()).add(p)
        elif isinstance(node, ast.For) and over_fields(node.iter) and isinstance(node.target, ast.Name) \
                and len(node.body) == 1 and isinstance(node.body[0], ast.If):
            branch = node.body[0]
            p = _polarity(branch.test, node.target.id, imports, predicates)
            yes, no = _appended(branch.body, node.target.id), _appended(branch.orelse, node.target.id)
            if p is not None and yes and no:
                seen.setdefault(yes, set()).add(p)
                seen.setdefault(no, set()).add(not p)
    for name, polarities in seen.items():
        if len(polarities) == 1:
            lists[name] = polarities.pop()
    return lists


def _appended(body: list[ast.stmt], var: str) -> str | None:
    """``[A.append(var)]`` -> "A"."""
    if len(body) == 1 and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Call):
        call = body[0].value
        if (isinstance(call.func, ast.Attribute) and call.func.attr == "append" and isinstance(call.func.value, ast.Name)
                and len(call.args) == 1 and isinstance(call.args[0], ast.Name) and call.args[0].id == var):
            return call.func.value.id
    return None


def _flatten_split(fn: ast.FunctionDef) -> tuple[ast.expr, ast.expr] | None:
    """(children, aux) of the flatten's last ``return a, b`` (names bound once in its body read
    through)."""
    last = fn.body[-1] if fn.body else None
    if not (isinstance(last, ast.Return) and isinstance(last.value, ast.Tuple) and len(last.value.elts) == 2):
        return None
    bound: dict[str, list[ast.expr]] = {}
    for stmt in fn.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            bound.setdefault(stmt.targets[0].id, []).append(stmt.value)

    def through(e: ast.expr) -> ast.expr:
        return bound[e.id][0] if isinstance(e, ast.Name) and len(bound.get(e.id, ())) == 1 else e

    return through(last.value.elts[0]), through(last.value.elts[1])


def _sides_agree(split: tuple[ast.expr, ast.expr], lists: dict[str, bool]) -> bool:
    """The children name only lists of fields that hold jax.Array, the aux data only the others."""
    for side, wanted in zip(split, (True, False)):
        used = {n.id for n in ast.walk(side) if isinstance(n, ast.Name) and n.id in lists}
        if not used or any(lists[u] is not wanted for u in used):
            return False
    return True


def _init_subclass_registers(node: ast.ClassDef, registrars: set[str]) -> bool:
    """``def __init_subclass__(cls, ...): ... F(cls, ...)`` with F a registrar of the module."""
    for stmt in node.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "__init_subclass__" and stmt.args.args:
            cls = stmt.args.args[0].arg
            for s in stmt.body:
                call = s.value if isinstance(s, ast.Expr) else None
                if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in registrars
                        and call.args and isinstance(call.args[0], ast.Name) and call.args[0].id == cls):
                    return True
    return False


# -- a registrar that keeps every field in the aux data ------------------------------------------
# pmpp's ``pytree_dataclass(cls, aux_fields=None, ...)``: with ``aux_fields=Ellipsis`` its flatten
# returns no children, ``if all_fields_static: return (), obj`` with ``all_fields_static =
# aux_fields is Ellipsis``. The class then has no leaf: under ``jax.jit`` every field, and every
# property computed from them, is the Python value it was (checked on JAX 0.10.2:
# tests/precision_cases/fresh13_all_aux_pytree_by_own_decorator.py).


def _all_aux_parameter(fn: ast.FunctionDef) -> str | None:
    """For a registrar ``F(cls, ...)`` that calls ``register_pytree_node``/``register_pytree_with_keys``
    on its class with a nested flatten def returning no children, ``((), aux)``: "" when every
    return of the flatten does; the parameter ``P`` when the flatten starts with ``if flag: return
    (), aux`` and ``flag`` is ``P is Ellipsis`` (or a name bound once to it before ``P`` is rebound,
    never rebound itself); None otherwise."""
    params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)]
    if not params:
        return None
    nodes = list(ast.walk(fn))
    classes = _class_names(nodes, params[0])
    defs = {n.name: n for n in nodes if isinstance(n, ast.FunctionDef) and n is not fn}
    for node in nodes:
        if (isinstance(node, ast.Call) and len(node.args) >= 2 and isinstance(node.args[0], ast.Name)
                and node.args[0].id in classes and isinstance(node.args[1], ast.Name) and node.args[1].id in defs
                and _last(node.func) in REGISTER_NODE_NAMES):
            flag = _no_children_when(defs[node.args[1].id], nodes, params[1:])
            if flag is not None:
                return flag
    return None


def _class_names(nodes: list[ast.AST], first: str) -> set[str]:
    """The registrar's class parameter ``first`` and the names bound to what is made of it
    (``clz = dataclasses.dataclass(frozen=True)(clz)``: still the class)."""
    classes = {first}
    for node in nodes:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and any(isinstance(n, ast.Name) and n.id in classes for n in ast.walk(node.value))):
            classes.add(node.targets[0].id)
    return classes


def _last(func: ast.expr) -> str | None:
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)


def _no_children_when(flatten: ast.FunctionDef, nodes: list[ast.AST], params: list[str]) -> str | None:
    """"" when every return of ``flatten`` gives no children; ``P`` when it starts with ``if
    test: return (), aux``, the test reading ``P is Ellipsis`` as the registrar was given it."""
    if flattens_to_nothing(flatten):
        return ""
    body = [b for b in flatten.body if not (isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant))]
    first = body[0] if body else None
    if not (isinstance(first, ast.If) and not first.orelse and len(first.body) == 1
            and isinstance(first.body[0], ast.Return) and no_children(first.body[0].value)):
        return None
    bindings = _binding_lines(nodes)
    test = first.test
    if isinstance(test, ast.Name) and len(bindings.get(test.id, ())) == 1:
        for node in nodes:  # flag = P is Ellipsis, before any rebinding of P
            if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                    and node.targets[0].id == test.id and (param := _ellipsis_test(node.value, params)) is not None
                    and all(line > node.lineno for line in bindings.get(param, ()))):
                return param
        return None
    param = _ellipsis_test(test, params)
    return param if param is not None and param not in bindings else None  # P never rebound: as given


def _binding_lines(nodes: list[ast.AST]) -> dict[str, list[int]]:
    """Name -> the lines of the statements that bind it (assignments, loop targets, walrus)."""
    out: dict[str, list[int]] = {}
    for node in nodes:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, (ast.AnnAssign, ast.AugAssign, ast.For, ast.NamedExpr)) else []
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Name):
                    out.setdefault(name.id, []).append(node.lineno)
    return out


def _ellipsis_test(expr: ast.expr, params: list[str]) -> str | None:
    """``P is Ellipsis`` / ``P is ...`` with ``P`` one of ``params``: P."""
    if (isinstance(expr, ast.Compare) and len(expr.ops) == 1 and isinstance(expr.ops[0], ast.Is)
            and isinstance(expr.left, ast.Name) and expr.left.id in params and _is_ellipsis(expr.comparators[0])):
        return expr.left.id
    return None


def _is_ellipsis(expr: ast.expr) -> bool:
    return (isinstance(expr, ast.Constant) and expr.value is Ellipsis) or (
        isinstance(expr, ast.Name) and expr.id == "Ellipsis")


def _all_aux_fields(every: set[str], paths: Iterable[str], module_of: Callable[[str], str],
                    read: Callable[[str], str]) -> set[str]:
    """The fields and properties of the classes registered with every field in the aux data
    (``every``: qualified ``registrar=parameter`` entries), in the files that name a registrar:
    ``@F`` when the registrar always does it, ``@partial(F, P=Ellipsis)`` (or ``...``) when its
    parameter ``P`` asks for it. A field of a class that such a registrar registers otherwise
    (some fields children) is left out: it may be a leaf there."""
    flags: dict[str, str] = {}
    for entry in every:
        name, _, flag = entry.partition("=")
        flags[name] = flag
    words = {q.rpartition(".")[2] for q in flags}
    static: set[str] = set()
    other: set[str] = set()
    for path in paths:
        text = read(path)
        if not any(w in text for w in words):
            continue
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        imports = _imports(tree)
        module = _package_module(module_of(path))
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            verdicts = [v for d in node.decorator_list if (v := _all_aux_use(d, imports, module, flags)) is not None]
            if not verdicts:
                continue
            fields = {s.target.id for s in node.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)}
            if any(verdicts):
                static |= fields | {s.name for s in node.body if isinstance(s, ast.FunctionDef) and any(
                    _dotted(d, imports) in _PROPERTIES for d in s.decorator_list)}
            else:
                other |= fields
    return static - other


_PROPERTIES = frozenset({"property", "functools.cached_property"})


def _all_aux_use(dec: ast.expr, imports: dict[str, str], module: str, flags: dict[str, str]) -> bool | None:
    """Does the decorator apply one of the registrars (None: it does not) so that every field is
    aux data (True) or maybe not (False)?"""
    call = dec if isinstance(dec, ast.Call) else None
    target = dec
    if call is not None and _dotted(call.func, imports) == "functools.partial" and call.args:
        target = call.args[0]
    elif call is not None:
        return None
    name = _qualified(target, imports, module)
    found = next((q for q in flags if _registered_by(name, {q})), None)
    if found is None:
        return None
    flag = flags[found]
    if flag == "":
        return True
    given = [k.value for k in call.keywords if k.arg == flag] if call is not None else []
    return bool(given) and _is_ellipsis(given[0])


# -- the classes that use a registrar ------------------------------------------------------------


def _class_fields(text: str, module: str, registrars: set[str]) -> tuple[set[str], list[tuple]]:
    """(fields that are not aux data, class records as :func:`resolve` gives them) of the module's
    classes registered by one of ``registrars`` (qualified names)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set(), []
    if any(isinstance(s, ast.ImportFrom) and s.module == "__future__" and any(a.name == "annotations" for a in s.names)
           for s in tree.body):
        return set(), []  # every annotation is a string: not read
    imports = _imports(tree)
    imports.update(_aliases(tree, imports))
    other: set[str] = set()
    classes: list[tuple] = []
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        users = [*node.bases, *node.decorator_list]
        if not any(_registered_by(_qualified(e, imports, module), registrars) for e in users):
            continue
        meta: set[str] = set()
        refs: list[tuple[str, tuple[str, ...]]] = []
        for stmt in node.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                (meta if _without_array(stmt.annotation, imports) else other).add(stmt.target.id)
                allowed = _allowed_classes(stmt.annotation, imports, module)
                if allowed:
                    refs.append((stmt.target.id, allowed))
        bound = _bound(node)
        closed = "\x00" not in bound and all(_registered_by(_qualified(b, imports, module), registrars)
                                             for b in node.bases)
        classes.append((f"{module}.{node.name}", tuple(sorted(meta)), tuple(refs), tuple(sorted(bound)), closed))
    return other, classes


def _aliases(tree: ast.Module, imports: dict[str, str]) -> dict[str, str]:
    """``PyTreeNode = dataclasses_module.PyTreeNode``: module-level names bound once, at the top
    level, to an imported dotted name."""
    bound: dict[str, list[ast.expr]] = {}
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, (ast.AnnAssign, ast.AugAssign, ast.For)) else []
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Name):
                    bound.setdefault(name.id, []).append(node.value if isinstance(node, ast.Assign) else None)
    out: dict[str, str] = {}
    for stmt in tree.body:
        if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                and isinstance(stmt.value, ast.Attribute) and len(bound.get(stmt.targets[0].id, ())) == 1):
            root = stmt.value
            while isinstance(root, ast.Attribute):
                root = root.value
            name = _dotted(stmt.value, imports)
            if isinstance(root, ast.Name) and root.id in imports and name is not None and stmt.targets[0].id not in imports:
                out[stmt.targets[0].id] = name
    return out


def _allowed_classes(annotation: ast.expr, imports: dict[str, str], module: str) -> tuple[str, ...] | None:
    """The qualified names of the classes an annotation made only of class names, None,
    ``Optional[...]``, ``Union[...]`` and ``|`` allows; None for any other annotation."""
    if isinstance(annotation, ast.Constant) and annotation.value is None:
        return ()
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        left, right = (_allowed_classes(annotation.left, imports, module),
                       _allowed_classes(annotation.right, imports, module))
        return None if left is None or right is None else left + right
    if isinstance(annotation, ast.Subscript) and _dotted(annotation.value, imports) in ("typing.Optional", "typing.Union"):
        parts = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [annotation.slice]
        out: tuple[str, ...] = ()
        for part in parts:
            more = _allowed_classes(part, imports, module)
            if more is None:
                return None
            out += more
        return out
    if isinstance(annotation, (ast.Name, ast.Attribute)):
        name = _dotted(annotation, imports)
        if name is None or name in _BUILTINS or name.startswith(("typing.", "numpy", "jax")):
            return None
        qualified = _qualified(annotation, imports, module)
        return (qualified,) if qualified is not None else None
    return None


def _bound(node: ast.ClassDef) -> set[str]:
    """Every name the class body binds: fields, methods, class attributes, nested classes."""
    out: set[str] = set()
    for stmt in node.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            out.add(stmt.target.id)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(stmt.name)
        elif isinstance(stmt, ast.Assign):
            out.update(n.id for t in stmt.targets for n in ast.walk(t) if isinstance(n, ast.Name))
        elif not isinstance(stmt, (ast.Expr, ast.Pass)):
            out.add("\x00")  # anything else (an if, an import, a loop) may bind any name: not closed
    return out


def _registered_by(name: str | None, registrars: set[str]) -> bool:
    """``name`` is one of ``registrars``, also when the file defining it lies in a namespace package
    (no ``__init__.py`` above it: its module name lacks the outer packages the import names)."""
    return name is not None and (name in registrars or any(name.endswith("." + r) for r in registrars))


def _qualified(expr: ast.expr, imports: dict[str, str], module: str) -> str | None:
    """A base or decorator as a qualified name: imported (relative imports resolved against
    ``module``) or defined in ``module``."""
    name = _dotted(expr, imports)
    root = expr
    while isinstance(root, ast.Attribute):
        root = root.value
    if name is None or not isinstance(root, ast.Name):
        return None
    if root.id not in imports:
        return f"{module}.{name}"
    if name.startswith("."):
        level = len(name) - len(name.lstrip("."))
        package = module.split(".")[: max(len(module.split(".")) - level, 0)]
        return ".".join([*package, name.lstrip(".")])
    return name


_ANNOTATION_NODES = (ast.Name, ast.Attribute, ast.Subscript, ast.Tuple, ast.List, ast.BinOp, ast.BitOr,
                     ast.Constant, ast.expr_context)


def _without_array(annotation: ast.expr, imports: dict[str, str]) -> bool:
    """Made only of builtins, numpy names, typing constructs, None and ``...``: holds no
    jax.Array, whatever a predicate recurses into."""
    for node in ast.walk(annotation):
        if not isinstance(node, _ANNOTATION_NODES) or (
                isinstance(node, ast.Constant) and node.value is not None and node.value is not Ellipsis):
            return False  # a string annotation (a forward reference), a call: unknown
    return all(_known_atom(n, imports) for n in _atoms(annotation))


def _atoms(expr: ast.expr) -> list[ast.expr]:
    """The outermost dotted names of an annotation (``np.ndarray`` once, not ``np``)."""
    if isinstance(expr, (ast.Name, ast.Attribute)):
        return [expr]
    if isinstance(expr, ast.Subscript):
        return [*_atoms(expr.value), *_atoms(expr.slice)]
    if isinstance(expr, (ast.Tuple, ast.List)):
        return [a for e in expr.elts for a in _atoms(e)]
    if isinstance(expr, ast.BinOp):
        return [*_atoms(expr.left), *_atoms(expr.right)]
    return []


def _known_atom(expr: ast.expr, imports: dict[str, str]) -> bool:
    root = expr
    while isinstance(root, ast.Attribute):
        root = root.value
    name = _dotted(expr, imports)
    if not isinstance(root, ast.Name) or name is None or name in _JAX_ARRAY:
        return False
    if root.id not in imports:  # a name of the module or a builtin
        return name in _BUILTINS
    return name.split(".")[0] == "numpy" or (name.startswith("typing.") and name[7:] in _TYPING)
