"""Which functions run under a JAX trace, and which of their parameters are traced.

One pass over the module collects every function (``def`` and ``lambda``), class and call; then
each way JAX can trace a function is recognised through the import table:

* decorators: ``@jax.jit``, ``@jit``, ``@jx.jit``, ``@partial(jax.jit, static_argnames=...)``,
  ``@jax.jit(static_argnums=...)``, ``@jax.vmap``, ``@jax.pmap``, ``@jax.checkpoint``, shard_map;
* calls: ``jax.jit(f, ...)`` anywhere (``g = jax.jit(f)``, ``jax.jit(f)(x)``,
  ``self.step = jax.jit(self._step)``), through ``partial``, ``jax.grad`` and friends;
* the function arguments of ``lax.cond/switch/while_loop/fori_loop/scan/map``;
* ``jax.grad`` and its kin without jit (call or decorator: the ``argnums`` parameters, of kind
  DIFFERENTIATED), and ``jax.custom_vjp``/``custom_jvp`` functions called from staged code.

Each function's TraceState says the kind of trace it is under (STAGED, BATCHED, DIFFERENTIATED:
see TRACE_KINDS below) and the parameters that hold one Python literal in every trace (a
default no visible call passes, a value bound by ``functools.partial``). Names resolve through
the import table of the function they are written in (``imports_of``). Helpers, methods,
``__init__`` of classes built and ``__call__`` of instances called in traced code are found
later, by the taint walker (``resolve_function``, ``constructor``).
"""

from __future__ import annotations

import ast
import builtins
import itertools
from dataclasses import dataclass, field, replace

import libcst as cst

from jitguard.lint.analysis import arrays, fieldmeta, jaxapi, noneguards, privatecalls, stagedflags, vmapaxes, walk
from jitguard.lint.analysis.facts import RemoteJit
from jitguard.lint.analysis.pytrees import metadata_fields
from jitguard.lint.analysis.imports import ImportTable, dotted
from jitguard.lint.analysis.indexorder import collect_order
from jitguard.lint.analysis.instances import _fields_and_attributes
from jitguard.lint.analysis.jitfactories import jit_factories
from jitguard.lint.analysis.lattice import Origin, Taint
from jitguard.lint.analysis.objects import classmethod_class, none_or_text
from jitguard.lint.analysis.walk import LEAVES, branches, children, iter_branches, iter_nodes, own_nodes
from jitguard.lint.textscan import MAYBE_NONE as MAYBE_NONE_FIELD
from jitguard.lint.textscan import NOT_NONE as NOT_NONE_FIELD


# -- kinds of trace --------------------------------------------------------------------------
# What a function's code runs under decides which Python operations on its traced values fail
# (checked on JAX 0.10.2 by tests/test_analysis_paths.py::test_trace_kinds_are_what_jax_does):
#
# * STAGED: jit, pjit, pmap, the lax primitives' function arguments (cond, scan, fori_loop, ...),
#   checkpoint/remat, make_jaxpr, eval_shape, equinox.filter_jit, nnx.jit. bool()/`if`, int(),
#   float(), complex(), .item(), indexing a Python list, NumPy conversions fail on every traced
#   value, and every jnp/lax result is a tracer there, even one computed from constants.
# * BATCHED: vmap alone (jax.vmap, equinox.filter_vmap, nnx.vmap). The same conversions fail on
#   values computed from the mapped arguments; jnp operations on constants give concrete arrays.
# * DIFFERENTIATED: grad alone (jax.grad, value_and_grad, jacfwd, jacrev, jacobian, hessian):
#   float(), complex(), .tolist(), NumPy and math conversions and format specs fail on the
#   differentiated arguments; bool()/`if`, int(), .item() and indexing do not.
#
# A function under several transforms has the strongest kind (the order of TRACE_KINDS); a
# function nested in another runs under its kind too. None: traced, kind not known (a helper
# seeded from another file, or a transform whose kind is not established: shard_map, which runs
# eagerly on concrete shards outside jit, and checkify), for which every rule applies as under
# STAGED.
STAGED = "staged"
BATCHED = "batched"
DIFFERENTIATED = "differentiated"
TRACE_KINDS = (STAGED, BATCHED, DIFFERENTIATED)
_BATCHING = frozenset({"jax.vmap", "equinox.filter_vmap", "flax.nnx.vmap"})
# transforms that differentiate their function without staging it out (all in jaxapi.TRANSPARENT_WRAPPERS):
# their argnums= parameters (default 0) get the tracers
DIFFERENTIATING = frozenset({"jax.grad", "jax.value_and_grad", "jax.jacfwd", "jax.jacrev", "jax.jacobian",
                             "jax.hessian"})
# custom-derivative decorators: their function, called from staged code, gets a tracer for every
# argument not in nondiff_argnums (staged like the code that calls it)
CUSTOM_DERIVATIVES = frozenset({"jax.custom_vjp", "jax.custom_jvp"})
_SHARD_MAPS = frozenset({"jax.shard_map", "jax.experimental.shard_map.shard_map", "jax.sharding.shard_map"})
_NOT_ESTABLISHED = frozenset({"jax.shard_map", "jax.experimental.shard_map.shard_map", "jax.sharding.shard_map",
                              "jax.experimental.checkify.checkify"})


def _leafless_literal(expr: cst.BaseExpression) -> bool:
    """A literal JAX finds no leaf in (None, a string, an empty tuple, list or dict): an argument
    that stays what it is when JAX traces the others (`jax.eval_shape(f, sample_shape=())`)."""
    if isinstance(expr, (cst.Tuple, cst.List, cst.Dict)):
        return not expr.elements
    return none_or_text(expr)


def _short_name(qual: str) -> str:
    """How messages name a JAX function: `lax.cond`, `jnp.piecewise`, `eval_shape`, and the
    deeper ones in full (`jax.scipy.sparse.linalg.cg`)."""
    for prefix, short in (("jax.lax.", "lax."), ("jax.numpy.", "jnp.")):
        if qual.startswith(prefix):
            return short + qual[len(prefix):]
    return qual[4:] if qual.count(".") == 1 and qual.startswith("jax.") else qual


def trace_kind(transform: str) -> str | None:
    """The kind of trace a transform (qualified name) puts its function under."""
    if transform in _BATCHING or transform in jaxapi.BATCHED_FUNCTION_ARGS:
        return BATCHED
    if transform in DIFFERENTIATING:
        return DIFFERENTIATED
    if transform in _NOT_ESTABLISHED:
        return None
    return STAGED


def strongest(a: str | None, b: str | None) -> str | None:
    """The stronger of two kinds (None when neither is known)."""
    if a is None or b is None:
        return a or b
    return a if TRACE_KINDS.index(a) <= TRACE_KINDS.index(b) else b


@dataclass
class Param:
    name: str
    kind: str  # "positional", "vararg", "kwonly", "kwarg"
    default: cst.BaseExpression | None


@dataclass(eq=False)
class ClassInfo:
    name: str
    node: cst.ClassDef
    methods: dict[str, "FunctionInfo"] = field(default_factory=dict)
    static_fields: set[str] = field(default_factory=set)
    unhashable: bool = False  # a mutable @dataclass: its instances cannot be static arguments
    identity_hashed: bool = False  # no __eq__/__hash__ and not a dataclass: hashed by id()


@dataclass(eq=False)
class FunctionInfo:
    """The index record of a function: what it is (never changed once the module is indexed).
    What the analysis finds about it is its :class:`TraceState`."""

    node: cst.FunctionDef | cst.Lambda
    name: str
    parent: "FunctionInfo | None"
    cls: ClassInfo | None
    params: list[Param]
    is_method: bool = False  # defined in a class body, not a staticmethod: params[0] is self/cls
    is_classmethod: bool = False  # a @classmethod: params[0] is the class, bound by Class.method(...) too
    local_defs: dict[str, "FunctionInfo"] = field(default_factory=dict)
    loops: tuple = ()  # loops (For/While/comprehension nodes) around the definition, in its parent
    # the import table names in this function's code resolve through: the one of the function it
    # is nested in (the module's at the top), or a child of it holding this body's own imports
    # (set by ModuleIndex once the module is collected; see ModuleIndex.imports_of)
    imports: ImportTable | None = None

    @property
    def positional(self) -> list[Param]:
        return [p for p in self.params if p.kind == "positional"]

    def param(self, name: str) -> Param | None:
        for p in self.params:
            if p.name == name:
                return p
        return None

    def display(self) -> str:
        return f"{self.cls.name}.{self.name}" if self.cls else self.name


@dataclass(eq=False)
class TraceState:
    """What the analysis found about one function (the fixpoint state): the entry state of the
    taint walker. Written only through these methods, by the jit contexts (``ModuleIndex``), the
    walker's fixpoint (``taint.Analysis``) and the seeds from other files (``crossmodule``)."""

    # traced parameters, and traced names seen from the enclosing code
    traced: dict[str, Origin] = field(default_factory=dict)
    closure: dict[str, Taint] = field(default_factory=dict)
    contexts: list[str] = field(default_factory=list)  # how it gets traced, for messages
    # what every value a traced parameter receives has in common: a subset of Taint's flags
    # ("container", "boolean", "opaque", "foreign"); a parameter absent here has none of them
    param_flags: dict[str, frozenset[str]] = field(default_factory=dict)
    static_unknown: bool = False  # static_argnums given in a form we cannot read: trust the user
    # the strongest kind of trace (STAGED, BATCHED, DIFFERENTIATED) the function is under, from the
    # transforms applied to it and the traced code that calls it; read it with Traces.kind, which
    # also looks at the functions it is nested in
    kind: str | None = None
    # parameters that hold the same Python literal in every trace of the function seen (a default
    # no caller passes, a value bound by functools.partial): name -> the literal's code; a name
    # mapped to None had different values. Read them with constant_truth.
    constants: dict[str, str | None] = field(default_factory=dict)
    # free variables of a nested function that hold a known value (NOT_NONE) in every trace: at
    # every place a transform stages the function, an early exit of the enclosing function
    # (``if v is None: return``) ruled None out and nothing rebinds ``v`` after it
    # (ModuleIndex.free_narrowings). None: no such place seen yet. A Python-level call from
    # traced code is one more trace whose values are not known: it empties this (``called``).
    narrowed: dict[str, str] | None = None
    # KWREST: the keys of the ``**kwargs`` parameter the transforms tracing it know (True: the key's
    # value is a tracer in some trace; False: a Python value in every one, static_argnames names
    # it or partial binds it), and whether any other key may hold a tracer (None: no transform
    # traces ``**kwargs``); the walker makes them an open record (walker._open_kwargs)
    kwarg_keys: dict[str, bool] = field(default_factory=dict)
    kwarg_rest: bool | None = None

    def keywords(self, static: frozenset[str], passed: frozenset[str] | None) -> None:
        """One more transform traces ``**kwargs``: the keywords it keeps static, and the only ones
        its calls pass (None: any keyword may come, a tracer unless static)."""
        keys = dict.fromkeys(static, False)
        if passed is not None:
            keys.update((k, True) for k in passed - static)
        rest = passed is None
        if self.kwarg_rest is not None:
            old, old_rest = self.kwarg_keys, self.kwarg_rest
            keys = {k: old.get(k, old_rest) or keys.get(k, rest) for k in old.keys() | keys.keys()}
            rest = rest or old_rest
        self.kwarg_keys, self.kwarg_rest = keys, rest

    def narrow(self, found: dict[str, str]) -> None:
        """One more transform stages the function, where its free variables hold ``found``."""
        if self.narrowed is None:
            self.narrowed = dict(found)
        else:
            self.narrowed = {n: v for n, v in self.narrowed.items() if found.get(n) == v}

    def called(self) -> bool:
        """Traced code calls the function at Python level: forget what the staging places ruled
        out. True if something was forgotten (the function must be walked again)."""
        had = bool(self.narrowed)
        self.narrowed = {}
        return had

    def hold(self, name: str, literal: str) -> None:
        """In one more trace, parameter ``name`` holds the Python literal ``literal``."""
        if self.constants.get(name, literal) != literal:
            literal = None  # type: ignore[assignment]
        self.constants[name] = literal

    def traced_as(self, kind: str | None) -> bool:
        """One more trace of this kind runs the function: keep the strongest; True if it changed."""
        new = strongest(self.kind, kind)
        if new == self.kind:
            return False
        self.kind = new
        return True

    def traced_by(self, how: str) -> None:
        """One more transform traces the function (``how``: for messages)."""
        self.contexts.append(how)

    def give_up_statics(self) -> None:
        """Some transform gives static_argnums in a form we cannot read: trust the user."""
        self.static_unknown = True

    def trace(self, name: str, origin: Origin, flags: frozenset[str] | None = None) -> bool:
        """Mark parameter ``name`` traced (unless it is already); True if it was not."""
        if name in self.traced:
            return False
        self.traced[name] = origin
        if flags is not None:
            self.param_flags[name] = flags
        return True

    def receive(self, name: str, flags: frozenset[str]) -> bool:
        """A traced parameter receives one more value: keep only the flags every value has."""
        have = self.param_flags.get(name, frozenset())
        if have - flags:
            self.param_flags[name] = have & flags
            return True
        return False

    def enclose(self, name: str, taint: Taint) -> bool:
        if name in self.closure:
            return False
        self.closure[name] = taint
        return True

    def entry(self) -> dict[str, Taint]:
        """The walker's starting environment: each traced parameter with its flags."""
        return {name: Taint.with_flags(origin, self.param_flags.get(name, frozenset()))
                for name, origin in self.traced.items()}


class Traces:
    """The analysis result of a module: a :class:`TraceState` per function."""

    def __init__(self) -> None:
        self._states: dict[FunctionInfo, TraceState] = {}
        # functions given to a host callback (jaxapi.HOST_CALLBACKS): JAX runs them at run time on
        # the host, outside the trace of the function they are nested in
        self.host_callbacks: set[FunctionInfo] = set()

    def of(self, info: FunctionInfo) -> TraceState:
        state = self._states.get(info)
        if state is None:
            state = self._states[info] = TraceState()
        return state

    def traced(self, info: FunctionInfo) -> bool:
        state = self._states.get(info)
        return state is not None and bool(state.traced)

    def kind(self, info: FunctionInfo | None) -> str | None:
        """The kind of trace code in ``info`` runs under (STAGED, BATCHED, DIFFERENTIATED; None
        when not known or not traced): the strongest of ``info``'s and of the functions it is
        nested in. Under STAGED a jnp result is a tracer even when computed from constants."""
        kind = None
        while info is not None:
            state = self._states.get(info)
            if state is not None:
                kind = strongest(kind, state.kind)
            if info in self.host_callbacks:
                break  # run on the host: the trace around its definition is not its own
            info = info.parent
        return kind

    def in_traced_code(self, info: FunctionInfo | None) -> bool:
        """Does code in ``info`` run while a transform traces it (``info`` or a function it is
        nested in is jitted, vmapped, scanned over, ..., or is a helper that traced code calls
        with traced values)? Then a call made there is part of that trace, and a ``jax.jit``
        applied there compiles nothing of its own. (Not under grad alone: a jitted function
        called there compiles as it does outside.)"""
        while info is not None:
            state = self._states.get(info)
            if state is not None and (state.contexts or state.traced) and state.kind != DIFFERENTIATED:
                return True
            if info in self.host_callbacks:
                break
            info = info.parent
        return False


@dataclass(frozen=True)
class Statics:
    """The parameters a transform keeps static and donates, as JAX reads its options."""

    static: frozenset[str] = frozenset()
    donate: frozenset[str] = frozenset()
    unknown: bool = False  # given in a form we cannot read
    given: bool = False  # the transform was given options at all


_LEAVES = LEAVES
_COMPREHENSIONS = frozenset({cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp})


def _params(node: cst.FunctionDef | cst.Lambda) -> list[Param]:
    ps = node.params
    out = [Param(p.name.value, "positional", p.default) for p in (*ps.posonly_params, *ps.params)]
    if isinstance(ps.star_arg, cst.Param):
        out.append(Param(ps.star_arg.name.value, "vararg", None))
    out += [Param(p.name.value, "kwonly", p.default) for p in ps.kwonly_params]
    if ps.star_kwarg is not None:
        out.append(Param(ps.star_kwarg.name.value, "kwarg", None))
    return out


def literal_ints(node: cst.BaseExpression | None) -> list[int] | None:
    """``static_argnums=(0, -1)`` / ``1`` / ``None``: the ints, or None when not literal."""
    if isinstance(node, cst.Integer):
        return [int(node.value, 0)]
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) and isinstance(
        node.expression, cst.Integer
    ):
        return [-int(node.expression.value, 0)]
    return _literal_list(node, literal_ints, (cst.Tuple, cst.List))


def literal_strs(node: cst.BaseExpression | None) -> list[str] | None:
    """``static_argnames=("a", "b")`` / ``"a"`` / ``None``: the strings, or None when not literal."""
    if isinstance(node, cst.SimpleString):
        return [node.evaluated_value] if isinstance(node.evaluated_value, str) else None
    return _literal_list(node, literal_strs, (cst.Tuple, cst.List, cst.Set))


def _literal_list(node, one_of, containers: tuple) -> list | None:
    """The items of a literal container (each read by ``one_of``), [] for None or no argument."""
    if node is None or (isinstance(node, cst.Name) and node.value == "None"):
        return []
    if not isinstance(node, containers):
        return None
    out: list = []
    for el in node.elements:
        one = one_of(el.value)
        if one is None or len(one) != 1 or isinstance(el, cst.StarredElement):
            return None
        out += one
    return out


def keyword(call: cst.Call, name: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


def arguments_at(call: cst.Call, spec: tuple[tuple[int, ...], tuple[str, ...]]) -> list[cst.BaseExpression]:
    """The arguments a (positions, keywords) table entry names in this call."""
    positions, keywords = spec
    args = positional_args(call)
    exprs = [args[i].value for i in positions if i < len(args)]
    return exprs + [a.value for a in call.args if a.keyword is not None and a.keyword.value in keywords]


def positional_args(call: cst.Call) -> list[cst.Arg]:
    return [a for a in call.args if a.keyword is None and not a.star]


def positional_count(call: cst.Call) -> int | None:
    """How many positional arguments ``call`` passes: a starred tuple or list literal
    (``f(p, *(x, y))``) passes its elements, as if written out; None when a starred argument is
    anything else (a name, a call, a literal holding a starred element) or ``**`` is used."""
    count = 0
    for a in call.args:
        if a.star == "*" and isinstance(a.value, (cst.Tuple, cst.List)) and not any(
                isinstance(el, cst.StarredElement) for el in a.value.elements):
            count += len(a.value.elements)
        elif a.star:
            return None
        elif a.keyword is None:
            count += 1
    return count


@dataclass
class TransformUse:
    """A transform applied to a function: ``jax.jit(f, static_argnums=...)`` and the like."""

    qualname: str  # the transform, e.g. "jax.jit"
    options: cst.Call | None  # the call that carries static_argnums etc. (None: bare decorator)
    bound_positional: int = 0  # arguments bound by functools.partial
    bound_keywords: frozenset[str] = frozenset()
    bound_self: bool = False  # jax.jit(self.method): self is bound, not an argument
    # a jit decorator of the module that jits a `*args, **kwargs` forwarder (jitfactories): its
    # static_argnames match keywords only, so a parameter some call passes by position is traced
    keyword_static: str = ""  # the decorator's name
    # filled in by ModuleIndex.mark_traced: parameter names JAX keeps static / donates
    static_names: frozenset[str] = frozenset()
    donate_names: frozenset[str] = frozenset()
    static_unknown: bool = False
    nargs: int | None = None  # how many arguments the caller passes (lax loops pass a fixed number)
    # keyword arguments the caller passes on as tracers besides the nargs positional ones
    # (`jax.eval_shape(f, x, p=tree)` traces `p` too)
    traced_keywords: frozenset[str] = frozenset()
    remote: bool = False  # applied in another file (jax.jit(module.f)): its call sites are not seen
    # defaulted parameters no visible call of the transformed function passes (they keep their
    # Python default), and the literal values partial binds: ModuleIndex._call_context
    unpassed: frozenset[str] = frozenset()
    # KWREST: the keywords every call in sight gives the function's ``**kwargs`` (its only keys in
    # the traces), or None when it may be called out of sight (any keyword may come)
    passed_keywords: frozenset[str] | None = None
    bound_values: dict = field(default_factory=dict)
    # parameters every visible call passes (or leaves at its default) the same Python literal:
    # name -> its code; a static one holds that literal in every trace (ModuleIndex._hold_constants)
    passed_values: dict = field(default_factory=dict)
    # parameters every call in sight passes a name known not None there (noneguards): hold NOT_NONE
    not_none: frozenset[str] = frozenset()


_OPERATIONS = (cst.BinaryOperation, cst.UnaryOperation)


class ModuleIndex:
    """Functions, classes and jit contexts of one module."""

    def __init__(self, module: cst.Module, imports: ImportTable, extra_jit: frozenset[str] = frozenset(),
                 tree_fields: frozenset[str] = frozenset(), source: str | None = None) -> None:
        self.module = module
        # the text ``module`` was parsed from, when the caller has it (None: ``module.code``, which
        # libcst makes again from the whole tree: a round trip gives the same text)
        self.source = source
        self.imports = imports
        self.extra_jit = extra_jit
        # the tree-wide scan's metadata fields (textscan.metadata_names), known while this index is
        # built (the engine adds them to static_field_names only once it is)
        self.tree_fields = tree_fields
        self.functions: list[FunctionInfo] = []
        self.by_node: dict[cst.CSTNode, FunctionInfo] = {}
        self.module_defs: dict[str, FunctionInfo] = {}
        self.classes: dict[str, ClassInfo] = {}
        self.module_sequences: set[str] = set()  # module-level names bound to list/tuple literals
        self.module_mappings: set[str] = set()  # module-level names bound to dict literals
        # fields some class of this module declares static (eqx.field(static=True), pytree_node=False,
        # register_dataclass meta fields, pytree aux data: jitguard.lint.analysis.pytrees)
        self.static_field_names: set[str] = metadata_fields(module, imports, source)
        # methods of self alone that the tree's classes declare Python-valued (`-> int`), set by
        # the engine from the tree-wide scan (engine.metadata_names)
        self.static_methods: frozenset[str] = frozenset()
        self.module_assigned: set[str] = set()
        self._module_assigns: list[tuple[str, cst.BaseExpression]] = []
        # myjit = jax.jit -> ("jax.jit", None); jit_static = partial(jax.jit, ...) -> ("jax.jit", that call)
        self.transform_aliases: dict[str, tuple[str, cst.Call | None]] = {}
        self._bindings: dict[FunctionInfo | None, dict[str, cst.BaseExpression | None]] = {}
        self._assigns: dict[FunctionInfo | None, dict[str, list[cst.BaseExpression | None]]] = {}
        self._top_statements: dict[FunctionInfo, dict[int, int]] = {}
        self._stores: dict[int, dict[str, list[tuple]]] = {}  # id of a ClassInfo -> attribute_stores
        # name -> function it wraps through a transform (g = jax.jit(f)): calls to g are calls to f
        self.aliases: dict[str, tuple[FunctionInfo, TransformUse]] = {}
        # each transform applied to a function of this module: (function, use, decorator or call node)
        self.jit_uses: list[tuple[FunctionInfo, TransformUse, cst.CSTNode]] = []
        # every jax.jit/pmap/... call, resolved or not: (call, transform, enclosing function, loops)
        self.transform_calls: list[tuple[cst.Call, str, FunctionInfo | None, tuple]] = []
        # transforms applied to functions imported from other files (see _remote_context)
        self.remote_contexts: list[RemoteJit] = []
        # what the analysis finds about each function (jit contexts here, then the taint walker)
        self.traces = Traces()
        # every call: (call, enclosing function, enclosing class, enclosing loops in that function)
        self.calls: list[tuple[cst.Call, FunctionInfo | None, ClassInfo | None, tuple]] = []
        # what each of those calls calls (resolve(call.func, its function), None when that does not
        # resolve), in the same order; and the set of them: a module none of whose calls names X
        # needs no walk looking for calls of X (set by _find_host_callbacks)
        self.callees: list[str | None] = []
        self.callee_names: set[str | None] = set()
        # resolve_function's answers, once the index is built (None while it is: the aliases grow
        # then): (id of the expression, scope) -> (expression, answer); the rules ask again and
        # again of the same calls, and nothing it reads changes after the index is built
        self._resolved: dict | None = None
        self._names: dict | None = None  # the same for resolve (set once _collect's tables are complete)
        self._collect(module)
        self._names = {}
        self._find_contexts()
        self._resolved = {}

    def release(self) -> None:
        """Once the module's check is over: break the reference cycles of the index's records (a
        class lists its methods, which name their class; a function lists the functions defined in
        it, which name their parent) and drop what the index holds. The tree is then freed as soon
        as the check lets go of it, not by CPython's cycle collector, which would first walk it
        whole, with every collection between (docs/performance.md). The index is unusable after."""
        for info in self.functions:
            info.local_defs.clear()
            if info.cls is not None:
                info.cls.methods.clear()
        self.__dict__.clear()

    # -- collection -------------------------------------------------------------------------
    def _collect(self, module: cst.Module) -> None:
        """Record the module's functions, classes, calls, imports and module-level assignments,
        each with the enclosing function, class and loops (within that function): from the shared
        walk (indexorder.collect_order: the nodes in the order of :meth:`_collect_walk`), or, for
        a tree that is not the one being checked, by that walk."""
        record = walk.shared(module)
        if record is None:
            self._collect_walk(module)
            return
        nodes = record.nodes
        made: dict[int, FunctionInfo | ClassInfo] = {}  # position of a def, lambda or class -> its record
        local_imports: dict[FunctionInfo, list[cst.CSTNode]] = {}  # imports in function bodies
        Call, Line, Def, Lambda, Class = cst.Call, cst.SimpleStatementLine, cst.FunctionDef, cst.Lambda, cst.ClassDef
        for _key, p, f, k, in_class_body, loops in collect_order(record, module):
            node = nodes[p]
            t = type(node)
            func = made[f] if f is not None else None
            klass = made[k] if k is not None else None
            if t is Call:
                self.calls.append((node, func, klass, loops))
            elif t is Line:
                if in_class_body and klass is not None:
                    self._class_field(node, klass)
                else:
                    self._module_assignment(node)  # (collect_order gives no other line)
            elif t is Def:
                made[p] = self._def_info(node, func, klass, in_class_body, loops)
            elif t is Class:
                made[p] = self._class_info(node, func)
            elif t is Lambda:
                made[p] = self._lambda_info(node, func, loops)
            elif func is None:  # an import
                self.imports.add_statement(node)
            else:
                local_imports.setdefault(func, []).append(node)
        self._function_imports(local_imports)

    def _collect_walk(self, module: cst.Module) -> None:
        # iterative walk keeping the enclosing function, class, and loops (within that function)
        Loops = tuple
        stack: list[tuple[cst.CSTNode, FunctionInfo | None, ClassInfo | None, bool, Loops]] = [
            (child, None, None, False, ()) for child in reversed(module.body)
        ]
        push = stack.append
        # type(node) is X: isinstance() on libcst's ABC-based classes costs several times more
        special = {cst.FunctionDef: self._collect_def, cst.Lambda: self._collect_lambda, cst.ClassDef: self._collect_class,
                   cst.For: self._collect_loop, cst.While: self._collect_loop}
        special.update(dict.fromkeys(_COMPREHENSIONS, self._collect_comprehension))
        Call, Import, ImportFrom, Line, Block = cst.Call, cst.Import, cst.ImportFrom, cst.SimpleStatementLine, cst.IndentedBlock
        local_imports: dict[FunctionInfo, list[cst.CSTNode]] = {}  # imports in function bodies
        while stack:
            node, func, klass, in_class_body, loops = stack.pop()
            t = type(node)
            if t in _LEAVES:
                continue
            handler = special.get(t)
            if handler is not None:
                handler(node, func, klass, in_class_body, loops, push)
                continue
            if t is Call:
                self.calls.append((node, func, klass, loops))
            elif t is Import or t is ImportFrom:
                if func is None:
                    self.imports.add_statement(node)  # module level (also in a class body or a block)
                else:
                    local_imports.setdefault(func, []).append(node)
            elif in_class_body and t is Line and klass is not None:
                self._class_field(node, klass)
            elif func is None and klass is None and t is Line:
                self._module_assignment(node)
            body_of_class = in_class_body and t is Block
            for child in reversed(branches(node)):  # (a leaf would be skipped when popped)
                push((child, func, klass, body_of_class, loops))
        self._function_imports(local_imports)

    def _function_imports(self, local_imports: dict[FunctionInfo, list[cst.CSTNode]]) -> None:
        """Give each function its import table: its parent's (the module's at the top), or, when
        its body imports something, a child of that table with those imports. An import in one
        function binds a local name there (and in the functions nested in it), never elsewhere."""
        self.imports.aliases.update(self._assigned_aliases(None, self.imports))
        for info in self.functions:  # a function is collected before the functions nested in it
            parent = info.parent.imports if info.parent is not None else self.imports
            own = local_imports.get(info)
            table = parent
            if own:
                table = parent.child()
                for stmt in own:
                    table.add_statement(stmt)
            aliases = self._assigned_aliases(info, table)
            if aliases:
                table = table.child() if table is parent else table
                table.names.update(aliases)
                table.assigned = frozenset(aliases)
            info.imports = table

    def _assigned_aliases(self, scope: FunctionInfo | None, table: ImportTable) -> dict[str, str]:
        """``xp = jnp``, ``lax_ = jax.lax``, ``solve = jnp.linalg.solve`` in ``scope`` (None: at
        module level): a name bound once, by a plain assignment of a dotted name whose head ``table``
        imports, stands for what that dotted name resolves to (``xp.sum`` is ``jax.numpy.sum``).
        A name bound anywhere else in the scope (or in a function nested in it: a parameter, a
        ``global``, a loop target, ...) is none."""
        found = {}
        for name, values in self._scope_assigns(scope).items():
            text = dotted(values[0]) if len(values) == 1 and values[0] is not None else None
            head = text.partition(".")[0] if text is not None else None
            # (not a builtin's name: `zip = util.safe_zip` keeps reading as zip, what it stands for)
            if head is not None and (head in table.names or head in table.aliases) and head != name \
                    and not hasattr(builtins, name):
                found[name] = table.resolve_text(text)
        if not found:
            return found
        once = bound_just_once(scope.node if scope is not None else self.module, found.keys())
        return {name: qual for name, qual in found.items() if name in once}

    def _collect_def(self, node: cst.FunctionDef, func, klass, in_class_body: bool, loops: tuple, push) -> None:
        info = self._def_info(node, func, klass, in_class_body, loops)
        for dec in node.decorators:
            push((dec.decorator, func, klass, False, loops))
        push((node.params, info, klass, False, ()))
        push((node.body, info, klass, False, ()))

    def _def_info(self, node: cst.FunctionDef, func, klass, in_class_body: bool, loops: tuple) -> FunctionInfo:
        decorators = {self.imports.resolve(d.decorator) for d in node.decorators}
        is_static = "staticmethod" in decorators
        info = FunctionInfo(
            node, node.name.value, func, klass if in_class_body else None, _params(node),
            is_method=in_class_body and not is_static, loops=loops,
            is_classmethod=in_class_body and "classmethod" in decorators,
        )
        self._register(info, func, klass, in_class_body)
        return info

    def _collect_lambda(self, node: cst.Lambda, func, klass, _in_class_body: bool, loops: tuple, push) -> None:
        info = self._lambda_info(node, func, loops)
        push((node.body, info, klass, False, ()))

    def _lambda_info(self, node: cst.Lambda, func, loops: tuple) -> FunctionInfo:
        info = FunctionInfo(node, "<lambda>", func, None, _params(node), loops=loops)
        self.functions.append(info)
        self.by_node[node] = info
        return info

    def _collect_class(self, node: cst.ClassDef, func, klass, _in_class_body: bool, loops: tuple, push) -> None:
        cinfo = self._class_info(node, func)
        for dec in node.decorators:
            push((dec.decorator, func, klass, False, loops))
        for stmt in reversed(node.body.body):
            push((stmt, func, cinfo, True, loops))

    def _class_info(self, node: cst.ClassDef, func) -> ClassInfo:
        cinfo = ClassInfo(node.name.value, node)
        cinfo.unhashable = self._mutable_dataclass(node)
        cinfo.identity_hashed = self._identity_hashed(node)
        if func is None:
            self.classes.setdefault(cinfo.name, cinfo)
        return cinfo

    @staticmethod
    def _collect_loop(node: cst.For | cst.While, func, klass, _in_class_body: bool, loops: tuple, push) -> None:
        inner = (*loops, node)
        if type(node) is cst.For:
            push((node.iter, func, klass, False, loops))
            push((node.target, func, klass, False, inner))
        else:
            push((node.test, func, klass, False, inner))
        push((node.body, func, klass, False, inner))
        if node.orelse is not None:
            push((node.orelse, func, klass, False, loops))

    @staticmethod
    def _collect_comprehension(node: cst.BaseComp, func, klass, _in_class_body: bool, loops: tuple, push) -> None:
        inner = (*loops, node)
        first = node.for_in
        push((first.iter, func, klass, False, loops))
        for child in children(node):
            if child is not first:
                push((child, func, klass, False, inner))
        push((first.target, func, klass, False, inner))
        for cond in first.ifs:
            push((cond, func, klass, False, inner))
        if first.inner_for_in is not None:
            push((first.inner_for_in, func, klass, False, inner))

    def _identity_hashed(self, node: cst.ClassDef) -> bool:
        """A plain class (no bases, no decorators, no __eq__/__hash__): equal only to itself."""
        if node.bases or node.decorators:
            return False  # a base class or decorator (dataclass, NamedTuple, ...) may define equality
        for stmt in node.body.body:
            if isinstance(stmt, cst.FunctionDef) and stmt.name.value in ("__eq__", "__hash__"):
                return False
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if isinstance(small, cst.Assign) and any(
                        isinstance(t.target, cst.Name) and t.target.value == "__hash__" for t in small.targets
                    ):
                        return False
        return True

    def _mutable_dataclass(self, node: cst.ClassDef) -> bool:
        """@dataclass without frozen=True/unsafe_hash=True: eq makes instances unhashable."""
        for dec in node.decorators:
            expr = dec.decorator
            call = expr if isinstance(expr, cst.Call) else None
            name = self.imports.resolve(call.func if call else expr)
            if name in ("dataclasses.dataclass", "dataclass"):
                if call is None:
                    return True
                flags = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
                true = lambda k: isinstance(flags.get(k), cst.Name) and flags[k].value == "True"  # noqa: E731
                false = lambda k: isinstance(flags.get(k), cst.Name) and flags[k].value == "False"  # noqa: E731
                return not (true("frozen") or true("unsafe_hash") or false("eq"))
        return False

    def _register(self, info: FunctionInfo, func: FunctionInfo | None, klass: ClassInfo | None, in_class: bool) -> None:
        self.functions.append(info)
        self.by_node[info.node] = info
        if in_class and klass is not None:
            klass.methods[info.name] = info
        elif func is not None:
            func.local_defs[info.name] = info
        else:
            self.module_defs[info.name] = info

    def _class_field(self, line: cst.SimpleStatementLine, klass: ClassInfo) -> None:
        keys = None
        for small in line.body:
            target, value = None, None
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                target, value = small.target.value, small.value
            elif isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
                target, value = small.targets[0].target.value, small.value
            if target and isinstance(value, cst.Call):
                if keys is None:
                    keys = fieldmeta.static_keys(klass.node, self.imports)
                    keys = fieldmeta.ANY_KEY if keys is None else keys
                static = keyword(value, "static")
                node = keyword(value, "pytree_node")
                if (isinstance(static, cst.Name) and static.value == "True") or (
                    isinstance(node, cst.Name) and node.value == "False"
                ) or fieldmeta.static_by_metadata(value, keys):
                    klass.static_fields.add(target)
                    self.static_field_names.add(target)

    def _module_assignment(self, line: cst.SimpleStatementLine) -> None:
        for small in line.body:
            if isinstance(small, cst.Assign):
                for t in small.targets:
                    if isinstance(t.target, cst.Name):
                        self.module_assigned.add(t.target.value)
                        self._module_assigns.append((t.target.value, small.value))
                        if isinstance(small.value, (cst.List, cst.Tuple)):
                            self.module_sequences.add(t.target.value)
                        elif isinstance(small.value, (cst.Dict, cst.DictComp)):
                            self.module_mappings.add(t.target.value)

    # -- lookups ----------------------------------------------------------------------------
    def imports_of(self, scope: FunctionInfo | None) -> ImportTable:
        """The import table names in ``scope`` resolve through (the module's for None)."""
        if scope is not None and scope.imports is not None:
            return scope.imports
        return self.imports

    def resolve(self, expr: cst.BaseExpression, scope: FunctionInfo | None) -> str | None:
        """Qualified name of a dotted expression written in ``scope`` (None: at module level).
        Once the index is built, each answer is kept (:attr:`_names`): the context finder and the
        module rules ask it of the same calls' callees again and again (800,000 questions for
        150,000 calls on the development corpus), and the import tables it reads no longer change."""
        memo = self._names
        if memo is None:
            return self.imports_of(scope).resolve(expr)
        key = (id(expr), scope)
        hit = memo.get(key)
        if hit is not None and hit[0] is expr:
            return hit[1]
        found = self.imports_of(scope).resolve(expr)
        memo[key] = (expr, found)  # (the expression kept: its id cannot be reused meanwhile)
        return found

    def lookup_function(self, name: str, scope: FunctionInfo | None) -> FunctionInfo | None:
        """The ``def`` a bare name refers to, from inside ``scope`` (innermost first)."""
        while scope is not None:
            if name in scope.local_defs:
                return scope.local_defs[name]
            scope = scope.parent
        return self.module_defs.get(name)

    def resolve_function(
        self, expr: cst.BaseExpression, scope: FunctionInfo | None
    ) -> tuple[FunctionInfo, TransformUse | None, bool] | None:
        """The function an expression evaluates to, and how it is wrapped.

        Returns (function, transform applied or None, self is bound)."""
        memo = self._resolved
        if memo is None:
            return self._resolve_function(expr, scope)
        key = (id(expr), scope)
        hit = memo.get(key)
        if hit is not None and hit[0] is expr:
            return hit[1]
        found = self._resolve_function(expr, scope)
        memo[key] = (expr, found)  # (the expression kept: its id cannot be reused meanwhile)
        return found

    def _resolve_function(
        self, expr: cst.BaseExpression, scope: FunctionInfo | None
    ) -> tuple[FunctionInfo, TransformUse | None, bool] | None:
        kind = type(expr)  # (type tests: isinstance on libcst's ABC-based classes is slow; none has subclasses)
        if kind is cst.Lambda:
            info = self.by_node.get(expr)
            return (info, None, False) if info else None
        if kind is cst.Call:  # Model(...)(x): the new instance's __call__
            made = self.made_by_factory(expr, scope)  # make(...)(x): the def it returns
            if made is not None:
                return made, None, False
            klass = self.instance_class(expr, scope)
            call = klass.methods.get("__call__") if klass is not None else None
            return (call, None, True) if call else None
        if kind is cst.Name:
            if expr.value in self.aliases and self.lookup_function(expr.value, scope) is None:
                fn, use = self.aliases[expr.value]
                return fn, use, use.bound_self
            info = self.lookup_function(expr.value, scope)
            if info is None:
                bound = self.binding(expr.value, scope)  # g = lambda i: ...; jax.jit(g)
                if type(bound) is cst.Lambda and bound in self.by_node:
                    return (self.by_node[bound], None, False)
                made = self.made_by_factory(bound, scope)  # f = make(...); jax.jit(f)
                if made is not None:
                    return made, None, False
                klass = self.instance_class(expr, scope)  # jax.jit(model): model = Model(...)
                call = klass.methods.get("__call__") if klass is not None else None
                return (call, None, True) if call else None
            return (info, None, False)
        if kind is cst.Attribute:
            found = self._resolve_method(expr, scope)
            if found is None and type(expr.value) is cst.Name and expr.value.value in ("self", "cls"):
                klass = self.instance_class(expr, scope)  # self.layer(x): the instance's __call__
                call = klass.methods.get("__call__") if klass is not None else None
                found = (call, None, True) if call else None
            return found
        return None

    def made_by_factory(self, expr: cst.BaseExpression | None, scope: FunctionInfo | None) -> FunctionInfo | None:
        """``make(...)`` where ``make`` is a plain ``def`` of this module (no decorator, not a
        method) every ``return`` of which hands back one and the same function defined in its
        body (``def step(x): ...; return step``, or a lambda): that function, which a call of
        the result runs (with the arguments of that call); ``make(a)(b)`` is what the function
        ``make(a)`` gives back returns, when that is a plain def of the same kind (a factory of
        factories, as optimizer wrappers are written)."""
        if type(expr) is not cst.Call:
            return None
        if type(expr.func) is cst.Call:
            factory = self.made_by_factory(expr.func, scope)
        elif type(expr.func) is cst.Name:
            factory = self.lookup_function(expr.func.value, scope)
        else:
            return None
        if factory is None or type(factory.node) is not cst.FunctionDef or factory.node.decorators \
                or factory.is_method:
            return None
        return self.returned_local_def(factory)

    def returned_local_def(self, factory: FunctionInfo) -> FunctionInfo | None:
        """The one function defined in ``factory`` (a def or lambda of its body) that every
        ``return`` of it hands back; None otherwise."""
        if type(factory.node) is not cst.FunctionDef:
            return None
        made = {self._returned_def(r.value, factory) for r in own_nodes(factory.node.body) if type(r) is cst.Return}
        found = made.pop() if len(made) == 1 else None
        return found if found is not None and found.parent is factory else None

    def _returned_def(self, value: cst.BaseExpression | None, factory: FunctionInfo) -> FunctionInfo | None:
        if type(value) is cst.Lambda:
            return self.by_node.get(value)
        if type(value) is cst.Name and not self._scope_assigns(factory).get(value.value):
            return factory.local_defs.get(value.value)
        return None

    def _resolve_method(self, expr: cst.Attribute, scope: FunctionInfo | None
                        ) -> tuple[FunctionInfo, TransformUse | None, bool] | None:
        """``self.step``, ``Class.method``, ``Policy(0.1).act``, ``rnn.unroll`` (rnn = RNN(...))."""
        owner_expr = expr.value
        cls = self.enclosing_class(scope)
        if type(owner_expr) is cst.Name and owner_expr.value in ("self", "cls") and cls is not None:
            info = self.find_method(cls, expr.attr.value)
            return (info, None, True) if info else None
        if (type(owner_expr) is cst.Call and type(owner_expr.func) is cst.Name and owner_expr.func.value == "super"
                and not owner_expr.args and cls is not None):
            # super().__init__(value), super().step(x): the first base of this module defining it
            info = self._base_method(cls, expr.attr.value)
            return (info, None, True) if info else None
        if type(owner_expr) is cst.Name and owner_expr.value in self.classes:
            info = self.find_method(self.classes[owner_expr.value], expr.attr.value)
            # Class.method(obj, ...) passes self explicitly; Class.make(...) of a classmethod binds cls
            return (info, None, info.is_classmethod) if info else None
        # Policy(0.1).act, or rnn.unroll where rnn = RNN(...) in this scope or at module level
        klass = self.instance_class(owner_expr, scope)
        if klass is not None:
            info = self.find_method(klass, expr.attr.value)
            return (info, None, True) if info else None
        return None

    def find_method(self, klass: ClassInfo, name: str, depth: int = 8) -> FunctionInfo | None:
        """The method ``name`` of ``klass``: its own, else the first of its bases of this module
        (left to right, depth first: Python's method resolution order for single inheritance and
        for bases that do not share ancestors) that defines it."""
        own = klass.methods.get(name)
        if own is not None or depth <= 0:
            return own
        return self._base_method(klass, name, depth)

    def _base_method(self, klass: ClassInfo, name: str, depth: int = 8) -> FunctionInfo | None:
        """What ``super().name`` of a method of ``klass`` is: the first base of this module that
        defines ``name`` (itself or through its bases)."""
        for base in klass.node.bases:
            parent = self.classes.get(base.value.value) if type(base.value) is cst.Name and base.keyword is None else None
            if parent is not None and parent is not klass:
                found = self.find_method(parent, name, depth - 1)
                if found is not None:
                    return found
        return None

    def constructor(self, expr: cst.BaseExpression, scope: FunctionInfo | None) -> FunctionInfo | None:
        """The ``__init__`` that calling ``expr`` (from ``scope``) runs: ``expr`` names a class of
        this module that defines one (not a local function of that name). Code that builds an
        instance inside a trace runs its ``__init__`` on the values it passes, traced ones too."""
        if not isinstance(expr, cst.Name) or self.lookup_function(expr.value, scope) is not None:
            return None
        klass = self.classes.get(expr.value)
        init = klass.methods.get("__init__") if klass is not None else None
        return init if init is not None and init.is_method and init.positional else None

    def constant(self, node: cst.BaseExpression | None) -> cst.BaseExpression | None:
        """A module-level constant's value (STATIC = ("n",)) in place of its name."""
        if type(node) is cst.Name:
            bound = self._scope_bindings(None).get(node.value)
            if isinstance(bound, (cst.Tuple, cst.List, cst.Set, cst.SimpleString, cst.Integer, cst.UnaryOperation)):
                return bound
        return node

    def instance_class(self, expr: cst.BaseExpression, scope: FunctionInfo | None, depth: int = 3) -> ClassInfo | None:
        """The class of this module that ``expr`` is an instance of, when that is plain to see:
        ``Model(...)``, a name bound once to one, what a plain factory function of the module
        returns from every ``return`` (``make_layer(cfg)`` with ``return Layer(...)``), and
        ``self.layer`` in a method when its class's ``__init__`` stores one such value there once."""
        if type(expr) is cst.Name:
            expr = self.binding(expr.value, scope)
        if type(expr) is cst.Call and expr.args and depth > 0 and not expr.args[0].star \
                and self.resolve(expr.func, scope) == "dataclasses.replace":
            return self.instance_class(expr.args[0].value, scope, depth - 1)  # the same class again
        if type(expr) is cst.Call and type(expr.func) is cst.Name and expr.func.value == "abs" and depth > 0 \
                and len(expr.args) == 1 and "abs" not in self.classes:
            return self._operator_class(expr, scope, depth)
        if type(expr) is cst.Call and type(expr.func) is cst.Name:
            # `cls(...)` in a classmethod of a class nothing derives from: that class
            klass = self.classes.get(expr.func.value) or classmethod_class(self, scope, expr.func.value)
            if klass is not None or depth <= 0:
                return klass
            return self._factory_class(expr.func.value, scope, depth - 1)
        if type(expr) is cst.Attribute and depth > 0:
            return self._stored_instance_class(expr, scope, depth - 1)
        if type(expr) is cst.Call and type(expr.func) is cst.Attribute and depth > 0:
            return self._method_result_class(expr.func, scope, depth - 1)
        if type(expr) in _OPERATIONS and depth > 0:
            return self._operator_class(expr, scope, depth)
        return None

    def _operator_class(self, expr: cst.BaseExpression, scope: FunctionInfo | None, depth: int) -> ClassInfo | None:
        """``a + b``, ``c * obj``, ``-obj``, ``abs(obj)`` running a dunder of a class of this module
        (OPDISPATCH, ``operators.operator_method``): the class every return of that dunder builds."""
        from jitguard.lint.analysis import operators

        found = operators.operator_method(self, expr, scope, depth)
        return operators.returned_class(self, found[0], depth - 1) if found is not None else None

    def _method_result_class(self, func: cst.Attribute, scope: FunctionInfo | None, depth: int) -> ClassInfo | None:
        """``P.derive(x)``, ``self.derive(x)``, ``make_grid(v).shifted(d)``: the class every
        ``return`` of the method builds (``return Grid(values=self.values - d)``), the method
        found on the receiver's class as Python looks it up (``self``/``cls`` of a method, or a
        class named: as ``_resolve_method`` reads them; another receiver: the class
        ``instance_class`` reads for it). A plain method only (no decorator but ``staticmethod``/``classmethod``);
        None otherwise."""
        owner = func.value
        if type(owner) is cst.Name and (owner.value in ("self", "cls") or owner.value in self.classes):
            found = self._resolve_method(func, scope)  # (Class.make(...): the class's own)
            method = found[0] if found is not None else None
        else:
            klass = self.instance_class(owner, scope, depth)
            method = self.find_method(klass, func.attr.value) if klass is not None else None
        if method is None or method.cls is None or not isinstance(method.node, cst.FunctionDef) or any(
                self.resolve(d.decorator, method.parent) not in ("staticmethod", "classmethod")
                for d in method.node.decorators):
            return None
        from jitguard.lint.analysis import operators

        return operators.returned_class(self, method, depth)

    def _factory_class(self, name: str, scope: FunctionInfo | None, depth: int) -> ClassInfo | None:
        """The class every ``return`` of the plain function ``name`` (no decorator, not a method)
        builds an instance of; None when one returns something else."""
        factory = self.lookup_function(name, scope)
        if factory is None or not isinstance(factory.node, cst.FunctionDef) or factory.node.decorators \
                or factory.is_method:
            return None
        returns = [r.value for r in own_nodes(factory.node.body) if isinstance(r, cst.Return)]
        if not returns or any(v is None for v in returns):
            return None
        made = {self.instance_class(v, factory, depth) for v in returns}
        return made.pop() if len(made) == 1 else None

    def _stored_instance_class(self, expr: cst.Attribute, scope: FunctionInfo | None, depth: int) -> ClassInfo | None:
        """``self.layer`` read in a method (or a function nested in one) of a class whose
        ``__init__`` is the only code of the class storing ``self.layer``, once, from a value
        whose class is plain to see."""
        klass = self.enclosing_class(scope)
        method = scope
        while method is not None and method.parent is not None and method.cls is None:
            method = method.parent
        if klass is None or method is None or not method.is_method or not method.positional \
                or not isinstance(expr.value, cst.Name) or expr.value.value != method.positional[0].name:
            return None
        init = klass.methods.get("__init__")
        if init is None or not init.positional:
            return None
        me, attr = init.positional[0].name, expr.attr.value
        stores = self.attribute_stores(klass).get(attr, ())
        if len(stores) != 1:
            return None
        info, node, target = stores[0]
        if info is not init or not isinstance(node, (cst.Assign, cst.AnnAssign)) or node.value is None \
                or not (isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == me):
            return None
        if isinstance(node.value, cst.Name) and node.value.value != me and init.param(node.value.value) is not None:
            return self._constructed_with_class(klass, init, node.value.value, depth)
        return self.instance_class(node.value, init, depth)

    def _constructed_with_class(self, klass: ClassInfo, init: FunctionInfo, name: str, depth: int) -> ClassInfo | None:
        """``self.generator = generator`` in ``__init__``: the class of what every construction of
        ``klass`` in the module (``Exp(SProd(...))``) passes for parameter ``name``, when that is
        plain to see and the same for all; Python stores that very object, so a property or
        method read on ``self.generator`` is that class's. None when ``__init__`` rebinds the
        parameter, a class of the module derives from ``klass``, a construction splats its
        arguments or leaves the parameter to its default, or none is made here."""
        param = init.param(name)
        if param is None or param.kind not in ("positional", "kwonly") or _rebinds(init.node.body, name) \
                or self.has_subclass(klass):
            return None
        position = [p.name for p in init.positional[1:]].index(name) if param.kind == "positional" else None
        found: set = set()
        for call, scope, _klass, _loops in self.calls:
            if not isinstance(call.func, cst.Name) or call.func.value != klass.name:
                continue
            if any(a.star for a in call.args):
                return None
            plain = [a.value for a in call.args if a.keyword is None]
            given = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == name), None)
            if given is None and position is not None and position < len(plain):
                given = plain[position]
            if given is None:
                return None
            found.add(self.instance_class(given, scope, depth))
            if None in found or len(found) > 1:
                return None
        return found.pop() if found else None

    def attribute_stores(self, klass: ClassInfo) -> dict[str, list[tuple]]:
        """Attribute name -> every (method, assignment, target) of the class's methods whose target
        holds an attribute of that name (``self.a.b = v``: under ``b`` and ``a``), in source order:
        one walk of the class, however many ``self.x`` reads ask."""
        table = self._stores.get(id(klass))
        if table is not None:
            return table
        table = self._stores[id(klass)] = {}
        for info in klass.methods.values():
            for node in iter_branches(info.node.body):  # (no leaf is an assignment)
                kind = type(node)
                if kind is cst.Assign or kind is cst.AnnAssign or kind is cst.AugAssign:
                    targets = [t.target for t in node.targets] if kind is cst.Assign else [node.target]
                    for target in targets:
                        for leaf in iter_nodes(target):
                            if type(leaf) is cst.Attribute:
                                table.setdefault(leaf.attr.value, []).append((info, node, target))
        return table

    def binding(self, name: str, scope: FunctionInfo | None) -> cst.BaseExpression | None:
        """The value a name is bound to by its only plain assignment in ``scope`` (or the module)."""
        while True:
            table = self._scope_bindings(scope)
            if name in table:
                return table[name]
            if scope is None:
                return None
            scope = scope.parent

    def _scope_bindings(self, scope: FunctionInfo | None) -> dict[str, cst.BaseExpression | None]:
        """Names bound exactly once by a plain assignment in ``scope``: name -> value (None if more)."""
        cached = self._bindings.get(scope)
        if cached is None:
            cached = self._bindings[scope] = {
                name: values[0] if len(values) == 1 else None for name, values in self._scope_assigns(scope).items()
            }
        return cached

    def _scope_assigns(self, scope: FunctionInfo | None) -> dict[str, list[cst.BaseExpression | None]]:
        """Every value assigned to each name in ``scope``, in source order (None: not a plain assignment)."""
        cached = self._assigns.get(scope)
        if cached is not None:
            return cached
        seen: dict[str, list[cst.BaseExpression | None]] = {}
        root = scope.node.body if scope is not None else self.module
        stack = [root]
        # type tests (none of these classes has subclasses; isinstance on libcst's ABCs is slow),
        # and a table for "a def, a class or an expression"
        Line, Suite, Assign, Name, stops = cst.SimpleStatementLine, cst.SimpleStatementSuite, cst.Assign, cst.Name, _STOPS
        while stack:
            node = stack.pop()
            kind = type(node)
            if kind is Line or kind is Suite:
                for small in node.body:  # type: ignore[attr-defined]
                    t = type(small)
                    if t is Assign and len(small.targets) == 1 and type(small.targets[0].target) is Name:
                        seen.setdefault(small.targets[0].target.value, []).append(small.value)
                    elif (t is cst.AugAssign or t is cst.AnnAssign) and type(small.target) is Name:
                        seen.setdefault(small.target.value, []).append(None)
            elif stops[kind] and node is not root:
                continue
            else:
                stack.extend(reversed(children(node)))
        self._assigns[scope] = seen
        return seen

    def binding_before(self, name: str, scope: FunctionInfo | None, call: cst.Call) -> cst.BaseExpression | None:
        """``foo = partial(foo, flag=True); foo = jax.jit(foo)``: the value ``foo`` had when ``call``,
        itself assigned to ``foo``, ran. Falls back to the single assignment, if any."""
        values = self._scope_assigns(scope).get(name, [])
        for i, value in enumerate(values):
            if value is call:
                return values[i - 1] if i > 0 else None
        return self.binding(name, scope)

    def has_subclass(self, klass: ClassInfo) -> bool:
        """Does a class of this module name ``klass`` among its bases (so a method call on one of
        its instances may run an override)?"""
        return any(isinstance(b.value, cst.Name) and b.value.value == klass.name
                   for other in self.classes.values() for b in other.node.bases)

    @staticmethod
    def enclosing_class(scope: FunctionInfo | None) -> ClassInfo | None:
        """The class whose method ``scope`` is, or is nested in."""
        while scope is not None:
            if scope.cls is not None:
                return scope.cls
            scope = scope.parent
        return None

    def transform_of(self, expr: cst.BaseExpression, scope: FunctionInfo | None = None) -> str | None:
        """The tracing transform ``expr`` (written in ``scope``) names, or None."""
        return self._transform_named(self.resolve(expr, scope), expr)

    def _transform_named(self, name: str | None, expr: cst.BaseExpression) -> str | None:
        """:meth:`transform_of` ``expr``, given ``name``, what ``expr`` resolves to."""
        if name is None:
            return None
        if name in jaxapi.TRACING_TRANSFORMS or name in self.extra_jit:
            return name
        alias = self.transform_aliases.get(name) if type(expr) is cst.Name else None
        if alias is not None and alias[1] is None:
            return alias[0]  # myjit = jax.jit
        return None

    def _find_transform_aliases(self) -> None:
        """Module-level ``myjit = jax.jit`` and ``jit_static = partial(jax.jit, static_argnums=1)``."""
        for name, value in self._module_assigns:
            target = self.transform_of(value)
            if target is not None:
                self.transform_aliases[name] = (target, None)
            elif isinstance(value, cst.Call) and self.imports.resolve(value.func) == "functools.partial":
                args = positional_args(value)
                inner = self.transform_of(args[0].value) if len(args) == 1 else None
                if inner is not None:
                    self.transform_aliases[name] = (inner, value)
        # `def my_jit(fun, static_argnames=()): return jax.jit(fun, static_argnames=static_argnames)`
        self.keyword_static_factories = set()
        for name, keyword_only in jit_factories(self).items():
            if name not in self.transform_aliases:
                self.transform_aliases[name] = ("jax.jit", None)
                if keyword_only:
                    self.keyword_static_factories.add(name)

    def unwrap(self, expr: cst.BaseExpression, scope: FunctionInfo | None) -> tuple[cst.BaseExpression, int, frozenset[str]]:
        """Peel ``partial(f, a, k=v)`` and ``jax.grad(f)`` down to ``f``; count what partial binds."""
        bound_pos, bound_kw = 0, frozenset()
        for _ in range(8):
            if not isinstance(expr, cst.Call):
                break
            name = self.resolve(expr.func, scope)
            args = positional_args(expr)
            if name == "functools.partial" and args:
                bound_pos += len(args) - 1
                bound_kw = bound_kw | {a.keyword.value for a in expr.args if a.keyword is not None}
                if any(a.star for a in expr.args):
                    bound_kw = bound_kw | {"**"}  # partial(f, *a, **kw): what it binds is unknown
                expr = args[0].value
            elif name in jaxapi.TRANSPARENT_WRAPPERS and args:
                expr = args[0].value
            elif name in jaxapi.TRACING_TRANSFORMS and name != "jax.pmap" and args:
                # jax.jit(jax.vmap(f)): the inner transform keeps f's parameters in place
                expr = args[0].value
            else:
                break
        return expr, bound_pos, bound_kw

    # -- contexts ---------------------------------------------------------------------------
    def _find_contexts(self) -> None:
        self._find_transform_aliases()
        self._find_host_callbacks()
        for info in list(self.functions):
            if isinstance(info.node, cst.FunctionDef):
                self._decorator_context(info)
        for (call, func, _klass, loops), qual in zip(self.calls, self.callees):
            self._call_context(call, func, loops, qual)
        self._custom_derivative_contexts()
        # g = jax.jit(f, ...) at module level: calls to g are calls to f through that transform
        for name, value in self._module_assigns:
            if isinstance(value, cst.Call) and (self.transform_of(value.func) is not None
                                                or self._configured_transform(value.func, None) is not None):
                for info, use, site in self.jit_uses:
                    if site is value:
                        self.aliases[name] = (info, use)

    def _find_host_callbacks(self) -> None:
        """The functions this module gives to a host callback (``jax.debug.callback(log, x)``,
        ``jax.pure_callback(partial(f, k=1), shape, x)``): JAX calls them on the host with concrete
        arrays, so code in them is not staged by the trace around their definition
        (Traces.kind). Called from staged code too, they are staged there as any helper is.
        Also keeps what every call of the module calls (:attr:`callee_names`)."""
        callees, called = self.callees, self.callee_names
        for call, func, _klass, _loops in self.calls:
            qual = self.resolve(call.func, func)
            callees.append(qual)
            called.add(qual)
            if qual not in jaxapi.HOST_CALLBACKS:
                continue
            args = positional_args(call)
            expr = args[0].value if args else keyword(call, "callback")
            resolved = None if expr is None else self.resolve_function(self.unwrap(expr, func)[0], func)
            if resolved is not None:
                self.traces.host_callbacks.add(resolved[0])

    def _custom_derivative_contexts(self) -> None:
        """A ``jax.custom_vjp``/``custom_jvp`` function called from staged code (a function jitted,
        scanned over, ... here) gets a tracer for every argument not in ``nondiff_argnums``, even a
        Python value its caller keeps static (JAX 0.10.2; called eagerly, under grad or vmap alone
        it gets the values passed)."""
        customs = {}
        for info in self.functions:
            found = self._custom_derivative(info)
            if found is not None:
                customs[info] = found
        if not customs:
            return
        for call, func, _klass, _loops in self.calls:
            if func is None or not isinstance(call.func, (cst.Name, cst.Attribute)) or self.traces.kind(func) != STAGED:
                continue
            resolved = self.resolve_function(call.func, func)
            if resolved is None or resolved[0] not in customs:
                continue
            info = resolved[0]
            qual, nondiff = customs[info]
            self.mark_traced(info, TransformUse(qual, None), f"`{qual}` called from staged `{func.display()}`", call,
                             Statics(nondiff))

    def _custom_derivative(self, info: FunctionInfo) -> tuple[str, frozenset[str]] | None:
        """``@jax.custom_vjp`` / ``@partial(jax.custom_jvp, nondiff_argnums=(1,))`` (or
        ``nondiff_argnames=("flag",)``: Python values in the function too, JAX 0.10.2): the
        decorator's name and the parameters it keeps out of differentiation (None: no such
        decorator, or nondiff_argnums/nondiff_argnames we cannot read)."""
        if not isinstance(info.node, cst.FunctionDef):
            return None
        for dec in info.node.decorators:
            expr, options = dec.decorator, None
            if isinstance(expr, cst.Call) and self.resolve(expr.func, info.parent) == "functools.partial":
                args = positional_args(expr)
                expr, options = (args[0].value, dec.decorator) if len(args) == 1 else (expr, None)
            qual = self.resolve(expr, info.parent)
            if qual not in CUSTOM_DERIVATIVES:
                continue
            nums = literal_ints(self.constant(keyword(options, "nondiff_argnums"))) if options is not None else []
            names = literal_strs(self.constant(keyword(options, "nondiff_argnames"))) if options is not None else []
            if nums is None or names is None:
                return None
            return qual, frozenset(_indexed(info.positional, nums)) | frozenset(names)
        return None

    def _decorator_context(self, info: FunctionInfo) -> None:
        decorators = list(info.node.decorators)  # type: ignore[union-attr]
        scope = info.parent  # decorators run in the scope that defines the function
        differentiated = None
        for dec in decorators:
            expr = dec.decorator
            use = self._transform_use(expr, scope)
            if use is not None:
                shown = self.resolve(expr.func if isinstance(expr, cst.Call) else expr, scope) or use.qualname
                use.not_none = noneguards.for_decorated(self, info, use)
                use.unpassed = privatecalls.unpassed_defaults(self, info) | privatecalls.captured_globals(self, info)
                use.passed_keywords = privatecalls.passed_keywords(info, privatecalls.private_calls(self, info))
                self.mark_traced(info, use, f"@{shown}", expr)
                return
            # other decorators (@jax.grad, @functools.wraps, ...) keep looking: a jit anywhere in
            # the stack traces the function when it is called through it
            if differentiated is None:
                differentiated = self._differentiating_use(expr, scope)
        if differentiated is not None:  # @jax.grad alone: differentiated, not staged
            self.mark_traced(info, differentiated[0], f"@{differentiated[1]}", differentiated[2])
            return
        slot = next(filter(None, (self._slot_decorator(d.decorator, scope) for d in decorators)), None)
        if slot is not None:
            self.mark_traced(info, slot[0], f"traced by `@{slot[1]}`", slot[2])

    def _slot_decorator(self, expr: cst.BaseExpression, scope: FunctionInfo | None
                        ) -> tuple[TransformUse, str, cst.CSTNode] | None:
        """``@jnp.vectorize`` or ``@partial(jnp.vectorize, signature=...)``: a JAX function that
        traces the function at its first position (jaxapi.TRACED_FUNCTION_SLOTS), used as a
        decorator: the use (with how many arguments it passes), its name for messages, the node."""
        target = expr
        if isinstance(expr, cst.Call) and self.resolve(expr.func, scope) == "functools.partial":
            args = positional_args(expr)
            target = args[0].value if len(args) == 1 else None
        name = self.resolve(target, scope) if target is not None else None
        slot = next((s for s in jaxapi.TRACED_FUNCTION_SLOTS.get(name or "", ()) if s[0] == 0), None)
        if slot is None:
            return None
        return TransformUse(name, None, nargs=slot[2]), _short_name(name), expr

    def _differentiating_use(self, expr: cst.BaseExpression, scope: FunctionInfo | None
                             ) -> tuple[TransformUse, str, cst.CSTNode] | None:
        """``@jax.grad`` or ``@partial(jax.grad, argnums=1)`` (value_and_grad, jacrev, ...): the use,
        its name for messages, and the node."""
        name = self.resolve(expr, scope)
        if name in DIFFERENTIATING:
            return TransformUse(name, None), name, expr
        if isinstance(expr, cst.Call) and self.resolve(expr.func, scope) == "functools.partial":
            args = positional_args(expr)
            inner = self.resolve(args[0].value, scope) if len(args) == 1 else None
            if inner in DIFFERENTIATING:
                return TransformUse(inner, expr), inner, expr
        return None

    def decorator_transforms(self, info: FunctionInfo) -> list[TransformUse | None]:
        """The transform each decorator of ``info`` applies, outermost first (None where a
        decorator is not one)."""
        return [self._transform_use(d.decorator, info.parent) for d in getattr(info.node, "decorators", ())]

    def _transform_use(self, expr: cst.BaseExpression, scope: FunctionInfo | None) -> TransformUse | None:
        """A decorator expression (written in ``scope``) that traces the function it decorates."""
        use = self._decorator_use(expr, scope)
        if use is not None and isinstance(expr, cst.Call):  # @F(static_argnames=...), @partial(F, ...)
            first = next((a.value for a in expr.args if a.keyword is None), None)
            expr = first if self.resolve(expr.func, scope) == "functools.partial" else expr.func
        if use is not None:
            use.keyword_static = expr.value if isinstance(expr, cst.Name) and expr.value in self.keyword_static_factories else ""
        return use

    def _decorator_use(self, expr: cst.BaseExpression, scope: FunctionInfo | None) -> TransformUse | None:
        if isinstance(expr, cst.Name) and expr.value in self.transform_aliases:
            target, options = self.transform_aliases[expr.value]
            return TransformUse(target, options)  # @jit_static where jit_static = partial(jax.jit, ...)
        name = self.transform_of(expr, scope)
        if name is not None:
            return TransformUse(name, None)
        if isinstance(expr, cst.Call):
            name = self.transform_of(expr.func, scope)
            if name is not None and not positional_args(expr):
                return TransformUse(name, expr)  # @jax.jit(static_argnums=...) factory form
            if self.resolve(expr.func, scope) == "functools.partial":
                args = positional_args(expr)
                if args:
                    inner = self.transform_of(args[0].value, scope)
                    if inner is not None and len(args) == 1:
                        return TransformUse(inner, expr)
        return None

    def _through_rebinding(self, fn_expr: cst.BaseExpression, scope: FunctionInfo | None,
                           call: cst.Call) -> cst.BaseExpression:
        """``foo = partial(foo, flag=True); jax.jit(foo)`` (or ``lax.cond(p, foo, ...)``, ``pmap``,
        ``grad``): the function as last bound before the call, so what ``partial`` binds is seen."""
        if isinstance(fn_expr, cst.Name):
            bound = self.binding_before(fn_expr.value, scope, call)
            if isinstance(bound, cst.Call) and (
                self.resolve(bound.func, scope) in ("functools.partial", *jaxapi.TRANSPARENT_WRAPPERS)
                or self.transform_of(bound.func, scope)
            ):
                return bound
        return fn_expr

    def _sequence_through_binding(self, expr: cst.BaseExpression, scope: FunctionInfo | None,
                                  call: cst.Call) -> cst.BaseExpression:
        """``branches = [f0, f1]; lax.switch(i, branches, x)``: the list or tuple display a name is
        bound to before the call, so each function in it is seen (lax.switch traces every branch
        of the sequence it gets, jnp.piecewise every function of its list, wherever it was built);
        anything else unchanged."""
        if type(expr) is cst.Name:
            bound = self.binding_before(expr.value, scope, call)
            if isinstance(bound, (cst.List, cst.Tuple)):
                return bound
        return expr

    def _call_context(self, call: cst.Call, scope: FunctionInfo | None, loops: tuple, qual: str | None) -> None:
        # (runs on every call of the module: ``qual``, what it calls, is resolved once, by _find_host_callbacks)
        func = call.func
        name = self._transform_named(qual, func)
        if name is not None:
            self.transform_calls.append((call, name, scope, loops))
            self._transform_call(call, name, scope)
            return
        kind = type(func)
        # only a call, or an alias of the module's (``jit_static``), can be a configured transform
        if kind is cst.Call or kind is cst.Name and func.value in self.transform_aliases:  # type: ignore[union-attr]
            applied = self._configured_transform(func, scope)
            if applied is not None:
                self._transform_call(call, applied.qualname, scope, applied.options)
                return
        if qual in DIFFERENTIATING:
            self._differentiated(call, qual, scope)
            return
        slots = jaxapi.TRACED_FUNCTION_SLOTS.get(qual or "")
        if slots is None:
            return
        args = positional_args(call)
        short = _short_name(qual)
        count = positional_count(call)
        for position, kw, nargs in slots:
            traced_keywords: frozenset[str] = frozenset()
            expr = args[position].value if 0 <= position < len(args) else keyword(call, kw)
            if expr is None:
                continue
            expr = self._sequence_through_binding(expr, scope, call)
            if qual in ("jax.lax.cond", "jax.lax.switch"):  # the operands after the branches
                first_operand = 3 if qual == "jax.lax.cond" else 2
                nargs = None if count is None else max(0, count - first_operand)
            elif qual == "jax.eval_shape":  # the arguments after the function, keywords too
                nargs = None if count is None else count - 1
                traced_keywords = frozenset(a.keyword.value for a in call.args if a.keyword is not None
                                            and a.keyword.value != "fun" and not _leafless_literal(a.value))
            for item in (el.value for el in expr.elements) if isinstance(expr, (cst.List, cst.Tuple)) else (expr,):
                target, bound_pos, bound_kw = self.unwrap(self._through_rebinding(item, scope, call), scope)
                resolved = self.resolve_function(target, scope)
                if resolved is None:
                    continue
                info, _prior, bound_self = resolved
                use = TransformUse(qual, None, bound_pos, bound_kw, bound_self, nargs=nargs, traced_keywords=traced_keywords,
                                   bound_values=self._partial_values(self._through_rebinding(item, scope, call), scope))
                self.mark_traced(info, use, f"a function argument of `{short}`", item)

    def _configured_transform(self, func: cst.BaseExpression, scope: FunctionInfo | None) -> TransformUse | None:
        """``partial(jax.jit, static_argnames=...)`` or a module-level alias of one (``jit_static``),
        called on a function as ``partial(jax.jit, ...)(f)``: the transform, with the partial call
        that carries its options; None for anything else."""
        if not isinstance(func, (cst.Call, cst.Name)):
            return None
        use = self._transform_use(func, scope)
        if use is None or use.options is None or use.options.func is None:
            return None
        return use if self.resolve(use.options.func, scope) == "functools.partial" else None

    def _transform_call(self, call: cst.Call, name: str, scope: FunctionInfo | None,
                        options: cst.Call | None = None) -> None:
        """``jax.jit(f, ...)`` (any tracing transform called on a function): trace ``f``; the
        transform's options are in ``options`` when given (``partial(jax.jit, ...)(f)``), else in
        ``call``."""
        args = positional_args(call)
        fn_expr = args[0].value if args else keyword(call, "fun") or keyword(call, "f")
        if fn_expr is None:
            return
        fn_expr = self._through_rebinding(fn_expr, scope, call)
        target, bound_pos, bound_kw = self.unwrap(fn_expr, scope)
        resolved = self.resolve_function(target, scope) or self._class_as_function(target, scope)
        if resolved is None:
            self._remote_context(target, name, call, bound_pos, bound_kw, scope)
            return
        info, _prior, bound_self = resolved
        use = TransformUse(name, call if options is None else options, bound_pos, bound_kw, bound_self,
                           bound_values=self._partial_values(fn_expr, scope))
        use.unpassed = self._unpassed(call, scope, info, use) | privatecalls.captured_globals(self, info)
        if not info.is_method or use.bound_self:
            use.passed_keywords = privatecalls.passed_keywords(info, self._visible_calls(call, scope))
        use.passed_values = self._passed_literals(call, scope, info, use)
        use.not_none = noneguards.for_transform(self, call, scope, info, use)
        self.mark_traced(info, use, f"`{name}(...)`", call)

    def _class_as_function(self, target: cst.BaseExpression, scope: FunctionInfo | None
                           ) -> tuple[FunctionInfo, TransformUse | None, bool] | None:
        """``jax.jit(Spline)(x, y)`` of a class of this module: JAX calls the class with the traced
        arguments, which runs its ``__init__`` on them in the trace (self bound: the new object,
        not an argument; checked on JAX 0.10.2: a truth test of an argument there raises
        TracerBoolConversionError, and static_argnames name ``__init__``'s parameters)."""
        init = self.constructor(target, scope)
        return (init, None, True) if init is not None else None

    def _partial_values(self, expr: cst.BaseExpression, scope: FunctionInfo | None) -> dict[str, str]:
        """``partial(f, flag=False)`` (through nested partials and transparent wrappers): the
        keywords bound to Python literals, with the literal's code."""
        out: dict[str, str] = {}
        for _ in range(8):
            if not isinstance(expr, cst.Call) or not positional_args(expr):
                break
            name = self.resolve(expr.func, scope)
            if name == "functools.partial":
                for arg in expr.args:
                    if arg.keyword is not None and _literal(arg.value):
                        out.setdefault(arg.keyword.value, self.module.code_for_node(arg.value))
                    elif arg.keyword is not None and self._never_none(arg.value, scope):
                        out.setdefault(arg.keyword.value, NOT_NONE)  # `k is None` is False, `if k:` not known
            elif name not in jaxapi.TRANSPARENT_WRAPPERS and name not in jaxapi.TRACING_TRANSFORMS:
                break
            expr = positional_args(expr)[0].value
        return out

    def _never_none(self, expr: cst.BaseExpression, scope: FunctionInfo | None) -> bool:
        """An expression that cannot evaluate to None: a container literal, comprehension, lambda,
        f-string or comparison, or ``obj.attr`` where ``attr`` is a field that the classes of this
        module ``obj`` may be (``_owner_classes``) declaring it annotate with a type that excludes
        None (``max_occupancy: int = dataclasses.field(...)``), with no None default, and none
        defines it as a method."""
        if isinstance(expr, (cst.Tuple, cst.List, cst.Dict, cst.Set, cst.Lambda, cst.FormattedString, cst.Comparison,
                             cst.ListComp, cst.DictComp, cst.SetComp)):
            return True
        if not isinstance(expr, cst.Attribute):
            return False
        attr, found = expr.attr.value, False
        for klass in self._owner_classes(expr.value, scope):
            if attr in klass.methods:
                return False
            for stmt in klass.node.body.body if isinstance(klass.node.body, cst.IndentedBlock) else ():
                for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
                    if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name) and small.target.value == attr:
                        annotation = self.module.code_for_node(small.annotation.annotation)
                        if any(word in annotation for word in ("None", "Optional", "Any", "object")) or (
                                isinstance(small.value, cst.Name) and small.value.value == "None"):
                            return False
                        found = True
        if not found and not any(attr in k.methods or attr in _fields_and_attributes(k.node) for k in self.classes.values()):
            # a metadata field of a class in another module (the tree-wide scan: textscan.NOT_NONE)
            names = self.tree_fields | self.static_field_names
            return NOT_NONE_FIELD + attr in names and MAYBE_NONE_FIELD + attr not in names
        return found

    def _owner_classes(self, obj: cst.BaseExpression, scope: FunctionInfo | None) -> list[ClassInfo]:
        """The classes of this module ``obj`` may be an instance of: the one its parameter
        annotation or its constructor call names; none when the annotation names another type;
        every class when its type is not in sight (an unannotated parameter)."""
        name = obj.value if isinstance(obj, cst.Name) else None
        if name is not None and scope is not None and scope.param(name) is not None:
            params = scope.node.params if isinstance(scope.node, (cst.FunctionDef, cst.Lambda)) else None
            annotation = next((p.annotation for p in (*params.posonly_params, *params.params, *params.kwonly_params)
                               if p.name.value == name), None) if params is not None else None
            if annotation is not None:
                named = annotation.annotation
                return [self.classes[named.value]] if isinstance(named, cst.Name) and named.value in self.classes else []
        elif name is not None:
            value = self.binding(name, scope)
            if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in self.classes:
                return [self.classes[value.func.value]]
        return list(self.classes.values())

    def _unpassed(self, call: cst.Call, scope: FunctionInfo | None, info: FunctionInfo, use: TransformUse) -> frozenset[str]:
        """Defaulted parameters that no call of the transformed function passes, when every call
        of it is in sight: ``jax.jit(f)(x)``, or ``g = jax.jit(f)`` (also ``jax.jit(jax.pmap(f))``)
        in a function whose other uses of ``g`` are all calls. JAX calls f with its defaults there,
        Python values. (A module-level ``g`` or a decorated function can be called from anywhere:
        its defaults stay traced, a latent error as soon as someone passes one.)"""
        callers = self._visible_calls(call, scope)
        if not callers or (info.is_method and not use.bound_self):  # jax.jit(obj.method): self is bound
            return frozenset()
        positional = self._positional(info, use)[use.bound_positional:]
        passed: set[str] = set()
        for caller in callers:
            if any(a.star for a in caller.args):
                return frozenset()
            passed |= {p.name for p in positional[: len(positional_args(caller))]}
            passed |= {a.keyword.value for a in caller.args if a.keyword is not None}
        return frozenset(p.name for p in info.params
                         if p.default is not None and p.kind in ("positional", "kwonly") and p.name not in passed)

    def _passed_literals(self, call: cst.Call, scope: FunctionInfo | None, info: FunctionInfo, use: TransformUse
                         ) -> dict[str, str]:
        """The parameters that every call of the transformed function in sight passes the same
        Python literal (or leaves at a literal default): name -> the literal's code. Empty when
        the function may be called out of sight."""
        callers = self._visible_calls(call, scope)
        if not callers or (info.is_method and not use.bound_self) or any(a.star for c in callers for a in c.args):
            return {}
        positional = self._positional(info, use)[use.bound_positional:]
        seen: dict[str, set[str]] = {}
        for caller in callers:
            given = {p.name: a.value for p, a in zip(positional, positional_args(caller))}
            given.update({a.keyword.value: a.value for a in caller.args if a.keyword is not None})
            for p in info.params:
                value = given.get(p.name, p.default)
                code = self.module.code_for_node(value) if _literal(value) else None
                seen.setdefault(p.name, set()).add(code)  # type: ignore[arg-type]
        return {name: next(iter(codes)) for name, codes in seen.items() if len(codes) == 1 and None not in codes}

    def _visible_calls(self, call: cst.Call, scope: FunctionInfo | None, depth: int = 0) -> list[cst.Call] | None:
        """Every call of what ``call`` (a transform applied to a function) returns, or None when it
        may be called out of sight."""
        if depth > 3:
            return None
        for outer, func, _klass, _loops in self.calls:
            if func is not scope:
                continue
            if outer.func is call:
                return [outer]  # jax.jit(f)(x)
            args = positional_args(outer)
            if args and args[0].value is call and self.transform_of(outer.func, scope) is not None:
                return self._visible_calls(outer, scope, depth + 1)  # jax.jit(jax.pmap(f))
        if scope is None:
            return None
        names = [(name, values) for name, values in self._scope_assigns(scope).items() if any(v is call for v in values)]
        if len(names) != 1 or not isinstance(names[0][1][0], cst.Call) or self.transform_of(names[0][1][0].func, scope) is None:
            return None
        name, values = names[0]
        # g = jax.pmap(f); g = jax.jit(g): rewrapped under the same name, called through it
        rewraps = values[1:]
        if not all(self._rewraps(v, name, scope) for v in rewraps):
            return None
        return self._calls_of_local(name, scope, len(rewraps))

    def _rewraps(self, value: cst.BaseExpression | None, name: str, scope: FunctionInfo) -> bool:
        """Is ``value`` a transform applied to the local ``name`` itself (``jax.jit(name)``)?"""
        if not isinstance(value, cst.Call) or self.transform_of(value.func, scope) is None:
            return False
        args = positional_args(value)
        return bool(args) and isinstance(args[0].value, cst.Name) and args[0].value.value == name

    @staticmethod
    def _calls_of_local(name: str, scope: FunctionInfo, rewraps: int = 0) -> list[cst.Call] | None:
        """The calls of local ``name`` in ``scope`` (and the functions nested in it); None when the
        name is used otherwise (returned, passed on, stored). ``rewraps``: how many times it is
        reassigned a transform of itself (each one more target and one more argument use)."""
        calls: list[cst.Call] = []
        uses = 0
        stack: list[cst.CSTNode] = [scope.node.body]
        while stack:
            node = stack.pop()
            kind = type(node)  # (type tests: none of these classes has subclasses)
            if kind is cst.Call and type(node.func) is cst.Name and node.func.value == name:
                calls.append(node)
            elif kind is cst.Name and node.value == name:
                uses += 1
            elif kind is cst.Global or kind is cst.Nonlocal:
                return None
            if kind is cst.Attribute:  # `obj.name` and `f(name=...)` do not use the local
                stack.append(node.value)
                continue
            if kind is cst.Arg and node.keyword is not None:
                stack.append(node.value)
                continue
            stack.extend(children(node))
        # each call's own func is a Name use too; each assignment's target is one more
        return calls if uses == len(calls) + 1 + 2 * rewraps else None

    def _differentiated(self, call: cst.Call, qual: str, scope: FunctionInfo | None) -> None:
        """``jax.grad(f, argnums=...)`` (value_and_grad, jacfwd, jacrev, hessian): f runs on
        tracers at its argnums parameters, differentiated (jitted too when a jit is around it:
        then the jit's own context, the stronger, says so)."""
        args = positional_args(call)
        fn_expr = args[0].value if args else keyword(call, "fun")
        if fn_expr is None:
            return
        target, bound_pos, bound_kw = self.unwrap(self._through_rebinding(fn_expr, scope, call), scope)
        resolved = self.resolve_function(target, scope)
        if resolved is None:
            return
        info, _prior, bound_self = resolved
        self.mark_traced(info, TransformUse(qual, call, bound_pos, bound_kw, bound_self), f"`{qual}(...)`", call)

    def _remote_context(self, target: cst.BaseExpression, name: str, call: cst.Call, bound_pos: int,
                        bound_kw: frozenset[str], scope: FunctionInfo | None) -> None:
        """``jax.jit(losses.hinge)`` of a function imported from another file: remember it, so the
        runner checks that file with the function's parameters traced (jitguard.lint.analysis.crossmodule)."""
        qual = self.resolve(target, scope)
        if qual is None or "." not in qual or qual.split(".", 1)[0] in ("jax", "numpy", "functools", "jaxlib"):
            return
        if isinstance(target, cst.Name) and qual == target.value:
            return  # not imported: a local name we could not resolve
        options = call if any(a.keyword is not None for a in call.args) else None
        nums = literal_ints(self.constant(keyword(options, jaxapi.TRACING_TRANSFORMS.get(name) or "static_argnums"))) if options else []
        names = literal_strs(self.constant(keyword(options, "static_argnames"))) if options else []
        if name == "jax.vmap":  # the None entries of in_axes: passed through as the caller gives them
            nums = sorted(vmapaxes.unmapped_positions(vmapaxes.vmap_axes(call), vmapaxes.binding_for(self, call, scope)))
        if nums is None or names is None or "**" in bound_kw:
            return  # statics we cannot read: trust the user
        self.remote_contexts.append(RemoteJit(qual, name, tuple(nums), tuple(names), bound_pos, tuple(sorted(bound_kw)),
                                              name in jaxapi.FILTERED_TRANSFORMS))

    # -- marking traced parameters -----------------------------------------------------------
    def mark_traced(self, info: FunctionInfo, use: TransformUse, how: str, site: cst.CSTNode,
                    statics: Statics | None = None) -> None:
        """``use`` traces ``info``: record the use, and mark the parameters it traces in the
        function's :class:`TraceState`. ``statics``: the static/donated parameters when they are
        known already (a transform applied in another file); by default they are read from
        ``use.options`` as JAX reads them. ``how`` says how, for messages; ``site`` is the node."""
        self.jit_uses.append((info, use, site))
        state = self.traces.of(info)
        if info.parent is not None:
            state.narrow({} if use.remote else self.free_narrowings(info, site))
        positional = self._positional(info, use)
        if statics is None and use.qualname in DIFFERENTIATING:
            statics = self._differentiated_statics(info, use, positional)
        elif statics is None:
            statics = self._read_statics(use, positional, next((p.name for p in info.params if p.kind == "vararg"), None))
            if use.keyword_static:  # matched against a forwarder's signature: keywords only
                statics = replace(statics, static=statics.static - self._passed_by_position(info, positional))
        if statics.unknown:
            state.give_up_statics()
        if state.static_unknown and statics.given:
            use.static_unknown = True
            return  # static_argnums/static_argnames we cannot read: trust the user, flag nothing
        use.static_names = statics.static
        use.donate_names = statics.donate
        use.static_unknown = state.static_unknown
        bound = self._bound_params(info, use, positional)
        if "**" in bound:
            return  # partial(f, **kwargs) binds names we cannot see: flag nothing
        filtered = use.qualname in jaxapi.FILTERED_TRANSFORMS
        why = self._why(info, use, how) + (
            f", not static: `{use.keyword_static}` jits a `*args, **kwargs` forwarder, whose static_argnames match keyword "
            "arguments only" if use.keyword_static else _statics_note(use.qualname))
        state.traced_by(how)
        state.traced_as(self._kind_of(use))
        self._hold_constants(state, info, use, positional, bound)
        own = self._decorated_statics(info, site)
        for p in [p for p in info.params if p.kind != "positional"] + positional:
            if p.name in statics.static or p.name in bound or p.name in own:
                continue
            if p.kind == "kwarg" and not filtered:
                # KWREST: the keywords it collects are traced unless static (a filtering
                # transform, eqx.filter_jit, keeps non-array keywords Python values: not known)
                state.keywords((statics.static | own | bound) - {q.name for q in info.params}, use.passed_keywords)
            if not self._may_trace(info, use, p):
                continue
            maybe = filtered and not self._always_given_arrays(info, p, positional, site)
            flags = frozenset({"opaque", "foreign"}) if maybe else None
            state.trace(p.name, Origin(p.name, why, info, flaglike_default(p.default)), flags)

    def _decorated_statics(self, info: FunctionInfo, site: cst.CSTNode) -> frozenset[str]:
        """JITSTATICS: the static parameters of the ``jax.jit`` decorating ``info`` closest to its
        ``def`` (``@jax.jit(static_argnames=("depth",))``), when ``site`` is another transform.
        The function's name holds the jitted function, so every transform applied to it
        (``jax.jit(partial(_render, scale=s))``) calls it through that jit, which hands the body a
        static parameter as the Python value it was given (a tracer there is no hashable static
        argument: JAX raises at the call, before the body runs). Its body never sees a tracer in
        one (JAX 0.10.2: tests/precision_cases/fresh11_decorated_static_through_outer_jit.py)."""
        decorators = getattr(info.node, "decorators", ())
        if not decorators or site is decorators[-1].decorator:
            return frozenset()
        inner = decorators[-1].decorator
        for other, use, where in self.jit_uses:
            if other is info and where is inner and use.qualname == "jax.jit" and not use.static_unknown:
                return use.static_names
        return frozenset()

    def _always_given_arrays(self, info: FunctionInfo, param, positional: list, site: cst.CSTNode | None = None) -> bool:
        """Does every call of ``info`` by its name in this module, and every call of the transform
        ``site`` itself (``checkify.checkify(f)(x)``), give ``param`` an array (a JAX or NumPy array
        the source shows: ``f(jnp.ones(3))``)? A filtering transform (``eqx.filter_jit``) traces
        exactly the array arguments, so that parameter is a tracer in every trace of it; None of
        the calls, or one that does not show an array there: maybe not."""
        index = positional.index(param) if param in positional else None
        seen = False
        for call, scope, _klass, _loops in self.calls:
            if not (isinstance(call.func, cst.Name) and call.func.value == info.name
                    or site is not None and call.func is site):
                continue
            if any(a.star for a in call.args):
                return False
            given = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == param.name), None)
            plain = [a.value for a in call.args if a.keyword is None]
            if given is None and index is not None and index < len(plain):
                given = plain[index]
            if given is None or arrays.array_kind(given, self, scope) is None:
                return False
            seen = True
        return seen

    def _passed_by_position(self, info: FunctionInfo, positional: list) -> frozenset[str]:
        """The positional parameters of ``info`` that some call of it in the module passes by
        position (``f(x, True)`` passes the second)."""
        reach = 0
        for call, _func, _klass, _loops in self.calls:
            if isinstance(call.func, cst.Name) and call.func.value == info.name:
                args = [a for a in call.args if a.keyword is None]
                reach = max(reach, sum(1 for _ in itertools.takewhile(lambda a: not a.star, args)))
        return frozenset(p.name for p in positional[:reach])

    def free_narrowings(self, info: FunctionInfo, site: cst.CSTNode) -> dict[str, str]:
        """The free variables of the nested function ``info`` that are surely not None wherever
        ``site`` (a transform staging ``info``) runs: name -> NOT_NONE. ``site`` is in a statement
        of the enclosing function's body that comes after an early exit ``if v is None: return``
        / ``raise`` (or ``if not v:``), directly or through an alias assigned just before
        (``nbrs = neighbors; if nbrs is None: return ...``); ``v`` is a local of the enclosing
        function that nothing rebinds from there on (no ``nonlocal``/``global`` anywhere), and
        ``info`` does not bind it. The closure then reads that value in every trace made there.
        Also (STAGEDFLAG, ``stagedflags.flag_truths``): a parameter of the enclosing function that
        an ``if`` around ``site``, or an early exit before it, tested: name -> FALSY or TRUTHY."""
        parent = info.parent
        if parent is None or not isinstance(parent.node, cst.FunctionDef) or not isinstance(parent.node.body, cst.IndentedBlock):
            return {}
        body = parent.node.body.body
        params = {p.name for p in parent.params}
        # STAGEDFLAG: a parameter an `if` around the site (or an early exit before it) tested
        flags = stagedflags.flag_truths(parent.node, params, info.node, site, binds, declared_outside)
        if not any(_none_exits(stmt) for stmt in body):
            return flags  # no early exit in the enclosing body: nothing narrowed, no statement index to build
        at = self._statement_index(parent).get(id(site))
        if at is None:
            return flags
        out: dict[str, str] = dict(flags)
        for i in range(at):
            for tested in _none_exits(body[i]):
                for name, since in self._narrowed_at(body, i, tested, params):
                    if (not any(binds(stmt, name) for stmt in body[since:]) and not declared_outside(parent.node, name)
                            and info.param(name) is None and not binds(info.node.body, name)):
                        out.setdefault(name, NOT_NONE)  # (a truthy flag is not None too; a falsy one may be)
        return out

    @staticmethod
    def _narrowed_at(body, i: int, tested: str, params: set[str]) -> list[tuple[str, int]]:
        """The locals that are not None after statement ``i`` rules ``tested`` None out: the name
        itself, and the name it is an alias of (``tested = v``), each with the index from which
        a binding of it would change what the closure reads."""
        last = next((j for j in range(i - 1, -1, -1) if binds(body[j], tested)), None)
        if last is None:
            return [(tested, i)] if tested in params else []
        out = [(tested, i)]
        stmt = body[last]
        if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign):
            assign = stmt.body[0]
            if (len(assign.targets) == 1 and isinstance(assign.targets[0].target, cst.Name)
                    and isinstance(assign.value, cst.Name)):
                source = assign.value.value
                if source in params or any(binds(body[j], source) for j in range(last)):
                    out.append((source, last))
        return out

    def _statement_index(self, scope: FunctionInfo) -> dict[int, int]:
        """The id of every node of ``scope``'s body -> the index of the top-level statement holding
        it (ids: libcst's nodes hash in Python; the tree lives as long as the index)."""
        cached = self._top_statements.get(scope)
        if cached is None:
            cached = self._top_statements[scope] = {}
            for i, stmt in enumerate(scope.node.body.body):  # type: ignore[union-attr]
                for node in iter_nodes(stmt):
                    cached[id(node)] = i
        return cached

    def _hold_constants(self, state: TraceState, info: FunctionInfo, use: TransformUse, positional: list[Param],
                        bound: set[str]) -> None:
        """The parameters that hold a Python literal in this trace: bound to one by partial,
        keeping a literal default (not passed by any visible call, or past a lax primitive's
        arguments), or static with the same literal passed by every visible call."""
        bound_positionally = {p.name for p in positional[: use.bound_positional]}
        for p in info.params:
            if p.name in use.bound_values:
                state.hold(p.name, use.bound_values[p.name])
            elif _literal(p.default) and (p.name in use.unpassed or (
                    use.nargs is not None and p.name in bound and p.name not in use.bound_keywords
                    and p.name not in bound_positionally)):
                state.hold(p.name, self.module.code_for_node(p.default))  # keeps its default
            elif p.name in use.static_names and p.name in use.passed_values:
                state.hold(p.name, use.passed_values[p.name])  # static, and every call passes this literal
            elif p.name in use.not_none:
                state.hold(p.name, NOT_NONE)  # every call in sight passes it not None: `p is None` is False
            elif p.name in use.static_names and _annotated_not_none(self.module, info, p):
                state.hold(p.name, NOT_NONE)  # static, documented as a type without None (`size: int`)

    def mark_remote_jit(self, info: FunctionInfo, remote: RemoteJit, caller_path: str) -> None:
        """Another file applies a transform to ``info`` (``jax.jit(this_module.f, ...)``): mark its
        parameters as that transform there does, with the static parameters it was given."""
        use = TransformUse(remote.transform, None, remote.bound_positional, frozenset(remote.bound_keywords),
                           remote=True)
        given = bool(remote.static_nums or remote.static_names)
        static: set[str] = set()
        if given and (jaxapi.TRACING_TRANSFORMS.get(remote.transform, "static_argnums") or remote.transform == "jax.vmap"):
            remaining = self._positional(info, use)[use.bound_positional:]
            static = _indexed(remaining, remote.static_nums) | set(remote.static_names)
        self.mark_traced(info, use, f"`{remote.transform}(...)` in {caller_path}", info.node,
                         Statics(frozenset(static), given=given))

    @staticmethod
    def _positional(info: FunctionInfo, use: TransformUse) -> list[Param]:
        """The positional parameters the transform passes arguments to (self skipped when bound)."""
        positional = info.positional
        skip_self = info.is_method and (use.bound_self or use.qualname in jaxapi.LAX_FUNCTION_ARGS)
        return positional[1:] if skip_self and positional else positional

    def _read_statics(self, use: TransformUse, positional: list[Param], vararg: str | None = None) -> Statics:
        """static_argnums/static_argnames (numbered as JAX does, after what partial binds), the
        None entries of vmap's in_axes, donate_argnums/donate_argnames. A static position past
        the named parameters (or counted from the end) is one of ``*args`` (``vararg``): a
        tuple holding a static value, not one of tracers."""
        options = use.options
        if options is None:
            return Statics()
        static: set[str] = set()
        unknown = False
        statics_kw = jaxapi.TRACING_TRANSFORMS.get(use.qualname, "static_argnums")
        if statics_kw:
            nums = literal_ints(self.constant(keyword(options, statics_kw)))
            names = literal_strs(self.constant(keyword(options, "static_argnames")))
            unknown = nums is None or names is None
            static = _indexed(positional[use.bound_positional:], nums or []) | set(names or [])
            if vararg is not None and any(n < 0 or n >= len(positional) - use.bound_positional for n in nums or []):
                static.add(vararg)  # a position past the named ones: *args holds a static value
        if use.qualname == "jax.vmap":
            static |= vmapaxes.unmapped_names(options, positional[use.bound_positional:], vmapaxes.binding_for(self, options))
        elif use.qualname in _SHARD_MAPS:
            static |= self._unsharded(options, use.qualname, positional)
        donate = _indexed(positional, literal_ints(self.constant(keyword(options, "donate_argnums"))) or [])
        donate.update(literal_strs(self.constant(keyword(options, "donate_argnames"))) or [])
        return Statics(frozenset(static), frozenset(donate), unknown, given=True)

    def _unsharded(self, options: cst.Call, qualname: str, positional: list[Param]) -> set[str]:
        """``shard_map(f, in_specs=(P("x"), None))``: the parameters at None entries get the
        caller's value as it is (a Python value stays one; a PartitionSpec entry, even ``P()``,
        traces its argument). The experimental shard_map also takes in_specs third."""
        specs = keyword(options, "in_specs")
        args = positional_args(options)
        if (specs is None and qualname == "jax.experimental.shard_map.shard_map" and len(args) > 2
                and self.resolve(options.func, None) != "functools.partial"):
            specs = args[2].value
        entries = axes_entries(self.constant(specs))
        if entries is None:
            return set()
        return {positional[i].name for i, unmapped in enumerate(entries) if unmapped and i < len(positional)}

    def _differentiated_statics(self, info: FunctionInfo, use: TransformUse, positional: list[Param]) -> Statics:
        """grad and its kin differentiate the positional parameters at ``argnums`` (default 0):
        the others receive what the caller passes, unchanged. Unreadable argnums: none."""
        options = use.options
        argnums = keyword(options, "argnums") if options is not None else None
        if argnums is None and options is not None and options.func is not None and len(positional_args(options)) > 1:
            if self.resolve(options.func, None) != "functools.partial":
                argnums = positional_args(options)[1].value  # jax.grad(f, 1)
        nums = [0] if argnums is None else literal_ints(self.constant(argnums))
        remaining = positional[use.bound_positional:]
        differentiated = _indexed(remaining, nums or [])
        return Statics(frozenset(p.name for p in info.params if p.name not in differentiated))

    @staticmethod
    def _bound_params(info: FunctionInfo, use: TransformUse, positional: list[Param]) -> set[str]:
        """Parameters the transform does not pass traced values to: bound by partial, or (lax
        loops) past the arguments the primitive passes, which keep their Python defaults."""
        bound = {p.name for p in positional[: use.bound_positional]} | set(use.bound_keywords) | set(use.unpassed)
        if use.nargs is not None:
            # lax.scan passes (carry, x), fori_loop (i, val), while_loop (val), ...
            passed = positional[use.bound_positional : use.bound_positional + use.nargs]
            bound |= {p.name for p in positional if p not in passed}
            bound |= {p.name for p in info.params if p.kind in ("kwonly", "kwarg")}
            if len(passed) >= use.nargs:
                bound |= {p.name for p in info.params if p.kind == "vararg"}
            bound -= use.traced_keywords - set(use.bound_keywords)
        return bound

    def _may_trace(self, info: FunctionInfo, use: TransformUse, p: Param) -> bool:
        if use.bound_self and info.is_method and info.positional and p is info.positional[0]:
            return False
        if info.positional and p is info.positional[0] and self.class_bound_jit(info) is use:
            return False  # it holds the class object (JG206 reports the calls), never a tracer
        if p.name in self.traces.of(info).traced:
            return False
        if use.qualname in CUSTOM_DERIVATIVES and p.name in self._inner_jit_statics(info, use):
            return False  # the body sees a Python value (or the inner jit raises at the call: JG203)
        if isinstance(p.default, (cst.SimpleString, cst.ConcatenatedString)):
            return False  # a string cannot be a traced argument: it is a Python setting
        # vmap maps every positional argument, so settings are not passed through it (a scalar
        # cannot be mapped); for a transform applied in another file we cannot see the calls:
        # either way a literal default is what the function gets
        return not ((use.qualname == "jax.vmap" or use.remote) and _literal(p.default))

    def _inner_jit_statics(self, info: FunctionInfo, use: TransformUse) -> frozenset[str]:
        """The static parameters of a jit decorating ``info`` under the custom-derivative decorator
        ``use`` (``@jax.custom_jvp`` over ``@partial(jax.jit, static_argnums=2)``): the custom rule
        hands its arguments to that jit, which keeps them Python values or, given a tracer, raises
        before the body runs (JAX 0.10.2: rules/JG203.py)."""
        decorators = [d.decorator for d in getattr(info.node, "decorators", ())]
        own = next((i for i, d in enumerate(decorators) if self._custom_decorator(d, info.parent) == use.qualname), None)
        if own is None:
            return frozenset()
        below = decorators[own + 1:]
        out: set[str] = set()
        for fn, other, site in self.jit_uses:
            if fn is info and other.qualname in jaxapi.JIT_TRANSFORMS and any(site is d for d in below):
                vararg = next((q.name for q in info.params if q.kind == "vararg"), None)
                out |= self._read_statics(other, self._positional(info, other), vararg).static
        return frozenset(out)

    def _custom_decorator(self, decorator: cst.BaseExpression, scope) -> str | None:
        """``jax.custom_jvp`` for ``@jax.custom_jvp`` or ``@partial(jax.custom_jvp, ...)``."""
        if isinstance(decorator, cst.Call) and self.resolve(decorator.func, scope) == "functools.partial":
            args = positional_args(decorator)
            decorator = args[0].value if args else decorator
        name = self.resolve(decorator, scope)
        return name if name in CUSTOM_DERIVATIVES else None

    def class_bound_jit(self, info: FunctionInfo) -> TransformUse | None:
        """``@classmethod`` stacked directly over a jit decorator (``@classmethod @jax.jit def
        zeros(shape)``): the jitted function is what the classmethod wraps, so every call
        (``A.zeros(...)``, ``obj.zeros(...)``, ``cls.zeros(...)``) passes the class object as its
        first positional argument, a traced position unless declared static (JAX 0.10.2: TypeError,
        it cannot interpret a class as an array; rules/JG206.py). That jit's use, or None."""
        decorators = getattr(info.node, "decorators", ())
        if not info.is_classmethod or len(decorators) < 2 or self.resolve(decorators[0].decorator, info.parent) != "classmethod":
            return None
        site = decorators[1].decorator
        return next((u for f, u, s in self.jit_uses if f is info and s is site and u.qualname in jaxapi.JIT_TRANSFORMS), None)

    def _why(self, info: FunctionInfo, use: TransformUse, how: str) -> str:
        if use.qualname in DIFFERENTIATING:
            return f"parameter of `{info.display()}`, differentiated by `{use.qualname}` (a tracer even without jit)"
        if use.qualname in CUSTOM_DERIVATIVES:
            return (f"parameter of `{info.display()}`, a `{use.qualname}` function {how.split(' ', 1)[1]}: "
                    "every argument not in nondiff_argnums is a tracer there")
        if use.qualname in jaxapi.FILTERED_TRANSFORMS:
            short = use.qualname.replace("equinox.", "eqx.").replace("flax.nnx.", "nnx.").replace("jax.experimental.", "")
            return f"parameter of `{info.display()}` under `{short}` (traced when it is an array)"
        if use.qualname in jaxapi.LAX_FUNCTION_ARGS:
            return f"parameter of `{info.display()}`, {how}"
        if use.qualname in self.extra_jit:
            return f"parameter of jitted `{info.display()}` ({how})"
        return f"parameter of {jaxapi.TRANSFORM_ADJECTIVES.get(use.qualname, 'traced')} `{info.display()}`"

    def _kind_of(self, use: TransformUse) -> str | None:
        return STAGED if use.qualname in self.extra_jit else trace_kind(use.qualname)

    def traced_by_transform(self, info: FunctionInfo) -> bool:
        """Does some transform (jit, vmap, a lax primitive...; not grad alone) trace this function?"""
        state = self.traces.of(info)
        return bool(state.contexts) and state.kind != DIFFERENTIATED

    def assigned_names(self, scope: FunctionInfo | None) -> dict[str, list[cst.BaseExpression | None]]:
        """Every value assigned to each name in ``scope`` (or the module), in source order."""
        return self._scope_assigns(scope)


def _indexed(params: list[Param], nums) -> set[str]:
    """The names of the parameters at these positions (negative ones count from the end)."""
    out = set()
    for n in nums:
        idx = n + len(params) if n < 0 else n
        if 0 <= idx < len(params):
            out.add(params[idx].name)
    return out


def axes_entries(node: cst.BaseExpression | None) -> list[bool] | None:
    """A per-argument ``in_axes``/``in_specs`` sequence as Python builds it, one flag per entry:
    True where the entry is None (the argument is passed through unmapped). Literal tuples and
    lists, ``+`` of two of them and ``*`` by an integer literal (``[0] + [None] * 9``); None when
    the value is not such an expression (a lone axis, a name, a call)."""
    if isinstance(node, (cst.Tuple, cst.List)):
        out: list[bool] = []
        for el in node.elements:
            if isinstance(el, cst.StarredElement):
                inner = axes_entries(el.value)
                if inner is None:
                    return None
                out += inner
            else:
                out.append(isinstance(el.value, cst.Name) and el.value.value == "None")
        return out
    if isinstance(node, cst.BinaryOperation):
        if isinstance(node.operator, cst.Add):
            left, right = axes_entries(node.left), axes_entries(node.right)
            return None if left is None or right is None else left + right
        if isinstance(node.operator, cst.Multiply):
            seq, times = (node.left, node.right) if isinstance(node.right, cst.Integer) else (node.right, node.left)
            entries = axes_entries(seq) if isinstance(times, cst.Integer) else None
            return None if entries is None else entries * int(times.value, 0)
    return None


def _statics_note(transform: str) -> str:
    if (transform in jaxapi.FILTERED_TRANSFORMS or transform in jaxapi.LAX_FUNCTION_ARGS or transform == "jax.vmap"
            or transform in DIFFERENTIATING or transform in CUSTOM_DERIVATIVES):
        return ""
    return ", not in static_argnames" if transform != "jax.pmap" else ", not in static_broadcasted_argnums"


def _annotated_not_none(module: cst.Module, info: FunctionInfo, p: Param) -> bool:
    """Is parameter ``p`` annotated with a type that excludes None (``size: int``, not ``int |
    None``, ``Optional[int]``, ``Any``, ``object``), with no None default? A static argument is the
    object the caller passes: such a parameter documents that no caller passes None."""
    params = info.node.params if isinstance(info.node, cst.FunctionDef) else None
    found = next((q for q in (*params.posonly_params, *params.params, *params.kwonly_params)
                  if q.name.value == p.name), None) if params is not None else None
    if found is None or found.annotation is None or (isinstance(p.default, cst.Name) and p.default.value == "None"):
        return False
    code = module.code_for_node(found.annotation.annotation)
    return not any(word in code for word in ("None", "Optional", "Any", "object"))


def _literal(node: cst.BaseExpression | None) -> bool:
    if isinstance(node, cst.UnaryOperation):
        node = node.expression
    if isinstance(node, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString)):
        return True
    if isinstance(node, cst.Name):
        return node.value in ("True", "False", "None")
    if isinstance(node, (cst.Tuple, cst.List)):
        return all(_literal(e.value) for e in node.elements)
    return False


# the value a name is known to hold when all that is known is that it is not None (an early
# exit ruled None out): ``v is None`` is False, ``v is not None`` True, ``if v:`` not known
NOT_NONE = "<not None>"
# FUNCTIONARG: what a parameter holds when every call in sight passes it a function object (a
# lambda, a def): not None, truthy, and an instance of no plain class (``plain_class_test``)
FUNCTION = "<function>"


def _none_exits(stmt: cst.CSTNode) -> list[str]:
    """``if v is None: return`` / ``raise`` (or ``if not v:``, or either as one side of an
    ``or``), with no else: the names the code after it knows are not None."""
    if not isinstance(stmt, cst.If) or stmt.orelse is not None or not _always_exits(stmt.body):
        return []
    out = []
    stack = [stmt.test]
    while stack:
        test = stack.pop()
        if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
            stack += [test.left, test.right]
        elif (isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.left, cst.Name)
              and isinstance(test.comparisons[0].operator, cst.Is) and isinstance(test.comparisons[0].comparator, cst.Name)
              and test.comparisons[0].comparator.value == "None"):
            out.append(test.left.value)
        elif (isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not)
              and isinstance(test.expression, cst.Name)):
            out.append(test.expression.value)
    return out


def _always_exits(body: cst.BaseSuite) -> bool:
    """Does the block end in ``return`` or ``raise``?"""
    last = body.body[-1] if body.body else None
    if isinstance(last, cst.SimpleStatementLine):
        last = last.body[-1] if last.body else None
    return isinstance(last, (cst.Return, cst.Raise))


# where the name of each kind of node binds (assignment targets, loop variables, ``as`` names,
# imports, ``del``): a Name anywhere in these parts counts (``a[v] = 1`` too: erring on the side
# of "rebound")
_BINDING_PARTS = {cst.AssignTarget: ("target",), cst.AugAssign: ("target",), cst.AnnAssign: ("target",),
                  cst.For: ("target",), cst.CompFor: ("target",), cst.AsName: ("name",), cst.NamedExpr: ("target",),
                  cst.Del: ("target",), cst.ImportAlias: ("name", "asname"), cst.MatchAs: ("name",),
                  cst.MatchStar: ("name",), cst.MatchMapping: ("rest",)}


class _StopTable(dict):
    """type -> is it a def, a class or an expression (what ``_scope_assigns`` does not enter)?"""

    def __missing__(self, kind: type) -> bool:
        stop = self[kind] = issubclass(kind, (cst.FunctionDef, cst.ClassDef, cst.BaseExpression))
        return stop


_STOPS = _StopTable()


_DECLARATIONS = frozenset({cst.Nonlocal, cst.Global})
_NAMED_BINDERS = frozenset({cst.FunctionDef, cst.ClassDef, cst.Param})


# the node types bound_just_once and binds read (any other binds no name)
_BINDERS = frozenset({*_DECLARATIONS, *_NAMED_BINDERS, *_BINDING_PARTS})


def _binders(root: cst.CSTNode):
    """The nodes of ``root`` (itself too) that bound_just_once and binds read, from the module's
    shared walk (walk.ModuleNodes) when ``root`` is in it; otherwise every node of ``root``, less
    the leaves. (Their answers do not depend on the order.)"""
    return walk.nodes_of(root, _BINDERS, iter_branches)


def bound_just_once(root: cst.CSTNode, names) -> set[str]:
    """Those of ``names`` that code in ``root`` binds exactly once (counted as ``binds`` does, a
    parameter anywhere too; a ``global``, ``nonlocal``, ``def`` or ``class`` of it: more)."""
    counts = dict.fromkeys(names, 0)
    parts_of, Name = _BINDING_PARTS.get, cst.Name
    # type(node) in a set: isinstance() on libcst's ABC-based classes costs several times more,
    # and this walks whole modules (none of these classes has subclasses); no leaf binds a name
    for node in _binders(root):
        kind = type(node)
        if kind in _DECLARATIONS:
            for n in node.names:
                if n.name.value in counts:
                    counts[n.name.value] += 2
        elif kind in _NAMED_BINDERS:
            if node.name.value in counts:
                counts[node.name.value] += 2
        else:
            for part in parts_of(kind, ()):
                value = getattr(node, part, None)
                for n in iter_nodes(value) if value is not None else ():
                    if type(n) is Name and n.value in counts:
                        counts[n.value] += 1
    return {name for name, count in counts.items() if count == 1}


def binds(root: cst.CSTNode, name: str) -> bool:
    """Can code in ``root`` bind ``name`` in the scope ``root`` is in (counting a ``nonlocal``
    or ``global`` of it in a function nested there, and a nested ``def``/``class`` of that name)?"""
    Name = cst.Name
    for node in _binders(root):
        kind = type(node)  # (type tests, as in bound_just_once)
        if kind in _DECLARATIONS:
            if any(n.name.value == name for n in node.names):
                return True
        elif kind is cst.FunctionDef or kind is cst.ClassDef:  # (not a parameter: unlike bound_just_once)
            if node.name.value == name:
                return True
        else:
            for part in _BINDING_PARTS.get(kind, ()):
                value = getattr(node, part, None)
                if value is not None and any(type(n) is Name and n.value == name for n in iter_nodes(value)):
                    return True
    return False


def declared_outside(root: cst.CSTNode, name: str) -> bool:
    """A ``nonlocal`` or ``global`` of ``name`` anywhere in ``root``."""
    found = walk.nodes_of(root, _DECLARATIONS, iter_branches)
    return any(type(n) in _DECLARATIONS and any(a.name.value == name for a in n.names) for n in found)


def constant_truth(expr: cst.BaseExpression, constants: dict[str, str], plain_class=None,
                   type_truth=None) -> bool | None:
    """The truth value of a test made of Python literals and of names that hold one in every
    trace (``constants``: name -> the literal's code, TraceState.constants), or None when it is
    not known: ``flag``, ``not flag``, ``flag and x > 0`` (False when ``flag`` is), ``k is None``;
    ``isinstance(fn, C)`` of a name holding FUNCTION, False when ``plain_class(C)`` says ``C`` is a
    class whose instances are made only by calling it (a function object is none of them); any
    other ``isinstance`` call as ``type_truth(call)`` answers (None: not known)."""
    if isinstance(expr, cst.Call) and _is_isinstance(expr):
        return _isinstance_truth(expr, constants, plain_class, type_truth)
    if isinstance(expr, cst.Name):
        code = expr.value if expr.value in ("True", "False", "None") else constants.get(expr.value)
        return None if code is None else _code_truth(code)
    if isinstance(expr, (cst.Integer, cst.Float, cst.SimpleString)):
        return _code_truth(expr.value)
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
        inner = constant_truth(expr.expression, constants, plain_class, type_truth)
        return None if inner is None else not inner
    if isinstance(expr, cst.BooleanOperation):
        left = constant_truth(expr.left, constants, plain_class, type_truth)
        stops = isinstance(expr.operator, cst.And) is (left is False) if left is not None else False
        if stops:
            return left  # `False and ...`, `True or ...`: the right side is not evaluated
        right = constant_truth(expr.right, constants, plain_class, type_truth)
        return right if left is not None else None
    if isinstance(expr, cst.Comparison) and len(expr.comparisons) == 1 and isinstance(expr.left, cst.Name):
        target = expr.comparisons[0]
        value = constants.get(expr.left.value) if expr.left.value not in ("True", "False", "None") else expr.left.value
        if (value is not None and value != stagedflags.FALSY and isinstance(target.comparator, cst.Name)
                and target.comparator.value == "None"):  # (a falsy value may be None)
            if isinstance(target.operator, (cst.Is, cst.IsNot)):
                return (value == "None") is isinstance(target.operator, cst.Is)
    return None


def _isinstance_truth(call: cst.Call, constants: dict[str, str], plain_class, type_truth) -> bool | None:
    """``isinstance(subject, types)`` for :func:`constant_truth`: what ``type_truth`` knows of it,
    else False for a name holding FUNCTION tested against a class ``plain_class`` accepts."""
    known = type_truth(call) if type_truth is not None else None
    if known is not None:
        return known
    subject = call.args[0].value
    if plain_class is not None and isinstance(subject, cst.Name) and constants.get(subject.value) == FUNCTION:
        return False if plain_class(call.args[1].value) else None
    return None


def _is_isinstance(call: cst.Call) -> bool:
    return isinstance(call.func, cst.Name) and call.func.value == "isinstance" and len(call.args) == 2 \
        and not any(a.star or a.keyword is not None for a in call.args)


def _code_truth(code: str) -> bool | None:
    if code in (stagedflags.FALSY, stagedflags.TRUTHY):
        return code == stagedflags.TRUTHY
    if code == FUNCTION:
        return True  # a function object defines neither __bool__ nor __len__
    try:
        return bool(ast.literal_eval(code))
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def flaglike_default(default: cst.BaseExpression | None) -> bool:
    """A default that looks like a Python flag or setting: True, False, None, a string."""
    if default is None:
        return False
    if isinstance(default, cst.Name) and default.value in ("True", "False", "None"):
        return True
    return isinstance(default, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString))


def _rebinds(body: cst.CSTNode, name: str) -> bool:
    """Does ``body`` assign the plain name ``name`` (not an attribute or item of that name)?"""
    from jitguard.lint.analysis.walk import own_nodes

    def names(target) -> list[str]:
        if isinstance(target, cst.Name):
            return [target.value]
        if isinstance(target, (cst.Tuple, cst.List)):
            return [n for e in target.elements for n in names(e.value)]
        if isinstance(target, cst.StarredElement):
            return names(target.value)
        return []

    for node in own_nodes(body):
        targets = []
        if isinstance(node, cst.AssignTarget):
            targets = [node.target]
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr)):
            targets = [node.target]
        elif isinstance(node, cst.AsName):
            targets = [node.name]
        if any(name in names(t) for t in targets):
            return True
    return False
