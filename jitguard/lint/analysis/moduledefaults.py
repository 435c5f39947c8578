"""Array-module parameters left at their default (``def convert(x, xnp=np)``).

Code written for NumPy and JAX alike takes the array module as a parameter whose default is one
(``xnp=np``, ``xp=jnp``). A call from traced code that leaves it at its default (or passes
``np``) runs ``xnp.stack(...)`` as ``np.stack(...)``, and NumPy converts its tracer arguments
(TracerArrayConversionError, multinerf#62); so does every call when no call of the module passes
the parameter (by position, by keyword, through ``*args``/``**kwargs`` or ``functools.partial``:
a jitted function called with its default). A parameter the function rebinds is not read so.
"""

from __future__ import annotations


import libcst as cst

from jitguard.lint.analysis.imports import dotted
from jitguard.lint.analysis.jitcontext import FunctionInfo, own_nodes
from jitguard.lint.analysis.memo import PerIndex

# modules of array functions a parameter may default to (what `xnp.<name>` then resolves to)
ARRAY_MODULES = frozenset({"numpy", "jax.numpy", "math"})

_CACHE = PerIndex()
_REMOTE = PerIndex()  # index -> {(FunctionInfo, param): (modules other files' traced calls give, passed)}


def array_module_params(index, info: FunctionInfo) -> dict[str, tuple[str, bool]]:
    """Parameters of ``info`` defaulting to an array module that its body does not rebind:
    name -> (the module's qualified name, whether some call of the module may pass it)."""
    per_index = _CACHE.table(index)
    if info not in per_index:
        per_index[info] = _defaults(index, info)
    return per_index[info]


def note_remote_call(index, info: FunctionInfo, shape: tuple | None) -> None:
    """MODULEARG: another file's traced code calls ``info`` with ``shape`` (OutCall.shapes; None:
    not known, nothing noted): each array-module parameter gets the module the call passes (``xp=jnp``, recorded
    as facts.MODULE_CODE), or its default where the call leaves it. A call that spreads ``*args``
    may pass anything, as a call of this module that does (``_passed_by``)."""
    from jitguard.lint.analysis.facts import MODULE_CODE

    candidates = array_module_params(index, info)
    if not candidates or shape is None:
        return
    table = _REMOTE.table(index)
    positional, keywords, starred = shape
    given = dict(zip((p.name for p in info.positional), positional)) | dict(keywords)
    for name, (default, _passed) in candidates.items():
        modules, passed = table.get((info, name), (frozenset(), False))
        if starred:
            passed = True
        elif name not in given:
            modules |= {default}
        else:
            passed = True
            code = given[name]
            if code is not None and code.startswith(MODULE_CODE):
                modules |= {code[len(MODULE_CODE):]}
        table[(info, name)] = (modules, passed)


def remote_modules(index, info: FunctionInfo, name: str) -> tuple[frozenset, bool]:
    """What other files' traced calls give array-module parameter ``name`` of ``info`` (each
    module, and whether one of them passes it at all)."""
    return _REMOTE.table(index).get((info, name), (frozenset(), False))


def held_module(index, info: FunctionInfo, name: str, default: str, passed: bool, held: set[str]) -> str | None:
    """The array module ``xnp.<f>`` stands for in the traces of ``info``: NumPy when one of them
    holds it (a call from traced code leaving the default, or passing ``np``, or no call of the
    module passing the parameter at all), else the one module every such trace holds."""
    modules = set(held) | ({default} if not passed else set())
    if "numpy" in modules:
        return "numpy"
    return next(iter(modules)) if len(modules) == 1 else None


def modules_passed(walker, call: cst.Call, callee: FunctionInfo, params: list) -> dict[str, str]:
    """What a call made in traced code gives ``callee``'s array-module parameters (``params``: its
    positional parameters the call's positional arguments fill): the default where it leaves
    one, the module an argument resolves to; none when the call spreads ``*args``/``**kwargs``."""
    candidates = array_module_params(walker.index, callee)
    if not candidates or any(a.star for a in call.args):
        return {}
    given = [a.value for a in call.args if a.keyword is None]
    out = {}
    for name, (default, _passed) in candidates.items():
        value = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == name), None)
        position = next((i for i, p in enumerate(params) if p.name == name), None)
        if value is None and position is not None and position < len(given):
            value = given[position]
        if value is None:
            out[name] = default
        elif (module := walker.resolve(value)) in ARRAY_MODULES:
            out[name] = module
        elif (module := _either_module(walker, value, walker.info, 2)) is not None:
            out[name] = module
    return out


def _either_module(walker, expr: cst.BaseExpression, scope, depth: int) -> str | None:
    """``jnp if use_jax else np``, or a property returning that (``sim._xp``), passed where the
    code takes an array module: JAX's. On a traced argument its functions give tracers, and
    NumPy's raise at that very call (TracerArrayConversionError, JAX 0.10.2), so the values the
    code goes on with are traced either way; None when a branch is not an array module."""
    if depth < 0:
        return None
    if isinstance(expr, cst.IfExp):
        found = {_module_of(walker, e, scope, depth - 1) for e in (expr.body, expr.orelse)}
        return "jax.numpy" if found == {"jax.numpy", "numpy"} or found == {"jax.numpy"} else None
    if isinstance(expr, cst.Attribute) and scope is walker.info:
        from jitguard.lint.analysis.dispatch import getters_of

        getters = getters_of(walker, expr) or []
        returns = [(r.value, g) for g in getters for r in own_nodes(g.node.body) if isinstance(r, cst.Return)]
        found = {_module_of(walker, v, g, depth - 1) if v is not None else None for v, g in returns}
        return "jax.numpy" if returns and found == {"jax.numpy"} else None
    return None


def _module_of(walker, expr: cst.BaseExpression, scope, depth: int) -> str | None:
    module = walker.index.resolve(expr, scope)
    if module in ("numpy", "jax.numpy"):
        return module
    return _either_module(walker, expr, scope, depth)


def attribute_module(walker, text: str) -> str | None:
    """ATTRMODULE: ``self.<attr>.<f>`` (or ``xp.<f>`` after ``xp = self.<attr>``, bound once) in a
    method, where ``__init__`` stores ``self.<attr>`` from an array-module parameter (``xp=np``)
    and nothing else in the class assigns it: the module the instance's construction gave. That is
    the one the constructions made in traced code give (``Grid(values=self.values - d)`` in a
    method called under jit leaves ``xp`` at its default): NumPy when one of them does, as for a
    parameter (:func:`held_module`); None when none was seen (a module-level ``Grid(v, xp=jnp)``
    is not one: nothing is known of the instances traced code makes)."""
    info = walker.info
    if not info.is_method or info.cls is None or not info.positional:
        return None
    selfname = info.positional[0].name
    head, _, rest = text.partition(".")
    if head == selfname:
        attr, _, rest = rest.partition(".")
    else:
        attr = _self_alias(walker.index, info, head, selfname)
    init = info.cls.methods.get("__init__")
    if not attr or init is None or init is info:
        return None
    param = _stored_module_param(walker.index, info.cls, init, attr)
    if param is None:
        return None
    held = walker.analysis.modules_held(init, param)
    module = "numpy" if "numpy" in held else next(iter(held)) if len(held) == 1 else None
    if module is None:
        return None
    return f"{module}.{rest}" if rest else module


def _self_alias(index, info: FunctionInfo, name: str, selfname: str) -> str | None:
    """``attr`` when ``name`` is bound once in ``info``, to ``self.<attr>`` (not a parameter)."""
    if info.param(name) is not None:
        return None
    values = index.assigned_names(info).get(name) or []
    if len(values) != 1:
        return None
    value = values[0]
    if (isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name)
            and value.value.value == selfname):
        return value.attr.value
    return None


def _stored_module_param(index, klass, init: FunctionInfo, attr: str) -> str | None:
    """The array-module parameter of ``init`` that ``self.<attr> = <param>`` stores, when that is
    the only assignment of ``<attr>`` on ``self`` in the class's methods."""
    candidates = array_module_params(index, init)
    if not candidates:
        return None
    found = None
    for method, node, target in index.attribute_stores(klass).get(attr, ()):
        selfname = method.positional[0].name if method.positional else None
        if not (isinstance(target, cst.Attribute) and target.attr.value == attr
                and isinstance(target.value, cst.Name) and target.value.value == selfname):
            continue  # (`self.<attr>.x = v`, `other.<attr> = v`: not a store of `self.<attr>`)
        value = getattr(node, "value", None)
        if (method is not init or found is not None or not isinstance(node, cst.Assign)
                or not isinstance(value, cst.Name) or value.value not in candidates):
            return None
        found = value.value
    return found


def _defaults(index, info: FunctionInfo) -> dict[str, tuple[str, bool]]:
    if not isinstance(info.node, cst.FunctionDef):
        return {}
    found = {}
    for p in info.params:
        text = dotted(p.default) if p.default is not None else None
        if text is None:
            continue
        qual = index.imports_of(info.parent).resolve_text(text)  # a default is evaluated where the def is
        if qual in ARRAY_MODULES:
            found[p.name] = qual
    if not found:
        return {}
    assigned = index.assigned_names(info)
    found = {n: q for n, q in found.items() if n not in assigned}
    if not found:
        return {}
    passed = _passed_params(index, info)
    return {n: (q, n in passed) for n, q in found.items()}


def _passed_params(index, info: FunctionInfo) -> set[str]:
    """The parameters some call of the module may pass (every one, when the function is also
    used as a value other than called: bound by partial, stored, handed to a helper)."""
    name = info.name
    positional = info.positional[1:] if info.is_method else info.positional
    everything = {p.name for p in info.params}
    passed: set[str] = set()
    for node, _func, _klass, _loops in index.calls:  # every call of the module, recorded once
        func = node.func
        called = func.value if isinstance(func, cst.Name) else func.attr.value if isinstance(func, cst.Attribute) else None
        if called == name:
            passed |= _passed_by(node, positional, everything)
        elif any(_names(a.value, name) for a in node.args):
            return everything  # partial(f, xnp=jnp), map(f, ...): not followed
    return passed


def _passed_by(call: cst.Call, positional: list, everything: set[str]) -> set[str]:
    if any(a.star for a in call.args):
        return everything
    n = sum(1 for a in call.args if a.keyword is None)
    return {p.name for p in positional[:n]} | {a.keyword.value for a in call.args if a.keyword is not None}


def _names(expr: cst.BaseExpression, name: str) -> bool:
    return (isinstance(expr, cst.Name) and expr.value == name
            or isinstance(expr, cst.Attribute) and expr.attr.value == name)
