"""Tracers that reach a static position: traced code calling a jitted function.

A function jitted with ``static_argnums``/``static_argnames`` hashes its static arguments to find
the compiled program. Called inside another trace (a jitted function, a ``lax`` loop body, a
model a transform traces), every value computed from traced data is a tracer, and a tracer has
no hash: ``ValueError: Non-hashable static arguments`` at the call (JAX 0.10.2,
tests/test_static_semantics.py). So does a tuple, a NamedTuple or a frozen dataclass holding
one (they hash their elements): ``tuple(arr)``, ``tuple(map(tuple, arr))`` of a traced array keep
tracers. A plain object hashes by identity, whatever it holds.

The walker (``callsem``) asks :func:`static_tracers` about each call of a function of the module
it follows; what it finds is kept on the module index for JG203 (:func:`found`), and the static
parameters are not traced in the callee (the call raises before its body runs).
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi
from jitguard.lint.analysis.lattice import Taint
from jitguard.lint.analysis.walk import iter_nodes

_KEY = "tracers_at_static"
# builtins that build a sequence of the elements of their (last) arguments
_SEQUENCE_BUILDERS = frozenset({"tuple", "list", "map", "sorted", "reversed", "zip"})
_DEPTH = 4


def found(index) -> list[tuple[cst.CSTNode, str, str]]:
    """(node, message, help) of every tracer the walks found at a static position."""
    return list(index.__dict__.get(_KEY, {}).values())


def jit_of_call(index, call: cst.Call, callee, use, scope):
    """The jit a call of ``callee`` surely goes through, with static parameters read: the
    module-level alias the call names (``use``), or ``callee``'s only decorator. None otherwise."""
    if use is None:
        node = callee.node
        if not isinstance(node, cst.FunctionDef) or len(node.decorators) != 1 or not isinstance(
                call.func, (cst.Name, cst.Attribute)):
            return None
        site = node.decorators[0].decorator
        use = next((u for f, u, s in index.jit_uses if f is callee and s is site), None)
    if use is None or use.qualname not in jaxapi.JIT_TRANSFORMS or use.static_unknown or not use.static_names:
        return None
    return use


def static_tracers(walker, call: cst.Call, callee, use, params: list) -> set[str]:
    """The static parameters of jitted ``callee`` that this call (made in traced code, its
    positional arguments filling ``params``) passes: each one given a value whose hash meets a
    tracer is recorded for JG203. Returns every static parameter the call passes: all of them
    when it spreads ``*args``/``**kwargs``, which may fill any (STATICSPREAD: whatever fills a
    static parameter is hashed before the body runs, so the body never sees a tracer there; JAX
    0.10.2: tests/precision_cases/fresh22_static_flag_filled_by_spread_kwargs.py)."""
    static = set(use.static_names)
    passed: set[str] = set()
    for i, arg in enumerate(call.args):
        if arg.star:
            passed |= static
            break
        name = arg.keyword.value if arg.keyword is not None else (params[i].name if i < len(params) else None)
        if name is None or name not in static:
            continue
        passed.add(name)
        tracer = hashed_tracer(walker, arg.value, 0)
        if tracer is not None and walker.reporting and _surely_traced(tracer):
            _record(walker, arg.value, name, callee, tracer)
    return passed


def _record(walker, node, param: str, callee, tracer: Taint) -> None:
    text = walker.ctx.source(node)
    root = tracer.origin
    what = f"`{text}` is traced ({root.why})" if root.name == text else (
        f"`{text}` holds a tracer: `{root.name}` is traced ({root.why})")
    message = (f"{what}, and it is passed as static argument `{param}` of jitted `{callee.display()}` in traced "
               f"`{walker.info.display()}`: JAX hashes static arguments, and a tracer has no hash (ValueError at "
               "the call)")
    help = (f"Compute `{param}` from Python values outside the trace (shapes, constants, static arguments of "
            f"`{walker.info.display()}`), or make `{param}` a traced argument of `{callee.display()}`")
    walker.index.__dict__.setdefault(_KEY, {})[id(node)] = (node, message, help)


def _surely_traced(t: Taint) -> bool:
    """Not a maybe: a parameter with a default is traced only when a call passes it (JAX leaves an
    omitted default a Python value), and the walker cannot see every call of a decorated function."""
    root = t.origin.root or t.origin
    fn = root.function
    param = fn.param(root.name) if fn is not None and root.name.isidentifier() else None
    return param is None or param.default is None


def _array(t: Taint | None) -> bool:
    """Surely a traced array (not a container, an object of unknown type, another module's result)."""
    return t is not None and not t.container and not t.opaque and not t.foreign


def hashed_tracer(walker, expr: cst.BaseExpression, depth: int) -> Taint | None:
    """The tracer that hashing the value of ``expr`` meets: a traced array; a tuple (literal,
    ``tuple(...)``/``map(...)`` of a traced array or of such tuples) or a NamedTuple or frozen
    dataclass holding one; a name bound once to one of these. None when not sure."""
    t = walker.taints.get(expr)
    if t is None or depth > _DEPTH:
        return None
    if _array(t):
        return t
    if isinstance(expr, cst.Tuple):
        return _first(walker, (e.value for e in expr.elements if not isinstance(e, cst.StarredElement)), depth)
    if isinstance(expr, cst.Name) and not t.mapping:
        value = walker.index.binding(expr.value, walker.info)
        return hashed_tracer(walker, value, depth + 1) if value is not None else None
    if isinstance(expr, cst.Call) and not any(a.star for a in expr.args):
        return _built(walker, expr, t, depth)
    return None


def _first(walker, exprs, depth: int) -> Taint | None:
    for e in exprs:
        found_ = hashed_tracer(walker, e, depth + 1)
        if found_ is not None:
            return found_
    return None


def _built(walker, call: cst.Call, t: Taint, depth: int) -> Taint | None:
    from jitguard.lint.analysis.hashability import bind_fields, value_class

    index = walker.index
    name = walker.resolve(call.func)
    args = [a for a in call.args if a.keyword is None]
    if name in _SEQUENCE_BUILDERS and args and _builtin(walker, call.func):
        elements = args[1:] if name == "map" else args
        return _first(walker, (a.value for a in elements), depth)
    if t.mapping or not t.container and not t.foreign:
        return None
    kind = value_class(call, index, walker.info)
    if kind is None:
        return _converted_by_hash(walker, call, depth)
    klass = index.classes.get(call.func.value) if isinstance(call.func, cst.Name) else None
    bound = bind_fields(call, klass, index) if klass is not None else None
    hashed = [a.value for a in call.args if bound is None or bound.get(id(a), True) is not False]
    return _first(walker, hashed, depth)


def _builtin(walker, func: cst.BaseExpression) -> bool:
    """``func`` names the builtin of its name (nothing in the module or the walked function binds it)."""
    return isinstance(func, cst.Name) and func.value not in walker.env and walker.index.lookup_function(
        func.value, walker.info) is None and walker.index.binding(func.value, walker.info) is None


# -- a factory-made forwarder: what it builds from the traced caller's arguments ------------------
def forwarded_tracers(walker, call: cst.Call) -> None:
    """``g(x, m)`` in traced code, ``g`` a ``*args`` forwarder a factory of the module returns
    (``forwarders``): what its body builds from these arguments at a static position of the jit
    the factory makes is hashed there; a tracer in it (a traced argument, in a tuple, or held by
    an instance whose own ``__hash__`` converts it) raises at the forwarder's call of the jit."""
    from jitguard.lint.analysis import forwarders

    if not walker.reporting or walker.info is None:
        return
    for hit in forwarders.reached(walker.index, call, walker.info):
        parts = hit.value.elements if isinstance(hit.value, cst.Tuple) else None
        values = [e.value for e in parts] if parts is not None else [hit.value]
        tracer = next((t for v in values if (t := _forwarded_value(walker, v)) is not None), None)
        if tracer is None or not _surely_traced(tracer):
            continue
        root = tracer.origin
        how = (f"the jit `{hit.factory}` returns is called in traced `{walker.info.display()}`" if hit.wrapper is None
               else f"`{hit.wrapper}`, the forwarder `{hit.factory}` returns, is called in traced `{walker.info.display()}`")
        message = (f"{how} with `{walker.ctx.source(call, 60)}`, where `{root.name}` is traced ({root.why}); what "
                   f"reaches static position {hit.position} of jitted `{hit.jitted}` holds it: JAX hashes static "
                   "arguments, and hashing this one meets the tracer (ValueError at this call)")
        help = (f"Pass the array to `{hit.jitted}` as a traced argument (not at a static position), or compute "
                "the static value from Python values outside the trace")
        walker.index.__dict__.setdefault(_KEY, {})[id(hit.jit_call)] = (hit.jit_call, message, help)
        return


def _forwarded_value(walker, value: cst.BaseExpression) -> Taint | None:
    """The tracer hashing one forwarded value meets: the caller's node, or ``Cls(node)`` the
    forwarder built (never in the module's tree: its class's ``__hash__`` is read)."""
    if isinstance(value, cst.Call) and walker.taints.get(value) is None:
        return _converted_by_hash(walker, value, 0)
    return hashed_tracer(walker, value, 0)


# -- jax.tree_util.Partial: its bound arguments are pytree leaves -------------------------------
_TREE_PARTIAL = "jax.tree_util.Partial"


def tree_partial_calls(walker, call: cst.Call, owner, name: str) -> None:
    """``fn(x)`` in traced code, ``fn`` a traced parameter of ``owner`` that the module's calls
    of ``owner`` give ``jax.tree_util.Partial(g, a, ...)``: a ``Partial`` is a pytree whose bound
    arguments are leaves, so inside the trace they are tracers, and ``fn(x)`` calls ``g(a, ...,
    x)`` with them. When ``g`` is jitted with a static position among the bound ones, JAX cannot
    hash that tracer (ValueError, JAX 0.10.2: tests/test_static_semantics.py)."""
    if not walker.reporting or walker.env.get(name) is None or any(a.star for a in call.args):
        return
    for target, bound, partial_call in _tree_partials(walker.index, owner, name):
        resolved = walker.index.resolve_function(target, None)
        if resolved is None or resolved[2]:
            continue
        callee, use, _bound_self = resolved
        jit = jit_of_call(walker.index, cst.Call(func=target), callee, use, None)
        if jit is None:
            continue
        positional = [p.name for p in callee.positional]
        hit = [positional[i] for i in range(min(bound, len(positional))) if positional[i] in jit.static_names]
        if hit:
            text = walker.ctx.source(partial_call, 60)
            message = (f"`{name}` is `{text}`, passed to traced parameter `{name}` of `{owner.display()}`: the "
                       "arguments a `jax.tree_util.Partial` binds are pytree leaves, tracers inside the trace, and "
                       f"this call gives one to static argument `{hit[0]}` of jitted `{callee.display()}`: JAX "
                       "cannot hash a tracer (ValueError at the call)")
            help = (f"Bind `{hit[0]}` with `functools.partial` and make `{name}` static in `{owner.display()}` "
                    f"(`static_argnames=(\"{name}\",)`), or pass `{hit[0]}` as a static argument of `{owner.display()}`")
            seen = walker.index.__dict__.setdefault("_tree_partial_seen", {})
            first = seen.setdefault((id(walker.info.node), name), call)  # the first call raises: one finding
            if first is call:
                walker.index.__dict__.setdefault(_KEY, {})[id(call)] = (call, message, help)
            return


def _tree_partials(index, owner, name: str) -> list:
    """(the function, how many positional arguments it binds, the ``Partial(...)`` call) for each
    ``jax.tree_util.Partial(f, a, ...)`` a call of ``owner`` in the module passes to ``name``."""
    memo = index.__dict__.setdefault("_tree_partials", {})
    key = (id(owner.node), name)
    if key in memo:
        return memo[key]
    out = []
    param = owner.param(name)
    positional = [p.name for p in owner.positional]
    if param is not None and not owner.is_method:
        for call, caller, _klass, _loops in index.calls:
            target = index.resolve_function(call.func, caller) if isinstance(call.func, cst.Name) else None
            if target is None or target[0] is not owner or any(a.star for a in call.args):
                continue
            given = [a.value for a in call.args if a.keyword is None]
            value = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == name), None)
            if value is None and name in positional and positional.index(name) < len(given):
                value = given[positional.index(name)]
            if (isinstance(value, cst.Call) and index.resolve(value.func, caller) == _TREE_PARTIAL and value.args
                    and not any(a.star for a in value.args) and value.args[0].keyword is None):
                bound = sum(1 for a in value.args[1:] if a.keyword is None)
                if bound:
                    out.append((value.args[0].value, bound, value))
    memo[key] = out
    return out


# -- a __hash__ of the class that converts what it holds -----------------------------------------
_CONVERTERS = frozenset({"int", "float", "bool", "complex"})
_CONVERTING_METHODS = frozenset({"item", "tolist", "tobytes", "__index__", "__int__", "__float__"})


def _converted_by_hash(walker, call: cst.Call, depth: int) -> Taint | None:
    """``Wrapper(x)`` of a class of the module whose own ``__hash__`` makes a Python value of an
    attribute (``int(jnp.sum(self.val))``, ``.item()``, a NumPy call; also in a module function it
    hands the attribute to), or hashes it (``hash((self.val, 1))``: a tracer has no hash), that
    ``__init__`` sets from the argument ``x`` (``self.val = val``): hashing it converts or hashes
    the tracer ``x`` is (an error inside the hash, which JAX reports as a non-hashable static
    argument). The tracer, or None."""
    from jitguard.lint.analysis.hashability import hashed_attributes

    index = walker.index
    klass = index.classes.get(call.func.value) if isinstance(call.func, cst.Name) else None
    init = klass.methods.get("__init__") if klass is not None else None
    converted = _hash_converts(index, klass) | hashed_attributes(klass) if init is not None else None
    if not converted or index.lookup_function(klass.name, walker.info) is not None:
        return None
    stored = _init_stores(init)
    params = [p.name for p in init.positional][1:]
    for i, arg in enumerate(call.args):
        param = arg.keyword.value if arg.keyword is not None else (params[i] if i < len(params) else None)
        if param is not None and stored.get(param) in converted:
            tracer = hashed_tracer(walker, arg.value, depth + 1)
            if tracer is not None:
                return tracer
    return None


def _init_stores(init) -> dict[str, str]:
    """``self.<attr> = <param>`` statements of ``__init__``: param -> attr."""
    out: dict[str, str] = {}
    self_name = init.positional[0].name if init.positional else "self"
    for node in iter_nodes(init.node.body):
        if isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.value, cst.Name):
            target = node.targets[0].target
            if (isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name)
                    and target.value.value == self_name and init.param(node.value.value) is not None):
                out[node.value.value] = target.attr.value
    return out


def _hash_converts(index, klass) -> frozenset[str]:
    """The attributes whose values the class's own ``__hash__`` turns into Python values."""
    from jitguard.lint.analysis.hashability import own_hash_calls

    found: set[str] = set()
    for node, method, self_name in own_hash_calls(klass):
        if _converts(index, node, method) or _helper_converts(index, node, method):
            for sub in iter_nodes(node):
                if isinstance(sub, cst.Attribute) and isinstance(sub.value, cst.Name) and sub.value.value == self_name:
                    found.add(sub.attr.value)
    return frozenset(found)


def _converts(index, call: cst.Call, scope) -> bool:
    """``int(...)``, ``float(...)``, ``x.item()``, ``np.asarray(...)``: a Python or NumPy value of an array."""
    name = index.resolve(call.func, scope) or ""
    if name in _CONVERTERS or name.startswith("numpy."):
        return True
    return isinstance(call.func, cst.Attribute) and call.func.attr.value in _CONVERTING_METHODS


def _helper_converts(index, call: cst.Call, scope) -> bool:
    """``helper(self.val)`` with ``helper`` a plain function of the module that converts a value
    computed from its parameter."""
    if not isinstance(call.func, cst.Name):
        return False
    helper = index.lookup_function(call.func.value, scope.parent)
    if helper is None or helper.cls is not None or not isinstance(helper.node, cst.FunctionDef):
        return False
    names = {p.name for p in helper.params}
    for node in iter_nodes(helper.node.body):
        if isinstance(node, cst.Call) and _converts(index, node, helper) and any(
                isinstance(sub, cst.Name) and sub.value in names for sub in iter_nodes(node)):
            return True
    return False
