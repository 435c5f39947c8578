"""Facts one file contributes to the project-wide analysis (JG203, JG302-JG304).

From the single parse of each file, the engine extracts:

* ``JitDef``: every function the file jits (``@jax.jit``, ``g = jax.jit(f, ...)``, jitted
  methods), with its parameters and which are static or donated;
* ``Wrapper``: every plain module-level function that passes some of its parameters, unchanged,
  to a jitted function (its calls are checked as calls of that function, for those parameters);
* ``CallFact``: every call to a function of user code (local, imported, a module attribute,
  ``self.method``) that passes something worth a second look: an unhashable value, a Python
  scalar literal, a value or a shape that changes from one loop iteration to the next.

The runner gathers these from all files (``jitguard.lint.analysis.project``), resolves each call to
the jitted function it reaches, and lets the project rules decide. The facts are the frozen
dataclasses of ``jitguard.lint.analysis.facts``.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace

import ast

import libcst as cst

from jitguard.lint.analysis import hashability, jaxapi, walk
from jitguard.lint.analysis.callsem import merge_partial
from jitguard.lint.analysis.facts import ArgFact, CallFact, Forward, JitDef, ParamFact, Wrapper, WrapperCall
from jitguard.lint.analysis.imports import ImportTable
from jitguard.lint.analysis.jitcontext import FunctionInfo, ModuleIndex
from jitguard.lint.analysis.lattice import scalar_kind
from jitguard.lint.analysis.metaidentity import in_metadata
from jitguard.lint.analysis.samecall import repeats_earlier_call
from jitguard.lint.analysis.loops import LoopFacts, enum_classes, is_bounded_loop, is_literal_collection
from jitguard.lint.analysis.walk import iter_nodes, short
from jitguard.lint.prepass import ast_nodes
from jitguard.lint.analysis.shapes import fresh_argument, inline_jitted, scope_view
from jitguard.lint.analysis.spread import spread_arguments
from jitguard.lint.analysis.traceable import _scope_bindings

class FactExtractor:
    def __init__(self, index: ModuleIndex, module_name: str, jitted: frozenset[str] = frozenset(),
                 tree_packages: frozenset[str] = frozenset()) -> None:
        self.index = index
        self.tree_packages = tree_packages
        self.module_name = module_name
        # names that are jitted somewhere in the checked tree (a cheap text scan): only calls of
        # these are recorded, which keeps the facts (and the positions they need) rare
        self.jitted = jitted
        self._loops: dict[cst.CSTNode, LoopFacts] = {}
        self._enums = enum_classes(index.classes, index.imports)
        self._jitted_here = {info for info, use, _site in index.jit_uses
                             if _compiles(use.qualname, index)}
        # the calls with arguments, with the last name of what they call (what the scans filter on)
        self._named = []
        self._through_partial: dict[int, tuple[cst.Call, frozenset[int]]] = {}  # merged call -> (call, bound args)
        Name, Attribute = cst.Name, cst.Attribute
        names = index.imports.names
        partials = any(names[n] in ("functools", "functools.partial") for n in names)  # (imported by the module)
        for call, func, klass, loops in index.calls:
            if call.args:
                fn = call.func
                t = type(fn)
                last = fn.value if t is Name else fn.attr.value if t is Attribute else None
                if last is None and t is cst.Call:  # jax.jit(f, ...)(args): a call of f, jitted here
                    last = inline_jitted(fn, index, func)
                through = partial_call(index, call, func) if t is Name and partials else None
                if through is not None:  # `apply(temperature=t)` with `apply = partial(f, logits)`: f's call
                    merged, bound = through
                    self._through_partial[id(merged)] = (call, bound)
                    call, fn = merged, merged.func
                    t = type(fn)
                    last = fn.value if t is Name else fn.attr.value if t is Attribute else None
                if last is not None:
                    self._named.append((call, func, klass, loops, last))
        self._wrappers: dict[FunctionInfo, list[WrapperCall]] = {}  # _find_wrappers asks _callee, which reads it
        self._forwarding: dict[int, FunctionInfo] = {}  # id of a wrapper's call of a jitted function -> the wrapper
        self._wrappers = self._find_wrappers()

    def names_read(self) -> frozenset[str]:
        """The names this extractor looks up in ``jitted`` (``last in self.jitted``, in
        :meth:`_find_wrappers` and :meth:`call_facts`): the last names of the calls it collected.
        Its facts depend on ``jitted`` only through which of these are in it (the engine reuses a
        check when seeded wrapper names add none of them: ``FileLinter._same_as_before``)."""
        return frozenset(item[4] for item in self._named)

    # -- definitions ------------------------------------------------------------------------
    def qualname(self, info: FunctionInfo) -> str:
        prefix = f"{self.module_name}." if self.module_name else ""
        if info.cls is not None:
            return f"{prefix}{info.cls.name}.{info.name}"
        return f"{prefix}{info.name}"

    def jit_defs(self) -> list[tuple[JitDef, cst.CSTNode]]:
        """(definition, node to locate it) for every function compiled by jit/pmap in this file."""
        out = []
        names = {id(use): name for name, (_fn, use) in self.index.aliases.items()}
        prefix = f"{self.module_name}." if self.module_name else ""
        for info, use, site in self.index.jit_uses:
            if not _compiles(use.qualname, self.index):
                continue
            alias = names.get(id(use))
            local = self._local_alias(site)
            if local is not None:  # f = jax.jit(g) in a function: calls of f there are calls through this jit
                alias, qualname = local
            elif info.parent is not None and alias is None:
                continue  # nested functions are not reachable from other modules
            else:
                qualname = self.qualname(info) if alias is None else f"{prefix}{alias}"
            display = info.display() if alias is None else f"{alias} (= {use.qualname.split('.')[-1]}({info.display()}))"
            out.append((JitDef(
                qualname, display, _param_facts(info), tuple(sorted(use.static_names)), use.static_unknown,
                use.bound_self, use.bound_positional, info.is_method, use.qualname,
                use.qualname in jaxapi.PYTHON_STATIC_JITS,
            ), site))
        # one function jitted twice with different static arguments (jax.jit(f, static_argnums=0)
        # here, jax.jit(f) there): a call read as a call of `f` cannot tell which jit it goes
        # through, so neither definition's static set is trusted
        statics: dict[str, set] = {}
        for jd, _site in out:
            statics.setdefault(jd.qualname, set()).add(jd.static)
        return [(replace(jd, static_unknown=True) if len(statics[jd.qualname]) > 1 else jd, site) for jd, site in out]

    def _local_alias(self, site) -> tuple[str, str] | None:
        """(name, qualname) for ``name = jax.jit(...)``, ``site``, the only binding of ``name`` in a
        function (not a parameter there): calls of ``name`` in that function (and functions nested
        in it that do not bind it) go through this jit."""
        table = getattr(self, "_locals", None)
        if table is None:
            table = self._locals = {}
            for scope in self.index.functions:
                if not isinstance(scope.node, cst.FunctionDef):
                    continue
                for name, values in self.index.assigned_names(scope).items():
                    if len(values) == 1 and isinstance(values[0], cst.Call) and scope.param(name) is None:
                        table[id(values[0])] = (name, scope)
        found = table.get(id(site))
        if found is None:
            return None
        name, scope = found
        prefix = f"{self.module_name}." if self.module_name else ""
        return name, f"{prefix}{scope.display()}.<locals>.{name}"

    def _local_callee(self, name: str, func: FunctionInfo | None) -> str | None:
        site = local_jit_site(self.index, name, func)
        if site is None:
            return None
        local = self._local_alias(site)
        return local[1] if local is not None and local[0] == name else None

    # -- wrappers ---------------------------------------------------------------------------
    def _find_wrappers(self) -> dict[FunctionInfo, list[WrapperCall]]:
        """Plain module-level functions that pass some of their parameters, unchanged, straight to
        a jitted function (``def run(img, size): return resize(img, size)``): {function: [the
        calls]}."""
        out: dict[FunctionInfo, list[WrapperCall]] = {}
        for call, func, klass, _loops, last in self._named:
            if last not in self.jitted or func is None or func.parent is not None or func.cls is not None:
                continue
            if id(call) in self._through_partial:
                continue
            if func in self._jitted_here or self.index.traced_by_transform(func):
                continue  # a function traced itself is a helper, not an entry point
            target = self._callee(call, func, klass)
            if target is None:
                continue
            args = self._forwards(call, func)
            if args:
                out.setdefault(func, []).append(WrapperCall(target[0], target[1], tuple(args)))
                self._forwarding[id(call)] = func
        return out

    def _forwards(self, call: cst.Call, func: FunctionInfo) -> list[Forward]:
        """The arguments of ``call`` that are parameters of ``func``, never rebound in it; also
        ``*args``/``**kwargs`` of ``func`` passed on whole (``Forward("*", position, "args")``:
        the call's positions from ``position`` on are what ``func``'s callers put in ``*args``;
        ``Forward("**", None, "kwargs")``: the keywords they put in ``**kwargs``)."""
        params = {p.name for p in func.params if p.kind in ("positional", "kwonly")}
        rebound = self.index.assigned_names(func)
        args = []
        for position, arg in enumerate(call.args):
            if arg.star:
                param = func.param(arg.value.value) if isinstance(arg.value, cst.Name) else None
                kind = "vararg" if arg.star == "*" else "kwarg"
                if param is None or param.kind != kind or arg.value.value in rebound or self._rebinds(func, param.name):
                    break
                args.append(Forward(arg.star, position if arg.star == "*" else None, param.name))
                continue
            value = arg.value
            if isinstance(value, cst.Name) and value.value in params and value.value not in rebound:
                keyword = arg.keyword.value if arg.keyword is not None else None
                args.append(Forward(keyword, None if keyword is not None else position, value.value))
        return args

    def _rebinds(self, func: FunctionInfo, name: str) -> bool:
        """Does ``func``'s body bind ``name`` (``args = list(args)``, a loop target, ...)?"""
        from jitguard.lint.analysis.traceable import bindings_in

        found = bindings_in(func.node.body, name) if isinstance(func.node, cst.FunctionDef) else None
        return found is None or bool(found)

    def wrapper_facts(self) -> list[Wrapper]:
        return [
            Wrapper(self.qualname(info), info.display(), _param_facts(info), tuple(calls))
            for info, calls in self._wrappers.items()
        ]

    # -- call sites -------------------------------------------------------------------------
    def call_facts(self) -> list[tuple[CallFact, cst.Call, tuple[cst.CSTNode | None, ...]]]:
        """(fact, the call, for each recorded argument the node whose span a fix replaces or None)."""
        out = []
        wrappers = {info.name for info in self._wrappers}
        code = self.index.module.code_for_node
        for call, func, klass, loops, last in self._named:
            if last not in self.jitted and last not in wrappers and type(call.func) is not cst.Call:
                continue
            target = self._callee(call, func, klass)
            if target is None:
                continue
            callee, bound = target
            args: list[ArgFact] = []
            nodes: list[cst.CSTNode | None] = []
            merged = call  # through a partial: the call it makes (reported at the partial's call)
            call, partial_bound = self._through_partial.get(id(merged), (merged, frozenset()))
            # `f(*graph)` with `graph` a tuple of known length: its elements, at the positions they fill
            for keyword, position, value in spread_arguments(merged, scope_view(self.index, func)):
                if id(value) in partial_bound:
                    continue  # bound once by the partial, where it was made: not this call's value
                kinds = self._arg_kinds(value, func, loops)
                if not kinds:
                    continue
                node, as_tuple = None, None
                if isinstance(value, cst.List) and not any(isinstance(e, cst.StarredElement) for e in value.elements):
                    node, as_tuple = value, _as_tuple(code(value))  # a list literal can become a tuple
                args.append(ArgFact(keyword, position, short(code(value), 40),
                                    as_tuple=as_tuple, **kinds))
                nodes.append(node)
            via = self._forwarding.get(id(call))
            if args or via is not None:  # a wrapper's call of its jitted function: where its callers compile
                traced = self.index.traces.in_traced_code(func)
                # only loops whose length grows with the work count: a loop over a fixed
                # collection (a literal, an Enum, itertools.product of literals) is bounded
                table = self.index.imports_of(func)
                in_loop = any(not is_bounded_loop(loop, table, self._enums, scope_view(self.index, func), ranges=True)
                              for loop in loops)
                repeat = bool(args) and repeats_earlier_call(call, loops, func, self.index.module)
                out.append((CallFact(callee, bound, in_loop, tuple(args), traced=traced,
                                     wrapper=self.qualname(via) if via is not None else None,
                                     under=None if traced else self._under(func), repeat=repeat), call, tuple(nodes)))
        return out

    def _under(self, func: FunctionInfo | None) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """The condition, across the tree, under which every run of ``func`` is under a trace
        (undertrace.trace_condition, its classes and functions qualified), or None."""
        from jitguard.lint.analysis.undertrace import trace_condition

        found = trace_condition(self.index, func) if func is not None else None
        if found is None or not found[0]:
            return None
        prefix = f"{self.module_name}." if self.module_name else ""
        return tuple(sorted(prefix + c for c in found[0])), tuple(sorted(found[1]))

    def _callee(self, call: cst.Call, func: FunctionInfo | None, klass) -> tuple[str, bool] | None:
        fn = call.func
        imports = self.index.imports_of(func)  # the names the call's function sees
        prefix = f"{self.module_name}." if self.module_name else ""
        if isinstance(fn, cst.Call):  # jax.jit(f, ...)(args), f a function of this module jitted there
            name = inline_jitted(fn, self.index, func)
            info = self.index.module_defs.get(name) if name else None
            return (f"{prefix}{name}", False) if info is not None and info in self._jitted_here else None
        if isinstance(fn, cst.Name):
            name = fn.value
            local = self._local_callee(name, func)
            if local is not None:
                return local, False
            if shadowed(self.index, name, func):
                return None  # bound in the function (or one around it): not the module's name
            if name in self.index.aliases:
                return f"{prefix}{name}", False
            if name in self.index.module_defs:
                info = self.index.module_defs[name]
                if (info in self._jitted_here or info in self._wrappers) and self.index.lookup_function(name, func) is info:
                    return f"{prefix}{name}", False
                return None  # a plain function of this module
            resolved = imports.resolve(fn)
            if resolved is None or resolved == name or not _in_tree(resolved, self.tree_packages):
                return None
            return resolved, False
        if isinstance(fn, cst.Attribute) and isinstance(fn.value, cst.Name):
            owner = fn.value.value
            if owner == "self" and func is not None:
                return self._self_callee(fn, func, prefix)
            own = self._own_class_method(fn, func)
            if own is not None:
                return (own[0] if own[2] else f"{prefix}{own[0]}"), own[1]
            resolved = imports.resolve(fn)
            if resolved is None or not _in_tree(resolved, self.tree_packages):
                return None
            if owner in imports.names or owner in self.index.classes:
                if owner in self.index.classes:
                    return f"{prefix}{resolved}", False
                return resolved, False
        return None

    def _self_callee(self, fn: cst.Attribute, func: FunctionInfo, prefix: str) -> tuple[str, bool] | None:
        """``self.method(...)``: the enclosing class's own method, or the one it inherits."""
        cls = func.cls or ModuleIndex.enclosing_class(func)
        if cls is None:
            return None
        if fn.attr.value in cls.methods:
            return f"{prefix}{cls.name}.{fn.attr.value}", True
        found = self._inherited(cls, fn.attr.value, func, prefix)
        # (a base of another module: not read through `self`, whose class may be any subclass;
        # on the heldout19 set it gave setup loops over a few components, each once: not churn)
        return (found[0], True) if found is not None and not found[2] else None

    def _own_class_method(self, fn: cst.Attribute, func: FunctionInfo | None) -> tuple[str, bool, bool] | None:
        """``Cls.method(...)`` with ``Cls`` a class of this module (not shadowed where the call is),
        or ``obj.method(...)`` with ``obj`` bound once to ``Cls(...)`` (``instances.constructed_instance``):
        (``Cls.method``, whether the instance, or for a classmethod the class, is bound to its first
        parameter, whether the name is another module's) when ``Cls`` defines ``method`` itself or
        inherits it (:meth:`_inherited`). Read before the import table, which gives
        the module's own classes no qualified name of the checked tree."""
        from jitguard.lint.analysis.instances import constructed_instance

        owner, attr = fn.value.value, fn.attr.value
        if owner in self.index.classes and self.index.lookup_function(owner, func) is None:
            if func is not None and func.param(owner) is not None:
                return None
            klass, bound = self.index.classes[owner], False
        else:
            made = constructed_instance(fn.value, self.index, func)
            if made is None:
                return None
            klass, bound = self.index.classes[made[0]], True
        method = klass.methods.get(attr)
        if method is None:
            inherited = self._inherited(klass, attr, func, "")
            if inherited is None:
                return None
            return inherited[0], bound or inherited[1], inherited[2]
        return f"{klass.name}.{attr}", bound or method.is_classmethod, False  # a classmethod binds the class

    def _inherited(self, klass, attr: str, func: FunctionInfo | None, prefix: str) -> tuple[str, bool, bool] | None:
        """The method ``attr`` that ``klass`` (not defining it) inherits, as (its qualified name, it
        is a classmethod, it is another module's): a base's of this module (Python's
        method resolution order, ``ModuleIndex.find_method``), or, for a class whose one base is
        a class of another module of the checked tree, that class's ``attr`` (whether it has one,
        and whether it is jitted, the project index reads from that module's facts)."""
        method = self.index.find_method(klass, attr)
        if method is not None and method.cls is not None:
            return f"{prefix}{method.cls.name}.{attr}", method.is_classmethod, False
        bases = klass.node.bases
        if method is not None or len(bases) != 1 or bases[0].keyword is not None:
            return None
        base = bases[0].value
        if isinstance(base, cst.Name) and base.value in self.index.classes:
            return None  # a base of this module that does not define it either
        resolved = self.index.imports_of(func).resolve(base)
        if resolved is None or not _in_tree(resolved, self.tree_packages) or "." not in resolved:
            return None
        return f"{resolved}.{attr}", False, True

    def _arg_kinds(self, expr: cst.BaseExpression, func: FunctionInfo | None, loops: tuple) -> dict:
        """What makes the argument worth a second look, as ``ArgFact`` fields (empty: nothing)."""
        kinds: dict = {}
        resolve = self.index.imports_of(func).resolve
        scalar = scalar_kind(expr, resolve)
        if scalar:
            kinds["scalar"] = scalar
        unhashable = self._unhashable(expr, func)
        if unhashable:
            kinds["unhashable"] = unhashable
        mixed = self._loop_scalars(expr, loops, resolve, func)
        if mixed:
            kinds["loop_scalars"], kinds["loop_values"] = mixed
        if loops and isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name):
            klass = self.index.classes.get(expr.func.value)
            if klass is not None and klass.identity_hashed:
                kinds["fresh"] = klass.name  # a new object each iteration, equal only to itself
        if "fresh" not in kinds:  # a closure, partial, jax.jit(...), a NamedTuple of them, made anew
            fresh = fresh_argument(self.index, expr, func, loops)
            if fresh:
                kinds["fresh"] = fresh
        for loop in reversed(loops):
            facts = self._loop(loop, func)
            varying = facts.value_varies(expr)
            if varying and "varies" not in kinds:
                kinds["varies"] = tuple(sorted(varying))
                if self._python_number(expr, func, loops):
                    kinds["py_number"] = True  # static under equinox.filter_jit (JG302)
            if "shape" not in kinds and facts.shape_varies(expr):
                kinds["shape"] = True
        # a new instance of a class registered by a call (no hash of its own) is also "fresh" for a
        # static position; at a traced position its metadata is what JAX compares
        if loops and not in_metadata(kinds.get("fresh")):
            meta = self._metadata_varies(expr, func, loops)
            if meta is not None:
                kinds["meta_varies"], kinds["varies"] = meta
        return kinds

    def _array_like(self, expr: cst.BaseExpression, func: FunctionInfo | None) -> bool:
        """Might ``expr`` be an array or another value that is no plain Python scalar (a call of
        anything but arithmetic builtins, a value that :func:`hashability.unhashable_value` names)?"""
        calls = [n for n in iter_nodes(expr) if isinstance(n, cst.Call)]
        if any(self.index.resolve(c.func, func) not in ("int", "float", "round", "abs", "len", "min", "max")
               for c in calls):
            return True
        return self._unhashable(expr, func) is not None

    def _metadata_varies(self, expr: cst.BaseExpression, func: FunctionInfo | None,
                         loops: tuple) -> tuple[str, tuple[str, ...]] | None:
        """``m = Measure(y, scale=1.0 / (i + 1))`` in the loop, ``Measure`` a registered pytree of the
        module whose metadata (aux data of ``tree_flatten``, ``meta_fields``, a static field) takes
        ``scale``: a Python number that changes with the loop. Metadata is part of the tree
        structure, which JAX compares with ``==`` to find a compiled program, so each new value is
        a new program (JAX 0.10.2: tests/test_static_semantics.py). (what it is, the loop names)."""
        from jitguard.lint.analysis.instances import constructed_instance
        from jitguard.lint.analysis.metaidentity import metadata_arguments

        made = constructed_instance(expr, self.index, func)
        if made is None or made[2] is not func:
            return None
        cls, ctor = made[0], made[1]
        loop = next((loop for loop in reversed(loops) if any(n is ctor for n in iter_nodes(loop))), None)
        klass = self.index.classes.get(cls)
        if loop is None or klass is None or any(a.star for a in ctor.args):
            return None
        positions, keywords = metadata_arguments(self.index, klass)
        facts = self._loop(loop, func)
        position = 0
        for arg in ctor.args:
            if arg.keyword is not None:
                field = keywords.get(arg.keyword.value)
            else:
                field, position = positions.get(position), position + 1
            if field is None:
                continue
            varying = facts.value_varies(arg.value)
            if varying and (self._python_number(arg.value, func, loops) or not self._array_like(arg.value, func)):
                text = short(self.index.module.code_for_node(arg.value), 30)
                return f"a new `{cls}` whose metadata field `{field}` gets `{text}`", tuple(sorted(varying))
        return None

    def _loop_scalars(self, expr: cst.BaseExpression, loops: tuple, resolve,
                      func: FunctionInfo | None) -> tuple[tuple[tuple[str, str], ...], str] | None:
        """``for s in [1, 0.5, 2]: f(x, s)``: the loop variable takes Python scalars of more than one
        type from a literal collection. Its elements as [text, kind], and the collection's text."""
        if not isinstance(expr, cst.Name):
            return None
        for loop in reversed(loops):
            clauses = [(loop.target, loop.iter)] if isinstance(loop, cst.For) else []
            if isinstance(loop, cst.BaseComp):
                clause = loop.for_in
                while clause is not None:
                    clauses.append((clause.target, clause.iter))
                    clause = clause.inner_for_in
            for target, values in reversed(clauses):
                if not (isinstance(target, cst.Name) and target.value == expr.value):
                    continue
                if not is_literal_collection(values) or expr.value in self._loop(loop, func).assigned:
                    return None  # not a literal, or the body rebinds the name (s = float(s))
                elements = [(el.value, scalar_kind(el.value, resolve)) for el in values.elements]
                if any(kind is None for _value, kind in elements) or len({k for _v, k in elements}) < 2:
                    return None
                code = self.index.module.code_for_node
                return tuple((short(code(v), 20), k) for v, k in elements[:16]), short(code(values), 40)
        return None

    def _python_number(self, expr: cst.BaseExpression, func: FunctionInfo | None, loops: tuple, depth: int = 0) -> bool:
        """Is this surely a Python int or float (not an array)? Numeric literals, int()/float()/
        len()/round(), arithmetic on such values, the variable of a ``for`` over ``range(...)``
        (or the index of ``enumerate(...)``) that the body does not rebind, and names bound once
        to one of these."""
        if depth > 4:
            return False
        if isinstance(expr, (cst.Integer, cst.Float)):
            return True
        if isinstance(expr, cst.UnaryOperation):
            return self._python_number(expr.expression, func, loops, depth + 1)
        if isinstance(expr, cst.BinaryOperation):
            return all(self._python_number(e, func, loops, depth + 1) for e in (expr.left, expr.right))
        if isinstance(expr, cst.Call):
            return self.index.resolve(expr.func, func) in ("int", "float", "len", "round")
        if not isinstance(expr, cst.Name):
            return False
        for loop in reversed(loops):
            if isinstance(loop, cst.For) and _counter(loop, expr.value, self.index.imports_of(func).resolve):
                return expr.value not in self._loop(loop, func).assigned
        value = self.index.binding(expr.value, func)
        return value is not None and self._python_number(value, func, loops, depth + 1)

    def _loop(self, loop: cst.CSTNode, func: FunctionInfo | None) -> LoopFacts:
        """What the loop (in ``func``) binds and varies; a loop node belongs to one function."""
        facts = self._loops.get(loop)
        if facts is None:
            facts = self._loops[loop] = LoopFacts(loop, self.index.imports_of(func), scope_view(self.index, func))
        return facts

    def _unhashable(self, expr: cst.BaseExpression, func: FunctionInfo | None, depth: int = 0) -> str | None:
        """What makes ``expr`` unhashable (one reading, shared with JG203's in-file checks)."""
        return hashability.unhashable_value(expr, self.index, func, depth)


def shadowed(index: ModuleIndex, name: str, func: FunctionInfo | None) -> bool:
    """Is ``name`` bound in ``func`` or a function around it (a parameter, an assignment, a loop
    target, an import, ...)? Python makes a name bound anywhere in a function local to all of it,
    so a call of it there never calls the module-level object of that name (unless declared
    ``global``; ``nonlocal`` defers to the function around)."""
    scope = func
    while scope is not None:
        if scope.param(name) is not None:
            return True
        if isinstance(scope.node, cst.FunctionDef):
            found = _scope_bindings(index, scope.node.body, name)
            if found is None:  # global or nonlocal here
                if _declares_global(scope.node, name):
                    return False
            elif found:
                # a name the function imports is resolved by its own import table (imports_of)
                return not _imports(scope.node, name)
        scope = scope.parent
    return False


def _imports(node: cst.FunctionDef, name: str) -> bool:
    """Does an import statement in ``node``'s body bind ``name``?"""
    for n in walk.own_nodes_of(node.body, _IMPORT_NODES):  # (not a nested function's own imports)
        if isinstance(n, (cst.Import, cst.ImportFrom)) and not isinstance(n.names, cst.ImportStar):
            for alias in n.names:
                bound = alias.asname.name if alias.asname is not None else alias.name
                while isinstance(bound, cst.Attribute):
                    bound = bound.value
                if isinstance(bound, cst.Name) and bound.value == name:
                    return True
    return False


def _declares_global(node: cst.FunctionDef, name: str) -> bool:
    return any(isinstance(n, cst.Global) and any(item.name.value == name for item in n.names)
               for n in walk.own_nodes_of(node.body, _GLOBAL))


_IMPORT_NODES = frozenset({cst.Import, cst.ImportFrom})
_GLOBAL = frozenset({cst.Global})


def _param_facts(info: FunctionInfo) -> tuple[ParamFact, ...]:
    return tuple(ParamFact(p.name, p.kind, p.default is not None) for p in info.params)


def _in_tree(qualname: str, tree_packages: frozenset[str]) -> bool:
    """Can this resolved name be a function of the checked tree? Not if it is in jax, numpy, the
    standard library..., nor, when the tree's top-level packages are known, outside them."""
    if qualname.startswith(jaxapi.NOT_USER_CODE):
        return False
    return not tree_packages or qualname.split(".", 1)[0] in tree_packages


def partial_call(index: ModuleIndex, call: cst.Call, func: FunctionInfo | None):
    """``g(x)`` with ``g = functools.partial(f, a, k=v)`` bound once in ``func`` or a function it is
    nested in (not a parameter there): the call ``f(a, x, k=v)`` it makes (Python's semantics of
    ``partial``: bound positions first, then the call's; a keyword the call passes replaces the
    bound one), and the ids of the bound argument values; None otherwise (also for a partial that
    splats what it binds, or a call with ``*``/``**`` arguments)."""
    name = call.func.value
    scope, value = func, None
    while True:
        if scope is not None and scope.param(name) is not None:
            return None
        table = index._scope_bindings(scope)
        if name in table:
            value = table[name]
            break
        if scope is None:
            return None
        scope = scope.parent
    if not isinstance(value, cst.Call) or index.imports_of(func).resolve(value.func) != "functools.partial" \
            or any(a.star for a in call.args):
        return None
    merged = merge_partial(call, value)
    return (merged, frozenset(id(a.value) for a in value.args[1:])) if merged is not None else None


def local_jit_site(index: ModuleIndex, name: str, func: FunctionInfo | None) -> cst.Call | None:
    """The ``jax.jit(...)`` call bound once to ``name`` in ``func`` or a function it is nested in
    (not a parameter on the way): the project facts read calls of ``name`` there as calls through
    that jit (its own definition, ``<function>.<locals>.name``)."""
    scope = func
    while scope is not None:
        if scope.param(name) is not None:
            return None
        values = index.assigned_names(scope).get(name)
        if values:
            if len(values) != 1 or not isinstance(scope.node, cst.FunctionDef):
                return None
            for _info, use, site in index.jit_uses:
                if site is values[0]:
                    return site if _compiles(use.qualname, index) else None
            return None
        scope = scope.parent
    return None


def _compiles(transform: str, index: ModuleIndex) -> bool:
    """Does this transform compile and cache the function (the JG2xx/JG3xx subject)?"""
    return transform in jaxapi.JIT_TRANSFORMS or transform in jaxapi.PYTHON_STATIC_JITS or transform in index.extra_jit


def _counter(loop: cst.For, name: str, resolve) -> bool:
    """``for name in range(...)`` or ``for name, _ in enumerate(...)``: a Python int counter."""
    if not isinstance(loop.iter, cst.Call):
        return False
    over = resolve(loop.iter.func)
    target = loop.target
    if over == "range":
        return isinstance(target, cst.Name) and target.value == name
    if over == "enumerate" and isinstance(target, cst.Tuple) and target.elements:
        first = target.elements[0].value
        return isinstance(first, cst.Name) and first.value == name
    return False


def _as_tuple(list_text: str) -> str:
    """``[2, 4]`` -> ``(2, 4)``; ``[2]`` -> ``(2,)``: the same elements, hashable."""
    inner = list_text.strip()[1:-1]
    stripped = inner.strip()
    if stripped and not stripped.endswith(",") and "," not in _top_level(stripped):
        inner = inner.rstrip() + ","
    return f"({inner})"


def _top_level(text: str) -> str:
    """The characters of ``text`` outside brackets and strings (enough to find a top-level comma)."""
    depth, out, quote = 0, [], None
    for ch in text:
        if quote:
            quote = None if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


# -- the same question, cheaply, for files that only import jitted functions ------------------
_AST_LOOPS = (ast.For, ast.AsyncFor, ast.While, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
# what _AstScan.run notes of a node, by its type (a type not here: nothing)
_LEAF, _CALL, _LOOP, _ASSIGN, _IMPORT, _CLASS, _DEF = "leaf", "call", "loop", "assign", "import", "class", "def"
_AST_KINDS: dict[type, str] = {
    ast.Name: _LEAF, ast.Constant: _LEAF,  # no child but a context (prepass.ast_children leaves it out)
    ast.Call: _CALL, **dict.fromkeys(_AST_LOOPS, _LOOP), **dict.fromkeys((ast.Assign, ast.AnnAssign, ast.NamedExpr), _ASSIGN),
    ast.Import: _IMPORT, ast.ImportFrom: _IMPORT, ast.ClassDef: _CLASS, ast.FunctionDef: _DEF, ast.AsyncFunctionDef: _DEF,
}
_AST_CONTAINERS = (ast.List, ast.ListComp, ast.Dict, ast.DictComp, ast.Set, ast.SetComp, ast.Tuple, ast.Call)


def may_record_calls(tree: ast.Module, jitted: frozenset[str], imports: ImportTable,
                     tree_packages: frozenset[str] = frozenset(), wrappers_out: set[str] | None = None,
                     no_context: bool = False, summary_out: list | None = None,
                     nodes: list[ast.AST] | None = None) -> bool:
    """Could ``FactExtractor.call_facts`` record a call in this module? Answered from CPython's
    ast (a seventh of libcst's parse time) for files that pass the prefilter only because they
    import a jitted function of the tree: if no call could be recorded, the file needs no libcst
    parse at all (``engine.FileLinter``). Fills ``imports`` with the file's import statements.

    Errs on the side of yes (tests/test_project.py checks it against ``call_facts`` on every file
    of this project). A candidate is a call with arguments of a jitted name that may be user
    code (defined in the file, imported from outside jax/numpy/..., an attribute of an imported
    module or of a class of the file, ``self.name``, or ``obj.name`` with ``obj`` assigned in the
    file and ``name`` a method of a class of the file: ``obj`` may be an instance), or of a module-level function that passes
    a name on to a jitted name (a wrapper), which sits in any loop or comprehension, or passes a
    literal scalar, a call, a container literal or comprehension, arithmetic, a comparison or an
    item (of arrays: arrays), or a name assigned one of those anywhere in the file.

    ``wrappers_out`` gets the names of the module-level functions that may be wrappers: their
    forwarding calls matter to the calls of the wrapper in other files, which the runner finds
    afterwards (crossmodule.wrapper_callers); the file is read with libcst only then.

    ``no_context``: the first pass (jitguard.lint.prepass) found no name in the file that makes a
    traced context, so the file jits nothing itself, and ``FactExtractor._callee`` can resolve a
    call only to an import of the tree, a method of a class of the file, or a module-level
    function of the file that is one of its wrappers: the others (``jax.jit(f)(x)``, a plain
    function or a name of the file) are no candidates (:func:`_may_be_user_code`).

    ``summary_out`` (a list) gets the file's :class:`RecordSummary`: this function's answer for
    any jitted names, ``no_context`` False and a fresh ``imports`` of the same module (the
    runner's wrapper checks ask it instead of parsing the file again).

    ``nodes``: the nodes of ``tree`` when a walk already listed them (the first pass's,
    ``prepass.Scan.nodes``), so that they are not walked again."""
    scan = _AstScan(jitted)
    scan.run(tree, nodes)
    for stmt in sorted(scan.imports, key=_start):
        imports.add_ast_statement(stmt)
    if summary_out is not None:
        summary_out.append(RecordSummary(tree, scan, imports, tree_packages))
    wrappers = _wrapper_names(tree, scan, imports, tree_packages, set() if no_context else None)
    if wrappers_out is not None:
        wrappers_out.update(wrappers)
    candidates = scan.candidates + [call for call, last in scan.calls_of_others if last in wrappers]
    spans = [(_start(loop), _end(loop)) for loop in scan.loops]
    own = wrappers if no_context else None
    for call in candidates:
        if not _may_be_user_code(_through_partial(call.func, scan), imports, scan, tree_packages, own):
            continue
        start, end = _start(call), _end(call)
        if any(lo <= start and end <= hi for lo, hi in spans):
            return True
        if any(_maybe_interesting(arg, scan.assigned) for arg in [*call.args, *(k.value for k in call.keywords)]):
            return True
    return False


class RecordSummary:
    """``may_record_calls(tree, names, imports, tree_packages)`` (``no_context`` False, ``imports``
    a fresh table of the file's module) for any ``names``, from one scan of the file: what the
    answer reads of the jitted names is only whether a call's last name is one of them (a
    candidate, and through the candidates the file's wrappers), so each call's other tests,
    which read no jitted name, are made once here.

    For the calls the scan keeps (with arguments; a last name, or a called call): ``recorded``,
    the last names of those that are user code (:func:`_may_be_user_code`) and in a loop or pass
    something interesting; ``always``, whether a called call (``jax.jit(f)(x)``, a candidate
    whatever the names) is one of them; ``owners``, for each last name of a user-code call that
    passes a parameter of the module-level def it is in, those defs (wrappers when the name is
    jitted), and ``call_owners``, those of called calls (wrappers whatever the names)."""

    __slots__ = ("recorded", "always", "owners", "call_owners")

    def __init__(self, tree: ast.Module, scan: _AstScan, imports: ImportTable, tree_packages: frozenset[str]) -> None:
        recorded: set[str] = set()
        owners: dict[str, set[str]] = {}
        call_owners: set[str] = set()
        always = False
        spans = [(_start(loop), _end(loop)) for loop in scan.loops]
        top = [(_start(n), _end(n), n) for n in tree.body if type(n) is ast.FunctionDef or type(n) is ast.AsyncFunctionDef]
        starts = [lo for lo, _hi, _owner in top]
        calls = [(call, None) for call in scan.candidates if type(call.func) is ast.Call]
        calls += [(call, _callee_name(call, scan)) for call in scan.candidates if type(call.func) is not ast.Call]
        calls += scan.calls_of_others
        for call, last in calls:
            if not _may_be_user_code(_through_partial(call.func, scan), imports, scan, tree_packages):
                continue
            start, end = _start(call), _end(call)
            if any(lo <= start and end <= hi for lo, hi in spans) or any(
                    _maybe_interesting(arg, scan.assigned) for arg in [*call.args, *(k.value for k in call.keywords)]):
                if last is None:
                    always = True
                else:
                    recorded.add(last)
            # (the module's top-level defs are disjoint and in order: only the last to start at or
            # before the call can hold it)
            at = bisect_right(starts, start) - 1
            if at >= 0 and end <= top[at][1]:
                owner = top[at][2]
                if not _passed_names(call).isdisjoint(_parameter_names(owner.args)):
                    (call_owners if last is None else owners.setdefault(last, set())).add(owner.name)
        self.recorded = frozenset(recorded)
        self.always = always
        self.owners = owners
        self.call_owners = frozenset(call_owners)

    def may_record(self, jitted: frozenset[str]) -> bool:
        """``may_record_calls``'s answer with these jitted names."""
        if self.always or not self.recorded.isdisjoint(jitted):
            return True
        wrappers = set(self.call_owners)
        for name in jitted & self.owners.keys():
            wrappers |= self.owners[name]
        return not self.recorded.isdisjoint(wrappers)


def _through_partial(fn: ast.expr, scan: _AstScan) -> ast.expr:
    """``f`` for a name bound to ``partial(f, ...)`` (PARTIALCALL), else ``fn``."""
    return scan.partials[fn.id] if type(fn) is ast.Name and fn.id in scan.partials else fn


def _callee_name(call: ast.Call, scan: _AstScan) -> str | None:
    """The last name of what ``call`` calls: through a name bound to ``partial(f, ...)``, f's."""
    last = _last_name(call.func)
    return _last_name(scan.partials[last]) if type(call.func) is ast.Name and last in scan.partials else last


def _last_name(fn: ast.expr) -> str | None:
    return fn.id if type(fn) is ast.Name else fn.attr if type(fn) is ast.Attribute else None


class _AstScan:
    """One pass over CPython's ast for ``may_record_calls``."""

    def __init__(self, jitted: frozenset[str]) -> None:
        self.jitted = jitted
        self.candidates: list[ast.Call] = []  # calls with arguments of a jitted name
        # calls with arguments of other names: candidates too if the name is a wrapper
        self.calls_of_others: list[tuple[ast.Call, str]] = []
        self.loops: list[ast.AST] = []
        self.assigned: set[str] = set()  # names assigned a container literal, a call, ...
        self.classes: set[str] = set()
        self.methods: set[str] = set()  # functions defined in a class body
        self.bases: set[str] = set()  # plain names that classes of the file derive from
        self.defined: set[str] = set()
        self.imports: list[ast.stmt] = []
        self.partials: dict[str, ast.expr] = {}  # `g = partial(f, ...)`: g -> f (PARTIALCALL)

    def run(self, tree: ast.Module, nodes: list[ast.AST] | None = None) -> None:
        """Note what the nodes of ``tree`` hold; ``nodes``: those nodes, when a walk already listed
        them (``prepass.Scan.nodes``: every node of a kind of :data:`_AST_KINDS`, in any order;
        what this notes is sets, and lists read whole or sorted)."""
        kinds = _AST_KINDS
        for node in ast_nodes(tree) if nodes is None else nodes:
            t = type(node)
            kind = kinds.get(t)
            if kind is None or kind is _LEAF:  # most nodes: nothing to note
                continue
            if kind is _CALL:
                self._call(node)
            elif kind is _LOOP:
                self.loops.append(node)
            elif kind is _ASSIGN:
                targets = node.targets if t is ast.Assign else [node.target]
                names = [x.id for x in targets if type(x) is ast.Name]
                self.defined.update(names)
                if isinstance(node.value, _AST_CONTAINERS):
                    self.assigned.update(names)
                value = node.value
                if type(value) is ast.Call and value.args and _last_name(value.func) == "partial":
                    if _last_name(value.args[0]) is not None:
                        self.partials.update(dict.fromkeys(names, value.args[0]))
                # `x, y = jnp.arange(6.0), 3`: an unpacked name may hold any part (errs on the side of yes)
                unpacked = [n.id for x in targets if type(x) in (ast.Tuple, ast.List)
                            for n in ast.walk(x) if type(n) is ast.Name]
                self.defined.update(unpacked)
                self.assigned.update(unpacked)
            elif kind is _IMPORT:
                self.imports.append(node)
            elif kind is _CLASS:
                self.classes.add(node.name)
                self.methods.update(n.name for n in node.body if type(n) in (ast.FunctionDef, ast.AsyncFunctionDef))
                self.bases.update(b.id for b in node.bases if type(b) is ast.Name)
            else:  # a def
                self.defined.add(node.name)
        # a call of a name bound to `partial(f, ...)` is a call of f (FactExtractor reads it so)
        for call, last in [(c, _last_name(self.partials[name])) for c, name in self.calls_of_others if name in self.partials]:
            if last in self.jitted:
                self.candidates.append(call)
            else:
                self.calls_of_others.append((call, last))

    def _call(self, node: ast.Call) -> None:
        fn = node.func
        last = fn.id if type(fn) is ast.Name else fn.attr if type(fn) is ast.Attribute else None
        if node.args or node.keywords:
            if last in self.jitted or type(fn) is ast.Call:  # jax.jit(f, ...)(args): maybe a jitted f
                self.candidates.append(node)
            elif last is not None:
                self.calls_of_others.append((node, last))


def _wrapper_names(tree: ast.Module, scan: _AstScan, imports: ImportTable, tree_packages: frozenset[str],
                   own: set[str] | None = None) -> set[str]:
    """Module-level functions that may pass a parameter on to a jitted name (see
    ``FactExtractor._find_wrappers``). ``own``: as for :func:`_may_be_user_code` (a file with no
    traced context: an empty set, since ``_find_wrappers`` resolves its calls before it knows any
    wrapper of the file)."""
    top = [(_start(n), _end(n), n) for n in tree.body if type(n) is ast.FunctionDef or type(n) is ast.AsyncFunctionDef]
    if not top:
        return set()
    inside = [(owner, call) for call in scan.candidates for lo, hi, owner in top
              if lo <= _start(call) and _end(call) <= hi]
    return {
        owner.name for owner, call in inside
        if _may_be_user_code(call.func, imports, scan, tree_packages, own)
        and not _passed_names(call).isdisjoint(_parameter_names(owner.args))
    }


def _passed_names(call: ast.Call) -> set[str]:
    """The names ``call`` passes, as arguments, keywords, ``*name`` or ``**name``."""
    values = [a.value if type(a) is ast.Starred else a for a in call.args] + [k.value for k in call.keywords]
    return {a.id for a in values if type(a) is ast.Name}


def _parameter_names(args: ast.arguments) -> list[str]:
    """Every parameter of a def, ``*args`` and ``**kwargs`` too (``FactExtractor._forwards``
    follows them passed on whole)."""
    names = [a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]]
    names.extend(a.arg for a in (args.vararg, args.kwarg) if a is not None)
    return names


def _may_be_user_code(fn: ast.expr, imports: ImportTable, scan: _AstScan, tree_packages: frozenset[str],
                      own: set[str] | None = None) -> bool:
    """A superset of the calls ``FactExtractor._callee`` resolves to a function of the tree.
    ``own`` (a file with no traced context, ``may_record_calls``): its possible wrappers, the only
    names of the file a call of which can resolve without an import."""
    defined = scan.defined
    if type(fn) is ast.Call:  # jax.jit(f, ...)(args) with f defined in the file
        if own is not None:
            return False  # (shapes.inline_jitted: a jit transform, which makes a context)
        first = fn.args[0] if fn.args else None
        return type(first) is ast.Name and first.id in defined
    if type(fn) is ast.Name:
        if fn.id in (defined if own is None else own):
            return True
        resolved = imports.resolve_text(fn.id)
        return resolved != fn.id and _in_tree(resolved, tree_packages)
    if type(fn) is ast.Attribute and type(fn.value) is ast.Name:
        owner = fn.value.id
        # a class of the file deriving from a class another module of the tree defines: its
        # instances run that class's methods (FactExtractor._inherited)
        inherits = (owner == "self" or owner in defined) and any(
            b in imports.names and _in_tree(imports.resolve_text(b), tree_packages) for b in scan.bases)
        if owner == "self":
            return fn.attr in defined or inherits  # a method of a class of the file
        if owner in scan.classes:
            return True
        if (fn.attr in scan.methods or inherits) and owner in defined:
            return True  # `obj.method(...)`, `obj` maybe bound to an instance of a class of the file
        return owner in imports.names and _in_tree(imports.resolve_text(f"{owner}.{fn.attr}"), tree_packages)
    return False


def _maybe_interesting(expr: ast.expr, assigned: set[str]) -> bool:
    if isinstance(expr, ast.Starred):
        expr = expr.value
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, (bool, int, float, complex))
    if isinstance(expr, ast.Name):
        return expr.id in assigned or expr.id in ("True", "False")
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
        # `self.cfg` set in `__init__`, `spec.offsets` of `spec = Spec(...)`: the value stored there
        # (hashability._self_attribute_kind, _record_field_kind)
        return expr.value.id == "self" or expr.value.id in assigned
    # arithmetic, comparisons and items of arrays are arrays (arrays.array_kind): unhashable
    return isinstance(expr, (ast.UnaryOp, ast.BinOp, ast.Compare, ast.Subscript, *_AST_CONTAINERS))


def _start(node: ast.AST) -> tuple[int, int]:
    return node.lineno, node.col_offset


def _end(node: ast.AST) -> tuple[int, int]:
    return node.end_lineno or node.lineno, node.end_col_offset or 0
