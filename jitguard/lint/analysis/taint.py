"""Traced-value (taint) tracking inside traced functions, and the walk that drives the rules.

For each function that runs under a JAX trace, the walker goes through the body in order,
keeping the set of local names that hold traced values (flow-sensitive: ``n = x.shape[0]``
makes ``n`` static again; branches merge by union; loop bodies are walked twice so values carried
round the loop are seen). At each node it calls the rules' ``visit_<NodeType>`` hooks with a
:class:`Context` that answers "is this traced, and why?".

Static facts never become traced: ``x.shape``, ``x.ndim``, ``x.dtype``, ``x.size``, ``len(x)``,
``x is None``, ``isinstance(...)``, ``type(x)``, ``hasattr``, ``jnp.shape(x)``, module constants
and static parameters (see ``jaxapi.STATIC_ATTRIBUTES`` / ``STATIC_CALLS``).

Helpers of the same module called with traced arguments are walked with those parameters
traced; the value a helper returns is traced only if its body returns something traced for
those arguments (a summary computed on demand and memoised).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import libcst as cst

from jitguard.lint.analysis import jaxapi
from jitguard.lint.analysis.jitcontext import FunctionInfo, ModuleIndex, Origin, Taint, positional_args
from jitguard.lint.analysis.walk import children, iter_nodes

if TYPE_CHECKING:
    from jitguard.lint.diagnostics import Fix
    from jitguard.lint.rules.base import Rule

Hook = Callable[[cst.CSTNode, "Context"], None]

_BOOLEAN_FUNCS = frozenset(
    f"jax.numpy.{n}"
    for n in (
        "isnan", "isinf", "isfinite", "isposinf", "isneginf", "logical_and", "logical_or", "logical_not",
        "logical_xor", "equal", "not_equal", "greater", "greater_equal", "less", "less_equal", "isclose",
        "signbit", "isin",
    )
)
_CONTAINER_CALLS = frozenset({"list", "tuple", "dict", "zip", "enumerate", "reversed", "sorted", "map", "filter", "set",
                              "frozenset", "collections.deque", "collections.OrderedDict", "collections.defaultdict"})
_CATCHES_TRACER_ERRORS = frozenset({
    "ConcretizationTypeError", "TracerBoolConversionError", "TracerIntegerConversionError",
    "TracerArrayConversionError", "NonConcreteBooleanIndexError", "JAXTypeError", "TypeError", "Exception",
    "BaseException",
})
_TREE_FLATTENS = frozenset({"jax.tree_util.tree_flatten", "jax.tree.flatten", "jax.tree_flatten",
                            "jax.tree_util.tree_flatten_with_path", "jax.tree.flatten_with_path"})
_TRACER_TYPES = frozenset({
    "jax.Array", "jax.numpy.ndarray", "jax.core.Tracer", "jax.interpreters.partial_eval.DynamicJaxprTracer",
    "jax._src.core.Tracer", "jaxlib.xla_extension.ArrayImpl", "jax.typing.ArrayLike",
})
# libraries whose functions, given traced arrays, return arrays; and whose layers (called on an
# array) return arrays. Other libraries' results stay "foreign": they may be plain Python values.
_ARRAY_LIBRARIES = ("optax.", "flax.linen.", "haiku.", "equinox.nn.")
_LAYER_LIBRARIES = ("flax.linen.", "haiku.", "equinox.nn.", "flax.nnx.")
_ARITHMETIC_BUILTINS = frozenset({"abs", "sum", "pow", "round", "divmod"})
_MAX_WALKS_PER_FUNCTION = 6


class Analysis:
    """All traced functions of one module, walked to a fixpoint."""

    def __init__(self, index: ModuleIndex, hooks: dict[str, list[Hook]]) -> None:
        self.index = index
        self.hooks = hooks
        self.reports: dict[FunctionInfo, list[tuple]] = {}
        # rules whose hook raised on this module: code -> the exception (the rule is skipped for
        # the rest of the module; the other rules go on)
        self.rule_errors: dict[str, BaseException] = {}
        self._summaries: dict[tuple[FunctionInfo, frozenset[str]], Taint | None] = {}
        self._in_summary: set[tuple[FunctionInfo, frozenset[str]]] = set()
        self._pending: list[FunctionInfo] = []
        self._queued: set[FunctionInfo] = set()
        self._walks: dict[FunctionInfo, int] = {}
        # calls from traced code into functions of other modules, with traced arguments:
        # (qualified callee, {position or keyword: (root name, why, flaglike)}) — the runner
        # follows them into the checked tree (jitguard.lint.analysis.crossmodule)
        self.outcalls: dict[tuple[str, str], dict] = {}

    def run(self) -> list[tuple]:
        """(code, node, message, help, fix) for every violation the hooks reported."""
        for info in self.index.functions:
            if info.traced:
                self.schedule(info)
        while self._pending:
            info = self._pending.pop(0)
            self._queued.discard(info)
            count = self._walks.get(info, 0)
            if count >= _MAX_WALKS_PER_FUNCTION:
                continue
            self._walks[info] = count + 1
            walker = Walker(self, info, report=True)
            walker.walk()
            self.reports[info] = walker.reported
        out: list[tuple] = []
        for items in self.reports.values():
            out.extend(items)
        return out

    def schedule(self, info: FunctionInfo) -> None:
        if info not in self._queued:
            self._queued.add(info)
            self._pending.append(info)

    def propagate(self, callee: FunctionInfo, args: dict[str, Taint], caller: FunctionInfo) -> None:
        """``caller`` calls ``callee`` with traced arguments: those parameters become traced."""
        changed = False
        for name, taint in args.items():
            if name in callee.traced:
                # a flag holds for the parameter only if it holds for every value it receives
                flags = callee.param_flags.get(name, frozenset())
                if flags - taint.flags:
                    callee.param_flags[name] = flags & taint.flags
                    changed = True
            else:
                callee.param_flags[name] = taint.flags
                how = "a method" if callee.is_method else "a helper"
                callee.traced[name] = Origin(
                    name,
                    f"parameter of `{callee.display()}`, {how} called from `{caller.display()}` "
                    f"with traced `{taint.origin.name}`",
                    callee,
                    taint.origin.flaglike,
                    taint.origin.root or taint.origin,
                )
                changed = True
        if changed:
            self.schedule(callee)

    def enclose(self, nested: FunctionInfo, env: dict[str, Taint]) -> None:
        """A function defined inside traced code sees the traced names around it."""
        changed = False
        for name, taint in env.items():
            if name not in nested.closure:
                nested.closure[name] = taint
                changed = True
        if changed or nested.traced:
            self.schedule(nested)

    def summary(self, callee: FunctionInfo, traced: dict[str, Taint]) -> Taint | None:
        """Is what ``callee`` returns traced, when these parameters are?"""
        key = (callee, frozenset(traced))
        if key in self._summaries:
            return self._summaries[key]
        if key in self._in_summary:  # recursion: assume the worst
            return next(iter(traced.values()), None)
        self._in_summary.add(key)
        walker = Walker(self, callee, report=False, entry=traced)
        walker.walk()
        self._in_summary.discard(key)
        result = None
        for t in walker.returns:
            if t is not None:
                result = t
                break
        self._summaries[key] = result
        return result


class Context:
    """What a rule sees of the walk. Rules call these; they never walk the tree."""

    def __init__(self, walker: "Walker") -> None:
        self._w = walker
        self._code = ""  # the rule whose hook runs (set by Walker.dispatch)

    @property
    def function(self) -> FunctionInfo:
        return self._w.info

    @property
    def module(self) -> cst.Module:
        return self._w.index.module

    def taint(self, expr: cst.CSTNode | None) -> Taint | None:
        if expr is None:
            return None
        return self._w.taints.get(expr)

    def array_taint(self, expr: cst.CSTNode | None) -> Taint | None:
        """The taint of an expression known to be a traced array (not a Python container, and
        not an attribute/key of traced data whose type we cannot see); None otherwise."""
        t = self.taint(expr)
        return t if t is not None and not t.container and not t.opaque else None

    def resolve(self, expr: cst.BaseExpression) -> str | None:
        return self._w.resolve(expr)

    def is_sequence(self, expr: cst.BaseExpression) -> bool:
        """Known to be a Python list or tuple (a literal, a name bound to one, or ``x.shape``)."""
        return self._w.is_sequence(expr)

    def is_mapping(self, expr: cst.BaseExpression) -> bool:
        """Known to be a Python dict (a literal, or a name bound to one here or at module level)."""
        return self._w.is_mapping(expr)

    def in_test(self, node: cst.CSTNode) -> bool:
        """Part of an if/while/assert/conditional test, which reports the problem itself."""
        return node in self._w.test_nodes

    def source(self, node: cst.CSTNode, limit: int = 40) -> str:
        text = " ".join(self.module.code_for_node(node).split())
        return text if len(text) <= limit else text[: limit - 3] + "..."

    def describe(self, expr: cst.CSTNode, taint: Taint) -> str:
        """"`x > 0` depends on `x`, which is traced: parameter of jitted `f`, not in static_argnames"."""
        root = taint.origin.name
        text = self.source(expr)
        if text == root:
            return f"`{root}` is traced ({taint.origin.why})"
        local = next(
            (n.value for n in iter_nodes(expr)
             if isinstance(n, cst.Name) and n.value != root and (t := self.taint(n)) is not None
             and t.origin is taint.origin),
            None,
        )
        if local is not None and local == text:
            return f"`{local}` is computed from `{root}`, which is traced ({taint.origin.why})"
        if local is not None:
            # `loss > 10.0` depends on `loss`, computed from `batch`: name what the reader sees first
            return f"`{text}` depends on `{local}`, computed from `{root}`, which is traced ({taint.origin.why})"
        return f"`{text}` depends on `{root}`, which is traced ({taint.origin.why})"

    def static_hint(self, taint: Taint) -> str | None:
        """How to make the jitted parameter behind this value static (markdown), or None."""
        origin = taint.origin.root or taint.origin
        fn = origin.function
        if fn is None or fn.param(origin.name) is None or "jitted" not in origin.why:
            return None
        where = "" if origin is taint.origin else f" on `{fn.display()}`"
        return f'`static_argnames=("{origin.name}",)`{where}'

    def report(self, node: cst.CSTNode, message: str, help: str = "", fix: "Fix | None" = None) -> None:
        """Report a violation of the rule whose hook is running, at ``node``."""
        self._w.report(self._code, node, message, help, fix)


class Walker:
    """Walks one function body, in order, tracking traced names."""

    def __init__(self, analysis: Analysis, info: FunctionInfo, report: bool, entry: dict[str, Taint] | None = None) -> None:
        self.analysis = analysis
        self.index = analysis.index
        self.info = info
        self.reporting = report
        self.env: dict[str, Taint] = {}
        self.locals: set[str] = {p.name for p in info.params}
        self.seqs: set[str] = set()
        self.maps: set[str] = set()
        self.taints: dict[cst.CSTNode, Taint | None] = {}
        self.test_nodes: set[cst.CSTNode] = set()
        self.returns: list[Taint | None] = []
        self.dead = False  # the current path ended (return/raise/break/continue)
        self.muted = 0  # inside `try:` bodies whose handlers catch tracer errors
        self.reported: list[tuple] = []
        self._seen: set[tuple[str, cst.CSTNode]] = set()
        self.ctx = Context(self)
        if entry is None:
            self.env.update(
                {
                    name: Taint.with_flags(origin, info.param_flags.get(name, frozenset()))
                    for name, origin in info.traced.items()
                }
            )
        else:
            self.env.update(entry)
        self.hooks = analysis.hooks if report else {}

    # -- driving ----------------------------------------------------------------------------
    def walk(self) -> None:
        body = self.info.node.body
        if isinstance(body, cst.BaseExpression):  # lambda
            self.returns.append(self.ev(body))
            return
        self.block(body)

    def _catches_tracer_errors(self, stmt) -> int:
        """``try: ... except jax.errors.ConcretizationTypeError:`` (or TypeError, Exception, bare):
        the code handles a traced value on purpose, so what fails in the body is not a bug."""
        for handler in stmt.handlers:
            if handler.type is None:
                return 1
            types = handler.type.elements if isinstance(handler.type, cst.Tuple) else [handler.type]
            for t in types:
                name = self.resolve(t.value if isinstance(t, cst.Element) else t) or ""
                if name.rsplit(".", 1)[-1] in _CATCHES_TRACER_ERRORS:
                    return 1
        return 0

    def report(self, code: str, node: cst.CSTNode, message: str, help: str, fix: "Fix | None") -> None:
        key = (code, node)
        if self.muted:
            return
        if self.reporting and key not in self._seen:
            self._seen.add(key)
            self.reported.append((code, node, message, help, fix))

    def dispatch(self, node: cst.CSTNode) -> None:
        hooks = self.hooks.get(type(node).__name__)
        if not hooks:
            return
        failed = self.analysis.rule_errors
        for code, hook in hooks:
            if code in failed:
                continue
            self.ctx._code = code
            try:
                hook(node, self.ctx)
            except RecursionError:
                raise
            except Exception as exc:  # noqa: BLE001 - one rule's bug must not hide the others' findings
                failed[code] = exc

    def resolve(self, expr: cst.BaseExpression) -> str | None:
        return self.index.imports.resolve(expr, self.locals)

    def lookup(self, name: str) -> Taint | None:
        if name in self.env:
            return self.env[name]
        if name in self.locals:
            return None
        return self.info.closure.get(name)

    def is_sequence(self, expr: cst.BaseExpression) -> bool:
        if isinstance(expr, cst.Attribute) and expr.attr.value == "shape":
            return True
        return self._python_literal(expr, (cst.List, cst.Tuple), self.seqs, self.index.module_sequences)

    def is_mapping(self, expr: cst.BaseExpression) -> bool:
        return self._python_literal(expr, (cst.Dict, cst.DictComp), self.maps, self.index.module_mappings)

    def _python_literal(self, expr, kinds: tuple, local: set[str], module_level: set[str]) -> bool:
        """A literal of these kinds, or a name bound to one here or (not shadowed) at module level."""
        if isinstance(expr, kinds):
            return True
        if isinstance(expr, cst.Name):
            return expr.value in local or (expr.value not in self.locals and expr.value in module_level)
        return False

    # -- statements -------------------------------------------------------------------------
    def block(self, body: cst.BaseSuite | cst.CSTNode) -> None:
        if isinstance(body, cst.SimpleStatementSuite):
            for small in body.body:
                self.small(small)
            return
        for stmt in getattr(body, "body", ()):
            if self.dead:
                break  # unreachable
            self.stmt(stmt)

    def stmt(self, stmt: cst.CSTNode) -> None:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                self.small(small)
        elif isinstance(stmt, cst.If):
            self.test(stmt.test)
            self.dispatch(stmt)
            before = dict(self.env)
            not_traced_in_body, not_traced_in_else = self._narrowing(stmt.test)
            for name in not_traced_in_body:
                self.env.pop(name, None)
            self.block(stmt.body)
            after_body, body_dead = self.env, self.dead
            self.env, self.dead = dict(before), False
            for name in not_traced_in_else:
                self.env.pop(name, None)
            if stmt.orelse is not None:
                if isinstance(stmt.orelse, cst.If):
                    self.stmt(stmt.orelse)
                else:
                    self.block(stmt.orelse.body)
            # a branch that returned does not flow on: `if x is None: return` narrows what follows
            if body_dead and not self.dead:
                pass
            elif self.dead and not body_dead:
                self.env, self.dead = after_body, False
            else:
                self.env = _merge(after_body, self.env)
                self.dead = body_dead and self.dead
        elif isinstance(stmt, cst.For):
            self.ev(stmt.iter)
            before = dict(self.env)
            for _ in range(2):
                self.bind_loop_target(stmt.target, stmt.iter)
                self.dispatch(stmt)
                self.block(stmt.body)
                self.env, self.dead = _merge(before, self.env), False
            if stmt.orelse is not None:
                self.block(stmt.orelse.body)
        elif isinstance(stmt, cst.While):
            before = dict(self.env)
            for _ in range(2):
                self.test(stmt.test)
                self.dispatch(stmt)
                self.block(stmt.body)
                self.env, self.dead = _merge(before, self.env), False
            if stmt.orelse is not None:
                self.block(stmt.orelse.body)
        elif isinstance(stmt, cst.Try) or type(stmt).__name__ == "TryStar":
            handles = self._catches_tracer_errors(stmt)
            self.muted += handles
            self.block(stmt.body)
            self.muted -= handles
            for handler in stmt.handlers:
                self.dead = False
                if handler.name is not None and isinstance(handler.name.name, cst.Name):
                    self.locals.add(handler.name.name.value)
                self.block(handler.body)
            self.dead = False
            if stmt.orelse is not None:
                self.block(stmt.orelse.body)
            if stmt.finalbody is not None:
                self.block(stmt.finalbody.body)
        elif isinstance(stmt, cst.With):
            for item in stmt.items:
                t = self.ev(item.item)
                if item.asname is not None:
                    self.bind(item.asname.name, t, item.item)
            self.block(stmt.body)
        elif isinstance(stmt, cst.FunctionDef):
            for dec in stmt.decorators:
                self.ev(dec.decorator)
            self.define(stmt)
            self.locals.add(stmt.name.value)
            self.env.pop(stmt.name.value, None)
        elif isinstance(stmt, cst.ClassDef):
            self.locals.add(stmt.name.value)
            self.env.pop(stmt.name.value, None)
        elif isinstance(stmt, cst.Match):
            self.ev(stmt.subject)
            before = dict(self.env)
            merged = dict(self.env)
            for case in stmt.cases:
                self.env, self.dead = dict(before), False
                self.block(case.body)
                merged = _merge(merged, self.env)
            self.env, self.dead = merged, False
        else:
            for child in children(stmt):
                if isinstance(child, cst.BaseSuite):
                    self.block(child)

    def small(self, node: cst.CSTNode) -> None:
        if isinstance(node, cst.Assign):
            t = self.ev(node.value)
            for target in node.targets:
                self.bind(target.target, t, node.value)
        elif isinstance(node, cst.AnnAssign):
            if node.value is not None:
                self.bind(node.target, self.ev(node.value), node.value)
        elif isinstance(node, cst.AugAssign):
            t = self.ev(node.value)
            current = self.ev(node.target)
            if isinstance(node.target, cst.Name):
                self.bind(node.target, t or current, None)
        elif isinstance(node, cst.Expr):
            self.ev(node.value)
        elif isinstance(node, cst.Return):
            self.returns.append(self.ev(node.value) if node.value is not None else None)
            self.dead = True
        elif isinstance(node, (cst.Break, cst.Continue)):
            self.dead = True
        elif isinstance(node, cst.Assert):
            self.test(node.test)
            if node.msg is not None:
                self.ev(node.msg)
        elif isinstance(node, (cst.Import, cst.ImportFrom)):
            self.index.imports.add_statement(node)
        elif isinstance(node, cst.Raise):
            if node.exc is not None:
                self.ev(node.exc)
            self.dead = True
        elif isinstance(node, cst.Del):
            pass
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            for n in node.names:
                self.locals.discard(n.name.value)
        self.dispatch(node)

    def test(self, expr: cst.BaseExpression) -> Taint | None:
        """Evaluate a test whose truth value Python needs (if/while/assert/conditional)."""
        self._mark_test(expr)
        return self.ev(expr)

    def _narrowing(self, test: cst.BaseExpression) -> tuple[set[str], set[str]]:
        """isinstance(x, T): names that cannot hold a tracer in the body / in the else branch.

        Inside ``isinstance(x, (int, np.ndarray))`` x is not a tracer; after ``isinstance(x,
        jax.Array)`` is false, x is not one either (every tracer is a jax.Array)."""
        negate = False
        while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            negate, test = not negate, test.expression
        if not (isinstance(test, cst.Call) and self.resolve(test.func) == "isinstance" and len(test.args) == 2):
            return set(), set()
        subject, types = test.args[0].value, test.args[1].value
        if not isinstance(subject, cst.Name):
            return set(), set()
        items = [e.value for e in types.elements] if isinstance(types, cst.Tuple) else [types]
        names = [self.resolve(t) for t in items]
        if isinstance(types, cst.BinaryOperation) or any(n is None for n in names):
            return set(), set()
        arrays = [n for n in names if n in _TRACER_TYPES]
        body, orelse = set(), set()
        if not arrays and not any(n in ("object",) for n in names):
            body.add(subject.value)
        elif len(arrays) == len(names):
            orelse.add(subject.value)
        return (orelse, body) if negate else (body, orelse)

    def _mark_test(self, expr: cst.BaseExpression) -> None:
        stack = [expr]
        while stack:
            node = stack.pop()
            self.test_nodes.add(node)
            if isinstance(node, cst.BooleanOperation):
                stack += [node.left, node.right]
            elif isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
                stack.append(node.expression)

    def define(self, node: cst.FunctionDef | cst.Lambda) -> None:
        nested = self.index.by_node.get(node)
        if nested is None or not self.reporting:
            return
        visible = dict(self.info.closure)
        visible.update(self.env)
        for p in nested.params:
            visible.pop(p.name, None)
        if visible or nested.traced:
            self.analysis.enclose(nested, visible)

    # -- binding ----------------------------------------------------------------------------
    def bind(self, target: cst.CSTNode, taint: Taint | None, value: cst.CSTNode | None) -> None:
        if isinstance(target, cst.Name):
            name = target.value
            self.locals.add(name)
            if taint is not None:
                self.env[name] = taint
            else:
                self.env.pop(name, None)
            if value is not None and self.is_sequence(value):  # type: ignore[arg-type]
                self.seqs.add(name)
            else:
                self.seqs.discard(name)
            if value is not None and isinstance(value, (cst.Dict, cst.DictComp)):
                self.maps.add(name)
            else:
                self.maps.discard(name)
        elif isinstance(target, (cst.Tuple, cst.List)):
            elements = target.elements
            if (
                isinstance(value, cst.Call)
                and self.resolve(value.func) in _TREE_FLATTENS
                and len(elements) == 2
                and taint is not None
            ):
                self.bind(elements[0].value, Taint(taint.origin, container=True), None)  # leaves
                self.bind(elements[1].value, None, None)  # the treedef is static
                return
            if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(elements) and not any(
                isinstance(e, cst.StarredElement) for e in (*elements, *value.elements)
            ):
                for el, v in zip(elements, value.elements):
                    self.bind(el.value, self.taints.get(v.value), v.value)
                return
            # a, b = carry with carry a parameter: rows of an array or fields of a pytree, whose truth
            # value is unknown; a, b = f(x) (value_and_grad, jnp.split, ...): arrays
            element = _element(taint)
            if taint is not None and isinstance(value, cst.Name) and self.info.param(value.value) is not None:
                element = Taint(taint.origin, boolean=taint.boolean, opaque=True, foreign=taint.foreign)
            for el in elements:
                inner = el.value
                if isinstance(el, cst.StarredElement):
                    self.bind(inner, Taint(taint.origin, container=True) if taint else None, None)
                else:
                    self.bind(inner, element, None)
        elif isinstance(target, cst.StarredElement):
            self.bind(target.value, taint, None)
        elif isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) and taint is not None:
            # d["k"] = traced: d now holds a traced value
            name = target.value.value
            if name not in self.env:
                self.env[name] = Taint(taint.origin, container=True)
                self.locals.add(name)
            self.ev(target)
        else:
            self.ev(target)

    def bind_loop_target(self, target: cst.BaseAssignTargetExpression, iterable: cst.BaseExpression) -> None:
        """``for a, b in zip(xs, ys)`` / ``enumerate`` / ``d.items()`` keep their positions apart."""
        parts = self._iter_parts(iterable)
        if parts is not None and isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) == len(parts):
            for el, t in zip(target.elements, parts):
                self.bind(el.value, t, None)
            return
        self.bind(target, _element(self.taints.get(iterable)), None)

    def _iter_parts(self, iterable: cst.BaseExpression) -> list[Taint | None] | None:
        if not isinstance(iterable, cst.Call):
            return None
        name = self.resolve(iterable.func)
        args = [a.value for a in iterable.args if a.keyword is None]
        if name == "enumerate" and args:
            return [None, _element(self.taints.get(args[0]))]
        if name == "zip":
            return [_element(self.taints.get(a)) for a in args]
        if isinstance(iterable.func, cst.Attribute) and iterable.func.attr.value == "items" and not args:
            return [None, _element(self.taints.get(iterable.func.value))]
        return None

    # -- expressions ------------------------------------------------------------------------
    def ev(self, node: cst.CSTNode) -> Taint | None:
        method = getattr(self, "ev_" + type(node).__name__, None)
        t = method(node) if method is not None else self.ev_default(node)
        self.taints[node] = t
        if self.hooks:
            self.dispatch(node)
        return t

    def ev_default(self, node: cst.CSTNode) -> Taint | None:
        result = None
        for child in children(node):
            if isinstance(child, cst.BaseSuite):
                continue
            t = self.ev(child)
            result = result or t
        return result

    def ev_Name(self, node: cst.Name) -> Taint | None:
        return self.lookup(node.value)

    def ev_Integer(self, node: cst.CSTNode) -> None:
        return None

    ev_Float = ev_Imaginary = ev_SimpleString = ev_Ellipsis = ev_Integer

    def ev_FormattedString(self, node: cst.FormattedString) -> None:
        self.ev_default(node)
        return None

    def ev_ConcatenatedString(self, node: cst.ConcatenatedString) -> None:
        self.ev_default(node)
        return None

    def ev_Attribute(self, node: cst.Attribute) -> Taint | None:
        t = self.ev(node.value)
        attr = node.attr.value
        if t is None or attr in jaxapi.STATIC_ATTRIBUTES or (attr.startswith("__") and attr.endswith("__")):
            return None  # x.shape, x.dtype, ...; x.__class__, x.__name__ are about the type
        if node.attr.value in self.index.static_field_names:
            return None  # declared static by a class of this module (eqx.field(static=True), ...)
        return Taint(t.origin, opaque=True, foreign=t.foreign)

    def ev_Subscript(self, node: cst.Subscript) -> Taint | None:
        base = self.ev(node.value)
        index = None
        for el in node.slice:
            sl = el.slice
            if isinstance(sl, cst.Index):
                index = self.ev(sl.value) or index
            else:
                for part in (sl.lower, sl.upper, sl.step):
                    if part is not None:
                        index = self.ev(part) or index
                self.taints[sl] = None
        if base is not None:
            keyed = any(
                isinstance(el.slice, cst.Index) and isinstance(el.slice.value, (cst.SimpleString, cst.ConcatenatedString))
                for el in node.slice
            )
            opaque = base.opaque or keyed or base.container
            return Taint(base.origin, boolean=base.boolean and not base.container, opaque=opaque, foreign=base.foreign)
        if index is not None and not self.is_sequence(node.value) and not self.is_mapping(node.value):
            return Taint(index.origin)
        return None

    def ev_BinaryOperation(self, node: cst.BinaryOperation) -> Taint | None:
        left, right = self.ev(node.left), self.ev(node.right)
        t = left or right
        if t is None:
            return None
        boolean = isinstance(node.operator, (cst.BitAnd, cst.BitOr, cst.BitXor)) and all(
            x.boolean for x in (left, right) if x is not None
        )
        traced = [x for x in (left, right) if x is not None]
        if isinstance(node.operator, cst.Add) and all(x.container for x in traced):
            # tuple + tuple, list + list
            return Taint(t.origin, container=True, opaque=any(x.opaque for x in traced), foreign=any(x.foreign for x in traced))
        return Taint(t.origin, boolean=boolean, opaque=all(x.opaque for x in traced), foreign=all(x.foreign for x in traced))

    def ev_UnaryOperation(self, node: cst.UnaryOperation) -> Taint | None:
        t = self.ev(node.expression)
        if t is None:
            return None
        if isinstance(node.operator, cst.Not):
            return Taint(t.origin, boolean=True, opaque=t.opaque or t.container)
        return Taint(t.origin, boolean=isinstance(node.operator, cst.BitInvert) and t.boolean)

    def ev_BooleanOperation(self, node: cst.BooleanOperation) -> Taint | None:
        left = self.ev(node.left)
        # `not isinstance(x, jax.core.Tracer) and x > 0`: the right side runs only when the left
        # side holds, so what the left side rules out is ruled out there too
        in_body, in_else = self._narrowing(node.left)
        hidden = {n: self.env.pop(n) for n in (in_body if isinstance(node.operator, cst.And) else in_else) if n in self.env}
        right = self.ev(node.right)
        self.env.update(hidden)
        t = left or right
        if t is None:
            return None
        traced = [x for x in (left, right) if x is not None]
        # Python tests the left operand first: if we cannot tell what it is, it may short-circuit
        first = left if left is not None else right
        return Taint(t.origin, boolean=all(x.boolean for x in traced), opaque=first.opaque or first.container)

    def ev_Comparison(self, node: cst.Comparison) -> Taint | None:
        left = self.ev(node.left)
        rights = [self.ev(c.comparator) for c in node.comparisons]
        ops = [c.operator for c in node.comparisons]
        if all(isinstance(op, (cst.Is, cst.IsNot)) for op in ops):
            return None
        if all(isinstance(op, (cst.In, cst.NotIn)) for op in ops):
            # "key" in batch: a dict lookup with a static key is static
            if left is None:
                return None
            return Taint(left.origin, boolean=True, opaque=left.foreign, foreign=left.foreign)
        if all(isinstance(op, (cst.Equal, cst.NotEqual)) for op in ops) and any(
            isinstance(e, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString))
            for e in (node.left, *(c.comparator for c in node.comparisons))
        ):
            return None  # tracer == "sample" is plain False: JAX arrays never equal a string
        if all(isinstance(op, (cst.Equal, cst.NotEqual)) for op in ops) and any(
            isinstance(e, (cst.Tuple, cst.List)) and not e.elements for e in (node.left, *(c.comparator for c in node.comparisons))
        ):
            return None  # args == (): comparing Python containers
        traced = [x for x in (left, *rights) if x is not None]
        if not traced:
            return None
        foreign = all(x.foreign for x in traced)  # pytree_size(x) < 2: maybe plain Python ints
        return Taint(traced[0].origin, boolean=True, opaque=foreign, foreign=foreign)

    def ev_IfExp(self, node: cst.IfExp) -> Taint | None:
        self.test(node.test)
        body, orelse = self.ev(node.body), self.ev(node.orelse)
        return body or orelse

    def ev_Lambda(self, node: cst.Lambda) -> None:
        for p in node.params.params:
            if p.default is not None:
                self.ev(p.default)
        self.define(node)
        return None

    def _sequence(self, node: cst.CSTNode, elements) -> Taint | None:
        t = None
        for el in elements:
            et = self.ev(el.value) if not isinstance(el, (cst.DictElement,)) else (self.ev(el.key), self.ev(el.value))[1]
            if isinstance(el, cst.StarredDictElement):
                et = self.ev(el.value)
            t = t or et
        return Taint(t.origin, container=True, opaque=t.opaque) if t is not None else None

    def ev_Tuple(self, node: cst.Tuple) -> Taint | None:
        return self._sequence(node, node.elements)

    ev_List = ev_Set = ev_Tuple

    def ev_Dict(self, node: cst.Dict) -> Taint | None:
        return self._sequence(node, node.elements)

    def _comprehension(self, node, elts: list[cst.BaseExpression]) -> Taint | None:
        saved_env, saved_locals = dict(self.env), set(self.locals)
        clause = node.for_in
        while clause is not None:
            self.ev(clause.iter)
            self.bind_loop_target(clause.target, clause.iter)
            for cond in clause.ifs:
                self.test(cond.test)
                self.dispatch(cond)
            clause = clause.inner_for_in
        t = None
        for elt in elts:
            t = self.ev(elt) or t
        self.env, self.locals = saved_env, saved_locals
        return Taint(t.origin, container=True, opaque=t.opaque) if t is not None else None

    def ev_ListComp(self, node: cst.ListComp) -> Taint | None:
        return self._comprehension(node, [node.elt])

    ev_SetComp = ev_GeneratorExp = ev_ListComp

    def ev_DictComp(self, node: cst.DictComp) -> Taint | None:
        return self._comprehension(node, [node.key, node.value])

    def ev_NamedExpr(self, node: cst.NamedExpr) -> Taint | None:
        t = self.ev(node.value)
        self.bind(node.target, t, node.value)
        return t

    def ev_Call(self, node: cst.Call) -> Taint | None:
        func = node.func
        receiver = self.ev(func)
        arg_taints = [self.ev(a.value) for a in node.args]
        any_arg = next((t for t in arg_taints if t is not None), None)
        name = self.resolve(func)
        if name in jaxapi.STATIC_CALLS or name in jaxapi.CONCRETIZING_BUILTINS:
            return None
        if name == "getattr" and len(node.args) >= 2:
            attr = node.args[1].value
            if isinstance(attr, cst.SimpleString) and attr.evaluated_value in jaxapi.STATIC_ATTRIBUTES:
                return None  # getattr(x, "shape", ()) is x.shape
        if isinstance(func, cst.Attribute):
            method = func.attr.value
            if method in jaxapi.CONCRETIZING_METHODS:
                return None
            if method == "keys" and not node.args:
                return None
            if method in ("items", "values") and not node.args and receiver is not None:
                return Taint(receiver.origin, container=True)
        if name == "range":
            return None
        self._propagate_call(node)
        local = self._local_callee(node)
        if local is not None:
            callee, mapped = local
            return self.analysis.summary(callee, mapped) if mapped else None
        if self.reporting and name is not None and any(t is not None for t in arg_taints):
            self._record_outcall(node, name, arg_taints)
        obj = self.taints.get(func.value) if isinstance(func, cst.Attribute) else None
        t = obj or receiver or any_arg
        if t is None:
            return None
        if name in _CONTAINER_CALLS or name in jaxapi.TREE_CONTAINERS:
            return Taint(t.origin, container=True)
        if name in jaxapi.TREE_MAPS:
            return self._tree_map_result(node, t)
        if isinstance(func, cst.Attribute) and func.attr.value in ("any", "all"):
            return Taint(t.origin, opaque=obj is not None and obj.opaque)
        if obj is not None:
            # a method: of an array, an array; of something we cannot see into, who knows
            return Taint(t.origin, opaque=obj.opaque or obj.container, foreign=obj.foreign)
        if name is not None and (name.startswith(("jax.", "numpy.")) or name in _ARITHMETIC_BUILTINS):
            return Taint(t.origin, boolean=name in _BOOLEAN_FUNCS)
        if name is not None and name.startswith(_ARRAY_LIBRARIES):
            return Taint(t.origin)  # optax.global_norm(grads), ...: arrays in, arrays out
        if isinstance(func, cst.Call) and (self.resolve(func.func) or "").startswith(_LAYER_LIBRARIES):
            return Taint(t.origin)  # nn.Dense(4)(x), hk.Linear(4)(x): a layer applied to an array
        return Taint(t.origin, opaque=True, foreign=True)  # another module's function: its result's type is unknown

    def _tree_map_args(self, node: cst.Call) -> tuple[FunctionInfo, dict[str, Taint]] | None:
        """jax.tree.map(f, *trees) with f of this module: f's parameters get the trees' leaves."""
        args = positional_args(node)
        fn = self.index.resolve_function(args[0].value, self.info) if args else None
        if fn is None:
            return None
        mapped = {}
        for p, a in zip(fn[0].positional, args[1:]):
            at = self.taints.get(a.value)
            if at is not None:
                mapped[p.name] = Taint(at.origin, opaque=at.opaque, foreign=at.foreign)
        return fn[0], mapped

    def _tree_map_result(self, node: cst.Call, t: Taint) -> Taint | None:
        """jax.tree.map(f, tree): traced only if f returns something traced for traced leaves."""
        found = self._tree_map_args(node)
        if found is None:
            return Taint(t.origin, opaque=True, foreign=t.foreign)
        callee, mapped = found
        result = self.analysis.summary(callee, mapped) if mapped else None
        return Taint(result.origin, opaque=True, foreign=result.foreign or t.foreign) if result is not None else None

    # -- calls into the module's own functions ----------------------------------------------
    def _local_callee(self, call: cst.Call) -> tuple[FunctionInfo, dict[str, Taint]] | None:
        """A call to a function of this module: which of its parameters get traced values."""
        func = call.func
        bound_pos = 0
        bound_self = False
        framework = self._framework_apply(call)
        if framework is not None:
            callee, skip = framework
            call = call.with_changes(args=call.args[skip:])  # drop params/rng: map the model's inputs
            resolved = (callee, None, True)
        elif isinstance(func, cst.Call):
            target, bound_pos, _kw = self.index.unwrap(func, self.info)
            resolved = self.index.resolve_function(target, self.info)
        else:
            if isinstance(func, cst.Name) and func.value in self.env:
                return None
            resolved = self.index.resolve_function(func, self.info)
        if resolved is None:
            return None
        callee, _use, bound_self = resolved
        params = callee.positional
        mapped: dict[str, Taint] = {}
        if callee.is_method and params:
            explicit_self = (
                isinstance(func, cst.Attribute)
                and isinstance(func.value, cst.Name)
                and func.value.value in self.index.classes
            )  # Class.method(obj, ...) passes self explicitly
            if not explicit_self and (bound_self or isinstance(func, cst.Attribute)):
                if isinstance(func, cst.Attribute):
                    owner = self.taints.get(func.value)
                    if owner is not None:
                        mapped[params[0].name] = owner
                params = params[1:]
        params = params[bound_pos:]
        vararg = next((p for p in callee.params if p.kind == "vararg"), None)
        i = 0
        for arg in call.args:
            t = self.taints.get(arg.value)
            if arg.keyword is not None:
                p = callee.param(arg.keyword.value)
                if p is not None and t is not None:
                    mapped[p.name] = t
                continue
            if arg.star:
                if t is not None:
                    for p in params[i:]:
                        mapped[p.name] = t
                    if vararg is not None:
                        mapped[vararg.name] = Taint(t.origin, container=True)
                continue
            if i < len(params):
                if t is not None:
                    mapped[params[i].name] = t
            elif vararg is not None and t is not None:
                mapped[vararg.name] = Taint(t.origin, container=True)
            i += 1
        if mapped and self.reporting:
            self.analysis.propagate(callee, mapped, self.info)
        return callee, mapped

    def _record_outcall(self, call: cst.Call, name: str, arg_taints: list) -> None:
        """A traced value passed to a function imported from elsewhere: remember it for the project."""
        head = name.split(".", 1)[0]
        if "." not in name or head in ("jax", "numpy", "jaxlib", "functools", "math", "builtins", "typing"):
            return
        if isinstance(call.func, cst.Attribute) and self.taints.get(call.func.value) is not None:
            return  # a method of a traced object
        args: dict = {}
        position = 0
        for arg, t in zip(call.args, arg_taints):
            if arg.star:
                break
            key = arg.keyword.value if arg.keyword is not None else str(position)
            if arg.keyword is None:
                position += 1
            if t is not None and not t.container and not t.opaque:  # only values known to be arrays
                root = t.origin.root or t.origin
                args[key] = [t.origin.name, t.origin.why, t.origin.flaglike, root.name,
                             root.function.display() if root.function else "", t.opaque, t.boolean]
        if args:
            entry = self.analysis.outcalls.setdefault((name, self.info.display()), {})
            for k, v in args.items():
                entry.setdefault(k, v)

    def _framework_apply(self, call: cst.Call) -> tuple[FunctionInfo, int] | None:
        """``model.apply(params, x)`` of a flax module of this file runs ``Model.__call__(x)``
        (or ``method=``); ``net.apply(params, rng, x)`` of ``net = hk.transform(f)`` runs ``f(x)``.
        Returns the function and how many leading arguments are not its inputs."""
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "apply" and call.args):
            return None
        if any(a.star for a in call.args[:1]):
            return None
        klass = self.index.instance_class(func.value, self.info)
        if klass is not None:
            method = "__call__"
            for arg in call.args:
                if arg.keyword is not None and arg.keyword.value == "method":
                    value = arg.value
                    if isinstance(value, cst.SimpleString):
                        method = value.evaluated_value
                    elif isinstance(value, cst.Attribute):
                        method = value.attr.value
            target = klass.methods.get(method)
            return (target, 1) if target is not None else None
        bound = self.index.binding(func.value.value, self.info) if isinstance(func.value, cst.Name) else None
        skip = 2  # hk.transform(f).apply(params, rng, *inputs)
        for _ in range(3):
            if not isinstance(bound, cst.Call) or not bound.args:
                return None
            name = self.resolve(bound.func) or ""
            if name == "haiku.without_apply_rng":
                skip -= 1
                bound = bound.args[0].value
                continue
            if name in ("haiku.transform", "haiku.transform_with_state"):
                if name == "haiku.transform_with_state":
                    skip += 1  # apply(params, state, rng, *inputs)
                target = self.index.resolve_function(bound.args[0].value, self.info)
                return (target[0], skip) if target is not None else None
            return None
        return None

    def _propagate_call(self, call: cst.Call) -> None:
        """Higher-order calls inside traced code: partial-bound or tree-mapped traced values."""
        if not self.reporting:
            return
        name = self.resolve(call.func)
        args = positional_args(call)
        if name in jaxapi.TREE_MAPS and args:
            found = self._tree_map_args(call)
            if found is not None and found[1]:
                self.analysis.propagate(found[0], found[1], self.info)
            return
        spec = jaxapi.LAX_FUNCTION_ARGS.get(name or "")
        if spec is None:
            return
        for i in spec[0]:
            if i < len(args) and isinstance(args[i].value, cst.Call):
                inner = args[i].value
                if self.resolve(inner.func) == "functools.partial":
                    bound = positional_args(inner)
                    fn = self.index.resolve_function(bound[0].value, self.info) if bound else None
                    if fn is None:
                        continue
                    mapped = {}
                    for p, a in zip(fn[0].positional, bound[1:]):
                        t = self.taints.get(a.value)
                        if t is not None:
                            mapped[p.name] = t
                    if mapped:
                        self.analysis.propagate(fn[0], mapped, self.info)


def _element(t: Taint | None) -> Taint | None:
    return None if t is None else Taint(t.origin, boolean=t.boolean, opaque=t.opaque)


def _merge(a: dict[str, Taint], b: dict[str, Taint]) -> dict[str, Taint]:
    out = dict(a)
    for k, v in b.items():
        out.setdefault(k, v)
    return out


def build_hooks(rules: list["Rule"]) -> dict[str, list[tuple[str, Hook]]]:
    """Node type name -> (rule code, hook) for the traced-scope rules' ``visit_<Node>`` methods."""
    hooks: dict[str, list[tuple[str, Hook]]] = {}
    for rule in rules:
        for attr in dir(rule):
            if attr.startswith("visit_"):
                hooks.setdefault(attr[len("visit_"):], []).append((rule.code, getattr(rule, attr)))
    return hooks
