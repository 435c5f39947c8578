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
* Fresh identities: an argument that is a new object comparing by identity (a lambda, a
  ``functools.partial``, a ``jax.jit(...)``, an instance of a class without ``__eq__``, a NamedTuple
  of closures a factory returns, an attribute ``__init__`` sets to one of these) made on every
  iteration of a loop, or on every call of a function that runs again and again.
"""

from __future__ import annotations

import weakref

import libcst as cst

from jitguard.lint.analysis import jaxapi, walk
from jitguard.lint.analysis.metaidentity import NEW_CLASS, TRANSFORM_FUNCTION, factory_construction, fresh_metadata
from jitguard.lint.analysis.jaxapi import REGISTER_DATACLASS, REGISTER_NODE_CLASS
from jitguard.lint.analysis.walk import branches, children
from jitguard.lint.analysis.memo import PerIndex

_MUTATORS = frozenset({"append", "extend", "insert", "add", "update", "setdefault", "pop", "remove", "clear"})
_STOP = (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.BaseComp)

_VIEWS = PerIndex()


def scope_view(index, func) -> "ScopeView":
    """The (cached) view of ``func`` (None: the module) of ``index``."""
    per_index = _VIEWS.table(index)
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
    kind = type(node)  # (type tests: none of these classes has subclasses; isinstance on libcst's ABCs is slow)
    if kind is cst.Assign:
        for t in node.targets:
            target, value = t.target, node.value
            if (isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List))
                    and len(target.elements) == len(value.elements)
                    and not any(isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements))):
                for te, ve in zip(target.elements, value.elements):  # a, b = f(), g()
                    _bind(out, te.value, ve.value if isinstance(te.value, cst.Name) else None)
            else:
                _bind(out, target, value if isinstance(target, cst.Name) else None)
    elif kind is cst.AnnAssign:
        _bind(out, node.target, node.value)
    elif kind in _TARGETED:
        _bind(out, node.target, None)
    elif kind is cst.WithItem and node.asname is not None:
        _bind(out, node.asname.name, None)
    else:
        _other_bindings(node, out)


_TARGETED = frozenset({cst.AugAssign, cst.Del, cst.For, cst.CompFor, cst.NamedExpr})


def _other_bindings(node: cst.CSTNode, out: dict) -> None:
    """global/nonlocal, imports, and in-place changes (``sizes.append(n)``)."""
    kind = type(node)  # (type tests, as in _small_bindings)
    if kind is cst.Global or kind is cst.Nonlocal:
        for item in node.names:
            out.setdefault(item.name.value, []).append(None)
    elif (kind is cst.Import or kind is cst.ImportFrom) and type(node.names) is not cst.ImportStar:
        for alias in node.names:
            name = alias.asname.name if alias.asname is not None else alias.name
            if isinstance(name, cst.Name):
                out.setdefault(name.value, []).append(None)
    elif kind is cst.Call and type(node.func) is cst.Attribute and type(node.func.value) is cst.Name:
        if node.func.attr.value in _MUTATORS:  # sizes.append(n): no longer the literal it was bound to
            out.setdefault(node.func.value.value, []).append(None)


def bindings(root: cst.CSTNode, itself: bool = False) -> dict[str, list[cst.BaseExpression | None]]:
    """Every binding of every name in one function body (or module; ``itself``: in one
    statement), nested functions and classes excluded (their names bind, their bodies do not):
    name -> values (None: not a plain value)."""
    record = walk.shared(root)
    if record is not None:
        return _bindings_from_record(record, root, itself)
    out: dict[str, list[cst.BaseExpression | None]] = {}
    stack = [(n, False) for n in ([root] if itself else children(root))]
    # (type tests, not isinstance: libcst's classes are ABCs, whose isinstance is slow; none of
    # these concrete node classes has a subclass)
    while stack:
        node, in_loop = stack.pop()
        kind = type(node)
        if kind is cst.FunctionDef or kind is cst.ClassDef:
            out.setdefault(node.name.value, []).append(None)
            continue
        if kind is cst.Lambda:
            continue
        if (not in_loop and kind is cst.AugAssign and type(node.operator) is cst.AddAssign
                and type(node.target) is cst.Name):
            # `sizes += [8]` outside loops: what it adds, once (a fixed collection stays fixed)
            out.setdefault(node.target.value, []).append(node.value)
        elif kind in _BINDING_NODES:
            _small_bindings(node, out)
        in_loop = in_loop or kind is cst.For or kind is cst.While
        stack.extend([(child, in_loop) for child in branches(node)])  # (no leaf binds a name)
    return out


# the node types _small_bindings reads (it does nothing with any other)
_BINDING_NODES = frozenset({cst.Assign, cst.AnnAssign, cst.AugAssign, cst.Del, cst.For, cst.CompFor, cst.NamedExpr,
                            cst.WithItem, cst.Global, cst.Nonlocal, cst.Import, cst.ImportFrom, cst.Call})
_SCOPE_NODES = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda})
_BINDINGS_ASKED = _BINDING_NODES | _SCOPE_NODES
_LOOP_NODES = frozenset({cst.For, cst.While})


def _bindings_from_record(record: walk.ModuleNodes, root: cst.CSTNode, itself: bool) -> dict:
    """:func:`bindings` from the module's shared walk: the nodes it reads (those of
    ``_BINDINGS_ASKED``, none below a nested def, class or lambda) taken from the record instead
    of a walk, in the order of that walk (a stack that pops a node's last child first: a node
    before the nodes below it, a later sibling's subtree before an earlier one's, which is the
    order of (-end of the subtree, position)), so that each name's values come in the same order."""
    nodes, ends = record.nodes, record.ends
    start = record.position(root)
    tops = [start]
    if not itself:  # root's children: the subtrees that follow it, one after the other
        tops, k, end = [], start + 1, ends[start]
        while k < end:
            tops.append(k)
            k = ends[k]
    found: list[int] = []
    for top in tops:
        found.extend(record.unnested(nodes[top], _BINDINGS_ASKED, _SCOPE_NODES))
    found.sort(key=lambda j: (-ends[j], j))
    out: dict[str, list[cst.BaseExpression | None]] = {}
    FunctionDef, ClassDef, Lambda, AugAssign = cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.AugAssign
    for j in found:
        node = nodes[j]
        kind = type(node)
        if kind is FunctionDef or kind is ClassDef:
            out.setdefault(node.name.value, []).append(None)
            continue
        if kind is Lambda:
            continue
        if kind is AugAssign and type(node.operator) is cst.AddAssign and type(node.target) is cst.Name \
                and not _in_loop(record, j, start, itself):
            out.setdefault(node.target.value, []).append(node.value)
        else:
            _small_bindings(node, out)
    return out


def _in_loop(record: walk.ModuleNodes, j: int, start: int, itself: bool) -> bool:
    """Is the node at ``j`` below a ``for`` or ``while`` that is below ``root`` (at ``start``; or
    ``root`` itself with ``itself``), as :func:`bindings`' walk tracks it?"""
    nodes, parents = record.nodes, record.parents
    k = parents[j]
    while k > start or (itself and k == start):
        if type(nodes[k]) in _LOOP_NODES:
            return True
        if k == start:
            break
        k = parents[k]
    return False


class ScopeView:
    """The names of one function (or of the module) as the loops in it see them."""

    def __init__(self, index, func) -> None:
        # a weak reference: the views are cached per index (weakly keyed), and a strong one would
        # keep every index, and its libcst tree, alive for the whole run
        self._index = weakref.ref(index)
        self.func = func
        imports_of = getattr(index, "imports_of", None)
        self.imports = imports_of(func) if imports_of is not None else index.imports
        self._bindings = bindings(func.node.body if func is not None else index.module)
        self._flows: dict = {}

    @property
    def index(self):
        return self._index()

    def bindings_here(self) -> dict[str, list[cst.BaseExpression | None]]:
        """The names this function (or the module) binds itself: name -> values."""
        return self._bindings

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
_SUMMARIES = PerIndex()
_IN_PROGRESS = object()


def _memo(index, key, compute, default):
    """``compute()``, cached per index under ``key``; ``default`` while it is being computed (a
    summary that reaches itself, such as recursion or ``xs = [f(x) for x in xs]``, gets no answer)."""
    cache = _cache(index)
    if key in cache:
        found = cache[key]
        return default if found is _IN_PROGRESS else found
    cache[key] = _IN_PROGRESS
    result = default
    try:
        result = compute()
    finally:
        cache[key] = result
    return result


def _made_before_its_loop(view: "ScopeView", name: str, value: cst.BaseExpression) -> bool:
    """``init = make()`` outside every loop of the function, ``init`` read in a loop of it: each
    iteration reads the one object that run made (not a new one per iteration)."""
    bound_in_loop, read_in_loop = None, False
    for node, loops in _own_nodes(view.func.node.body):
        if isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign)) and getattr(node, "value", None) is value:
            bound_in_loop = bool(loops)
        elif isinstance(node, cst.Name) and node.value == name and loops:
            read_in_loop = True
    return bound_in_loop is False and read_in_loop


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
    per_index = _SUMMARIES.table(index)
    return per_index


def return_shapes(index, info) -> list[frozenset[str]] | None:
    """For each element of what ``info`` returns (one entry unless every ``return`` is a tuple
    of the same length), the parameters whose values set that element's shape (``"*"``: a size
    drawn at random inside, new at every call)."""
    return _memo(index, ("return", info), lambda: _return_shapes(index, info), None)


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
    flows = [(p, ParamFlow(info.node.body, frozenset({p}), view)) for p in params]
    # "*": a shape drawn at random inside (n = np.random.randint(4, 9)), new at each call
    flows.append(("*", ParamFlow(info.node.body, frozenset(), view, draws=True)))
    for p, flow in flows:
        for elements in returns:
            for i, el in enumerate(elements):
                if flow.shape_varies(el):
                    out[i].add(p)
    return [frozenset(s) for s in out]


def generator_shapes_vary(index, info) -> bool:
    """Do the values ``info`` (a generator) yields change shape from one ``yield`` to the next?"""
    return bool(_memo(index, ("yield", info), lambda: _generator_shapes_vary(index, info), False))


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


# -- fresh identities ----------------------------------------------------------------------------
# A function object, a `functools.partial` (and `jax.tree_util.Partial`, its subclass, which keeps
# object's __eq__/__hash__: JAX 0.10.2, tests/test_static_semantics.py), a jitted function
# (`jax.jit(f)` is a new object that compares by identity, checked under JAX), an instance of a
# class without __eq__/__hash__: each evaluation makes a value equal only to itself. At a static
# position of a jitted function, each one is a new cache key: one compile per evaluation.
IDENTITY_PARTIALS = frozenset({"functools.partial", "jax.tree_util.Partial"})
_FRESH_CALLS = IDENTITY_PARTIALS | jaxapi.JIT_TRANSFORMS | jaxapi.PYTHON_STATIC_JITS
_VALUE_TUPLES = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple"})


def _named_tuple(index, klass) -> bool:
    return any(index.imports.resolve(b.value) in _VALUE_TUPLES for b in klass.node.bases)


def fresh_maker(view: "ScopeView", expr: cst.BaseExpression, depth: int = 0) -> str | None:
    """Does evaluating ``expr`` (in ``view``'s function) make a new value that compares by
    identity? A few words saying what it makes, or None."""
    if depth > 3:
        return None
    if isinstance(expr, cst.Lambda):
        return "a new lambda"
    if isinstance(expr, cst.Tuple):
        inner = [fresh_maker(view, e.value, depth + 1) for e in expr.elements]
        found = next((i for i in inner if i), None)
        return f"a tuple holding {found}" if found else None
    if isinstance(expr, cst.Name) and view.func is not None:
        info = view.index.lookup_function(expr.value, view.func)
        if info is not None and info.parent is view.func:
            return f"a new function object (the nested `def {expr.value}`)"
        values = view.bindings_here().get(expr.value)  # bound in this function: made by each run of it
        if values and len(values) == 1 and values[0] is not None and view.func.param(expr.value) is None \
                and not _made_before_its_loop(view, expr.value, values[0]):
            return fresh_maker(view, values[0], depth + 1)
        return None
    if isinstance(expr, cst.Call):
        return _fresh_call(view, expr, depth)
    if isinstance(expr, cst.Subscript):  # `jax.vjp(f, x)[1]`
        return _transform_function_taken(view, expr)
    return None


# the differentiation transforms that return a new function object per call, and where it is in
# the tuple they return (JAX 0.10.2: `jax.vjp` -> (out, vjp_fn[, aux]), `jax.linearize` -> (out, jvp_fn))
_FUNCTION_RETURNING = {"jax.vjp": 1, "jax.linearize": 1}


def _transform_words(name: str) -> str:
    return f"the function a `{name}` call returns, a pytree {TRANSFORM_FUNCTION}"


def _transform_function_taken(view: "ScopeView", expr: cst.Subscript) -> str | None:
    """``jax.vjp(f, x)[1]``: the function that call returned, made anew by it."""
    if not isinstance(expr.value, cst.Call) or len(expr.slice) != 1:
        return None
    name = view.imports.resolve(expr.value.func)
    index = expr.slice[0].slice
    if name not in _FUNCTION_RETURNING or not isinstance(index, cst.Index) or not isinstance(index.value, cst.Integer):
        return None
    return _transform_words(name) if int(index.value.value) == _FUNCTION_RETURNING[name] else None


def _transform_function_unpacked(view: "ScopeView", name: str) -> tuple[str, cst.CSTNode] | None:
    """``_, g_vjp = jax.vjp(g, x)`` (the only binding of ``g_vjp`` in this function): what it is,
    and the assignment that makes it."""
    found = None
    for node, _loops in _own_nodes(view.func.node.body):
        if not isinstance(node, cst.Assign) or len(node.targets) != 1 or not isinstance(node.value, cst.Call):
            continue
        target = node.targets[0].target
        if not isinstance(target, (cst.Tuple, cst.List)):
            continue
        at = [i for i, el in enumerate(target.elements) if isinstance(el.value, cst.Name) and el.value.value == name]
        if not at:
            continue
        transform = view.imports.resolve(node.value.func)
        if found is not None or transform not in _FUNCTION_RETURNING or at != [_FUNCTION_RETURNING[transform]]:
            return None
        found = (_transform_words(transform), node)
    return found


def _fresh_call(view: "ScopeView", call: cst.Call, depth: int) -> str | None:
    name = view.imports.resolve(call.func)
    if name in _FRESH_CALLS:
        return f"a new `{name.rsplit('.', 1)[-1]}(...)` object"
    nested = _nested_pytree_class(view, call.func)
    if nested is not None:
        return f"an instance of `{nested}`, {NEW_CLASS} at each call of `{view.func.display()}`"
    if isinstance(call.func, cst.Name) and call.func.value in view.index.classes:
        klass = view.index.classes[call.func.value]
        if klass.identity_hashed:
            return f"a new `{klass.name}` instance (no __eq__/__hash__)"
        if _named_tuple(view.index, klass):
            inner = [fresh_maker(view, a.value, depth + 1) for a in call.args]
            found = next((i for i in inner if i), None)
            return f"a `{klass.name}` NamedTuple holding {found}" if found else None
        # a registered pytree with a new identity-compared object in a metadata field
        return fresh_metadata(view, klass, call, depth, fresh_maker)
    built = factory_construction(view.index, call, view.func)
    meta = fresh_metadata(view, built[0], built[1], depth, fresh_maker) if built is not None else None
    if meta:  # `Linear.create(..., init=normal_init(s))` returning `cls(..., init)`
        return meta
    found = view.callee(call)
    if found is None or found[1]:
        return None
    made = fresh_return(view.index, found[0])
    return f"a new `{found[0].name}(...)` result ({made})" if made else None


_PYTREE_DECORATORS = REGISTER_DATACLASS | REGISTER_NODE_CLASS | {"flax.struct.dataclass", "chex.dataclass"}
_PYTREE_BASES = frozenset({"typing.NamedTuple", "flax.struct.PyTreeNode", "equinox.Module"})


def _nested_pytree_class(view: "ScopeView", func: cst.BaseExpression) -> str | None:
    """``Cls`` when ``func`` names a class statement of ``view``'s function's own body (run, so a
    new class object made, at each call of it) that is a pytree: registered by a decorator, or a
    NamedTuple, ``flax.struct.PyTreeNode`` or ``equinox.Module`` subclass."""
    if not isinstance(func, cst.Name) or view.func is None or not isinstance(view.func.node, cst.FunctionDef):
        return None
    body = view.func.node.body
    statements = body.body if isinstance(body, cst.IndentedBlock) else ()
    for stmt in statements:
        if isinstance(stmt, cst.ClassDef) and stmt.name.value == func.value:
            resolve = view.imports.resolve
            registered = any(resolve(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator)
                             in _PYTREE_DECORATORS for d in stmt.decorators)
            based = any(resolve(b.value) in _PYTREE_BASES for b in stmt.bases)
            return func.value if registered or based else None
    return None


def fresh_return(index, info) -> str | None:
    """Does every ``return`` of ``info`` give a new identity-compared value (a factory of closures,
    or of a NamedTuple of them)? What it makes, or None."""
    return _memo(index, ("fresh", info), lambda: _fresh_return(index, info), None)


def _fresh_return(index, info) -> str | None:
    returned = _returned(info)
    if returned is None:
        return None
    view = scope_view(index, info)
    values = [elements[0] if len(elements) == 1 else cst.Tuple([cst.Element(e) for e in elements])
              for elements in returned[0]]
    made = [fresh_maker(view, v) for v in values]
    return made[0] if made and all(made) else None


def _init_attribute(index, klass, attr: str) -> cst.BaseExpression | None:
    """The value ``__init__`` of ``klass`` assigns to ``self.<attr>`` (its only assignment there)."""
    init = klass.methods.get("__init__")
    if init is None:
        return None
    found = []
    for node, _loops in _own_nodes(init.node.body):
        if isinstance(node, cst.Assign):
            for t in node.targets:
                target = t.target
                if (isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name)
                        and target.value.value == "self" and target.attr.value == attr):
                    found.append(node.value)
    return found[0] if len(found) == 1 else None


def _contains(tree: cst.CSTNode, node: cst.CSTNode) -> bool:
    stack = [tree]
    while stack:
        n = stack.pop()
        if n is node:
            return True
        stack.extend(children(n))
    return False


def fresh_value(index, expr: cst.BaseExpression, func, loops: tuple, repeated: dict, unbounded) -> str | None:
    """Is the argument ``expr`` (of a call in ``func``, inside ``loops``) a value that compares
    by identity and is made anew on every iteration of an unbounded loop around the call, or on
    every call of ``func`` when ``func`` runs again and again (``repeated``: function -> why)?
    "what|when", or None. ``unbounded(loop)``: does this loop run with the work?"""
    view = scope_view(index, func)
    made, site, guard = _made(view, expr)
    if made is None:
        return None
    for loop in loops:
        if unbounded(loop) and (site is None or _contains(loop, site)) \
                and (guard is None or _branch_taken(index, func, guard, None)):
            return f"{made}|on every iteration"
    if func is not None and func in repeated and (site is None or _contains(func.node.body, site)) \
            and (guard is None or _branch_taken(index, func, guard, repeated)):
        return f"{made}|on every call of `{func.display()}`, which runs {repeated[func]}"
    return None


# A guarded fresh value (FRESHBRANCH): `p = pert if pert else (lambda x: ...)`, `pert or (lambda
# x: ...)`, `if pert is None: pert = lambda x: ...` make a new function object only when the test
# takes that branch; a call that leaves `pert` at its default `None` takes it, and each such call
# is a new static value (JAX 0.10.2: compiles grow with a loop of calls; a module-level default,
# or a function the caller made once, compile once). Guard: (tests with the truth each needs,
# the name the fresh binding rebinds or None).


def _fresh_branch(view: ScopeView, expr: cst.BaseExpression, depth: int = 0):
    """``expr`` a conditional expression (or an ``or``) one of whose branches makes a new
    identity-compared value and the other not: (what, the branch, [(test, truth it needs)]), or None."""
    if depth > 3:
        return None
    if isinstance(expr, cst.IfExp):
        pairs = ((expr.body, expr.orelse, True), (expr.orelse, expr.body, False))
    elif isinstance(expr, cst.BooleanOperation) and isinstance(expr.operator, cst.Or):
        pairs = ((expr.right, expr.left, False),)  # the right side runs when the left is falsy
    else:
        return None
    test = expr.test if isinstance(expr, cst.IfExp) else expr.left
    made = [fresh_maker(view, branch) for branch, _other, _needed in pairs]
    if len(pairs) == 1 and fresh_maker(view, expr.left) is not None:
        return None  # both made anew
    if len(pairs) == 2 and all(made):
        return None  # both made anew
    for (branch, _other, needed), what in zip(pairs, made):
        if what is not None:
            return what, branch, [(test, needed)]
        inner = _fresh_branch(view, branch, depth + 1)
        if inner is not None:
            return inner[0], inner[1], [(test, needed), *inner[2]]
    return None


def _guarded_binding(view: ScopeView, name: str):
    """A parameter ``name`` that the function rebinds once, to a new identity-compared value under
    literal tests (``if pert is None: pert = lambda ...``, ``def pert`` there, or ``pert = pert or
    (lambda ...)``): (what, the node that makes it, guard), or None."""
    values = view.bindings_here().get(name)
    if not values or len(values) != 1:
        return None
    if values[0] is None:  # a def nested under the test
        nested = view.index.lookup_function(name, view.func)
        if nested is None or nested.parent is not view.func or not isinstance(nested.node, cst.FunctionDef) \
                or nested.node.decorators:
            return None
        made, site = f"a new function object (the nested `def {name}`)", nested.node
        tests: list = []
    else:
        made, site = fresh_maker(view, values[0]), values[0]
        branch = _fresh_branch(view, values[0]) if made is None else None
        if made is None and branch is None:
            return None
        made, site, tests = branch if branch is not None else (made, site, [])
    from jitguard.lint.analysis.stagedflags import enclosing_tests

    around = enclosing_tests(view.func.node.body, site)
    if around is None or not (tests := [*around, *tests]):
        return None
    return f"`{name}`, {made}", site, (tests, name)


def _branch_taken(index, func, guard, repeated: dict | None) -> bool:
    """Does a call of ``func`` (with ``repeated``: one that runs again and again, in a loop that runs
    with the work or in a function of ``repeated``) give literals, passed or left at their literal
    defaults, that make every test of ``guard`` take the truth it needs? A function nothing of the
    module calls runs with its defaults."""
    from jitguard.lint.analysis import literalguards

    tests, own = guard
    if func is None:
        return False
    rebound = set(index.assigned_names(func)) - {own}
    seen = False
    for call, caller, _k, loops in index.calls:
        if _called_function(index, call, caller) is not func:
            continue
        seen = True
        if repeated is not None and caller not in repeated \
                and not any(runs_with_work(index, loop, caller) for loop in loops):
            continue
        if literalguards.takes(call, func, tests, rebound):
            return True
    return not seen and repeated is None and literalguards.takes(cst.Call(cst.Name(func.name)), func, tests, rebound)


def _made(view: ScopeView, expr: cst.BaseExpression) -> tuple[str | None, cst.CSTNode | None, tuple | None]:
    """What new identity-compared value ``expr`` is, the node that makes it (None: ``expr``
    itself, at the call), and the guard under which it does (None: always; FRESHBRANCH)."""
    if isinstance(expr, cst.Name) and view.func is not None:
        return _made_name(view, expr.value)
    if isinstance(expr, cst.Attribute) and (made := _descriptor_made(view, expr)) is not None:
        return made, None, None  # made by the attribute access itself, at the call
    if view.func is not None and (branch := _fresh_branch(view, expr)) is not None:
        return branch[0], branch[1], (branch[2], None)
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and view.func is not None:
        owner = expr.value.value
        values = view.values(owner) if owner in view.bindings_here() else None
        if not values or len(values) != 1 or not isinstance(values[0], cst.Call):
            return None, None, None
        call = values[0]
        klass = view.index.classes.get(call.func.value) if isinstance(call.func, cst.Name) else None
        init_value = _init_attribute(view.index, klass, expr.attr.value) if klass is not None else None
        made = fresh_maker(scope_view(view.index, klass.methods["__init__"]), init_value) if init_value else None
        if made is None:
            return None, None, None
        return f"`{owner}.{expr.attr.value}`, {made} that `{klass.name}.__init__` sets on each new `{klass.name}`", call, None
    made = fresh_maker(view, expr)
    return made, None, None


def _made_name(view: ScopeView, name: str) -> tuple[str | None, cst.CSTNode | None, tuple | None]:
    """``_made`` for a name of ``view``'s function."""
    values = view.values(name)
    unbound_value = values == [None] and view.func.param(name) is None  # a def, a class, an unpacking
    nested = view.index.lookup_function(name, view.func) if values == [None] else None
    if (nested is not None and nested.parent is view.func and isinstance(nested.node, cst.FunctionDef)
            and not nested.node.decorators and view.func.param(name) is None):
        # a def nested here, bound by nothing else: a new function object per run (per iteration in a loop)
        return f"`{name}`, a new function object (the nested `def {name}`)", nested.node, None
    made_class = _class_statement(view, name) if values == [None] else None
    if made_class is not None:
        # a class statement here, bound by nothing else: a new class object per run of it, which
        # hashes and compares by identity (no metaclass): a new static value each time (JAX 0.10.2)
        return f"`{name}`, a new class object (the `class {name}` statement)", made_class, None
    unpacked = _transform_function_unpacked(view, name) if unbound_value else None
    if unpacked is not None:
        return f"`{name}`, {unpacked[0]}", unpacked[1], None
    if view.func.param(name) is not None:  # `if pert is None: pert = lambda ...` (FRESHBRANCH)
        guarded = _guarded_binding(view, name)
        return guarded if guarded is not None else (None, None, None)
    if not values or len(values) != 1 or values[0] is None:
        return None, None, None
    if name not in view.bindings_here():
        return None, None, None  # bound in an enclosing function or the module: made once per run of that
    made = fresh_maker(view, values[0])
    if made is None and (branch := _fresh_branch(view, values[0])) is not None:
        return f"`{name}`, {branch[0]}", branch[1], (branch[2], None)
    return (f"`{name}`, {made}" if made else None), values[0], None


def _class_statement(view: ScopeView, name: str) -> cst.ClassDef | None:
    """The one ``class name`` statement of ``view``'s function's own body (in its loops and
    branches too, not in nested defs or classes), when nothing else binds ``name`` there and the
    class object compares by identity: no ``metaclass=`` keyword, bases only classes of the module."""
    if view.func is None or not isinstance(view.func.node, cst.FunctionDef) or view.func.param(name) is not None:
        return None
    found = [node for node in _own_classes(view.func.node.body) if node.name.value == name]
    if len(found) != 1:
        return None
    stmt = found[0]
    if stmt.keywords or any(not (isinstance(b.value, cst.Name) and (b.value.value in view.index.classes
                                                                     or b.value.value == "object"))
                            for b in stmt.bases):
        return None
    return stmt


_CLASS_SCOPES = frozenset({cst.ClassDef, cst.FunctionDef, cst.Lambda})


def _own_classes(body: cst.CSTNode) -> list[cst.ClassDef]:
    """The class statements of a function's body, in its loops and branches too, not in the
    functions, lambdas and classes it defines: from the module's shared walk (the scopes below
    ``body``, each one's subtree skipped), else by a walk of ``body``."""
    record = walk.shared(body)
    if record is None:
        found: list[cst.ClassDef] = []
        stack = [body]
        while stack:
            for child in children(stack.pop()):
                kind = type(child)
                if kind is cst.ClassDef:
                    found.append(child)
                elif kind is not cst.FunctionDef and kind is not cst.Lambda:
                    stack.append(child)
        return found
    nodes = record.nodes
    return [nodes[j] for j in record.unnested(body, _CLASS_SCOPES, _CLASS_SCOPES) if type(nodes[j]) is cst.ClassDef]


def _descriptor_made(view: ScopeView, expr: cst.Attribute) -> str | None:
    """``model.f`` where ``model`` is an instance of a class of the module whose method ``f`` is
    decorated with a descriptor class of the module: the access runs its ``__get__``, and when that
    returns a new identity-compared object (``jax.tree_util.Partial(self.method, instance)``, as
    older equinox bound the methods of its modules), each access makes a new one; its other
    returns may only hand back what it holds (``self.method`` for the class's own access)."""
    index = view.index
    klass = index.instance_class(expr.value, view.func)
    method = klass.methods.get(expr.attr.value) if klass is not None else None
    if method is None or not isinstance(method.node, cst.FunctionDef):
        return None
    for dec in method.node.decorators:
        wrapper = index.classes.get(dec.decorator.value) if isinstance(dec.decorator, cst.Name) else None
        get = wrapper.methods.get("__get__") if wrapper is not None else None
        if get is None or not isinstance(get.node, cst.FunctionDef) or _stores(get):
            continue  # (one that keeps what it made, `instance.__dict__[name] = bound`, returns it again)
        returns = [node.value for node, _l in _own_nodes(get.node.body) if isinstance(node, cst.Return)]
        get_view = scope_view(index, get)
        made = [fresh_maker(get_view, value) if value is not None else None for value in returns]
        held = [value for value, m in zip(returns, made) if m is None]
        if any(made) and all(_held_by_self(value, get) for value in held):
            what = next(m for m in made if m)
            return f"`{_dotted(expr)}`, {what} that `{wrapper.name}.__get__` makes on each access"
    return None


def _stores(method) -> bool:
    """Does ``method`` store anything in an attribute or an item (or call ``setattr``)?"""
    for node, _l in _own_nodes(method.node.body):
        if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
            targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            if any(not isinstance(t, cst.Name) for t in targets):
                return True
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "setattr":
            return True
    return False


def _held_by_self(value: cst.BaseExpression | None, method) -> bool:
    """``self`` or ``self.attr`` of ``method``: what a descriptor holds, the same every time."""
    me = method.positional[0].name if method.positional else None
    if isinstance(value, cst.Attribute):
        value = value.value
    return me is not None and isinstance(value, cst.Name) and value.value == me


def _dotted(expr: cst.BaseExpression) -> str:
    if isinstance(expr, cst.Attribute):
        return f"{_dotted(expr.value)}.{expr.attr.value}"
    return expr.value if isinstance(expr, cst.Name) else "..."


# -- functions that run again and again ----------------------------------------------------------
def instance_method(index, call: cst.Call, func):
    """``trainer.training_step(...)`` with ``trainer`` bound (also by tuple unpacking) to
    ``Trainer(...)`` of this module: that method's FunctionInfo, or None."""
    fn = call.func
    if not (isinstance(fn, cst.Attribute) and isinstance(fn.value, cst.Name)):
        return None
    if fn.attr.value not in _method_names(index):
        return None  # no class of the module has such a method (`jnp.sum(...)`): no need to look at bindings
    values = scope_view(index, func).values(fn.value.value)
    if values == [None]:  # a parameter: its annotation may name the class
        klass = _annotated_class(index, func, fn.value.value)
        return klass.methods.get(fn.attr.value) if klass is not None else None
    if not values or len(values) != 1 or not isinstance(values[0], cst.Call):
        return None  # (None: a name no scope binds, a global of `import *` or a builtin)
    made = values[0].func
    klass = index.classes.get(made.value) if isinstance(made, cst.Name) else None
    return klass.methods.get(fn.attr.value) if klass is not None else None


def _annotated_class(index, func, name: str):
    """The class of this module that parameter ``name`` of ``func`` is annotated with
    (``def train(trainer: Trainer, ...)``), when no class of the module derives from it (so the
    method a call on the parameter runs is that class's own); None otherwise."""
    node = func.node if func is not None else None
    if not isinstance(node, cst.FunctionDef):
        return None
    params = node.params
    for param in (*params.posonly_params, *params.params, *params.kwonly_params):
        if param.name.value != name:
            continue
        annotation = param.annotation.annotation if param.annotation is not None else None
        klass = index.classes.get(annotation.value) if isinstance(annotation, cst.Name) else None
        return None if klass is None or index.has_subclass(klass) else klass
    return None


def _method_names(index) -> frozenset[str]:
    """The names of the methods of the module's classes (what ``instance_method`` can find)."""
    cache = _cache(index)
    names = cache.get("method names")
    if names is None:
        names = cache["method names"] = frozenset(m for klass in index.classes.values() for m in klass.methods)
    return names


def repeated_functions(index, unbounded) -> dict:
    """Functions of this module that run again and again: called inside a loop that runs with the
    work (``unbounded(loop, func)``), directly or through a caller that is, or a ``__call__``.
    Maps each to a few words saying why."""
    cache = _cache(index)
    if "repeated" in cache:
        return cache["repeated"]
    out: dict = {}
    calls_by_caller: dict = {}
    verdicts: dict = {}  # (id of a loop, func) -> unbounded(loop, func): asked once per loop, not per call in it

    def runs_on(loop, func) -> bool:
        key = (id(loop), func)
        found = verdicts.get(key)
        if found is None:
            found = verdicts[key] = bool(unbounded(loop, func))
        return found

    for call, func, _k, loops in index.calls:
        callee = _called_function(index, call, func)
        callees = (callee,) if callee is not None else _parameter_methods(index, call, func)
        callees = tuple(callees) + subclass_overrides(index, call, func)
        if not callees:
            continue
        if any(runs_on(loop, func) for loop in loops):
            for one in callees:
                out.setdefault(one, f"in a loop in `{func.display() if func else 'the module'}`")
        elif func is not None:
            calls_by_caller.setdefault(func, []).extend(callees)
    for info in index.functions:
        if info.name == "__call__" and info.is_method:
            out.setdefault(info, "at every call of the object")
    for (class_name, method), why in REMOTE_REPEATS.get(index, {}).items():
        klass = index.classes.get(class_name)
        info = index.find_method(klass, method) if klass is not None else None
        if info is not None:
            out.setdefault(info, why)
    for _ in range(3):  # callers of repeated functions run their callees repeatedly too
        for caller, callees in calls_by_caller.items():
            if caller in out:
                for callee in callees:
                    out.setdefault(callee, f"each time `{caller.display()}` runs")
    cache["repeated"] = out
    return out


def subclass_overrides(index, call: cst.Call, func) -> tuple:
    """``self.step(x)`` in a method ``run`` of a base class: the ``step`` of each subclass of the
    module whose instances the module's code is seen running ``run`` on (``Fast(...).run(x, n)``,
    or a name bound once to ``Fast(...)``), where it differs from the base's own (Python looks
    ``step`` up on the instance's class, so the override runs in the base's loop: JAX 0.10.2,
    tests/test_recallgaps_mechanisms.py). Empty for any other call."""
    fn = call.func
    if (func is None or not func.is_method or func.is_classmethod or func.cls is None or not func.positional
            or not isinstance(fn, cst.Attribute) or not isinstance(fn.value, cst.Name)
            or fn.value.value != func.positional[0].name or not index.has_subclass(func.cls)):
        return ()
    return _memo(index, ("overrides", func, fn.attr.value), lambda: _overrides(index, func, fn.attr.value), ())


def _overrides(index, func, name: str) -> tuple:
    own = index.find_method(func.cls, name)
    found: list = []
    for call, scope, _klass, _loops in index.calls:
        run = call.func
        if not isinstance(run, cst.Attribute) or run.attr.value != func.name:
            continue
        klass = index.instance_class(run.value, scope)
        if klass is None or klass is func.cls or index.find_method(klass, func.name) is not func:
            continue
        method = index.find_method(klass, name)
        if method is not None and method is not own and method.is_method and method not in found:
            found.append(method)
    return tuple(found)


def _called_function(index, call: cst.Call, func):
    """The function of this module ``call`` (made in ``func``) runs, or None; resolved once per
    call and index (JG301's repeated functions, its eager loops and undertrace all ask)."""
    memo = _cache(index).setdefault("callees", {})
    hit = memo.get(id(call))
    if hit is not None and hit[0] is call and hit[1] is func:
        return hit[2]
    callee = None
    if isinstance(call.func, (cst.Name, cst.Attribute)):
        target = index.resolve_function(call.func, func)
        callee = target[0] if target is not None else instance_method(index, call, func)
    memo[id(call)] = (call, func, callee)
    return callee


def _parameter_methods(index, call: cst.Call, func) -> tuple:
    """``frame.transform(...)`` with ``frame`` a parameter of ``func`` (never rebound there) that
    every call of ``func`` in this module fills with a new instance of a class of the module
    (``transform_batches(Rotation(0.3), n)``): the method each of those classes runs (inherited
    or its own), so a loop around the call repeats each of them. Empty when a call passes
    anything else, or ``func`` is used other than called (its callers are then not all seen)."""
    fn = call.func
    if (func is None or not isinstance(fn, cst.Attribute) or not isinstance(fn.value, cst.Name)
            or fn.attr.value not in _method_names(index)):
        return ()
    name = fn.value.value
    param = func.param(name)
    if param is None or param.kind != "positional" or scope_view(index, func).values(name) != [None]:
        return ()
    passed = _passed_classes(index, func, name)
    methods = [index.find_method(klass, fn.attr.value) for klass in passed]
    return tuple(m for m in methods if m is not None)


def _passed_classes(index, func, name: str) -> tuple:
    """The classes of the module whose new instances the calls of ``func`` pass at its positional
    parameter ``name`` (``f(Cls(...))``, or a name bound once to ``Cls(...)`` in the caller); empty
    when one call passes anything else, or ``func`` is used as a value."""
    return _passed(index, func, name, _new_instance_class, "module")


def _passed(index, func, name: str, read, kind) -> tuple:
    """``_passed_classes`` with ``read(index, argument, caller)`` telling the class of a new
    instance (None: not one); ``kind`` names ``read`` in the memo."""
    key = ("passed-classes", func, name, kind)

    def compute() -> tuple:
        from jitguard.lint.analysis.dispatch import escaped_names
        from jitguard.lint.analysis.npparams import calls_by_name

        if func.is_method:
            return ()
        calls = calls_by_name(index).get(func.name, ())
        if not calls or func.name in escaped_names(index)[0]:
            return ()
        position = [p.name for p in func.params if p.kind == "positional"].index(name)
        found: list = []
        for call, caller in calls:
            if _called_function(index, call, caller) is not func:
                continue
            klass = read(index, _argument_at(call, position, name), caller)
            if klass is None:
                return ()
            if klass not in found:
                found.append(klass)
        return tuple(found)

    return _memo(index, key, compute, ())


def _argument_at(call: cst.Call, position: int, name: str) -> cst.BaseExpression | None:
    """The argument ``call`` passes at ``position`` (or by keyword ``name``); None when a ``*``
    hides it."""
    for i, arg in enumerate(call.args):
        if arg.star:
            return None
        if arg.keyword is not None:
            if arg.keyword.value == name:
                return arg.value
        elif i == position:
            return arg.value
    return None


def _new_instance_class(index, expr: cst.BaseExpression | None, caller):
    """The class of the module ``expr`` makes a new instance of: ``Cls(...)``, or a name bound once
    (in the caller) to ``Cls(...)``."""
    if isinstance(expr, cst.Name) and caller is not None:
        values = scope_view(index, caller).values(expr.value)
        expr = values[0] if values and len(values) == 1 else None
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name):
        return index.classes.get(expr.func.value)
    return None


# -- methods of other modules' classes that this module runs again and again ---------------------
# index -> {(class name, method name): why}: the methods of this module's classes that other modules
# call on new instances in a loop (crossmodule.apply_seeds, from their ``imported_repeats``)
REMOTE_REPEATS = PerIndex()


def imported_repeats(index, packages: frozenset[str]) -> list[tuple[str, str, str, str]]:
    """``obj.transform(x)`` in a loop that runs with the work (or in a function that runs again and
    again), with ``obj`` a new instance of a class this module imports from the checked tree
    (``obj = frames.Rotation(0.3)``, or a parameter every call of the function fills with one, as
    ``_parameter_methods`` reads it): (the class's qualified name, the method, the calling
    function, why), for the module that defines the class (``crossmodule.dispatch``)."""
    out: list[tuple[str, str, str, str]] = []
    if not any(full.split(".", 1)[0] in packages for full in index.imports.names.values()):
        return out  # (nothing imported from the tree at module level: no call to look at)
    if not _calls_imported_name(index, packages):
        return out  # (no ``Cls(...)`` of the tree anywhere: no new instance of an imported class)
    again = None
    for call, func, _k, loops in index.calls:
        fn = call.func
        if func is None or not isinstance(fn, cst.Attribute) or not isinstance(fn.value, cst.Name):
            continue
        if any(runs_with_work(index, loop, func) for loop in loops):
            why = f"in a loop in `{func.display()}`"
        else:
            again = repeated(index) if again is None else again
            if func not in again:
                continue
            why = f"each time `{func.display()}` runs"
        classes = _imported_instances(index, func, fn.value.value, packages)
        if not classes or _called_function(index, call, func) is not None:
            continue
        out.extend((qualname, fn.attr.value, func.display(), why) for qualname in classes)
    return out


def _calls_imported_name(index, packages: frozenset[str]) -> bool:
    """Does a call of the module call a dotted name whose first name an import binds to a name of
    ``packages`` (in any of the module's import tables)? Without one, ``_imported_class`` finds
    nothing for any expression: it needs a ``Cls(...)`` whose first name is in the import table it
    resolves through, resolved to a name of ``packages`` (``ImportTable.resolve_text``: the bound
    name, or failing that its alias, or the name itself, followed by the rest)."""
    tables = [index.imports, *(f.imports for f in index.functions if f.imports is not None)]
    roots = {name for table in tables for name, full in table.names.items()
             if _top(full) in packages or _top(table.aliases.get(name)) in packages or name in packages}
    if not roots:
        return False
    for call in walk.nodes_of(index.module, _CALLS):
        if type(call) is not cst.Call:
            continue
        root = call.func
        while type(root) is cst.Attribute:
            root = root.value
        if type(root) is cst.Name and root.value in roots:
            return True
    return False


_CALLS = frozenset({cst.Call})


def _top(full: str | None) -> str | None:
    return full.split(".", 1)[0] if full else None


def jitting_classes(index) -> tuple[str, ...]:
    """The module-level classes of this module with a method (not ``__init__``) that calls a jit
    transform (``jax.jit(closure)(x)``): those whose methods may build a new jitted function per
    call, which another module's loop repeats (FileFacts.jitting_classes)."""
    found = set()
    for call, func, _k, _loops in index.calls:
        method = func
        while method is not None and not method.is_method:
            method = method.parent
        if method is None or method.name == "__init__" or method.cls is None:
            continue
        if index.classes.get(method.cls.name) is method.cls and index.resolve(call.func, func) in jaxapi.JIT_TRANSFORMS:
            found.add(method.cls.name)
    return tuple(sorted(found))


def _imported_instances(index, func, name: str, packages: frozenset[str]) -> tuple:
    """The qualified names of the imported classes (of ``packages``) whose new instance ``name``
    is in ``func``: bound once there to ``Cls(...)``, or a positional parameter that every call
    of ``func`` fills with one."""
    values = scope_view(index, func).values(name)
    param = func.param(name)
    if values == [None] and param is not None and param.kind == "positional":
        return _passed(index, func, name, lambda index, expr, caller: _imported_class(index, expr, caller, packages),
                       ("imported", packages))
    found = _imported_class(index, values[0], func, packages) if values and len(values) == 1 else None
    return (found,) if found is not None else ()


def _imported_class(index, expr: cst.BaseExpression | None, caller, packages: frozenset[str]) -> str | None:
    """The qualified name ``Cls`` resolves to in ``expr`` = ``Cls(...)`` (or a name bound once to
    it in the caller), when ``Cls`` is imported from one of ``packages``, not defined here."""
    if isinstance(expr, cst.Name) and caller is not None:
        values = scope_view(index, caller).values(expr.value)
        expr = values[0] if values and len(values) == 1 else None
    if not isinstance(expr, cst.Call) or not isinstance(expr.func, (cst.Name, cst.Attribute)):
        return None
    root = expr.func
    while isinstance(root, cst.Attribute):
        root = root.value
    if not isinstance(root, cst.Name) or root.value not in index.imports_of(caller).names:
        return None
    qualname = index.resolve(expr.func, caller)
    return qualname if qualname and "." in qualname and qualname.split(".")[0] in packages else None


def runs_with_work(index, loop: cst.CSTNode, func) -> bool:
    """Does ``loop`` (in ``func``) run a number of times that grows with the work (not a loop over
    a fixed collection)?"""
    from jitguard.lint.analysis.loops import enum_classes, is_bounded_loop

    cache = _cache(index)
    verdicts = cache.get("runs with work")  # (id of the loop, func) -> (loop, answer): asked per call in the loop
    if verdicts is None:
        verdicts = cache["runs with work"] = {}
    key = (id(loop), func)
    hit = verdicts.get(key)
    if hit is not None and hit[0] is loop:
        return hit[1]
    enums = cache.get("enums")
    if enums is None:
        enums = cache["enums"] = enum_classes(index.classes, index.imports)
    view = scope_view(index, func)
    found = not is_bounded_loop(loop, view.imports, enums, view)
    verdicts[key] = (loop, found)  # (the loop kept: its id cannot be reused meanwhile)
    return found


def repeated(index) -> dict:
    """``repeated_functions`` with the loops that run with the work."""
    return repeated_functions(index, lambda loop, func: runs_with_work(index, loop, func))


def repeated_at(index, scope, site: cst.CSTNode) -> str | None:
    """Why ``site`` (a statement's node in ``scope``'s own body) runs again and again, counting
    only the calls of ``scope`` that can reach it (LITERALGUARD: a call whose literal arguments
    make an ``if`` around ``site`` take the other branch never runs it); None when no such
    call repeats."""
    from jitguard.lint.analysis import literalguards, stagedflags

    out = repeated(index)
    reason = out.get(scope)
    if reason is None or (scope.name == "__call__" and scope.is_method):
        return reason
    tests = stagedflags.enclosing_tests(scope.node.body, site)
    if not tests:
        return reason
    rebound = index.assigned_names(scope)
    for call, func, _k, loops in index.calls:
        if _called_function(index, call, func) is not scope:
            continue
        looped = any(runs_with_work(index, loop, func) for loop in loops)
        if (looped or func in out) and not literalguards.rules_out(call, scope, tests, rebound):
            return f"in a loop in `{func.display() if func else 'the module'}`" if looped else f"each time `{func.display()}` runs"
    return None


def fresh_argument(index, expr: cst.BaseExpression, func, loops: tuple) -> str | None:
    """``fresh_value`` for an argument of a call in ``func`` inside ``loops``."""
    return fresh_value(index, expr, func, loops, repeated(index), lambda loop: runs_with_work(index, loop, func))


def inline_jitted(fn: cst.BaseExpression, index, func) -> str | None:
    """``jax.jit(f, static_argnums=0)(x)``: the name of the module-level ``f`` called this way."""
    if not isinstance(fn, cst.Call) or index.resolve(fn.func, func) not in jaxapi.JIT_TRANSFORMS:
        return None
    first = next((a.value for a in fn.args if a.keyword is None and not a.star), None)
    if not isinstance(first, cst.Name):
        return None
    info = index.lookup_function(first.value, func)
    return first.value if info is not None and info.parent is None and info.cls is None else None


def list_elements_vary(view: ScopeView, iterable: cst.BaseExpression) -> bool:
    """Does ``iterable`` hold arrays of different shapes: a comprehension whose element changes
    shape with its loop, or a name this function binds to one, or to a list it appends such
    arrays to in a loop (``batches.append(np.ones(n))`` in ``for n in sizes``)?"""
    key = ("list", view.func, iterable.value if isinstance(iterable, cst.Name) else iterable)
    return bool(_memo(view.index, key, lambda: _list_elements_vary(view, iterable), False))


def returned_elements_vary(index, info) -> bool:
    """A plain function of the module whose every ``return`` gives a list of arrays of different
    shapes (:func:`list_elements_vary`: ``return [rng.normal(size=3 + i) for i in range(n)]``, or a
    name it binds to one): a loop over what a call of it returns gets an element of a new shape at
    each step (``for x in recordings(n): f(x)``)."""
    from jitguard.lint.analysis.instances import own_returns

    def compute() -> bool:
        view = scope_view(index, info)
        returns = [r.value for r in own_returns(info.node) if r.value is not None]
        return bool(returns) and all(list_elements_vary(view, value) for value in returns)

    return bool(_memo(index, ("returned-list", info), compute, False))


def _list_elements_vary(view: ScopeView, iterable: cst.BaseExpression) -> bool:
    from jitguard.lint.analysis.loops import LoopFacts

    if isinstance(iterable, (cst.ListComp, cst.GeneratorExp)):
        return LoopFacts(iterable, view.imports, view).shape_varies(iterable.elt)
    if not isinstance(iterable, cst.Name) or view.func is None:
        return False
    values = view.bindings_here().get(iterable.value, [])
    if any(isinstance(v, (cst.ListComp, cst.GeneratorExp)) and list_elements_vary(view, v) for v in values):
        return True
    for node, loops in _own_nodes(view.func.node.body):
        if (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "append"
                and isinstance(node.func.value, cst.Name) and node.func.value.value == iterable.value
                and len(node.args) == 1 and loops):
            if any(LoopFacts(loop, view.imports, view).shape_varies(node.args[0].value) for loop in loops):
                return True
    return False
