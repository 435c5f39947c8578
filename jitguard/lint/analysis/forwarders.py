"""Forwarders a factory returns: what the callers' arguments become at the inner jit's static positions.

A factory ``F(fun, statics=())`` that defines a jitted def and a ``*args`` forwarder into it, and
returns the forwarder::

    def F(fun, statics=()):
        @partial(jax.jit, static_argnums=statics)
        def inner(*args): ...

        def forward(*args):
            args = list(args)
            for i in statics:
                args[i] = Box(args[i])
            return inner(*args)

        return forward

makes ``g = F(h, statics=(1,))`` (or ``@F def h``) a function whose calls ``g(a, b)`` run the
forwarder's body with ``args == (a, b)``: what the forwarder builds from them is what the inner jit
hashes at its static positions, and JAX raises at the forwarder's call of the jit when that is
unhashable (a NumPy array put in a static tuple: ValueError "Non-hashable static arguments") or
holds a tracer whose hash converts it (the callers' arguments are tracers when the caller is
traced: an ``int()`` in ``Box.__hash__`` on one raises). Checked on JAX 0.10.2
(tests/test_recall17_mechanisms.py).

Read here: a module-level factory whose body defines the jitted def (its only decorator a jit, or
``partial`` of one, with literal ``static_argnums`` or one of the factory's parameters) and the
forwarder (``*args`` only, plus ``**kwargs`` passed on whole), returned by name. The forwarder's
body is run on the caller's arguments, statement by statement; any statement outside these forms
makes the call unread (None):

* ``args = list(args)`` / ``tuple(args)``;
* ``name = tuple(<element> for a in args)`` (a generator or a list comprehension), the element
  ``a``, ``None``, or ``X if isinstance(a, jax.Array) else Y`` decided per argument from what the
  caller passes (a JAX array, or a NumPy one: ``arrays.array_kind``);
* ``for i in <static positions>: args[i] = Cls(args[i])`` with ``Cls`` a class of the module,
  unrolled over the positions the factory's call gives;
* ``return inner(*args)``, or ``return inner(x, y)`` with each a sequence built here (a tuple).

The values are CST: the caller's own argument nodes, read in the caller's scope, inside tuples
and constructor calls built here (never placed in the module's tree).
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from jitguard.lint.analysis import jaxapi
from jitguard.lint.analysis.instances import own_returns
from jitguard.lint.analysis.jitcontext import literal_ints

_JAX_ARRAY = frozenset({"jax.Array", "jax.numpy.ndarray"})
_NONE = cst.Name("None")


@dataclass(frozen=True)
class Reached:
    """What one call of a forwarder gives the inner jit at a static position."""

    jit_call: cst.Call  # the forwarder's call of the jitted def (where JAX raises)
    jitted: str  # the jitted def's name
    position: int  # the static position
    value: cst.BaseExpression  # the value there: a caller's node, or a tuple/constructor of them
    wrapper: str | None  # the forwarder's name (None: the factory returns the jit itself)
    factory: str


def reached(index, call: cst.Call, scope) -> list[Reached]:
    """The values a call of a factory-made forwarder gives the inner jit's static positions."""
    if not isinstance(call.func, cst.Name) or any(a.star or a.keyword is not None for a in call.args):
        return []
    made = _made_by_factory(index, call.func.value, scope)
    if made is None:
        return []
    factory, bound = made
    found = _parts(index, factory)
    if found is None:
        return []
    jitted, statics, wrapper, vararg = found
    positions = _ints(statics, bound, factory)
    if not positions:
        return []
    given = [a.value for a in call.args]
    if wrapper is None:  # the factory returns the jit itself: the call passes its arguments to it
        return [Reached(call, call.func.value, p, given[p], None, factory.name) for p in positions if p < len(given)]
    result = _Run(index, factory, bound, vararg, given, scope).body(wrapper.body.body)
    if result is None:
        return []
    jit_call, values = result
    if not (isinstance(jit_call.func, cst.Name) and jit_call.func.value == jitted):
        return []
    return [Reached(jit_call, jitted, p, values[p], wrapper.name.value, factory.name)
            for p in positions if p < len(values)]


# -- the factory and its call ------------------------------------------------------------------
def _made_by_factory(index, name: str, scope):
    """(factory, its parameters bound) for ``name = F(...)`` (module-level, bound once) or ``@F``
    over the def ``name``."""
    value = index.binding(name, None)
    if isinstance(value, cst.Call) and index.binding(name, scope) is value:
        factory = _factory_def(index, value.func)
        return (factory, _bind(factory, value.args)) if factory is not None else None
    fn = index.lookup_function(name, scope)
    if fn is None or fn.parent is not None or fn.cls is not None or not isinstance(fn.node, cst.FunctionDef):
        return None
    if len(fn.node.decorators) != 1:
        return None
    factory = _factory_def(index, fn.node.decorators[0].decorator)
    if factory is None:
        return None
    return factory, _bind(factory, [cst.Arg(cst.Name(fn.name))])


def _factory_def(index, func: cst.BaseExpression):
    if not isinstance(func, cst.Name):
        return None
    info = index.module_defs.get(func.value)
    if info is None or info.cls is not None or not isinstance(info.node, cst.FunctionDef):
        return None
    return info


def _bind(factory, args) -> dict[str, cst.BaseExpression] | None:
    """The factory's parameters as its call binds them (defaults for the rest); None when unread."""
    positional = factory.positional
    out: dict[str, cst.BaseExpression] = {p.name: p.default for p in factory.params if p.default is not None}
    for i, arg in enumerate(args):
        if arg.star:
            return None
        if arg.keyword is not None:
            out[arg.keyword.value] = arg.value
        elif i < len(positional):
            out[positional[i].name] = arg.value
        else:
            return None
    return out


def _parts(index, factory):
    """(the jit's name, its static_argnums expression, the returned forwarder, its ``*args``
    name); the forwarder None when the factory returns ``jax.jit(fun, static_argnums=S)`` itself
    (not a jit decorator of the module, which the index reads as the transform:
    ``jitfactories``)."""
    returns = own_returns(factory.node)
    if len(returns) != 1:
        return None
    value = returns[0].value
    if isinstance(value, cst.Call):
        statics = _jit_call_statics(index, factory, value)
        return None if statics is None or factory.name in index.transform_aliases else (None, statics, None, None)
    if not isinstance(value, cst.Name):
        return None
    nested = {n.name.value: n for n in factory.node.body.body if isinstance(n, cst.FunctionDef)}
    wrapper = nested.get(value.value)
    if wrapper is None or not _plain_forwarder(index, factory, wrapper):
        return None
    vararg = wrapper.params.star_arg.name.value
    for node in nested.values():
        deco = node.decorators[0].decorator if len(node.decorators) == 1 else None
        statics = _jit_call_statics(index, factory, deco, decorator=True) if isinstance(deco, cst.Call) else None
        if statics is not None:
            return node.name.value, statics, wrapper, vararg
    for stmt in factory.node.body.body:  # `jitted = jax.jit(fun, static_argnums=S)`, bound once
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
                and isinstance(small.value, cst.Call) and index.binding(small.targets[0].target.value, factory) is small.value:
            statics = _jit_call_statics(index, factory, small.value)
            if statics is not None:
                return small.targets[0].target.value, statics, wrapper, vararg
    return None


def _plain_forwarder(index, factory, wrapper: cst.FunctionDef) -> bool:
    """``def w(*args, **kwargs)``, undecorated or under ``functools.wraps(...)`` (which copies
    names, not behaviour)."""
    params = wrapper.params
    if params.params or params.posonly_params or params.kwonly_params or not isinstance(params.star_arg, cst.Param):
        return False
    return all(isinstance(d.decorator, cst.Call) and index.resolve(d.decorator.func, factory) == "functools.wraps"
               for d in wrapper.decorators)


def _jit_call_statics(index, factory, call: cst.Call, decorator: bool = False):
    """``static_argnums`` of ``jax.jit(f, static_argnums=S)`` (one function, no other option), or,
    as a decorator, of ``partial(jax.jit, static_argnums=S)`` / ``jax.jit(static_argnums=S)``."""
    args = call.args
    if index.resolve(call.func, factory) == "functools.partial":
        if not decorator or not args or args[0].keyword is not None or index.transform_of(
                args[0].value, factory) not in jaxapi.JIT_TRANSFORMS:
            return None
        args = args[1:]
    elif index.transform_of(call.func, factory) not in jaxapi.JIT_TRANSFORMS:
        return None
    elif not decorator:
        if not args or args[0].keyword is not None or args[0].star:
            return None
        args = args[1:]
    keywords = {a.keyword.value: a.value for a in args if a.keyword is not None}
    if len(keywords) != len(args) or set(keywords) != {"static_argnums"}:
        return None
    return keywords["static_argnums"]


def _ints(expr, bound, factory) -> tuple[int, ...]:
    """Literal non-negative ints of a tuple/list/int, or of the factory parameter it names."""
    if bound is None:
        return ()
    if isinstance(expr, cst.Name) and factory.param(expr.value) is not None:
        expr = bound.get(expr.value)
    if expr is None or (isinstance(expr, cst.Name) and expr.value == "None"):
        return ()
    ints = literal_ints(expr)
    return tuple(ints) if ints and all(i >= 0 for i in ints) else ()


# -- running the forwarder's body on one call's arguments ----------------------------------------
class _Run:
    def __init__(self, index, factory, bound, vararg, given, scope) -> None:
        self.index, self.factory, self.bound = index, factory, bound
        self.scope = scope  # the caller's: its arguments are read there
        self.seqs: dict[str, list] = {vararg: list(given)}  # names holding a sequence of values

    def body(self, statements):
        """The forwarder's call of a function and the values it passes by position, or None."""
        for stmt in statements:
            if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
                small = stmt.body[0]
                if isinstance(small, cst.Return):
                    return self._returned(small.value)
                if isinstance(small, cst.Expr) and isinstance(small.value, (cst.SimpleString,
                                                                            cst.ConcatenatedString)):
                    continue  # a docstring
                if isinstance(small, cst.Assign) and self._assign(small):
                    continue
                return None
            elif isinstance(stmt, cst.For) and self._loop(stmt):
                continue
            else:
                return None
        return None

    def _assign(self, node: cst.Assign) -> bool:
        if len(node.targets) != 1 or not isinstance(node.targets[0].target, cst.Name):
            return False
        values = self._sequence(node.value)
        if values is None:
            return False
        self.seqs[node.targets[0].target.value] = values
        return True

    def _sequence(self, expr):
        """The values of ``list(s)``, ``tuple(s)``, a tracked name, or a comprehension over one."""
        if isinstance(expr, cst.Name):
            found = self.seqs.get(expr.value)
            return list(found) if found is not None else None
        if isinstance(expr, cst.Call) and self._builtin(expr.func, ("list", "tuple")) and len(expr.args) == 1 \
                and expr.args[0].keyword is None and not expr.args[0].star:
            return self._sequence(expr.args[0].value)
        if isinstance(expr, (cst.GeneratorExp, cst.ListComp)):
            comp = expr.for_in
            if comp.inner_for_in is not None or comp.ifs or comp.asynchronous is not None \
                    or not isinstance(comp.target, cst.Name):
                return None
            source = self._sequence(comp.iter)
            if source is None:
                return None
            out = [self._element(expr.elt, comp.target.value, v) for v in source]
            return None if any(v is None for v in out) else out
        return None

    def _element(self, expr, name: str, value):
        """One element of a comprehension over the arguments, ``name`` being ``value``."""
        if isinstance(expr, cst.Name):
            return value if expr.value == name else (_NONE if expr.value == "None" else None)
        if isinstance(expr, cst.IfExp):
            test = self._is_jax_array(expr.test, name, value)
            if test is None:
                return None
            return self._element(expr.body if test else expr.orelse, name, value)
        return None

    def _is_jax_array(self, test, name: str, value) -> bool | None:
        """``isinstance(name, jax.Array)`` for the caller's ``value``: True for a JAX array, False
        for a NumPy one (or ``None``), None when not known."""
        from jitguard.lint.analysis.arrays import JAX, NUMPY, read_argument

        if not (isinstance(test, cst.Call) and self._builtin(test.func, ("isinstance",)) and len(test.args) == 2
                and isinstance(test.args[0].value, cst.Name) and test.args[0].value.value == name
                and self.index.resolve(test.args[1].value, self.factory) in _JAX_ARRAY):
            return None
        if value is _NONE:
            return False
        found = read_argument(value, self.index, self.scope)
        return {JAX: True, NUMPY: False}.get(found[0]) if found is not None else None

    def _loop(self, node: cst.For) -> bool:
        """``for i in <static positions>: args[i] = Cls(args[i])``, unrolled."""
        if node.orelse is not None or not isinstance(node.target, cst.Name) or not isinstance(
                node.body, cst.IndentedBlock) or len(node.body.body) != 1:
            return False
        positions = _ints(node.iter, self.bound, self.factory)
        stmt = node.body.body[0]
        if not positions or not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
                                 and isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1):
            return False
        target, value = stmt.body[0].targets[0].target, stmt.body[0].value
        index_name = node.target.value
        seq = self._item_of(target, index_name)
        if seq is None or not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)
                               and value.func.value in self.index.classes and len(value.args) == 1
                               and value.args[0].keyword is None and not value.args[0].star
                               and self._item_of(value.args[0].value, index_name) == seq):
            return False
        values = self.seqs[seq]
        for i in positions:
            if i >= len(values):
                return False
            values[i] = cst.Call(func=value.func, args=[cst.Arg(values[i])])
        return True

    def _item_of(self, expr, index_name: str) -> str | None:
        """``seq[i]`` with ``seq`` a tracked name: ``seq``."""
        if not (isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Name) and len(expr.slice) == 1):
            return None
        item = expr.slice[0].slice
        if not (isinstance(item, cst.Index) and isinstance(item.value, cst.Name) and item.value.value == index_name):
            return None
        return expr.value.value if expr.value.value in self.seqs else None

    def _returned(self, expr):
        if not isinstance(expr, cst.Call):
            return None
        values: list = []
        for arg in expr.args:
            if arg.star == "**":
                continue  # **kwargs passed on whole: the calls read here pass no keywords
            if arg.keyword is not None:
                return None
            if arg.star == "*":
                seq = self._sequence(arg.value)
                if seq is None:
                    return None
                values.extend(seq)
            else:  # a sequence built from the arguments, passed as one value (a tuple)
                seq = self._sequence(arg.value)
                if seq is None:
                    return None
                values.append(cst.Tuple([cst.Element(v) for v in seq]))
        return expr, values

    def _builtin(self, func, names) -> bool:
        return isinstance(func, cst.Name) and func.value in names and self.index.lookup_function(
            func.value, self.factory) is None and func.value not in self.seqs
