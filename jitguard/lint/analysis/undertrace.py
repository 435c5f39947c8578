"""Code that runs only inside a trace, and so compiles nothing of its own when it applies
``jax.jit``: in a jitted function, or in a method whose every call is made there.

In one module (:func:`only_under_trace`): every call of the method that the module shows is in such
code, recursively, and for ``__call__`` every instance of its class the module makes is only
called. Across the modules of the checked tree (:func:`trace_condition`, :func:`file_facts`,
decided by ``jitguard.lint.analysis.undertrace_project`` once every file is read): when the proof
ends at the ``__call__`` of a class whose instances other modules make (the model is built in
``models.py`` and applied inside the jitted step of ``train.py``), each file records how it uses
the instances of the classes it names (called in traced code, called in a method of one of its
own classes, or otherwise), and a finding that rests on such a ``__call__`` is dropped only when
every use of every instance in the tree is a call made under a trace. A private module-level
function (``def _f``, :func:`private_function`) is proven the same way: every read of it in the
tree must be a call made under a trace (its condition ``mod._f()``); the churn rules read the
condition of the code that makes each call (``CallFact.under``), JG301 that of its pending findings.
"""

from __future__ import annotations

import re

import libcst as cst

from jitguard.lint.analysis.shapes import _called_function as called_function
from jitguard.lint.analysis.loops import returns_fixed
from jitguard.lint.analysis import walk
from jitguard.lint.analysis.walk import children, iter_branches, iter_nodes
from jitguard.lint.analysis.memo import PerIndex


def only_under_trace(index, func) -> bool:
    """Does every run of ``func`` happen while a transform traces it? Either it is in traced code
    (``in_traced_code``), or it is a method whose every call the module shows — ``self.m(...)``,
    ``obj.m(...)``, and for ``__call__`` every call of an instance of its class (``model(x)``,
    ``self.attention(q, k)`` with ``self.attention = Attention(...)`` in ``__init__``) — is made in
    code that runs only inside a trace, recursively. Then a ``jax.jit`` applied there is inlined
    in the outer trace: it compiles nothing per call. Not proven (False) when a method or an
    instance is used otherwise (passed on, returned, kept in a structure), when no call is seen,
    or for a module-level function (other modules may call it from Python)."""
    memo = _memo(index)
    return _under_trace(index, func, memo, set())


def _under_trace(index, func, memo: dict, stack: set) -> bool:
    if func is None:
        return False
    if index.traces.in_traced_code(func):
        return True
    if func in memo:
        return memo[func]
    if func in stack or len(stack) > 8:
        return False  # recursion or a deep chain: not proven
    stack.add(func)
    callers = _method_callers(index, func)
    result = bool(callers) and all(_under_trace(index, c, memo, stack) for c in callers)
    stack.discard(func)
    memo[func] = result
    return result


def _method_callers(index, func) -> list | None:
    """The functions that call the method ``func`` (None at module level), or None when its
    uses are not all calls the module resolves."""
    if not func.is_method or func.cls is None:
        return None
    facts = _uses(index) if func.name == "__call__" else None
    klass = func.cls
    if any(isinstance(b.value, cst.Name) and b.value.value == klass.name
           for other in index.classes.values() for b in other.node.bases):
        return None  # a subclass's instances run it too, through calls not resolved to it
    if func.name != "__call__":
        by_callee, resolved = _calls_by_callee(index)
        callers = list(by_callee.get(func, ()))
    else:
        callers = []
        for call, caller, _k, _l in index.calls:
            if caller is None or not isinstance(call.func, (cst.Name, cst.Attribute)):
                continue
            callee = called_function(index, call, caller)  # (resolved once per call and module)
            if callee is None:
                callee = _held_instance_call(index, call, klass, facts)
            if callee is func:
                callers.append(caller)
    if func.name == "__call__":
        # every instance of the class the module makes must be called, never used otherwise
        if not facts["made"].get(klass.name) or klass.name in facts["escaped"]:
            return None
    elif any(id(node) not in resolved for node in _attr_reads(index).get(func.name, ())):
        return None  # the method is also read without a resolved call (a callback, another object's)
    if any(caller is None for caller in callers):
        return None  # called at module level: runs in Python
    return callers


def _calls_by_callee(index) -> tuple[dict, set[int]]:
    """Per module, for :func:`_method_callers` of a method other than ``__call__``: the callers of
    each function the module's calls resolve to (``called_function``; each caller once per call,
    in the order of the calls), and the ids of the callees' expressions of the calls that resolve
    (a call of the method, or of another class's of the same name). One pass over the calls for
    every method asked about, not one per method."""
    cache = _USES.table(index)
    found = cache.get("calls by callee")
    if found is None:
        by_callee: dict = {}
        resolved: set[int] = set()
        for call, caller, _k, _l in index.calls:
            if caller is None or not isinstance(call.func, (cst.Name, cst.Attribute)):
                continue
            callee = called_function(index, call, caller)  # (resolved once per call and module)
            if callee is not None:
                by_callee.setdefault(callee, []).append(caller)
                resolved.add(id(call.func))
        found = cache["calls by callee"] = (by_callee, resolved)
    return found


def _held_instance_call(index, call: cst.Call, klass, facts):
    """``self.attention(q, k)`` in a method of a class whose methods set ``self.attention`` only
    to ``klass(...)``: ``klass.__call__``."""
    fn = call.func
    owner = _owner_class(index, call)
    if (owner is not None and isinstance(fn, cst.Attribute) and isinstance(fn.value, cst.Name)
            and fn.value.value == "self" and facts["held"].get((owner, fn.attr.value)) == klass.name):
        return klass.methods.get("__call__")
    return None


def _owner_class(index, call: cst.Call) -> str | None:
    callers = _memo(index, "callers")  # id(call) -> (call, the function it is in), one walk per module
    if not callers:
        for c, func, _k, _l in index.calls:
            callers.setdefault(id(c), (c, func))
    hit = callers.get(id(call))
    if hit is None or hit[0] is not call:
        return None
    func = hit[1]
    while func is not None and not func.is_method:
        func = func.parent
    return func.cls.name if func is not None and func.cls is not None else None


_USES = PerIndex()


def _memo(index, key: str = "under trace") -> dict:
    cache = _USES.table(index)
    return cache.setdefault(key, {})


def _uses(index) -> dict:
    """Per module: attribute reads by name (``attrs``); the classes instantiated (``made``); the
    ``self`` attributes of a class that hold an instance of one class only (``held``: (owner,
    attr) -> class); and the classes an instance of which is used other than by calling it, or
    keeping it in a name or such an attribute that is only called (``escaped``)."""
    cache = _USES.table(index)
    if "uses" in cache:
        return cache["uses"]
    attrs, creations, targets = _module_reads(index)
    made = {name: True for name in creations.values()}
    held = _held_instances(index, creations)
    held_attrs = {attr: klass for (_owner, attr), klass in held.items()}
    holders, kept = _kept_instances(index, creations, held_attrs)
    escaped = {name for node_id, name in creations.items() if node_id not in kept}
    # a holder read other than as a callee lets the instance escape
    callee_ids = {id(call.func) for call, _f, _k, _l in index.calls}
    for node in iter_nodes(index.module):
        if id(node) in targets or id(node) in callee_ids:
            continue
        if isinstance(node, cst.Name) and node.value in holders:
            escaped.add(holders[node.value])
        elif isinstance(node, cst.Attribute) and node.attr.value in held_attrs:
            escaped.update(k for (_o, a), k in held.items() if a == node.attr.value)
    out = cache["uses"] = {"attrs": attrs, "made": made, "held": held, "escaped": escaped}
    return out


_ATTRIBUTE = frozenset({cst.Attribute})
_ASSIGN = frozenset({cst.Assign})
_READS = frozenset({cst.Attribute, cst.Call, cst.Assign})


def _attr_reads(index) -> dict[str, list]:
    """Attribute reads by name (``_uses``'s ``attrs``, without the rest of its work)."""
    cache = _USES.table(index)
    if "uses" in cache:
        return cache["uses"]["attrs"]
    if "attrs" not in cache:
        attrs: dict[str, list] = {}
        for node in walk.nodes_of(index.module, _ATTRIBUTE, iter_branches):  # (type tests: isinstance on libcst's ABCs is slow)
            if type(node) is cst.Attribute:
                attrs.setdefault(node.attr.value, []).append(node)
        cache["attrs"] = attrs
    return cache["attrs"]


def _module_reads(index) -> tuple[dict[str, list], dict[int, str], set[int]]:
    """Attribute reads by name, the calls that build a class of the module (id -> class name), and
    the ids of assignment targets."""
    attrs: dict[str, list] = {}
    creations: dict[int, str] = {}
    targets: set[int] = set()
    for node in walk.nodes_of(index.module, _READS, iter_branches):
        kind = type(node)  # (type tests: no subclasses; isinstance on libcst's ABCs is slow)
        if kind is cst.Attribute:
            attrs.setdefault(node.attr.value, []).append(node)
        elif kind is cst.Call and type(node.func) is cst.Name and node.func.value in index.classes:
            creations[id(node)] = node.func.value
        elif kind is cst.Assign:
            targets.update(id(t.target) for t in node.targets)
    return attrs, creations, targets


def _held_instances(index, creations: dict[int, str]) -> dict[tuple, str]:
    """(class, attribute) -> the one class whose instance every ``self.attribute = ...`` of the
    class's methods assigns."""
    held_values: dict[tuple, set] = {}
    for info in index.functions:
        if not info.is_method or info.cls is None or isinstance(info.node, cst.Lambda):
            continue
        for node in walk.nodes_of(info.node.body, _ASSIGN, iter_branches):
            if type(node) is not cst.Assign:
                continue
            for t in node.targets:
                tg = t.target
                if isinstance(tg, cst.Attribute) and isinstance(tg.value, cst.Name) and tg.value.value == "self":
                    held_values.setdefault((info.cls.name, tg.attr.value), set()).add(
                        creations.get(id(node.value)) if len(node.targets) == 1 else None)
    return {key: next(iter(v)) for key, v in held_values.items() if len(v) == 1 and next(iter(v)) is not None}


def _kept_instances(index, creations: dict[int, str], held_attrs: dict[str, str]) -> tuple[dict[str, str], set[int]]:
    """The names bound to an instance (name -> class), and the ids of the creations that are called
    at once (``Model(...)(x)``) or kept in such a name or a held attribute."""
    holders: dict[str, str] = {}
    kept: set[int] = set()
    for node in iter_branches(index.module):
        kind = type(node)
        if kind is cst.Call and id(node.func) in creations:
            kept.add(id(node.func))  # Model(...)(x)
        if kind is cst.Assign and id(node.value) in creations and len(node.targets) == 1:
            target = node.targets[0].target
            if isinstance(target, cst.Name):
                holders[target.value] = creations[id(node.value)]
                kept.add(id(node.value))
            elif isinstance(target, cst.Attribute) and target.attr.value in held_attrs:
                kept.add(id(node.value))
    return holders, kept


# -- across modules ----------------------------------------------------------------------------------
# A condition is (class names, attribute names): every run of a function is under a trace when the
# ``__call__`` of each of those classes of the module runs only under a trace wherever the checked
# tree calls their instances, and no other module reads one of those attributes (a method the proof
# found called only in this module, an attribute holding an instance): None when not even that holds.


def trace_condition(index, func) -> tuple[frozenset, frozenset] | None:
    """The condition under which every run of ``func`` is under a trace (``(frozenset(),
    frozenset())`` when :func:`only_under_trace` proves it in this module alone)."""
    return _condition(index, func, _memo(index, "condition"), set())


def _condition(index, func, memo: dict, stack: set):
    if func is None:
        return None
    if index.traces.in_traced_code(func):
        return frozenset(), frozenset()
    if func in memo:
        return memo[func]
    if func in stack or len(stack) > 8:
        return None  # recursion or a deep chain: not proven
    stack.add(func)
    result = _condition_of(index, func, memo, stack)
    stack.discard(func)
    memo[func] = result
    return result


def _condition_of(index, func, memo: dict, stack: set):
    klass = func.cls if func.is_method else None
    if klass is None:
        if private_function(index, func):
            # every call the tree makes of it (in this module or through an import) must be under a trace
            return frozenset({f"{func.name}()"}), frozenset()
        return None  # another module-level function: any module (or a user) may call it from Python
    if func.name == "__call__" and _public_class(index, klass):
        # (the uses of its instances this module makes are among those of the whole tree)
        return frozenset({klass.name}), frozenset()
    callers = _method_callers(index, func)
    if not callers:
        return None
    classes: set[str] = set()
    names = {func.name}
    for caller in callers:
        found = _condition(index, caller, memo, stack)
        if found is None:
            return None
        classes |= found[0]
        names |= found[1]
    return frozenset(classes), frozenset(names)


_CLASS_NAME = re.compile(r"[A-Z]\w*\Z")
_PRIVATE_NAME = re.compile(r"_(?!_)\w*\Z")


def private_function(index, func) -> bool:
    """A private module-level function (``def _f``, undecorated, the module's only binding of the
    name at its top level): no user calls it, so the tree's own calls of it are all its runs
    (:func:`file_facts` records each of them, ``mod._f()``)."""
    node = func.node
    return (func.parent is None and not func.is_method and isinstance(node, cst.FunctionDef)
            and not node.decorators and bool(_PRIVATE_NAME.match(func.name))
            and index.module_defs.get(func.name) is func
            and _top_level_defs(index).get(func.name) == 1)


def _top_level_defs(index) -> dict[str, int]:
    """How many ``def`` statements of the module's body bind each name (counted once per module)."""
    cache = _USES.table(index)
    counts = cache.get("top-level defs")
    if counts is None:
        counts = cache["top-level defs"] = {}
        for stmt in index.module.body:
            if isinstance(stmt, cst.FunctionDef):
                counts[stmt.name.value] = counts.get(stmt.name.value, 0) + 1
    return counts


def _public_class(index, klass) -> bool:
    """A class at module level named like one (CapWords): what other modules import and what
    :func:`file_facts` records the uses of."""
    return bool(_CLASS_NAME.match(klass.name)) and any(stmt is klass.node for stmt in index.module.body)


def remember_pending(index, node: cst.CSTNode, condition: tuple[frozenset, frozenset]) -> None:
    """A finding reported on ``node`` that holds unless ``condition`` does across the tree."""
    _USES.table(index).setdefault("pending", []).append((node, condition))


def file_facts(index, module_name: str, tree_packages: frozenset[str]) -> dict:
    """What this file says of the instances of the classes it names (its own public classes and
    the CapWords names it imports from the checked tree): ``{"uses": {class: [verdict, ...]},
    "pending": [[line, column, [class, ...], [attribute, ...]], ...]}``, a verdict being null (an
    instance used otherwise than called under a trace, a subclass, the class passed on) or
    ``[[class, ...], [attribute, ...]]`` (the condition of the code that calls it). With
    ``"local_imports": true`` names imported inside functions were not followed: the file counts
    as unread."""
    from jitguard.lint.positions import locate

    out: dict = {"uses": _Uses(index, module_name, tree_packages).collect()}
    fixed = sorted(name for name, info in index.module_defs.items() if returns_fixed(index, info))
    if fixed:  # what a loop of another module over one of their results is bounded by (eagerloops)
        out["fixed_returns"] = fixed
    if _USES.get(index, {}).get("local_imports"):
        out["local_imports"] = True
    pending = _USES.get(index, {}).get("pending", [])
    if pending:
        where = locate(index.module, [node for node, _c in pending], index.source)
        rows = []
        for node, (classes, names) in pending:
            rng = where.get(node)
            if rng is not None:
                rows.append([rng.start.line, rng.start.column + 1, sorted(f"{module_name}.{c}" for c in classes),
                             sorted(names)])
        out["pending"] = rows
    return out


class _Uses:
    """One walk of the module: the references to the tracked classes, then a verdict per use."""

    def __init__(self, index, module_name: str, tree_packages: frozenset[str]) -> None:
        self.index = index
        self.module_name = module_name
        self.tracked = {name: f"{module_name}.{name}" for name, klass in index.classes.items()
                        if _public_class(index, klass)}
        for name, info in index.module_defs.items():
            if private_function(index, info):
                self.tracked[name] = f"{module_name}.{name}()"  # every read of it: a call under a trace?
        for local, full in index.imports.names.items():
            last = full.rpartition(".")[2]
            if not tree_packages or full.split(".", 1)[0] not in tree_packages:
                if _CLASS_NAME.match(last) and not tree_packages:
                    self.tracked.setdefault(local, full)
                continue
            if _CLASS_NAME.match(last):
                self.tracked.setdefault(local, full)
            elif _PRIVATE_NAME.match(last):
                self.tracked.setdefault(local, full + "()")  # a private function of another module
        self.tree_packages = tree_packages
        self.refs: list[tuple] = []  # (node, parent, grandparent, class)
        self.names: dict[str, list] = {}  # Name value -> [(node, parent)]
        self.attrs: dict[str, list] = {}  # attribute -> [(Attribute node, parent)]
        self.caller = {id(call): func for call, func, _k, _l in index.calls}
        self.parents: dict[int, cst.CSTNode] = {}  # id of a call naming a tracked class -> its parent

    def collect(self) -> dict[str, list]:
        if not self.tracked and not self.index.imports.names:
            return {}
        self._walk()
        cache = _USES.setdefault(self.index, {})
        if "uses" not in cache and "attrs" not in cache:  # the attribute reads of this walk serve _attr_reads
            cache["attrs"] = {attr: [node for node, _p in found] for attr, found in self.attrs.items()}
        uses: dict[str, list] = {}
        for node, parent, grand, qualname in self.refs:
            verdicts = self._verdicts(node, parent, grand, qualname)
            if verdicts is not None:
                uses.setdefault(qualname, []).extend(verdicts)
        for qualname, verdicts in uses.items():
            if qualname.endswith("()"):  # (a function's calls: each condition once)
                uses[qualname] = [None] if None in verdicts else [list(v) for v in dict.fromkeys(
                    (tuple(c), tuple(n)) for c, n in verdicts)]
        return uses

    def _walk(self) -> None:
        """Every reference to a tracked class (with its parent and grandparent), and the other
        names and attributes read, in one pass (type tests first: this runs on every file)."""
        shared = walk.shared(self.index.module)
        if shared is not None:
            self._walk_shared(shared)
            return
        tracked, names, attrs, refs, parents = self.tracked, self.names, self.attrs, self.refs, self.parents
        stack = [(self.index.module, None, None, False)]
        pop, push = stack.pop, stack.append
        Name, Attribute, Call = cst.Name, cst.Attribute, cst.Call
        not_code, defs, name_fields, literals = _NOT_CODE, _DEFS, _NAME_FIELDS, _LITERALS
        while stack:
            node, parent, grand, in_def = pop()
            kind = type(node)
            if kind is Name:
                qualname = tracked.get(node.value)
                if qualname is None:
                    names.setdefault(node.value, []).append((node, parent))
                    continue
            elif kind is Attribute:
                qualname = self._attribute_reference(node)
                if qualname is None:
                    attrs.setdefault(node.attr.value, []).append((node, parent))
                    push((node.value, node, parent, in_def))  # (not the attribute's name)
                    continue
                if qualname[-1] == ")":  # mod._f: still an attribute read (method callers count it)
                    attrs.setdefault(node.attr.value, []).append((node, parent))
            else:
                if kind in not_code:
                    if in_def and kind is not cst.Annotation:  # names imported in a function are not followed:
                        _USES.setdefault(self.index, {})["local_imports"] = True  # the file counts as unread
                    continue  # (an annotation says nothing of an instance)
                if not in_def and kind in defs:
                    in_def = True
                field = name_fields.get(kind)
                own_name = getattr(node, field) if field is not None else None
                for child in reversed(children(node)):
                    if child is not own_name and type(child) not in literals:
                        push((child, node, parent, in_def))
                continue
            refs.append((node, parent, grand, qualname))
            if type(parent) is Call:
                parents[id(parent)] = grand

    def _walk_shared(self, shared: walk.ModuleNodes) -> None:
        """:meth:`_walk` from the module's shared walk: the same nodes in the same (source) order,
        read from the nodes of the types it looks at; what it does not enter (a tracked reference,
        an import, an annotation) skipped by position, a name that is no reference (an attribute's,
        a keyword's, a parameter's, a def's or a class's own name) by its parent."""
        tracked, names, attrs, refs, parents = self.tracked, self.names, self.attrs, self.refs, self.parents
        nodes, up, ends = shared.nodes, shared.parents, shared.ends
        Name, Attribute, Call, Annotation = cst.Name, cst.Attribute, cst.Call, cst.Annotation
        not_code, own_names = _NOT_CODE, _OWN_NAMES
        skip_end = in_def_until = 0  # positions below skip_end are not entered; below in_def_until: in a def
        for j in shared.positions(self.index.module, _SHARED_KINDS):
            if j < skip_end:
                continue
            node = nodes[j]
            kind = type(node)
            parent = nodes[up[j]]
            if kind is Name:
                field = own_names.get(type(parent))
                if field is not None and getattr(parent, field) is node:
                    continue  # (the parent was entered: it is not below skip_end either)
                qualname = tracked.get(node.value)
                if qualname is None:
                    names.setdefault(node.value, []).append((node, parent))
                    continue
            elif kind is Attribute:
                qualname = self._attribute_reference(node)
                if qualname is None:
                    attrs.setdefault(node.attr.value, []).append((node, parent))
                    continue
                if qualname[-1] == ")":  # mod._f: still an attribute read (method callers count it)
                    attrs.setdefault(node.attr.value, []).append((node, parent))
                skip_end = ends[j]
            else:
                if kind in not_code:
                    if j < in_def_until and kind is not Annotation:
                        _USES.setdefault(self.index, {})["local_imports"] = True
                    skip_end = ends[j]
                    continue
                if ends[j] > in_def_until:  # (a def or a lambda)
                    in_def_until = ends[j]
                continue
            grand = nodes[up[up[j]]] if up[up[j]] >= 0 else None
            refs.append((node, parent, grand, qualname))
            if type(parent) is Call:
                parents[id(parent)] = grand

    def _attribute_reference(self, node: cst.Attribute) -> str | None:
        attr = node.attr.value
        first = attr[:1]
        if first == "_":  # (most attributes: no regex)
            if not (self.tree_packages and _PRIVATE_NAME.match(attr)):
                return None
        elif not ("A" <= first <= "Z" and _CLASS_NAME.match(attr)):
            return None
        head = node.value
        while type(head) is cst.Attribute:
            head = head.value
        if type(head) is not cst.Name or head.value not in self.index.imports.names:
            return None
        full = self.index.imports.resolve(node)
        if not full or (self.tree_packages and full.split(".", 1)[0] not in self.tree_packages):
            return None
        return full + "()" if first == "_" else full  # mod._f: a private function of another module

    def _verdicts(self, node, parent, grand, qualname: str = "") -> list | None:
        """The verdicts of one reference (None: a type test, which uses no instance). For a
        private function (``mod._f()``) a call's verdict is the condition of the code making it;
        any other read (passed on, rebound, decorated with) is not proven."""
        if qualname.endswith("()"):
            return [self._verdict_at(parent) if isinstance(parent, cst.Call) and parent.func is node else None]
        if isinstance(parent, cst.Arg) and isinstance(grand, cst.Call) and parent is not grand.args[0] and (
                self.index.imports.resolve(grand.func) in ("isinstance", "issubclass")):
            return None
        if isinstance(parent, cst.Call) and parent.func is node:
            return self._creation(parent)
        return [None]  # a subclass, the class passed on or kept: not proven

    def _creation(self, call: cst.Call) -> list:
        outer = self._parent_of(call)
        if isinstance(outer, cst.Call) and outer.func is call:
            return [self._verdict_at(outer)]  # Model(...)(x)
        if isinstance(outer, cst.Assign) and outer.value is call and len(outer.targets) == 1:
            target = outer.targets[0].target
            if isinstance(target, cst.Name):
                return self._name_calls(target.value, self.caller.get(id(call)) is None)
            if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self":
                owner = _method(self.caller.get(id(call)))
                if owner is not None and owner.cls is not None and _public_class(self.index, owner.cls):
                    return self._attribute_calls(target.attr.value, owner.cls)
        return [None]

    def _name_calls(self, name: str, global_name: bool) -> list:
        """Every read of ``name`` anywhere in the module must call it; a global name (bound at
        module level, or declared ``global``) no other module may name (``=name``: it could import it)."""
        verdicts = []
        found = self.names.get(name, ())
        if any(isinstance(parent, cst.NameItem) for _n, parent in found):
            global_name = True
        for node, parent in found:
            if isinstance(parent, cst.NameItem) or (isinstance(parent, cst.AssignTarget) and parent.target is node):
                continue  # `global name`, or a binding
            verdict = self._verdict_at(parent) if isinstance(parent, cst.Call) and parent.func is node else None
            if verdict is not None and global_name:
                verdict = [verdict[0], sorted({*verdict[1], f"={name}"})]
            verdicts.append(verdict)
        return verdicts or [None]

    def _attribute_calls(self, attr: str, klass) -> list:
        """Every read of ``.attr`` in the module must be ``self.attr(...)`` in a method of ``klass``,
        and no other module may read it."""
        verdicts = []
        for node, parent in self.attrs.get(attr, ()):
            if isinstance(parent, cst.AssignTarget) and parent.target is node:
                continue
            verdict = None
            if (isinstance(parent, cst.Call) and parent.func is node and isinstance(node.value, cst.Name)
                    and node.value.value == "self"):
                caller = self.caller.get(id(parent))
                method = _method(caller)
                if method is not None and method.cls is klass:
                    verdict = self._verdict_at(parent)
            verdicts.append(None if verdict is None else [verdict[0], sorted({*verdict[1], attr})])
        return verdicts or [None]

    def _verdict_at(self, call: cst.Call) -> list | None:
        found = trace_condition(self.index, self.caller.get(id(call)))
        if found is None:
            return None
        return [sorted(f"{self.module_name}.{c}" for c in found[0]), sorted(found[1])]

    def _parent_of(self, call: cst.Call):
        return self.parents.get(id(call))

def _method(func):
    while func is not None and not func.is_method:
        func = func.parent
    return func


# (sets of types: type(node) is looked up, none of these classes has subclasses)
_NOT_CODE = frozenset({cst.Import, cst.ImportFrom, cst.Annotation})
_DEFS = frozenset({cst.FunctionDef, cst.Lambda})
# the child of these nodes that is a name, not a reference to a value (a keyword, a parameter, a def)
_NAME_FIELDS = {cst.Arg: "keyword", cst.Param: "name", cst.ClassDef: "name", cst.FunctionDef: "name"}
# the nodes _Uses._walk_shared reads (the literals hold no name: nothing to leave out)
_SHARED_KINDS = frozenset({cst.Name, cst.Attribute, *_NOT_CODE, *_DEFS})
# the parents whose child in that field is a name but no reference (_walk_shared: _NAME_FIELDS and
# an attribute's name)
_OWN_NAMES = {**_NAME_FIELDS, cst.Attribute: "attr"}
# leaves that reference nothing (not pushed: the walk would find nothing below them)
_LITERALS = frozenset({cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.Ellipsis, cst.Pass, cst.Break,
                       cst.Continue})
