"""What changes from one iteration of a loop to the next (for the recompilation rules, JG3xx).

For a ``for``/``while`` loop or a comprehension, a name *varies* when it is a loop target, or is
assigned in the body from something that varies or from itself (a value carried round the loop,
unless the body also resets it at its top level, like ``batch = []``; in a ``while`` loop every
name the body assigns). A loop over a literal collection
(``for mode in ("train", "eval")``) is bounded: its target takes a few known values, which is how
a cache is warmed up, so it does not count as varying.

An expression has a *varying shape* when it slices with a bound that varies (``x[:i]``, but not
``x[i:i + k]`` with a fixed ``k``), creates an array with a varying size (``jnp.zeros(n)``),
converts a list that grows in the loop (``jnp.asarray(buf)``), or is a name bound to one of these.
A function of the module is followed through its shape summary
(``jitguard.lint.analysis.shapes``): ``make_batch(n)`` returning ``np.ones((n, 3))`` has a varying
shape when ``n`` varies; a generator whose yields change shape (a last window cut short) gives
varying shapes to the loop over it. Anything else passed through another function
(``pad_to_bucket(x[:i], ...)``) is opaque: padding and bucketing are how the hazard is fixed.

Shapes of the entries of a structure (``for name, w in params.items()``: ``w.shape``, ``w.ndim``)
take as many values as the structure has distinct shapes, however often the loop runs: a value
computed from them does not vary with the work. A window ``x[start:end]`` whose bounds move
together (``start = end; end = start + k``) keeps its width, unless the loop's test bounds only
its start (``while start < n``): then the last window is cut short (a partial last batch).
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi, jaxsig
from jitguard.lint.analysis.classconsts import fixed_class_attribute
from jitguard.lint.analysis.imports import ImportTable
from jitguard.lint.analysis.rounding import rounds_to_buckets
from jitguard.lint.analysis.walk import children

def names_in(expr: cst.CSTNode, keep_attribute=None, keep_len=None) -> set[str]:
    """Variable names an expression reads (not attribute names or keyword names); with
    ``keep_attribute``, the head of an attribute for which it says False is not read; with
    ``keep_len``, nor the argument of a ``len(x)`` for which it says False."""
    out: set[str] = set()
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name):
            out.add(node.value)
        elif isinstance(node, cst.Attribute):
            if keep_attribute is None or keep_attribute(node):
                stack.append(node.value)
        elif keep_len is not None and _len_of(node) is not None and not keep_len(_len_of(node)):
            continue
        elif isinstance(node, cst.Arg):
            stack.append(node.value)
        elif not isinstance(node, (cst.Lambda, cst.FunctionDef, cst.ClassDef)):
            stack.extend(children(node))
    return out


def _len_of(node: cst.CSTNode) -> cst.BaseExpression | None:
    """``x`` of ``len(x)``, or None."""
    if (isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "len"
            and len(node.args) == 1 and not node.args[0].star and node.args[0].keyword is None):
        return node.args[0].value
    return None


def _reads_only_shape_of(expr: cst.CSTNode, name: str, attrs: tuple[str, ...] = ("shape", "ndim", "size"),
                         lengths: bool = True) -> bool:
    """Every read of ``name`` in ``expr`` is of its shape: ``name.shape`` (or another of ``attrs``)
    or (``lengths``) ``len(name)``."""
    found = False
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == name:
            if node.attr.value not in attrs:
                return False
            found = True
            continue
        inner = _len_of(node)
        if lengths and isinstance(inner, cst.Name) and inner.value == name:
            found = True
            continue
        if isinstance(node, cst.Name) and node.value == name:
            return False
        stack.extend(children(node))
    return found


def _size_read(node: cst.CSTNode) -> cst.BaseExpression | None:
    """``x`` of ``len(x)``, ``x.shape[i]`` or ``x.size``: a size read off an array, or None."""
    if isinstance(node, cst.Attribute) and node.attr.value == "size":
        return node.value
    if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Attribute) and node.value.attr.value == "shape":
        return node.value.value
    return _len_of(node)


def _target_names(target: cst.CSTNode) -> set[str]:
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        out: set[str] = set()
        for el in target.elements:
            out |= _target_names(el.value)
        return out
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    return set()


def _stored_names(target: cst.CSTNode) -> set[str]:
    """``buf`` of a target ``buf[k]`` (also inside a tuple of targets)."""
    if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name):
        return {target.value.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return set().union(*(_stored_names(el.value) for el in target.elements))
    return set()


def _reset_names(body: cst.BaseSuite) -> set[str]:
    """Names assigned at the top level of a loop body from a value that does not read them."""
    out: set[str] = set()
    for stmt in body.body:
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else (stmt,):
            if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
                targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
                read = names_in(small.value)  # `a, b = sampler()` rebinds both names, as `a = ...` does
                out.update(n for t in targets for n in _target_names(t) if n not in read)
    return out


def _inner_resets(body: cst.CSTNode) -> set[str]:
    """Names a loop nested in ``body`` resets at the top of its own body (``for images in loader:
    context, target = sampler()``) and that ``body`` assigns nowhere else: each use of them starts
    from that value in every iteration, so nothing is carried across the outer loop's iterations."""
    out: set[str] = set()
    for inner in _nested_loops(body):
        reset = _reset_names(inner.body) | _inner_resets(inner.body)
        out |= reset - _assigned_names(body, inner)
    return out


def _nested_loops(body: cst.CSTNode) -> list:
    """The ``for``/``while`` loops in ``body`` not inside another loop of it (nor a nested function)."""
    found, stack = [], list(children(body))
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.For, cst.While)):
            found.append(node)
        elif not isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            stack.extend(children(node))
    return found


def _assigned_names(body: cst.CSTNode, skip: cst.CSTNode) -> set[str]:
    """The names ``body`` binds outside ``skip`` (and outside nested functions)."""
    out: set[str] = set()
    stack = list(children(body))
    while stack:
        node = stack.pop()
        if node is skip or isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if isinstance(node, cst.Assign):
            out.update(n for t in node.targets for n in _target_names(t.target))
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.For)):
            out |= _target_names(node.target)
        elif isinstance(node, cst.WithItem) and node.asname is not None:
            out |= _target_names(node.asname.name)
        elif isinstance(node, cst.NamedExpr):
            out |= _target_names(node.target)
        stack.extend(children(node))
    return out


def is_literal_collection(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, (cst.List, cst.Tuple, cst.Set)) and not any(
        isinstance(e, cst.StarredElement) for e in expr.elements
    )


# Iterators whose length is fixed by their arguments' (itertools, builtins).
_FIXED_WHEN_ARGS_ARE = frozenset({
    "zip", "enumerate", "reversed", "sorted", "itertools.product", "itertools.permutations",
    "itertools.combinations", "itertools.combinations_with_replacement", "itertools.chain",
})
_DICT_VIEWS = frozenset({"items", "keys", "values"})


def is_fixed_collection(expr: cst.BaseExpression, imports: ImportTable | None = None,
                        enums: frozenset[str] = frozenset(), scope=None, depth: int = 0, ranges: bool = False) -> bool:
    """Is ``expr`` a collection whose length is written in the code: a literal tuple, list, set
    or dict, a dict view of one, an Enum class of the module (``enums``), one repeated a literal
    number of times (``[8] * 10``: its elements only), with ``ranges``, a
    ``range`` of integer literals with at most FEW_VALUES values (a few *values*: what a loop over
    one passes as a static argument or a shape takes few values, compiled once each; but a new
    function object made per iteration compiles again at every iteration, so the rules about new
    functions leave ``ranges`` off), or ``zip``/``enumerate``/``itertools.product``/... of
    such collections? A loop over one runs a fixed
    number of times, however long the program runs: what varies with it takes a bounded number
    of values. With ``scope`` (a ``shapes.ScopeView``), a name bound only to such collections (a
    parameter: to a literal default no call of the module passes) counts too, and so does a class
    attribute its class body binds to one (``Klass.SIZES``, ``self.SIZES``: see classconsts)."""
    if is_literal_collection(expr) or (isinstance(expr, cst.Dict) and not any(
            isinstance(e, cst.StarredDictElement) for e in expr.elements)):
        return True
    if isinstance(expr, cst.Name):
        return expr.value in enums or (scope is not None and scope.fixed_name(expr.value, depth, enums))
    if isinstance(expr, cst.Attribute) and scope is not None:  # `Klass.SIZES`, `self.SIZES`: bound once
        return fixed_class_attribute(scope, expr, depth, enums)
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Multiply):
        # `[8] * 10`, `3 * (a, b)`: a literal count of repeats of a fixed collection's elements
        count, seq = (expr.left, expr.right) if isinstance(expr.left, cst.Integer) else (expr.right, expr.left)
        return isinstance(count, cst.Integer) and is_fixed_collection(seq, imports, enums, scope, depth, ranges)
    if isinstance(expr, cst.BaseComp) and depth <= 4:
        # `[(s, c) for s, c in zip(sizes, counts) if c > 0]`: at most as many elements as its
        # clauses' fixed collections give (an `if` only leaves some out)
        clause = expr.for_in
        while clause is not None:
            if not is_fixed_collection(clause.iter, imports, enums, scope, depth + 1, ranges):
                return False
            clause = clause.inner_for_in
        return True
    return isinstance(expr, cst.Call) and ((ranges and _few_range(expr)) or _fixed_call(expr, imports, enums, scope, depth, ranges))


# a loop over this many values or fewer, written in the code, is a warm-up (one compile each),
# not churn; ``range(1000)`` over a static argument is a thousand compiles, and is reported
FEW_VALUES = 16


def _few_range(expr: cst.Call) -> bool:
    """``range(a[, b[, step]])`` of integer literals with at most FEW_VALUES values."""
    if not (isinstance(expr.func, cst.Name) and expr.func.value == "range") or not 1 <= len(expr.args) <= 3:
        return False
    bounds = [_int_literal(a.value) if a.keyword is None and not a.star else None for a in expr.args]
    if any(b is None for b in bounds) or (len(bounds) == 3 and bounds[2] == 0):
        return False
    return len(range(*bounds)) <= FEW_VALUES


def _int_literal(expr: cst.BaseExpression) -> int | None:
    if isinstance(expr, cst.Integer):
        return int(expr.evaluated_value)
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus) and isinstance(expr.expression, cst.Integer):
        return -int(expr.expression.evaluated_value)
    return None


def _fixed_call(expr: cst.Call, imports: ImportTable | None, enums: frozenset[str], scope, depth: int,
                ranges: bool = False) -> bool:
    func = expr.func
    if isinstance(func, cst.Attribute) and func.attr.value in _DICT_VIEWS and not expr.args:
        return is_fixed_collection(func.value, imports, enums, scope, depth, ranges)
    name = imports.resolve(func) if imports is not None else None
    name = name or (func.value if isinstance(func, cst.Name) else None)
    if name not in _FIXED_WHEN_ARGS_ARE:
        return scope is not None and _fixed_returns(expr, enums, scope, depth, ranges)
    positional = [a.value for a in expr.args if a.keyword is None and not a.star]
    if name == "zip" and not any(a.star for a in expr.args):
        # zip stops at its shortest argument: one fixed collection bounds it
        return any(is_fixed_collection(v, imports, enums, scope, depth, ranges) for v in positional)
    return bool(positional) and all(is_fixed_collection(v, imports, enums, scope, depth, ranges) for v in positional)


def _fixed_returns(call: cst.Call, enums: frozenset[str], scope, depth: int, ranges: bool) -> bool:
    """``stages(step, n)``, a plain function of the module whose every ``return`` gives a fixed
    collection (see returns_fixed): however it is called, what it returns has at most that many
    elements."""
    if depth > 4:
        return False
    target = scope.callee(call)
    return target is not None and returns_fixed(scope.index, target[0], enums, depth, ranges)


def returns_fixed(index, info, enums: frozenset[str] = frozenset(), depth: int = 0, ranges: bool = False) -> bool:
    """Does every ``return`` of the function ``info`` (a def, not a generator) give a fixed
    collection, read in its own scope (``return [(s, c) for s, c in zip(sizes, counts) if c]``
    with ``sizes`` bound to a list literal; ``return []``)?"""
    from jitguard.lint.analysis.shapes import scope_view
    from jitguard.lint.analysis.walk import own_nodes_of

    if not isinstance(info.node, cst.FunctionDef):
        return False
    values = []
    for node in own_nodes_of(info.node.body, _RETURN_KINDS):
        kind = type(node)
        if kind is cst.Yield or kind is cst.Await or (kind is cst.Return and node.value is None):
            return False
        if kind is cst.Return:
            values.append(node.value)
    if not values or not all(type(v) in _MAY_BE_FIXED for v in values):
        return False  # (is_fixed_collection says no to any other expression, whatever the scope)
    view = scope_view(index, info)
    return all(is_fixed_collection(v, view.imports, enums, view, depth + 1, ranges) for v in values)


_RETURN_KINDS = frozenset({cst.Return, cst.Yield, cst.Await})
# the expressions is_fixed_collection may say yes to (a literal, a name, an attribute, a product, a
# comprehension, a call); for any other it says no without reading the scope (which is built per
# function: a walk of its body)
_MAY_BE_FIXED = frozenset({cst.List, cst.Tuple, cst.Set, cst.Dict, cst.Name, cst.Attribute, cst.BinaryOperation,
                           cst.Call}) | {c for c in vars(cst).values() if isinstance(c, type) and issubclass(c, cst.BaseComp)}


def foreign_bounds(loop: cst.CSTNode, scope) -> frozenset[str] | None:
    """The functions of other modules (qualified names, through the imports) whose results bound
    ``loop`` when each returns a fixed collection (their files decide, see returns_fixed): the
    loop iterates one's call (``for s, c in ramp(step, n)``, or a name bound only to such calls
    and fixed collections, ``stages = ramp(...)``), or a ``zip``/``enumerate``/... of them. None
    when something else makes the loop run with the work."""
    if not isinstance(loop, cst.For) or scope is None:
        return None
    found: set[str] = set()
    return frozenset(found) if _foreign_bound(loop.iter, scope, found, 0) else None


def _foreign_bound(expr: cst.BaseExpression, scope, found: set, depth: int) -> bool:
    if depth > 4:
        return False
    if is_fixed_collection(expr, scope.imports, frozenset(), scope):
        return True
    if isinstance(expr, cst.Name):
        values = scope.values(expr.value)
        return bool(values) and all(v is not None and _foreign_bound(v, scope, found, depth + 1) for v in values)
    if not isinstance(expr, cst.Call) or any(a.star for a in expr.args):
        return False
    name = scope.imports.resolve(expr.func)
    if name in _FIXED_WHEN_ARGS_ARE:
        positional = [a.value for a in expr.args if a.keyword is None]
        test = any if name == "zip" else all
        return bool(positional) and test(_foreign_bound(v, scope, found, depth + 1) for v in positional)
    func = expr.func
    if (not isinstance(func, cst.Name) or func.value not in scope.imports.names or "." not in name
            or not _only_imported(scope, func.value) or scope.index.lookup_function(func.value, scope.func)):
        return False  # not a function imported from a module (a local one was read above)
    found.add(name)
    return True


def _only_imported(scope, name: str) -> bool:
    """Is ``name`` bound by no function around ``scope`` and, in the module, only by imports?"""
    view = scope
    while view.func is not None:
        if view.func.param(name) is not None or name in view.bindings_here():
            return False
        view = view.parent()
    return all(v is None for v in view.bindings_here().get(name, ()))


_ENUM_BASES = frozenset({"enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag", "enum.IntFlag"})


def enum_classes(classes: dict, imports: ImportTable) -> frozenset[str]:
    """The names of the module's Enum classes (iterating one gives its fixed members)."""
    return frozenset(name for name, info in classes.items()
                     if any(imports.resolve(b.value) in _ENUM_BASES for b in info.node.bases))


def is_bounded_loop(loop: cst.CSTNode, imports: ImportTable | None = None, enums: frozenset[str] = frozenset(),
                    scope=None, ranges: bool = False) -> bool:
    """A ``for`` loop or comprehension over fixed collections only (see is_fixed_collection)."""
    if isinstance(loop, cst.For):
        return is_fixed_collection(loop.iter, imports, enums, scope, ranges=ranges)
    if isinstance(loop, cst.BaseComp):
        clause = loop.for_in
        while clause is not None:
            if not is_fixed_collection(clause.iter, imports, enums, scope, ranges=ranges):
                return False
            clause = clause.inner_for_in
        return True
    return False


_SHAPE_QUERIES = frozenset({"shape", "ndim", "dtype", "size"})
# iterating these gives the entries of a structure (a dict of weights, a pytree's leaves)
_STRUCTURE_VIEWS = frozenset({"items", "values", "keys"})
_TREE_LEAVES = frozenset({"jax.tree_util.tree_leaves", "jax.tree.leaves", "jax.tree_util.tree_flatten_with_path",
                          "jax.tree.leaves_with_path", "jax.tree_util.tree_leaves_with_path"})
_WRAPPERS = frozenset({"zip", "enumerate", "sorted", "reversed", "list", "tuple"})


def is_structure_iter(expr: cst.BaseExpression, imports: ImportTable | None) -> bool:
    """``d.items()``, ``d.values()``, ``jax.tree.leaves(t)``, or zip/enumerate/sorted of them."""
    if not isinstance(expr, cst.Call):
        return False
    func = expr.func
    if isinstance(func, cst.Attribute) and func.attr.value in _STRUCTURE_VIEWS and not expr.args:
        return True
    name = imports.resolve(func) if imports is not None else None
    name = name or (func.value if isinstance(func, cst.Name) else None)
    if name in _TREE_LEAVES:
        return True
    if name in _WRAPPERS:
        return any(is_structure_iter(a.value, imports) for a in expr.args if a.keyword is None)
    return False


_ATOM_CODE = cst.Module(body=[])


class _Flow:
    """Questions about one expression, given which names vary (``varying``) and which are bound
    to arrays whose shape varies (``shaped``)."""

    def __init__(self, imports: ImportTable, scope=None) -> None:
        self.imports = imports
        self.scope = scope  # a shapes.ScopeView, or None: no helper summaries, no bindings
        self.varying: set[str] = set()
        self.bounded: set[str] = set()
        self.shaped: set[str] = set()  # names bound to varying-shape arrays
        self.grown: set[str] = set()  # lists appended to in the loop
        self.reset: set[str] = set()
        self.struct: set[str] = set()  # entries of a structure (see is_structure_iter) and values read from them
        self.assigned: set[str] = set()
        self.draws = True  # a value drawn at random (np.random.randint(...)) is a new value each time
        self.masks: set[str] = set()  # names bound to boolean masks whose selection changes with the loop
        self.stored: set[str] = set()  # names whose entries the loop sets (`buf[k] = ...`)
        self.displays: dict[str, cst.BaseExpression] = {}  # see _displays

    def _scan(self, body: cst.CSTNode, out: list) -> None:
        """Assignments and list growth in a loop body (not inside nested functions)."""
        stack = [body]
        while stack:
            node = stack.pop()
            if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                continue
            if isinstance(node, cst.Assign):
                for t in node.targets:
                    out.append((_target_names(t.target), node.value, False, t.target))
                    self.stored |= _stored_names(t.target)
            elif isinstance(node, cst.AnnAssign) and node.value is not None:
                out.append((_target_names(node.target), node.value, False, node.target))
            elif isinstance(node, cst.AugAssign):
                names = _target_names(node.target)
                self.stored |= _stored_names(node.target)
                out.append((names, node.value, True, node.target))
                if isinstance(node.value, (cst.List, cst.ListComp)):
                    self.grown |= names
            elif isinstance(node, cst.For):
                names = _target_names(node.target)
                out.append((names, None, False, node))
                if is_structure_iter(node.iter, self.imports):
                    self.struct |= names
            elif isinstance(node, cst.NamedExpr):  # `f(t := t * 0.9)`: binds `t` as an assignment does
                out.append((_target_names(node.target), node.value, False, node.target))
            elif isinstance(node, cst.WithItem) and node.asname is not None:
                out.append((_target_names(node.asname.name), node.item, False, node.asname.name))
            elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
                if node.func.attr.value in ("append", "extend", "insert") and isinstance(node.func.value, cst.Name):
                    self.grown.add(node.func.value.value)
            stack.extend(children(node))

    def shape_opaque(self, name: str) -> bool:
        """Is ``x.shape`` (ndim, dtype, size) of this name a value that does not vary with the work?"""
        return False

    def shape_read_opaque(self, head: cst.BaseExpression) -> bool:
        """The same for ``head.shape``, ``head`` any expression."""
        return isinstance(head, cst.Name) and self.shape_opaque(head.value)

    def value_names(self, expr: cst.CSTNode) -> set[str]:
        """The names a value reads (``names_in``), less those read only for their shape when
        ``shape_opaque`` says their shapes are no varying values."""
        return names_in(expr, lambda node: not (node.attr.value in _SHAPE_QUERIES
                                                and self.shape_read_opaque(node.value)),
                        lambda head: not self.shape_read_opaque(head))  # len(x) is x.shape[0]

    # -- questions about one expression -----------------------------------------------------
    def value_varies(self, expr: cst.BaseExpression) -> set[str]:
        """The varying names behind a value, or an empty set if it takes a bounded set of values."""
        if isinstance(expr, (cst.Comparison, cst.BooleanOperation)):
            return set()
        if isinstance(expr, cst.IfExp):  # "a" if i % 2 else "b": two values
            return self.value_varies(expr.body) | self.value_varies(expr.orelse)
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
            return set()
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Modulo) and isinstance(
            expr.right, cst.Integer
        ):
            return set()
        if isinstance(expr, cst.Call) and self.imports.resolve(expr.func) in jaxapi.BOUNDED_CALLS:
            return set()
        if isinstance(expr, (cst.Call, cst.BinaryOperation)) and rounds_to_buckets(expr, self.scope):
            return set()  # -(-n // 8) * 8, round_up(n, 8): a few buckets, as pad_to_bucket gives
        if isinstance(expr, cst.BinaryOperation):  # 1.0 + i % 2: bounded operands make a bounded value
            return self.value_varies(expr.left) | self.value_varies(expr.right)
        if isinstance(expr, cst.UnaryOperation):
            return self.value_varies(expr.expression)
        sized = _size_read(expr)
        if sized is not None and self.shape_varies(sized):
            return names_in(sized) or {"len"}  # len(rows), rows.shape[0], rows.size of rows of varying shape
        if isinstance(expr, cst.Subscript) and all(isinstance(el.slice, cst.Index) for el in expr.slice):
            return self._entry_varies(expr)
        if is_literal_collection(expr) and isinstance(expr, cst.Tuple):  # a, b = x[0], y[1]: each entry
            return set().union(*(self.value_varies(el.value) for el in expr.elements))
        found = self.value_names(expr) & self.varying
        return found | _draws_in(expr, self.imports) if self.draws else found

    def _entry_varies(self, expr: cst.Subscript) -> set[str]:
        """``bounds[i]``: an entry of a fixed-length collection the loop does not change (a tuple
        or list display bound before it, neither rebound, grown nor stored into in it) is one of
        its entries, whatever the index; otherwise an entry of a bounded value at an index that
        reads nothing varying is bounded (``bounds[seats[0]][0]``); an entry of a list the loop
        appends to or stores into changes with it (``sizes[-1]``)."""
        head = expr.value
        entry = self._display_entry(expr)
        if entry is not None:
            return self.value_varies(entry)
        changed = self.grown | self.stored
        if (isinstance(head, cst.Name) and head.value not in self.assigned | self.varying | changed
                and is_fixed_collection(head, self.imports, scope=self.scope)):
            return set()
        out = self.value_varies(head) | ({head.value} & changed if isinstance(head, cst.Name) else set())
        for el in expr.slice:
            index = el.slice.value
            out |= self.value_names(index) & self.varying | (_draws_in(index, self.imports) if self.draws else set())
        return out

    def _display_entry(self, expr: cst.Subscript) -> cst.BaseExpression | None:
        """``args[1]`` with ``args`` one of ``displays``: that element of the display, or None."""
        head = expr.value
        if not (isinstance(head, cst.Name) and head.value in self.displays and len(expr.slice) == 1):
            return None
        index = expr.slice[0].slice.value
        negative = isinstance(index, cst.UnaryOperation) and isinstance(index.operator, cst.Minus)
        number = index.expression if negative else index
        if not isinstance(number, cst.Integer):
            return None
        elements = self.displays[head.value].elements
        i = -int(number.evaluated_value) if negative else int(number.evaluated_value)
        return elements[i].value if -len(elements) <= i < len(elements) else None

    def shape_varies(self, expr: cst.BaseExpression) -> bool:
        if isinstance(expr, cst.Name):
            return expr.value in self.shaped
        if isinstance(expr, cst.Subscript):
            if self.shape_varies(expr.value) and not self._takes_varying_axis(expr):
                return True
            for el in expr.slice:
                sl = el.slice
                if isinstance(sl, cst.Slice) and (
                        (self._slice_size_varies(sl) and not self._aligned_stride(sl, expr.value))
                        or self._past_the_end(sl, expr.value)):
                    return True
                if isinstance(sl, cst.Index) and sl.star is None and self.shape_varies(sl.value):
                    return True  # x[idx] with an index array of varying shape: the result has its shape
                if isinstance(sl, cst.Index) and sl.star is None and self._mask_varies(sl.value):
                    return True  # x[x > t]: as many elements as the mask selects, which changes with t
            return False
        if isinstance(expr, cst.Call):
            return self._call_shape_varies(expr)
        if isinstance(expr, cst.UnaryOperation):  # -np.ones(len(rows)): the operand's shape
            return self.shape_varies(expr.expression)
        if isinstance(expr, cst.BinaryOperation) and not isinstance(expr.operator, cst.MatrixMultiply):
            # elementwise: the result has the broadcast shape of both sides
            return self.shape_varies(expr.left) or self.shape_varies(expr.right)
        return False

    def _takes_varying_axis(self, expr: cst.Subscript) -> bool:
        """``x[x > t][k]``, ``x[:i][0]``: a selection or a slice of the first axis of an array of
        fixed shape varies in that axis only (a boolean mask's selection is the result's first
        axis), and an index of that axis that is neither a slice, None, an Ellipsis, a mask nor
        an array of varying shape replaces it with the index's own shape (an int: none): the
        result keeps the fixed shape of the other axes (LEADINGAXIS)."""
        inner = expr.value
        if not (isinstance(inner, cst.Subscript) and len(inner.slice) == 1 and not self.shape_varies(inner.value)):
            return False
        sl = inner.slice[0].slice
        if not (isinstance(sl, cst.Slice) or (isinstance(sl, cst.Index) and sl.star is None
                                             and self._mask_varies(sl.value))):
            return False
        first = expr.slice[0].slice
        if not isinstance(first, cst.Index) or first.star is not None:
            return False
        value = first.value
        return not (isinstance(value, cst.Ellipsis) or (isinstance(value, cst.Name) and value.value in ("None",))
                    or _is_mask(value, self.imports) or self._mask_varies(value) or self.shape_varies(value))

    def iteration_varies(self, comp: cst.BaseExpression) -> bool:
        """A list comprehension or generator whose number of items changes with the loop: it
        iterates over an array of varying shape (also through ``zip``/``enumerate``), or over
        ``range(n)`` with ``n`` varying."""
        if not isinstance(comp, (cst.ListComp, cst.GeneratorExp)):
            return False
        clause = comp.for_in
        while clause is not None:
            if self._length_varies(clause.iter):
                return True
            clause = clause.inner_for_in
        return False

    def _length_varies(self, it: cst.BaseExpression) -> bool:
        if isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value in ("zip", "enumerate", "range") \
                and not any(a.star for a in it.args):
            if it.func.value == "range":
                return any(self.value_varies(a.value) for a in it.args)
            return any(self._length_varies(a.value) for a in it.args if a.keyword is None)
        return self.shape_varies(it)

    def _mask_varies(self, expr: cst.BaseExpression) -> bool:
        """A boolean mask (a comparison, a name the loop binds to one) whose selection changes with
        the loop: what it selects has a size set by the data."""
        if isinstance(expr, cst.Name):
            return expr.value in self.masks
        return _is_mask(expr, self.imports) and bool(self.value_names(expr) & self.varying)

    def _call_shape_varies(self, expr: cst.Call) -> bool:
        """An array made (or converted, reshaped) by a call, with a size that changes with the loop."""
        name = self.imports.resolve(expr.func)
        args = [a.value for a in expr.args]
        if name in _SELECTIONS and args and not (name.endswith(".where") and len(args) > 1):
            # np.nonzero(x > t), np.unique(labels[:i]): sizes set by the data they select from
            return self._mask_varies(args[0]) or bool(self.value_names(args[0]) & self.varying)
        known = self._table_shape_varies(name, expr, args)
        if known is not None:
            return known
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value in ("reshape", "astype", "T"):
            if expr.func.attr.value == "reshape" and any(self._reshape_entry_varies(a, expr.func.value) for a in args):
                return True
            return self.shape_varies(expr.func.value)
        sized = _generator_size(expr)
        if sized is not None:  # rng.integers(0, n, size), rng.normal(size=(n, 3)), ...
            return self.value_varies(sized)
        return any(self._returned_shape_varies(expr))

    def _reshape_entry_varies(self, entry: cst.BaseExpression, array: cst.BaseExpression) -> bool:
        """RESHAPEOWN: ``x.reshape((n_dev, per_dev) + x.shape[1:])`` has the target shape, whose
        entries read off ``x``'s own shape (``x.shape``, ``x.ndim``, ``x.size``, ``len(x)``) are
        ``x``'s dimensions: they change with the loop only if ``x``'s shape does, which the caller
        judges next, as for a fixed target (JAX 0.10.2:
        tests/precision_cases/fresh22_reshape_keeps_own_trailing_dims.py). RESHAPELIKE: so are
        entries read off another array's shape (``delta.reshape(z.shape)`` has ``z``'s shape): they
        change with the loop only if that array's shape does (held-out 27,
        tests/precision_cases/heldout27_reshape_to_carried_shape.py); read as ``.shape`` only,
        which a list or a configuration object has not (``len(kept)`` of a list the loop filters
        anew, ``cfg.size`` of the loop's configuration, are values this model does not follow as
        shapes)."""
        found = self.value_varies(entry)
        if isinstance(array, cst.Name) and array.value in found and _reads_only_shape_of(entry, array.value):
            found = found - {array.value}
        changed = self.grown | self.stored
        return any(not (name not in self.shaped | changed and _reads_only_shape_of(entry, name, ("shape",), lengths=False))
                   for name in found)

    def _table_shape_varies(self, name: str | None, expr: cst.Call, args: list) -> bool | None:
        """The same for the array makers and conversions of jaxapi's tables (None: not one)."""
        sizes = _size_arguments(name, expr, args)
        if sizes is not None:
            return any(self.value_varies(s) for s in sizes)
        if name in jaxapi.CONVERSIONS and args:
            first = args[0]
            if isinstance(first, cst.Name) and first.value in self.grown:
                return True
            if isinstance(first, (cst.List, cst.Tuple)):
                return any(self.shape_varies(e.value) for e in first.elements)
            return self.iteration_varies(first) or self.shape_varies(first)
        return None

    def _returned_shape_varies(self, call: cst.Call) -> list[bool]:
        """Per element of what a function of the module returns: does its shape vary here (its
        summary names a parameter whose argument varies)? Empty: no summary."""
        from jitguard.lint.analysis.shapes import return_shapes

        if self.scope is None:
            return []
        found = self.scope.callee(call)
        if found is None:
            return []
        info, bound = found
        summary = return_shapes(self.scope.index, info)
        args = self.scope.arguments(call, info, bound) if summary else None
        if not summary or args is None:
            return []
        return [any(p == "*" or (p in args and self.value_varies(args[p])) for p in params) for params in summary]

    def _grows_itself(self, names: set[str], value: cst.CSTNode) -> bool:
        """seq = jnp.concatenate([seq, new]): one row longer every iteration (unless reset in it)."""
        return (
            isinstance(value, cst.Call)
            and self.imports.resolve(value.func) in jaxapi.GROWERS
            and bool(names & names_in(value) - self.reset)
        )

    def _slice_size_varies(self, sl: cst.Slice) -> bool:
        lower_v = bool(sl.lower is not None and self.value_varies(sl.lower))
        upper_v = bool(sl.upper is not None and self.value_varies(sl.upper))
        if not (lower_v or upper_v):
            return False
        # x[i : i + k], x[i * k : (i + 1) * k] with a fixed k keep their size
        up = sl.upper
        if (
            sl.lower is not None
            and isinstance(up, cst.BinaryOperation)
            and isinstance(up.operator, cst.Add)
            and up.left.deep_equals(sl.lower)
            and not self.value_varies(up.right)
        ):
            return False
        if sl.lower is not None and up is not None and self._fixed_difference(sl.lower, up):
            return False
        return not self._fixed_window(sl)

    def _fixed_difference(self, lower: cst.BaseExpression, upper: cst.BaseExpression) -> bool:
        """Is ``upper - lower`` a sum whose terms do not vary (``(i + 1) * size - i * size``)?"""
        def atom(expr: cst.BaseExpression) -> str | None:  # self.size, len(y): fixed parts, by their text
            return None if self.value_varies(expr) else "<" + _ATOM_CODE.code_for_node(expr) + ">"

        hi, lo = _linear(upper, {}, atom), _linear(lower, {}, atom)
        if hi is None or lo is None:
            return False
        for k, v in lo.items():
            hi[k] = hi.get(k, 0) - v
        return not any(set(k.split("*")) & self.varying for k, v in hi.items() if v)

    def _fixed_window(self, sl: cst.Slice) -> bool:
        return False

    def _past_the_end(self, sl: cst.Slice, base: cst.BaseExpression) -> bool:
        return False

    def _aligned_stride(self, sl: cst.Slice, base: cst.BaseExpression) -> bool:
        return False


def _size_arguments(name: str | None, expr: cst.Call, args: list) -> list | None:
    """The arguments that set the size of what an array maker of jaxapi's tables returns."""
    if name in jaxapi.RANDOM_SIZED:
        if name in ("numpy.random.randn", "numpy.random.rand"):
            return [a.value for a in expr.args if a.keyword is None or a.keyword.value == "size"]
        return [a.value for a in expr.args if a.keyword is not None and a.keyword.value == "size"]
    if name in jaxapi.ARRAY_SIZED:
        spec = jaxsig.SIZE_PARAMETERS.get("jax.numpy." + name.rsplit(".", 1)[-1]) if not name.startswith(
            "jax.random.") else None
        if spec is not None:  # np.linspace(start, stop, num): only `num` sets the size (NumPy's order too)
            positional = [a.value for a in expr.args if a.keyword is None]
            return [positional[i] for i in spec[0] if i < len(positional)] + [
                a.value for a in expr.args if a.keyword is not None and a.keyword.value in spec[1]]
        sizes = args[:1] if not name.startswith("jax.random.") else args[1:2]
        return sizes + [a.value for a in expr.args if a.keyword is not None and a.keyword.value in ("shape", "num", "N")]
    return None


_COMPARE = (cst.LessThan, cst.LessThanEqual, cst.GreaterThan, cst.GreaterThanEqual, cst.Equal, cst.NotEqual)
_MASK_CALLS = frozenset(f"{m}.{f}" for m in ("numpy", "jax.numpy")
                        for f in ("logical_and", "logical_or", "logical_not", "logical_xor", "isnan", "isfinite", "isin"))
# functions whose result's size is set by the data they select from (outside jit, where they run)
_SELECTIONS = frozenset(f"{m}.{f}" for m in ("numpy", "jax.numpy")
                        for f in ("nonzero", "flatnonzero", "argwhere", "unique", "where", "extract"))


def _is_mask(expr: cst.BaseExpression, imports: ImportTable) -> bool:
    """``labels == c``, ``(x > 0) & (x < t)``, ``~m``, ``np.isnan(x)``: an elementwise boolean array."""
    if isinstance(expr, cst.Comparison):
        return all(isinstance(c.operator, _COMPARE) for c in expr.comparisons)
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.BitAnd, cst.BitOr, cst.BitXor)):
        return _is_mask(expr.left, imports) or _is_mask(expr.right, imports)
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.BitInvert):
        return _is_mask(expr.expression, imports)
    return isinstance(expr, cst.Call) and imports.resolve(expr.func) in _MASK_CALLS


_NOT_DRAWS = frozenset({"default_rng", "seed", "RandomState", "Generator", "PCG64", "SeedSequence", "get_state",
                        "set_state", "getstate", "setstate", "Random", "shuffle", "permutation"})
_STDLIB_DRAWS = frozenset({"random", "randint", "randrange", "uniform", "choice", "choices", "sample", "gauss",
                           "normalvariate", "expovariate", "triangular", "betavariate"})


def _draws_in(expr: cst.CSTNode, imports: ImportTable) -> set[str]:
    """The random draws in a value (NumPy's ``np.random.*`` and Generator methods, the standard
    library's ``random.*``), each a new value each time it runs; a choice among a fixed
    collection takes a bounded set of values and is left out."""
    out: set[str] = set()
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Lambda, cst.FunctionDef, cst.ClassDef)):
            continue
        if isinstance(node, cst.Call) and _is_draw(node, imports):
            out.add(_ATOM_CODE.code_for_node(node.func) + "(...)")
        stack.extend(children(node))
    return out


def _is_draw(call: cst.Call, imports: ImportTable) -> bool:
    name = imports.resolve(call.func) or ""
    last = name.rsplit(".", 1)[-1]
    first = call.args[0].value if call.args else None
    if last == "choice" and first is not None and is_fixed_collection(first, imports):
        return False
    if name.startswith("numpy.random."):
        return last not in _NOT_DRAWS
    if name.startswith("random."):
        return last in _STDLIB_DRAWS
    func = call.func  # rng.integers(...) on a Generator held in a variable
    return (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)
            and func.value.value not in imports.names and func.value.value not in ("self", "cls")
            and func.attr.value in _random_size() and func.attr.value != "permutation")


def _random_size() -> dict:
    from jitguard.lint.analysis.arrays import NUMPY_RANDOM_SIZE

    return NUMPY_RANDOM_SIZE


def _generator_size(call: cst.Call) -> cst.BaseExpression | None:
    """``rng.integers(0, n_atoms, n_edges)``: the size argument of a NumPy Generator method, when
    the receiver is a name (or ``np.random.default_rng(...)``) and the method is one of
    ``arrays.NUMPY_RANDOM_SIZE`` (the position of ``size``, checked against NumPy's signatures)."""
    sizes = _random_size()
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value not in sizes:
        return None
    if not isinstance(func.value, (cst.Name, cst.Call)):
        return None
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == "size":
            return arg.value
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    if func.attr.value == "permutation":  # rng.permutation(n): n elements, for an int n
        first = positional[0] if positional else None
        return first if isinstance(first, (cst.Integer, cst.BinaryOperation)) else None
    at = sizes[func.attr.value]
    return positional[at] if at is not None and at < len(positional) else None


class LoopFacts(_Flow):
    """Names that vary, names whose shape varies, and lists that grow, in one loop."""

    def __init__(self, loop: cst.CSTNode, imports: ImportTable, scope=None) -> None:
        super().__init__(imports, scope)
        self.loop = loop
        self.elements: set[str] = set()  # see _elements
        self.over_structure = any(is_structure_iter(it, imports) for _t, it in _clauses(loop))
        assigns: list[tuple[set[str], cst.CSTNode | None, bool, cst.CSTNode | None]] = []
        # names the body resets unconditionally (`batch = []` at its top level): whatever the body
        # then does to them starts again from that value, so nothing is carried across iterations
        self.reset = set() if isinstance(loop, cst.BaseComp) else _reset_names(loop.body) | _inner_resets(loop.body)
        if isinstance(loop, cst.For):
            self._target(loop.target, loop.iter)
            self._scan(loop.body, assigns)
        elif isinstance(loop, cst.While):
            self._scan(loop.body, assigns)
            for names, _value, _aug, _t in assigns:
                self.varying |= names
        else:  # comprehension
            clause = loop.for_in
            while clause is not None:
                self._target(clause.target, clause.iter)
                clause = clause.inner_for_in
        assigned = self.assigned = set().union(*(names for names, _v, _a, _t in assigns)) if assigns else set()
        self.grown -= assigned - {n for names, _v, aug, _t in assigns if aug for n in names}  # `buf = []` inside: fresh each time
        self.elements = self._elements(assigns)
        self.displays = self._displays(assigns)
        self._bound: dict[str, list] = {}  # name -> the values the body binds it to
        for names, value, aug, _t in assigns:
            for n in names:
                self._bound.setdefault(n, []).append(None if aug or len(names) != 1 else value)
        self._propagate_struct(assigns)
        self._settle(assigns)

    def _target(self, target: cst.BaseExpression, iterable: cst.BaseExpression) -> None:
        names = _target_names(target)
        fixed = is_fixed_collection(iterable, self.imports, scope=self.scope, ranges=True)
        (self.bounded if fixed else self.varying).update(names)
        if is_structure_iter(iterable, self.imports):
            self.struct |= names

    def _elements(self, assigns: list) -> set[str]:
        """ELEMENTSIZE: the targets that hold one element of an iterable no loop bounds (``for
        inputs, targets in loader``: this loop's, or an inner loop's over an iterable this loop does
        not change, as in ``for epoch in ...: for inputs in loader:``), each rebound in the body, if
        at all, only from itself (``inputs = inputs.reshape(...)``, ``images = images[0]``). Such an
        element's shape is not one the loop changes (``f(inputs)`` is not flagged): a size read off
        it (``inputs.shape[0]``, ``len(inputs)``) takes as many values as the elements have shapes,
        however long the loop runs, so reshaping by it (``inputs.reshape((n_dev, inputs.shape[0] //
        n_dev, -1))``) keeps the count of shapes. An element found to change shape (a generator's
        partial last batch, a list of arrays of different sizes) is in ``shaped``, read as varying."""
        own = {n for target, _it in _clauses(self.loop) for n in _target_names(target)}
        changed = self.assigned | own
        out: set[str] = set()
        sources: set[int] = set()
        for target, iterable in _clauses(self.loop):
            if self._unbounded(iterable):
                out |= _target_names(target)
        for names, value, _aug, target in assigns:
            if isinstance(target, cst.For) and self._unbounded(target.iter) and not names_in(target.iter) & changed:
                out |= names
                sources.add(id(target))
        for names, value, _aug, target in assigns:  # any other binding: only from the element itself
            if id(target) not in sources:
                out -= {n for n in names if value is None or n not in names_in(value)}
        return out

    def _displays(self, assigns: list) -> dict[str, cst.BaseExpression]:
        """TUPLEENTRY: the names whose one binding in the loop is a tuple or list display without
        starred elements (``args = (model, betas[epoch])``), neither stored into nor grown: an entry
        read at a literal index (``args[0]``, also each of ``f(*args)``'s positions) is the value of
        that element, which changes with the loop only if the element does, however the others do."""
        own = {n for target, _it in _clauses(self.loop) for n in _target_names(target)}
        count: dict[str, int] = {}
        for names, _value, _aug, _target in assigns:
            for n in names:
                count[n] = count.get(n, 0) + 1
        out = {}
        for names, value, aug, target in assigns:
            if (isinstance(target, cst.Name) and not aug and count[target.value] == 1
                    and isinstance(value, (cst.Tuple, cst.List))
                    and not any(isinstance(e, cst.StarredElement) for e in value.elements)):
                out[target.value] = value
        return {n: v for n, v in out.items() if n not in own | self.stored | self.grown}

    def _aligned_stride(self, sl: cst.Slice, base: cst.BaseExpression) -> bool:
        """ALIGNEDSTRIDE: ``x[i + n % s :: s]`` (the start also through a name the body binds once
        to it) under ``for i in range(s)``, ``n`` the length of ``x`` (``len(x)``, ``x.shape[0]``,
        ``x.size``, or a name bound once before the loop to one of these) and ``s`` the same
        expression in both places, neither changed by the loop: the slice holds ``len(range(i + n %
        s, n, s))`` elements, ``n // s`` for every ``i`` from 0 to ``s - 1`` (the sub-series of a
        period, aligned to end at the last element), so its shape does not change with the loop
        (a comprehension with that one ``for`` clause alike)."""
        step, clauses = sl.step, list(_clauses(self.loop))
        if sl.upper is not None or step is None or sl.lower is None or len(clauses) != 1:
            return False
        target, it = clauses[0]
        if not (isinstance(target, cst.Name) and isinstance(it, cst.Call) and isinstance(it.func, cst.Name)
                and it.func.value == "range" and len(it.args) == 1 and not it.args[0].star
                and it.args[0].keyword is None and it.args[0].value.deep_equals(step)):
            return False
        if names_in(step) & (self.assigned | self.varying) or names_in(base) & (self.assigned | self.varying):
            return False
        lower = sl.lower
        if isinstance(lower, cst.Name) and lower.value != target.value:
            values = self._bound.get(lower.value)
            if not values or len(values) != 1 or values[0] is None:
                return False
            lower = values[0]
        if not (isinstance(lower, cst.BinaryOperation) and isinstance(lower.operator, cst.Add)):
            return False
        return any(isinstance(a, cst.Name) and a.value == target.value and self._length_mod(b, step, base)
                   for a, b in ((lower.left, lower.right), (lower.right, lower.left)))

    def _length_mod(self, expr: cst.BaseExpression, step: cst.BaseExpression, base: cst.BaseExpression) -> bool:
        """Is ``expr`` ``n % step`` with ``n`` the length of ``base`` (see _aligned_stride)?"""
        if not (isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Modulo)
                and expr.right.deep_equals(step)):
            return False
        n = expr.left
        if isinstance(n, cst.Name):
            values = self.scope.bindings_here().get(n.value) if self.scope is not None else None
            if n.value in self.assigned | self.varying or not values or len(values) != 1 or values[0] is None:
                return False
            n = values[0]
        if isinstance(n, cst.Subscript) and not (len(n.slice) == 1 and isinstance(n.slice[0].slice, cst.Index)
                                                 and isinstance(n.slice[0].slice.value, cst.Integer)
                                                 and n.slice[0].slice.value.value == "0"):
            return False  # x.shape[1]: not the axis the slice steps along
        sized = _size_read(n)
        return sized is not None and sized.deep_equals(base)

    def _unbounded(self, iterable: cst.BaseExpression) -> bool:
        return not (is_fixed_collection(iterable, self.imports, scope=self.scope)
                    or is_structure_iter(iterable, self.imports))

    def _settle(self, assigns: list) -> None:
        """What varies, then what changes shape; again if an entry's (or an element's) shape turned
        out to vary."""
        for _ in range(2):  # an entry whose shape varies reads as varying through its .shape: again
            for _ in range(3):
                for names, value, aug, _t in assigns:
                    if aug or value is None or self.value_varies(value) or (names_in(value) & names - self.reset):
                        self.varying |= names
            self._find_shaped(assigns)
            if not self.shaped & (self.struct | self.elements):
                break

    def _propagate_struct(self, assigns: list) -> None:
        """Names assigned only from entries of a structure (``w0 = src[name + "_0"]`` with ``name``
        a key of it) are entries too."""
        local = self.assigned | self.struct | self.varying
        for _ in range(3):
            for names, value, aug, t in assigns:
                value = t.iter if value is None and isinstance(t, cst.For) else value  # for part in key:
                if value is None or aug or names <= self.struct:
                    continue
                read = names_in(value) & local
                if read and read <= self.struct and all(self._only_struct(n, assigns) for n in names):
                    self.struct |= names

    def _only_struct(self, name: str, assigns: list) -> bool:
        values = [t.iter if v is None and isinstance(t, cst.For) else v for names, v, _a, t in assigns if name in names]
        return all(v is not None and names_in(v) & (self.assigned | self.varying) <= self.struct for v in values)

    def _find_shaped(self, assigns: list) -> None:
        for _ in range(2):
            for names, value, _aug, target in assigns:
                if value is None:
                    if isinstance(target, cst.For) and self.scope is not None:
                        self.shaped |= _generator_targets(target.target, target.iter, self.scope)
                    continue
                if isinstance(target, cst.Tuple) and isinstance(value, cst.Call):
                    per = self._returned_shape_varies(value)
                    if len(per) == len(target.elements):  # senders, receivers = neighbor_list(n, frame)
                        for el, varies in zip(target.elements, per):
                            if varies:
                                self.shaped |= _target_names(el.value)
                        continue
                if self.shape_varies(value) or self._grows_itself(names, value):
                    self.shaped |= names
                if isinstance(target, cst.Name) and self._mask_varies(value):
                    self.masks |= names
        if self.scope is not None:
            for target, iterable in _clauses(self.loop):
                self.shaped |= _generator_targets(target, iterable, self.scope)

    def shape_opaque(self, name: str) -> bool:
        return name in self.struct and name not in self.shaped

    def shape_read_opaque(self, head: cst.BaseExpression) -> bool:
        """In a loop over a structure, shapes read in its body are the structure's (``src[key].shape``);
        elsewhere, shapes of values read from its entries only."""
        if self.shape_varies(head):
            return False
        if isinstance(head, cst.Name) and head.value in self.elements:
            return True  # a size of the loop's element (ELEMENTSIZE)
        return self.over_structure or names_in(head) & (self.assigned | self.varying) <= self.struct

    def value_varies(self, expr: cst.BaseExpression) -> set[str]:
        # entries of a structure, and values computed from them alone, take one value per entry:
        # as many as the structure has, however often it is walked
        return super().value_varies(expr) - self.struct

    # -- windows ----------------------------------------------------------------------------
    def _fixed_window(self, sl: cst.Slice) -> bool:
        """``x[start:end]`` where the loop moves both bounds together (``start = end; end = start +
        k``, from ``start, end = 0, k`` before it): every window is ``k`` wide — unless the loop is
        a ``while`` whose test bounds ``start`` but not ``end`` (``while start < n``), which lets
        the last window run past the end of ``x`` and come out shorter."""
        lo, hi = sl.lower, sl.upper
        if not (isinstance(lo, cst.Name) and isinstance(hi, cst.Name) and isinstance(self.loop, (cst.For, cst.While))):
            return False
        if self.scope is None:
            return False
        after = _width_after(self.loop.body, lo.value, hi.value)
        entry = _window_width(self.scope.preceding(self.loop) or [], lo.value, hi.value)
        if after is None or entry is None or (after != {hi.value: 1, lo.value: -1} and after != entry):
            return False
        if {k for k in entry if k} & (self.assigned | self.varying):
            return False  # the width itself changes with the loop
        if isinstance(self.loop, cst.While):
            bounded = _upper_bounded(self.loop.test)
            if lo.value in bounded and hi.value not in bounded:
                return False  # a partial last window
        return True


    def _past_the_end(self, sl: cst.Slice, base: cst.BaseExpression) -> bool:
        """``x[i : i + k]`` under ``for i in range(start, len(x), step)`` (or ``x.shape[0]``): the
        range bounds the start of each window, not its end, so the last windows run past the end
        of ``x`` and come out shorter (a partial last batch: ``len(x) % k`` rows) unless ``k`` is 1.
        Only when the range's stop is the length of the very array sliced; any other stop
        (``len(x) - k + 1``, a count of full batches) is read as keeping every window whole."""
        loop, lo, up = self.loop, sl.lower, sl.upper
        if not (isinstance(loop, cst.For) and isinstance(loop.target, cst.Name) and isinstance(lo, cst.Name)
                and lo.value == loop.target.value and isinstance(up, cst.BinaryOperation)
                and isinstance(up.operator, cst.Add) and up.left.deep_equals(lo)):
            return False
        if isinstance(up.right, cst.Integer) and up.right.evaluated_value == 1:
            return False
        if lo.value in self.assigned or self.value_varies(up.right):
            return False  # the index is moved in the body, or the width changes: judged elsewhere
        it = loop.iter
        if not (isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "range"
                and self.imports.resolve(it.func) in (None, "range")):
            return False
        args = [a.value for a in it.args if a.keyword is None and not a.star]
        if len(args) != len(it.args) or not 1 <= len(args) <= 3:
            return False
        return _length_of(args[0] if len(args) == 1 else args[1], base)


def _length_of(stop: cst.BaseExpression, base: cst.BaseExpression) -> bool:
    """Is ``stop`` ``len(base)`` or ``base.shape[0]``?"""
    if (isinstance(stop, cst.Call) and isinstance(stop.func, cst.Name) and stop.func.value == "len"
            and len(stop.args) == 1 and stop.args[0].keyword is None):
        return stop.args[0].value.deep_equals(base)
    if (isinstance(stop, cst.Subscript) and isinstance(stop.value, cst.Attribute) and stop.value.attr.value == "shape"
            and len(stop.slice) == 1 and isinstance(stop.slice[0].slice, cst.Index)
            and isinstance(stop.slice[0].slice.value, cst.Integer) and stop.slice[0].slice.value.value == "0"):
        return stop.value.value.deep_equals(base)
    return False


class ParamFlow(_Flow):
    """Inside one function: the names whose values depend on ``seeds`` (some of its parameters)
    and the arrays whose shapes they set (for ``shapes.return_shapes``). The shapes of its array
    parameters are opaque (``x.shape[1]`` in a padding helper is no size the caller varies)."""

    def __init__(self, body: cst.CSTNode, seeds: frozenset[str], scope, draws: bool = False) -> None:
        super().__init__(scope.imports, scope)
        self.draws = draws
        assigns: list = []
        self._scan(body, assigns)
        self.grown = set()  # a list a helper builds is opaque: its length is not tracked
        self.varying = set(seeds)
        for _ in range(3):
            for names, value, aug, target in assigns:
                if value is None:
                    value = target.iter if isinstance(target, cst.For) else None
                if value is not None and (self.value_varies(value) or (aug and names & self.varying)):
                    self.varying |= names
        for _ in range(2):
            for names, value, _aug, _t in assigns:
                if value is not None and self.shape_varies(value):
                    self.shaped |= names

    def shape_opaque(self, name: str) -> bool:
        return name not in self.shaped


def _clauses(loop: cst.CSTNode) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """(target, iterable) of a ``for`` loop, or of each ``for`` of a comprehension."""
    if isinstance(loop, cst.For):
        return [(loop.target, loop.iter)]
    out = []
    clause = loop.for_in if isinstance(loop, cst.BaseComp) else None
    while clause is not None:
        out.append((clause.target, clause.iter))
        clause = clause.inner_for_in
    return out


def _generator_targets(target: cst.BaseExpression, iterable: cst.BaseExpression, scope) -> set[str]:
    """The names of a ``for`` target bound to what a generator of the module yields, when its
    yields change shape: ``for step, batch in zip(range(n), loader(data, 4))`` gives ``batch``;
    the same for the elements of a list built with arrays of changing shapes, here or by a plain
    function of the module that returns one (``for x in recordings(n)``)."""
    from jitguard.lint.analysis.shapes import generator_shapes_vary, is_generator, list_elements_vary, returned_elements_vary

    if isinstance(iterable, (cst.Name, cst.ListComp, cst.GeneratorExp)):
        # a list of arrays of different shapes: [np.ones(n) for n in sizes], or appended in a loop
        return _target_names(target) if list_elements_vary(scope, iterable) else set()
    if not isinstance(iterable, cst.Call):
        return set()
    name = scope.imports.resolve(iterable.func) or (iterable.func.value if isinstance(iterable.func, cst.Name) else None)
    if name in ("zip", "enumerate") and isinstance(target, (cst.Tuple, cst.List)):
        args = [a.value for a in iterable.args if a.keyword is None and not a.star]
        if name == "enumerate":
            elements = target.elements[1:2]
        else:
            elements = target.elements
        out: set[str] = set()
        for el, arg in zip(elements, args):
            out |= _generator_targets(el.value, arg, scope)
        return out
    found = scope.callee(iterable)
    if found is None:
        return set()
    if not is_generator(found[0]):  # a helper returning a list of arrays of different shapes
        return _target_names(target) if returned_elements_vary(scope.index, found[0]) else set()
    return _target_names(target) if generator_shapes_vary(scope.index, found[0]) else set()


# -- linear arithmetic on names, for windows ---------------------------------------------------
def _linear(expr: cst.BaseExpression, env: dict, atom=None) -> dict | None:
    """``start + k - 1``, ``(i + 1) * size`` as a polynomial {monomial: coefficient} (a monomial
    is its names joined by ``*``, ``""`` the constant); names bound in ``env`` replaced by their
    value there; any other expression is the atom ``atom(expr)`` names (None: not such a sum)."""
    if isinstance(expr, cst.Integer):
        return {"": int(expr.evaluated_value)}
    if isinstance(expr, cst.Name):
        return dict(env[expr.value]) if expr.value in env else {expr.value: 1}
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.Add, cst.Subtract, cst.Multiply)):
        left, right = _linear(expr.left, env, atom), _linear(expr.right, env, atom)
        if left is None or right is None:
            return None
        if isinstance(expr.operator, cst.Multiply):
            return _times(left, right)
        sign = 1 if isinstance(expr.operator, cst.Add) else -1
        for k, v in right.items():
            left[k] = left.get(k, 0) + sign * v
        return {k: v for k, v in left.items() if v}
    key = atom(expr) if atom is not None else None
    return {key: 1} if key else None


def _times(left: dict, right: dict) -> dict:
    out: dict = {}
    for k1, v1 in left.items():
        for k2, v2 in right.items():
            key = "*".join(sorted(n for n in (*k1.split("*"), *k2.split("*")) if n))
            out[key] = out.get(key, 0) + v1 * v2
    return {k: v for k, v in out.items() if v}


def _run_assignments(statements, env: dict, watch: set[str]) -> bool:
    """Apply the simple assignments of ``statements`` to ``env`` in order; False when a watched
    name is bound some other way (in a nested block, by a call, ...)."""
    for stmt in statements:
        if not isinstance(stmt, cst.SimpleStatementLine):
            if _binds_any(stmt, watch):
                return False
            continue
        for small in stmt.body:
            if isinstance(small, cst.Assign) and len(small.targets) == 1:
                if not _assign(small.targets[0].target, small.value, env, watch):
                    return False
            elif isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name) and small.target.value in watch:
                value = _linear(small.value, env)
                if value is None or not isinstance(small.operator, (cst.AddAssign, cst.SubtractAssign)):
                    return False
                sign = 1 if isinstance(small.operator, cst.AddAssign) else -1
                old = _linear(small.target, env) or {}
                for k, v in value.items():
                    old[k] = old.get(k, 0) + sign * v
                env[small.target.value] = {k: v for k, v in old.items() if v}
            elif _binds_any(small, watch):
                return False
    return True


def _assign(target: cst.BaseExpression, value: cst.BaseExpression, env: dict, watch: set[str]) -> bool:
    pairs: list[tuple[cst.BaseExpression, cst.BaseExpression]]
    if isinstance(target, cst.Tuple) and isinstance(value, cst.Tuple) and len(target.elements) == len(value.elements):
        pairs = [(t.value, v.value) for t, v in zip(target.elements, value.elements)]
    else:
        pairs = [(target, value)]
    new = {}
    for t, v in pairs:
        names = _target_names(t)
        if not names & watch:
            continue
        if not isinstance(t, cst.Name):
            return False
        new[t.value] = _linear(v, env)
    for name, lin in new.items():  # simultaneous: `start, end = end, end + k`
        if lin is None:
            env.pop(name, None)
            env[name] = {f"?{name}": 1}  # unknown
        else:
            env[name] = lin
    return True


def _binds_any(node: cst.CSTNode, names: set[str]) -> bool:
    from jitguard.lint.analysis.shapes import bindings

    return bool(set(bindings(node, itself=True)) & names)


def _width_after(body: cst.BaseSuite, lo: str, hi: str) -> dict | None:
    """``hi - lo`` after one run of the loop body, in terms of their values before it (None: the
    body binds them some other way)."""
    env: dict = {}
    if not _run_assignments(body.body, env, {lo, hi}):
        return None
    after_hi, after_lo = _linear(cst.Name(hi), env), _linear(cst.Name(lo), env)
    if after_hi is None or after_lo is None or any(k.startswith("?") for k in (*after_hi, *after_lo)):
        return None
    diff = dict(after_hi)
    for k, v in after_lo.items():
        diff[k] = diff.get(k, 0) - v
    return {k: v for k, v in diff.items() if v}


def _window_width(before: list, lo: str, hi: str) -> dict | None:
    """``hi - lo`` after the statements before the loop, as a linear form without ``lo``/``hi``."""
    env: dict = {}
    if not _run_assignments(before, env, {lo, hi}) or lo not in env or hi not in env:
        return None
    diff = dict(env[hi])
    for k, v in env[lo].items():
        diff[k] = diff.get(k, 0) - v
    diff = {k: v for k, v in diff.items() if v}
    if any(k.startswith("?") or k in (lo, hi) for k in diff):
        return None
    return diff


def _upper_bounded(test: cst.BaseExpression) -> set[str]:
    """Names a loop test bounds from above: ``a < n``, ``a <= n``, ``n > a``, ``n >= a`` (in ``and``s)."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return _upper_bounded(test.left) | _upper_bounded(test.right)
    out: set[str] = set()
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        op, right = test.comparisons[0].operator, test.comparisons[0].comparator
        if isinstance(op, (cst.LessThan, cst.LessThanEqual)) and isinstance(test.left, cst.Name):
            out.add(test.left.value)
        if isinstance(op, (cst.GreaterThan, cst.GreaterThanEqual)) and isinstance(right, cst.Name):
            out.add(right.value)
    return out
