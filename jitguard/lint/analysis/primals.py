"""Arguments that a differentiation transform turns into tracers (JG206 beyond ``jax.jit``).

``jax.vjp(fn, *primals)`` and ``jax.linearize(fn, *primals)`` make every primal a tracer (each leaf
of each one), ``jax.jvp(fn, primals, tangents)`` every leaf of ``primals``, and
``jax.grad(fn, argnums=...)(*args)`` (``value_and_grad``, ``jacfwd``, ``jacrev``, ``jacobian``,
``hessian``) the arguments at ``argnums`` (0 when not given). A leaf JAX has no array form for (a
string, a function, a set, an instance of a plain class) raises ``TypeError: Argument ... is not a
valid JAX type`` there, also when called from traced code (JAX 0.10.2, tests/test_recall6_jg206.py).
The other arguments of ``grad`` are passed through unchanged: a string at a position not in
``argnums`` runs, and is never read here.

A starred primal (``jax.vjp(fn, *args)``) is read element by element when the source shows them:

* a tuple or list literal, or a name bound once to one;
* the ``*args`` parameter of the function the call is written in, as the calls of that function in
  sight fill it: direct calls, and calls through the one ``return`` of an enclosing factory
  (``wrapped = wrap(f); wrapped(x, cfg)``), when the transform call is a statement of the
  function's own body (not under a branch);
* ``bound.arguments.values()`` / ``bound.args`` with ``bound = sig.bind(*args, ...)`` and ``sig =
  inspect.signature(...)``: each positional argument of ``bind`` is among them (a parameter's
  value, or inside the tuple of a ``*`` parameter: a leaf either way).
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi
from jitguard.lint.analysis.instances import own_returns
from jitguard.lint.analysis.jitcontext import keyword, positional_args

_ALL_PRIMALS = jaxapi.DIFFERENTIATED_ARGUMENTS - {"jax.jvp"}
_DIFFERENTIATE = frozenset({"jax.grad", "jax.value_and_grad", "jax.jacfwd", "jax.jacrev", "jax.jacobian", "jax.hessian"})
_BIND = frozenset({"bind", "bind_partial"})
_CALLED = _ALL_PRIMALS | {"jax.jvp"} | _DIFFERENTIATE  # what traced_arguments looks for


def any_traced_arguments(index) -> bool:
    """Can :func:`traced_arguments` find anything in this module? Only a call that resolves to a
    differentiation transform (itself, or as the callee of ``jax.grad(f)(...)``) has any, and every
    call of the module is resolved, in its scope, into ``index.callee_names``."""
    return not index.callee_names.isdisjoint(_CALLED)


def traced_arguments(call: cst.Call, index, scope):
    """For a call of a differentiation transform: [(value, its scope, node to report, how it is
    passed)] for each argument the transform traces and whose elements the source shows."""
    name = index.resolve(call.func, scope)
    if name in _ALL_PRIMALS:
        if not call.args or call.args[0].star or call.args[0].keyword is not None:
            return []  # where the function ends and the primals start is not seen
        short = name
        out = []
        for arg in call.args[1:]:
            if arg.keyword is not None:
                continue  # has_aux=, reduce_axes=: not primals
            if not arg.star:
                out.append((arg.value, scope, arg.value, f"a primal of `{short}`"))
            elif arg.star == "*":
                for value, where, via in spread_elements(arg.value, index, scope, call):
                    out.append((value, where, arg.value, f"a primal of `{short}` (through `*`{via})"))
        return out
    if name == "jax.jvp":
        args = positional_args(call)
        if len(args) >= 2 and not any(a.star for a in call.args[:2]):
            return [(args[1].value, scope, args[1].value, "the primals of `jax.jvp`")]
        return []
    if isinstance(call.func, cst.Call) and index.resolve(call.func.func, scope) in _DIFFERENTIATE:
        return _differentiated(call, index, scope)
    return []


def _differentiated(call: cst.Call, index, scope):
    """``jax.grad(f, argnums=...)(a, b)``: the arguments at ``argnums`` (before any ``*``)."""
    transform = call.func
    positions = _argnums(transform)
    if positions is None:
        return []
    short = index.resolve(transform.func, scope)
    out = []
    for i, arg in enumerate(call.args):
        if arg.star or arg.keyword is not None:
            break
        if i in positions:
            out.append((arg.value, scope, arg.value, f"argument {i} of `{short}(...)`, which it differentiates"))
    return out


def _argnums(transform: cst.Call) -> frozenset[int] | None:
    """The literal ``argnums`` of ``jax.grad(f, argnums=...)`` (0 when not given), for a transform
    given the function alone as its one positional argument; None otherwise."""
    if any(a.star for a in transform.args) or len(positional_args(transform)) != 1:
        return None
    argnums = keyword(transform, "argnums")
    if argnums is None:
        return frozenset({0})
    if isinstance(argnums, cst.Integer):
        return frozenset({int(argnums.value)})
    if isinstance(argnums, cst.Tuple) and all(isinstance(e.value, cst.Integer) for e in argnums.elements):
        return frozenset(int(e.value.value) for e in argnums.elements)
    return None


def differentiated_positions(call: cst.Call, index, scope):
    """For a call of a differentiation transform written with plain arguments: (the function it
    differentiates, [(position in that function's call, the value)] for each argument it
    differentiates, as far as the positions are plain to see); None for any other call.

    ``jax.vjp(f, a, b)`` / ``jax.linearize``: every primal; ``jax.jvp(f, (a, b), tangents)``: every
    element of the primals display; ``jax.grad(f, argnums=...)(a, b)`` (and its kin): the arguments
    at ``argnums`` (0 when not given). A ``*`` argument ends what is read (positions after it are
    not seen)."""
    name = index.resolve(call.func, scope)
    if name in _ALL_PRIMALS:
        if not call.args or call.args[0].star or call.args[0].keyword is not None:
            return None
        return call.args[0].value, _plain_positions([a for a in call.args[1:] if a.keyword is None])
    if name == "jax.jvp":
        args = positional_args(call)
        if len(args) < 2 or any(a.star for a in call.args[:2]) or not isinstance(args[1].value, (cst.Tuple, cst.List)):
            return None
        elements = args[1].value.elements
        values = []
        for el in elements:
            if isinstance(el, cst.StarredElement):
                break
            values.append((len(values), el.value))
        return args[0].value, values
    if isinstance(call.func, cst.Call) and index.resolve(call.func.func, scope) in _DIFFERENTIATE:
        positions = _argnums(call.func)
        if positions is None:
            return None
        plain = _plain_positions([a for a in call.args if a.keyword is None])
        return positional_args(call.func)[0].value, [(i, v) for i, v in plain if i in positions]
    return None


def _plain_positions(args) -> list[tuple[int, cst.BaseExpression]]:
    out = []
    for i, arg in enumerate(args):
        if arg.star:
            break
        out.append((i, arg.value))
    return out


def spread_elements(expr: cst.BaseExpression, index, scope, at: cst.CSTNode, depth: int = 0):
    """The elements ``*expr`` (written in ``scope``, in the statement holding ``at``) passes, as far
    as the source shows them: [(element, its scope, how it got there)]."""
    if depth > 4:
        return []
    if isinstance(expr, (cst.Tuple, cst.List)):
        out = []
        for el in expr.elements:
            if isinstance(el, cst.StarredElement):
                out.extend(spread_elements(el.value, index, scope, at, depth + 1))
            else:
                out.append((el.value, scope, ""))
        return out
    if isinstance(expr, cst.Name):
        found = _bound(expr.value, scope, index)
        if found is None:
            return []
        value, where = found
        if value is None:
            return _vararg_elements(expr.value, where, index, at)
        return spread_elements(value, index, where, at, depth + 1)
    bound = _bound_arguments(expr)
    if bound is not None:
        found = _bound(bound, scope, index)
        if found is None or found[0] is None:
            return []
        bind, where = found
        if not _signature_bind(bind, index, where):
            return []
        out = []
        for arg in bind.args:
            if arg.keyword is not None:
                continue
            if arg.star == "*":
                out.extend(spread_elements(arg.value, index, where, bind, depth + 1))
            elif not arg.star:
                out.append((arg.value, where, ""))
        return out
    return []


def _bound_arguments(expr: cst.BaseExpression) -> str | None:
    """``bound.arguments.values()`` or ``bound.args``: the name ``bound``."""
    if (isinstance(expr, cst.Call) and not expr.args and isinstance(expr.func, cst.Attribute)
            and expr.func.attr.value == "values" and isinstance(expr.func.value, cst.Attribute)
            and expr.func.value.attr.value == "arguments" and isinstance(expr.func.value.value, cst.Name)):
        return expr.func.value.value.value
    if isinstance(expr, cst.Attribute) and expr.attr.value == "args" and isinstance(expr.value, cst.Name):
        return expr.value.value
    return None


def _signature_bind(bind: cst.BaseExpression, index, scope) -> bool:
    """``sig.bind(...)`` with ``sig`` bound once to ``inspect.signature(...)``."""
    if not (isinstance(bind, cst.Call) and isinstance(bind.func, cst.Attribute) and bind.func.attr.value in _BIND
            and isinstance(bind.func.value, cst.Name)):
        return False
    found = _bound(bind.func.value.value, scope, index)
    if found is None or not isinstance(found[0], cst.Call):
        return False
    return index.resolve(found[0].func, found[1]) == "inspect.signature"


def _bound(name: str, scope, index):
    """(value, scope) of ``name`` bound by one plain assignment in the innermost function binding it
    (or at module level); (None, function) when it is the ``*args`` parameter of that function;
    None when unsure."""
    from jitguard.lint.analysis.traceable import _scope_bindings

    while scope is not None:
        param = scope.param(name)
        if param is not None:
            return (None, scope) if param.kind == "vararg" else None
        if isinstance(scope.node, cst.FunctionDef):
            bindings = _scope_bindings(index, scope.node.body, name)
            if bindings is None:
                return None
            if bindings:
                return (bindings[0], scope) if len(bindings) == 1 and bindings[0] is not None else None
        scope = scope.parent
    bindings = _scope_bindings(index, index.module, name)
    return (bindings[0], None) if bindings and len(bindings) == 1 and bindings[0] is not None else None


def _vararg_elements(name: str, fn, index, at: cst.CSTNode):
    """What the calls of ``fn`` in sight put in its ``*name`` parameter: the positional arguments past
    its named ones. Only when ``at`` (the call that spreads them) is in a statement of ``fn``'s own
    body, so each of those calls reaches it."""
    if fn.is_method or not isinstance(fn.node, cst.FunctionDef) or not _top_statement(fn.node, at):
        return []
    skip = len(fn.positional)
    out = []
    for call, where in _calls_of(fn, index):
        for i, arg in enumerate(call.args):
            if arg.star or arg.keyword is not None:
                break
            if i >= skip:
                out.append((arg.value, where, f", by `{index.module.code_for_node(call.func)}(...)`"))
    return out


def _top_statement(fn: cst.FunctionDef, at: cst.CSTNode) -> bool:
    from jitguard.lint.analysis.walk import iter_nodes

    for stmt in fn.body.body:
        if isinstance(stmt, cst.SimpleStatementLine) and any(n is at for n in iter_nodes(stmt)):
            return True
    return False


def _calls_of(fn, index):
    """Calls of ``fn``: by its name where it is in scope, and, when ``fn`` is what its enclosing
    function returns (its one ``return``), through a call of that factory (``g = wrap(f); g(x)``,
    ``wrap(f)(x)``)."""
    factory = fn.parent
    returned = (factory is not None and isinstance(factory.node, cst.FunctionDef)
                and [r.value for r in own_returns(factory.node)] and all(
                    isinstance(r.value, cst.Name) and r.value.value == fn.name for r in own_returns(factory.node)))
    for call, scope, _klass, _loops in index.calls:
        func = call.func
        if isinstance(func, cst.Name):
            if index.lookup_function(func.value, scope) is fn:
                yield call, scope
            elif returned:
                found = _bound(func.value, scope, index)
                if found is not None and _made_by(found[0], factory, index, found[1]):
                    yield call, scope
        elif returned and _made_by(func, factory, index, scope):
            yield call, scope


def _made_by(value, factory, index, scope) -> bool:
    return (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)
            and index.lookup_function(value.func.value, scope) is factory)

