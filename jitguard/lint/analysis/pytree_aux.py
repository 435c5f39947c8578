"""The aux data of pytree flatten functions: attributes a registration keeps out of the leaves.

``jax.tree_util.register_pytree_node(Cls, flatten, unflatten)`` (and ``register_pytree_with_keys``,
whose flatten pairs each child with its key) calls ``flatten(obj)`` to split an instance into
``(children, aux_data)``. Under ``jax.jit``/``vmap`` the children become tracers and the aux data
stays the Python value it was: JAX compares it with ``==`` to pick the compiled program and hands
it back to ``unflatten`` unchanged (checked on JAX 0.10.2: tests/test_pytrees_values.py). So an
attribute the flatten function puts in the aux data is static on a traced instance::

    jax.tree_util.register_pytree_node(
        IrrepsArray,
        lambda x: ((x.array,), x.irreps),       # irreps: aux data, a Python value under jit
        lambda irreps, children: IrrepsArray(irreps, children[0]),
    )

Read here: the flatten given as a lambda, as the name of a ``def`` of the module or as a method of
a class of the module taken from the class (``register_pytree_node(Box, Box._flatten, ...)``: JAX
calls it with the instance as its one argument), and the
``tree_flatten``/``tree_flatten_with_keys`` method of a class decorated
``@register_pytree_node_class``/``@register_pytree_with_keys_class``. The aux data is read where
it is plain: an attribute of the flatten's parameter (``x.irreps``, ``x.a.irreps``), or a tuple,
list or dict of them, also through a local name (``aux = (x.n, x.m); return children, aux``).
An attribute used in a computation there (``len(x.items)``) is not metadata itself, and is not
read. An aux that is the whole object (``lambda ir: ((), ir)``) names no attribute.

A registration that decides what is aux data from the fields' annotations (mujoco-mjx's
``PyTreeNode``: ``__init_subclass__`` runs a decorator that splits ``dataclasses.fields(cls)`` with
a recursive predicate on the type objects, ``typ is jax.Array``, ``typing.get_origin(typ)``) is
read by ``jitguard.lint.analysis.pytree_annot``, not here: the registrar and the classes it
registers usually sit in different modules. An annotation alone does not say it: a
``np.ndarray`` field of a ``register_dataclass`` class is a traced leaf under jit.

Only the standard library is used (``ast``): the text scan of the whole tree
(``jitguard.lint.textscan.metadata_names``) runs this on every file that registers a pytree, and
must not import libcst.
"""

from __future__ import annotations

import ast
import re

from jitguard.lint.analysis import leafnodes, propscan

_REGISTER_CALLS = leafnodes.REGISTER_CALLS
_REGISTER_CLASS = leafnodes.REGISTER_CLASS
_FLATTEN_METHODS = leafnodes.FLATTEN_METHODS
_last_name = leafnodes.last_name


def aux_attributes(source: str) -> set[str]:
    """Names of the attributes that the module's pytree flatten functions return as aux data."""
    names: set[str] = set()
    for _cls, attrs in _registrations(source):
        names |= attrs
    return names


def aux_attributes_by_class(source: str) -> dict[str, set[str]]:
    """The same per class, for ``register_pytree_node(Cls, flatten, unflatten)`` calls whose first
    argument is a class name (the decorated classes: ``pytrees.metadata_parameters`` reads them)."""
    out: dict[str, set[str]] = {}
    for cls, attrs in _registrations(source):
        if cls is not None and attrs:
            out.setdefault(cls, set()).update(attrs)
    return out


def _registrations(source: str):
    """(the registered class's name when a call names it, else None; its aux attributes) per
    registration of the module."""
    try:
        tree = leafnodes.module_ast(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return
    defs: dict[str, list[ast.FunctionDef]] = {}
    nodes = _nodes(tree)
    for node in nodes:
        if type(node) is ast.FunctionDef:
            defs.setdefault(node.name, []).append(node)
    for node in nodes:
        if isinstance(node, ast.Call) and _last_name(node.func) in _REGISTER_CALLS and len(node.args) >= 2:
            flatten = node.args[1]
            cls = node.args[0].id if isinstance(node.args[0], ast.Name) else None
            if isinstance(flatten, ast.Lambda):
                yield cls, _lambda_aux(flatten)
            elif isinstance(flatten, ast.Name):
                for fn in defs.get(flatten.id, ()):
                    yield cls, _function_aux(fn)
            elif isinstance(flatten, ast.Attribute) and isinstance(flatten.value, ast.Name):
                # `register_pytree_node(Box, Box._flatten, ...)`: a method of a class of the module,
                # taken from the class, so JAX calls it with the instance as its one argument
                for fn in _class_method(nodes, flatten.value.id, flatten.attr):
                    yield cls, _function_aux(fn)
        elif isinstance(node, ast.ClassDef) and any(_last_name(_callee(d)) in _REGISTER_CLASS for d in node.decorator_list):
            for stmt in node.body:
                if isinstance(stmt, ast.FunctionDef) and stmt.name in _FLATTEN_METHODS:
                    yield None, _function_aux(stmt)


def _class_method(nodes: list[ast.AST], cls: str, name: str) -> list[ast.FunctionDef]:
    """The plain (or static) method ``name`` defined in the body of the class ``cls`` of the module;
    not a classmethod, which would get the class first."""
    out = []
    for node in nodes:
        if type(node) is ast.ClassDef and node.name == cls:
            out += [stmt for stmt in node.body if type(stmt) is ast.FunctionDef and stmt.name == name
                    and not any(_last_name(_callee(d)) == "classmethod" for d in stmt.decorator_list)]
    return out


def _nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of ``tree`` (what ``ast.walk`` yields, in another order; ~3x faster: this runs on
    every file of the tree that registers a pytree)."""
    out: list[ast.AST] = []
    stack = [tree]
    pop, push, add, node_type = stack.pop, stack.append, out.append, ast.AST
    while stack:
        node = pop()
        add(node)
        for name in node._fields:
            value = getattr(node, name, None)
            if type(value) is list:
                for item in value:
                    if isinstance(item, node_type):
                        push(item)
            elif isinstance(value, node_type):
                push(value)
    return out


def _callee(expr: ast.expr) -> ast.expr:
    return expr.func if isinstance(expr, ast.Call) else expr


def _single_param(args: ast.arguments) -> str | None:
    """The one parameter a flatten function is called with (the instance)."""
    positional = [*args.posonlyargs, *args.args]
    required = len(positional) - len(args.defaults)
    if required != 1 or args.vararg is not None or any(d is None for d in args.kw_defaults):
        return None
    return positional[0].arg


def _lambda_aux(fn: ast.Lambda) -> set[str]:
    param = _single_param(fn.args)
    if param is None or not isinstance(fn.body, ast.Tuple) or len(fn.body.elts) != 2:
        return set()
    return _attributes(fn.body.elts[1], param, {})


def _function_aux(fn: ast.FunctionDef) -> set[str]:
    param = _single_param(fn.args)
    if param is None:
        return set()
    # local names bound once in the body (``aux = (x.n, x.m)``), not in nested functions
    bound: dict[str, list[ast.expr]] = {}
    returns: list[ast.expr] = []
    stack: list[ast.AST] = list(fn.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            bound.setdefault(node.targets[0].id, []).append(node.value)
        elif isinstance(node, ast.Return) and node.value is not None:
            returns.append(node.value)
        stack.extend(ast.iter_child_nodes(node))
    names: set[str] = set()
    for value in returns:
        if isinstance(value, ast.Tuple) and len(value.elts) == 2:
            names |= _attributes(value.elts[1], param, bound)
    return names


def _attributes(expr: ast.expr, param: str, bound: dict[str, list[ast.expr]], depth: int = 0) -> set[str]:
    """The attributes of ``param`` that ``expr`` holds as they are: ``x.a`` (``x.a.b``: ``b``), in
    a tuple, list or dict (values), or a local name bound once to one of those."""
    if depth > 8:
        return set()
    if isinstance(expr, ast.Attribute):
        root = expr.value
        while isinstance(root, ast.Attribute):
            root = root.value
        return {expr.attr} if isinstance(root, ast.Name) and root.id == param else set()
    if isinstance(expr, (ast.Tuple, ast.List)):
        out: set[str] = set()
        for el in expr.elts:
            out |= _attributes(el, param, bound, depth + 1)
        return out
    if isinstance(expr, ast.Dict):
        out = set()
        for value in expr.values:
            out |= _attributes(value, param, bound, depth + 1)
        return out
    if isinstance(expr, ast.Name) and expr.id != param and len(bound.get(expr.id, ())) == 1:
        return _attributes(bound[expr.id][0], param, bound, depth + 1)
    return set()


# -- properties whose value never depends on the instance's data ---------------------------------
_PROPERTY = re.compile(r"^([ \t]+)@(?:property|(?:functools\.)?cached_property)[ \t]*\n\1def[ \t]+(\w+)\([ \t]*self[ \t]*\)",
                       re.MULTILINE)
_SHAPE_ATTRIBUTES = frozenset({"shape", "ndim", "dtype", "size"})
_STATIC_BUILTINS = frozenset({"type", "len", "isinstance", "issubclass", "callable", "hasattr"})


def static_properties(source: str) -> set[str]:
    """Names of the properties of ``self`` alone whose every return is a Python value whatever the
    instance's leaves hold: built from constants, names that are not ``self`` (classes, Enum
    members, module constants), ``type(...)``/``len(...)``/``isinstance(...)``, shapes and dtypes
    of attributes (``self.grid_values.shape[-2]``), and other such properties of the file::

        @property
        def impl(self) -> Impl:
            return {DataJAX: Impl.JAX, DataWarp: Impl.WARP}[type(self._impl)]

    (the type of a pytree node is part of the tree structure). Only the properties' own lines are
    parsed (a regex finds them), so this stays cheap on every file of the tree."""
    if "property" not in source:
        return set()
    return _static_defs(source, ((m.group(1), m.group(2), m.start()) for m in _PROPERTY.finditer(source)), frozen=True)


# `def name(self)` / `def name(self, ...)` (found from the literal "def": fast on every file)
_SELF_DEF = re.compile(r"def[ \t]+(\w+)\([ \t]*self[ \t]*([),])")
_SHAPE_WORDS = (".shape", ".ndim", ".dtype", ".size")


def shape_methods(source: str) -> set[str]:
    """Names of the methods of ``self`` alone (no decorator but ``@final``, no other parameter)
    whose every return is a Python value built as a static property's is, and which read a shape:
    ``def get_batch_axes(self): return self.parameters().shape[:-1]`` is a tuple of ints on a
    traced instance (the shape of a tracer is static). The tree-wide scan adds them to the
    Python-valued methods (the class is usually in another module than the traced code calling
    it); the module's own methods are summarized by the walker."""
    if "self" not in source or not any(w in source for w in _SHAPE_WORDS):
        return set()
    found: list[tuple[str, str, int]] = []  # (indent, name, start of the def's line)
    with_args: set[str] = set()  # a name that some def of the file takes more than self for stays out
    for m in _SELF_DEF.finditer(source):
        line_start = source.rfind("\n", 0, m.start()) + 1
        indent = source[line_start:m.start()]
        if not indent or indent.strip():
            continue  # a module-level def, or "def" inside a line
        if m.group(2) == ",":
            with_args.add(m.group(1))
        elif _undecorated(source, line_start):
            found.append((indent, m.group(1), line_start))
    # the defs that read a shape (the text up to the next such def: a cheap upper bound); every
    # def of those names must then be a static getter
    shaped = {name for i, (_indent, name, at) in enumerate(found)
              if any(w in source[at: found[i + 1][2] if i + 1 < len(found) else len(source)] for w in _SHAPE_WORDS)}
    shaped -= with_args
    if not shaped:
        return set()
    return _static_defs(source, (d for d in found if d[1] in shaped))


def _undecorated(source: str, start: int) -> bool:
    """No decorator above the def at ``start`` but typing's markers (``@final``, ``@override``),
    which return the function itself."""
    end = source.rfind("\n", 0, start)  # walk back over the lines above, one at a time
    while end > 0:
        begin = source.rfind("\n", 0, end) + 1
        line = source[begin:end].strip()
        if not line.startswith("@"):
            return True
        if line[1:].rsplit(".", 1)[-1] not in ("final", "override"):
            return False
        end = begin - 1
    return True


def _static_defs(source: str, defs, frozen: bool = False) -> set[str]:
    """The names among ``defs`` (indent, name, where the ``def name(self)`` starts) whose every def
    there is a static getter (see static_properties); with ``frozen``, a getter may also read the
    attributes of ``self`` that hold a leafless pytree node, through the file's pure helpers
    (``unfreeze(self._time)``: :mod:`jitguard.lint.analysis.leafnodes`)."""
    getters: dict[str, list[ast.FunctionDef]] = {}
    lines: list[str] = []
    for indent, name, start in defs:
        lines = lines or source.splitlines()
        first = source.count("\n", 0, start)  # the match's line (counted in C: this runs on most files)
        end = first + 2
        while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > len(indent)):
            end += 1
        block = "\n".join(line[len(indent):] if line.startswith(indent) else line.lstrip() for line in lines[first:end])
        try:
            fn = ast.parse(block).body[0]
        except (SyntaxError, ValueError, RecursionError, MemoryError, IndexError):
            continue
        if isinstance(fn, ast.FunctionDef):
            getters.setdefault(name, []).append(fn)  # a name in several classes: each getter must be static
    if not getters:
        return set()
    names = _module_names(source)
    seeded = leafnodes.seeds(source, names, _static) if frozen else set()
    known: set[str] = set(seeded)
    changed = True
    while changed:  # properties reading other static properties of the file
        changed = False
        for name, fns in getters.items():
            if name not in known and all(_static_getter(fn, known, names) for fn in fns):
                known.add(name)
                changed = True
    return known - seeded


_BUILTIN_NAMES = frozenset({"int", "float", "bool", "str", "complex", "tuple", "list", "dict", "set", "frozenset",
                            "object", "type", "NotImplemented", "Ellipsis"})
_TOP_BINDING = re.compile(r"^(?:(?:async[ \t]+)?def|class)[ \t]+(\w+)|^(\w+)[ \t]*(?::[^=\n]*)?=(?!=)", re.MULTILINE)
_TOP_IMPORT = re.compile(r"^(?:from[ \t]+[\w.]+[ \t]+)?import[ \t]+(\([^)]*\)|[^\n]*)", re.MULTILINE)


def _module_names(source: str) -> set[str]:
    """Names bound at the top level of the file: defs, classes, assignments, imports."""
    names = {a or b for a, b in _TOP_BINDING.findall(source)}
    for imported in _TOP_IMPORT.findall(source):
        lines = [line.split("#", 1)[0] for line in imported.strip("()").replace("\\\n", " ").splitlines()]
        for part in " ".join(lines).split(","):
            words = part.split()
            if words:
                names.add(words[-1] if "as" in words else words[0].split(".")[0])
    return names


def _static_getter(fn: ast.FunctionDef, known: set[str], names: set[str]) -> bool:
    """Does every path of the getter return a static expression (and nothing else bind names)?"""
    body = [s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]  # docstring
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return propscan.static_body(body, known, names, _static)  # assignments, ifs, raises: propscan.py
    return _static(body[0].value, known, names)


def _static(expr: ast.expr, known: set[str], names: set[str]) -> bool:
    """``names``: the module-level names of the file (a name bound in an enclosing function of a
    nested class may be a tracer)."""
    leaf = _static_leaf(expr, known, names)
    if leaf is not None:
        return leaf
    parts = _parts(expr)
    return parts is not None and all(_static(p, known, names) for p in parts)


def _static_leaf(expr: ast.expr, known: set[str], names: set[str]) -> bool | None:
    """Constants, names, attributes and calls; None for an expression made of parts."""
    if isinstance(expr, ast.Constant):
        return True
    if isinstance(expr, ast.Name):
        return expr.id in names or expr.id in _BUILTIN_NAMES
    if isinstance(expr, ast.Attribute):
        if expr.attr in _SHAPE_ATTRIBUTES:
            return True  # self.x.shape: a tuple of ints, whatever x holds
        if isinstance(expr.value, ast.Name) and expr.value.id == "self":
            return expr.attr in known
        return _static(expr.value, known, names)  # Impl.JAX, np.float32
    if isinstance(expr, ast.Call):
        # type(self.x) is the class of a node (tree structure), len of a leaf its first dimension;
        # the arguments themselves need not be static
        return (isinstance(expr.func, ast.Name) and expr.func.id in _STATIC_BUILTINS and not expr.keywords
                or propscan.static_call(expr, known, names, _static)  # divmod(...), jax.device_count()
                or _pure_call(expr, known, names))
    return None


def _pure_call(expr: ast.Call, known: set[str], names: set[str]) -> bool:
    """A pure helper of the file (leafnodes.PURE, ``unfreeze(self._time)``) given static arguments."""
    return (isinstance(expr.func, ast.Name) and leafnodes.PURE + expr.func.id in known
            and all(not isinstance(a, ast.Starred) and _static(a, known, names) for a in expr.args)
            and all(k.arg is not None and _static(k.value, known, names) for k in expr.keywords))


def _parts(expr: ast.expr) -> list[ast.expr] | None:
    """The parts of a composite expression, each of which must be static; None: not static."""
    if isinstance(expr, (ast.Tuple, ast.List, ast.Set)):
        return list(expr.elts)
    if isinstance(expr, ast.Dict):
        return None if any(k is None for k in expr.keys) else [*expr.keys, *expr.values]
    if isinstance(expr, ast.Subscript):
        return [expr.value, expr.slice]
    if isinstance(expr, ast.Slice):
        return [p for p in (expr.lower, expr.upper, expr.step) if p is not None]
    if isinstance(expr, ast.UnaryOp):
        return [expr.operand]
    if isinstance(expr, ast.BinOp):
        return [expr.left, expr.right]
    if isinstance(expr, ast.BoolOp):
        return list(expr.values)
    if isinstance(expr, ast.Compare):
        return [expr.left, *expr.comparators]
    if isinstance(expr, ast.IfExp):
        return [expr.test, expr.body, expr.orelse]
    return None
