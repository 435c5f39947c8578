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
Anything passed through another function (``pad_to_bucket(x[:i], ...)``) is opaque: padding and
bucketing are how the hazard is fixed.
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi
from jitguard.lint.analysis.imports import ImportTable
from jitguard.lint.analysis.walk import children

def names_in(expr: cst.CSTNode) -> set[str]:
    """Variable names an expression reads (not attribute names or keyword names)."""
    out: set[str] = set()
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name):
            out.add(node.value)
        elif isinstance(node, cst.Attribute):
            stack.append(node.value)
        elif isinstance(node, cst.Arg):
            stack.append(node.value)
        elif isinstance(node, (cst.Lambda, cst.FunctionDef, cst.ClassDef)):
            continue
        else:
            stack.extend(children(node))
    return out


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


def _reset_names(body: cst.BaseSuite) -> set[str]:
    """Names assigned at the top level of a loop body from a value that does not read them."""
    out: set[str] = set()
    for stmt in body.body:
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else (stmt,):
            if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
                targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
                read = names_in(small.value)
                out.update(t.value for t in targets if isinstance(t, cst.Name) and t.value not in read)
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
                        enums: frozenset[str] = frozenset()) -> bool:
    """Is ``expr`` a collection whose length is written in the code: a literal tuple, list, set
    or dict, a dict view of one, an Enum class of the module (``enums``), or ``zip``/
    ``enumerate``/``itertools.product``/... of such collections? A loop over one runs a fixed
    number of times, however long the program runs: what varies with it takes a bounded number
    of values."""
    if is_literal_collection(expr) or (isinstance(expr, cst.Dict) and not any(
            isinstance(e, cst.StarredDictElement) for e in expr.elements)):
        return True
    if isinstance(expr, cst.Name):
        return expr.value in enums
    if not isinstance(expr, cst.Call):
        return False
    func = expr.func
    if isinstance(func, cst.Attribute) and func.attr.value in _DICT_VIEWS and not expr.args:
        return is_fixed_collection(func.value, imports, enums)
    name = imports.resolve(func) if imports is not None else None
    name = name or (func.value if isinstance(func, cst.Name) else None)
    if name not in _FIXED_WHEN_ARGS_ARE:
        return False
    positional = [a.value for a in expr.args if a.keyword is None and not a.star]
    return bool(positional) and all(is_fixed_collection(v, imports, enums) for v in positional)


_ENUM_BASES = frozenset({"enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag", "enum.IntFlag"})


def enum_classes(classes: dict, imports: ImportTable) -> frozenset[str]:
    """The names of the module's Enum classes (iterating one gives its fixed members)."""
    return frozenset(name for name, info in classes.items()
                     if any(imports.resolve(b.value) in _ENUM_BASES for b in info.node.bases))


def is_bounded_loop(loop: cst.CSTNode, imports: ImportTable | None = None, enums: frozenset[str] = frozenset()) -> bool:
    """A ``for`` loop or comprehension over fixed collections only (see is_fixed_collection)."""
    if isinstance(loop, cst.For):
        return is_fixed_collection(loop.iter, imports, enums)
    if isinstance(loop, cst.BaseComp):
        clause = loop.for_in
        while clause is not None:
            if not is_fixed_collection(clause.iter, imports, enums):
                return False
            clause = clause.inner_for_in
        return True
    return False


class LoopFacts:
    """Names that vary, names whose shape varies, and lists that grow, in one loop."""

    def __init__(self, loop: cst.CSTNode, imports: ImportTable) -> None:
        self.imports = imports
        self.varying: set[str] = set()
        self.bounded: set[str] = set()
        self.shaped: set[str] = set()  # names bound to varying-shape arrays
        self.grown: set[str] = set()  # lists appended to in the loop
        assigns: list[tuple[set[str], cst.CSTNode | None, bool]] = []
        # names the body resets unconditionally (`batch = []` at its top level): whatever the body
        # then does to them starts again from that value, so nothing is carried across iterations
        self.reset: set[str] = set() if isinstance(loop, cst.BaseComp) else _reset_names(loop.body)
        if isinstance(loop, cst.For):
            names = _target_names(loop.target)
            (self.bounded if is_fixed_collection(loop.iter, imports) else self.varying).update(names)
            self._scan(loop.body, assigns)
        elif isinstance(loop, cst.While):
            self._scan(loop.body, assigns)
            for names, _value, _aug in assigns:
                self.varying |= names
        else:  # comprehension
            clause = loop.for_in
            while clause is not None:
                names = _target_names(clause.target)
                (self.bounded if is_fixed_collection(clause.iter, imports) else self.varying).update(names)
                clause = clause.inner_for_in
        assigned = self.assigned = set().union(*(names for names, _v, _a in assigns)) if assigns else set()
        self.grown -= assigned - {n for names, _v, aug in assigns if aug for n in names}  # `buf = []` inside: fresh each time
        for _ in range(3):
            for names, value, aug in assigns:
                if aug or value is None or self.value_varies(value) or (names_in(value) & names - self.reset):
                    self.varying |= names
        for names, value, _aug in assigns:
            if value is not None and (self.shape_varies(value) or self._grows_itself(names, value)):
                self.shaped |= names

    def _scan(self, body: cst.CSTNode, out: list) -> None:
        """Assignments and list growth in a loop body (not inside nested functions)."""
        stack = [body]
        while stack:
            node = stack.pop()
            if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                continue
            if isinstance(node, cst.Assign):
                for t in node.targets:
                    out.append((_target_names(t.target), node.value, False))
            elif isinstance(node, cst.AnnAssign) and node.value is not None:
                out.append((_target_names(node.target), node.value, False))
            elif isinstance(node, cst.AugAssign):
                names = _target_names(node.target)
                out.append((names, node.value, True))
                if isinstance(node.value, (cst.List, cst.ListComp)):
                    self.grown |= names
            elif isinstance(node, cst.For):
                out.append((_target_names(node.target), None, False))
            elif isinstance(node, cst.WithItem) and node.asname is not None:
                out.append((_target_names(node.asname.name), node.item, False))
            elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
                if node.func.attr.value in ("append", "extend", "insert") and isinstance(node.func.value, cst.Name):
                    self.grown.add(node.func.value.value)
            stack.extend(children(node))

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
        return names_in(expr) & self.varying

    def shape_varies(self, expr: cst.BaseExpression) -> bool:
        if isinstance(expr, cst.Name):
            return expr.value in self.shaped
        if isinstance(expr, cst.Subscript):
            if self.shape_varies(expr.value):
                return True
            for el in expr.slice:
                sl = el.slice
                if isinstance(sl, cst.Slice) and self._slice_size_varies(sl):
                    return True
            return False
        if isinstance(expr, cst.Call):
            return self._call_shape_varies(expr)
        return False

    def _call_shape_varies(self, expr: cst.Call) -> bool:
        """An array made (or converted, reshaped) by a call, with a size that changes with the loop."""
        name = self.imports.resolve(expr.func)
        args = [a.value for a in expr.args]
        if name in jaxapi.RANDOM_SIZED:
            sizes = [a.value for a in expr.args if a.keyword is None or a.keyword.value == "size"]
            if name not in ("numpy.random.randn", "numpy.random.rand"):
                sizes = [a.value for a in expr.args if a.keyword is not None and a.keyword.value == "size"]
            return any(names_in(s) & self.varying for s in sizes)
        if name in jaxapi.ARRAY_SIZED:
            sizes = args[:1] if not name.startswith("jax.random.") else args[1:2]
            sizes += [a.value for a in expr.args if a.keyword is not None and a.keyword.value in ("shape", "num", "N")]
            return any(names_in(s) & self.varying for s in sizes)
        if name in jaxapi.CONVERSIONS and args:
            first = args[0]
            if isinstance(first, cst.Name) and first.value in self.grown:
                return True
            if isinstance(first, (cst.List, cst.Tuple)):
                return any(self.shape_varies(e.value) for e in first.elements)
            return self.shape_varies(first)
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value in ("reshape", "astype", "T"):
            if expr.func.attr.value == "reshape" and any(names_in(a) & self.varying for a in args):
                return True
            return self.shape_varies(expr.func.value)
        return False

    def _grows_itself(self, names: set[str], value: cst.CSTNode) -> bool:
        """seq = jnp.concatenate([seq, new]): one row longer every iteration (unless reset in it)."""
        return (
            isinstance(value, cst.Call)
            and self.imports.resolve(value.func) in jaxapi.GROWERS
            and bool(names & names_in(value) - self.reset)
        )

    def _slice_size_varies(self, sl: cst.Slice) -> bool:
        lower_v = bool(sl.lower is not None and names_in(sl.lower) & self.varying)
        upper_v = bool(sl.upper is not None and names_in(sl.upper) & self.varying)
        if not (lower_v or upper_v):
            return False
        # x[i : i + k] with a fixed k keeps its size
        up = sl.upper
        if (
            sl.lower is not None
            and isinstance(up, cst.BinaryOperation)
            and isinstance(up.operator, cst.Add)
            and up.left.deep_equals(sl.lower)
            and not (names_in(up.right) & self.varying)
        ):
            return False
        return True
