"""What a name of one function is bound to, and the shapes a helper or a generator of the module
gives back (for the recompilation rules, JG3xx, through ``jitguard.lint.analysis.loops``).

* ``ScopeView``: the bindings of a name as one function sees them (its own assignments, then the
  enclosing functions', then the module's), so that a loop over ``problem_it`` — bound to
  ``itertools.product`` of literal tuples, or a parameter whose literal default no call of the
  module passes — counts as a loop over a fixed collection.
* Shape summaries: for a function of the module, which parameters' *values* set the shape of
  what it returns (``make_batch(n)`` returns ``np.ones((n, 3))``: ``n``), per element of a
  returned tuple; and for a generator, whether the shapes it yields change from one ``yield`` to
  the next (``yield data[start:end]`` in a loop whose last window may be cut short). Shapes a
  helper reads from its array parameters (``x.shape[1]``) are opaque: padding helpers read them,
  and which dimension changes is not tracked.
"""

from __future__ import annotations

import weakref

import libcst as cst

from jitguard.lint.analysis.walk import children

_MUTATORS = frozenset({"append", "extend", "insert", "add", "update", "setdefault", "pop", "remove", "clear"})
_STOP = (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.BaseComp)

_VIEWS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def scope_view(index, func) -> "ScopeView":
    """The (cached) view of ``func`` (None: the module) of ``index``."""
    per_index = _VIEWS.get(index)
    if per_index is None:
        per_index = _VIEWS[index] = {}
    view = per_index.get(func)
    if view is None:
        view = per_index[func] = ScopeView(index, func)
    return view


def _bind(out: dict, target: cst.BaseExpression, value: cst.BaseExpression | None) -> None:
    if isinstance(target, cst.Name):
        out.setdefault(target.value, []).append(value)
    elif isinstance(target, (cst.Tuple, cst.List)):
        for el in target.elements:
            _bind(out, el.value, None)
    elif isinstance(target, cst.StarredElement):
        _bind(out, target.value, None)
    elif isinstance(target, (cst.Subscript, cst.Attribute)):
        head = target.value
        if isinstance(head, cst.Name):  # x[k] = v, x.a = v: x is changed in place
            out.setdefault(head.value, []).append(None)


def _small_bindings(node: cst.CSTNode, out: dict) -> None:
    if isinstance(node, cst.Assign):
        for t in node.targets:
            _bind(out, t.target, node.value if isinstance(t.target, cst.Name) else None)
    elif isinstance(node, cst.AnnAssign):
        _bind(out, node.target, node.value)
    elif isinstance(node, (cst.AugAssign, cst.Del, cst.For, cst.CompFor, cst.NamedExpr)):
        _bind(out, node.target, None)
    elif isinstance(node, cst.WithItem) and node.asname is not None:
        _bind(out, node.asname.name, None)
    else:
        _other_bindings(node, out)


def _other_bindings(node: cst.CSTNode, out: dict) -> None:
    """global/nonlocal, imports, and in-place changes (``sizes.append(n)``)."""
    if isinstance(node, (cst.Global, cst.Nonlocal)):
        for item in node.names:
            out.setdefault(item.name.value, []).append(None)
    elif isinstance(node, (cst.Import, cst.ImportFrom)) and not isinstance(node.names, cst.ImportStar):
        for alias in node.names:
            name = alias.asname.name if alias.asname is not None else alias.name
            if isinstance(name, cst.Name):
                out.setdefault(name.value, []).append(None)
    elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and isinstance(node.func.value, cst.Name):
        if node.func.attr.value in _MUTATORS:  # sizes.append(n): no longer the literal it was bound to
            out.setdefault(node.func.value.value, []).append(None)


def bindings(root: cst.CSTNode, itself: bool = False) -> dict[str, list[cst.BaseExpression | None]]:
    """Every binding of every name in one function body (or module; ``itself``: in one
    statement), nested functions and classes excluded (their names bind, their bodies do not):
    name -> values (None: not a plain value)."""
    out: dict[str, list[cst.BaseExpression | None]] = {}
    stack = [root] if itself else list(children(root))
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            out.setdefault(node.name.value, []).append(None)
            continue
        if isinstance(node, cst.Lambda):
            continue
        _small_bindings(node, out)
        stack.extend(children(node))
    return out


class ScopeView:
    """The names of one function (or of the module) as the loops in it see them."""

    def __init__(self, index, func) -> None:
        self.index = index
        self.func = func
        imports_of = getattr(index, "imports_of", None)
        self.imports = imports_of(func) if imports_of is not None else index.imports
        self._bindings = bindings(func.node.body if func is not None else index.module)
        self._flows: dict = {}

    def parent(self) -> "ScopeView | None":
        if self.func is None:
            return None
        return scope_view(self.index, self.func.parent)

    def values(self, name: str) -> list[cst.BaseExpression | None] | None:
        """Every value bound to ``name`` in the nearest scope that binds it; None when none does."""
        view: ScopeView | None = self
        while view is not None:
            if view.func is not None and view.func.param(name) is not None:
                return [view._param_value(name)] + view._bindings.get(name, [])
            if name in view._bindings:
                return view._bindings[name]
            view = view.parent()
        return None

    def _param_value(self, name: str) -> cst.BaseExpression | None:
        """A parameter's default, when no call of the module passes that parameter (None otherwise):
        ``def warm_up(steps, buckets=(16, 32))`` called as ``warm_up(10)`` loops over two sizes.
        Calls from other modules are not seen: a literal default is how such a parameter is meant
        to be used."""
        param = self.func.param(name)
        if param is None or param.default is None or param.kind not in ("positional", "kwonly"):
            return None
        return None if self._passed(name) else param.default

    def _passed(self, name: str) -> bool:
        func = self.func
        positional = [p.name for p in func.params if p.kind == "positional"]
        for call, _caller, _klass, _loops in self.index.calls:
            fn = call.func
            last = fn.value if isinstance(fn, cst.Name) else fn.attr.value if isinstance(fn, cst.Attribute) else None
            if any(_names(a.value, func.name) for a in call.args):
                return True  # passed on as a value (partial(f, ...), a callback): anything may be bound
            if last != func.name:
                continue
            skip = 1 if func.is_method and isinstance(fn, cst.Attribute) else 0
            npos = 0
            for arg in call.args:
                if arg.star:
                    return True
                if arg.keyword is not None:
                    if arg.keyword.value == name:
                        return True
                else:
                    npos += 1
            if name in positional and positional.index(name) - skip < npos:
                return True
        return False

    def fixed_name(self, name: str, depth: int, enums: frozenset[str]) -> bool:
        """Is ``name`` bound only to fixed collections (see loops.is_fixed_collection)?"""
        from jitguard.lint.analysis.loops import is_fixed_collection

        values = self.values(name)
        if not values or depth > 4:
            return False
        return all(v is not None and is_fixed_collection(v, self.imports, enums, self, depth + 1) for v in values)

    # -- the block around a loop ----------------------------------------------------------------
    def preceding(self, node: cst.CSTNode) -> list[cst.BaseStatement] | None:
        """The statements before ``node`` in the block that holds it (None: not found)."""
        root = self.func.node.body if self.func is not None else self.index.module
        stack = [root]
        while stack:
            block = stack.pop()
            body = getattr(block, "body", None)
            if isinstance(body, (list, tuple)):
                for i, stmt in enumerate(body):
                    if stmt is node:
                        return list(body[:i])
            for child in children(block):
                if not isinstance(child, (cst.BaseExpression, *_STOP)) or child is node:
                    stack.append(child)
        return None

    # -- shapes through calls -----------------------------------------------------------------
    def callee(self, call: cst.Call):
        """The plain (not jitted) function of the module ``call`` runs, and whether self is bound."""
        try:
            target = self.index.resolve_function(call.func, self.func)
        except (AttributeError, KeyError):  # pragma: no cover - a module index without the lookup
            return None
        if target is None or target[1] is not None or isinstance(target[0].node, cst.Lambda):
            return None
        info, _use, bound = target
        if self.index.traced_by_transform(info):
            return None  # a traced helper: its values are tracers, not the Python values a loop passes
        return info, bound or (info.is_method and isinstance(call.func, cst.Attribute))

    def arguments(self, call: cst.Call, info, bound: bool) -> dict[str, cst.BaseExpression] | None:
        """The arguments of ``call`` by parameter name (None: a splat hides them)."""
        positional = [p.name for p in info.params if p.kind == "positional"]
        if bound or (info.is_method and positional and positional[0] in ("self", "cls")):
            positional = positional[1:] if bound else positional
        out: dict[str, cst.BaseExpression] = {}
        i = 0
        for arg in call.args:
            if arg.star:
                return None
            if arg.keyword is not None:
                out[arg.keyword.value] = arg.value
            elif i < len(positional):
                out[positional[i]] = arg.value
                i += 1
        return out


def _names(expr: cst.BaseExpression, name: str) -> bool:
    return (isinstance(expr, cst.Name) and expr.value == name) or (
        isinstance(expr, cst.Attribute) and expr.attr.value == name)


# -- summaries ---------------------------------------------------------------------------------
_SUMMARIES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_IN_PROGRESS = object()


def _own_nodes(body: cst.CSTNode):
    """Nodes of a function body, nested functions and classes excluded, with their enclosing loops."""
    stack: list[tuple[cst.CSTNode, tuple]] = [(body, ())]
    while stack:
        node, loops = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        yield node, loops
        inner = (*loops, node) if isinstance(node, (cst.For, cst.While)) else loops
        for child in children(node):
            if isinstance(node, cst.For) and child is node.iter:
                stack.append((child, loops))
            else:
                stack.append((child, inner))


def _cache(index) -> dict:
    per_index = _SUMMARIES.get(index)
    if per_index is None:
        per_index = _SUMMARIES[index] = {}
    return per_index


def return_shapes(index, info) -> list[frozenset[str]] | None:
    """For each element of what ``info`` returns (one entry unless every ``return`` is a tuple
    of the same length), the parameters whose values set that element's shape."""
    cache = _cache(index)
    key = ("return", info)
    found = cache.get(key)
    if found is _IN_PROGRESS:
        return None  # recursion: no summary
    if found is not None or key in cache:
        return found
    cache[key] = _IN_PROGRESS
    result = None
    try:
        result = _return_shapes(index, info)
    finally:
        cache[key] = result
    return result


def _returned(info) -> tuple[list[list[cst.BaseExpression]], int] | None:
    """The returned values, each split into elements when every ``return`` gives a tuple of one
    length; and that length (1 otherwise). None: a generator, or nothing returned."""
    nodes = [node for node, _l in _own_nodes(info.node.body)]
    returns = [n.value for n in nodes if isinstance(n, cst.Return) and n.value is not None]
    if not returns or any(isinstance(n, (cst.Yield, cst.Await)) for n in nodes):
        return None
    arity = {len(r.elements) if isinstance(r, cst.Tuple) else -1 for r in returns}
    if len(arity) == 1 and -1 not in arity:
        return [[e.value for e in r.elements] for r in returns], arity.pop()
    return [[r] for r in returns], 1


def _return_shapes(index, info) -> list[frozenset[str]] | None:
    from jitguard.lint.analysis.loops import ParamFlow

    found = _returned(info)
    if found is None:
        return None
    returns, width = found
    params = [p.name for p in info.params if p.kind in ("positional", "kwonly")]
    if info.is_method and params:
        params = params[1:]
    out = [set() for _ in range(width)]
    view = scope_view(index, info)
    for p in params:
        flow = ParamFlow(info.node.body, frozenset({p}), view)
        for elements in returns:
            for i, el in enumerate(elements):
                if flow.shape_varies(el):
                    out[i].add(p)
    return [frozenset(s) for s in out]


def generator_shapes_vary(index, info) -> bool:
    """Do the values ``info`` (a generator) yields change shape from one ``yield`` to the next?"""
    cache = _cache(index)
    key = ("yield", info)
    if key in cache:
        return bool(cache[key]) if cache[key] is not _IN_PROGRESS else False
    cache[key] = _IN_PROGRESS
    result = False
    try:
        result = _generator_shapes_vary(index, info)
    finally:
        cache[key] = result
    return result


def _generator_shapes_vary(index, info) -> bool:
    from jitguard.lint.analysis.loops import LoopFacts

    view = scope_view(index, info)
    for node, loops in _own_nodes(info.node.body):
        if not isinstance(node, cst.Yield) or node.value is None or isinstance(node.value, cst.From):
            continue
        inner: set[str] = set()  # what an inner loop carries is judged by that loop (its windows)
        for loop in reversed(loops):
            facts = LoopFacts(loop, view.imports, view)
            facts.varying -= inner
            if facts.shape_varies(node.value):
                return True
            inner |= facts.assigned | (facts.varying - facts.assigned)
    return False


def is_generator(info) -> bool:
    return any(isinstance(node, cst.Yield) for node, _l in _own_nodes(info.node.body))
