"""Parameters that hold NumPy arrays because every call passes one (call-site data).

JAX turns an argument into a tracer only where a transform traces it: every array argument of
``jax.jit``, the mapped positions of ``jax.vmap``, the differentiated ones of ``jax.grad``. Elsewhere
the function receives the caller's object as it is: a plain call, an unmapped (``in_axes=None``)
position of ``jax.vmap``, a position ``jax.grad`` does not differentiate, and the arguments
``jax.test_util.check_grads(f, args)`` (``check_jvp``, ``check_vjp``) evaluates ``f(*args)`` on
for its finite differences (:data:`CALLS_AS_GIVEN`; checked on JAX 0.10.2 by
``tests/test_npparams.py``, which records what each hands the function).

So a parameter that every call of the module fills with a NumPy array (a ``numpy`` array
function's result, a draw of a NumPy ``Generator`` with a size, a name bound once to one, another
such parameter) holds a NumPy array there (:data:`ARRAY`); one that every call fills with a dict,
tuple or list literal of NumPy arrays (or a name bound once to one, never item-assigned) holds
NumPy arrays as its items (:data:`ITEMS`). Indexing such an array with a tracer (a ``vmap``ped
index, a ``fori_loop`` counter) makes NumPy convert the tracer: TracerArrayConversionError (JG104,
``walker.is_numpy_array``). One that every call fills with a tuple or list literal of other values
(or a name bound once to one) holds a Python sequence (:data:`SEQUENCE`): indexed with a tracer,
the list or tuple asks it for ``__index__`` (TracerIntegerConversionError under jit, ``vmap`` or a
lax loop; JAX 0.10.2, ``tests/test_holdout19_mechanisms.py``), as a literal indexed in place does
(JG104, ``walker.is_sequence``).

Read only for plain functions and lambdas (not methods) that the module uses in no other way than
calling them (by name, or handed to a :data:`CALLS_AS_GIVEN` function): a function passed
anywhere else may be called with anything. A transform other than ``vmap``/``grad`` (which pass
the positions they do not trace through) leaves every parameter unread.
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis.memo import PerIndex
from jitguard.lint.analysis import walk
from jitguard.lint.analysis.walk import children, iter_nodes

ARRAY = "array"  # a NumPy array
ITEMS = "items"  # a dict, tuple or list whose items are NumPy arrays
SEQUENCE = "sequence"  # a Python tuple or list of other values

# JAX functions that call a function argument with the arguments they are given, unconverted:
# qualified name -> (the function's position, the position of the tuple of its arguments)
CALLS_AS_GIVEN: dict[str, tuple[int, int]] = {
    "jax.test_util.check_grads": (0, 1),
    "jax.test_util.check_jvp": (0, 2),
    "jax.test_util.check_vjp": (0, 2),
}
# transforms that hand the positions they do not trace to the function as they are
_PASSING = frozenset({"jax.vmap", "jax.grad", "jax.value_and_grad"})
_MUTATORS = frozenset({"update", "setdefault", "__setitem__", "pop", "clear", "popitem"})
_DEPTH = 3

_PARAMS = PerIndex()  # index -> {FunctionInfo: {param: kind}} (None while being computed)
_USES = PerIndex()
_CALLS = PerIndex()
_BY_NAME = PerIndex()
_HANDING_SUFFIXES = tuple(CALLS_AS_GIVEN)  # index -> (names used as values, names item-assigned or mutated)


def numpy_param(index, scope, name: str, depth: int = 0) -> str | None:
    """ARRAY or ITEMS when ``name``, looked up from ``scope`` (a FunctionInfo, None: module
    level), is a parameter of ``scope`` or of a function it is nested in that holds NumPy data in
    every call (module docstring), never rebound in that function; else None."""
    while scope is not None:
        if scope.param(name) is not None:
            held = _params_of(index, scope, depth).get(name)
            rebound = held is not None and (name in index.assigned_names(scope) or _bound_otherwise(index, scope, name))
            return None if rebound else held
        if name in index.assigned_names(scope) or _bound_otherwise(index, scope, name):
            return None
        scope = scope.parent
    return None


def passed_kind(index, info, name: str) -> str | None:
    """What every call fills ``info``'s own parameter ``name`` with (ARRAY, ITEMS, SEQUENCE), even
    when the body rebinds it later: the value it holds on entry, until the walk rebinds it."""
    return _params_of(index, info, 0).get(name) if info.param(name) is not None else None


def _bound_otherwise(index, scope, name: str) -> bool:
    from jitguard.lint.analysis.jitcontext import binds

    body = getattr(scope.node.body, "body", ())
    return isinstance(scope.node, cst.FunctionDef) and any(binds(stmt, name) for stmt in body)


def numpy_kind(index, scope, expr: cst.BaseExpression, depth: int = 0) -> str | None:
    """ARRAY or ITEMS when ``expr`` (written in ``scope``) surely evaluates to NumPy data, SEQUENCE
    when it surely is a Python tuple or list of other values."""
    from jitguard.lint.analysis import arrays
    from jitguard.lint.analysis.walker import _is_numpy_array_expr

    if depth > _DEPTH:
        return None
    if isinstance(expr, cst.Name):
        held = numpy_param(index, scope, expr.value, depth + 1)
        if held is not None:
            return held
    if isinstance(expr, (cst.Dict, cst.Tuple, cst.List)):
        return _literal_kind(index, scope, expr, depth)
    if _is_numpy_array_expr(index, scope, expr, 2) or arrays.array_kind(expr, index, scope) == arrays.NUMPY:
        return ARRAY
    if isinstance(expr, cst.Name) and expr.value not in _uses(index)[1]:
        from jitguard.lint.analysis.hashability import bound_once

        found = bound_once(expr.value, index, scope)  # params = {"a": rng.normal(size=3)} at module level
        if found is not None and isinstance(found[0], (cst.Dict, cst.Tuple, cst.List)):
            return _literal_kind(index, found[1], found[0], depth + 1)
    return None


def _literal_kind(index, scope, expr, depth: int) -> str | None:
    """ITEMS for a literal of NumPy arrays, SEQUENCE for any other tuple or list literal."""
    if _literal_of_arrays(index, scope, expr, depth):
        return ITEMS
    return SEQUENCE if isinstance(expr, (cst.Tuple, cst.List)) else None


def _literal_of_arrays(index, scope, expr, depth: int) -> bool:
    """A dict, tuple or list literal whose every value is a NumPy array (none spread in)."""
    if isinstance(expr, cst.Dict):
        values = [el.value if isinstance(el, cst.DictElement) else None for el in expr.elements]
    else:
        values = [el.value if isinstance(el, cst.Element) else None for el in expr.elements]
    return bool(values) and all(v is not None and numpy_kind(index, scope, v, depth + 1) == ARRAY for v in values)


def _params_of(index, info, depth: int) -> dict[str, str]:
    table = _PARAMS.table(index)
    if info not in table:
        table[info] = {}  # (recursion guard)
        table[info] = _read(index, info, depth)
    return table[info]


def _read(index, info, depth: int) -> dict[str, str]:
    if info.is_method or info.cls is not None or info.node is None:
        return {}
    for fn, use, _site in index.jit_uses:
        if fn is info and use.qualname not in _PASSING:
            return {}  # jit, a lax loop, ...: its own arguments, traced
    sites = _call_sites(index, info)
    if not sites:
        return {}
    traced = index.traces.of(info).traced
    kinds: dict[str, str | None] = {}
    for given, scope in sites:
        if given is None:
            return {}
        for p in info.params:
            if p.name in traced:
                kinds[p.name] = None
                continue
            value = given.get(p.name)
            kind = numpy_kind(index, scope, value, depth) if value is not None else None
            kinds[p.name] = kind if kinds.get(p.name, kind) == kind else None
    found = {n: k for n, k in kinds.items() if k is not None}
    if ITEMS in found.values():  # a dict the function item-assigns or updates may hold anything after
        mutated: set[str] = set()
        for node in iter_nodes(info.node):
            _note_mutation(node, mutated)
        found = {n: k for n, k in found.items() if not (k == ITEMS and n in mutated)}
    return found


def traced_sequence_params(index, info) -> set[str]:
    """Parameters of a function every jit use of which is ``jax.jit`` (a decorator, a binding)
    that every call of the module, by the function's name, fills with a tuple or list literal (or
    a name bound once to one, :data:`SEQUENCE`). ``jax.jit`` flattens a tuple or list argument as a
    pytree and hands the function the same container rebuilt with tracers as its items: still a
    Python tuple or list, so indexing it with a traced integer asks the tracer for ``__index__``
    (TracerIntegerConversionError, JAX 0.10.2, ``tests/test_holdout26_mechanisms.py``) as a literal
    indexed in place does (JG104, ``walker.is_sequence``)."""
    if info.is_method or info.cls is not None or not isinstance(info.node, cst.FunctionDef):
        return set()
    uses = [use for fn, use, _site in index.jit_uses if fn is info]
    if not uses or any(use.qualname != "jax.jit" for use in uses):
        return set()
    sites = _call_sites(index, info)
    if not sites or any(given is None for given, _scope in sites):
        return set()
    names = {p.name for p in info.positional}
    for given, scope in sites:
        names &= {name for name, value in given.items() if _sequence_literal(index, scope, value)}
    return names


def _sequence_literal(index, scope, value: cst.BaseExpression) -> bool:
    """A tuple or list display, or a name bound once to one (``numpy_kind``'s SEQUENCE)."""
    return isinstance(value, (cst.Tuple, cst.List)) or (
        isinstance(value, cst.Name) and numpy_kind(index, scope, value) == SEQUENCE)


def _call_sites(index, info) -> list[tuple[dict | None, object]]:
    """(parameter -> the argument expression, the caller's scope) per call of ``info`` (None for
    a call whose arguments are not read: starred); [] when there is none or the function is used
    in another way (passed, stored, returned)."""
    lambda_ = isinstance(info.node, cst.Lambda)
    sites: list = []
    named_calls = 0
    by_name, handing = _CALLS.of(index, _calls_by_name)
    for call, scope in ([] if lambda_ else by_name.get(info.name, [])) + handing:
        func = call.func
        if not lambda_ and isinstance(func, cst.Name) and func.value == info.name:
            found = index.resolve_function(func, scope)
            if found is None or found[0] is not info:
                continue
            sites.append((_bind(info, call.args), scope))
            named_calls += 1
            continue
        given = _given_to(index, call, scope, info)
        if given is not None:
            sites.append((given, scope))
            named_calls += not lambda_
    if not sites:
        return []
    if not lambda_ and _uses(index)[0].get(info.name, 0) > named_calls:
        return []  # the name is used as a value somewhere else too
    return sites


def calls_by_name(index) -> dict[str, list]:
    """The module's calls of a plain name, ``f(...)``, by that name: [(call, calling function)]."""
    return _BY_NAME.of(index, _by_name)


def _by_name(index) -> dict[str, list]:
    by_name: dict[str, list] = {}
    for call, scope, _klass, _loops in index.calls:
        if isinstance(call.func, cst.Name):
            by_name.setdefault(call.func.value, []).append((call, scope))
    return by_name


def _calls_by_name(index) -> tuple[dict[str, list], list]:
    """The module's calls of a plain name, by that name, and its calls of a CALLS_AS_GIVEN function."""
    handing = [(call, scope) for call, scope, _klass, _loops in index.calls
               if (index.resolve(call.func, scope) or "").endswith(_HANDING_SUFFIXES)]
    return calls_by_name(index), handing


def _given_to(index, call: cst.Call, scope, info) -> dict | None:
    """``check_grads(f, (a, b))`` with ``f`` the function (a lambda written there, or its name):
    the parameters the call's argument tuple fills."""
    name = index.resolve(call.func, scope)
    if name not in CALLS_AS_GIVEN:
        return None
    fpos, apos = CALLS_AS_GIVEN[name]
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    if len(positional) <= max(fpos, apos) or len(positional) != len([a for a in call.args if a.keyword is None]):
        return None
    fn = positional[fpos]
    if not (fn is info.node or isinstance(fn, cst.Name) and fn.value == info.name
            and (found := index.resolve_function(fn, scope)) is not None and found[0] is info):
        return None
    args = positional[apos]
    if not isinstance(args, (cst.Tuple, cst.List)) or any(isinstance(e, cst.StarredElement) for e in args.elements):
        return {}  # called with arguments not seen: nothing known
    return _bind(info, [cst.Arg(e.value) for e in args.elements])


def _bind(info, args) -> dict[str, cst.BaseExpression] | None:
    if any(a.star for a in args):
        return None
    positional = info.positional
    plain = [a.value for a in args if a.keyword is None]
    given = {p.name: v for p, v in zip(positional, plain)}
    given.update({a.keyword.value: a.value for a in args if a.keyword is not None})
    return given


def _uses(index) -> tuple[dict[str, int], set[str]]:
    return _USES.of(index, _scan)


def _scan(index) -> tuple[dict[str, int], set[str]]:
    """How often each name is read as a value (not as a called function, an attribute's name, a
    def's or parameter's name, a keyword), and the names item-assigned or mutated by a method
    (``d["k"] = v``, ``d.update(...)``) anywhere in the module."""
    shared = walk.shared(index.module)
    if shared is not None:
        return _scan_shared(shared, index.module)
    values: dict[str, int] = {}
    mutated: set[str] = set()
    stack: list[cst.CSTNode] = [index.module]
    pop, extend, name, imports = stack.pop, stack.extend, cst.Name, _IMPORTS
    while stack:  # (type tests, not isinstance on libcst's ABC classes: a walk of every module)
        node = pop()
        kind = type(node)
        if kind is name:
            values[node.value] = values.get(node.value, 0) + 1
            continue
        if kind in imports:
            continue
        if kind in _MUTATING:
            _note_mutation(node, mutated)
        skip = _not_values(node)
        extend([c for c in children(node) if c is not skip] if skip is not None else children(node))
    return values, mutated


_IMPORTS = frozenset({cst.Import, cst.ImportFrom})
# the nodes _note_mutation looks at
_MUTATING = frozenset({cst.Assign, cst.AugAssign, cst.AnnAssign, cst.Del, cst.Call})
# the nodes _scan_shared reads, and those that may hold a name that is no value read (_not_values)
_SCAN_KINDS = frozenset({cst.Name, *_IMPORTS, *_MUTATING})
_NAME_HOLDERS = frozenset({cst.Call, cst.Attribute, cst.FunctionDef, cst.ClassDef, cst.Param, cst.Arg})


def _scan_shared(shared: walk.ModuleNodes, module: cst.Module) -> tuple[dict[str, int], set[str]]:
    """:func:`_scan` from the module's shared walk: the names (less those below an import and
    those ``_not_values`` of their parent leaves out) and the nodes that may mutate a name."""
    values: dict[str, int] = {}
    mutated: set[str] = set()
    nodes, up, ends = shared.nodes, shared.parents, shared.ends
    Name, imports, holders = cst.Name, _IMPORTS, _NAME_HOLDERS
    skip_end = 0
    for j in shared.positions(module, _SCAN_KINDS):
        if j < skip_end:
            continue
        node = nodes[j]
        kind = type(node)
        if kind is Name:
            parent = nodes[up[j]]
            if type(parent) in holders and _not_values(parent) is node:
                continue
            values[node.value] = values.get(node.value, 0) + 1
        elif kind in imports:
            skip_end = ends[j]
        else:
            _note_mutation(node, mutated)
    return values, mutated


def _not_values(node: cst.CSTNode) -> cst.CSTNode | None:
    """The child of ``node`` that is a name but not a value read (a called plain name, an
    attribute's name, a def's or parameter's name, a keyword), if any."""
    kind = type(node)
    if kind is cst.Call:
        return node.func if type(node.func) is cst.Name else None
    if kind is cst.Attribute:
        return node.attr
    if kind is cst.FunctionDef or kind is cst.ClassDef or kind is cst.Param:
        return node.name
    if kind is cst.Arg:
        return node.keyword
    return None


def _note_mutation(node: cst.CSTNode, mutated: set[str]) -> None:
    targets = ([t.target for t in node.targets] if isinstance(node, cst.Assign)
               else [node.target] if isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.Del)) else [])
    for target in targets:
        for el in (target.elements if isinstance(target, (cst.Tuple, cst.List)) else [target]):
            leaf = getattr(el, "value", el) if isinstance(el, cst.Element) else el
            if isinstance(leaf, cst.Subscript) and isinstance(leaf.value, cst.Name):
                mutated.add(leaf.value.value)
    if (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and isinstance(node.func.value, cst.Name)
            and node.func.attr.value in _MUTATORS):
        mutated.add(node.func.value.value)
