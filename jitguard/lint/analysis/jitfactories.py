"""Jit decorators written in the module: functions that return their function argument jitted.

``def my_jit(fun=None, *, static_argnames=()): ... return jax.jit(fun, static_argnames=static_argnames)``
used as ``@my_jit`` or ``@functools.partial(my_jit, static_argnames=("n",))`` traces the decorated
function exactly as ``jax.jit`` with those options would: :func:`jit_factories` reads them, and the
module index treats the name as an alias of the transform (``transform_aliases``). Read here, for a
module-level def whose first parameter is the function (``fun``), every ``return`` of its own body
is one of:

* a jit transform applied to ``fun`` (``jax.jit(fun, static_argnames=static_argnames)``), whose
  keywords pass the factory's own parameters of the same name through (so the decorator's
  options are the transform's), each defaulting to an empty value;
* ``functools.partial(<the factory>, ...)`` (the ``fun is None`` branch of a decorator with options);
* a def nested in the factory that returns a local name bound once to such a transform, called with
  the nested def's own ``*args, **kwargs`` (a wrapper, ``functools.wraps`` allowed), or that
  transform itself.

The transform may also be applied to a forwarder nested in the factory, ``def jit_fn(*args,
**kwargs): return fun(*args, **kwargs)``. JAX matches ``static_argnames`` against the signature
of the function it jits: a forwarder has no parameter of that name, so the name matches only a
keyword argument, and an argument passed by position is traced (JAX 0.10.2, flax#4146:
tests/test_recall9_mechanisms.py). Such a factory is marked keyword-only (value True).
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi
from jitguard.lint.analysis.walk import children

_EMPTY = (cst.Tuple, cst.List)


def jit_factories(index) -> dict[str, bool]:
    """name -> keyword-only statics, for the jit decorators defined at the module's top level."""
    out: dict[str, bool] = {}
    for name, info in index.module_defs.items():
        if info.cls is None and info.parent is None and isinstance(info.node, cst.FunctionDef):
            found = _factory(index, info)
            if found is not None:
                out[name] = found
    return out


def _factory(index, info) -> bool | None:
    from jitguard.lint.analysis.instances import own_returns

    positional = [p for p in info.params if p.kind == "positional"]
    if not positional or any(p.kind == "vararg" or p.kind == "kwarg" for p in info.params):
        return None
    fun = positional[0].name
    returns = [r.value for r in own_returns(info.node)]
    kinds = [_returned(index, info, fun, value) for value in returns if value is not None]
    if not kinds or None in kinds or len(returns) != len(kinds):
        return None
    jitted = [k for k in kinds if k != "partial"]
    if not jitted or len(set(jitted)) != 1:
        return None
    return jitted[0] == "forwarded"


def _returned(index, info, fun: str, value: cst.BaseExpression) -> str | None:
    """"plain"/"forwarded" (a jit of ``fun`` / of a forwarder to it), "partial" (of the factory
    itself), or None."""
    if isinstance(value, cst.Call) and index.resolve(value.func, info) == "functools.partial":
        first = value.args[0].value if value.args and value.args[0].keyword is None else None
        return "partial" if isinstance(first, cst.Name) and first.value == info.name else None
    if isinstance(value, cst.Call):
        return _jit_of(index, info, fun, value)
    if isinstance(value, cst.Name):
        nested = _nested(info, value.value)
        if nested is None:
            return None
        inner = _single_return(nested)
        if not (isinstance(inner, cst.Call) and _passes_on(nested, inner)):
            return None
        bound = index.binding(inner.func.value, info) if isinstance(inner.func, cst.Name) else None
        return _jit_of(index, info, fun, bound) if isinstance(bound, cst.Call) else None
    return None


def _jit_of(index, info, fun: str, call: cst.Call) -> str | None:
    """``jax.jit(fun, k=k, ...)`` or ``jax.jit(forwarder, ...)``: its kind; None otherwise."""
    if index.transform_of(call.func, info) not in jaxapi.JIT_TRANSFORMS:
        return None
    args = [a for a in call.args if a.keyword is None]
    if len(args) != 1 or args[0].star:
        return None
    for arg in call.args[1:]:
        param = info.param(arg.keyword.value) if arg.keyword is not None else None
        if not (isinstance(arg.value, cst.Name) and param is not None and arg.value.value == param.name
                and _empty(param.default)):
            return None  # the decorator's options would not be the transform's
    target = args[0].value
    if not isinstance(target, cst.Name):
        return None
    if target.value == fun:
        return "plain"
    nested = _nested(info, target.value)
    inner = _single_return(nested) if nested is not None else None
    forwards = (isinstance(inner, cst.Call) and isinstance(inner.func, cst.Name) and inner.func.value == fun
                and _passes_on(nested, inner))
    return "forwarded" if forwards else None


def _empty(default: cst.BaseExpression | None) -> bool:
    if default is None:
        return True
    if isinstance(default, cst.Name):
        return default.value == "None"
    return isinstance(default, _EMPTY) and not default.elements


def _nested(info, name: str):
    """The def ``name`` nested directly in ``info``'s body (one of that name), else None."""
    if name not in info.local_defs:  # the index registers every def nested there
        return None
    found = [n for n in _own_defs(info.node.body) if n.name.value == name]
    if len(found) != 1:
        return None
    return found[0]


def _own_defs(body):
    stack = [body]
    while stack:
        node = stack.pop()
        kind = type(node)  # type tests: isinstance on libcst's ABC-based classes is slow
        if kind is cst.FunctionDef:
            yield node
            continue
        if kind is cst.ClassDef or kind is cst.Lambda:
            continue
        stack.extend(children(node))


def _single_return(node: cst.FunctionDef) -> cst.BaseExpression | None:
    from jitguard.lint.analysis.instances import own_returns

    returns = own_returns(node)
    return returns[0].value if len(returns) == 1 else None


def _passes_on(node: cst.FunctionDef, call: cst.Call) -> bool:
    """``def w(*args, **kwargs): return g(*args, **kwargs)``: the nested def takes only ``*args``
    and ``**kwargs`` and passes them on whole."""
    params = node.params
    if params.params or params.posonly_params or params.kwonly_params:
        return False
    star = params.star_arg.name.value if isinstance(params.star_arg, cst.Param) else None
    kwargs = params.star_kwarg.name.value if params.star_kwarg is not None else None
    want = [("*", star)] + ([("**", kwargs)] if kwargs is not None else [])
    got = [(a.star, a.value.value if isinstance(a.value, cst.Name) else None) for a in call.args]
    return star is not None and got == want
