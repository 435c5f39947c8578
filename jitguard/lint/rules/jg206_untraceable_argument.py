"""JG206: a value JAX cannot trace, passed at a non-static position of a jitted function.

``jax.jit`` flattens every argument that is not static with ``jax.tree_util`` and turns each leaf
into an abstract array. A leaf JAX cannot read as an array raises ``TypeError: Error interpreting
argument to <function> as an abstract array`` at the call (JAX 0.10.2, checked for every kind below
by rules/JG206.py and tests/test_jg206.py, also when the call is made from traced code). The kinds
read here are the ones the source shows for sure:

* a string or bytes literal, an f-string, ``"..." % v``, ``"..." + ...``, ``str(...)``,
  ``"...".format(...)``, ``"...".join(...)``;
* a function (a ``lambda``, an undecorated ``def`` of the module, ``functools.partial(...)``), a
  class of the module (the class object), a set or ``frozenset``, a ``range``;
* an instance of a class of this module that JAX cannot flatten: no decorator but
  ``@dataclass``, every base ``object``/``abc.ABC`` or such a class of the module, no
  ``__jax_array__``, ``tree_flatten``, ``__init_subclass__`` or metaclass, and the class never
  used in the module other than built, subclassed, read from or tested (passed to
  ``register_pytree_node`` or any other call, it may be registered);
* a tuple, list or dict literal, or a NamedTuple of the module, holding one of these;
* a name bound once (in the function, or at module level and never declared ``global``) to one.

Accepted by JAX, never flagged: arrays, NumPy arrays and scalars, Python numbers, ``None``,
NamedTuples, registered pytrees (``register_pytree_node(_class)``, ``register_dataclass``,
``register_static``), containers of these, and any value whose kind is not plain to see.
"""

from __future__ import annotations

import re

import libcst as cst

from jitguard.lint.analysis.hashability import value_class
from jitguard.lint.analysis.jitcontext import keyword, positional_args
from jitguard.lint.analysis.walk import children, iter_nodes
from jitguard.lint.rules.base import Reporter, Rule, Scope

# jit flavours whose behaviour on a non-array argument is checked (TypeError at the call);
# equinox.filter_jit and flax.nnx.jit keep non-array values static, pmap needs a mapped argument
_JITS = frozenset({"jax.jit", "jax.pjit", "jax.experimental.pjit.pjit"})
_STATIC_OPTIONS = ("static_argnums", "static_argnames")
_PLAIN_BASES = frozenset({"object", "abc.ABC"})
_DATACLASS = frozenset({"dataclasses.dataclass"})
_STRING_BUILTINS = frozenset({"str", "repr", "format", "ascii", "chr", "hex", "oct", "bin"})
_STRING_METHODS = frozenset({"format", "join"})
# uses of a class name that cannot register it: isinstance(x, C), issubclass, super(C, self), type checks
_INERT_CALLS = frozenset({"isinstance", "issubclass", "super", "type", "id", "repr", "str"})


class UntraceableArgument(Rule):
    code = "JG206"
    scope = Scope.MODULE
    name = "untraceable-argument"
    summary = ("A string, function, class, or instance of a plain (unregistered) class passed where the jitted "
               "function traces its argument as an array.")
    jax_error = "TypeError: Error interpreting argument to <function> as an abstract array."
    what = """
        Flags a call of a function jitted with `jax.jit` (or `pjit`) in this file — decorated
        (`@jax.jit`, `@partial(jax.jit, static_argnames=...)`, a method), bound to a name
        (`g = jax.jit(f, ...)`) or called where it is made (`jax.jit(f)(...)`) — that passes, at a
        position JAX does not keep static, a value JAX cannot turn into an array: a string or
        bytes (a literal, an f-string, `str(...)`, `"..." % v`, `"...".format(...)`), a function
        (a lambda, a plain `def`, `functools.partial(...)`), a class object, a set or a `range`,
        an instance of a class of this file that is not a pytree (plain or `@dataclass`, every base
        `object` or another such class, never passed to `register_pytree_node` or any other
        call, no `__jax_array__`), or a tuple, list, dict or NamedTuple holding one; also through
        a name bound once to one of these. The instance a jitted method is called on
        (`runner.step(x)` with `@jax.jit def step(self, x)`) is such an argument too, at `self`,
        unless `self` is static; a call on `self` inside the class is left alone (`self` may be
        an instance of a subclass registered as a pytree elsewhere). Only what the source shows for sure is flagged: a
        value of unknown kind, a class with a base from another library (an `equinox.Module`, a
        `flax.struct` dataclass), a registered pytree or NamedTuple, a static position, `*args`
        and `**kwargs` and jits through wrappers of unknown behaviour (`equinox.filter_jit` and
        `flax.nnx.jit` keep such values static) are left alone. A registration made in another
        file of the class is not seen: a class registered elsewhere is better registered where it
        is defined.
        """
    why = """
        `jax.jit` traces every argument that is not static: it flattens it with `jax.tree_util`
        and makes each leaf an abstract array. A string, a function, a class or an instance of a
        class JAX does not know as a pytree has no array form, and the call raises `TypeError`
        (also when it is made from inside another traced function). Declare the parameter static
        (`static_argnames=("name",)`; a static value must be hashable, and each new value compiles
        again), or, for a class holding arrays, register it as a pytree
        (`@jax.tree_util.register_pytree_node_class`, `jax.tree_util.register_dataclass`) so its
        array fields are traced.
        """
    example = """
        @jax.jit
        def scale(x, mode):
            return x * 2.0 if mode == "double" else x

        y = scale(jnp.ones(3), "double")
        """
    use_instead = """
        @partial(jax.jit, static_argnames=("mode",))
        def scale(x, mode):
            return x * 2.0 if mode == "double" else x

        y = scale(jnp.ones(3), "double")
        """

    def check_module(self, index, ctx: Reporter) -> None:
        if not index.jit_uses and not index.transform_calls:
            return
        kinds = _Kinds(index)
        for call, scope, _klass, _loops in index.calls:
            target = _jitted_target(call, index, scope)
            if target is None:
                continue
            display, params = target
            for value, param in params:
                if isinstance(value, cst.Name) and value.value in ("self", "cls"):
                    continue  # self may be an instance of a subclass registered elsewhere
                kind = kinds.of(value, scope)
                if kind is None:
                    continue
                what, fix = kind
                text = _short(index.module.code_for_node(value))
                ctx.report(
                    value,
                    f"`{text}` is {what}, passed as `{param}` of jitted `{display}`, which is not static: JAX traces it "
                    "as an array and cannot interpret it as one (TypeError at the call)",
                    fix.format(param=param),
                )


# -- which calls reach a jitted function, and with which argument at which non-static parameter --


def _jitted_target(call: cst.Call, index, scope):
    """For a call of a function jitted in this module with ``jax.jit``/``pjit``: (its name for
    messages, [(argument, parameter)] for each argument that lands at a non-static parameter);
    None for any other call, or when what JAX keeps static cannot be read."""
    func = call.func
    if isinstance(func, cst.Call):
        return _jit_call(func, call, index, scope)
    if isinstance(func, cst.Name):
        if index.lookup_function(func.value, scope) is None:
            bound = _bound_value(func.value, index, scope)
            if isinstance(bound, cst.Call):
                return _jit_call(bound, call, index, scope)
            return None
        info = index.lookup_function(func.value, scope)
        return _decorated(info, call, index, offset=0)
    if isinstance(func, cst.Attribute):
        resolved = index.resolve_function(func, scope)
        if resolved is None or resolved[1] is not None or not resolved[0].is_method:
            return None
        info, _use, bound_self = resolved
        target = _decorated(info, call, index, offset=1 if bound_self else 0)
        if target is not None and bound_self and info.positional:
            receiver = info.positional[0].name  # `obj.step(x)`: JAX gets `obj` as `self`
            use = next(u for f, u, site in index.jit_uses if f is info and site is info.node.decorators[0].decorator)
            if receiver not in use.static_names:
                target[1].insert(0, (func.value, receiver))
        return target
    return None


def _jit_call(jit: cst.Call, call: cst.Call, index, scope):
    """``jax.jit(f, ...)`` (``jit``) called with ``call``'s arguments."""
    transform = index.transform_of(jit.func, scope)
    if transform not in _JITS:
        return None
    use = next((u for info, u, site in index.jit_uses if site is jit), None)
    if use is None:
        # a function not of this module: with no static options, JAX traces every argument
        if any(a.star for a in jit.args) or any(keyword(jit, k) is not None for k in _STATIC_OPTIONS):
            return None
        fn = positional_args(jit)
        shown = index.module.code_for_node(fn[0].value) if fn else "?"
        return _short(shown), [(a.value, f"#{i}" if a.keyword is None else a.keyword.value)
                               for i, a in enumerate(call.args) if not a.star]
    info = next(info for info, u, site in index.jit_uses if site is jit)
    return _mapped(info, use, call, offset=0)


def _decorated(info, call: cst.Call, index, offset: int):
    """A call of the def ``info``, jitted by its outermost decorator (and, with other decorators
    under it, without static options: their signature is not the def's)."""
    if info is None or not isinstance(info.node, cst.FunctionDef) or not info.node.decorators:
        return None
    outer = info.node.decorators[0].decorator
    use = next((u for f, u, site in index.jit_uses if f is info and site is outer), None)
    if use is None or use.qualname not in _JITS:
        return None
    if len(info.node.decorators) > 1 and use.options is not None:
        return None
    return _mapped(info, use, call, offset)


def _mapped(info, use, call: cst.Call, offset: int):
    """(name, [(argument, parameter)]) for the arguments of ``call`` at non-static parameters of
    ``info`` jitted by ``use``; ``offset``: arguments the call passes before its own (a bound self)."""
    if use.qualname not in _JITS or use.static_unknown or "**" in use.bound_keywords:
        return None
    positional = [p.name for p in info.positional]
    if use.bound_self and info.is_method:
        positional = positional[1:]
    positional = positional[use.bound_positional + offset:]
    named = {p.name for p in info.params if p.kind in ("positional", "kwonly")}
    out = []
    starred = False
    for i, arg in enumerate(call.args):
        if arg.star:
            starred = True
            continue
        if arg.keyword is not None:
            param = arg.keyword.value if arg.keyword.value in named else None
        else:
            param = positional[i] if not starred and i < len(positional) else None
        if param is None or param in use.static_names or param in use.bound_keywords:
            continue
        out.append((arg.value, param))
    return info.display(), out


def _binding_site(name: str, index, scope) -> tuple[str, list | None]:
    """Where ``name``, used in ``scope``, is bound: ("param", None), ("local", bindings) in the
    innermost function that binds it, ("module", bindings), or ("none", []). Bindings as
    :func:`_bindings` gives them (None: declared global/nonlocal somewhere on the way)."""
    while scope is not None:
        if scope.param(name) is not None:
            return "param", None
        if isinstance(scope.node, cst.FunctionDef):  # a lambda binds only its parameters
            bindings = _bindings(scope.node.body, name)
            if bindings is None or bindings:
                return "local", bindings
        scope = scope.parent
    if _declared_global(index, name):
        return "module", None
    bindings = _bindings(index.module, name)
    return ("module", bindings) if bindings else ("none", [])


def _bound_value(name: str, index, scope) -> cst.BaseExpression | None:
    """The value of ``name`` at a use in ``scope``, when one plain assignment binds it: in the
    innermost function that binds it (not a parameter, bound nowhere else in it, not
    global/nonlocal), or at module level (never declared ``global``)."""
    _where, bindings = _binding_site(name, index, scope)
    return bindings[0] if bindings and len(bindings) == 1 else None


def _module_definition(name: str, index, scope) -> bool:
    """Does ``name`` in ``scope`` surely refer to the module's one ``def``/``class`` of that name
    (bound nowhere else, not shadowed in a function)?"""
    where, bindings = _binding_site(name, index, scope)
    return where == "module" and bindings == [None] and _top_level_definitions(index, name) == 1


def _top_level_definitions(index, name: str) -> int:
    return sum(1 for stmt in index.module.body
               if isinstance(stmt, (cst.ClassDef, cst.FunctionDef)) and stmt.name.value == name)


def _bindings(root: cst.CSTNode, name: str) -> list | None:
    """Every binding of ``name`` directly in the scope of ``root`` (nested functions and classes
    left out): the assigned value for ``name = value``, None for any other kind (for target,
    ``with ... as``, import, augmented assignment, def, ...). None overall: declared
    global/nonlocal there."""
    out: list = []
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Global, cst.Nonlocal)):
            if any(n.name.value == name for n in node.names):
                return None
            continue
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)) and node is not root:
            if node.name.value == name:
                out.append(None)
            continue
        if isinstance(node, (cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)):
            continue
        if isinstance(node, cst.Assign):
            for t in node.targets:
                if isinstance(t.target, cst.Name) and t.target.value == name:
                    out.append(node.value)
                elif _binds(t.target, name):
                    out.append(None)
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
            if _binds(node.target, name):
                out.append(None)
        elif isinstance(node, cst.For):
            if _binds(node.target, name):
                out.append(None)
        elif isinstance(node, (cst.AsName, cst.NamedExpr)):
            target = node.name if isinstance(node, cst.AsName) else node.target
            if _binds(target, name):
                out.append(None)
        elif isinstance(node, cst.ImportAlias) and node.asname is None:
            if index_name(node.name) == name:
                out.append(None)
        elif isinstance(node, cst.Del) and _binds(node.target, name):
            out.append(None)
        elif isinstance(node, cst.ExceptHandler) and node.name is not None and _binds(node.name.name, name):
            out.append(None)
        stack.extend(children(node))
    return out


def index_name(expr: cst.BaseExpression) -> str:
    """The name ``import a.b`` binds (``a``)."""
    while isinstance(expr, cst.Attribute):
        expr = expr.value
    return expr.value if isinstance(expr, cst.Name) else ""


def _binds(target: cst.CSTNode, name: str) -> bool:
    return any(isinstance(n, cst.Name) and n.value == name for n in iter_nodes(target))


def _declared_global(index, name: str) -> bool:
    cache = index.__dict__.setdefault("_jg206_globals", {})
    if name not in cache:
        code = index.module.code
        cache[name] = "global" in code and re.search(rf"\bglobal\b[^\n]*\b{re.escape(name)}\b", code) is not None
    return cache[name]


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


# -- what kind of value an argument surely is ----------------------------------------------------

_FIX_STATIC = ("Declare it static: `static_argnames=(\"{param}\",)` (a static value must be hashable, and each new "
               "value compiles again), or keep it out of the jitted function's arguments")
_FIX_CONTAINER = ("Keep non-array values out of traced arguments: pass them as a separate static argument "
                  "(`static_argnames=(\"{param}\",)`, hashable: a tuple, not a list or dict) or close over them")


class _Kinds:
    """The kinds of argument values JAX cannot trace, for one module (class verdicts cached)."""

    def __init__(self, index) -> None:
        self.index = index
        self._plain: dict[str, str | None] = {}
        self._escapes: dict[str, bool] | None = None

    def of(self, expr: cst.BaseExpression, scope, depth: int = 0) -> tuple[str, str] | None:
        """(what ``expr`` is, the fix) when JAX surely cannot trace it; None when not sure."""
        if depth > 4:
            return None
        index = self.index
        if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
            return self._string(expr), _FIX_STATIC
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.Modulo, cst.Add)):
            if isinstance(expr.left, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
                return self._string(expr.left), _FIX_STATIC
            return None
        if isinstance(expr, cst.Lambda):
            return "a function (a lambda)", _FIX_STATIC
        if isinstance(expr, (cst.Set, cst.SetComp)):
            return "a set (not a pytree)", _FIX_CONTAINER
        if isinstance(expr, (cst.Tuple, cst.List)):
            for el in expr.elements:
                if isinstance(el, cst.StarredElement):
                    continue
                inner = self.of(el.value, scope, depth + 1)
                if inner is not None:
                    shape = "a tuple" if isinstance(expr, cst.Tuple) else "a list"
                    return f"{shape} holding {inner[0]}", _FIX_CONTAINER
            return None
        if isinstance(expr, cst.Dict):
            for el in expr.elements:
                if isinstance(el, cst.DictElement):
                    inner = self.of(el.value, scope, depth + 1)
                    if inner is not None:
                        return f"a dict holding {inner[0]}", _FIX_CONTAINER
            return None
        if isinstance(expr, cst.Call):
            return self._call(expr, scope, depth)
        if isinstance(expr, cst.Name):
            return self._name(expr, scope, depth)
        return None

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
        if self.index.resolve(expr, scope) != name or _binding_site(name, self.index, scope)[0] != "none":
            return None
        return name

    def _call(self, call: cst.Call, scope, depth: int) -> tuple[str, str] | None:
        index = self.index
        func = call.func
        builtin = self._builtin(func, scope, _STRING_BUILTINS | {"set", "frozenset", "range"})
        if builtin in _STRING_BUILTINS:
            return f"a string (from `{builtin}()`)", _FIX_STATIC
        if builtin in ("set", "frozenset"):
            return f"a {builtin} (not a pytree)", _FIX_CONTAINER if builtin == "set" else _FIX_STATIC
        if builtin == "range":
            return "a `range` (not a pytree)", _FIX_STATIC
        if (isinstance(func, cst.Attribute) and func.attr.value in _STRING_METHODS
                and isinstance(func.value, (cst.SimpleString, cst.ConcatenatedString))):
            return f"a string (from `str.{func.attr.value}`)", _FIX_STATIC
        if index.resolve(func, scope) == "functools.partial":
            return "a function (a `functools.partial` object)", _FIX_STATIC
        if not isinstance(func, cst.Name) or index.lookup_function(func.value, scope) is not None:
            return None
        klass = self.plain_class(func.value, scope)
        if klass is not None:
            return (f"an instance of `{func.value}`, {klass}",
                    f"Declare it static (`static_argnames=(\"{{param}}\",)`; {_static_note(index, func.value)}), or register "
                    f"`{func.value}` as a pytree (`@jax.tree_util.register_pytree_node_class`, or "
                    "`jax.tree_util.register_dataclass`) so JAX traces its array fields")
        if value_class(call, index, scope) in ("NamedTuple", "namedtuple"):
            for arg in call.args:
                if arg.star:
                    continue
                inner = self.of(arg.value, scope, depth + 1)
                if inner is not None:
                    return f"a `{func.value}` (a NamedTuple, traced field by field) holding {inner[0]}", _FIX_CONTAINER
        return None

    def _name(self, expr: cst.Name, scope, depth: int) -> tuple[str, str] | None:
        index = self.index
        name = expr.value
        info = index.lookup_function(name, scope)
        if info is not None:
            if (info.parent is None and isinstance(info.node, cst.FunctionDef) and not info.node.decorators
                    and _module_definition(name, index, scope)):
                return f"a function (`def {name}`)", _FIX_STATIC
            return None
        if name in index.classes and self.plain_class(name, scope, escapes_allowed=True) is not None:
            # the class object itself: a `type` (no metaclass), whatever registers its instances
            return f"a class (the class object `{name}`)", _FIX_STATIC
        if depth > 0:
            return None
        value = _bound_value(name, index, scope)
        if value is None or isinstance(value, cst.Name):
            return None
        inner = self.of(value, scope, depth + 1)
        return (f"{inner[0]} (`{name}`)", inner[1]) if inner is not None else None

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
            if index.resolve(d.func if isinstance(d, cst.Call) else d, None) not in _DATACLASS:
                return None  # a decorator may register it (flax.struct, chex, register_pytree_node_class, ...)
            dataclass = True
        if node.keywords:
            return None  # metaclass=... (its __call__ or __new__ may register), or class keywords
        for base in node.bases:
            if base.keyword is not None or base.star:
                return None  # metaclass=..., or bases we cannot see
            value = base.value
            if isinstance(value, cst.Name) and value.value in index.classes and value.value not in seen:
                if self._verdict(value.value, seen) is None or self._escapes_of(value.value):
                    return None
                continue
            if index.resolve(value, None) not in _PLAIN_BASES:
                return None  # a base from elsewhere (equinox.Module, nn.Module, NamedTuple, ...)
        for stmt in node.body.body:
            if isinstance(stmt, cst.FunctionDef) and stmt.name.value in (
                    "__jax_array__", "tree_flatten", "tree_flatten_with_keys", "__init_subclass__", "__class_getitem__"):
                return None
        return "a dataclass not registered as a pytree" if dataclass else "a plain class (not a pytree)"

    def _escapes_of(self, name: str) -> bool:
        if self._escapes is None:
            self._escapes = _escaping_classes(self.index)
        return self._escapes.get(name, False)


def _static_note(index, name: str) -> str:
    klass = index.classes.get(name)
    if klass is not None and klass.unhashable:
        return "a mutable dataclass is unhashable: make it `@dataclass(frozen=True)` first"
    return "its instances hash by identity, so each new instance compiles again"


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
