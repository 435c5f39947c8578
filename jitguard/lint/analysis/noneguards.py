"""Parameters a jitted function receives not None at every call in sight (NONEDISPATCH).

Under a transform, None is a pytree without leaves: ``if blocks is None:`` in a jitted function is
Python control flow on the structure of the call's arguments, decided anew at each call. When
every call of the jitted object that can be seen passes a parameter a name known not None at that
call, the ``is None`` branch never runs in a trace (it is the eager path of the same function,
taken by its plain Python calls). Known not None at a call (the name a parameter of the calling
function that nothing there rebinds):

* the call sits in the branch of an ``if`` (or conditional expression) whose test rules None out:
  ``if v is not None:``, the ``else`` of ``if v is None:``, ``if flag and v is not None:``,
  ``if v:``; or after an early exit ``if v is None: return`` / ``raise``;
* the call goes through a local ``kernel = f if v is None else f_jit`` (every use of ``kernel`` a
  call): the jitted object is picked only when ``v`` is not None.

Every call is in sight for a transform bound to a local name whose every use is a call
(ModuleIndex._visible_calls), and for a module-level private name (``_f_jit = jax.jit(_f)``,
``@jax.jit def _f``: a leading underscore keeps it out of the module's interface) whose every use
in the module is such a call. Checked on JAX 0.10.2: tests/precision_cases/fresh3_none_dispatch.py
(``_f_jit(x, n)`` with the parameter left None raises TracerArrayConversionError in the NumPy
branch; the guarded calls run).
"""

from __future__ import annotations

from collections import Counter

import libcst as cst

from jitguard.lint.analysis import jitcontext as jc
from jitguard.lint.analysis.walk import children


def for_transform(index: jc.ModuleIndex, call: cst.Call, scope: jc.FunctionInfo | None, info: jc.FunctionInfo,
                  use: jc.TransformUse) -> frozenset[str]:
    """``jax.jit(f, ...)``: the parameters of ``f`` every call of the result in sight passes not None."""
    if not getattr(index, "none_dispatch", True):
        return frozenset()
    names: list[str] = []
    if scope is not None:
        calls = index._visible_calls(call, scope)
        funcs = _call_functions(index)
        sites = None if calls is None else [(c, funcs.get(c), set()) for c in calls]
    else:
        names = [n for n, values in index.assigned_names(None).items() if any(v is call for v in values)]
        sites = _private_sites(index, names[0]) if len(names) == 1 and len(index.assigned_names(None)[names[0]]) == 1 else None
    return _relied_on(index, _not_none(index, sites, info, use), info, names[:1])


def for_decorated(index: jc.ModuleIndex, info: jc.FunctionInfo, use: jc.TransformUse) -> frozenset[str]:
    """``@jax.jit def _f``: the parameters every call of ``_f`` in this module passes not None."""
    if (not getattr(index, "none_dispatch", True) or info.parent is not None or info.cls is not None
            or len(list(info.node.decorators)) != 1):  # type: ignore[union-attr]
        return frozenset()
    return _relied_on(index, _not_none(index, _private_sites(index, info.name), info, use, decorated=True), info, [])


def _relied_on(index: jc.ModuleIndex, held: frozenset[str], info: jc.FunctionInfo, names: list[str]) -> frozenset[str]:
    """Record on ``index`` (``none_holds``) the module-level names a hold trusts no other module to
    use: the jitted object and the function itself (another module could import the one and call
    it with None, or jit the other again). The engine reports the findings the hold hides unless
    no other file of the checked tree refers to them through its imports (``from pkg.mod import
    _f_jit``, ``mod._f_jit`` on an import of the module; runner: undertrace_project.drop_proven)."""
    if held:
        relied = set(names) | ({info.name} if info.parent is None and info.cls is None else set())
        index.__dict__.setdefault("none_holds", set()).update(relied)
    return held


def _not_none(index: jc.ModuleIndex, sites, info: jc.FunctionInfo, use: jc.TransformUse, decorated: bool = False
               ) -> frozenset[str]:
    if not sites or (info.is_method and not use.bound_self) or not _transformed_once(index, info, decorated):
        return frozenset()
    positional = index._positional(info, use)[use.bound_positional:]
    out: set[str] | None = None
    for site, func, picked in sites:
        if func is None or not isinstance(func.node, cst.FunctionDef) or any(a.star for a in site.args):
            return frozenset()
        given = {p.name: a.value for p, a in zip(positional, jc.positional_args(site))}
        given.update({a.keyword.value: a.value for a in site.args if a.keyword is not None})
        known = _guarded(func.node.body, site) | picked
        safe = {name for name, value in given.items()
                if isinstance(value, cst.Name) and value.value in known and func.param(value.value) is not None
                and not jc.binds(func.node.body, value.value)}
        out = safe if out is None else out & safe
    return frozenset(out or ())


def _transformed_once(index: jc.ModuleIndex, info: jc.FunctionInfo, decorated: bool) -> bool:
    """Is this transform the function's only one? Every use of its name in the scope defining it
    is its definition, the transform's argument (none when decorated), a plain call, or a branch
    of a conditional expression (``f if v is None else f_jit``): the traces seen are this one's."""
    root = info.parent.node if info.parent is not None else index.module
    uses, calls, branches = _name_counts(index, root)
    name = info.name
    return uses[name] == 1 + (not decorated) + calls[name] + branches[name]


def _call_functions(index: jc.ModuleIndex) -> dict[cst.Call, jc.FunctionInfo | None]:
    return {call: func for call, func, _klass, _loops in index.calls}


def _private_sites(index: jc.ModuleIndex, name: str):
    """The calls of module-level private ``name``, each with its function and the names the way
    it is reached rules None out; None when ``name`` is used otherwise (passed on, returned,
    stored, called at the top level) or may be bound elsewhere."""
    if not name.startswith("_") or name.startswith("__") or jc.declared_outside(index.module, name):
        return None
    funcs = _call_functions(index)
    sites = [(c, f, set()) for c, f in funcs.items() if isinstance(c.func, cst.Name) and c.func.value == name]
    refs = len(sites)
    for func in index.functions:
        for alias, values in index.assigned_names(func).items():
            picked = _picked_when(values, name) if len(values) == 1 else None
            calls = jc.ModuleIndex._calls_of_local(alias, func) if picked is not None else None
            if calls is None:
                continue
            refs += 1
            sites += [(c, funcs.get(c), picked) for c in calls if funcs.get(c) is func]
            if any(funcs.get(c) is not func for c in calls):
                return None
    return sites if _name_counts(index, index.module)[0][name] == refs + 1 else None


def _picked_when(values, name: str) -> set[str] | None:
    """``kernel = f if v is None else name``: the names not None whenever ``name`` is picked."""
    value = values[0]
    if not isinstance(value, cst.IfExp):
        return None
    if isinstance(value.orelse, cst.Name) and value.orelse.value == name:
        return _not_none_when(value.test, False)
    if isinstance(value.body, cst.Name) and value.body.value == name:
        return _not_none_when(value.test, True)
    return None


def _name_counts(index: jc.ModuleIndex, root: cst.CSTNode) -> tuple[Counter, Counter, Counter]:
    """:func:`_count_names` of ``root``, once per root and index (not once per name asked about)."""
    tables = index.__dict__.setdefault("_none_name_counts", {})
    entry = tables.get(id(root))
    if entry is None or entry[0] is not root:
        entry = tables[id(root)] = (root, *_count_names(root))
    return entry[1], entry[2], entry[3]


def _count_names(root: cst.CSTNode) -> tuple[Counter, Counter, Counter]:
    """In ``root``, by name: the Name nodes (uses: not attribute names or keyword labels), the
    calls of a plain name, and the branches of conditional expressions that are a plain name."""
    uses: Counter = Counter()
    calls: Counter = Counter()
    branches: Counter = Counter()
    stack: list[cst.CSTNode] = [root]
    Name, Attribute, Arg, Call, IfExp = cst.Name, cst.Attribute, cst.Arg, cst.Call, cst.IfExp  # (type tests: no subclasses)
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is Name:
            uses[node.value] += 1
            continue  # (a leaf)
        if kind is Attribute:
            stack.append(node.value)
            continue
        if kind is Arg and node.keyword is not None:
            stack.append(node.value)
            continue
        if kind is Call and type(node.func) is Name:
            calls[node.func.value] += 1
        elif kind is IfExp:
            for b in (node.body, node.orelse):
                if type(b) is Name:
                    branches[b.value] += 1
        stack.extend(children(node))
    return uses, calls, branches


def _guarded(root: cst.CSTNode, target: cst.CSTNode) -> set[str]:
    """The names the branches and early exits on the way from ``root`` to ``target`` rule None out."""
    path = _path(root, target)
    out: set[str] = set()
    for node, nxt in zip(path, path[1:]):
        if isinstance(node, (cst.If, cst.IfExp)) and nxt is node.body:
            out |= _not_none_when(node.test, True)
        elif isinstance(node, (cst.If, cst.IfExp)) and nxt is node.orelse:
            out |= _not_none_when(node.test, False)
        elif isinstance(node, cst.IndentedBlock):
            at = next((i for i, stmt in enumerate(node.body) if stmt is nxt), 0)
            for stmt in node.body[:at]:
                out.update(jc._none_exits(stmt))
    return out


def _path(root: cst.CSTNode, target: cst.CSTNode) -> list[cst.CSTNode]:
    stack: list[tuple[cst.CSTNode, tuple]] = [(root, (root,))]
    while stack:
        node, path = stack.pop()
        if node is target:
            return list(path)
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) and node is not root:
            continue
        stack.extend((child, (*path, child)) for child in children(node))
    return []


def _is_none_test(test: cst.BaseExpression, negated: bool) -> str | None:
    """``v is None`` (``negated``: ``v is not None``): the name ``v``."""
    if (isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.left, cst.Name)
            and isinstance(test.comparisons[0].comparator, cst.Name) and test.comparisons[0].comparator.value == "None"
            and isinstance(test.comparisons[0].operator, cst.IsNot if negated else cst.Is)):
        return test.left.value
    return None


def _not_none_when(test: cst.BaseExpression, holds: bool) -> set[str]:
    """The names that are not None where ``test`` holds (``holds``) or fails (not ``holds``)."""
    if holds and isinstance(test, cst.Name) and test.value not in ("True", "False", "None"):
        return {test.value}  # truthy: not None
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _not_none_when(test.expression, not holds)
    if isinstance(test, cst.BooleanOperation):
        left, right = _not_none_when(test.left, holds), _not_none_when(test.right, holds)
        # both sides hold where `a and b` holds, both fail where `a or b` fails
        return left | right if isinstance(test.operator, cst.And) is holds else left & right
    name = _is_none_test(test, negated=holds)
    return {name} if name else set()

