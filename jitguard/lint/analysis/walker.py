"""The walker: one traced function's body, in order, tracking which local names hold traced
values; and the :class:`Context` through which rules see that walk.

Flow-sensitive: ``n = x.shape[0]`` makes ``n`` static again; branches merge by union
(``lattice.merge``); loop bodies are walked twice so values carried round the loop are seen; a
``try:`` whose handlers catch tracer errors mutes what fails in its body. Each expression's
value is computed by the lattice's transfer functions (``jitguard.lint.analysis.lattice``);
calls by :class:`jitguard.lint.analysis.callsem.CallSemantics`. At each node the walker calls
the rules' ``visit_<NodeType>`` hooks with a :class:`Context`.

Imports met in the body go to a table of the function's own, in front of the module's: they
never change how other functions resolve names.
"""

from __future__ import annotations

import dataclasses

from typing import TYPE_CHECKING

import libcst as cst

from jitguard.lint.analysis import annotated, dispatch, flatten_leaves, jaxapi, jaxsig, jitcontext, keyedmaps, lattice, npparams, objects, operators, scalarattrs, unflatten_hooks
from jitguard.lint.analysis.callsem import CallSemantics
from jitguard.lint.analysis.carries import arriving_tuple, carry_fields
from jitguard.lint.analysis.instances import mapping_alias_params, static_property, truthy_instance_params
from jitguard.lint.analysis.jitcontext import FunctionInfo
from jitguard.lint.analysis.imports import dotted
from jitguard.lint.analysis.lattice import TAIL, Taint
from jitguard.lint.analysis.moduledefaults import array_module_params, attribute_module, held_module, remote_modules
from jitguard.lint.analysis.walk import children, iter_nodes
from jitguard.lint.analysis.memo import PerIndex

if TYPE_CHECKING:
    from jitguard.lint.analysis.taint import Analysis
    from jitguard.lint.diagnostics import Fix


_CONVERSIONS = frozenset({"float", "int", "complex", "bool"})  # builtins that raise on a tracer
# FUNCTIONARG: what a class may be decorated with and derive from and still be made by `type`
_PLAIN_CLASS_DECORATORS = frozenset({"dataclasses.dataclass"})
_PLAIN_BASES = frozenset({"object", "typing.NamedTuple"})
# builtins whose elements are their one argument's elements (in its order or reversed)
_SAME_ELEMENTS = frozenset({"list", "tuple", "reversed"})


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

    @property
    def index(self):
        """The module index the walk reads (for facts a rule notes in the walk and judges in
        its ``check_module``)."""
        return self._w.index

    @property
    def trace_kind(self) -> str | None:
        """The kind of trace the walked code runs under (jitcontext.STAGED, BATCHED,
        DIFFERENTIATED; None: not known, treat as staged)."""
        return self._w.kind

    def taint(self, expr: cst.CSTNode | None) -> Taint | None:
        if expr is None:
            return None
        return self._w.taints.get(expr)

    @property
    def taints(self) -> dict:
        """The taint of each walked expression (node -> taint)."""
        return self._w.taints

    def array_taint(self, expr: cst.CSTNode | None) -> Taint | None:
        """The taint of an expression known to be a traced array (not a Python container, and
        not an attribute/key of traced data whose type we cannot see); None otherwise."""
        t = self.taint(expr)
        return t if t is not None and not t.container and not t.opaque else None

    def resolve(self, expr: cst.BaseExpression) -> str | None:
        return self._w.resolve(expr)

    def key_result(self, call: cst.Call) -> Taint | None:
        """``sorted(xs, key=f)`` (``min``, ``max``) of two elements or more: what ``f`` returns for
        an element, which Python compares (None: static or not known)."""
        return self._w.key_results.get(call)

    def is_sequence(self, expr: cst.BaseExpression) -> bool:
        """Known to be a Python list or tuple (a literal, a name bound to one, or ``x.shape``)."""
        return self._w.is_sequence(expr)

    def through_partial(self, call: cst.Call) -> cst.Call | None:
        """The call ``g(x)`` makes when ``g`` is a ``functools.partial`` (inline or a name bound once
        to one): ``f(a, x, k=v)``; None when it is not one."""
        return self._w._through_partial(call)

    def is_mapping(self, expr: cst.BaseExpression) -> bool:
        """Known to be a Python dict (a literal, or a name bound to one here or at module level)."""
        return self._w.is_mapping(expr)

    def keyed_mapping(self, expr: cst.BaseExpression) -> bool:
        """A name this function indexes by a string (``v["params"]``, ``"params" in v``): a
        mapping, never an array (JAX arrays take no string index), whose keys are static."""
        return keyedmaps.keyed_mapping(self._w.index, self._w.info, expr)

    def is_numpy_array(self, expr: cst.BaseExpression) -> bool:
        """Known to be a NumPy array (a ``numpy`` call on static values, a name bound to one, its
        rows, items or arithmetic): indexing it with a tracer makes NumPy convert the tracer."""
        return self._w.is_numpy_array(expr)

    def functions_of_value(self, expr: cst.BaseExpression) -> tuple[FunctionInfo, ...] | None:
        """The functions of the module a function value (passed, not called) may be: a def or
        lambda it names, or ``obj.method`` with the method of each class ``obj`` is known to be an
        instance of (``dispatch.owner_classes``); None when not known."""
        found = self._w.index.resolve_function(expr, self._w.info)
        if found is not None:
            return (found[0],) if found[1] is None else None
        classes = dispatch.owner_classes(self._w, expr) if type(expr) is cst.Attribute else None
        methods = tuple(self._w.index.find_method(k, expr.attr.value) for k in classes or ())
        return methods if methods and all(m is not None for m in methods) else None

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
        if fn is None or fn.param(origin.keyword or origin.name) is None or "jitted" not in origin.why:
            return None
        where = "" if origin is taint.origin else f" on `{fn.display()}`"
        return f'`static_argnames=("{origin.name}",)`{where}'

    def report(self, node: cst.CSTNode, message: str, help: str = "", fix: "Fix | None" = None) -> None:
        """Report a violation of the rule whose hook is running, at ``node``."""
        self._w.report(self._code, node, message, help, fix)


# operators no Python container nor None supports (lattice.binary, CHILDARITH)
_NUMERIC_OPERATORS = (cst.Subtract, cst.Divide, cst.FloorDivide, cst.Modulo, cst.Power, cst.MatrixMultiply,
                      cst.LeftShift, cst.RightShift)


class Walker(CallSemantics):
    """Walks one function body, in order, tracking traced names."""

    def __init__(self, analysis: "Analysis", info: FunctionInfo, report: bool, entry: dict[str, Taint] | None = None,
                 closure: dict[str, Taint] | None = None, kind: str | None = None) -> None:
        self.analysis = analysis
        self.index = analysis.index
        self.info = info
        self.reporting = report
        self.env: dict[str, Taint] = {}
        self.locals: set[str] = {p.name for p in info.params}
        self.module_params = self._module_params()  # `xnp=np` left at its default by a trace
        self.seqs: set[str] = set()
        self.maps: set[str] = set()
        self.nparrays: set[str] = set()  # local names bound to NumPy arrays
        self.static_keys: dict[str, set[str]] = {}  # keys item assignment gave Python values in a static dict
        # "obj.attr" paths assigned a static value in this body (traced ones are in env)
        self.static_attrs: set[str] = set()
        self.keypath_lists: dict[str, Taint] = {}  # KEYPATH: names bound to (key path, leaf) pairs
        self.rebound: set[str] = set()  # names this walk has bound so far (parameters no longer hold their value)
        self.taints: dict[cst.CSTNode, Taint | None] = {}
        self.test_nodes: set[cst.CSTNode] = set()
        self.returns: list[Taint | None] = []
        self.key_results: dict[cst.Call, Taint | None] = {}  # sorted(xs, key=f): what f returns for an element
        self.dead = False  # the current path ended (return/raise/break/continue)
        self.muted = 0  # inside `try:` bodies whose handlers catch tracer errors
        self.reported: list[tuple] = []
        self._seen: set[tuple[str, cst.CSTNode]] = set()
        self.state = analysis.index.traces.of(info)  # what the analysis found so far (read only here)
        # the traced names around a nested function: those of the enclosing body where it is called
        # (a summary), else all the analysis has seen around its definitions
        self.closure = self.state.closure if closure is None else closure
        # staged out by jit/pmap/a lax loop (how, for messages): jnp results are tracers here
        self.staged = analysis.staged(info)
        # inside `with jax.ensure_compile_time_eval():` JAX computes operations on concrete values
        # eagerly, even under jit: they give concrete arrays, not tracers
        self.eager = 0
        self.env.update(self.state.entry() if entry is None else entry)
        if entry is None:
            for name, taint in self.env.items():
                fields = analysis.param_fields(info, name)
                if fields is None:  # jax.jit(f)(x, Params(...)): a record's leaves are tracers
                    fields = objects.arriving_fields(self.index, info, name, taint)
                if fields is None:  # lax.while_loop(cond, body, (0, True)): a carry of two tracers
                    fields = carry_fields(self.index, info, name, taint)
                if fields is None:  # jax.jit(f)(x, (coils, 4)): a tuple of two tracers
                    fields = arriving_tuple(self.index, info, name, taint)
                if fields is not None:  # out = solve(x); check(out): check's `out` knows its fields
                    self.env[name] = dataclasses.replace(taint, container=True, fields=fields)
                elif (mask := objects.arriving_mask(self.index, info, name, taint)) is not None:
                    self.env[name] = mask  # jax.jit(f)(x, x > 0): a traced boolean array
        for name in _str_params(info) & self.env.keys():
            del self.env[name]  # annotated `str`: JAX cannot trace a str (a str argument of jit is a TypeError)
        annotated = _container_params(info)
        annotated.update(dict.fromkeys(mapping_alias_params(self.index, info) - annotated.keys(), True))
        for name in (annotated.keys() | literal_container_params(self.index, info)) & self.env.keys():
            # annotated as a dict/tuple/list (or None): a container of traced leaves, whose truth
            # value and length are static; a dict's keys (what iterating it gives) are static too
            self.env[name] = dataclasses.replace(self.env[name], container=True,
                                                 mapping=self.env[name].mapping or annotated.get(name, False))
        for name in truthy_instance_params(self.index, info) & self.env.keys():
            # annotated as an instance of a class without __bool__/__len__ (or None): always true
            self.env[name] = dataclasses.replace(self.env[name], container=True)
        for p in info.params:
            if p.kind == "kwarg" and p.name in self.env:
                # **kwargs is a dict whose keys are the str names of the keywords: static, whatever
                # the values are (for k in kwargs, kwargs.items(), "k" in kwargs)
                self.env[p.name] = dataclasses.replace(self.env[p.name], container=True, mapping=True)
                if entry is None:
                    self.env[p.name] = _open_kwargs(self.state, self.env[p.name], analysis.received_fields(info, p.name))
        self.entry_env = dict(self.env)  # what the parameters hold on entry (Taint objects, by identity)
        # parameters every call fills with NumPy data, untraced here (npparams: a plain call, vmap's in_axes=None)
        self.npitems: set[str] = set()
        for p in info.params:
            held = npparams.numpy_param(self.index, info, p.name) if p.name not in self.env else None
            {npparams.ARRAY: self.nparrays, npparams.ITEMS: self.npitems, npparams.SEQUENCE: self.seqs}.get(
                held, set()).add(p.name)  # a SEQUENCE parameter is a Python list/tuple (is_sequence)
        for name in npparams.traced_sequence_params(self.index, info) & self.env.keys():
            # jax.jit hands a tuple/list argument over as a tuple/list of tracers: a Python sequence
            self.seqs.add(name)
            self.env[name] = dataclasses.replace(self.env[name], container=True)
        # the import table names resolve through: the function's own (ModuleIndex.imports_of: the
        # module's, or a child with the imports of this body and of the functions it is nested in)
        self.imports = analysis.index.imports_of(info)
        self.hooks = analysis.hooks if report else {}
        # the kind of trace this code runs under (jitcontext.TRACE_KINDS): only the rules whose
        # errors happen under it look at it (Rule.trace_kinds; grad alone: float(), NumPy...)
        # (a summary of a helper no trace reached yet runs under its caller's kind)
        self.kind = analysis.index.traces.kind(info) or kind
        if self.kind is not None and self.hooks:
            self.hooks = {t: [(c, h) for c, h in hs if self.kind in getattr(getattr(h, "__self__", None), "trace_kinds",
                                                                              (self.kind,))]
                          for t, hs in self.hooks.items()}

    # -- driving ----------------------------------------------------------------------------
    def walk(self) -> None:
        body = self.info.node.body
        if self.reporting:  # JAX rebuilds pytree arguments in the trace: their __post_init__ runs there
            unflatten_hooks.run(self)
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
                if name.rsplit(".", 1)[-1] in jaxapi.CATCHES_TRACER_ERRORS:
                    return 1
        return 0

    def report(self, code: str, node: cst.CSTNode, message: str, help: str, fix: "Fix | None") -> None:
        key = (code, node)
        if self.muted:
            return
        if self.reporting and key not in self._seen:
            self._seen.add(key)
            self.reported.append((code, node, message, help, fix))

    @property
    def ctx(self) -> Context:
        """What a rule sees of this walk (made when asked: a walker holding its context would be a
        reference cycle, and the module's tree would then wait for CPython's cycle collector)."""
        return Context(self)

    def dispatch(self, node: cst.CSTNode) -> None:
        hooks = self.hooks.get(type(node).__name__)
        if not hooks:
            return
        failed = self.analysis.rule_errors
        ctx = Context(self)
        for code, hook in hooks:
            if code in failed:
                continue
            ctx._code = code
            try:
                hook(node, ctx)
            except RecursionError:
                raise
            except Exception as exc:  # noqa: BLE001 - one rule's bug must not hide the others' findings
                failed[code] = exc

    def resolve(self, expr: cst.BaseExpression) -> str | None:
        found = self.imports.resolve(expr, self.locals)
        if found is None and self.module_params and (text := dotted(expr)) is not None:
            head, _, rest = text.partition(".")
            module = self.module_params.get(head)
            if module is not None:  # `xnp.stack` with `xnp=np` left at its default (never rebound)
                return f"{module}.{rest}" if rest else module
        if found is None and self.info.is_method and (text := dotted(expr)) is not None and "." in text:
            return attribute_module(self, text)  # ATTRMODULE: `self._xp.stack`, `xp = self._xp`
        return found

    def _module_params(self) -> dict[str, str]:
        """Parameters defaulting to an array module (``xnp=np``): the module each stands for in
        the traces of this function (moduledefaults.held_module)."""
        out = {}
        for name, (default, passed) in array_module_params(self.index, self.info).items():
            remote, passed_remotely = remote_modules(self.index, self.info, name)  # MODULEARG
            held = self.analysis.modules_held(self.info, name) | remote
            module = held_module(self.index, self.info, name, default, passed or passed_remotely, held)
            if module is not None:
                out[name] = module
        return out

    def lookup(self, name: str) -> Taint | None:
        if name in self.env:
            return self.env[name]
        if name in self.locals:
            return None
        return self.closure.get(name)

    def is_sequence(self, expr: cst.BaseExpression) -> bool:
        if isinstance(expr, cst.Attribute) and expr.attr.value == "shape":
            return True
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and expr.value.value not in self.env:
            # self.pairs, stored once by __init__ as a list or tuple literal (self not traced, not rebound)
            return sequence_attribute(self.index, self.info, expr.value.value, expr.attr.value)
        return self._python_literal(expr, (cst.List, cst.Tuple), self.seqs, self.index.module_sequences)

    def is_numpy_array(self, expr: cst.BaseExpression) -> bool:
        if self.taints.get(expr) is not None:
            return False  # traced: not a NumPy value
        if isinstance(expr, cst.Name):
            name = expr.value
            if name in self.nparrays or name in self.env or name in self.locals or self.lookup(name) is not None:
                return name in self.nparrays and name not in self.env
            # free here, bound once outside (TABLE = np.arange(12.0).reshape(4, 3) at module level)
            return numpy_array_binding(self.index, self.info.parent, name) is not None
        if isinstance(expr, cst.Call):
            name = self.resolve(expr.func) or ""
            last = name.rsplit(".", 1)[-1]
            return (name.startswith("numpy.") and not name.startswith(_NUMPY_NOT_ARRAYS) and last[:1].islower()
                    and name not in jaxapi.STATIC_CALLS)
        if isinstance(expr, cst.Subscript):
            return self.is_numpy_array(expr.value) or self._numpy_items(expr.value)
        if isinstance(expr, cst.Attribute):
            if expr.attr.value == "T":
                return self.is_numpy_array(expr.value)
            # self.table, stored once by __init__ as a NumPy array (self not traced, not rebound)
            return (isinstance(expr.value, cst.Name) and self.taints.get(expr.value) is None
                    and expr.value.value not in self.env
                    and numpy_array_attribute(self.index, self.info, expr.value.value, expr.attr.value))
        if isinstance(expr, cst.BinaryOperation):
            return self.is_numpy_array(expr.left) or self.is_numpy_array(expr.right)
        return False

    def _numpy_items(self, expr: cst.BaseExpression) -> bool:
        """A parameter (here or of an enclosing function) holding NumPy arrays as its items in
        every call (npparams.ITEMS), not rebound: ``params["w"]`` is a NumPy array."""
        if not isinstance(expr, cst.Name) or expr.value in self.env or self.lookup(expr.value) is not None:
            return False
        if expr.value in self.locals:
            return expr.value in self.npitems and expr.value not in self.rebound
        return npparams.numpy_param(self.index, self.info.parent, expr.value) == npparams.ITEMS

    def is_mapping(self, expr: cst.BaseExpression) -> bool:
        return self._python_literal(expr, (cst.Dict, cst.DictComp), self.maps, self.index.module_mappings)

    def _python_literal(self, expr, kinds: tuple, local: set[str], module_level: set[str]) -> bool:
        """A literal of these kinds, or a name bound to one here, by its only assignment in an
        enclosing function (a closure: ``pairs = []`` filled by ``append``), or (not shadowed) at
        module level."""
        if isinstance(expr, kinds):
            return True
        if isinstance(expr, cst.Name):
            if expr.value in local:
                return True
            if expr.value in self.locals:
                return False
            if expr.value in module_level:
                return True
            return (self.info.parent is not None and self.lookup(expr.value) is None
                    and isinstance(self.index.binding(expr.value, self.info.parent), kinds))
        return False

    def captured_array(self, expr: cst.BaseExpression) -> str | None:
        """``y`` free in this staged function and bound, once, outside it to a concrete JAX array
        (``y = jnp.arange(10.0)`` at module level or in an enclosing function): that binding, for
        messages; None otherwise (also outside staged code, and inside ensure_compile_time_eval).
        ``y`` itself is concrete (``bool(y)``, ``y.shape``, ``np.asarray(y)`` work), but every JAX
        operation on it in staged code is staged out and gives a tracer (see :meth:`on_captured_array`)."""
        if self.staged is None or self.eager:
            return None
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
            return self._metadata_array(expr.value.value, expr.attr.value)
        if not isinstance(expr, cst.Name):
            return None
        name = expr.value
        if name in self.locals or name in self.env or self.lookup(name) is not None:
            return None
        return concrete_array_binding(self.index, self.info.parent, name)

    def _metadata_array(self, owner: str, attr: str) -> str | None:
        """``x.a`` with ``x`` a parameter of this staged function (not rebound) and ``a`` pytree
        metadata (aux data, a static field): a call of this function in the module passes an
        instance built with a concrete JAX array as ``a``. JAX keeps metadata as it is, so ``x.a``
        is that concrete array in the trace, and a JAX operation on it gives a tracer."""
        if (attr not in self.index.static_field_names or self.info.param(owner) is None
                or owner in self.index.assigned_names(self.info)):
            return None
        return metadata_array_binding(self.index, self.info, owner, attr)

    def on_captured_array(self, node: cst.CSTNode, operands, boolean: bool = False) -> Taint | None:
        """The tracer a JAX operation (``node``) on a captured concrete JAX array gives in staged code
        (checked on JAX 0.10.2: ``y <= 0``, ``-y``, ``y[0]``, ``y.sum()``, ``y.T`` are tracers under jit and
        in lax loops, concrete under vmap or grad alone); None when no operand is one."""
        for operand in operands:
            binding = self.captured_array(operand)
            if binding is not None:
                text = self.ctx.source(operand)
                why = (f"computed on `{text}` inside `{self.info.display()}` ({self.staged}): `{text}` "
                       f"is a concrete JAX array ({binding}), but staged code gets a tracer from every JAX "
                       "operation, even on concrete arrays")
                return Taint(lattice.Origin(self.ctx.source(node), why, self.info, captured=text), boolean=boolean)
        return None

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
        method = getattr(self, "stmt_" + type(stmt).__name__, None)
        if method is not None:
            method(stmt)
            return
        for child in children(stmt):
            if isinstance(child, cst.BaseSuite):
                self.block(child)

    def stmt_SimpleStatementLine(self, stmt: cst.SimpleStatementLine) -> None:
        for small in stmt.body:
            self.small(small)

    def stmt_If(self, stmt: cst.If) -> None:
        self.test(stmt.test)
        self.dispatch(stmt)
        before = dict(self.env)
        not_traced_in_body, not_traced_in_else = self._narrowing(stmt.test)
        # a branch that runs only when a value that is surely a tracer here is not one does not run
        # in this trace (`if not isinstance(x, Tracer):` with x a jitted parameter): report nothing there
        dead_body = any(self._surely_tracer(n, before) for n in not_traced_in_body)
        dead_else = any(self._surely_tracer(n, before) for n in not_traced_in_else)
        # `if runtime_validate:` with a flag that holds False in every trace (a default no caller
        # passes, a value bound by partial), `if state is None:` with a free variable an early
        # exit ruled None out: that branch does not run in this trace (jitcontext.constant_truth),
        # so it is not walked at all: it reports nothing, and the helpers it calls are not traced
        # from it
        truth = self.constant_truth(stmt.test)
        skip_body, skip_else = truth is False, truth is True
        body_paths, else_paths = self._narrowed_paths(not_traced_in_body), self._narrowed_paths(not_traced_in_else)
        for name in not_traced_in_body:
            self.env.pop(name, None)
        body_containers, else_containers = _container_test(stmt.test, self.resolve)
        self._as_containers(body_containers, before)
        self.muted += dead_body
        self.static_attrs |= body_paths
        if not skip_body:
            self.block(stmt.body)
        self.static_attrs -= body_paths
        self.muted -= dead_body
        after_body, body_dead = self.env, self.dead or skip_body
        self.env, self.dead = dict(before), False
        for name in not_traced_in_else:
            self.env.pop(name, None)
        self._as_containers(else_containers, before)
        self.static_attrs |= else_paths
        self.muted += dead_else
        if stmt.orelse is not None and not skip_else:
            if isinstance(stmt.orelse, cst.If):
                self.stmt(stmt.orelse)
            else:
                self.block(stmt.orelse.body)
        self.dead = self.dead or skip_else
        self.muted -= dead_else
        self.static_attrs -= else_paths
        # `if isinstance(x, Tracer): return x` with x surely a tracer: what follows never runs in
        # this trace (nor after an else that exits when the body cannot run)
        body_dead, self.dead = body_dead or dead_body, self.dead or dead_else
        # a branch that returned does not flow on: `if x is None: return` narrows what follows
        if body_dead and not self.dead:
            self.static_attrs |= else_paths  # `if is_tracer(op.R): return op`: op.R is no tracer after it
        elif self.dead and not body_dead:
            self.env, self.dead = after_body, False
            self.static_attrs |= body_paths
        else:
            self.env = lattice.merge(after_body, self.env)
            self.dead = body_dead and self.dead

    def stmt_For(self, stmt: cst.For) -> None:
        self.ev(stmt.iter)
        before = dict(self.env)
        for _ in range(2):
            self.bind_loop_target(stmt.target, stmt.iter)
            self.dispatch(stmt)
            self.block(stmt.body)
            self.env, self.dead = lattice.merge(before, self.env), False
        if stmt.orelse is not None:
            self.block(stmt.orelse.body)

    def stmt_While(self, stmt: cst.While) -> None:
        before = dict(self.env)
        for _ in range(2):
            self.test(stmt.test)
            self.dispatch(stmt)
            self.block(stmt.body)
            self.env, self.dead = lattice.merge(before, self.env), False
        if stmt.orelse is not None:
            self.block(stmt.orelse.body)

    def stmt_Try(self, stmt) -> None:
        handles = self._catches_tracer_errors(stmt)
        self.muted += handles
        self.block(stmt.body)
        self.muted -= handles
        body_dead, exits = self.dead, bool(stmt.handlers)
        for handler in stmt.handlers:
            self.dead = False
            if handler.name is not None and isinstance(handler.name.name, cst.Name):
                self.locals.add(handler.name.name.value)
            self.block(handler.body)
            exits = exits and self.dead
        if handles and exits and not body_dead:
            self._converted_in(stmt.body)  # what follows runs only when the body completed
        self.dead = False
        if stmt.orelse is not None:
            self.block(stmt.orelse.body)
        if stmt.finalbody is not None:
            self.block(stmt.finalbody.body)

    stmt_TryStar = stmt_Try

    def _converted_in(self, body: cst.BaseSuite) -> None:
        """``try: t = np.asarray(x)`` whose handlers catch the tracer errors and all exit
        (``return``, ``raise``): the code after the ``try`` runs only when the body completed, so
        the conversion returned, ``x`` was concrete and ``t`` is a NumPy (or Python) value, not a
        tracer (a tracer raises TracerArrayConversionError there, checked on JAX 0.10.2, and a
        handler runs instead). The names the body's statements bind to a NumPy or Python
        conversion are static after it. A handler that falls through leaves ``t`` as it was
        before the ``try`` (perhaps a tracer), so then nothing changes."""
        for stmt in body.body if isinstance(body, cst.IndentedBlock) else ():
            for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
                if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                        and isinstance(small.targets[0].target, cst.Name) and isinstance(small.value, cst.Call)):
                    continue
                name = self.resolve(small.value.func) or ""
                if name in _CONVERSIONS or name in jaxsig.CONVERTS_TO_NUMPY or name in jaxsig.PYTHON_CONVERSIONS:
                    target = small.targets[0].target.value
                    self.env.pop(target, None)
                    if name.startswith("numpy."):
                        self.nparrays.add(target)

    def stmt_With(self, stmt: cst.With) -> None:
        eager = 0
        for item in stmt.items:
            t = self.ev(item.item)
            if item.asname is not None:
                self.bind(item.asname.name, t, item.item)
            if isinstance(item.item, cst.Call) and self.resolve(item.item.func) in EAGER_CONTEXTS:
                eager = 1
        self.eager += eager
        self.block(stmt.body)
        self.eager -= eager

    def stmt_FunctionDef(self, stmt: cst.FunctionDef) -> None:
        for dec in stmt.decorators:
            self.ev(dec.decorator)
        self.define(stmt)
        self.locals.add(stmt.name.value)
        self.env.pop(stmt.name.value, None)

    def stmt_ClassDef(self, stmt: cst.ClassDef) -> None:
        self.locals.add(stmt.name.value)
        self.env.pop(stmt.name.value, None)

    def stmt_Match(self, stmt: cst.Match) -> None:
        self.ev(stmt.subject)
        self.dispatch(stmt)
        before = dict(self.env)
        merged = dict(self.env)
        for case in stmt.cases:
            self.env, self.dead = dict(before), False
            self.block(case.body)
            merged = lattice.merge(merged, self.env)
        self.env, self.dead = merged, False

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
                # `x op= y` is `x = x op y`: an int array plus a mask is an int array, not a mask
                bitwise = isinstance(node.operator, (cst.BitAndAssign, cst.BitOrAssign, cst.BitXorAssign))
                add = isinstance(node.operator, cst.AddAssign)
                rows = self._added_rows(node.target.value, current, t) if add else None
                self.bind(node.target, rows or lattice.binary(current, t, bitwise, add), None)
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
            if self.imports is self.index.imports:
                self.imports = self.index.imports.child()
            self.imports.add_statement(node)
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

    def _surely_tracer(self, name: str, env: dict[str, Taint]) -> bool:
        """``name`` holds a traced array for sure: not a parameter still holding what it received
        when some call passed it a container (its flags keep only what every value has)."""
        if name.endswith(ELEMENTS):  # ks[*]: an element of a traced array, or of a list of tracers
            held = env.get(name[: -len(ELEMENTS)])
            return held is not None and not (held.opaque or held.foreign) and _surely_tracer(lattice.element(held))
        if "." in name and name not in env:  # op.R: the field of what op holds, when its kind is known
            owner, attr = name.split(".", 1)
            known, value = lattice.field(env.get(owner), attr) if env.get(owner) is not None else (False, None)
            return known and _surely_tracer(value)
        taint = env.get(name)
        return _surely_tracer(taint) and not (taint is self.entry_env.get(name)
                                              and self.analysis.received_container(self.info, name))

    def _narrowed_paths(self, names: set[str]) -> set[str]:
        """The attribute paths (``op.R``) among names a type test rules out as tracers, not already
        known static: read as static (``static_attrs``) where the test holds."""
        return {n for n in names if "." in n and not n.endswith(ELEMENTS) and n not in self.static_attrs}

    def _as_containers(self, names: dict[str, bool | None], before: dict[str, Taint]) -> None:
        """Names a test showed to be Python containers (``isinstance(x, dict)``; the value: a dict,
        a list/tuple, or not known which): no tracer, but holding what the traced value held. A
        parameter knows what its container values held when every such value it receives agrees
        (``Analysis.container_fields``); otherwise its items are of a kind we cannot see into."""
        for name, mapping in names.items():
            was = before.get(name)
            if was is None:
                continue
            fields = was.fields if was.container and was.mapping == bool(mapping) else None
            if fields is None and mapping is not None and was is self.entry_env.get(name):  # the parameter still
                fields = self.analysis.container_fields(self.info, name, mapping)
            if fields is not None and mapping is not None:
                self.env[name] = Taint(was.origin, container=True, mapping=mapping, fields=fields)
            else:
                self.env[name] = Taint(was.origin, container=True, mapping=bool(mapping), opaque=True, foreign=True)

    def _narrowing(self, test: cst.BaseExpression) -> tuple[set[str], set[str]]:
        """isinstance(x, T): names that cannot hold a tracer in the body / in the else branch.

        Inside ``isinstance(x, (int, np.ndarray))`` x is not a tracer; after ``isinstance(x,
        jax.Array)`` is false, x is not one either (every tracer is a jax.Array). A call of a
        helper of this module whose body returns such a test (``def not_tracer(x): return not
        isinstance(x, Tracer)``) narrows the argument it is given as the test narrows the parameter."""
        return _type_test(test, self.resolve, self._guard_call)

    def _guard_call(self, call: cst.Call) -> tuple[set[str], set[str]]:
        """``helper(v)`` where ``helper`` only returns a type test of its parameter: that test, on
        ``v``. A helper another module of the tree defines is read from the tree's records
        (TREEGUARD, ``classtruth.tracer_guard``)."""
        if any(a.star or a.keyword is not None for a in call.args):
            return set(), set()
        found = self.index.resolve_function(call.func, self.info)
        callee = found[0] if found is not None and not found[2] else None
        if found is None:
            return _tree_guard(self, call)
        returned, local = _guard_return(callee.node) if callee is not None else (None, {})
        if returned is None:
            return set(), set()
        resolve_there = self.index.imports_of(callee).resolve
        params = {p.name for p in callee.params}
        body, orelse = _type_test(returned, lambda e: _locally_imported(e, local) or resolve_there(e, params), None)
        names = {p.name: key for p, a in zip(callee.positional, call.args) if (key := _subject_key(a.value)) is not None}
        return {names[n] for n in body if n in names}, {names[n] for n in orelse if n in names}

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
        visible = dict(self.closure)
        visible.update(self.env)
        for p in nested.params:
            visible.pop(p.name, None)
        if visible or self.index.traces.traced(nested) or self.staged is not None:
            self.analysis.enclose(nested, visible)

    # -- binding ----------------------------------------------------------------------------
    def bind(self, target: cst.CSTNode, taint: Taint | None, value: cst.CSTNode | None) -> None:
        if isinstance(target, cst.Name):
            self._bind_name(target.value, taint, value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            self._bind_elements(target.elements, taint, value)
        elif isinstance(target, cst.StarredElement):
            self.bind(target.value, taint, None)
        elif isinstance(target, cst.Attribute) and (path := _attribute_path(target)) is not None:
            self.ev(target.value)
            if taint is not None:  # self.m = m: later reads of self.m in this body get its kind
                self.env[path] = taint
                self.static_attrs.discard(path)
            else:
                self.env.pop(path, None)
                self.static_attrs.add(path)
        elif isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) and self._bind_key(target, taint):
            self.ev(target)
        elif isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) and taint is not None:
            # d["k"] = traced: d now holds a traced value
            name = target.value.value
            rows = self._filled_rows(name, taint)
            if rows is not None:
                self.env[name] = rows
            elif name not in self.env:
                self.env[name] = lattice.container(taint)
                self.locals.add(name)
            self.ev(target)
        else:
            self.ev(target)

    def _filled_rows(self, name: str, taint: Taint) -> Taint | None:
        """DICTROWS: ``d[k] = Rec(...)`` on a local dict bound only to ``{}`` (or already holding
        such objects under any key): ``d`` holds those objects under any key; None when not known."""
        current = self.env.get(name)
        if current is None and not self._empty_dict(name):
            return None
        return lattice.filled(current, taint)

    def _empty_dict(self, name: str) -> bool:
        """``name`` is a local of this function bound only to ``{}``."""
        values = self._local_values(name)
        return bool(values) and all(isinstance(v, cst.Dict) and not v.elements for v in values)

    def _local_values(self, name: str) -> list | None:
        """What ``name``, a local of this function, is assigned (None for an augmented assignment)."""
        return self.index.assigned_names(self.info).get(name) if name in self.locals else None

    def _bind_key(self, target: cst.Subscript, taint: Taint | None) -> bool:
        """``d["k"] = v`` on a dict that knows its keys' kinds (a record: a dict literal or one built
        key by key here, or a helper's): key ``k`` now holds ``v``'s kind, the other keys keep
        theirs (Python semantics of item assignment). A dict bound once here to a literal of
        Python values is a record of static keys. False when ``d`` is not such a dict or the key
        is not a string constant."""
        key = _string_key(target)
        if key is None:
            return False
        name = target.value.value
        current = self.env.get(name)
        if current is not None:
            if current.fields is None or not current.mapping:
                return False
            fields = dict(current.fields)
        else:
            literal = self.index._scope_bindings(self.info).get(name) if name in self.locals else None
            if not isinstance(literal, cst.Dict) or self.taints.get(literal) is not None:
                return False
            keys = [_dict_key(el) for el in literal.elements]
            if None in keys:
                return False
            fields = dict.fromkeys([*keys, *sorted(self.static_keys.get(name, ()))])
        fields[key] = taint
        value = lattice.record(fields, mapping=True)
        if value is None:
            self.env.pop(name, None)
            self.static_keys[name] = set(fields)
        else:
            self.env[name] = value
        return True

    def _bind_name(self, name: str, taint: Taint | None, value: cst.CSTNode | None) -> None:
        if name not in self.imports.assigned:  # `xp = jnp` resolves as jnp does (ModuleIndex._assigned_aliases)
            self.locals.add(name)
        self.rebound.add(name)
        self._forget_attributes(name)
        self.static_keys.pop(name, None)
        self.keypath_lists.pop(name, None)
        if taint is not None:
            self.env[name] = taint
            if value is not None and self._keypath_list(value):
                self.keypath_lists[name] = taint
        else:
            self.env.pop(name, None)
        known = value is not None
        _toggle(self.seqs, name, known and self.is_sequence(value))  # type: ignore[arg-type]
        _toggle(self.maps, name, isinstance(value, (cst.Dict, cst.DictComp)))
        _toggle(self.nparrays, name, taint is None and known and self.is_numpy_array(value))  # type: ignore[arg-type]

    def _bind_elements(self, elements, taint: Taint | None, value: cst.CSTNode | None) -> None:
        """``a, b = value``: each target gets the kind of its position where that is known."""
        if self._bind_known_positions(elements, taint, value):
            return
        # a, b = carry with carry a parameter: rows of an array or fields of a pytree, whose truth
        # value is unknown; a, b = f(x) (value_and_grad, jnp.split, ...): arrays
        element = lattice.element(taint)
        if taint is not None and (taint.child or isinstance(value, cst.Name) and self.info.param(value.value) is not None):
            element = lattice.unpacked(taint)  # (actor, key), t = carry: children of the carry, nested too
        for el in elements:
            if isinstance(el, cst.StarredElement):
                self.bind(el.value, lattice.container(taint), None)
            else:
                self.bind(el.value, element, None)

    def _bind_known_positions(self, elements, taint: Taint | None, value: cst.CSTNode | None) -> bool:
        """Bind ``a, b = ...`` position by position where each position's kind is known: a
        tree_flatten (leaves, treedef), a literal on the right, a value that knows its positions."""
        if any(isinstance(e, cst.StarredElement) for e in elements):
            return self._bind_starred_positions(elements, taint)
        if taint is not None and taint.fields and taint.fields[-1][0] == TAIL and len(elements) >= len(taint.fields) - 1:
            tail = taint.fields[-1][1]  # x, y, z = helper(...) returning (a, *rest): a's kind, then rest's
            for n, el in enumerate(elements):
                self.bind(el.value, taint.fields[n][1] if n < len(taint.fields) - 1 else tail, None)
            return True
        if isinstance(value, cst.Call) and self.resolve(value.func) in jaxapi.TREE_FLATTENS and len(elements) == 2 \
                and taint is not None:
            self.bind(elements[0].value, lattice.container(taint), None)  # leaves
            self.bind(elements[1].value, None, None)  # the treedef is static
            first = elements[0].value
            if isinstance(first, cst.Name) and self.resolve(value.func) in _FLATTEN_WITH_PATH and first.value in self.env:
                self.keypath_lists[first.value] = self.env[first.value]  # (key path, leaf) pairs
            return True
        if isinstance(value, cst.Call) and self.resolve(value.func) in _CLOSURE_CONVERTS and len(elements) == 2:
            # CLOSURECONVERT: the tracers the function closes over are hoisted into the constants;
            # the converted function closes over none (JAX 0.10.2: fresh13_closure_convert_static_function.py)
            self.bind(elements[0].value, None, None)
            self.bind(elements[1].value, lattice.container(taint), None)
            return True
        if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(elements) \
                and not any(isinstance(e, cst.StarredElement) for e in value.elements):
            for el, v in zip(elements, value.elements):
                self.bind(el.value, self.taints.get(v.value), v.value)
            return True
        if taint is not None and taint.fields is not None and not taint.mapping and len(taint.fields) == len(elements):
            for el, (_, kind) in zip(elements, taint.fields):  # x, y = helper(...) returning (a, b)
                self.bind(el.value, kind, None)
            return True
        return False

    def _added_rows(self, name: str, current: Taint | None, given: Taint | None) -> Taint | None:
        """EXTENDROWS: ``xs += vs`` on a local list (bound to a literal or comprehension, or already
        holding objects) extends it in place with the objects of ``vs``; None when not known."""
        if given is None or current is None and not self._list_added_to(name):
            return None
        return self.appended_rows(current, given, "+=")

    def _list_added_to(self, name: str) -> bool:
        """``name`` is a local bound to list literals or comprehensions, and otherwise only by
        augmented assignments (``kept += ...``)."""
        values = self._local_values(name)
        return bool(values) and any(v is not None for v in values) \
            and all(v is None or isinstance(v, (cst.List, cst.ListComp)) for v in values)

    def _bind_starred_positions(self, elements, taint: Taint | None) -> bool:
        """STARPOSITIONS: ``first, *rest, last = value`` of a tuple or list that knows its positions:
        the names before the star take the first positions, those after it the last ones, and the
        starred name a list of the positions between (Python's unpacking); False when not known."""
        fields = taint.fields if taint is not None and not taint.mapping else None
        if not fields or not lattice.positional(fields):
            return False
        star = next(i for i, e in enumerate(elements) if isinstance(e, cst.StarredElement))
        after = len(elements) - star - 1
        if len(fields) < star + after:
            return False
        kinds = [kind for _, kind in fields]
        rest = lattice.record({str(i): k for i, k in enumerate(kinds[star:len(kinds) - after])})
        for el, kind in zip(elements, [*kinds[:star], rest, *kinds[len(kinds) - after:]]):
            self.bind(el.value, kind, None)
        return True

    def _forget_attributes(self, name: str) -> None:
        """``name`` is rebound: what was assigned to its attributes no longer holds."""
        prefix = name + "."
        if self.static_attrs:
            self.static_attrs = {p for p in self.static_attrs if not p.startswith(prefix)}
        for path in [p for p in self.env if p.startswith(prefix)]:
            del self.env[path]

    def bind_loop_target(self, target: cst.BaseAssignTargetExpression, iterable: cst.BaseExpression) -> None:
        """``for a, b in zip(xs, ys)`` / ``enumerate`` / ``d.items()`` keep their positions apart,
        also nested (``for i, (x, t) in enumerate(zip(xs, types))``)."""
        self._bind_element(target, iterable)

    def _bind_element(self, target: cst.BaseAssignTargetExpression, iterable: cst.BaseExpression) -> None:
        """Bind ``target`` to one element of ``iterable``."""
        parts = self._iter_parts(iterable)
        if parts is not None and isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) == len(parts):
            for el, part in zip(target.elements, parts):
                if isinstance(part, cst.BaseExpression):
                    self._bind_element(el.value, part)  # an element of that iterable
                else:
                    self.bind(el.value, part, None)
            return
        keys = keyedmaps.keyed_mapping(self.index, self.info, iterable)  # a mapping: its keys (KEYEDMAP)
        self.bind(target, None if keys else lattice.key_of(self.taints.get(iterable)), None)
        if isinstance(target, cst.Name) and self.is_numpy_array(iterable):
            self.nparrays.add(target.value)  # a row of a NumPy array

    def _iter_parts(self, iterable: cst.BaseExpression) -> list | None:
        """Per position of an element: a value, or an iterable expression whose element it is."""
        if isinstance(iterable, (cst.Tuple, cst.List)):
            return self._literal_rows(iterable)
        if self._keypath_list(iterable):  # KEYPATH: (key path, leaf): the path is static
            return [None, lattice.element(self.taints.get(iterable))]
        if isinstance(iterable, cst.Name) and iterable.value in self.keypath_lists \
                and self.env.get(iterable.value) is self.keypath_lists[iterable.value]:
            return [None, lattice.element(self.env[iterable.value])]
        if isinstance(iterable, cst.Name):
            zipped = self._bound_zip(iterable.value)
            return self._iter_parts(zipped) if zipped is not None else None
        if not isinstance(iterable, cst.Call):
            return None
        name = self.resolve(iterable.func)
        args = [a.value for a in iterable.args if a.keyword is None]
        if name == "enumerate" and args:
            return [None, args[0]]
        if name == "zip":
            return list(args)
        if name in _SAME_ELEMENTS and len(args) == 1 and len(iterable.args) == 1:
            # REVERSEDZIP: `reversed(list(zip(xs, sizes)))` gives the tuples `zip` makes, in another
            # order: each position is still an element of its own iterable (JAX 0.10.2:
            # tests/precision_cases/fresh22_reversed_list_of_zip.py)
            return self._iter_parts(args[0])
        if isinstance(iterable.func, cst.Attribute) and iterable.func.attr.value == "items" and not args:
            held = self.taints.get(iterable.func.value)
            return [None, lattice.values_of(held) or lattice.element(held)]  # DICTROWS: the values' kind
        return None

    def _keypath_list(self, expr: cst.BaseExpression) -> bool:
        """KEYPATH: ``jax.tree.leaves_with_path(t)`` or ``jax.tree.flatten_with_path(t)[0]``, a list of
        (key path, leaf) pairs, or ``nnx.to_flat_state(state)``, (path, Variable) pairs. A key path is
        a tuple of DictKey/SequenceKey/GetAttrKey objects (nnx: of attribute names and indices) read
        off the tree's structure, never a tracer, even when the leaves are (JAX 0.10.2, flax 0.12.8:
        tests/precision_cases/fresh13_key_paths_are_static.py)."""
        if isinstance(expr, cst.Call):
            return self.resolve(expr.func) in _LEAVES_WITH_PATH
        return isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Call) \
            and self.resolve(expr.value.func) in _FLATTEN_WITH_PATH and len(expr.slice) == 1 \
            and isinstance(expr.slice[0].slice, cst.Index) and isinstance(expr.slice[0].slice.value, cst.Integer) \
            and expr.slice[0].slice.value.value == "0"

    def _bound_zip(self, name: str) -> cst.Call | None:
        """ZIPNAME: ``pairs = zip(xs, ys)`` (or ``enumerate(xs)``), the one binding of a local
        ``pairs`` that still holds it: iterating the name gives the tuples the call makes, position
        by position, as iterating the call does (``for j, v in pairs``: ``j`` an element of ``xs``;
        JAX 0.10.2: tests/precision_cases/fresh11_zip_bound_to_name.py)."""
        if self.info is None or self.info.param(name) is not None or name not in self.locals:
            return None
        values = self.index.assigned_names(self.info).get(name)
        value = values[0] if values is not None and len(values) == 1 else None
        if not (isinstance(value, cst.Call) and self.resolve(value.func) in ("zip", "enumerate")):
            return None
        return value if self.env.get(name) is self.taints.get(value) else None

    def _literal_rows(self, iterable: cst.Tuple | cst.List) -> list[Taint | None] | None:
        """``for param, ndim in ((weights, 2), (bias, 1))``: each position of the rows, joined
        over the rows (``ndim`` stays a Python int even though ``param`` is traced)."""
        rows = [e.value for e in iterable.elements]
        if not rows or not all(isinstance(r, (cst.Tuple, cst.List)) for r in rows):
            return None
        width = len(rows[0].elements)
        if any(len(r.elements) != width or any(isinstance(e, cst.StarredElement) for e in r.elements) for r in rows):
            return None
        return [lattice.join(*(self.taints.get(r.elements[i].value) for r in rows)) for i in range(width)]

    # -- expressions ------------------------------------------------------------------------
    def ev(self, node: cst.CSTNode) -> Taint | None:
        method = getattr(self, "ev_" + type(node).__name__, None)
        t = method(node) if method is not None else self.ev_default(node)
        if t is not None and self.kind == jitcontext.DIFFERENTIATED and _integral_result(node, self.resolve):
            # under grad alone an integer or boolean result has no tangent: a concrete array
            # (`np.zeros(jnp.argmax(x))`, `float(x.sum().astype(int))` run; tests/precision_cases/audit_gradint_*)
            t = None
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
        path = _attribute_path(node)
        if path is not None and (path in self.env or path in self.static_attrs):
            return self.env.get(path)  # self.m = m earlier in this body: what was assigned
        if t is None and attr in _ARRAY_OP_ATTRIBUTES:
            return self.on_captured_array(node, [node.value])  # y.T of a captured concrete JAX array
        if t is None or attr in jaxapi.STATIC_ATTRIBUTES or (attr.startswith("__") and attr.endswith("__")):
            return None  # x.shape, x.dtype, ...; x.__class__, x.__name__ are about the type
        if attr in _ARRAY_OP_ATTRIBUTES and t.fields is None and _surely_tracer(t):
            return lattice.array(t, boolean=t.boolean and attr in ("T", "mT"))  # x.T of a traced array: one too
        known, value = lattice.field(t, attr)
        if known:
            objects.read_property(self, node, t)  # a property runs its getter on this instance
            return value  # out.converged of out = Output(..., converged): that value's kind (its class's own fields)
        got = dispatch.property_value(self, node, t)
        if got is not None:
            return got[0]  # a property of a record built here (a NamedTuple's): its getter on that record
        if node.attr.value in self.index.static_field_names:
            return None  # declared static by a class of this module (eqx.field(static=True), ...)
        if attr in annotated.aux_names(self.index) and annotated.is_static_field(self, node.value, attr):
            return None  # aux data of the annotation-sorted classes `node.value` is known to be one of
        if static_property(self, t, attr):
            return None  # a property of this module's classes reading only metadata or shapes
        if self.kind == jitcontext.BATCHED and scalarattrs.SCALAR + attr in self.index.static_field_names:
            return None  # VMAPSCALAR: vmap hands a Python scalar leaf over as it is (analysis/scalarattrs.py)
        if not t.foreign and attr in array_fields(self.index):
            # a field every class here declares an array, or a tree_flatten child filled with one:
            # a traced leaf (a boolean mask when every construction stores one)
            return lattice.array(t, boolean=flatten_leaves.array_children(self.index).get(attr, False))
        return lattice.attribute(t)

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
            known, value = self._known_item(base, node)
            if known:
                return value
            held = lattice.rows(base) if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Slice) else None
            if held is not None:
                return lattice.record({TAIL: held})  # ROWSTAIL: a slice of a list of objects holds some of them
            keyed = any(
                isinstance(el.slice, cst.Index) and isinstance(el.slice.value, (cst.SimpleString, cst.ConcatenatedString))
                for el in node.slice
            )
            if keyed and not (base.container or base.foreign or base.boolean) and (not base.opaque or base.child):
                # d["num"] of a traced parameter (or of a child unpacked from one: a, b = carry;
                # a["num"]): only a pytree of leaves takes a string key, so it is a traced leaf (or
                # a sub-tree or None, which a Python number cannot be either)
                return Taint(base.origin)
            return lattice.item(base, keyed)
        if index is not None and not self.is_sequence(node.value) and not self.is_mapping(node.value):
            return lattice.array(index)
        return self.on_captured_array(node, [node.value])  # y[0] of a captured concrete JAX array

    def _known_item(self, base: Taint, node: cst.Subscript) -> tuple[bool, Taint | None]:
        """``d["k"]`` / ``t[0]`` of a value that knows that key's or position's kind."""
        if base.fields is None or len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return False, None
        key = node.slice[0].slice.value
        name = _string_key(node)
        if name is not None:
            return lattice.keyed(base, name)
        back = _from_the_end(key)
        if back is not None and not base.mapping:
            # t[-1]: the last position's kind (a list of one kind of unknown length: that kind)
            if base.fields[-1][0] == TAIL:
                return (True, base.fields[0][1]) if len(base.fields) == 1 else (False, None)
            return (True, base.fields[-back][1]) if back <= len(base.fields) else (False, None)
        if isinstance(key, cst.Integer) and not base.mapping:
            index = int(key.value, 0)
            if base.fields[-1][0] == TAIL and index >= len(base.fields) - 1:
                return True, base.fields[-1][1]  # in the tail of unknown length: its elements' kind
            return (True, base.fields[index][1]) if index < len(base.fields) else (False, None)
        if self.taints.get(key) is None:
            # d[k] with a static key: one of its items, whichever it is (a KeyError otherwise); when
            # every item is traced and of one kind, that kind
            kinds = [v for _, v in base.fields]
            if kinds and all(v is not None and lattice.kind(v) is lattice.kind(kinds[0]) and v.fields is None
                             for v in kinds):
                return True, kinds[0]
        return False, None

    def ev_BinaryOperation(self, node: cst.BinaryOperation) -> Taint | None:
        left, right = self.ev(node.left), self.ev(node.right)
        dispatched = operators.dispatched_value(self, node)  # a dunder of the module's classes runs
        if dispatched is not None and dispatched[0] is not None:
            return dispatched[0]
        bitwise = isinstance(node.operator, (cst.BitAnd, cst.BitOr, cst.BitXor))
        numeric = isinstance(node.operator, _NUMERIC_OPERATORS)
        return (lattice.binary(left, right, bitwise, isinstance(node.operator, cst.Add), numeric)
                or self.on_captured_array(node, [node.left, node.right]))

    def ev_UnaryOperation(self, node: cst.UnaryOperation) -> Taint | None:
        t = self.ev(node.expression)
        if isinstance(node.operator, cst.Not):
            return lattice.negation(t)  # `not y` is bool(y): concrete for a concrete array
        dispatched = operators.dispatched_value(self, node)  # -obj: its class's __neg__
        if dispatched is not None and dispatched[0] is not None:
            return dispatched[0]
        return lattice.unary(t, isinstance(node.operator, cst.BitInvert)) or self.on_captured_array(node, [node.expression])

    def ev_BooleanOperation(self, node: cst.BooleanOperation) -> Taint | None:
        left = self.ev(node.left)
        # `not isinstance(x, jax.core.Tracer) and x > 0`: the right side runs only when the left
        # side holds, so what the left side rules out is ruled out there too
        in_body, in_else = self._narrowing(node.left)
        ruled_out = in_body if isinstance(node.operator, cst.And) else in_else
        # ... and when one of them surely is a tracer in this trace, the right side never runs:
        # the operation is its left side (a Python bool)
        if any(self._surely_tracer(n, self.env) for n in ruled_out):
            return left
        hidden = {n: self.env.pop(n) for n in ruled_out if n in self.env}
        paths = self._narrowed_paths(ruled_out)
        self.static_attrs |= paths
        # `exit_early and x > 0` with `exit_early` False in every trace: the right side never runs
        stops = self.constant_truth(node.left) is isinstance(node.operator, cst.Or)
        right = None if stops else self.ev(node.right)  # never evaluated in this trace: not walked
        self.env.update(hidden)
        self.static_attrs -= paths
        return None if stops else lattice.boolean_operation(left, right)

    def constant_truth(self, test: cst.BaseExpression) -> bool | None:
        """The truth value of a test of Python literals and of this function's parameters that
        hold one literal in every trace and are not rebound before it (None: not known)."""
        constants = self.state.constants
        narrowed = self.state.narrowed or {}
        if not constants and not narrowed and not isinstance(
                test, (cst.Name, cst.UnaryOperation, cst.BooleanOperation, cst.Call)):
            return None
        assigned = self.index.assigned_names(self.info) if constants or narrowed else {}
        # a parameter holds its constant until the walk rebinds it (`if k is None: k = ...` later
        # in the body does not change what the test before it sees)
        # (a traced parameter every call passes not None, NOT_NONE, is in env from the start)
        known = {n: c for n, c in constants.items() if c is not None and n not in self.rebound
                 and (n not in self.env or c == jitcontext.NOT_NONE)}
        # free variables an early exit of the enclosing function ruled None out wherever it
        # stages this function (TraceState.narrowed): not rebound here
        known.update({n: c for n, c in narrowed.items()
                      if n not in known and n not in self.locals and n not in self.env and n not in assigned})
        # `prev = state` (its one assignment here) of a parameter that holds NOT_NONE: the same
        known.update({n: jitcontext.NOT_NONE for n, v in assigned.items()
                      if len(v) == 1 and isinstance(v[0], cst.Name) and known.get(v[0].value) == jitcontext.NOT_NONE
                      and n not in known and n not in self.env and _bound_here_once(self.index, self.info, n)})
        return jitcontext.constant_truth(test, known, self._plain_class, self._passed_type_truth)

    def _passed_type_truth(self, call: cst.Call) -> bool | None:
        """NPTYPE: ``isinstance(p, T)`` of a parameter that every call fills with a NumPy array
        (``npparams.passed_kind``), untraced here and not yet rebound by this walk: True when ``T``
        names ``numpy.ndarray`` (alone or in a tuple), False when every type of ``T`` is one every
        tracer is an instance of (``jax.Array``; a NumPy array is not one); else None."""
        subject = call.args[0].value
        if (not isinstance(subject, cst.Name) or subject.value in self.env or subject.value in self.rebound
                or self.info.param(subject.value) is None
                or npparams.passed_kind(self.index, self.info, subject.value) != npparams.ARRAY):
            return None
        types = call.args[1].value
        items = [e.value for e in types.elements] if isinstance(types, cst.Tuple) else [types]
        names = [self.resolve(t) for t in items]
        if "numpy.ndarray" in names:
            return True
        return False if names and all(n in jaxapi.EVERY_TRACER_IS_A for n in names) else None

    def _plain_class(self, expr: cst.BaseExpression, depth: int = 3) -> bool:
        """FUNCTIONARG: ``expr`` names a class of this module (or a tuple of such) made by ``type``
        with nothing that could change what ``isinstance`` answers: no metaclass or other class
        keyword, no decorator but ``dataclass``, no base but ``object``, ``NamedTuple`` or another
        such class. ``isinstance`` then checks the instance's class's MRO, and a function object
        (a lambda, a def) has none of these classes in it: False (JAX 0.10.2:
        tests/precision_cases/fresh22_function_passed_where_a_class_is_tested.py)."""
        if isinstance(expr, cst.Tuple):
            return bool(expr.elements) and all(self._plain_class(e.value, depth) for e in expr.elements)
        if depth < 0 or not isinstance(expr, cst.Name) or expr.value in self.env or expr.value in self.locals:
            return False
        info = self.index.classes.get(expr.value)
        if info is None or self.index.lookup_function(expr.value, self.info) is not None:
            return False
        node = info.node
        if any(a.keyword is not None or a.star for a in node.bases) or node.keywords:
            return False
        if any(self.resolve(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator)
               not in _PLAIN_CLASS_DECORATORS for d in node.decorators):
            return False
        return all(self.resolve(b.value) in _PLAIN_BASES or self._plain_class(b.value, depth - 1) for b in node.bases)

    def ev_Comparison(self, node: cst.Comparison) -> Taint | None:
        left = self.ev(node.left)
        rights = [self.ev(c.comparator) for c in node.comparisons]
        ops = [c.operator for c in node.comparisons]
        if all(isinstance(op, (cst.Is, cst.IsNot)) for op in ops):
            return None
        if all(isinstance(op, (cst.In, cst.NotIn)) for op in ops):
            return self._membership(node, left, rights)
        if all(isinstance(op, (cst.Equal, cst.NotEqual)) for op in ops) and any(
            isinstance(e, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString))
            for e in (node.left, *(c.comparator for c in node.comparisons))
        ):
            return None  # tracer == "sample" is plain False: JAX arrays never equal a string
        if all(isinstance(op, (cst.Equal, cst.NotEqual)) for op in ops) and any(
            isinstance(e, cst.Name) and e.value == "None" for e in (node.left, *(c.comparator for c in node.comparisons))
        ):
            return None  # x == None is a Python bool (False) for a JAX array, a tracer too
        if all(isinstance(op, (cst.Equal, cst.NotEqual)) for op in ops) and any(
            isinstance(e, (cst.Tuple, cst.List)) and not e.elements for e in (node.left, *(c.comparator for c in node.comparisons))
        ):
            return None  # args == (): comparing Python containers
        return lattice.comparison((left, *rights)) or self.on_captured_array(
            node, [node.left, *(c.comparator for c in node.comparisons)], boolean=True)

    def _membership(self, node: cst.Comparison, left: Taint | None, rights: list[Taint | None]) -> Taint | None:
        """``v in c`` (``not in``): a traced bool when ``c`` is a traced array, whose ``__contains__``
        is ``(c == v).any()``, converted by the ``in`` (TracerBoolConversionError, JAX 0.10.2)
        whatever ``v`` is (not a string or None, which JAX refuses: a dict lookup in practice);
        otherwise a container or dict lookup, static with a static ``v``."""
        searched = [
            r for r, c in zip(rights, node.comparisons)
            if lattice.is_array(r) and not lookup_not_search(
                node.left, left is not None, c.comparator, number_valued(self.index, self.info, node.left))
            and not keyedmaps.keyed_mapping(self.index, self.info, c.comparator)]
        if searched:
            return lattice.comparison(searched)
        if len(node.comparisons) == 1 and (left is not None or number_valued(self.index, self.info, node.left)):
            if identity_first(node.left, node.comparisons[0].comparator):
                return None  # `x in [x, y]`: the first item is `x` itself, `in` is True without `==`
            member = traced_member(node.comparisons[0].comparator, self.taints)
            if left is None and member is not None:
                return lattice.comparison([member])  # `0 in [a, b]`: `a == 0` is a traced bool
        if all(never_equal_members(c.comparator) for c in node.comparisons):
            return None  # x in (None, "mean"): == gives False for a tracer, `in` a Python bool
        return lattice.membership(left)  # "key" in batch

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
        return lattice.collection(t)

    def ev_Tuple(self, node: cst.Tuple) -> Taint | None:
        t = self._sequence(node, node.elements)
        if t is None:
            return t
        kinds = _positions(node.elements, self.taints)
        if kinds is None:
            kinds = [self.taints.get(el.value) for el in node.elements]
        return lattice.record(dict(k if isinstance(k, tuple) else (str(i), k) for i, k in enumerate(kinds)))

    ev_List = ev_Tuple

    def ev_Set(self, node: cst.Set) -> Taint | None:
        return self._sequence(node, node.elements)

    def ev_Dict(self, node: cst.Dict) -> Taint | None:
        t = self._sequence(node, node.elements)
        if t is None:
            return None
        keys = [_dict_key(el) for el in node.elements]
        if any(isinstance(el, cst.StarredDictElement) for el in node.elements):
            # {**kwargs, "k": v}: the keys of each part, later ones overriding (KWREST)
            parts = [lattice.mapping_part(self.taints.get(el.value)) if isinstance(el, cst.StarredDictElement)
                     else None if k is None else ((k, self.taints.get(el.value)),) for el, k in zip(node.elements, keys)]
            fields = lattice.spread(parts)
            if fields is not None:
                return lattice.record(dict(fields), mapping=True)
        if any(not isinstance(k, str) for k in keys):
            return dataclasses.replace(t, mapping=True)
        return lattice.record({k: self.taints.get(el.value) for k, el in zip(keys, node.elements)}, mapping=True)

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
        if t is not None and len(elts) == 1 and not isinstance(node, cst.SetComp):
            # every element is what the one element expression gives: `[a for a in [x[0]]][0]`
            # is that element (a tail of unknown length, each position of that kind)
            return lattice.record({TAIL: t})
        return lattice.collection(t)

    def ev_ListComp(self, node: cst.ListComp) -> Taint | None:
        return self._comprehension(node, [node.elt])

    ev_SetComp = ev_GeneratorExp = ev_ListComp

    def ev_DictComp(self, node: cst.DictComp) -> Taint | None:
        return self._comprehension(node, [node.key, node.value])

    def ev_NamedExpr(self, node: cst.NamedExpr) -> Taint | None:
        t = self.ev(node.value)
        self.bind(node.target, t, node.value)
        return t


_MAPPING_ANNOTATIONS = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "OrderedDict", "DefaultDict",
                                  "defaultdict"})
_CONTAINER_ANNOTATIONS = _MAPPING_ANNOTATIONS | frozenset({
    "tuple", "Tuple", "list", "List", "Sequence", "MutableSequence", "set", "Set", "frozenset", "FrozenSet",
})


def _positions(elements, taints) -> list | None:
    """Each position's kind in ``(a, b, *rest)``: a starred element spreads a tuple whose
    positions are known (``*helper(rng)`` returning ``(key, obs)``) into as many positions, each
    with its own kind. From a starred element of unknown length on, the positions are not known,
    but those before it are: the rest is one last position ``TAIL``, the kind of any one of its
    elements (unpacking binds the targets past the known ones to it). None without a starred
    element."""
    if not any(isinstance(el, cst.StarredElement) for el in elements):
        return None
    kinds: list = []
    for n, el in enumerate(elements):
        kind = taints.get(el.value)
        if not isinstance(el, cst.StarredElement):
            kinds.append(kind)
        elif kind is not None and not kind.mapping and kind.fields is not None \
                and [f for f, _ in kind.fields] == [str(i) for i in range(len(kind.fields))]:
            kinds.extend(k for _, k in kind.fields)
        else:
            rest = [taints.get(e.value) for e in elements[n + 1:]]
            return [*kinds, (TAIL, lattice.join(lattice.element(kind), *rest))]
    return kinds


def _from_the_end(key: cst.BaseExpression) -> int | None:
    """``k`` of a literal index ``-k`` (k >= 1); None for any other index."""
    if isinstance(key, cst.UnaryOperation) and isinstance(key.operator, cst.Minus) \
            and isinstance(key.expression, cst.Integer):
        back = int(key.expression.value, 0)
        return back if back >= 1 else None
    return None


def _string_key(target: cst.Subscript) -> str | None:
    """``"k"`` of ``d["k"]`` (a read or a store target): the one string constant it is indexed by."""
    if len(target.slice) != 1 or not isinstance(target.slice[0].slice, cst.Index):
        return None
    key = target.slice[0].slice.value
    return key.evaluated_value if isinstance(key, cst.SimpleString) and isinstance(key.evaluated_value, str) else None


def _open_kwargs(state, taint: Taint, received: bool) -> Taint:
    """KWREST: the ``**kwargs`` of a function a transform traces, as an open record: the keywords
    static_argnames names (or partial binds) hold Python values, any other keyword a tracer (also
    when the dict is spread on, ``helper(x, **kwargs)``); when every call is in sight, only the
    keywords they pass are there (a key none passes is absent: ``.get("k", d)`` gives ``d``). Joined
    with what calls from traced code give it (``received``: the records they pass, ``taint.fields``)."""
    if state.kwarg_rest is None:
        return taint
    tracer = Taint.with_flags(dataclasses.replace(taint.origin, collects=True), taint.flags - {"container", "mapping"})
    fields = lattice.open_record({k: lattice.keyword(tracer, k) if traced else None
                                  for k, traced in sorted(state.kwarg_keys.items())},
                                 tracer if state.kwarg_rest else None, taint.origin).fields
    if received:
        fields = lattice.join_fields(taint.fields, fields)
    return dataclasses.replace(taint, fields=fields)


def _dict_key(element: cst.BaseDictElement) -> str | None:
    """The string constant key of one element of a dict literal (None: another key, or ``**d``)."""
    if not isinstance(element, cst.DictElement) or not isinstance(element.key, cst.SimpleString):
        return None
    value = element.key.evaluated_value
    return value if isinstance(value, str) else None


def _container_params(info: FunctionInfo) -> dict[str, bool]:
    """Parameters annotated as a Python container, optionally or None (``Optional[Dict]``,
    ``tuple | None``): evidence of what the author passes, which JAX keeps a container; each
    mapped to whether it is a dict (iterating it gives its keys)."""
    node = info.node
    if not isinstance(node, cst.FunctionDef):
        return {}
    out = {}
    for param in (*node.params.posonly_params, *node.params.params, *node.params.kwonly_params):
        if param.annotation is not None and _is_container_type(param.annotation.annotation):
            out[param.name.value] = _is_container_type(param.annotation.annotation, _MAPPING_ANNOTATIONS)
    return out


# Python container types: a value that is an instance of one is no tracer, but may hold tracers
_MAPPING_TYPES = frozenset({"dict", "collections.OrderedDict", "collections.defaultdict", "collections.abc.Mapping",
                            "collections.abc.MutableMapping", "typing.Mapping", "typing.MutableMapping", "typing.Dict"})
_SEQUENCE_TYPES = frozenset({"list", "tuple", "collections.abc.Sequence", "collections.abc.MutableSequence",
                             "typing.Sequence", "typing.List", "typing.Tuple"})


def _container_test(test: cst.BaseExpression, resolve) -> tuple[dict[str, bool | None], dict[str, bool | None]]:
    """``isinstance(x, dict)`` (or a tuple of Python container types; ``not`` flips it): x is a
    container in the body / in the else branch: name -> a dict (True), a list or tuple (False), or
    either (None)."""
    negate = False
    while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        negate, test = not negate, test.expression
    if not (isinstance(test, cst.Call) and resolve(test.func) == "isinstance" and len(test.args) == 2
            and isinstance(test.args[0].value, cst.Name)):
        return {}, {}
    types = test.args[1].value
    items = [e.value for e in types.elements] if isinstance(types, cst.Tuple) else [types]
    names = [resolve(t) for t in items]
    if not names or not all(n in _MAPPING_TYPES or n in _SEQUENCE_TYPES for n in names):
        return {}, {}
    mappings = {n in _MAPPING_TYPES for n in names}
    found = {test.args[0].value.value: mappings.pop() if len(mappings) == 1 else None}
    return ({}, found) if negate else (found, {})


def _bound_here_once(index, info: FunctionInfo, name: str) -> bool:
    """``name`` is bound in ``info`` by one plain assignment and nothing else."""
    from jitguard.lint.analysis.hashability import bound_once

    found = bound_once(name, index, info)
    return found is not None and found[1] is info


def _surely_tracer(taint: Taint | None) -> bool:
    """A traced array for sure (not a container, not data whose type we cannot see)."""
    return taint is not None and not (taint.container or taint.opaque or taint.foreign or taint.mapping)


_LITERAL_ARGS = PerIndex()


def literal_container_params(index, info: FunctionInfo) -> set[str]:
    """Parameters of a transformed function that every call through the transform written at
    the call (``jax.vmap(f)(xs, (lo, hi))``) passes a tuple, list or dict literal: a container,
    whose truth value and length JAX leaves static."""
    table = _LITERAL_ARGS.of(index, _literal_container_args)
    return table.get(info, set())


def _literal_container_args(index) -> dict:
    seen: dict = {}  # function -> {parameter: every call passes a literal container}
    for call, scope, _klass, _loops in index.calls:
        inner = call.func
        if not (isinstance(inner, cst.Call) and inner.args and index.transform_of(inner.func, scope)):
            continue
        found = index.resolve_function(inner.args[0].value, scope)
        if found is None or found[2] or any(a.star for a in call.args):
            continue
        params = found[0].positional
        flags = seen.setdefault(found[0], {})
        for p, arg in zip(params, [a for a in call.args if a.keyword is None]):
            literal = isinstance(arg.value, (cst.Tuple, cst.List, cst.Dict))
            flags[p.name] = flags.get(p.name, True) and literal
    return {info: {name for name, all_literal in flags.items() if all_literal} for info, flags in seen.items()}


def _str_params(info: FunctionInfo) -> set[str]:
    """Parameters annotated ``str`` (optionally or None, ``Literal["a", "b"]``), or a Python
    container of str (``list[str]``, ``tuple[str, ...]``, ``Sequence[str]``, ``dict[str, str]``):
    never tracers, and holding none. STRLEAVES: a str is no JAX type, so ``jax.jit`` raises
    TypeError at a call that passes one, and ``eqx.filter_jit`` keeps every str leaf a static
    Python value: the body sees the list of str it was given (JAX 0.10.2:
    tests/precision_cases/heldout26_list_of_str_under_filter_jit.py)."""
    node = info.node
    if not isinstance(node, cst.FunctionDef):
        return set()
    return {p.name.value for p in (*node.params.posonly_params, *node.params.params, *node.params.kwonly_params)
            if p.annotation is not None and _is_str_type(p.annotation.annotation)}


def _is_str_type(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):  # str | None
        rest = [e for e in (expr.left, expr.right) if not (isinstance(e, cst.Name) and e.value == "None")]
        return len(rest) == 1 and _is_str_type(rest[0])
    if isinstance(expr, cst.Subscript):
        base = expr.value
        name = base.attr.value if isinstance(base, cst.Attribute) else base.value if isinstance(base, cst.Name) else ""
        slices = [e.slice.value for e in expr.slice if isinstance(e.slice, cst.Index)]
        if name == "Optional" and len(slices) == 1:
            return _is_str_type(slices[0])
        if name in _CONTAINER_ANNOTATIONS and slices:  # list[str], tuple[str, ...], dict[str, str]
            return all(_is_str_type(v) or (isinstance(v, cst.Ellipsis) and name in ("tuple", "Tuple"))
                       for v in slices) and not all(isinstance(v, cst.Ellipsis) for v in slices)
        return name == "Literal" and bool(slices) and all(isinstance(v, cst.SimpleString) for v in slices)
    return isinstance(expr, cst.Name) and expr.value == "str"


def _is_container_type(expr: cst.BaseExpression, kinds: frozenset[str] = _CONTAINER_ANNOTATIONS) -> bool:
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):  # X | None
        sides = [expr.left, expr.right]
        rest = [e for e in sides if not (isinstance(e, cst.Name) and e.value == "None")]
        return len(rest) == 1 and _is_container_type(rest[0], kinds)
    if isinstance(expr, cst.Subscript):
        base = expr.value
        name = base.attr.value if isinstance(base, cst.Attribute) else base.value if isinstance(base, cst.Name) else ""
        if name == "Optional" and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index):
            return _is_container_type(expr.slice[0].slice.value, kinds)
        return name in kinds
    name = expr.attr.value if isinstance(expr, cst.Attribute) else expr.value if isinstance(expr, cst.Name) else ""
    return name in kinds


def _toggle(names: set[str], name: str, member: bool) -> None:
    if member:
        names.add(name)
    else:
        names.discard(name)


def never_an_element(expr: cst.BaseExpression) -> bool:
    """A string or None literal: what `in` looks up in a dict (``"key" in batch``); a JAX array's
    ``__contains__`` refuses it (TypeError, JAX 0.10.2) rather than comparing it."""
    return (isinstance(expr, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString))
            or isinstance(expr, cst.Name) and expr.value == "None")


def lookup_not_search(left: cst.BaseExpression, left_traced: bool, container: cst.BaseExpression,
                      left_number: bool) -> bool:
    """``left in container`` read as a lookup in a Python container, not as a search of an array,
    whatever the value model says of ``container``: the traced parameter or call result it holds
    may be a dict or a tuple of names as well as an array (a pytree's structure is the caller's).

    * a string or None on the left (``never_an_element``);
    * a call's result on the right (``name not in model.joint_names()``): a function or method
      may return a tuple, list or set of Python values (names, keys);
    * a plain name on the right and a Python value on the left not known to be a number
      (``KEY in batch``, ``var in stats``): the dict-key test of a pytree dict. A number
      (``left_number``: ``0.0 in x``, a loop over numbers, ``number_valued``) or a traced value
      on the left (``x[i] in grid``) is an element searched for.

    An attribute on the right (``o not in self.omegas``, an array field of a registered class)
    is still searched. On an array every form above would raise: TracerBoolConversionError
    under jit (JAX 0.10.2); so it is precision that leaves them, not JAX."""
    if never_an_element(left) or isinstance(container, cst.Call):
        return True
    return isinstance(container, cst.Name) and not left_traced and not left_number


def number_valued(index, scope: FunctionInfo | None, expr: cst.BaseExpression) -> bool:
    """A number literal, or a name whose every value in ``scope`` is one: bound once to a number,
    or bound only as the target of one loop over a tuple or list literal of numbers (also a name
    bound once to such a literal): ``for level in LEVELS: ... level in x``."""
    if _number_literal(expr):
        return True
    if not isinstance(expr, cst.Name) or index is None or scope is None:
        return False
    from jitguard.lint.analysis.hashability import bound_once
    from jitguard.lint.analysis.traceable import _scope_bindings
    from jitguard.lint.analysis.walk import own_nodes

    found = bound_once(expr.value, index, scope)
    if found is not None:
        return _number_literal(found[0])
    if not isinstance(scope.node, cst.FunctionDef) or scope.param(expr.value) is not None:
        return False
    bindings = _scope_bindings(index, scope.node.body, expr.value)
    loops = [n for n in own_nodes(scope.node.body)
             if isinstance(n, cst.For) and isinstance(n.target, cst.Name) and n.target.value == expr.value]
    if bindings is None or len(bindings) != 1 or len(loops) != 1:
        return False
    items = loops[0].iter
    if isinstance(items, cst.Name):
        found = bound_once(items.value, index, scope)
        items = found[0] if found is not None else None
    return isinstance(items, (cst.List, cst.Tuple)) and bool(items.elements) and all(
        isinstance(e, cst.Element) and _number_literal(e.value) for e in items.elements)


def _number_literal(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        expr = expr.expression
    return isinstance(expr, (cst.Integer, cst.Float, cst.Imaginary))


def traced_member(container: cst.BaseExpression, taints) -> Taint | None:
    """The first item known to be a traced array of a list or tuple literal (``[a, b]``), or of a
    name whose value knows its positions (``opts = (a.sum(), b.sum())``; not a dict, not a named
    record): Python's ``in`` compares each item with ``==`` and takes the truth value, so a number
    searched among them raises TracerBoolConversionError under jit and vmap (JAX 0.10.2: ``0 in
    [a, b]``, ``2 in opts``; a string or None compares False and runs)."""
    if isinstance(container, (cst.List, cst.Tuple)):
        found = (taints.get(e.value) for e in container.elements if isinstance(e, cst.Element))
        return next((t for t in found if lattice.is_array(t)), None)
    value = taints.get(container) if isinstance(container, cst.Name) else None
    if value is None or value.mapping or not value.fields or not all(
            key.isdigit() or key == lattice.TAIL for key, _kind in value.fields):
        return None
    return next((t for _key, t in value.fields if lattice.is_array(t)), None)


def identity_first(left: cst.BaseExpression, container: cst.BaseExpression) -> bool:
    """``x in [x, y]``: Python's ``in`` tests identity before ``==``, so the first item being the
    searched name itself makes the test True without comparing (JAX 0.10.2: ``t in [t, u]`` of a
    tracer runs under jit, ``t in [u, t]`` raises)."""
    if not isinstance(left, cst.Name) or not isinstance(container, (cst.List, cst.Tuple)) or not container.elements:
        return False
    first = container.elements[0]
    return isinstance(first, cst.Element) and isinstance(first.value, cst.Name) and first.value.value == left.value


def never_equal_members(expr: cst.BaseExpression) -> bool:
    """A list or tuple literal of None and strings only: a JAX array, a tracer too, is equal to
    none of them (``==`` gives False), so ``x in (None, "mean")`` is a Python bool (JAX 0.10.2)."""
    return isinstance(expr, (cst.List, cst.Tuple)) and bool(expr.elements) and all(
        isinstance(e, cst.Element) and (isinstance(e.value, (cst.SimpleString, cst.ConcatenatedString))
                                        or isinstance(e.value, cst.Name) and e.value.value == "None")
        for e in expr.elements)


def _attribute_path(node: cst.Attribute) -> str | None:
    """``self.m`` -> "self.m" (one attribute of a plain name), else None."""
    return f"{node.value.value}.{node.attr.value}" if isinstance(node.value, cst.Name) else None


# CLOSURECONVERT: `f2, consts = closure_convert(f, ...)`: `f2` closes over no tracer
_CLOSURE_CONVERTS = frozenset({"jax.closure_convert", "jax.custom_derivatives.closure_convert"})
# KEYPATH: iterating these gives (key path, leaf) pairs; nnx.to_flat_state's paths are tuples of str/int
_LEAVES_WITH_PATH = frozenset({"jax.tree.leaves_with_path", "jax.tree_util.tree_leaves_with_path",
                               "flax.nnx.to_flat_state"})
_FLATTEN_WITH_PATH = frozenset({"jax.tree.flatten_with_path", "jax.tree_util.tree_flatten_with_path"})
# numpy calls whose result is not an array (types, dtype information, modules' helpers)
_NUMPY_NOT_ARRAYS = ("numpy.dtype", "numpy.finfo", "numpy.iinfo", "numpy.testing.", "numpy.random.default_rng",
                     "numpy.random.seed", "numpy.random.get_state", "numpy.errstate", "numpy.printoptions",
                     "numpy.vectorize", "numpy.frompyfunc", "numpy.issubdtype", "numpy.promote_types",
                     "numpy.can_cast", "numpy.broadcast_shapes")
_ARRAY_TYPES = frozenset({"ndarray", "Array"})
_JAXTYPING_DTYPES = frozenset({"Float", "Int", "Bool", "Shaped", "Num", "Real", "Complex", "Inexact", "Integer",
                               "UInt", "Key"})
_ARRAY_FIELDS = PerIndex()


def array_fields(index) -> frozenset[str]:
    """Attribute names that every class of the module declaring them annotates as an array
    (``batch_sizes: jnp.ndarray`` in a NamedTuple or dataclass, ``Float[Array, "n"]``) or that a
    registered pytree class makes a child of its ``tree_flatten`` and fills with an array
    (``flatten_leaves.array_children``), and that no class makes static or defines as a method:
    on a traced pytree, such an attribute is a traced leaf."""
    cached = _ARRAY_FIELDS.get(index)
    if cached is not None:
        return cached
    arrays: set[str] = set()
    other: set[str] = set(index.static_field_names)
    for klass in index.classes.values():
        other.update(klass.methods)
        for stmt in klass.node.body.body if isinstance(klass.node.body, cst.IndentedBlock) else ():
            for small in getattr(stmt, "body", ()) if isinstance(stmt, cst.SimpleStatementLine) else ():
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    (arrays if _is_array_type(small.annotation.annotation) else other).add(small.target.value)
            if isinstance(stmt, cst.FunctionDef):
                other.add(stmt.name.value)
    arrays |= flatten_leaves.array_children(index).keys()  # children of a tree_flatten, filled with arrays
    result = frozenset(arrays - other)
    _ARRAY_FIELDS[index] = result
    return result


def _is_array_type(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.Subscript):
        base = expr.value
        name = base.attr.value if isinstance(base, cst.Attribute) else base.value if isinstance(base, cst.Name) else ""
        return name in _JAXTYPING_DTYPES
    name = expr.attr.value if isinstance(expr, cst.Attribute) else expr.value if isinstance(expr, cst.Name) else ""
    return name in _ARRAY_TYPES


def _type_test(test: cst.BaseExpression, resolve, guard) -> tuple[set[str], set[str]]:
    """Names a type test rules out as tracers: (in its body, in its else branch); ``guard`` reads
    calls of helpers that return one (None: not followed)."""
    negate = False
    while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        negate, test = not negate, test.expression
    if isinstance(test, cst.BooleanOperation):
        # `isinstance(x, Slot) and x in d`: in the body both sides held; in the else branch of an
        # `or` neither did
        (lb, le), (rb, re_) = _type_test(test.left, resolve, guard), _type_test(test.right, resolve, guard)
        body, orelse = (lb | rb, le & re_) if isinstance(test.operator, cst.And) else (lb & rb, le | re_)
        return (orelse, body) if negate else (body, orelse)
    if not isinstance(test, cst.Call):
        return set(), set()
    quantified = _quantified_type_test(test, resolve, guard)
    if quantified is not None:
        body, orelse = quantified
    elif resolve(test.func) != "isinstance" or len(test.args) != 2:
        body, orelse = guard(test) if guard is not None else (set(), set())
    else:
        body, orelse = _isinstance_test(test.args[0].value, test.args[1].value, resolve)
    return (orelse, body) if negate else (body, orelse)


# the elements of a name or attribute path, as a key of what a type test rules out (``ks[*]``)
ELEMENTS = "[*]"


def _quantified_type_test(test: cst.Call, resolve, guard) -> tuple[set[str], set[str]] | None:
    """``any(isinstance(k, Tracer) for k in ks)`` false, or ``all(not isinstance(k, Tracer) for k
    in ks)`` true: no element of ``ks`` is a tracer there, so ``ks[*]`` is ruled out as one (where
    an element surely is a tracer, that branch does not run in the trace). None when ``test`` is
    no ``any``/``all`` of one type test over one plain ``for``."""
    if len(test.args) != 1 or test.args[0].keyword is not None or test.args[0].star:
        return None
    quantifier, gen = resolve(test.func), test.args[0].value
    if quantifier not in ("any", "all") or not isinstance(gen, (cst.GeneratorExp, cst.ListComp)):
        return None
    loop = gen.for_in
    keys = _quantified_subjects(loop.iter)
    if loop.inner_for_in is not None or loop.ifs or not isinstance(loop.target, cst.Name) or not keys:
        return None
    body, orelse = _type_test(gen.elt, resolve, guard)
    target = loop.target.value
    if quantifier == "any":  # false: the test failed on every element
        return set(), (keys if target in orelse else set())
    return (keys if target in body else set()), set()


def _quantified_subjects(iterable: cst.BaseExpression) -> set[str]:
    """What a type test quantified over ``iterable`` narrows: ``ks[*]`` for a name (its elements);
    for a literal tuple or list of names (``for v in (active, valid)``), TUPLEGUARD: those names
    themselves, whose values are the elements the generator tests (JAX 0.10.2:
    tests/precision_cases/fresh11_tracer_guard_over_literal_tuple.py)."""
    key = _subject_key(iterable)
    if key is not None:
        return {key + ELEMENTS}
    if not isinstance(iterable, (cst.Tuple, cst.List)) or any(isinstance(e, cst.StarredElement) for e in iterable.elements):
        return set()
    return {k for k in (_subject_key(e.value) for e in iterable.elements) if k is not None}


_INTEGRAL_DTYPES = frozenset({"int", "bool", *(d for d in jaxapi.SCALAR_DTYPES if d.startswith(("int", "uint", "bool")))})
# jnp functions (and array methods of the same name) whose result is integer or boolean
_INTEGRAL_FUNCTIONS = frozenset({"argmax", "argmin", "argsort", "argwhere", "nonzero", "flatnonzero", "searchsorted",
                                 "digitize", "count_nonzero", "isnan", "isfinite", "isinf", "isclose", "logical_and",
                                 "logical_or", "logical_not", "logical_xor", "signbit"})


def _integral_result(node: cst.CSTNode, resolve) -> bool:
    """An expression whose value is an integer or boolean array: a comparison, ``.astype(int)``
    (an integer or bool dtype), ``jnp.int32(...)``, ``jnp.argmax(...)``/``x.argmax()`` and kin."""
    if type(node) is cst.Comparison:
        return not any(isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for c in node.comparisons)
    if type(node) is not cst.Call:
        return False
    func = node.func
    if isinstance(func, cst.Attribute) and func.attr.value == "astype":
        return bool(node.args) and _dtype_name(node.args[0].value, resolve) in _INTEGRAL_DTYPES
    if isinstance(func, cst.Attribute) and func.attr.value in _INTEGRAL_FUNCTIONS and resolve(func) is None:
        return True  # x.argmax(): a method of the array
    name = resolve(func) or ""
    module, _, last = name.rpartition(".")
    return module in ("jax.numpy", "jax.lax") and (last in _INTEGRAL_FUNCTIONS or last in _INTEGRAL_DTYPES)


def _dtype_name(expr: cst.BaseExpression, resolve) -> str | None:
    """``int``, ``jnp.int32``, ``"int32"``, ``np.bool_``: the dtype's last name."""
    if isinstance(expr, cst.SimpleString):
        return expr.evaluated_value if isinstance(expr.evaluated_value, str) else None
    name = resolve(expr) if isinstance(expr, (cst.Name, cst.Attribute)) else None
    return name.rpartition(".")[2] if name else (expr.value if isinstance(expr, cst.Name) else None)


def _subject_key(subject: cst.BaseExpression) -> str | None:
    """The name a type test narrows: a plain name, or one attribute of a plain name (``op.R``)."""
    if isinstance(subject, cst.Name):
        return subject.value
    return _attribute_path(subject) if isinstance(subject, cst.Attribute) else None


def _isinstance_test(subject: cst.BaseExpression, types: cst.BaseExpression, resolve) -> tuple[set[str], set[str]]:
    """``isinstance(subject, types)``: inside ``(int, np.ndarray)`` the subject is no tracer; outside
    ``jax.Array`` (a type every tracer is an instance of) neither. The subject is a name or an
    attribute path (``op.R``)."""
    key = _subject_key(subject)
    if key is None or isinstance(types, cst.BinaryOperation):
        return set(), set()
    items = [e.value for e in types.elements] if isinstance(types, cst.Tuple) else [types]
    names = [resolve(t) for t in items]
    if any(n is None for n in names):
        return set(), set()
    arrays = [n for n in names if n in jaxapi.TRACER_TYPES]
    if not arrays and "object" not in names:
        return {key}, set()
    if len(arrays) == len(names) or any(n in jaxapi.EVERY_TRACER_IS_A for n in names):
        return set(), {key}  # not an instance of a type every tracer is: not a tracer
    return set(), set()


def _tree_guard(walker, call: cst.Call) -> tuple[set[str], set[str]]:
    """``is_tracer(v)`` of a tracer guard another module of the tree defines (TREEGUARD): what its
    True / False result says of ``v``."""
    from jitguard.lint.analysis import classtruth

    name = walker.resolve(call.func)
    if not call.args or name is None or "." not in name:
        return set(), set()
    returns_not_tracer = classtruth.tracer_guard(classtruth.index_table(walker.index), name)
    key = _subject_key(call.args[0].value)
    if returns_not_tracer is None or key is None:
        return set(), set()
    return ({key}, set()) if returns_not_tracer else (set(), {key})


def _guard_return(node: cst.CSTNode) -> tuple[cst.BaseExpression | None, dict[str, str]]:
    """The expression a ``def`` returns when its body is that one ``return`` after a docstring and
    the imports it makes for itself (``import jax`` in the body, so that the module imports JAX
    lazily), and the names those imports bind (name -> dotted name)."""
    if not isinstance(node, cst.FunctionDef) or not isinstance(node.body, cst.IndentedBlock):
        return None, {}
    local: dict[str, str] = {}
    kept = []
    for stmt in node.body.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.Import):
            for alias in small.names:
                full = dotted(alias.name)
                if full is not None:
                    bound = alias.asname.name.value if alias.asname is not None and isinstance(alias.asname.name, cst.Name) else full.split(".")[0]
                    local[bound] = full if alias.asname is not None else bound
            continue
        kept.append(stmt)
    returned = _single_return(node.with_changes(body=node.body.with_changes(body=kept))) if local else _single_return(node)
    return returned, local


def _locally_imported(expr: cst.BaseExpression, local: dict[str, str]) -> str | None:
    """``jax.core.Tracer`` where the function itself ran ``import jax``: its dotted name."""
    full = dotted(expr) if local else None
    if full is None:
        return None
    head, _, rest = full.partition(".")
    return f"{local[head]}.{rest}".rstrip(".") if head in local else None


def _single_return(node: cst.CSTNode) -> cst.BaseExpression | None:
    """The expression a ``def`` returns when its body is that one ``return`` (after a docstring)."""
    if not isinstance(node, cst.FunctionDef) or not isinstance(node.body, cst.IndentedBlock):
        return None
    stmts = list(node.body.body)
    if stmts and isinstance(stmts[0], cst.SimpleStatementLine) and isinstance(stmts[0].body[0], cst.Expr) \
            and isinstance(stmts[0].body[0].value, (cst.SimpleString, cst.ConcatenatedString)):
        stmts = stmts[1:]
    if len(stmts) != 1 or not isinstance(stmts[0], cst.SimpleStatementLine) or len(stmts[0].body) != 1:
        return None
    ret = stmts[0].body[0]
    return ret.value if isinstance(ret, cst.Return) else None


# contexts in which JAX computes operations on concrete values eagerly, even under jit
EAGER_CONTEXTS = frozenset({"jax.ensure_compile_time_eval", "jax.core.eval_context"})

# attributes and methods of a JAX array that are JAX operations (checked on JAX 0.10.2 under jit,
# tests/test_analysis_paths.py): on a concrete array captured by staged code they give tracers
_ARRAY_OP_ATTRIBUTES = frozenset({"T", "mT", "real", "imag"})
ARRAY_OP_METHODS = frozenset({
    "all", "any", "argmax", "argmin", "argsort", "astype", "clip", "conj", "conjugate", "copy", "cumprod", "cumsum",
    "diagonal", "dot", "flatten", "max", "mean", "min", "prod", "ptp", "ravel", "repeat", "reshape", "round",
    "searchsorted", "sort", "squeeze", "std", "sum", "swapaxes", "take", "trace", "transpose", "var",
})
# `y.at[i].set(v)` and its kin
AT_METHODS = frozenset({"set", "add", "subtract", "multiply", "divide", "power", "min", "max", "get", "apply"})

_CONCRETE_BINDINGS = PerIndex()


def concrete_array_binding(index, scope: FunctionInfo | None, name: str, depth: int = 2) -> str | None:
    """How ``name``, looked up from ``scope`` outwards (a function's enclosing scopes, then the
    module), is bound to a concrete JAX array: its only binding there is one top-level plain
    assignment of a jax.numpy/lax/random/nn/scipy array function's result (``jnp.arange(10.0)``,
    ``jax.random.normal(key, (3,))``), of arithmetic or indexing of one, or of another such name.
    Returns ``"`y = jnp.arange(10.0)` at module level"``, or None (a parameter, bound another way
    or more than once, or not known to be a JAX array)."""
    table = _CONCRETE_BINDINGS.table(index)
    key = (scope, name, depth)
    if key not in table:
        table[key] = None  # (recursion guard)
        table[key] = _concrete_array_binding(index, scope, name, depth)
    return table[key]


def numpy_array_binding(index, scope: FunctionInfo | None, name: str, depth: int = 2) -> str | None:
    """Like :func:`concrete_array_binding`, for a NumPy array: the only binding of ``name`` (from
    ``scope`` outwards) is one top-level plain assignment of a ``numpy`` array function's result,
    of an array method on one (``np.arange(12.0).reshape(4, 3)``), of indexing or arithmetic of one,
    or of another such name. Indexing it with a tracer makes NumPy convert the tracer."""
    table = _CONCRETE_BINDINGS.table(index)
    key = ("numpy", scope, name, depth)
    if key not in table:
        table[key] = None  # (recursion guard)
        table[key] = _concrete_array_binding(index, scope, name, depth, _is_numpy_array_expr) or (
            f"`{name}` holds a NumPy array in every call" if npparams.numpy_param(index, scope, name) == npparams.ARRAY
            else None)
    return table[key]


def numpy_array_attribute(index, scope: FunctionInfo | None, owner: str, attr: str) -> bool:
    """``owner.attr`` where ``owner`` is the ``self`` of a method (of ``scope`` or a function it is
    nested in) whose class's own ``__init__`` stores ``self.attr`` once, by a top-level plain
    assignment of a NumPy array (:func:`_is_numpy_array_expr`), and no other method stores it. The
    class is a plain one (no decorator, no base but ``object``, no ``tree_flatten``: not a pytree,
    whose instances jit would trace) and no class of the module derives from it."""
    found = _init_stored_value(index, scope, owner, attr)
    return found is not None and _is_numpy_array_expr(index, found[0], found[1], 2)


def sequence_attribute(index, scope: FunctionInfo | None, owner: str, attr: str) -> bool:
    """``owner.attr`` stored the same way (:func:`numpy_array_attribute`) as a list or tuple literal
    or a list comprehension: a Python list, indexed by Python (a traced index cannot be)."""
    found = _init_stored_value(index, scope, owner, attr)
    return found is not None and isinstance(found[1], (cst.List, cst.Tuple, cst.ListComp))


def _init_stored_value(index, scope: FunctionInfo | None, owner: str, attr: str
                       ) -> tuple[FunctionInfo, cst.BaseExpression] | None:
    """(``__init__``, the value) when ``owner`` is the ``self`` of a method (of ``scope`` or a
    function it is nested in) of a plain class (:func:`_plain_class`) whose own ``__init__`` stores
    ``self.attr`` once, by a top-level plain assignment, and no other code stores it."""
    method = _self_method(index, scope, owner)
    if method is None or not _plain_class(index, method.cls):
        return None
    init = method.cls.methods.get("__init__")
    set_elsewhere = objects.attributes_set_outside_init(index)
    if (init is None or not isinstance(init.node, cst.FunctionDef) or not init.positional
            or attr in objects.rebound_attributes(index, method.cls) or set_elsewhere is None or attr in set_elsewhere):
        return None
    found = _only_init_store(init, attr)
    if found is None:
        return None
    value, store = found
    top = [small for stmt in getattr(init.node.body, "body", ()) if isinstance(stmt, cst.SimpleStatementLine)
           for small in stmt.body if small is store]
    return (init, value) if len(top) == 1 else None


def _self_method(index, scope: FunctionInfo | None, owner: str) -> FunctionInfo | None:
    """The method (``scope`` or a function it is nested in) whose first parameter is ``owner``,
    when no function on the way rebinds ``owner``."""
    while scope is not None:
        if index.assigned_names(scope).get(owner):
            return None
        if scope.param(owner) is not None:
            break
        scope = scope.parent
    if (scope is None or not scope.is_method or scope.cls is None or not scope.positional
            or scope.positional[0].name != owner):
        return None
    return scope


def _plain_class(index, klass) -> bool:
    """No decorator, no base but ``object``, no ``tree_flatten``, no class of the module derives
    from it, and its name is never passed to a call (``register_pytree_node(Ramp, ...)``) nor used
    otherwise than built, read from or tested (JG206's plain class, ``traceable.plain_class``): not
    a pytree (a registered class, a dataclass, an equinox or flax module), so jit does not trace its
    instances' attributes."""
    from jitguard.lint.analysis.traceable import plain_class

    if klass.node.decorators or "tree_flatten" in klass.methods or plain_class(index, klass.name) is None:
        return False
    if any(not (isinstance(b.value, cst.Name) and b.value.value == "object") for b in klass.node.bases):
        return False
    return not any(isinstance(b.value, cst.Name) and b.value.value == klass.name
                   for other in index.classes.values() for b in other.node.bases)


def _only_init_store(init: FunctionInfo, attr: str) -> tuple[cst.BaseExpression, cst.CSTNode] | None:
    """The value ``__init__``'s only store of ``self.attr`` gives it, and that statement, when the
    store is a plain or annotated assignment (``self.levels: np.ndarray = ...``), also an element
    of a tuple unpacked from a tuple of the same length (``self.lo, self.hi = a, b``); None for none,
    several, or an augmented/loop/del store."""
    me = init.positional[0].name
    values = []
    for node in iter_nodes(init.node.body):
        targets = ([t.target for t in node.targets] if isinstance(node, cst.Assign)
                   else [node.target] if isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.For, cst.Del))
                   else [])
        for target in targets:
            for leaf in iter_nodes(target):
                if (isinstance(leaf, cst.Attribute) and isinstance(leaf.value, cst.Name)
                        and leaf.value.value == me and leaf.attr.value == attr):
                    value = _stored_value(node, target, leaf)
                    values.append((value, node) if value is not None else None)
    return values[0] if len(values) == 1 else None


def _stored_value(node: cst.CSTNode, target: cst.BaseExpression, leaf: cst.Attribute) -> cst.BaseExpression | None:
    """What ``leaf`` (in ``target`` of the assignment ``node``) receives, when it is seen."""
    value = node.value if isinstance(node, (cst.Assign, cst.AnnAssign)) else None
    if target is leaf or value is None:
        return value
    if not (isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List))
            and len(target.elements) == len(value.elements)):
        return None
    for el, given in zip(target.elements, value.elements):
        if isinstance(el, cst.StarredElement) or isinstance(given, cst.StarredElement):
            return None
        if el.value is leaf:
            return given.value
    return None


def _concrete_array_binding(index, scope: FunctionInfo | None, name: str, depth: int, is_array=None) -> str | None:
    is_array = is_array or _is_jax_array_expr
    while True:
        if scope is not None and (scope.param(name) is not None or not isinstance(scope.node, cst.FunctionDef)):
            return None
        body = index.module.body if scope is None else getattr(scope.node.body, "body", ())
        values = index.assigned_names(scope).get(name)
        if values:
            value = values[0]
            if len(values) != 1 or value is None:
                return None
            top = [stmt for stmt in body if isinstance(stmt, cst.SimpleStatementLine) and any(
                isinstance(small, cst.Assign) and small.value is value for small in stmt.body)]
            if len(top) != 1 or not is_array(index, scope, value, depth):
                return None  # assigned in a branch or a loop, or not an array
            if any(jitcontext.binds(stmt, name) for stmt in body if stmt is not top[0]):
                return None  # bound another way too (tested last: it walks the whole scope)
            code = " ".join(index.module.code_for_node(value).split())
            code = code if len(code) <= 40 else code[:37] + "..."
            where = "at module level" if scope is None else f"in `{scope.display()}`"
            return f"`{name} = {code}` {where}"
        if scope is None:
            return None  # no plain assignment at module level: no array, however else it is bound
        if any(jitcontext.binds(stmt, name) for stmt in body):
            return None  # imported, a loop variable, a def, ...
        scope = scope.parent


def _is_jax_array_expr(index, scope: FunctionInfo | None, expr: cst.BaseExpression, depth: int) -> bool:
    """A JAX array, computed outside staged code (so concrete): a jax.numpy/lax/random/nn/scipy
    array function's result, arithmetic with one (NumPy defers to JAX arrays), indexing of one."""
    from jitguard.lint.analysis.callsem import makes_array_when_staged

    if isinstance(expr, cst.Call):
        name = index.resolve(expr.func, scope)
        return name is not None and makes_array_when_staged(name)
    if isinstance(expr, cst.BinaryOperation):
        return _is_jax_array_expr(index, scope, expr.left, depth) or _is_jax_array_expr(index, scope, expr.right, depth)
    if isinstance(expr, cst.UnaryOperation) and not isinstance(expr.operator, cst.Not):
        return _is_jax_array_expr(index, scope, expr.expression, depth)
    if isinstance(expr, cst.Subscript):
        return _is_jax_array_expr(index, scope, expr.value, depth)
    if isinstance(expr, cst.Name) and depth > 0:
        return concrete_array_binding(index, scope, expr.value, depth - 1) is not None
    return False


# array methods that return a NumPy array when called on one
_NUMPY_ARRAY_METHODS = frozenset({"reshape", "astype", "copy", "ravel", "flatten", "transpose", "squeeze"})


def _is_numpy_array_expr(index, scope: FunctionInfo | None, expr: cst.BaseExpression, depth: int) -> bool:
    """A NumPy array: a ``numpy`` array function's result, an array method on one, indexing of one,
    arithmetic of one with no JAX array, or a name bound so (``depth`` names deep)."""
    if isinstance(expr, cst.Call):
        name = index.resolve(expr.func, scope) or ""
        if (isinstance(expr.func, cst.Attribute) and expr.func.attr.value in _NUMPY_ARRAY_METHODS
                and _is_numpy_array_expr(index, scope, expr.func.value, depth)):
            return True  # np.arange(6.0).reshape(2, 3), base.reshape(2, 3)
        last = name.rsplit(".", 1)[-1]
        return (name.startswith("numpy.") and not name.startswith(_NUMPY_NOT_ARRAYS) and last[:1].islower()
                and name not in jaxapi.STATIC_CALLS)
    if isinstance(expr, cst.BinaryOperation):
        sides = (expr.left, expr.right)
        return (any(_is_numpy_array_expr(index, scope, e, depth) for e in sides)
                and not any(_is_jax_array_expr(index, scope, e, depth) for e in sides))
    if isinstance(expr, cst.Subscript):  # a NumPy array's rows, an item of a dict of NumPy arrays
        return (_is_numpy_array_expr(index, scope, expr.value, depth)
                or depth > 0 and npparams.numpy_kind(index, scope, expr.value) == npparams.ITEMS)
    if isinstance(expr, cst.Name) and depth > 0:
        return numpy_array_binding(index, scope, expr.value, depth - 1) is not None
    return False


_METADATA_ARRAYS = PerIndex()


def metadata_array_binding(index, info: FunctionInfo, param: str, attr: str) -> str | None:
    """A call of ``info`` in this module whose argument for ``param`` is an instance built there
    (``CustomValue(jnp.array(1.0))``, or a name bound once to one) with a concrete JAX array as its
    attribute ``attr`` (stored by ``__init__`` as ``self.attr = arg``, or the generated ``__init__``
    of a dataclass/NamedTuple): that call, for messages; None when no call is known to."""
    table = _METADATA_ARRAYS.table(index)
    key = (info, param, attr)
    if key not in table:
        table[key] = _metadata_array_binding(index, info, param, attr)
    return table[key]


def _metadata_array_binding(index, info: FunctionInfo, param: str, attr: str) -> str | None:
    from jitguard.lint.analysis.callsem import record_fields

    positional = [p.name for p in info.positional]
    for call, scope, _klass, _loops in index.calls:
        if not isinstance(call.func, cst.Name) or call.func.value != info.name or any(a.star for a in call.args):
            continue
        found = index.resolve_function(call.func, scope)
        if found is None or found[0] is not info:
            continue
        arg = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == param), None)
        if arg is None and param in positional:
            plain = [a.value for a in call.args if a.keyword is None]
            at = positional.index(param)
            arg = plain[at] if at < len(plain) else None
        if isinstance(arg, cst.Name):
            arg = index.binding(arg.value, scope)
        if not isinstance(arg, cst.Call) or not isinstance(arg.func, cst.Name) or any(a.star for a in arg.args):
            continue
        value = _constructed_attribute(index, scope, arg, attr, record_fields)
        if value is not None and _is_jax_array_expr(index, scope, value, 2):
            code = " ".join(index.module.code_for_node(arg).split())
            code = code if len(code) <= 40 else code[:37] + "..."
            return f"`{code}` passed to `{info.display()}` keeps it as pytree metadata"
    return None


def _constructed_attribute(index, scope, call: cst.Call, attr: str, record_fields) -> cst.BaseExpression | None:
    """The argument of ``Class(...)`` (a class of this module) that becomes its attribute ``attr``."""
    init = index.constructor(call.func, scope)
    if init is not None:
        params = [p.name for p in init.positional[1:]]
        owner = init.positional[0].name
        stored = None
        for node in iter_nodes(init.node.body):
            if isinstance(node, cst.Assign) and len(node.targets) == 1:
                target = node.targets[0].target
                if (isinstance(target, cst.Attribute) and target.attr.value == attr and isinstance(target.value, cst.Name)
                        and target.value.value == owner):
                    if stored is not None or not isinstance(node.value, cst.Name):
                        return None  # assigned twice, or not from a parameter
                    stored = node.value.value
        names = params
    else:
        klass = index.classes.get(call.func.value)
        names = record_fields(klass, lambda e: index.resolve(e, None)) if klass is not None else None
        stored = attr
    if stored is None or names is None or stored not in names:
        return None
    for a in call.args:
        if a.keyword is not None and a.keyword.value == stored:
            return a.value
    plain = [a.value for a in call.args if a.keyword is None]
    at = names.index(stored)
    return plain[at] if at < len(plain) else None
