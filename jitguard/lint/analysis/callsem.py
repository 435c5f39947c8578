"""Call semantics of the taint walker: what a call inside traced code returns, and what it
tells the analysis.

* calls whose result is static (``len``, ``x.shape``-like functions: ``jaxapi.STATIC_CALLS``),
  containers (``list(x)``, ``jax.tree.leaves``), ``jax.tree.map``, jnp/lax functions (arrays,
  masks), array libraries and layers (optax, flax, haiku, equinox), and other modules'
  functions (foreign: maybe a plain Python value);
* calls of the module's own functions (helpers, methods, ``model.apply`` of a flax module or a
  haiku transform, partial-bound functions given to lax): their parameters receive the traced
  arguments (``Analysis.propagate``) and their result is the helper's summary;
* calls into other files with traced arguments: recorded as out-calls (``facts.OutCall``) for
  the runner to follow.

A mixin of :class:`jitguard.lint.analysis.walker.Walker`: it reads the walker's state
(``self.taints``, ``self.env``, ``self.info``, ``self.index``, ``self.analysis``).
"""

from __future__ import annotations

import dataclasses
import weakref

import libcst as cst

from jitguard.lint.analysis import callnone, dispatch, jaxapi, jaxsig, keyedmaps, lattice, objects, operators, spread, staticpos
from jitguard.lint.analysis.spread import spread_keywords
from jitguard.lint.analysis.facts import MODULE_CODE, ReturnSummary, TracedArg, TypeGuard
from jitguard.lint.analysis.moduledefaults import ARRAY_MODULES, modules_passed
from jitguard.lint.analysis.jitcontext import NOT_NONE, ClassInfo, FunctionInfo, flaglike_default, positional_args
from jitguard.lint.analysis.lattice import Origin, Taint
from jitguard.lint.analysis.memo import PerIndex
from jitguard.lint.analysis.walk import children, iter_nodes, own_nodes

# jax.numpy/lax/random/nn/scipy functions that return Python values, dtypes, shapes or functions
# even in staged code (checked on JAX 0.10.2: tests/test_lattice.py); the rest return tracers there
_STAGED_MODULES = ("jax.numpy.", "jax.lax.", "jax.random.", "jax.nn.", "jax.scipy.")
# JAX's own machinery, not its array API: jax.util.safe_map(f, xs) is a list, jax.core/jax.extend
# functions handle jaxprs and abstract values, and a private module (jax._src.util) is internal
# code; what they return from traced values is another module's unknown result, not an array
_JAX_INTERNALS = ("jax.util.", "jax.core.", "jax.extend.", "jax.api_util.", "jax.interpreters.")
_NOT_ARRAYS = frozenset(
    f"jax.numpy.{fn}" for fn in (
        "finfo", "iinfo", "dtype", "promote_types", "result_type", "can_cast", "isdtype", "issubdtype",
        "broadcast_shapes", "einsum_path", "ndim", "shape", "size", "vectorize", "frompyfunc",
        "get_printoptions", "printoptions", "set_printoptions", "iscomplexobj", "isrealobj", "isscalar",
    )
) | frozenset(f"jax.lax.{fn}" for fn in (
    "conv_dimension_numbers", "padtype_to_pads", "broadcast_shapes", "psum", "pmean", "pmax", "pmin", "axis_size",
    "dtype",
))


# dict constructors: iterating what they build gives its keys (Python values keyed by the code)
_NOT_A_CONTAINER = object()  # _container_result: the call builds no Python container
_DICT_CALLS = frozenset({"dict", "collections.OrderedDict", "collections.defaultdict"})
# builtins that, given a dict alone, collect its keys
_KEY_VIEWS = frozenset({"set", "frozenset", "sorted", "list", "tuple", "reversed"})
# builtins that, given a traced array, collect its rows in order (ARRAYROWS)
_ROW_VIEWS = frozenset({"list", "tuple"})


def merge_partial(call: cst.Call, partial: cst.Call) -> cst.Call | None:
    """The call ``call`` makes through ``partial`` (the ``functools.partial(f, a, k=v)`` it calls):
    ``f(a, <call's arguments>, k=v)``, by Python's semantics of ``partial`` (bound positions first,
    then the call's; a keyword the call passes replaces the bound one). None when the partial
    binds no function by position or splats what it binds (``partial(f, *args)``: positions
    unknown). The bound arguments keep their value nodes."""
    bound = list(partial.args)
    if not bound or bound[0].keyword is not None or any(a.star for a in bound):
        return None
    given = {a.keyword.value for a in call.args if a.keyword is not None}
    positional = [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in bound[1:] if a.keyword is None]
    keywords = [a for a in bound[1:] if a.keyword is not None and a.keyword.value not in given]
    return call.with_changes(func=bound[0].value, args=[*positional, *call.args, *keywords])


def _array_function(name: str | None) -> bool:
    """A JAX or NumPy array function, or an arithmetic builtin: given a traced value, it returns an
    array (not JAX's internal machinery, whose results are another module's unknown values)."""
    if name is None:
        return False
    if name in jaxapi.ARITHMETIC_BUILTINS:
        return True
    return name.startswith(("jax.", "numpy.")) and not (name.startswith(_JAX_INTERNALS) or "._" in name)


# functions outside those modules that return tracers in staged code, also of NumPy constants
# (checked on JAX 0.10.2: `jax.device_put(np.ones(3))` under jit is a DynamicJaxprTracer)
_STAGED_FUNCTIONS = frozenset({"jax.device_put"})
_READS = PerIndex()  # the names each nested function's body reads, less its parameters


def _names_read(index, info: FunctionInfo) -> frozenset[str]:
    table = _READS.table(index)
    found = table.get(info)
    if found is None:
        params = {p.name for p in info.params}
        found = table[info] = frozenset(n.value for n in iter_nodes(info.node.body)
                                        if type(n) is cst.Name and n.value not in params)
    return found


_LOOPS = PerIndex()  # _loops_by_target: id of a function node -> {name: [its for statements binding it]}


def makes_array_when_staged(name: str) -> bool:
    """Does this JAX function return a tracer when called on Python constants in staged code?"""
    if name in _STAGED_FUNCTIONS:
        return True
    if not name.startswith(_STAGED_MODULES) or name.startswith("jax.nn.initializers.") or name in _NOT_ARRAYS:
        return False
    last = name.rsplit(".", 1)[-1]
    return not (last[:1].isupper() or last.startswith("_")) and name not in jaxapi.STATIC_CALLS


class CallSemantics:
    """``ev_Call`` and the calls it follows (mixed into the walker)."""

    def _local_call(self, node: cst.Call, callee: FunctionInfo, mapped: dict[str, Taint]) -> Taint | None:
        """What a call of a function of this module returns, given the traced arguments it maps."""
        if self.staged is not None:
            self.analysis.stage(callee, self.info)
        if not mapped and callee.parent is None and getattr(self, "eager", 0):
            # a module-level helper given no traced value inside ensure_compile_time_eval runs
            # eagerly (a nested one may read traced values of its enclosing function)
            return None
        # a function nested here reads this function's values too (a closure over a traced one)
        nested = callee.parent is self.info
        closure = None
        if nested:  # what it closes over is what this body holds here (`def inner(): return m`)
            reads = _names_read(self.index, callee)
            closure = {n: t for n, t in {**self.closure, **self.env}.items() if n in reads}
        result = (self.analysis.summary(callee, mapped, closure, self.kind) if mapped or nested or self.staged is not None
                  else None)
        if result is None and self.staged is not None and not getattr(self, "eager", 0):
            return self._compiled_output(node, callee)
        return result

    def ev_Call(self, node: cst.Call) -> Taint | None:
        func = node.func
        receiver = self.ev(func)
        arg_taints = [self.ev(a.value) for a in node.args]
        name = self.resolve(func)
        if name in dispatch.KEYED_BUILTINS:  # sorted(xs, key=f): what Python compares
            self.key_results[node] = dispatch.key_result(self, node, name)
        known, value = self._static_call(node, name, receiver)
        if known:
            return value
        self._collect(node, arg_taints)
        self._pop_key(node)
        self._propagate_call(node)
        dispatched = operators.dispatched_value(self, node)  # abs(obj): its class's __abs__
        if dispatched is not None and dispatched[0] is not None:
            return dispatched[0]
        built = (self._record_construction(node) or objects.instance_value(self, node)
                 or operators.dict_subclass_value(self, node))
        if built is not None:
            return built[0]
        local = self._local_callee(node)
        if local is not None:
            objects.method_stores(self, node, *local)
            return self._local_call(node, *local)
        looped = self._looped_instance_calls(node)
        if looped is not None:
            return looped[0]
        if self._reads_only_metadata(node):
            return None
        if getattr(self, "eager", 0) and self._eager_callable(func, receiver, arg_taints):
            return None
        if self.reporting and any(t is not None for t in arg_taints):
            name = self._inherited_constructor(func) or name
            if name is not None:
                self._record_outcall(node, name, arg_taints)
        updated = self._functional_update(node, arg_taints)
        if updated is not None:
            return updated
        obj = self.taints.get(func.value) if isinstance(func, cst.Attribute) else None
        t = obj or receiver or lattice.join(*arg_taints)
        if t is None:
            return self._staged_constant(node, name) or self._captured_array_method(node)
        return self._call_result(node, name, t, obj)

    def _collect(self, node: cst.Call, arg_taints: list) -> None:
        """``xs.append(v)`` / ``insert(i, v)`` / ``add(v)`` / ``extend(vs)`` on a local list or set
        (bound here to a literal, or already holding traced values): ``xs`` holds what it is given,
        so a traced ``v`` makes it a container of traced values (iterating it, ``xs[i]``, give them)."""
        func = node.func
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and node.args
                and func.attr.value in ("append", "insert", "add", "extend")) or any(a.star for a in node.args):
            return
        name = func.value.value
        current = self.env.get(name)
        if current is None and not self._literal_collection(name) or current is not None and current.mapping:
            return
        given = arg_taints[-1]
        if given is None:
            return
        element = lattice.element(given) if func.attr.value == "extend" else given
        rows = self.appended_rows(current, given, func.attr.value)
        held = rows or lattice.collection(lattice.join(element, lattice.element(current)))
        if element.foreign and (current is None or current.foreign):
            # APPENDFOREIGN: a list holds what it is given; values that may all be Python numbers
            # (an eqx.filter_jit int field, another module's result) stay so in it (JAX 0.10.2:
            # tests/precision_cases/fresh11_list_of_filtered_fields.py)
            held = dataclasses.replace(held, foreign=True)
        self.env[name] = held

    @staticmethod
    def appended_rows(current: Taint | None, given: Taint, how: str) -> Taint | None:
        """APPENDROWS: what a list of objects that know their fields holds after ``append(v)``, or
        after ``extend(vs)`` / ``+= vs`` of such objects (EXTENDROWS: Python adds each element of
        ``vs``); None when not known."""
        if how == "append":
            return lattice.appended(current, given)
        return lattice.appended(current, lattice.rows(given)) if how in ("extend", "+=") else None

    def _pop_key(self, node: cst.Call) -> None:
        """``kwargs.pop("k", ...)`` on a dict that knows its keys: the key is gone from it (what the
        call returns was read before), so spreading the dict on (``helper(**kwargs)``) no longer
        passes it (KWREST)."""
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "pop" and isinstance(func.value, cst.Name)
                and node.args and isinstance(node.args[0].value, cst.SimpleString)):
            return
        current = self.env.get(func.value.value)
        key = node.args[0].value.evaluated_value
        if current is None or not current.mapping or current.fields is None or not isinstance(key, str):
            return
        fields = dict(current.fields)
        fields[key] = None
        self.env[func.value.value] = dataclasses.replace(current, fields=tuple(fields.items()))

    def _literal_collection(self, name: str) -> bool:
        """``name`` is bound in this function only to list or set literals or comprehensions."""
        values = self.index.assigned_names(self.info).get(name) if name in self.locals else None
        return bool(values) and all(isinstance(v, (cst.List, cst.Set, cst.ListComp, cst.SetComp)) for v in values)

    @staticmethod
    def _eager_callable(func: cst.BaseExpression, receiver: Taint | None, arg_taints: list) -> bool:
        """``phi(x)`` inside ``with jax.ensure_compile_time_eval():``, ``phi`` a value passed in
        (a parameter, what a helper got) and no argument traced: ``phi`` is called, so it is a
        function, never a tracer, and JAX evaluates what it does on concrete values eagerly, even
        under jit (checked on JAX 0.10.2: ``jnp.mean(phi(x) ** 2).item()``, ``if jnp.max(...) <
        tol:`` work there). Not followed: a callable pytree holding traced leaves (an equinox
        module) would give a tracer."""
        return isinstance(func, cst.Name) and receiver is not None and all(t is None for t in arg_taints)

    def _record_construction(self, node: cst.Call) -> tuple[Taint | None] | None:
        """``Output(f, g, converged=c)`` of a NamedTuple or dataclass of this module with the
        generated ``__init__``: a container that knows each field's kind (fields not passed keep
        their class-level default, a Python value). None when the call is not one."""
        func = node.func
        if self.resolve(func) == "dataclasses.replace":
            return self._record_replaced(node)
        if isinstance(func, cst.Attribute) and func.attr.value == "_replace":
            return self._tuple_replaced(node)
        klass = self.index.classes.get(func.value) if isinstance(func, cst.Name) and func.value not in self.env else None
        names = record_fields(klass, self.resolve, self.index.classes) if klass is not None else None
        if names is None or any(a.star for a in node.args):
            return None
        kinds: dict[str, Taint | None] = dict.fromkeys(names)
        for i, arg in enumerate(a for a in node.args if a.keyword is None):
            if i >= len(names):
                return None
            kinds[names[i]] = self.taints.get(arg.value)
        for arg in node.args:
            if arg.keyword is not None:
                if arg.keyword.value not in kinds:
                    return None
                kinds[arg.keyword.value] = self.taints.get(arg.value)
        return (lattice.record(kinds),)

    def _record_replaced(self, node: cst.Call) -> tuple[Taint | None] | None:
        """``dataclasses.replace(obj, field=v)`` of an instance of a dataclass of this module (the
        generated ``__init__``): a new instance whose named fields hold the new values and whose
        other fields keep ``obj``'s kinds (all static when ``obj`` is; its record's when known).
        Plain Python, checked on JAX 0.10.2: a traced value passed there is a traced field, so
        ``if jnp.any(self.field > c)`` in a method raises under jit. None when not one."""
        args = node.args
        if not args or any(a.star for a in args) or args[0].keyword is not None:
            return None
        return self._replaced(args[0].value, args[1:])

    def _tuple_replaced(self, node: cst.Call) -> tuple[Taint | None] | None:
        """NTREPLACE: ``rec._replace(field=v)`` of an instance of a NamedTuple of this module: a new
        instance whose named fields hold the new values and whose other fields keep ``rec``'s kinds
        (Python's NamedTuple; checked on JAX 0.10.2: a static field kept that way is a Python int
        under jit, a traced one a tracer). None when not one."""
        held = self.taints.get(node.func.value)
        if any(a.star for a in node.args) or held is None or held.fields is None or held.mapping:
            return None
        if any("_replace" in klass.methods for klass in self.index.classes.values()):
            return None  # a class here with a `_replace` of its own
        klass = self._record_class_of(held, lambda k: any(self.resolve(b.value) in _TUPLE_BASES for b in k.node.bases))
        return self._replaced(node.func.value, node.args, klass) if klass is not None else None

    def _record_class_of(self, held: Taint | None, kind) -> ClassInfo | None:
        """A record class of this module (one ``kind`` accepts) whose fields are those ``held``
        knows, in order: what a record built here with these fields is an instance of (another such
        class has the same fields, so the same answer); None when there is none."""
        names = [name for name, _ in held.fields] if held is not None and held.fields is not None else None
        return next((k for k in self.index.classes.values()
                     if names and kind(k) and record_fields(k, self.resolve, self.index.classes) == names), None)

    def _replaced(self, obj: cst.BaseExpression, args, klass=None) -> tuple[Taint | None] | None:
        """A new instance of ``obj``'s record class (``klass``, or the one class ``obj`` is known to
        be an instance of, or else the record class with the fields it holds) with the fields the
        keyword ``args`` name replaced by their values, the other fields as ``obj`` holds them."""
        if any(a.keyword is None for a in args):
            return None
        if klass is None:
            classes = dispatch.classes_of(self, obj)
            klass = classes[0] if classes is not None and len(classes) == 1 else \
                self._record_class_of(self.taints.get(obj), lambda k: bool(dataclass_decorators(k.node, self.resolve)))
        names = record_fields(klass, self.resolve, self.index.classes) if klass is not None else None
        held = self.taints.get(obj)
        if names is None or (held is not None and held.fields is None):
            return None
        kinds: dict[str, Taint | None] = dict.fromkeys(names)
        if held is not None:
            known = dict(held.fields)
            if set(known) != set(names):
                return None
            kinds.update(known)
        for arg in args:
            if arg.keyword.value not in kinds:
                return None
            kinds[arg.keyword.value] = self.taints.get(arg.value)
        return (lattice.record(kinds),)

    def _looped_instance_calls(self, node: cst.Call) -> tuple[Taint | None] | None:
        """``a(x)`` where ``a`` is the variable of this function's only loop binding it, ``for a in
        CHECKS:``, and ``CHECKS`` a list or tuple literal (its only binding) of instances of this
        module's classes with ``__call__``: each element's ``__call__`` runs with these arguments
        (checked on JAX 0.10.2: ``if not a(x):`` raises TracerBoolConversionError under jit when a
        ``__call__`` returns ``x > 0``); the result joins theirs. None when the call is not one."""
        func = node.func
        if not isinstance(func, cst.Name) or self.info is None or any(a.star for a in node.args):
            return None
        loops = _loops_by_target(self.index, self.info).get(func.value, ())
        if len(loops) != 1 or not isinstance(loops[0].iter, cst.Name):
            return None
        if any(v is not None for v in self.index.assigned_names(self.info).get(func.value, [])):
            return None  # also bound by an assignment
        literal = self.index.binding(loops[0].iter.value, self.info)
        if not isinstance(literal, (cst.List, cst.Tuple)) or not literal.elements:
            return None
        callees = []
        for el in literal.elements:
            klass = self.index.instance_class(el.value, None) if isinstance(el, cst.Element) else None
            callee = klass.methods.get("__call__") if klass is not None else None
            if callee is None or not callee.is_method or not callee.positional:
                return None
            callees.append(callee)
        result = None
        for callee in callees:
            mapped: dict[str, Taint] = {}
            self._map_arguments(node, callee, callee.positional[1:], mapped)
            if mapped and self.reporting:
                self.analysis.propagate(callee, mapped, self.info)
            self.analysis.called(callee)
            if self.staged is not None:
                self.analysis.stage(callee, self.info)
            if mapped or self.staged is not None:
                result = result or self.analysis.summary(callee, mapped)
        return (result,)

    def _functional_update(self, node: cst.Call, arg_taints: list) -> Taint | None:
        """``x.at[i].set(v)`` (``add``, ``multiply``, ``min``, ``get``, ``apply``...): only a JAX
        array has ``.at`` with these methods (a NumPy array has no ``.at``), and the result is a JAX
        array of ``x``'s dtype, traced when ``x``, ``i`` or ``v`` is (checked on JAX 0.10.2 under
        jit: ``jnp.pad(a, z.at[0, 1].set(pad))`` raises ConcretizationTypeError). None when
        nothing it is built from is traced (a concrete array captured by staged code:
        ``_captured_array_method``)."""
        from jitguard.lint.analysis.walker import AT_METHODS

        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in AT_METHODS
                and isinstance(func.value, cst.Subscript) and isinstance(func.value.value, cst.Attribute)
                and func.value.value.attr.value == "at"):
            return None
        owner = func.value
        base = self.taints.get(owner.value.value)
        parts = [base]
        for el in owner.slice:
            sl = el.slice
            values = [sl.value] if isinstance(sl, cst.Index) else [p for p in (sl.lower, sl.upper, sl.step) if p]
            parts.extend(self.taints.get(v) for v in values)
        t = lattice.join(*parts, *arg_taints)
        if t is None:
            return None
        mask = base is not None and base.boolean and not (base.opaque or base.container)
        return Taint(t.origin, boolean=mask)

    def _captured_array_method(self, node: cst.Call) -> Taint | None:
        """``y.sum()``, ``y.at[0].set(1.0)`` of a concrete JAX array captured by staged code: a
        tracer (``y.item()``, ``y.tolist()`` stay concrete: static calls, never here)."""
        from jitguard.lint.analysis.walker import ARRAY_OP_METHODS, AT_METHODS

        func = node.func
        if not isinstance(func, cst.Attribute):
            return None
        owner = func.value
        if func.attr.value in ARRAY_OP_METHODS:
            return self.on_captured_array(node, [owner])
        if (func.attr.value in AT_METHODS and isinstance(owner, cst.Subscript) and isinstance(owner.value, cst.Attribute)
                and owner.value.attr.value == "at"):
            return self.on_captured_array(node, [owner.value.value])
        return None

    def _compiled_output(self, node: cst.Call, callee: FunctionInfo) -> Taint | None:
        """``add1(k)`` in staged code, ``add1`` jitted (decorated, aliased or ``jax.jit(add1)(k)``):
        JAX stages the inner jit into this trace, so what it returns is tracers, arrays for every
        leaf (a Python int it computes from static arguments too), None for None
        (``jaxapi.ARRAY_OUTPUT_TRANSFORMS``). None when the call is not through such a transform."""
        transform = self._compiling_transform(node.func, callee)
        if transform is None:
            return None
        shown = callee.display() if callee.name != "<lambda>" else self.ctx.source(node.func)
        how = jaxapi.TRANSFORM_ADJECTIVES.get(transform, f"`{transform.replace('jax.', '')}`-wrapped")
        origin = Origin(self.ctx.source(node), (
            f"returned by {how} `{shown}`, called inside `{self.info.display()}` "
            f"({self.staged}): a compiled function called inside another trace returns tracers, even when "
            "its arguments are static"), self.info)
        return _returned_leaves(self.index, callee, origin, self._leaf_arguments(node, callee))

    def _leaf_arguments(self, node: cst.Call, callee: FunctionInfo) -> frozenset[str]:
        """The parameters of a compiled ``callee`` this call binds to one array leaf each: a
        traced array, or a static value that is no container (a number, a static parameter), which
        the compiled function hands back as a tracer when it returns the parameter itself."""
        params = callee.positional
        if callee.is_method and params and isinstance(node.func, cst.Attribute):
            params = params[1:]
        if any(a.star for a in node.args):
            return frozenset()
        bound: dict[str, cst.BaseExpression] = {}
        for i, arg in enumerate(a for a in node.args if a.keyword is None):
            if i < len(params):
                bound[params[i].name] = arg.value
        for arg in node.args:
            if arg.keyword is not None and callee.param(arg.keyword.value) is not None:
                bound[arg.keyword.value] = arg.value
        leaves = set()
        for name, value in bound.items():
            t = self.taints.get(value)
            if t is not None:
                if not (t.container or t.opaque or t.foreign):
                    leaves.add(name)
            elif isinstance(value, (cst.Integer, cst.Float)) or isinstance(value, cst.Name) and (
                    value.value in ("True", "False") or self.info.param(value.value) is not None
                    and not self.is_sequence(value) and not self.is_mapping(value)):
                leaves.add(name)
        return frozenset(leaves)

    def _compiling_transform(self, func: cst.BaseExpression, callee: FunctionInfo) -> str | None:
        """The transform of ``jaxapi.ARRAY_OUTPUT_TRANSFORMS`` a call of ``func`` (which runs
        ``callee``) goes through: ``jax.jit(f)(...)``, ``g(...)`` with ``g = jax.jit(f)``, or ``f(...)``
        with ``f`` decorated by it (as its outermost decorator: another one may change what it returns)."""
        for _ in range(4):
            if not isinstance(func, cst.Call) or not func.args:
                break
            name = self.resolve(func.func)
            if name in jaxapi.ARRAY_OUTPUT_TRANSFORMS:
                return name
            if name != "functools.partial":
                return None
            func = func.args[0].value  # partial(g, ...)(...) calls g
        if isinstance(func, cst.Name) and func.value in self.index.aliases and func.value not in self.locals \
                and self.index.lookup_function(func.value, self.info) is None:
            use = self.index.aliases[func.value][1]
            return use.qualname if use.qualname in jaxapi.ARRAY_OUTPUT_TRANSFORMS else None
        node = callee.node
        if not isinstance(node, cst.FunctionDef) or not node.decorators or not isinstance(func, (cst.Name, cst.Attribute)):
            return None
        outer = node.decorators[0].decorator
        use = next((u for f, u, site in self.index.jit_uses if f is callee and site is outer), None)
        return use.qualname if use is not None and use.qualname in jaxapi.ARRAY_OUTPUT_TRANSFORMS else None

    def _staged_constant(self, node: cst.Call, name: str | None) -> Taint | None:
        """A jnp/lax operation on static values in staged code (under jit, not under vmap alone):
        JAX stages it out too, so its result is a tracer (``jnp.array([0, 1, 2])``, ``jnp.add(n, 1)``);
        not inside ``jax.ensure_compile_time_eval()``, which computes it eagerly."""
        if self.staged is None or self.eager or name is None or not makes_array_when_staged(name):
            return None
        short = name.replace("jax.numpy.", "jnp.").replace("jax.lax.", "lax.")
        why = (f"`{short}` called inside `{self.info.display()}` ({self.staged}): staged code gets a tracer "
               "from every jax.numpy/lax operation, even of Python constants")
        return Taint(Origin(self.ctx.source(node), why, self.info))

    def _static_call(self, node: cst.Call, name: str | None, receiver: Taint | None) -> tuple[bool, Taint | None]:
        """(True, value) for calls whose value follows from what they are, whatever they are
        given: static ones (``len``, ``x.item()``, ``range``...) and ``d.items()``/``d.values()``."""
        if name in jaxapi.STATIC_CALLS or name in jaxapi.CONCRETIZING_BUILTINS or name == "range":
            return True, None
        if name == "getattr" and len(node.args) in (2, 3) and not any(a.keyword or a.star for a in node.args):
            attr = node.args[1].value
            if isinstance(attr, cst.SimpleString) and isinstance(attr.evaluated_value, str):
                if attr.evaluated_value in jaxapi.STATIC_ATTRIBUTES:
                    return True, None  # getattr(x, "shape", ()) is x.shape
                if attr.evaluated_value.isidentifier():  # getattr(out, "converged") is out.converged
                    read = cst.Attribute(value=node.args[0].value, attr=cst.Name(attr.evaluated_value))
                    default = self.taints.get(node.args[2].value) if len(node.args) == 3 else None
                    return True, lattice.join(self.ev_Attribute(read), default)
        if isinstance(node.func, cst.Attribute):
            method = node.func.attr.value
            if method in jaxapi.CONCRETIZING_METHODS or (method == "keys" and not node.args):
                return True, None
            if method in ("items", "values") and not node.args and receiver is not None:
                held = lattice.values_of(self.taints.get(node.func.value)) if method == "values" else None
                return True, lattice.record({lattice.TAIL: held}) if held is not None else lattice.container(receiver)
        return False, None

    def _reads_only_metadata(self, node: cst.Call) -> bool:
        """``obj.num_links()`` on a traced ``obj``, where every method of this module's classes
        with that name takes only ``self`` and returns a static value when ``self`` is traced:
        it reads pytree metadata, shapes or constants (``len(self.link_types)``), which stay
        Python values under a transform."""
        func = node.func
        if node.args or not isinstance(func, cst.Attribute):
            return False
        owner = self.taints.get(func.value)
        name = func.attr.value
        if owner is not None and name in self.index.static_methods:
            return True  # `def num_links(self) -> int:` somewhere in the tree: its author's word
        methods = [c.methods[name] for c in self.index.classes.values() if name in c.methods]
        if owner is None or not methods:
            return False
        for method in methods:
            required = [p for p in method.params if p.default is None and p.kind in ("positional", "kwonly")]
            if not method.is_method or not method.positional or len(required) != 1:
                return False
            if self.analysis.summary(method, {method.positional[0].name: owner}) is not None:
                return False
        return True

    def _of_dict_alone(self, node: cst.Call) -> bool:
        """``f(d)``: one plain argument, a dict."""
        if len(node.args) != 1 or node.args[0].star or node.args[0].keyword is not None:
            return False
        arg = self.taints.get(node.args[0].value)
        if arg is not None and not arg.container and keyedmaps.keyed_mapping(self.index, self.info, node.args[0].value):
            return True  # indexed by a string in this function: a mapping (KEYEDMAP)
        return arg is not None and arg.mapping and arg.container

    def _call_result(self, node: cst.Call, name: str | None, t: Taint, obj: Taint | None) -> Taint | None:
        """What a call given traced values (``t``; ``obj``: the traced object of a method) returns."""
        func = node.func
        if name in jaxapi.NUMPY_SWALLOWS_CONVERSION:
            return None  # np.array_equal(tracer, ...): False, a Python bool (JG104 reports it)
        built = self._container_result(node, name, t)
        if built is not _NOT_A_CONTAINER:
            return built
        if isinstance(func, cst.Attribute) and func.attr.value in ("any", "all"):
            return lattice.reduction(t, obj)
        if obj is not None:
            keyed = _keyed_read(node, obj, self.taints)
            return keyed[0] if keyed is not None else lattice.method_result(t, obj)
        converts = name in jaxsig.CONVERTS_TO_NUMPY
        if ((converts or (name is not None and name.startswith("numpy.")))
                and all(self.taints.get(a.value) is None or self.taints.get(a.value).opaque for a in node.args)):
            # np.asarray(v), scipy.linalg.expm(v) of a value that may or may not be traced (a
            # helper's foreign result, an attribute): a tracer raises right there
            # (TracerArrayConversionError), anything else gives a NumPy value: after the call it is
            # a Python-level value. np.prod(v), np.max(v) call v's own method: a tracer for a
            # tracer, NumPy for a Python value: still a maybe
            return None if converts else lattice.opaque(t)
        if name in jaxapi.ARITHMETIC_BUILTINS and (maybe := self._maybe_numbers(node)) is not None:
            return maybe
        if _array_function(name):
            return lattice.array(t, boolean=name in jaxapi.BOOLEAN_FUNCS)
        if name is not None and name.startswith(jaxapi.ARRAY_LIBRARIES):
            return lattice.array(t)  # optax.global_norm(grads), ...: arrays in, arrays out
        if isinstance(func, cst.Call) and (self.resolve(func.func) or "").startswith(jaxapi.LAYER_LIBRARIES):
            return lattice.array(t)  # nn.Dense(4)(x), hk.Linear(4)(x): a layer applied to an array
        return lattice.foreign(t)  # another module's function: its result's type is unknown

    def _container_result(self, node: cst.Call, name: str | None, t: Taint):
        """What a call building a Python container (``dict``, ``set(d)``, ``list``, ``map``, a
        tree map, ...) from traced values returns; ``_NOT_A_CONTAINER`` for any other call."""
        if name in _DICT_CALLS:
            fields = _dict_fields(node, self.taints) if name == "dict" else None
            if fields is not None:
                return lattice.record(dict(fields), mapping=True)
            return Taint(t.origin, container=True, mapping=True, foreign=t.foreign)  # its keys: what it is built from
        if name == "map" and self._maps_to_static(node):
            return None  # all(map(pred, xs)) with pred returning isinstance tests: Python bools
        if name in _KEY_VIEWS and self._of_dict_alone(node):
            return None  # set(d), sorted(d): a dict's keys, never tracers (a tracer is unhashable)
        if name in _ROW_VIEWS and (rows := self._rows_of_array(node)) is not None:
            return rows
        if name in jaxapi.CONTAINER_CALLS or name in jaxapi.TREE_CONTAINERS:
            return lattice.container(t)
        if name in jaxapi.TREE_MAPS:
            return self._tree_map_result(node, t)
        return _NOT_A_CONTAINER

    def _rows_of_array(self, node: cst.Call) -> Taint | None:
        """ARRAYROWS: ``tuple(x)`` / ``list(x)`` of a traced array (known to be one: not a
        container, nor a value that may be a Python number or another module's result): iterating a
        tracer gives its rows, each a traced array, so every position of the result is one (a tail
        of unknown length, :data:`lattice.TAIL`); None for any other argument."""
        if len(node.args) != 1 or node.args[0].keyword is not None or node.args[0].star:
            return None
        x = self.taints.get(node.args[0].value)
        if x is None or x.container or x.mapping or x.opaque or x.foreign or x.fields is not None:
            return None
        return lattice.record({lattice.TAIL: lattice.element(x)})

    def _maybe_numbers(self, node: cst.Call) -> Taint | None:
        """``divmod(n, k)``, ``abs(n)``, ``round(n)`` of values that may be Python numbers (an
        ``eqx.filter_jit`` int parameter, a foreign result: ``opaque``), not containers: Python
        numbers for Python numbers, arrays for arrays, as an arithmetic operator's result is (a
        tuple of them for divmod). None when some traced argument is known to be an array."""
        values = [a.value for a in node.args]
        if len(values) == 1 and isinstance(values[0], (cst.List, cst.Tuple)):  # sum([n, 1])
            values = [e.value for e in values[0].elements if isinstance(e, cst.Element)]
        traced = [self.taints.get(v) for v in values if self.taints.get(v) is not None]
        if len(traced) == 1 == len(node.args) and traced[0].container and traced[0].opaque and not traced[0].mapping:
            traced = [lattice.element(traced[0])]  # sum(sizes): a container of values that may be numbers
        if not traced or any(a.star for a in node.args) or any(x.container or not x.opaque for x in traced):
            return None
        out = traced[0]
        for x in traced[1:]:
            out = lattice.binary(out, x, False)
        return lattice.binary(out, None, False)

    def _maps_to_static(self, node: cst.Call) -> bool:
        """``map(pred, *xs)`` with ``pred`` a function of this module that returns a Python value
        (its summary) when given the elements of the traced ``xs``: every element of the map is
        one, as ``[pred(x) for x in xs]`` would be."""
        args = positional_args(node)
        fn = self.index.resolve_function(args[0].value, self.info) if len(args) > 1 and not node.args[0].keyword else None
        if fn is None or any(a.star or a.keyword for a in node.args):
            return False
        callee, _use, bound_self = fn
        params = callee.positional[1:] if bound_self and callee.is_method else callee.positional
        if len(params) < len(args) - 1:
            return False
        mapped = {}
        for p, a in zip(params, args[1:]):
            at = lattice.element(self.taints.get(a.value))
            if at is not None:
                mapped[p.name] = at
        return self.analysis.summary(callee, mapped) is None

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
                mapped[p.name] = lattice.leaf(at)
        return fn[0], mapped

    def _tree_map_result(self, node: cst.Call, t: Taint) -> Taint | None:
        """jax.tree.map(f, tree): traced only if f returns something traced for traced leaves."""
        if jaxapi.maps_static_query(node, self.resolve):
            return None  # tree.map(jnp.iscomplexobj, tree): a tree of Python bools, also on tracers
        found = self._tree_map_args(node)
        if found is None:
            return lattice.opaque(t)
        callee, mapped = found
        result = self.analysis.summary(callee, mapped) if mapped else None
        args = positional_args(node)
        if result is not None and len(args) == 2 and isinstance(args[1].value, (cst.List, cst.Tuple)) \
                and self._traced_leaves(args[1].value.elements):
            # tree.map(f, [a, b]) of traced arrays: a list of what f returns for each (the same
            # structure), so an item of it is f's result, not some subtree
            return lattice.record({str(i): result for i in range(len(args[1].value.elements))})
        return lattice.mapped_result(result, t)

    def _traced_leaves(self, elements) -> bool:
        """Every element of a list or tuple literal is a traced array (a leaf, not a subtree)."""
        for e in elements:
            t = self.taints.get(e.value) if isinstance(e, cst.Element) else None
            if t is None or t.container or t.opaque or t.fields is not None:
                return False
        return bool(elements)

    # -- calls into the module's own functions ----------------------------------------------
    def _local_callee(self, call: cst.Call) -> tuple[FunctionInfo, dict[str, Taint]] | None:
        """A call to a function of this module: which of its parameters get traced values."""
        overridden = dispatch.self_methods(self, call)  # self.m() of a subclass instance: its override
        if overridden is not None:
            return overridden
        staticpos.forwarded_tracers(self, call)
        found = self._callee_of(call)
        if found is None:
            return self._callee_elsewhere(call)
        callee, call, bound_pos, bound_self, use = found
        func = call.func
        params = callee.positional
        mapped: dict[str, Taint] = {}
        jit = staticpos.jit_of_call(self.index, call, callee, use, self.info) if not bound_pos else None
        if callee.is_method and params:
            explicit_self = (
                isinstance(func, cst.Attribute)
                and isinstance(func.value, cst.Name)
                and func.value.value in self.index.classes
                and not callee.is_classmethod
            )  # Class.method(obj, ...) passes self explicitly (a classmethod's cls is bound)
            if not explicit_self and (bound_self or isinstance(func, cst.Attribute)):
                if isinstance(func, cst.Attribute):
                    owner = self.taints.get(func.value)
                    if owner is not None:
                        mapped[params[0].name] = owner
                elif objects.is_instance_value(self.taints.get(func)):
                    mapped[params[0].name] = self.taints[func]  # Model(rate)(x), m(x): self is that instance
                params = params[1:]
        self._map_arguments(call, callee, params[bound_pos:], mapped)
        dispatch.note_call(self, call, callee, params[bound_pos:], dispatch.owner_classes(self, func)
                           if callee.is_method and not bound_pos and isinstance(func, cst.Attribute) else None)
        if jit is not None:
            # a jitted function hashes its static arguments before its body runs: a tracer there
            # raises at this call (JG203), and the body never sees it
            for name in staticpos.static_tracers(self, call, callee, jit, params):
                mapped.pop(name, None)
        if not bound_pos and not bound_self and not self.eager:
            self._record_passed(call, callee)
        if mapped and self.reporting:
            self.analysis.propagate(callee, mapped, self.info)
        if self.reporting:  # which parameters this call passes surely not None (callnone)
            plain = not bound_pos and not isinstance(func, cst.Call)  # not through partial
            self.analysis.hold_call(callee, callnone.call_values(self, call, callee, params) if plain else None)
            if plain:  # `xnp=np` left at its default, or a module passed
                self.analysis.hold_modules(callee, modules_passed(self, call, callee, params), self.info)
        self.analysis.called(callee)
        return callee, mapped

    def _record_passed(self, call: cst.Call, callee: FunctionInfo) -> None:
        """Traced code calls ``callee`` (a plain function) passing functions of this module
        (``over_rows(smooth, x)``): those are what its parameters run when it calls them here."""
        if callee.is_method or not isinstance(call.func, (cst.Name, cst.Attribute)) or any(a.star for a in call.args):
            return
        for param in callee.params:
            fn = _function_value(self.index, _argument(call, callee, param.name), self.info)
            if fn is not None and not fn.is_method and fn is not callee:
                self.analysis.pass_function(callee, param.name, fn)

    def _passed_callees(self, call: cst.Call) -> tuple[FunctionInfo, dict[str, Taint]] | None:
        """``step_fn(it)`` where ``step_fn`` is a parameter of this function (never rebound here):
        it runs the functions the module's calls of this function pass there (a def or a lambda of
        the module: ``_make_step(p, it, relative_step)``), each with these arguments; the first
        one stands for the result."""
        func = call.func
        if not isinstance(func, cst.Name) or self.info is None or not _static_spread_last(self, call):
            return None
        owner = self._param_owner(func.value)
        if owner is None:
            return None
        staticpos.tree_partial_calls(self, call, owner, func.value)
        first = None
        for callee in self._passed_to(owner, func.value):
            mapped: dict[str, Taint] = {}
            self._map_arguments(call, callee, callee.positional, mapped)
            if mapped and self.reporting:
                self.analysis.propagate(callee, mapped, self.info)
            if self.reporting:  # run through a parameter: what it is given is not followed
                self.analysis.hold_call(callee, None)
            self.analysis.called(callee)
            first = first or (callee, mapped)
        return first

    def _callee_elsewhere(self, call: cst.Call) -> tuple[FunctionInfo, dict[str, Taint]] | None:
        """A call the index does not resolve: a parameter's passed functions, a method of the
        classes a parameter receives, or what a passed factory returns."""
        return (self._passed_callees(call) or dispatch.dispatched_methods(self, call)
                or self._passed_factory_result(call) or dispatch.called_instances(self, call))

    def _passed_factory_result(self, call: cst.Call) -> tuple[FunctionInfo, dict[str, Taint]] | None:
        """``factory(**opts)(x)`` where ``factory`` is a parameter that runs the functions the
        module passes there (``_passed_callees``): each of them that returns one def of its own
        (``ModuleIndex.made_by_factory``'s reading) hands back that def, which this call runs with
        ``x`` (its closure what the factory's run gave it); the first one stands for the result."""
        inner = call.func
        if not isinstance(inner, cst.Call) or not isinstance(inner.func, cst.Name) or self.info is None:
            return None
        owner = self._param_owner(inner.func.value)
        if owner is None or any(a.star for a in call.args):
            return None
        first = None
        for factory in self._passed_to(owner, inner.func.value):
            made_def = self.index.returned_local_def(factory)
            if made_def is None:
                continue
            mapped: dict[str, Taint] = {}
            self._map_arguments(call, made_def, made_def.positional, mapped)
            if mapped and self.reporting:
                self.analysis.propagate(made_def, mapped, self.info)
            self.analysis.called(made_def)
            first = first or (made_def, mapped)
        return first

    def _param_owner(self, name: str) -> FunctionInfo | None:
        """The function whose parameter ``name`` is: the walked one, or one it is nested in; None
        when a function in between binds ``name`` itself (then it is not that parameter)."""
        owner = self.info
        while owner is not None and owner.param(name) is None:
            if owner.parent is not None and isinstance(owner.node, cst.FunctionDef) and bindings_of(owner.node.body, name) != []:
                return None
            owner = owner.parent
        return owner

    def _passed_to(self, owner: FunctionInfo, name: str) -> list[FunctionInfo]:
        """The functions parameter ``name`` of ``owner`` holds where the code walked here runs
        traced: those passed by every call of ``owner`` when each call traces what runs here
        (``owner`` is jitted by a decorator, or the walked function nested in it is transformed
        on its own: a factory's jitted closure); otherwise only those passed by calls made from
        traced code (``Analysis.pass_function``) or through a jit of ``owner`` (``g =
        jax.jit(owner)``). A function passed only by eager calls of a helper runs eagerly."""
        every = passed_functions(self.index, owner, name)
        if not every or self._traced_per_call(owner):
            return every
        traced = self.analysis.passed(owner, name) + passed_functions(self.index, owner, name, through_jit=True)
        return [f for f in every if f in traced] + [f for f in traced if f not in every]

    def _traced_per_call(self, owner: FunctionInfo) -> bool:
        """Does every call of ``owner`` trace the code walked here (``self.info``, ``owner`` or
        a function nested in it)?"""
        traces = self.index.traces
        if decorated_by_transform(self.index, owner) or not (traces.traced(owner) or traces.kind(owner)):
            return True  # (owner itself not traced: the code walked here is traced on its own)
        info = self.info
        while info is not None and info is not owner:
            if self.index.traces.of(info).contexts:
                return True  # a closure jitted (scanned over, ...) on its own, each time owner makes it
            info = info.parent
        return False

    def _callee_of(self, call: cst.Call) -> tuple[FunctionInfo, cst.Call, int, bool, object] | None:
        """The function of this module a call runs: (function, the call with only the arguments
        it receives, how many leading positional parameters partial binds, self is bound, the
        transform of the module-level alias it names or None)."""
        func = call.func
        framework = self._framework_apply(call)
        if framework is not None:
            callee, skip = framework
            # drop params/rng: map the model's inputs
            return callee, call.with_changes(args=call.args[skip:]), 0, True, None
        bound_pos = 0
        merged = self._through_partial(call)
        if merged is not None:
            call, func = merged, merged.func
        if isinstance(func, cst.Call):
            target, bound_pos, _kw = self.index.unwrap(func, self.info)
            resolved = self.index.resolve_function(target, self.info)
        elif isinstance(func, cst.Name) and func.value in self.env and not objects.is_instance_value(self.env[func.value]):
            return None
        else:
            resolved = self.index.resolve_function(func, self.info)
            if resolved is None and isinstance(func, cst.Attribute):
                resolved, bound_pos = self._stored_wrapper(func)
        if resolved is None:
            return None
        callee, use, bound_self = resolved
        return callee, call, bound_pos, bound_self, use

    def _stored_wrapper(self, func: cst.Attribute) -> tuple[tuple | None, int]:
        """``self.grad(...)`` where the class's ``__init__`` alone stores ``self.grad`` once, as a
        transform or ``partial`` of a function or method (``jax.value_and_grad(self.loss)``): the
        call runs that function in the trace of the caller, as the inline
        ``jax.value_and_grad(self.loss)(...)`` does (grad and vmap under jit stage their function
        into jit's trace). (The function resolved, how many positions partial binds.)"""
        from jitguard.lint.analysis.walker import _init_stored_value

        if not isinstance(func.value, cst.Name) or func.value.value in self.env:
            return None, 0
        found = _init_stored_value(self.index, self.info, func.value.value, func.attr.value)
        if found is None or not isinstance(found[1], (cst.Call, cst.Name)):
            return None, 0
        init, value = found
        if isinstance(value, cst.Name):  # self.fun = fun: the function every construction passes
            fn = constructed_with_function(self.index, init, value.value)
            return ((fn, None, False) if fn is not None else None), 0
        target, bound_pos, bound_kw = self.index.unwrap(value, init)
        if target is value or "**" in bound_kw:
            return None, 0
        return self.index.resolve_function(target, init), bound_pos

    def _through_partial(self, call: cst.Call) -> cst.Call | None:
        """``partial(f, a, k=v)(x)``, or ``g(x)`` with ``g = functools.partial(f, a, k=v)`` bound once
        in this function or one it is nested in: the call ``f(a, x, k=v)`` it makes (Python semantics
        of ``functools.partial``: bound positions first, then the call's; a keyword the call passes
        replaces the bound one). None when the call is not through a partial, or the partial
        splats what it binds (``partial(f, *args)``: positions unknown)."""
        func, merged = call.func, None
        for _ in range(3):
            value = self._partial_value(func)
            if value is None:
                return merged
            made = merge_partial(merged or call, value)
            if made is None:
                return merged
            for a in value.args[1:]:  # bound in an enclosing function: what its names hold here (closure)
                if a.value not in self.taints and isinstance(a.value, (cst.Name, cst.Attribute, cst.Subscript)):
                    self.ev(a.value)
            merged = made
            func = merged.func
        return merged

    def _partial_value(self, func: cst.BaseExpression) -> cst.Call | None:
        """The ``functools.partial(...)`` call ``func`` is: itself, or the value of a name bound once to
        it in the innermost scope that binds the name (not a parameter there)."""
        if isinstance(func, cst.Name):
            scope = self.info
            while scope is not None:
                table = self.index._scope_bindings(scope)
                if func.value in table:
                    func = table[func.value]
                    break
                if scope.param(func.value) is not None:
                    return None
                scope = scope.parent
            else:
                return None
        if isinstance(func, cst.Call) and self.resolve(func.func) == "functools.partial":
            return func
        # obj.solver() of a method that returns a partial of what obj holds
        return dispatch.returned_partial(self, func) if isinstance(func, cst.Call) else None

    def _spread_by_name(self, arg: cst.Arg):
        """For ``f(**d)`` of a comprehension that keeps the values of listed keys and converts the
        others (``spread.membership_split``): the kind each parameter gets by its name; else None."""
        split = spread.membership_split(arg, self.index, self.info) if arg.star == "**" else None
        if split is None or split[1] not in self.taints or split[2] not in self.taints:
            return None
        names, listed, other = split[0], self.taints[split[1]], self.taints[split[2]]
        return lambda name: listed if name in names else other

    def _map_arguments(self, call: cst.Call, callee: FunctionInfo, params: list, mapped: dict[str, Taint]) -> None:
        """Add to ``mapped`` the parameters the call's traced arguments bind: by keyword, by
        position (after ``params``, the positional parameters left), splatted (``*xs``: every
        parameter left, and ``*args``), or into ``*args``."""
        vararg = next((p for p in callee.params if p.kind == "vararg"), None)
        varkw = next((p for p in callee.params if p.kind == "kwarg"), None)
        extra: dict[str, Taint | None] = {}  # keywords that **kwargs collects: a dict of them
        rest: list[Taint | None] | None = []  # what *args collects, by position (None: not known)
        i = 0
        for n, arg in enumerate(call.args):
            t = self.taints.get(arg.value)
            if arg.keyword is not None:
                p = callee.param(arg.keyword.value)
                if p is not None and p.kind != "kwarg" and t is not None:
                    mapped[p.name] = t
                elif p is None and varkw is not None:
                    extra[arg.keyword.value] = t
            elif arg.star == "**" and t is not None and t.mapping and t.fields is not None:
                _map_known_keywords(t, callee, varkw, mapped, extra, _left_by_keyword(call, callee, params[i:]))
            elif arg.star:
                i = self._map_star(call, n, t, params, i, (vararg, varkw), mapped)
                rest = None
            else:
                if i < len(params):
                    if t is not None:
                        mapped[params[i].name] = t
                elif rest is not None:
                    rest.append(t)
                elif vararg is not None and t is not None:
                    mapped[vararg.name] = lattice.container(t)
                i += 1
        if vararg is not None and rest:
            # f(x, m) into def f(*args): a tuple that knows its positions (`g(*args)` passes each
            # on to its own parameter, a static one stays static)
            collected = lattice.record({str(k): t for k, t in enumerate(rest)})
            if collected is not None:
                mapped[vararg.name] = collected
        if varkw is not None and varkw.name not in mapped:
            # f(x, a=traced, b=1) into def f(x, **kw): kw is a dict whose keys are these str names
            kwargs = lattice.record(extra, mapping=True)
            if kwargs is not None:
                mapped[varkw.name] = kwargs

    def _map_star(self, call: cst.Call, n: int, t: Taint | None, params: list, i: int, rests, mapped: dict[str, Taint]) -> int:
        """``*xs`` or ``**d``, the ``n``-th argument of ``call``: map what it binds from the ``i``-th
        positional parameter on (SPREADTAIL: not the ones the plain arguments after it must fill).
        Returns the next position."""
        arg, (vararg, varkw) = call.args[n], rests
        end = _spread_end(call, n, params, i) if vararg is None and arg.star == "*" else None
        after = _map_splatted(arg, t, params if end is None else params[:end], i, vararg, varkw, mapped,
                              self._spread_by_name(arg))
        return after if end is None else end

    def _inherited_constructor(self, func: cst.BaseExpression) -> str | None:
        """``Sub(x)`` of a class of this module with no ``__init__`` of its own or of a base of this
        module, and one base imported from another (``class Sub(base.Scaler)``): Python runs that
        base's ``__init__`` on ``x``, so the call is followed there as ``base.Scaler(x)`` is (the
        base's qualified name); None for any other call."""
        if type(func) is not cst.Name or func.value in self.env:
            return None
        klass = self.index.classes.get(func.value)
        if klass is None or self.index.lookup_function(func.value, self.info) is not None \
                or self.index.find_method(klass, "__init__") is not None or klass.node.decorators:
            return None
        bases = klass.node.bases
        if len(bases) != 1 or bases[0].keyword is not None or klass.node.keywords:
            return None
        base = self.resolve(bases[0].value)
        return base if base is not None and "." in base and base not in self.index.classes else None

    def _record_outcall(self, call: cst.Call, name: str, arg_taints: list) -> None:
        """A traced value passed to a function imported from elsewhere: remember it for the project."""
        head = name.split(".", 1)[0]
        if "." not in name or head in jaxapi.NOT_FOLLOWED or self.kind == "differentiated":
            return  # (under grad alone the other file would be checked as if staged: not followed)
        if isinstance(call.func, cst.Attribute) and self.taints.get(call.func.value) is not None:
            return  # a method of a traced object
        args: dict[str, TracedArg] = {}
        position = 0
        for arg, t in zip(call.args, arg_taints):
            if arg.star:
                break
            key = arg.keyword.value if arg.keyword is not None else str(position)
            if arg.keyword is None:
                position += 1
            if t is not None and not t.container and not t.opaque:  # only values known to be arrays
                root = t.origin.root or t.origin
                args[key] = TracedArg(t.origin.name, t.origin.why, t.origin.flaglike, root.name,
                                      root.function.display() if root.function else "", t.opaque, t.boolean)
        if args:
            entry = self.analysis.outcalls.setdefault((name, self.info.display()), {})
            for k, v in args.items():
                entry.setdefault(k, v)
            self.analysis.outcall_shapes.setdefault((name, self.info.display()), set()).add(_call_shape(self, call))

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
            target = klass.methods.get(_flax_method(call))
            return (target, 1) if target is not None else None
        bound = self.index.binding(func.value.value, self.info) if isinstance(func.value, cst.Name) else None
        return self._haiku_apply(bound)

    def _haiku_apply(self, bound: cst.BaseExpression | None) -> tuple[FunctionInfo, int] | None:
        """``net.apply`` with ``net = hk.transform(f)`` (or ``hk.without_apply_rng(...)``,
        ``hk.transform_with_state(...)``): ``f``, and how many leading arguments apply takes."""
        skip = 0
        for _ in range(3):
            if not isinstance(bound, cst.Call) or not bound.args:
                return None
            name = self.resolve(bound.func) or ""
            if name == jaxapi.HAIKU_WITHOUT_APPLY_RNG:
                skip -= 1
                bound = bound.args[0].value
                continue
            if name not in jaxapi.HAIKU_APPLY_LEADING:
                return None
            target = self.index.resolve_function(bound.args[0].value, self.info)
            return (target[0], skip + jaxapi.HAIKU_APPLY_LEADING[name]) if target is not None else None
        return None

    def _propagate_call(self, call: cst.Call) -> None:
        """Higher-order calls inside traced code: partial-bound or tree-mapped traced values, and
        ``Class(x)``, which runs ``Class.__init__`` on ``x`` (in the trace)."""
        if not self.reporting:
            return
        init = self.index.constructor(call.func, self.info) if self.taints.get(call.func) is None else None
        if init is not None:
            mapped: dict[str, Taint] = {}
            self._map_arguments(call, init, init.positional[1:], mapped)
            if mapped:
                self.analysis.propagate(init, mapped, self.info)
            if self.staged is not None:
                self.analysis.stage(init, self.info)
            # ATTRMODULE: what this construction gives `__init__`'s array-module parameters
            self.analysis.hold_modules(init, modules_passed(self, call, init, init.positional[1:]), self.info)
            return
        name = self.resolve(call.func)
        args = positional_args(call)
        if name in jaxapi.TREE_MAPS and args:
            found = self._tree_map_args(call)
            if found is not None and found[1]:
                self.analysis.propagate(found[0], found[1], self.info)
            if found is not None:
                self.analysis.called(found[0])  # run at Python level, once per leaf
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


def _keyed_read(node: cst.Call, obj: Taint, taints) -> tuple[Taint | None] | None:
    """``d.get("k")``, ``d.get("k", default)``, ``d.pop("k", ...)``, ``d.setdefault("k", ...)`` of a
    dict that knows the kind of key ``k`` (a record: a literal, ``**kwargs``, a helper's dict):
    (that kind, or the default's when it may be missing,) as ``d["k"]`` gives it; None when the call
    is not one of these or the key is not known."""
    func = node.func
    if isinstance(func, cst.Attribute) and func.attr.value == "copy" and not node.args and obj.mapping \
            and obj.fields is not None:
        return (obj,)  # kwargs.copy(): the same keys and values (KWREST)
    if not (isinstance(func, cst.Attribute) and func.attr.value in ("get", "pop", "setdefault")) or not obj.mapping \
            or not node.args or len(node.args) > 2 or any(a.star or a.keyword for a in node.args):
        return None
    key = node.args[0].value
    if not (isinstance(key, cst.SimpleString) and isinstance(key.evaluated_value, str)):
        return None
    given = node.args[1].value if len(node.args) > 1 else None  # `.get("mode")`: None, a flag's default
    known, kind = lattice.keyed(obj, key.evaluated_value, given is None or flaglike_default(given))
    if not known:
        return None
    default = taints.get(node.args[1].value) if len(node.args) > 1 else None
    return (lattice.join(kind, default),)


def _dict_fields(node: cst.Call, taints) -> lattice.Fields | None:
    """The keys ``dict(...)`` builds when each part knows its own: ``dict(a=x, b=1)``,
    ``dict(kwargs)``, ``dict(kwargs, k=v)``, ``dict(kwargs, **extra)`` (KWREST); else None."""
    if not node.args or len([a for a in node.args if not a.keyword and not a.star]) > 1 \
            or any(a.star == "*" for a in node.args):
        return None
    return lattice.spread([((a.keyword.value, taints.get(a.value)),) if a.keyword is not None
                           else lattice.mapping_part(taints.get(a.value)) for a in node.args])


def _left_by_keyword(call: cst.Call, callee: FunctionInfo, positional_left: list) -> list:
    """The parameters of ``callee`` a keyword spread into ``call`` may still bind: the positional
    ones no positional argument filled, and the keyword-only ones, less those passed by keyword."""
    given = {a.keyword.value for a in call.args if a.keyword is not None}
    return [p for p in [*positional_left, *(q for q in callee.params if q.kind == "kwonly")] if p.name not in given]


def _map_known_keywords(kwargs: Taint, callee: FunctionInfo, varkw, mapped: dict[str, Taint],
                        extra: dict[str, Taint | None], left: list) -> None:
    """``g(**kwargs)`` of a dict that knows its keys (a forwarder's own ``**kwargs``): each key
    binds its parameter (a static one stays static), the others go into ``g``'s ``**kw``. An open
    record's other keys (``REST``: a jitted function's ``**kwargs`` spread on) may bind any
    parameter the call leaves (``left``, positional ones not filled, and keyword-only ones), and
    go on into ``g``'s ``**kw`` as its own other keys (KWREST)."""
    listed = {key for key, _ in kwargs.fields or ()}
    for key, kind in kwargs.fields or ():
        if key == lattice.REST:
            if kind is not None:
                for p in left:
                    if p.name not in listed and p.name not in mapped:
                        mapped[p.name] = lattice.keyword(kind, p.name)
            if varkw is not None:
                extra[key] = kind
            continue
        p = callee.param(key)
        if p is not None and p.kind != "kwarg":
            if kind is not None:
                mapped[p.name] = kind
        elif varkw is not None:
            extra[key] = kind


def _static_spread_last(walker, call: cst.Call) -> bool:
    """No argument spread in, or only static ones after every plain positional argument
    (``init_fn(rng, *init_args)``: the spread fills the parameters left with Python values);
    keywords spread from a dict (``**opts``) bind by name, as they do in a direct call."""
    stars = [i for i, a in enumerate(call.args) if a.star == "*"]
    return not stars or (all(walker.taints.get(call.args[i].value) is None for i in stars) and not any(
        a.keyword is None and not a.star for a in call.args[stars[0]:]))


def _spread_end(call: cst.Call, n: int, params: list, i: int) -> int | None:
    """SPREADTAIL: ``f(*xs, k)`` of a function without ``*args`` whose positional parameters from
    the spread on have no default and are not given by keyword: Python must fill every one of them
    by position (fewer is a TypeError, so is more), so the plain arguments after the spread bind
    the last parameters and the spread ends before them, whatever its length (JAX 0.10.2:
    tests/precision_cases/heldout26_argument_after_spread_binds_last_parameter.py). The position
    where the spread ends, or None when that is not known."""
    after = call.args[n + 1:]
    if any(a.star for a in after):
        return None
    keywords = {a.keyword.value for a in after if a.keyword is not None}
    keywords |= {a.keyword.value for a in call.args[:n] if a.keyword is not None}
    if any(p.default is not None or p.name in keywords for p in params[i:]):
        return None
    end = len(params) - sum(1 for a in after if a.keyword is None)
    return end if end >= i else None


def _map_splatted(arg: cst.Arg, t: Taint | None, params: list, i: int, vararg, varkw, mapped: dict[str, Taint],
                  by_name=None) -> int:
    """``*xs`` or ``**d`` in a call: what it binds from the ``i``-th positional parameter on
    (a record's positions each their own parameter, anything else every parameter left; for a
    ``**d`` whose values are known by key, ``by_name``, each parameter its own). Returns the next
    position."""
    if t is None:
        return i
    if arg.star == "**" and varkw is not None:  # **d into **kw: a dict of what d holds, by keys we cannot see
        mapped[varkw.name] = Taint(t.origin, container=True, mapping=True, foreign=t.foreign)
    if arg.star == "*" and t.fields is not None and not t.mapping:
        return _map_record(t, params, i, vararg, mapped)
    if arg.star == "**" and t.container:  # **d of a dict built here: each keyword gets one of its values
        t = lattice.element(t)
    for p in params[i:]:
        kind = by_name(p.name) if by_name is not None else t
        if kind is not None:
            mapped[p.name] = kind
    if vararg is not None:
        mapped[vararg.name] = lattice.container(t)
    return i


def _map_record(record: Taint, params: list, i: int, vararg, mapped: dict[str, Taint]) -> int:
    """``f(*helper(...))`` of a record that knows its positions (``return graph, args, out``):
    each position binds its own parameter from the ``i``-th on, the ones past them go into
    ``*args``. Returns the next position."""
    for key, kind in record.fields or ():
        if key == lattice.TAIL:  # a tail of unknown length: any parameter from here on
            for p in params[i:]:
                if kind is not None:
                    mapped[p.name] = kind
            if vararg is not None and kind is not None:
                mapped[vararg.name] = lattice.container(kind)
            return len(params)
        if i < len(params):
            if kind is not None:
                mapped[params[i].name] = kind
        elif vararg is not None and kind is not None:
            mapped[vararg.name] = lattice.container(kind)
        i += 1
    return i


def _returned_leaves(index, callee: FunctionInfo, origin: Origin, leaves: frozenset[str] = frozenset()) -> Taint | None:
    """What a compiled ``callee`` returns inside another trace: the structure its ``return``
    statements build, with a tracer for every leaf (a record for a tuple/list/dict literal, None for
    None); opaque where the structure is not plain to see or the returns disagree. ``leaves``: the
    parameters the call binds to one array leaf each (a parameter returned as it is is one tracer)."""
    node = callee.node
    if isinstance(node, cst.Lambda):
        values = [node.body]
    else:
        values = []
        stack: list[cst.CSTNode] = [node.body]
        while stack:
            item = stack.pop()
            if isinstance(item, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                continue  # a nested function's returns are its own
            if isinstance(item, cst.Return):
                values.append(item.value)
                continue
            stack.extend(children(item))
    kinds = [_leaves_of(index, callee, v, origin, 2, leaves) for v in values] or [None]
    if all(k == kinds[0] for k in kinds[1:]):
        return kinds[0]
    return Taint(origin, opaque=True)  # returns of different structures: a leaf of unknown kind


def _leaves_of(index, callee: FunctionInfo, expr: cst.BaseExpression | None, origin: Origin, depth: int,
               leaves: frozenset[str] = frozenset()) -> Taint | None:
    """The traced value a compiled function's output ``expr`` becomes (see ``_returned_leaves``)."""
    if expr is None or isinstance(expr, cst.Name) and expr.value == "None":
        return None  # None is an empty pytree: it stays None
    if isinstance(expr, (cst.Tuple, cst.List, cst.Dict)):
        return _record_leaves(index, callee, expr, origin, depth, leaves)
    leaf = _plain_leaf(expr, origin, leaves)
    if leaf is not None:
        return leaf
    if isinstance(expr, cst.UnaryOperation) and not isinstance(expr.operator, cst.Not):
        return _leaves_of(index, callee, expr.expression, origin, depth, leaves)
    if isinstance(expr, cst.BinaryOperation):
        sides = [_leaves_of(index, callee, e, origin, depth, leaves) for e in (expr.left, expr.right)]
        if any(s is None or s.container for s in sides) or all(s.opaque for s in sides):
            return Taint(origin, opaque=True)  # tuple concatenation or repetition, or not known
        return Taint(origin)  # arithmetic with a number or an array: an array leaf
    if isinstance(expr, cst.Call):
        name = index.resolve(expr.func, callee) or ""
        if makes_array_when_staged(name) or (name.startswith("numpy.") and name.rsplit(".", 1)[-1][:1].islower()):
            return Taint(origin)  # a jnp/lax/NumPy array
    if isinstance(expr, cst.Name) and depth > 0 and callee.param(expr.value) is None:
        values = index.assigned_names(callee).get(expr.value, [])
        if len(values) == 1 and values[0] is not None:
            return _leaves_of(index, callee, values[0], origin, depth - 1, leaves)
    return Taint(origin, opaque=True)  # a leaf or a sub-tree: its structure is not plain to see


def _plain_leaf(expr: cst.BaseExpression, origin: Origin, leaves: frozenset[str]) -> Taint | None:
    """An output that is plainly one array leaf: a number or bool literal, a comparison (a mask),
    a number the body reads (``len(xs)``, ``x.shape[0]``), a parameter bound to a leaf."""
    if isinstance(expr, cst.Name) and expr.value in leaves or _python_number(expr):
        return Taint(origin)
    if isinstance(expr, cst.Comparison) and not any(isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn))
                                                    for c in expr.comparisons):
        return Taint(origin, boolean=True)
    if isinstance(expr, (cst.Integer, cst.Float, cst.Imaginary)) or isinstance(expr, cst.Name) and expr.value in ("True", "False"):
        return Taint(origin, boolean=isinstance(expr, cst.Name))
    return None


def _record_leaves(index, callee: FunctionInfo, expr: cst.Tuple | cst.List | cst.Dict, origin: Origin,
                   depth: int, leaves: frozenset[str] = frozenset()) -> Taint | None:
    """A tuple, list or dict literal a compiled function returns: each item's own leaves."""
    if isinstance(expr, cst.Dict):
        if not all(isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString) for e in expr.elements):
            return Taint(origin, container=True, mapping=True, opaque=True)
        return lattice.record({e.key.evaluated_value: _leaves_of(index, callee, e.value, origin, depth, leaves)
                               for e in expr.elements}, mapping=True)
    if any(isinstance(e, cst.StarredElement) for e in expr.elements):
        return Taint(origin, container=True, opaque=True)
    return lattice.record({str(i): _leaves_of(index, callee, e.value, origin, depth, leaves) for i, e in enumerate(expr.elements)})


def _python_number(expr: cst.BaseExpression | None) -> bool:
    """A Python number read off an array or a container: ``len(xs)``, ``x.shape[0]``, ``x.ndim``,
    ``x.size`` (an output leaf of a compiled function, so a tracer in the caller's trace)."""
    if isinstance(expr, cst.Call):
        return isinstance(expr.func, cst.Name) and expr.func.value == "len" and len(expr.args) == 1
    if isinstance(expr, cst.Attribute):
        return expr.attr.value in ("ndim", "size")
    return (isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Attribute) and expr.value.attr.value == "shape"
            and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index))


def _flax_method(call: cst.Call) -> str:
    """The method ``model.apply(params, x, method=...)`` runs (``__call__`` by default)."""
    method = "__call__"
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == "method":
            value = arg.value
            if isinstance(value, cst.SimpleString):
                method = value.evaluated_value
            elif isinstance(value, cst.Attribute):
                method = value.attr.value
    return method


_RECORD_BASES = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple", "flax.struct.PyTreeNode",
                           "equinox.Module"})
_TUPLE_BASES = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple"})
_RECORD_DECORATORS = frozenset({"dataclasses.dataclass", "flax.struct.dataclass", "chex.dataclass",
                                "jax.tree_util.register_dataclass"})


def record_fields(klass, resolve, classes: dict | None = None, depth: int = 0) -> list[str] | None:
    """The fields, in order, of a NamedTuple or dataclass whose ``__init__`` is the generated one
    (it stores each argument as the field of that name); None for any other class. Given the
    module's ``classes``, also a subclass of such a dataclass of the module (its one base): an
    undecorated subclass has the base's fields and ``__init__``, a ``@dataclass`` one the base's
    fields followed by its own new ones (Python's dataclasses)."""
    node = klass.node
    if "__init__" in klass.methods or "__post_init__" in klass.methods or "__new__" in klass.methods:
        return None
    decorators = {resolve(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator) for d in node.decorators}
    base = _local_dataclass_base(klass, resolve, classes) if classes is not None and depth < 8 else None
    if base is not None:
        inherited = record_fields(base, resolve, classes, depth + 1)
        if inherited is None or not decorators <= jaxapi.DATACLASS:
            return None  # (another decorator may make another __init__)
        return inherited + [n for n in annotated_fields(node, resolve) if n not in inherited] if decorators else inherited
    bases = {resolve(b.value) for b in node.bases}
    if not (bases & _RECORD_BASES or decorators & _RECORD_DECORATORS):
        return None
    return annotated_fields(node, resolve)


def _local_dataclass_base(klass, resolve, classes: dict):
    """The one base of ``klass``, a ``@dataclasses.dataclass`` class of the module with no other
    record base (None otherwise)."""
    node = klass.node
    if len(node.bases) != 1 or node.keywords or node.bases[0].keyword is not None or type(node.bases[0].value) is not cst.Name:
        return None
    base = classes.get(node.bases[0].value.value)
    if base is None or base is klass or not dataclass_decorators(base.node, resolve):
        return None
    return base


def dataclass_decorators(node: cst.ClassDef, resolve) -> list:
    """The decorators of ``node`` that are ``@dataclasses.dataclass`` (bare or called)."""
    return [d.decorator for d in node.decorators
            if resolve(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator) in jaxapi.DATACLASS]


def annotated_fields(node: cst.ClassDef, resolve) -> list[str]:
    """The names a class body annotates, in order (``x: int``), less ``ClassVar`` ones: the fields
    of a dataclass or NamedTuple."""
    names = []
    for stmt in node.body.body if isinstance(node.body, cst.IndentedBlock) else ():
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                annotation = small.annotation.annotation
                head = annotation.value if isinstance(annotation, cst.Subscript) else annotation
                if (resolve(head) or "").rsplit(".", 1)[-1] != "ClassVar":
                    names.append(small.target.value)
    return names


# -- return summaries: what a module-level function returns at Python level ------------------
_NUMPY_NOT_ARRAYS = ("numpy.dtype", "numpy.finfo", "numpy.iinfo", "numpy.testing.", "numpy.random.default_rng",
                     "numpy.vectorize", "numpy.frompyfunc", "numpy.shape", "numpy.ndim", "numpy.size",
                     "numpy.result_type", "numpy.issubdtype", "numpy.isscalar", "numpy.promote_types")


_SUMMARIES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # index -> (module name, summaries)


def return_summaries(index, module_name: str = "") -> dict[str, ReturnSummary]:
    """``ReturnSummary`` facts for the module-level functions of ``index`` whose returned kind is
    known (every ``return`` agrees) or whose body is a type test of a parameter (``TypeGuard``),
    keyed by qualified name (``module_name.f``)."""
    from jitguard.lint.analysis.facts import ReturnSummary

    cached = _SUMMARIES.get(index)
    if cached is not None and cached[0] == module_name:
        return cached[1]
    prefix = f"{module_name}." if module_name else ""
    out = {}
    _SUMMARIES[index] = (module_name, out)
    for name, info in index.module_defs.items():
        kind, fields, record = _returned_kind(index, info)
        guard = type_guard(index, info)
        if kind != "unknown" or guard is not None:
            out[prefix + name] = ReturnSummary(prefix + name, kind, fields, record, guard)
    return out


def type_guard(index, info: FunctionInfo) -> TypeGuard | None:
    """The ``TypeGuard`` of a function whose body is ``return <type test of a parameter>``."""
    from jitguard.lint.analysis.walker import _single_return, _type_test

    returned = _single_return(info.node)
    if returned is None:
        return None
    locals_ = {p.name for p in info.params}
    body, orelse = _type_test(returned, lambda e: index.imports_of(info).resolve(e, locals_), None)
    for p in info.positional:
        if p.name in body or p.name in orelse:
            return TypeGuard(p.name, p.name in body, p.name in orelse)
    return None


def _returned_kind(index, info: FunctionInfo) -> tuple[str, tuple, str | None]:
    """(kind, fields, record name) every ``return`` of ``info``'s own body agrees on."""
    if not isinstance(info.node, cst.FunctionDef):
        return "unknown", (), None
    found: list[tuple[str, tuple, str | None]] = []
    stack = [info.node.body]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue  # a nested function's returns are its own
        if isinstance(node, cst.Return):
            found.append(_expr_kind(index, info, node.value, 2) if node.value is not None else ("none", (), None))
            continue
        stack.extend(children(node))
    if not found or any(f != found[0] for f in found[1:]):
        return "unknown", (), None
    return found[0]


def _expr_kind(index, info: FunctionInfo, expr: cst.BaseExpression, depth: int) -> tuple[str, tuple, str | None]:
    """The Python-level kind of an expression in ``info``'s body (``depth``: names followed)."""
    resolve = lambda e: index.imports_of(info).resolve(e, {p.name for p in info.params})  # noqa: E731
    if isinstance(expr, cst.Tuple) and not any(isinstance(e, cst.StarredElement) for e in expr.elements):
        return "tuple", tuple((str(i), _expr_kind(index, info, e.value, depth)[0]) for i, e in enumerate(expr.elements)), None
    simple = _literal_kind(expr)
    if simple is not None:
        return simple, (), None
    if isinstance(expr, cst.Name) and depth > 0 and info.param(expr.value) is None:
        bound = index.binding(expr.value, info)  # its only plain assignment in the body
        return _expr_kind(index, info, bound, depth - 1) if bound is not None else ("unknown", (), None)
    if isinstance(expr, cst.BinaryOperation):
        sides = {_expr_kind(index, info, e, depth)[0] for e in (expr.left, expr.right)}
        if "jax" in sides:  # arithmetic with a JAX array gives a JAX array (or raises)
            return "jax", (), None
        if "numpy" in sides and sides <= {"numpy", "scalar"}:  # NumPy stays NumPy with numbers
            return "numpy", (), None
        return ("scalar", (), None) if sides == {"scalar"} else ("unknown", (), None)
    if isinstance(expr, cst.Call):
        return _call_kind(index, info, expr, resolve)
    return "unknown", (), None


def _literal_kind(expr: cst.BaseExpression) -> str | None:
    if isinstance(expr, (cst.Integer, cst.Float, cst.Imaginary)):
        return "scalar"
    if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
        return "str"
    if isinstance(expr, cst.Name) and expr.value in ("True", "False"):
        return "scalar"
    if isinstance(expr, cst.Name) and expr.value == "None":
        return "none"
    if isinstance(expr, (cst.List, cst.ListComp)):
        return "list"
    if isinstance(expr, (cst.Dict, cst.DictComp)):
        return "dict"
    if isinstance(expr, cst.Lambda):
        return "callable"
    return None


def _call_kind(index, info: FunctionInfo, call: cst.Call, resolve) -> tuple[str, tuple, str | None]:
    name = resolve(call.func) or ""
    last = name.rsplit(".", 1)[-1]
    if name.startswith("numpy.") and not name.startswith(_NUMPY_NOT_ARRAYS) and last[:1].islower():
        return "numpy", (), None
    if name.startswith("jax.numpy.") and last[:1].islower() and makes_array_when_staged(name):
        return "jax", (), None
    if name in ("list", "sorted") and index.lookup_function(name, info) is None or isinstance(call.func, cst.Attribute) and call.func.attr.value == "tolist" \
            and not call.args:
        return "list", (), None  # `list(xs)`, `sorted(xs)`, `arr.tolist()`
    klass = index.classes.get(call.func.value) if isinstance(call.func, cst.Name) else None
    names = record_fields(klass, resolve) if klass is not None else None
    if names is None or any(a.star for a in call.args):
        return "unknown", (), None
    kinds = dict.fromkeys(names, "unknown")
    for field_name, arg in zip(names, [a for a in call.args if a.keyword is None]):
        kinds[field_name] = _expr_kind(index, info, arg.value, 1)[0]
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value in kinds:
            kinds[arg.keyword.value] = _expr_kind(index, info, arg.value, 1)[0]
    return "record", tuple(kinds.items()), klass.name


def _loops_by_target(index, info: FunctionInfo) -> dict[str, list[cst.For]]:
    """The ``for`` statements of ``info``'s own body (not of functions or classes it defines) that
    bind a plain name, by that name. Memoized per function (the walker asks at every call of a name)."""
    table = _LOOPS.table(index)
    found = table.get(id(info.node))
    if found is None:
        found = table[id(info.node)] = {}
        body = info.node.body if type(info.node) is cst.FunctionDef else None  # (a lambda holds no statement)
        for node in own_nodes(body) if body is not None else ():
            if type(node) is cst.For and type(node.target) is cst.Name:  # (type tests: no subclasses)
                found.setdefault(node.target.value, []).append(node)
    return found


def passed_functions(index, info: FunctionInfo, name: str, through_jit: bool = False) -> list[FunctionInfo]:
    """The plain functions (a def or a lambda of the module, not a method) that this module's calls
    of ``info`` (directly, or through a jit of it: ``@partial(jax.jit, static_argnums=2)``; with
    ``through_jit`` only calls of a module-level ``g = jax.jit(info)``) pass to its parameter
    ``name``, when ``info`` is a plain function that never rebinds ``name``. Memoized per module."""
    memo = index.__dict__.setdefault("_passed_functions", {})
    key = (id(info.node), name, through_jit)
    if key not in memo:
        memo[key] = _passed_functions(index, info, name, through_jit)
    return memo[key]


def decorated_by_transform(index, info: FunctionInfo) -> bool:
    """Is ``info`` a def decorated with a transform (every call of it traces its body)?"""
    if not isinstance(info.node, cst.FunctionDef) or not info.node.decorators:
        return False
    decorators = {id(d.decorator) for d in info.node.decorators}
    return any(fn is info and id(site) in decorators for fn, _use, site in index.jit_uses)


def _passed_functions(index, info: FunctionInfo, name: str, through_jit: bool) -> list[FunctionInfo]:
    param = info.param(name)
    if param is None or info.is_method or param.kind not in ("positional", "kwonly") or not isinstance(
            info.node, cst.FunctionDef) or bindings_of(info.node.body, name) != []:
        return []
    found: list[FunctionInfo] = []
    for call, caller, _k, _l in index.calls:
        target = index.resolve_function(call.func, caller) if isinstance(call.func, (cst.Name, cst.Attribute)) else None
        if target is None or target[0] is not info or target[2] or any(a.star for a in call.args):
            continue
        if through_jit and target[1] is None:
            continue
        callee = _function_value(index, _argument(call, info, name), caller)
        if callee is not None and not callee.is_method and callee is not info and callee not in found:
            found.append(callee)
    return found


def _argument(call: cst.Call, info: FunctionInfo, name: str, skip: int = 0) -> cst.BaseExpression | None:
    """What ``call`` (of ``info``, no ``*args``) passes to the parameter ``name``; ``skip``: the
    call fills ``info``'s positional parameters after its first ``skip`` (a constructor's, after
    ``self``)."""
    for a in call.args:
        if a.keyword is not None and a.keyword.value == name:
            return a.value
    positional = [p.name for p in info.positional[skip:]]
    given = [a.value for a in call.args if a.keyword is None and not a.star]
    if name in positional and positional.index(name) < len(given):
        return given[positional.index(name)]
    return None


def constructed_with_function(index, init: FunctionInfo, name: str) -> FunctionInfo | None:
    """The def or lambda of the module that every construction of ``init``'s class in sight
    (``Solver(fun=residual)``, at least one, no ``*args``) passes to the parameter ``name`` of its
    ``__init__`` (never rebound there): what ``self.<attr>`` holds when ``__init__`` stores that
    parameter there, so calling it runs that function (``_stored_wrapper``)."""
    param = init.param(name)
    if param is None or param.kind not in ("positional", "kwonly") or init.cls is None \
            or index.assigned_names(init).get(name):
        return None
    found = None
    for call, scope, _k, _l in index.calls:
        if not isinstance(call.func, cst.Name) or index.classes.get(call.func.value) is not init.cls:
            continue
        if any(a.star for a in call.args):
            return None
        given = _argument(call, init, name, skip=1)
        fn = _function_value(index, given, scope) if given is not None else None
        if fn is None or fn.is_method or (found is not None and fn is not found):
            return None
        found = fn
    return found


def _function_value(index, value, caller) -> FunctionInfo | None:
    """The def or lambda of the module ``value`` (an argument written in ``caller``) is, also
    through ``functools.partial(f, lo=0.0)`` binding keywords only (the call's positional
    arguments go to ``f``'s first parameters)."""
    if (isinstance(value, cst.Call) and value.args and value.args[0].keyword is None and not value.args[0].star
            and all(a.keyword is not None for a in value.args[1:])
            and index.resolve(value.func, caller) == "functools.partial"):
        value = value.args[0].value
    if isinstance(value, cst.Lambda):
        return index.by_node.get(value)
    if isinstance(value, cst.Name):
        return index.lookup_function(value.value, caller)
    if isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name) and caller is not None:
        return _field_function(index, caller, value.value.value, value.attr.value)
    return None


def _field_function(index, caller: FunctionInfo, owner: str, attr: str) -> FunctionInfo | None:
    """``opt.update`` where ``opt`` is a parameter of ``caller`` (never rebound there) and every
    call of ``caller`` in the module passes ``make(...)``: the nested def that the module's factory
    ``make`` puts in the field ``attr`` of the NamedTuple or dataclass it returns (an optimizer
    built as optax builds them: ``return GradientTransformation(init_fn, update_fn)``)."""
    if caller.param(owner) is None or caller.is_method or not isinstance(caller.node, cst.FunctionDef) or bindings_of(
            caller.node.body, owner) != []:
        return None
    found = None
    for call, scope, _k, _l in index.calls:
        target = index.resolve_function(call.func, scope) if isinstance(call.func, cst.Name) else None
        if target is None or target[0] is not caller:
            continue
        if any(a.star for a in call.args):
            return None
        made = _factory_field(index, _argument(call, caller, owner), scope, attr)
        if made is None or (found is not None and made is not found):
            return None  # the same nested def from every call, or not claimed
        found = made
    return found


def _factory_field(index, value, scope, attr: str) -> FunctionInfo | None:
    from jitguard.lint.analysis.hashability import _init_fields
    from jitguard.lint.analysis.instances import own_returns

    if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Name):
        return None
    factory = index.lookup_function(value.func.value, scope)
    if factory is None or not isinstance(factory.node, cst.FunctionDef) or factory.node.decorators:
        return None
    returns = own_returns(factory.node)
    made = returns[0].value if len(returns) == 1 else None
    if not isinstance(made, cst.Call) or not isinstance(made.func, cst.Name) or any(a.star for a in made.args):
        return None
    klass = index.classes.get(made.func.value)
    fields = _init_fields(klass, index) if klass is not None else None
    if fields is None:
        return None
    positional = [f.name for f in fields if f.positional]
    given = [a.value for a in made.args if a.keyword is None]
    field = next((a.value for a in made.args if a.keyword is not None and a.keyword.value == attr), None)
    if field is None and attr in positional and positional.index(attr) < len(given):
        field = given[positional.index(attr)]
    if not isinstance(field, cst.Name):
        return None
    info = index.lookup_function(field.value, factory)
    return info if info is not None and info.parent is factory else None


def bindings_of(body, name: str):
    """The bindings of ``name`` directly in ``body`` (jitguard.lint.analysis.traceable.bindings_in)."""
    from jitguard.lint.analysis.traceable import bindings_in

    return bindings_in(body, name)


def _call_shape(walker, call: cst.Call) -> tuple:
    """What a call passes, for the literals its callee's parameters hold (facts.OutCall.shapes):
    a literal's code, NOT_NONE for a value surely not None (callnone.never_none), else None; a
    ``**`` argument spread into its keywords where they are known (spread.spread_keywords)."""
    positional: list[str | None] = []
    keywords: list[tuple[str, str | None]] = []
    for arg in call.args:
        spread = spread_keywords(arg, walker.index, walker.info, walker.state.constants) if arg.star == "**" else None
        if arg.star and spread is None:
            return tuple(positional), tuple(keywords), True
        named = arg.keyword.value if arg.keyword is not None else None
        for keyword, value in spread if spread is not None else [(named, arg.value)]:
            code = callnone.literal_code(walker.index.module, value) or callnone.function_code(walker, value)
            if code is None and (module := walker.resolve(value)) in ARRAY_MODULES:
                code = MODULE_CODE + module  # MODULEARG: `xp=jnp` (moduledefaults.remote_modules)
            if code is None and callnone.never_none(walker, value):
                code = NOT_NONE
            if keyword is None:
                positional.append(code)
            else:
                keywords.append((keyword, code))
    return tuple(positional), tuple(keywords), False
