"""Values JAX cannot trace: what a jitted function cannot take at a non-static position (JG206).

``jax.jit`` flattens every argument that is not static with ``jax.tree_util`` and turns each leaf
into an abstract array. A leaf JAX cannot read as an array raises ``TypeError: Error interpreting
argument to <function> as an abstract array`` at the call (JAX 0.10.2, checked for every kind below
by rules/JG206.py and tests/test_jg206.py, also when the call is made from traced code). The kinds
read here are the ones the source shows for sure:

* a string or bytes literal, an f-string, ``"..." % v``, ``"..." + ...``, ``str(...)``,
  ``"...".format(...)``, ``"...".join(...)``;
* a function (a ``lambda``, a ``def`` of the module or of a function that binds its name nowhere
  else, undecorated or under only decorators that make a function object JAX cannot flatten:
  ``jax.jit``, ``jax.vmap``, ``jax.grad`` and its kin, ``jax.checkpoint``, ``jax.custom_jvp``,
  ``functools.lru_cache``, ...: ``_FUNCTION_OBJECTS``; ``functools.partial(...)``, a function of JAX's API used as a value:
  ``jax.nn.relu``, ``jnp.tanh``, one of ``jaxsig.SIGNATURES``), a class of the module (the class
  object), a set or ``frozenset``, a ``range``;
* an instance of a class of this module that JAX cannot flatten: no decorator but
  ``@dataclass``, every base ``object``/``abc.ABC`` or such a class of the module, no
  ``__jax_array__``, ``tree_flatten``, ``__init_subclass__`` or metaclass, and the class never
  used in the module other than built, subclassed, read from or tested (passed to
  ``register_pytree_node`` or any other call, it may be registered);
* a tuple, list or dict literal, or a NamedTuple of the module, holding one of these (also
  ``Record(*make())``: the elements of the tuple literal ``make``, a def of the module, returns);
* a module of ``equinox.nn`` whose pytree leaves hold a function (``eqx.nn.MLP``'s default
  activations, ``eqx.nn.Lambda``'s function, a pooling layer's reduction) or keep an argument that
  is one of these (``eqx.nn.Sequential``'s layers): ``eqxnn``, probed by scripts/gen_eqxnn.py;
* a NumPy array of strings or bytes: ``np.array``/``np.asarray`` of a literal list holding a string
  or bytes literal, or with ``dtype=str``/``bytes``/``object`` (dtype ``U``/``S``/``O``);
* a JAX runtime object: ``jax.devices()[i]``/``jax.local_devices()[i]`` (a device) or the list
  itself, ``Mesh(...)``/``jax.make_mesh(...)``, ``NamedSharding``/``SingleDeviceSharding``,
  ``PartitionSpec`` (each raises the same TypeError under JAX 0.10.2);
* ``Cls(...)`` of a ``@dataclass`` of the module registered once with ``register_dataclass``
  (a call, the decorator, or ``partial(register_dataclass, data_fields=...)``), holding one of these
  in a data field (listed in ``data_fields``, or, with no lists, a field with no ``field(...)``);
  meta fields are static, and left alone;
* a name bound once (in the function, or at module level and never declared ``global``) to one,
  unless the function empties it (``d.pop(k)``, ``del d[k]``);
* the value of the one ``return`` of a plain (undecorated, or ``functools.cache``d) function of
  the module (``batch = load()``).

Accepted by JAX, never flagged: arrays, NumPy arrays and scalars, Python numbers, ``None``,
NamedTuples, registered pytrees (``register_pytree_node(_class)``, ``register_dataclass``,
``register_static``), containers of these, and any value whose kind is not plain to see.
"""

from __future__ import annotations

import re

import libcst as cst

from jitguard.lint.analysis.hashability import _annotated, bind_fields, record_field_list, value_class
from jitguard.lint.analysis.flatten_leaves import leaf_attribute
from jitguard.lint.analysis.instances import returned_tuple
from jitguard.lint.analysis import walk
from jitguard.lint.analysis.jaxapi import DATACLASS, REGISTER_DATACLASS
from jitguard.lint.analysis.jitcontext import positional_args
from jitguard.lint.analysis.walk import branches, children, iter_nodes

_PLAIN_BASES = frozenset({"object", "abc.ABC"})
_CONTAINER_BUILTINS = frozenset({"dict", "list", "tuple"})  # pytree nodes by their exact type
_STRING_BUILTINS = frozenset({"str", "repr", "format", "ascii", "chr", "hex", "oct", "bin"})
_STRING_METHODS = frozenset({"format", "join"})
# JAX runtime objects with no array form: each raises TypeError at a traced position (JAX 0.10.2,
# rules/JG206.py); qualified name of the call that makes one -> what it is
_RUNTIME_OBJECTS = {
    "jax.sharding.Mesh": "a `Mesh` (a JAX runtime object, not an array)",
    "jax.make_mesh": "a `Mesh` (a JAX runtime object, not an array)",
    "jax.sharding.NamedSharding": "a `Sharding` (a JAX runtime object, not an array)",
    "jax.sharding.SingleDeviceSharding": "a `Sharding` (a JAX runtime object, not an array)",
    "jax.sharding.PartitionSpec": "a `PartitionSpec` (a JAX runtime object, not an array)",
    "jax.P": "a `PartitionSpec` (a JAX runtime object, not an array)",
    "jax.devices": "a list of `jax.Device`s (JAX runtime objects, not arrays)",
    "jax.local_devices": "a list of `jax.Device`s (JAX runtime objects, not arrays)",
}
# jax.example_libraries: every stax layer constructor returns a pair of plain Python functions
# (init_fun, apply_fun), and every optimizer of `optimizers` an `Optimizer` triple (init_fun,
# update_fun, get_params): a name unpacked from one of these calls is a function, which JAX cannot
# trace as an array (tests/test_holdout18_mechanisms.py calls each under the installed JAX)
STAX_LAYER_CONSTRUCTORS = frozenset(
    f"jax.example_libraries.stax.{n}" for n in (
        "AvgPool", "BatchNorm", "Conv", "Conv1DTranspose", "ConvTranspose", "Dense", "Dropout", "FanInConcat",
        "FanOut", "GeneralConv", "GeneralConvTranspose", "MaxPool", "SumPool", "elementwise", "parallel", "serial",
        "shape_dependent")
)
OPTIMIZER_CONSTRUCTORS = frozenset(
    f"jax.example_libraries.optimizers.{n}" for n in (
        "adagrad", "adam", "adamax", "momentum", "nesterov", "rmsprop", "rmsprop_momentum", "sgd", "sm3")
)
_FUNCTION_TUPLES = (("stax", STAX_LAYER_CONSTRUCTORS, 2, ("init_fun", "apply_fun")),
                    ("optimizers", OPTIMIZER_CONSTRUCTORS, 3, ("init_fun", "update_fun", "get_params")))
_DEVICE_LISTS = frozenset({"jax.devices", "jax.local_devices"})
# uses of a class name that cannot register it: isinstance(x, C), issubclass, super(C, self), type checks
_INERT_CALLS = frozenset({"isinstance", "issubclass", "super", "type", "id", "repr", "str"})



def untraceable(expr: cst.BaseExpression, index, scope) -> str | None:
    """What ``expr`` (written in ``scope``) surely is when JAX cannot trace it ("a string", "an
    instance of `Model`, a plain class (not a pytree)", ...); None when not sure. The one reading
    of JG206 within a file and of the project facts (``calls.FactExtractor``) across files."""
    return _kinds(index).of(expr, scope)


def _kinds(index) -> "_Kinds":
    kinds = index.__dict__.get("_untraceable_kinds")
    if kinds is None:
        kinds = index.__dict__["_untraceable_kinds"] = _Kinds(index)
    return kinds


def plain_class(index, name: str) -> str | None:
    """What instances of the module's class ``name`` are when JAX cannot flatten them ("a plain
    class (not a pytree)", ...): defined once at module level, no decorator that may register it,
    plain bases, and its name never passed to a call nor used otherwise than built, read from,
    subclassed or tested; None otherwise (JG206's reading)."""
    return _kinds(index).plain_class(name, None)


def fix_for(what: str, param: str) -> str:
    """The fix the message of JG206 names for a value of kind ``what`` passed as ``param`` (a
    parameter name, or ``#i`` for the i-th argument of a function whose parameters are not seen)."""
    declare = f"static_argnums=({param[1:]},)" if param.startswith("#") else f'static_argnames=("{param}",)'
    m = re.match(r"an instance of `(\w+)`, (a dataclass|a plain class)", what)
    if m:
        note = ("a mutable dataclass is unhashable: make it `@dataclass(frozen=True)` first" if "dataclass" in m.group(2)
                else "its instances hash by identity, so each new instance compiles again")
        return (f"Declare it static (`{declare}`; {note}), or register `{m.group(1)}` as a pytree "
                "(`@jax.tree_util.register_pytree_node_class`, or `jax.tree_util.register_dataclass`) so JAX traces its "
                "array fields")
    m = re.search(r"a module of `equinox.nn`: its field `(\w+)`", what)
    if m:
        return (f"Call the function through `eqx.filter_jit` (or `eqx.filter_grad`, `eqx.filter_value_and_grad`), which "
                f"keep non-array leaves such as `{m.group(1)}` static, or pass only the module's arrays "
                "(`eqx.partition(model, eqx.is_array)`) and combine them inside")
    m = re.search(r"its field `(\w+)` is a pytree child", what)
    if m:
        return (f"Declare the field static: `{m.group(1)}: ... = eqx.field(static=True)` (its value must then be "
                "hashable), or call the function through `eqx.filter_jit`, which keeps non-array leaves static")
    m = re.search(r"a subclass of `(\w+)`", what)
    if m:
        return (f"Pass a plain `{m.group(1)}` (`{m.group(1)}(value)`), which JAX flattens, or register the subclass as "
                "a pytree (`jax.tree_util.register_pytree_node`)")
    m = re.search(r"its `tree_flatten` makes attribute `(\w+)` a child", what)
    if m:
        return (f"Keep `{m.group(1)}` out of the children: let `tree_flatten` return it in the aux data (where the "
                "class lists the attributes it keeps static, list it there)")
    if " holding " in what or what.startswith("a set"):
        return (f"Keep non-array values out of traced arguments: pass them as a separate static argument "
                f"(`{declare}`, hashable: a tuple, not a list, dict or set) or close over them")
    return (f"Declare it static: `{declare}` (a static value must be hashable, and each new value compiles again), "
            "or keep it out of the jitted function's arguments")


def binding_site(name: str, index, scope) -> tuple[str, list | None]:
    """Where ``name``, used in ``scope``, is bound: ("param", None), ("local", bindings) in the
    innermost function that binds it, ("module", bindings), or ("none", []). Bindings as
    :func:`_bindings` gives them (None: declared global/nonlocal somewhere on the way)."""
    while scope is not None:
        if scope.param(name) is not None:
            return "param", None
        if isinstance(scope.node, cst.FunctionDef):  # a lambda binds only its parameters
            bindings = _scope_bindings(index, scope.node.body, name)
            if bindings is None or bindings:
                return "local", bindings
        scope = scope.parent
    if _declared_global(index, name):
        return "module", None
    bindings = _scope_bindings(index, index.module, name)
    return ("module", bindings) if bindings else ("none", [])


def bound_value(name: str, index, scope) -> cst.BaseExpression | None:
    """The value of ``name`` at a use in ``scope``, when one plain assignment binds it: in the
    innermost function that binds it (not a parameter, bound nowhere else in it, not
    global/nonlocal), or at module level (never declared ``global``)."""
    _where, bindings = binding_site(name, index, scope)
    return bindings[0] if bindings and len(bindings) == 1 else None


def _module_definition(name: str, index, scope) -> bool:
    """Does ``name`` in ``scope`` surely refer to the module's one ``def``/``class`` of that name
    (bound nowhere else, not shadowed in a function)?"""
    where, bindings = binding_site(name, index, scope)
    return where == "module" and bindings == [None] and _top_level_definitions(index, name) == 1


def _local_definition(name: str, index, scope, info) -> bool:
    """Does ``name`` in ``scope`` surely refer to ``info``, a ``def`` nested in a function that
    binds the name nowhere else (the innermost function binding it)?"""
    while scope is not None:
        if scope.param(name) is not None:
            return False
        if isinstance(scope.node, cst.FunctionDef):
            bindings = _scope_bindings(index, scope.node.body, name)
            if bindings is None or bindings:
                return bindings == [None] and scope.local_defs.get(name) is info
        scope = scope.parent
    return False


def _top_level_definitions(index, name: str) -> int:
    return sum(1 for stmt in index.module.body
               if isinstance(stmt, (cst.ClassDef, cst.FunctionDef)) and stmt.name.value == name)


def _bindings(root: cst.CSTNode, name: str) -> list | None:
    """Every binding of ``name`` directly in the scope of ``root`` (nested functions and classes
    left out): the assigned value for ``name = value``, None for any other kind (for target,
    ``with ... as``, import, augmented assignment, def, ...). None overall: declared
    global/nonlocal there."""
    table, declared = _binding_table(root)
    return None if name in declared else list(table.get(name, ()))


def _scope_bindings(index, root: cst.CSTNode, name: str) -> list | None:
    """:func:`_bindings`, from one walk of ``root`` per module index (not one per name)."""
    tables = index.__dict__.setdefault("_jg206_bindings", {})
    entry = tables.get(id(root))
    if entry is None or entry[0] is not root:
        entry = tables[id(root)] = (root, *_binding_table(root))
    _root, table, declared = entry
    return None if name in declared else list(table.get(name, ()))


_OWN_SCOPES = frozenset({cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp})
_TARGETED = frozenset({cst.AnnAssign, cst.AugAssign, cst.For, cst.Del})


def _binding_table(root: cst.CSTNode) -> tuple[dict[str, list], set[str]]:
    """Every binding of every name directly in the scope of ``root``, and the names declared
    global/nonlocal there (see :func:`_bindings`)."""
    out: dict[str, list] = {}
    declared: set[str] = set()

    def add(name: str, value) -> None:
        out.setdefault(name, []).append(value)

    def add_names(target: cst.CSTNode) -> None:
        for n in iter_nodes(target):
            if isinstance(n, cst.Name):
                add(n.value, None)

    def note(node: cst.CSTNode) -> bool:
        """Record what ``node`` binds; False: what is below it is not in the scope (or binds nothing)."""
        kind = type(node)  # (type tests: none of these libcst classes has a subclass; isinstance on them is slow)
        if kind is cst.Global or kind is cst.Nonlocal:
            declared.update(n.name.value for n in node.names)
            return False
        if (kind is cst.FunctionDef or kind is cst.ClassDef) and node is not root:
            add(node.name.value, None)
            return False
        if kind in _OWN_SCOPES:
            return False
        if kind is cst.Assign:
            for t in node.targets:
                if isinstance(t.target, cst.Name):
                    add(t.target.value, node.value)
                else:
                    add_names(t.target)
        elif kind in _TARGETED:
            add_names(node.target)
        elif kind is cst.AsName:
            add_names(node.name)
        elif kind is cst.NamedExpr:
            add_names(node.target)
        elif kind is cst.ImportAlias and node.asname is None:
            add(index_name(node.name), None)
        elif kind is cst.ExceptHandler and node.name is not None:
            add_names(node.name.name)
        return True

    shared = walk.shared(root)
    if shared is not None:
        for node in _in_walk_order(shared, root):
            note(node)
        return out, declared
    stack = [root]
    while stack:
        node = stack.pop()
        if note(node):
            stack.extend(branches(node))  # (a leaf binds nothing: the names are read by add_names)
    return out, declared


# what _binding_table reads, and where it stops
_TABLE_KINDS = frozenset({cst.Global, cst.Nonlocal, cst.FunctionDef, cst.ClassDef, *_OWN_SCOPES, cst.Assign,
                          *_TARGETED, cst.AsName, cst.NamedExpr, cst.ImportAlias, cst.ExceptHandler})
_TABLE_STOPS = frozenset({cst.Global, cst.Nonlocal, cst.FunctionDef, cst.ClassDef, *_OWN_SCOPES})


def _in_walk_order(shared: walk.ModuleNodes, root: cst.CSTNode) -> list[cst.CSTNode]:
    """The nodes of ``root`` that _binding_table's walk would note (of ``_TABLE_KINDS``, none
    below a stop but root's own), in the order that walk notes them: it pops the last child
    first, so a node comes before what is below it and a later sibling's nodes before an
    earlier one's (sorted by the end of their subtree, latest first, then by position)."""
    nodes, ends = shared.nodes, shared.ends
    top = shared.position(root)
    kept = []
    skip_end = 0
    stops = _TABLE_STOPS
    for j in shared.positions(root, _TABLE_KINDS):
        if j < skip_end:
            continue
        kept.append(j)
        kind = type(nodes[j])
        if kind in stops and not (j == top and (kind is cst.FunctionDef or kind is cst.ClassDef)):
            skip_end = ends[j]
    kept.sort(key=lambda j: (-ends[j], j))
    return [nodes[j] for j in kept]


def index_name(expr: cst.BaseExpression) -> str:
    """The name ``import a.b`` binds (``a``)."""
    while isinstance(expr, cst.Attribute):
        expr = expr.value
    return expr.value if isinstance(expr, cst.Name) else ""


def _declared_global(index, name: str) -> bool:
    """Is ``name`` declared ``global`` anywhere in the module (one walk per module)?"""
    names = index.__dict__.get("_jg206_globals")
    if names is None:
        names = index.__dict__["_jg206_globals"] = module_globals(index.module)
    return name in names


# the nodes a statement can be in (a ``global`` is a small statement of a line or a one-line suite)
_STATEMENT_HOLDERS = frozenset({
    cst.Module, cst.IndentedBlock, cst.FunctionDef, cst.ClassDef, cst.If, cst.Else, cst.For, cst.While, cst.With,
    cst.Try, cst.TryStar, cst.ExceptHandler, cst.ExceptStarHandler, cst.Finally, cst.Match, cst.MatchCase})


def module_globals(module: cst.Module) -> set[str]:
    """The names declared ``global`` anywhere in ``module``, walking statements only (expressions
    hold none)."""
    names: set[str] = set()
    stack: list[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.SimpleStatementLine or kind is cst.SimpleStatementSuite:
            for small in node.body:
                if type(small) is cst.Global:
                    names.update(n.name.value for n in small.names)
        elif kind in _STATEMENT_HOLDERS:
            stack.extend(children(node))
    return names



# -- what kind of value an argument surely is ----------------------------------------------------

class _Kinds:
    """The kinds of argument values JAX cannot trace, for one module (class verdicts cached)."""

    def __init__(self, index) -> None:
        self.index = index
        self._plain: dict[str, str | None] = {}
        self._escapes: dict[str, bool] | None = None

    def of(self, expr: cst.BaseExpression, scope, depth: int = 0) -> str | None:
        """What ``expr`` is when JAX surely cannot trace it; None when not sure."""
        if depth > 4:
            return None
        if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
            return self._string(expr)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.Modulo, cst.Add)):
            if isinstance(expr.left, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
                return self._string(expr.left)
            return None
        if isinstance(expr, cst.Lambda):
            return "a function (a lambda)"
        if isinstance(expr, (cst.Set, cst.SetComp)):
            return "a set (not a pytree)"
        if isinstance(expr, (cst.Tuple, cst.List)):
            for el in expr.elements:
                if isinstance(el, cst.StarredElement):
                    continue
                inner = self.of(el.value, scope, depth + 1)
                if inner is not None:
                    shape = "a tuple" if isinstance(expr, cst.Tuple) else "a list"
                    return f"{shape} holding {inner}"
            return None
        if isinstance(expr, cst.Dict):
            for el in expr.elements:
                if isinstance(el, cst.DictElement):
                    inner = self.of(el.value, scope, depth + 1)
                    if inner is not None:
                        return f"a dict holding {inner}"
            return None
        if isinstance(expr, cst.Call):
            return self._call(expr, scope, depth)
        if isinstance(expr, cst.Subscript):
            return self._device(expr, scope)
        if isinstance(expr, cst.Name):
            return self._name(expr, scope, depth)
        if isinstance(expr, cst.Attribute):
            return self._jax_function(expr, scope) or self._record_field(expr, scope, depth)
        return None

    def _record_field(self, expr: cst.Attribute, scope, depth: int) -> str | None:
        """``cfg.method`` where ``cfg`` is a parameter of a plain function of the module (also a
        jitted one, where it is static) that every call by name (at least one, none starred)
        fills with an instance of one frozen dataclass or NamedTuple of the module built there
        (``Config()``, or a name bound once to such a call), and the field ``method`` holds, in
        every one of those constructions, a value JAX cannot trace, of one kind: the argument
        given for it, else the field's default (``method: str = "zscore"``). Python hands the
        function that very object (a static argument of a jit too), so the field is that value,
        and a jitted function called with it at a traced position raises TypeError (JAX 0.10.2:
        rules/JG206_record_fields.py). None otherwise (a field set by a method, a class with its
        own ``__init__``, a default left unread)."""
        if not isinstance(expr.value, cst.Name) or binding_site(expr.value.value, self.index, scope)[0] != "param":
            return None
        name, field = expr.value.value, expr.attr.value
        owner = self._plain_owner(name, scope)
        if owner is None:
            return None

        def read(value, where):
            if isinstance(value, cst.Name):
                value = bound_value(value.value, self.index, where)
            held = self._field_of(value, field, where) if isinstance(value, cst.Call) else None
            return self.of(held[0], held[1], depth + 1) if held is not None else None

        kinds = self._one_kind_from_calls(owner, name, read)
        if kinds is None:
            return None
        return f"{kinds.pop()} (the field `{field}` of what every call of `{owner.name}` passes as `{name}`)"

    def _field_of(self, made: cst.Call, field: str, scope):
        """(the value, its scope) ``made`` (``Config(...)`` of a frozen dataclass or NamedTuple of
        the module with the generated ``__init__``) stores in ``field``: its argument, else the
        field's default; None when not read that way."""
        if not isinstance(made.func, cst.Name) or value_class(made, self.index, scope) not in (
                "frozen dataclass", "NamedTuple") or bind_fields(made, self.index.classes[made.func.value], self.index) is None:
            return None
        klass = self.index.classes[made.func.value]
        fields = [f for f in record_field_list(klass, self.index) or [] if f.init]
        if field not in {f.name for f in fields}:
            return None
        given = _argument_for(made, field, [f.name for f in fields if f.positional])
        if given is not None:
            return given, scope
        names, defaults, _markers = _annotated(klass.node, self.index)
        default = defaults[names.index(field)] if field in names else None
        if default is None or (isinstance(default, cst.Call) and self.index.resolve(default.func, None) == "dataclasses.field"):
            return None
        return default, None

    def _jax_function(self, expr: cst.BaseExpression, scope) -> str | None:
        """``jax.nn.relu``, ``jnp.tanh`` (or the name ``from jax.nn import relu`` binds) as a value:
        a function of JAX's public API (``jaxsig.SIGNATURES``, every entry probed callable and not a
        class by scripts/gen_jaxsig.py), which JAX cannot read as an array (a ``custom_jvp``, a jitted
        function or a plain function: TypeError at a traced position, JAX 0.10.2, rules/JG206.py)."""
        from jitguard.lint.analysis.jaxsig import SIGNATURES

        resolved = self.index.resolve(expr, scope)
        if resolved not in SIGNATURES:
            return None
        if isinstance(expr, cst.Name) and binding_site(expr.value, self.index, scope) != ("module", [None]):
            return None  # the import alone binds the name
        return f"a function (`{resolved}`, a JAX function)"

    @staticmethod
    def _string(expr: cst.BaseExpression) -> str:
        while isinstance(expr, cst.ConcatenatedString):
            expr = expr.left
        if isinstance(expr, cst.SimpleString) and "b" in expr.prefix.lower():
            return "a bytes object"
        return "a string"

    def _builtin(self, expr: cst.BaseExpression, scope, names: frozenset[str]) -> str | None:
        """The builtin (of ``names``) ``expr`` names, when nothing in the module binds that name."""
        if not isinstance(expr, cst.Name) or expr.value not in names:
            return None
        name = expr.value
        if self.index.resolve(expr, scope) != name or binding_site(name, self.index, scope)[0] != "none":
            return None
        return name

    def _call(self, call: cst.Call, scope, depth: int) -> str | None:
        index = self.index
        func = call.func
        builtin = self._builtin(func, scope, _STRING_BUILTINS | {"set", "frozenset", "range"})
        if builtin in _STRING_BUILTINS:
            return f"a string (from `{builtin}()`)"
        if builtin in ("set", "frozenset"):
            return f"a {builtin} (not a pytree)"
        if builtin == "range":
            return "a `range` (not a pytree)"
        if (isinstance(func, cst.Attribute) and func.attr.value in _STRING_METHODS
                and isinstance(func.value, (cst.SimpleString, cst.ConcatenatedString))):
            return f"a string (from `str.{func.attr.value}`)"
        resolved = index.resolve(func, scope)
        if resolved == "functools.partial":
            return "a function (a `functools.partial` object)"
        if resolved in _RUNTIME_OBJECTS:
            return _RUNTIME_OBJECTS[resolved]
        if resolved in _NUMPY_ARRAY_CALLS:
            return _text_array(call, index, scope)
        library = self._library_module(call, resolved, scope, depth)
        if library is not None:
            return library
        if not isinstance(func, cst.Name):
            return None
        if index.lookup_function(func.value, scope) is not None:
            returned = _returned_value(call, index, scope)
            inner = self.of(returned[0], returned[1], depth + 1) if returned is not None else None
            return f"{inner} (returned by `{func.value}()`)" if inner is not None else None
        klass = self.plain_class(func.value, scope)
        if klass is not None:
            return f"an instance of `{func.value}`, {klass}"
        held = self._data_field(call, scope, depth) or leaf_attribute(
            call, index, scope, lambda e, where: self.of(e, where, depth + 1))
        if held is not None:
            return held
        if value_class(call, index, scope) in ("NamedTuple", "namedtuple"):
            for arg in call.args:
                # Record(*make_fns()): the elements of the tuple literal make_fns returns (instances.py)
                unpacked = returned_tuple(arg.value, index, scope) if arg.star == "*" else None
                fields = [(arg.value, scope)] if not arg.star else [(e, unpacked[1]) for e in unpacked[0]] if unpacked else []
                for value, where in fields:
                    inner = self.of(value, where, depth + 1)
                    if inner is not None:
                        return f"a `{func.value}` (a NamedTuple, traced field by field) holding {inner}"
        return None

    def _library_module(self, call: cst.Call, resolved: str | None, scope, depth: int) -> str | None:
        """``eqx.nn.MLP(...)``, ``eqx.nn.Lambda(fn)``, ``eqx.nn.Sequential([...])``: a module of
        ``equinox.nn`` whose pytree leaves hold a function (its default, or one the class sets
        itself), or keep an argument JAX cannot trace (``eqxnn``, probed on the installed equinox
        by scripts/gen_eqxnn.py)."""
        from jitguard.lint.analysis.eqxnn import FUNCTION_LEAVES, PASSED_THROUGH

        if resolved is None or any(a.star for a in call.args):
            return None
        what = f"an `{resolved}` (a module of `equinox.nn`: its field `{{}}` is a pytree child, not static) holding {{}}"
        for param, position, field in FUNCTION_LEAVES.get(resolved, ()):
            if param is None:
                return what.format(field, "a function it sets itself")
            if _library_argument(call, param, position) is None:
                return what.format(field, f"a function (the default of `{param}`)")
        for param, position, field in PASSED_THROUGH.get(resolved, ()):
            arg = _library_argument(call, param, position)
            inner = self.of(arg, scope, depth + 1) if arg is not None else None
            if inner is not None:
                return what.format(field, inner)
        return None

    def _name(self, expr: cst.Name, scope, depth: int) -> str | None:
        index = self.index
        name = expr.value
        info = index.lookup_function(name, scope)
        if info is None and name not in index.classes:
            jax_function = self._jax_function(expr, scope)
            if jax_function is not None:
                return jax_function
        if info is not None:
            if (isinstance(info.node, cst.FunctionDef)
                    and (_module_definition(name, index, scope) if info.parent is None else _local_definition(name, index, scope, info))):
                if not info.node.decorators:
                    return f"a function (`def {name}`)"
                made = _function_decorators(index, info.node)
                if made is not None:
                    return f"a function (`def {name}` under `@{made}`, {_FUNCTION_OBJECTS[made]})"
            return None
        if name in index.classes and self.plain_class(name, scope, escapes_allowed=True) is not None:
            # the class object itself: a `type` (no metaclass), whatever registers its instances
            return f"a class (the class object `{name}`)"
        where, bindings = binding_site(name, index, scope)
        if where == "param":
            return self._parameter(name, scope, depth)
        if bindings == [None]:
            unpacked = _unpacked_library_function(name, index, scope)
            if unpacked is not None:
                return unpacked
        if depth > 0:
            return None
        value = bound_value(name, index, scope)
        if value is None and bindings == [None] and where == "local":
            paired = _paired_value(name, index, scope)  # (a record's field: cfg.mode of `mode, eps = cfg.mode, cfg.eps`)
            value = paired if isinstance(paired, cst.Attribute) else None
        if value is None or isinstance(value, cst.Name) or _emptied(name, index, scope):
            return None
        inner = self.of(value, scope, depth + 1)
        return f"{inner} (`{name}`)" if inner is not None else None

    def _parameter(self, name: str, scope, depth: int) -> str | None:
        """What every call of the module passes at parameter ``name`` of the plain function it
        belongs to (``def cg(matvec, b)`` called ``cg(lambda v: A @ v, b)``), when each such call
        (at least one, none starred, not a method) passes one JAX cannot trace, all of one kind
        (a function, ...); None otherwise (a default left in place, a call through another name)."""
        owner = self._plain_owner(name, scope)
        if owner is None:
            return None
        kinds = self._one_kind_from_calls(owner, name, lambda value, where: self.of(value, where, depth + 1))
        if kinds is None:
            return None
        return f"{kinds.pop()} (`{name}`, from every call of `{owner.name}`)"

    def _plain_owner(self, name: str, scope):
        """The plain function (not a method) whose parameter ``name`` is, seen from ``scope``, when
        it never rebinds it; None otherwise."""
        owner = scope
        while owner is not None and owner.param(name) is None:
            owner = owner.parent
        if owner is None or owner.is_method or not isinstance(owner.node, cst.FunctionDef):
            return None
        if _scope_bindings(self.index, owner.node.body, name) != []:
            return None  # rebound in the function (or declared global/nonlocal)
        return owner

    def _one_kind_from_calls(self, owner, name: str, read) -> set | None:
        """The one kind (``read(value, where)``, before any parenthesis) every call of ``owner`` by
        name (at least one) passes at its parameter ``name``; None when one passes none or the
        kinds differ."""
        positional = [p.name for p in owner.positional]
        kinds = set()
        for call, where, _klass, _loops in self.index.calls:
            if not isinstance(call.func, cst.Name) or call.func.value != owner.name:
                continue
            resolved = self.index.resolve_function(call.func, where)
            if resolved is None or resolved[0] is not owner:
                continue
            value = _argument_for(call, name, positional)
            kind = read(value, where) if value is not None else None
            if kind is None:
                return None
            kinds.add(kind.split(" (", 1)[0])
        return kinds if len(kinds) == 1 else None

    def _device(self, expr: cst.Subscript, scope) -> str | None:
        """``jax.devices()[0]``, ``jax.local_devices()[i]``: one device (a plain index, not a slice)."""
        value = expr.value
        if (len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index) and isinstance(value, cst.Call)
                and self.index.resolve(value.func, scope) in _DEVICE_LISTS):
            return "a `jax.Device` (a JAX runtime object, not an array)"
        return None

    def _data_field(self, call: cst.Call, scope, depth: int) -> str | None:
        """``Cls(...)`` of a dataclass of the module registered with ``register_dataclass`` (one
        registration, data fields read): JAX traces its data fields, so one holding a value JAX
        cannot trace raises as that value would. Meta (static) fields are left alone."""
        name = call.func.value
        data = self._registered_data_fields(name, scope)
        if not data:
            return None
        klass = self.index.classes[name]
        bound = bind_fields(call, klass, self.index)
        if bound is None:
            return None
        fields = [f.name for f in (record_field_list(klass, self.index) or []) if f.init and f.positional]
        args = [a for a in call.args if a.keyword is None]
        for arg in call.args:
            field = arg.keyword.value if arg.keyword is not None else fields[args.index(arg)]
            if field not in data:
                continue
            inner = self.of(arg.value, scope, depth + 1)
            if inner is not None:
                return f"a `{name}` (a registered dataclass, traced field by field) holding {inner} in its data field `{field}`"
        return None

    def _registered_data_fields(self, name: str, scope) -> frozenset | None:
        """The data fields of ``name``, a ``@dataclass`` of the module registered once with
        ``register_dataclass``: the listed ``data_fields``, or, registered without field lists, every
        field not marked by a ``field(...)`` call (its metadata may make it static). None when unsure."""
        index = self.index
        klass = index.classes.get(name)
        if klass is None or not _module_definition(name, index, scope):
            return None
        node = klass.node
        fields = record_field_list(klass, index)
        if fields is None or any(index.resolve(b.value, None) not in _PLAIN_BASES for b in node.bases):
            return None
        registrations = []
        for dec in node.decorators:
            d = dec.decorator
            resolved = index.resolve(d.func if isinstance(d, cst.Call) else d, None)
            if resolved in REGISTER_DATACLASS and not isinstance(d, cst.Call):
                registrations.append(None)
            elif resolved == "functools.partial" and isinstance(d, cst.Call) and d.args and index.resolve(d.args[0].value, None) in REGISTER_DATACLASS:
                registrations.append(_keyword_strings(d, "data_fields"))
            elif resolved not in DATACLASS:
                return None
        for n in iter_nodes(index.module):
            if (isinstance(n, cst.Call) and index.resolve(n.func, None) in REGISTER_DATACLASS and n.args
                    and isinstance(n.args[0].value, cst.Name) and n.args[0].value.value == name):
                registrations.append(_keyword_strings(n, "data_fields", 1))
        if len(registrations) != 1:
            return None
        listed = registrations[0]
        if listed is not None:
            return frozenset(listed) if listed != ("?",) else None
        _names, values, _markers = _annotated(node, index)
        plain = {f for f, v in zip(_names, values) if not isinstance(v, cst.Call)}
        return frozenset(f.name for f in fields if f.name in plain)

    # -- classes ------------------------------------------------------------------------------

    def plain_class(self, name: str, scope, escapes_allowed: bool = False) -> str | None:
        """"a plain class (not a pytree)" or "a dataclass not registered as a pytree" when
        ``name`` is a class of this module whose instances JAX cannot flatten; else None."""
        if not _module_definition(name, self.index, scope):
            return None
        verdict = self._verdict(name, set())
        if verdict is None or (not escapes_allowed and self._escapes_of(name)):
            return None
        return verdict

    def _verdict(self, name: str, seen: set[str]) -> str | None:
        if name in self._plain:
            return self._plain[name]
        self._plain[name] = None  # cycles
        verdict = self._judge(name, seen | {name})
        self._plain[name] = verdict
        return verdict

    def _judge(self, name: str, seen: set[str]) -> str | None:
        index = self.index
        klass = index.classes.get(name)
        if klass is None or _top_level_definitions(index, name) != 1:
            return None
        node = klass.node
        dataclass = False
        for dec in node.decorators:
            d = dec.decorator
            if index.resolve(d.func if isinstance(d, cst.Call) else d, None) not in DATACLASS:
                return None  # a decorator may register it (flax.struct, chex, register_pytree_node_class, ...)
            dataclass = True
        if node.keywords:
            return None  # metaclass=... (its __call__ or __new__ may register), or class keywords
        container = None
        for base in node.bases:
            if base.keyword is not None or base.star:
                return None  # metaclass=..., or bases we cannot see
            value = base.value
            if isinstance(value, cst.Name) and value.value in index.classes and value.value not in seen:
                inherited = self._verdict(value.value, seen)
                if inherited is None or self._escapes_of(value.value):
                    return None
                container = container or (inherited if inherited.startswith("a subclass of") else None)
                continue
            resolved = index.resolve(value, None)
            if resolved in _CONTAINER_BUILTINS and isinstance(value, cst.Name) and binding_site(
                    value.value, index, None)[0] == "none":
                # JAX's pytree registry looks the exact type up: `dict` is a node, a subclass of it a leaf
                container = f"a subclass of `{resolved}` (JAX flattens `{resolved}` itself, not its subclasses)"
                continue
            if resolved not in _PLAIN_BASES:
                return None  # a base from elsewhere (equinox.Module, nn.Module, NamedTuple, ...)
        for stmt in node.body.body:
            if isinstance(stmt, cst.FunctionDef) and stmt.name.value in (
                    "__jax_array__", "tree_flatten", "tree_flatten_with_keys", "__init_subclass__", "__new__"):
                return None
        if container is not None:
            return None if dataclass else container
        return "a dataclass not registered as a pytree" if dataclass else "a plain class (not a pytree)"

    def _escapes_of(self, name: str) -> bool:
        if self._escapes is None:
            self._escapes = _escaping_classes(self.index)
        return self._escapes.get(name, False)


def _unpacked_library_function(name: str, index, scope) -> str | None:
    """``init_fun, apply_fun = stax.serial(...)`` (``opt_init, opt_update, get_params =
    optimizers.adam(1e-3)``): the function ``name`` is, when the one binding of ``name`` where it
    is used unpacks a call of a layer constructor of ``jax.example_libraries.stax`` (a pair of
    functions) or an optimizer of ``jax.example_libraries.optimizers`` (a triple), into as many
    plain names; None otherwise."""
    owner = scope
    while owner is not None and not (isinstance(owner.node, cst.FunctionDef) and _scope_bindings(index, owner.node.body, name)):
        owner = owner.parent
    root = owner.node.body if owner is not None else index.module
    found = _unpacked_calls(index, root).get(name)
    if found is None:
        return None
    call, names = found
    resolved = index.resolve(call.func, owner)
    for module, constructors, count, roles in _FUNCTION_TUPLES:
        if resolved in constructors and len(names) == count:
            short = resolved.rsplit(".", 1)[1]
            return f"a function (the `{roles[names.index(name)]}` of `{module}.{short}(...)`)"
    return None


def _unpacked_calls(index, root: cst.CSTNode) -> dict[str, tuple[cst.Call, list]]:
    """Name -> (call, the names of the target) for ``a, b = f(...)`` directly in the scope of
    ``root`` (the first such statement binding the name), one walk of ``root`` per module index."""
    tables = index.__dict__.setdefault("_jg206_unpacked", {})
    entry = tables.get(id(root))
    if entry is not None and entry[0] is root:
        return entry[1]
    table: dict[str, tuple[cst.Call, list]] = {}
    for node in _own_assignments(root):
        if type(node.value) is not cst.Call or len(node.targets) != 1:
            continue
        target = node.targets[0].target
        if not isinstance(target, (cst.Tuple, cst.List)):
            continue
        names = [el.value.value if isinstance(el.value, cst.Name) and not isinstance(el, cst.StarredElement) else None
                 for el in target.elements]
        for n in names:
            if n is not None:
                table.setdefault(n, (node.value, names))
    tables[id(root)] = (root, table)
    return table


def _own_assignments(root: cst.CSTNode):
    """The ``Assign`` statements directly in the scope of ``root`` (a module or a function's
    body), compound statements included, nested defs, classes and lambdas left out."""
    stack = [root]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Assign:
            yield node
            continue
        if kind in _OWN_SCOPES or (kind is cst.FunctionDef or kind is cst.ClassDef):
            continue
        if isinstance(node, cst.BaseExpression):
            continue
        stack.extend(reversed(children(node)))


def _paired_value(name: str, index, scope) -> cst.BaseExpression | None:
    """``method, eps = cfg.method, cfg.eps``: the element of the tuple (or list) display that an
    unpacking assignment of the same length, none starred, pairs with ``name`` (Python evaluates
    the right side first, then binds each target to its element). Read in the innermost function
    that binds ``name``, where that unpacking is its one binding; None otherwise."""
    while scope is not None and scope.param(name) is None:
        if isinstance(scope.node, cst.FunctionDef) and _scope_bindings(index, scope.node.body, name):
            break
        scope = scope.parent
    if scope is None or scope.param(name) is not None:
        return None
    stack: list[cst.CSTNode] = [scope.node.body]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) or isinstance(node, cst.BaseExpression):
            continue
        if isinstance(node, cst.Assign) and len(node.targets) == 1:
            target, value = node.targets[0].target, node.value
            if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)) \
                    and len(target.elements) == len(value.elements):
                for t, v in zip(target.elements, value.elements):
                    if isinstance(t, cst.StarredElement) or isinstance(v, cst.StarredElement):
                        break
                    if isinstance(t.value, cst.Name) and t.value.value == name:
                        return v.value
            continue
        stack.extend(children(node))
    return None


def _argument_for(call: cst.Call, name: str, positional: list[str]) -> cst.BaseExpression | None:
    """The value ``call`` passes at the parameter ``name`` (by keyword or position); None when it
    leaves it out or spreads ``*args``/``**kwargs``."""
    for i, arg in enumerate(call.args):
        if arg.star:
            return None
        if (arg.keyword is not None and arg.keyword.value == name) or (
                arg.keyword is None and i < len(positional) and positional[i] == name):
            return arg.value
    return None


def _library_argument(call: cst.Call, param: str, position: int) -> cst.BaseExpression | None:
    """The argument ``call`` gives for ``param`` (by keyword, or at ``position``; -1: keyword only)."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == param:
            return arg.value
    positional = [a for a in call.args if a.keyword is None]
    return positional[position].value if 0 <= position < len(positional) else None


def _text_array(call: cst.Call, index, scope) -> str | None:
    """``np.array([b"a", b"b"])``, ``np.asarray(["x", 1])``, ``np.array(v, dtype=str)``: a NumPy array
    of strings or bytes (dtype ``U``/``S``/``object``), which JAX cannot read as an array at a traced
    position (TypeError, JAX 0.10.2); a numeric ``dtype=`` converts the strings: not one."""
    dtype = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "dtype"), None)
    if dtype is not None:
        name = (index.resolve(dtype, scope) or "") if not isinstance(dtype, cst.SimpleString) else ""
        text = dtype.evaluated_value if isinstance(dtype, cst.SimpleString) else None
        if name in _TEXT_DTYPES or (isinstance(text, str) and text.lstrip("<>|=").startswith(("U", "S", "str", "bytes", "O"))):
            return "a NumPy array of strings or bytes (not a valid JAX type)"
        return None
    first = next((a.value for a in call.args if a.keyword is None and not a.star), None)
    kinds = set()
    stack = [first] if isinstance(first, (cst.List, cst.Tuple)) else []
    while stack:
        for el in stack.pop().elements:
            if isinstance(el, cst.StarredElement):
                return None
            if isinstance(el.value, (cst.List, cst.Tuple)):
                stack.append(el.value)
            elif isinstance(el.value, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
                kinds.add(_Kinds._string(el.value))
    if not kinds:
        return None
    what = "bytes" if kinds == {"a bytes object"} else "strings"
    return f"a NumPy array of {what} (dtype `{'S' if what == 'bytes' else 'U'}`, not a valid JAX type)"


def _returned_value(call: cst.Call, index, scope):
    """``load()`` where ``load`` is an undecorated (or ``functools.cache``d) plain function, not a
    generator, whose one ``return`` gives a value: (that value, the function it is written in)."""
    from jitguard.lint.analysis.instances import own_returns

    info = index.lookup_function(call.func.value, scope)
    node = info.node if info is not None else None
    if not isinstance(node, cst.FunctionDef) or info.cls is not None or any(
            index.resolve(d.decorator, None) not in _CACHES for d in node.decorators):
        return None
    returns = own_returns(node)
    if len(returns) != 1 or returns[0].value is None or any(
            isinstance(n, (cst.Yield, cst.Await)) for n in iter_nodes(node.body)):
        return None
    return returns[0].value, info


def _emptied(name: str, index, scope) -> bool:
    """``name.pop(...)``, ``name.clear()``, ... in the function (or module) using it: the container
    bound to ``name`` may have lost the entry its binding shows."""
    root = scope.node if scope is not None else index.module
    found = walk.nodes_of(root, _CALL)
    return any(isinstance(n, cst.Call) and isinstance(n.func, cst.Attribute) and n.func.attr.value in _MUTATORS
               and isinstance(n.func.value, cst.Name) and n.func.value.value == name for n in found)


_CALL = frozenset({cst.Call})


_MUTATORS = frozenset({"pop", "popitem", "clear", "update", "remove"})
_NUMPY_ARRAY_CALLS = frozenset({"numpy.array", "numpy.asarray", "numpy.asanyarray"})
_TEXT_DTYPES = frozenset({"str", "bytes", "object", "numpy.str_", "numpy.bytes_", "numpy.object_", "numpy.unicode_"})
_CACHES = frozenset({"functools.cache", "functools.lru_cache"})
# Decorators that make a function object JAX cannot flatten (no pytree registration): a ``def`` under
# only these, passed where JAX traces its argument, raises TypeError like a plain ``def`` (JAX 0.10.2,
# each checked at a traced position of a jitted function: tests/test_holdout27_mechanisms.py); also
# their option forms ``@jax.jit(static_argnums=...)``, ``@partial(jax.jit, ...)``,
# ``@functools.lru_cache(maxsize=None)``. Filtered jits (equinox.filter_jit: a pytree Module) are not.
_FUNCTION_OBJECTS = {
    **{f"jax.{n}": "a jitted function" for n in ("jit", "pmap")},
    **{f"jax.{n}": "a transformed function" for n in (
        "vmap", "grad", "value_and_grad", "jacfwd", "jacrev", "hessian", "checkpoint", "remat")},
    "jax.custom_jvp": "a `custom_jvp` object", "jax.custom_vjp": "a `custom_vjp` object",
    "functools.cache": "a cached function", "functools.lru_cache": "a cached function",
}


def _function_decorators(index, node: cst.FunctionDef) -> str | None:
    """The decorator that last wraps ``node`` when every decorator of it is one of
    ``_FUNCTION_OBJECTS`` (written as such, called with options, or under ``functools.partial``),
    shortened for messages (``jax.jit``); None otherwise."""
    made = None
    for dec in node.decorators:
        d = dec.decorator
        if isinstance(d, cst.Call):
            inner = positional_args(d)
            target = (inner[0].value if index.resolve(d.func, None) == "functools.partial" and inner else d.func)
        else:
            target = d
        name = index.resolve(target, None)
        if name not in _FUNCTION_OBJECTS:
            return None
        made = made or name
    return made


def _keyword_strings(call: cst.Call, keyword: str, position: int | None = None) -> tuple | None:
    """The string literals of a list/tuple argument (``data_fields=["a", "b"]``); None when absent
    (or not the positional one), ``("?",)`` when present but not all literal."""
    value = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == keyword), None)
    if value is None and position is not None:
        positional = [a for a in call.args if a.keyword is None and not a.star]
        value = positional[position].value if len(positional) > position else None
    if value is None:
        return ("?",) if any(a.star for a in call.args) or len(call.args) > 1 else None
    if not isinstance(value, (cst.List, cst.Tuple)):
        return ("?",)
    out = []
    for el in value.elements:
        if not isinstance(el.value, cst.SimpleString):
            return ("?",)
        out.append(el.value.evaluated_value)
    return tuple(out)


def _escaping_classes(index) -> dict[str, bool]:
    """For each class of the module: is its name used other than called (built), read from
    (``C.attr``), subclassed, in an annotation or in ``isinstance``-like tests? Passed to any
    other call (``register_pytree_node(C, ...)``), assigned, returned, decorated: it may be
    registered as a pytree, and its instances may flatten."""
    classes = set(index.classes)
    out = dict.fromkeys(classes, False)
    stack: list[cst.CSTNode] = [index.module]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name):
            if node.value in classes:
                out[node.value] = True
            continue
        if isinstance(node, cst.ClassDef):
            stack.extend(d.decorator for d in node.decorators)
            stack.extend(b.value for b in node.bases if not (isinstance(b.value, cst.Name) and b.keyword is None))
            stack.extend(k.value for k in node.keywords)
            stack.append(node.body)
            continue
        if isinstance(node, cst.FunctionDef):
            stack.extend(d.decorator for d in node.decorators)
            stack.append(node.body)
            stack.extend(p.default for p in (*node.params.params, *node.params.posonly_params, *node.params.kwonly_params)
                         if p.default is not None)
            continue
        if isinstance(node, (cst.Annotation, cst.Import, cst.ImportFrom)):
            continue
        if isinstance(node, cst.Call):
            if not isinstance(node.func, cst.Name):
                stack.append(node.func)
            if isinstance(node.func, cst.Name) and node.func.value in _INERT_CALLS:
                stack.extend(a.value for a in node.args if not isinstance(a.value, cst.Name))
                continue
            stack.extend(a.value for a in node.args)
            continue
        if isinstance(node, cst.Attribute):
            if not isinstance(node.value, cst.Name):
                stack.append(node.value)
            continue
        if isinstance(node, cst.Comparison):
            stack.append(node.left) if not isinstance(node.left, cst.Name) else None
            stack.extend(c.comparator for c in node.comparisons if not isinstance(c.comparator, cst.Name))
            continue
        stack.extend(children(node))
    return out


bindings_in = _bindings  # every binding of a name directly in a scope (see _bindings)
