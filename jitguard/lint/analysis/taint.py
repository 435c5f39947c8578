"""The taint analysis of one module: every traced function walked to a fixpoint.

Each function that runs under a JAX trace (``jitcontext``: jit, vmap, lax primitives...; or
seeded from another file, ``crossmodule``) is walked by a :class:`~jitguard.lint.analysis.walker.Walker`,
which keeps the set of local names that hold traced values and calls the rules' hooks. The
analysis is split in three:

* the value lattice (``jitguard.lint.analysis.lattice``): what a value is, how operations
  combine values;
* the walker (``jitguard.lint.analysis.walker``): statements and expressions, in order, and the
  :class:`Context` rules see;
* call semantics (``jitguard.lint.analysis.callsem``): what calls return; helpers of the same
  module called with traced arguments are walked with those parameters traced (``propagate``),
  and the value a helper returns is traced only if its body returns something traced for those
  arguments (``summary``, computed on demand and memoised).

A function staged out by a compiling transform (``jitcontext.Traces.kind`` is ``STAGED``: jit,
pmap, lax loops...) is walked even when no parameter is traced: a jax.numpy/lax operation there
returns a tracer even of constants (``jnp.array([0, 1, 2])``), and helpers it calls are staged
too (``stage``). Under vmap or grad alone a jnp operation on constants gives a concrete array.

Static facts never become traced: ``x.shape``, ``x.ndim``, ``x.dtype``, ``x.size``, ``len(x)``,
``x is None``, ``isinstance(...)``, ``type(x)``, ``hasattr``, ``jnp.shape(x)``, module constants
and static parameters (see ``jaxapi.STATIC_ATTRIBUTES`` / ``STATIC_CALLS``).

What the analysis finds is written to the module's ``TraceState`` table (``index.traces``);
the function records (``FunctionInfo``) are never changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import libcst as cst

from jitguard.lint.analysis import callnone, lattice
from jitguard.lint.analysis.facts import OutCall
from jitguard.lint.analysis.jitcontext import NOT_NONE, STAGED, FunctionInfo, ModuleIndex
from jitguard.lint.analysis.lattice import Origin, Taint
from jitguard.lint.analysis.walker import Context, Walker

if TYPE_CHECKING:
    from jitguard.lint.rules.base import Rule

Hook = Callable[[cst.CSTNode, "Context"], None]

_MAX_WALKS_PER_FUNCTION = 6


class Analysis:
    """All traced functions of one module, walked to a fixpoint."""

    def __init__(self, index: ModuleIndex, hooks: dict[str, list[Hook]]) -> None:
        self.index = index
        self.traces = index.traces  # the fixpoint state this analysis writes
        self.hooks = hooks
        self.reports: dict[FunctionInfo, list[tuple]] = {}
        # rules whose hook raised on this module: code -> the exception (the rule is skipped for
        # the rest of the module; the other rules go on)
        self.rule_errors: dict[str, BaseException] = {}
        self._summaries: dict[tuple[FunctionInfo, frozenset[str], bool], Taint | None] = {}
        self._summary_origins: dict[tuple, dict[str, Origin]] = {}  # the origins a summary was computed from
        self._in_summary: set[tuple[FunctionInfo, frozenset[str], bool]] = set()
        # recursion in summaries: the keys a walk in progress reached again, and what such a
        # call is assumed to return (absent: None, the optimistic first try)
        self._recursed: set[tuple[FunctionInfo, frozenset[str], bool]] = set()
        self._assumed: dict[tuple[FunctionInfo, frozenset[str], bool], Taint | None] = {}
        self._pending: list[FunctionInfo] = []
        self._queued: set[FunctionInfo] = set()
        self._walks: dict[FunctionInfo, int] = {}
        # calls from traced code into functions of other modules, with traced arguments:
        # (qualified callee, caller) -> {position or keyword: TracedArg} — the runner
        # follows them into the checked tree (jitguard.lint.analysis.crossmodule)
        self.outcalls: dict[tuple[str, str], dict] = {}
        self.outcall_shapes: dict[tuple[str, str], set[tuple]] = {}  # what those calls pass (callnone)
        # functions staged because staged code calls them (without traced arguments): the caller
        self._staged: dict[FunctionInfo, str] = {}
        # (helper, parameter) -> the fields every value it receives from traced code has (a
        # NamedTuple/dataclass/dict/tuple built by the caller), or None
        self._param_fields: dict[tuple[FunctionInfo, str], object] = {}
        # (helper, parameter, dict or not) -> the fields every container of that sort it receives
        # from traced code has, or None (see _receive_container)
        self._container_fields: dict[tuple[FunctionInfo, str, bool], object] = {}
        # (function, parameter) -> the functions of the module calls made from traced code pass
        # there (callsem: ``over_rows(smooth, x)`` in a jitted function)
        self._passed: dict[tuple[FunctionInfo, str], list[FunctionInfo]] = {}
        # (function, parameter defaulting to an array module) -> the modules calls made from traced
        # code give it (moduledefaults: `xnp=np` left at its default)
        self._modules: dict[tuple[FunctionInfo, str], set[str]] = {}

    def run(self) -> list[tuple]:
        """(code, node, message, help, fix) for every violation the hooks reported."""
        for info in self.index.functions:
            if self.traces.traced(info) or self.traces.kind(info) == STAGED:
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
        state = self.traces.of(callee)
        changed = False
        for name, taint in args.items():
            changed = self._receive_container(callee, name, taint) or changed
            if name in state.traced:
                # a flag holds for the parameter only if it holds for every value it receives
                changed = state.receive(name, taint.flags) or changed
                changed = self._receive_fields(callee, name, taint) or changed
                continue
            self._param_fields[(callee, name)] = taint.fields
            how = "a method" if callee.is_method else "a helper"
            state.trace(name, Origin(
                name,
                f"parameter of `{callee.display()}`, {how} called from `{caller.display()}` "
                f"with traced `{taint.origin.name}`",
                callee,
                taint.origin.flaglike,
                taint.origin.root or taint.origin,
            ), taint.flags)
            changed = True
        # the callee runs under the caller's kind of trace (jitcontext.Traces.kind)
        changed = state.traced_as(self.traces.kind(caller)) or changed
        changed = state.called() or changed
        if changed:
            self.schedule(callee)

    def pass_function(self, callee: FunctionInfo, name: str, fn: FunctionInfo) -> None:
        """A call made from traced code passes the function ``fn`` to parameter ``name`` of
        ``callee``: walk ``callee`` again if it is traced and this is new."""
        passed = self._passed.setdefault((callee, name), [])
        if fn in passed:
            return
        passed.append(fn)
        if self.traces.traced(callee) or self.traces.kind(callee) == STAGED:
            self.schedule(callee)

    def hold_modules(self, callee: FunctionInfo, modules: dict[str, str], caller: FunctionInfo | None = None) -> None:
        """A call made from traced code gives ``callee``'s array-module parameters these modules
        (its default, or one passed): walk ``callee`` again when one is new, and the caller, whose
        reading of what the call returns depends on them (HELDMODULE: ``xp.arctan2`` in a helper
        called with ``xp=jnp`` returns a tracer; the summary asked before this call was seen did
        not know the module)."""
        changed = False
        for name, module in modules.items():
            held = self._modules.setdefault((callee, name), set())
            if module not in held:
                held.add(module)
                changed = True
        if changed:
            self.schedule(callee)
            if caller is not None:
                self.schedule(caller)
            if callee.name == "__init__" and callee.cls is not None:
                for method in callee.cls.methods.values():  # ATTRMODULE: `self._xp` they read
                    if self.traces.traced(method) or self.staged(method) is not None:
                        self.schedule(method)

    def _held_key(self, callee: FunctionInfo) -> frozenset:
        """The array modules held for ``callee``'s module parameters so far (HELDMODULE): a summary
        walked before a call passed ``xp=jnp`` is not the one after."""
        return frozenset((name, frozenset(held)) for (fn, name), held in self._modules.items() if fn is callee)

    def modules_held(self, callee: FunctionInfo, name: str) -> set[str]:
        """The array modules calls made from traced code give parameter ``name`` of ``callee``."""
        return self._modules.get((callee, name), set())

    def passed(self, callee: FunctionInfo, name: str) -> list[FunctionInfo]:
        """The functions calls made from traced code pass to parameter ``name`` of ``callee``."""
        return self._passed.get((callee, name), [])

    def _receive_fields(self, callee: FunctionInfo, name: str, taint: Taint) -> bool:
        """A parameter knows the kinds of its fields only while every value it receives has the
        same fields (and none came from a transform, whose arguments we do not see); a field is
        traced if it is in one of them."""
        key = (callee, name)
        old = self._param_fields.get(key)
        if old is not None and old != taint.fields:
            # records of the same fields from two callers (traced from different origins): each
            # field traced in either; of different fields: not known
            joined = lattice.join_fields(old, taint.fields)
            self._param_fields[key] = joined
            return joined != old
        return False

    def _receive_container(self, callee: FunctionInfo, name: str, taint: Taint) -> bool:
        """What the containers parameter ``name`` of ``callee`` receives hold, kept apart for dicts
        and for lists/tuples while every one of that sort agrees (a parameter given a dict at one
        call and an array at another: ``isinstance(p, dict)`` selects the dict). True if it changed."""
        if not taint.container:
            return False
        key = (callee, name, taint.mapping)
        if key not in self._container_fields:
            self._container_fields[key] = taint.fields
            return True
        if self._container_fields[key] is not None and self._container_fields[key] != taint.fields:
            self._container_fields[key] = None
            return True
        return False

    def container_fields(self, callee: FunctionInfo, name: str, mapping: bool):
        """The kinds of the items of the dicts (``mapping``) or lists/tuples that parameter
        ``name`` of ``callee`` receives from traced code, when they all agree; None otherwise."""
        return self._container_fields.get((callee, name, mapping))

    def received_container(self, callee: FunctionInfo, name: str) -> bool:
        """Did parameter ``name`` of ``callee`` receive a Python container from traced code?"""
        return (callee, name, True) in self._container_fields or (callee, name, False) in self._container_fields

    def received_fields(self, callee: FunctionInfo, name: str) -> bool:
        """Did parameter ``name`` of ``callee`` receive a value from traced code (its fields, when
        every one agrees, are ``param_fields``)?"""
        return (callee, name) in self._param_fields

    def param_fields(self, callee: FunctionInfo, name: str):
        """The kinds of the fields of what parameter ``name`` of ``callee`` receives, or None."""
        return self._param_fields.get((callee, name))

    def staged(self, info: FunctionInfo) -> str | None:
        """How ``info``'s body runs staged out (jitcontext.STAGED: under jit, pmap, a lax loop,
        called from such code, or nested in it), for messages; None when it is not known to be."""
        if self.traces.kind(info) != STAGED:
            return None
        node: FunctionInfo | None = info
        while node is not None:
            how = self._staged.get(node) or next(iter(self.traces.of(node).contexts), None)
            if how is not None:
                return how
            node = node.parent
        return "staged"

    def stage(self, callee: FunctionInfo, caller: FunctionInfo) -> None:
        """Staged code calls ``callee``: its body runs staged too (walked again to report it)."""
        if self.traces.of(callee).traced_as(STAGED):
            self._staged.setdefault(callee, f"called from `{caller.display()}`")
            self.schedule(callee)
        self.called(callee)

    def hold_call(self, callee: FunctionInfo, values: dict[str, str] | None) -> None:
        """One more call from traced code runs ``callee``, giving its parameters ``values`` (a
        literal's code, or NOT_NONE; None: not known for any). Held while every such call agrees
        (``callnone``): NOT_NONE only for a function no other module can call; a literal also for
        a module-level one, whose calls from other files come with the seeds. Walk it again when
        that changes."""
        if not callnone.eligible(self.index, callee):
            if not callnone.holds_literals(self.index, callee):
                return
            values = {n: c for n, c in (values or {}).items() if c != NOT_NONE}
        if callnone.hold(self.traces.of(callee).constants, callee.params, values):
            self.schedule(callee)

    def called(self, callee: FunctionInfo) -> None:
        """Traced code calls ``callee`` at Python level: one more trace of it, with free variables
        whose values no staging place ruled on (TraceState.called): walk it again if that matters."""
        if self.traces.of(callee).called():
            self.schedule(callee)

    def enclose(self, nested: FunctionInfo, env: dict[str, Taint]) -> None:
        """A function defined inside traced code sees the traced names around it."""
        state = self.traces.of(nested)
        changed = False
        for name, taint in env.items():
            changed = state.enclose(name, taint) or changed
        if changed or state.traced:
            self.schedule(nested)

    def outcall_facts(self) -> list[OutCall]:
        """The calls into other files' functions with traced arguments, as facts."""
        return [OutCall(callee, caller, args, None, tuple(sorted(self.outcall_shapes.get((callee, caller), ()), key=repr)))
                for (callee, caller), args in self.outcalls.items()]

    def summary(self, callee: FunctionInfo, traced: dict[str, Taint],
                closure: dict[str, Taint] | None = None, kind: str | None = None) -> Taint | None:
        """Is what ``callee`` returns traced, when these parameters are (and, for a function nested
        in the caller, the caller's names it closes over hold ``closure``; ``kind``: the caller's
        kind of trace)?"""
        seen = None if closure is None else frozenset((n, t.flags) for n, t in closure.items())
        key = (callee, frozenset(traced), self.staged(callee) is not None, seen, kind, self._held_key(callee))
        if key in self._summaries:
            return self._rerooted(key, traced)
        if key in self._in_summary:  # recursion: first assume a Python value, then the worst
            self._recursed.add(key)
            return self._assumed.get(key)
        start = len(self._summaries)  # summaries are only added, and dropped from the end
        self._in_summary.add(key)
        result = self._returned(callee, traced, closure, kind)
        if key in self._recursed and result is not None:
            # a recursive call was assumed to return a Python value and the function does not (a
            # base case returns a traced value): drop what was computed under that assumption and
            # walk again with the recursive calls traced
            for stale in list(self._summaries)[start:]:
                del self._summaries[stale]
                self._summary_origins.pop(stale, None)
            self._assumed[key] = next(iter(traced.values()), None)
            result = self._returned(callee, traced, closure, kind)
        # every return is a Python value when the recursive calls' are: by induction on the
        # depth of the recursion, so is what the function returns
        self._in_summary.discard(key)
        self._recursed.discard(key)
        self._assumed.pop(key, None)
        self._summaries[key] = result
        self._summary_origins[key] = {n: t.origin for n, t in traced.items()}
        return result

    def _rerooted(self, key: tuple, traced: dict[str, Taint]) -> Taint | None:
        """A summary computed for another call, its origins told as this call's: the key holds
        which parameters are traced, not by what, so a helper's result computed from the first
        caller's ``x`` would otherwise name that caller in every later caller's message."""
        result = self._summaries[key]
        first = self._summary_origins.get(key)
        if result is None or not first:
            return result
        swap = {old: new.origin for n, old in first.items()
                if (new := traced.get(n)) is not None and new.origin != old}
        return lattice.reorigin(result, swap) if swap else result

    def _returned(self, callee: FunctionInfo, traced: dict[str, Taint],
                  closure: dict[str, Taint] | None = None, kind: str | None = None) -> Taint | None:
        walker = Walker(self, callee, report=False, entry=traced, closure=closure, kind=kind)
        walker.walk()
        return next((t for t in walker.returns if t is not None), None)


def build_hooks(rules: list["Rule"]) -> dict[str, list[tuple[str, Hook]]]:
    """Node type name -> (rule code, hook) for the traced-scope rules' ``visit_<Node>`` methods."""
    hooks: dict[str, list[tuple[str, Hook]]] = {}
    for rule in rules:
        for attr in dir(rule):
            if attr.startswith("visit_"):
                hooks.setdefault(attr[len("visit_"):], []).append((rule.code, getattr(rule, attr)))
    return hooks


__all__ = ["Analysis", "Context", "Hook", "Walker", "build_hooks"]
