"""The project-wide index of jitted callables, and the resolution of call sites against it.

Built once per run from the facts every file contributed (``jitguard.lint.analysis.calls``): no file
is parsed twice. A call resolves through imports across the checked tree (``from .train import
step``, ``train.step``, re-exports in ``__init__.py``) and to jitted methods (``self.step``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from jitguard.lint.analysis.facts import ArgFact, CallFact, JitDef, ParamFact, Wrapper
from jitguard.lint.analysis.metaidentity import function_in_structure, in_metadata, new_pytree_class
from jitguard.lint.diagnostics import FileResult

# lattice.WEAK_SCALARS (the kinds of Python scalar literals), not imported: lattice imports libcst,
# and the project index runs on cached facts alone (tests/test_cache.py checks they agree)
WEAK_SCALARS = ("int", "float", "bool", "complex")




@dataclass(frozen=True)
class CallSite:
    """One argument of one call that reaches a jitted function, as project rules see it."""

    path: str
    call: CallFact
    arg: ArgFact  # one of call.args
    jitdef: JitDef
    param: str
    static: bool
    # through a wrapper: (path, call) of the wrapper's own call of the jitted function, where JAX
    # compiles for this call (None: this call is that place)
    compiled_at: tuple[str, CallFact] | None = None

    @property
    def function(self) -> str:
        return self.jitdef.display


class ProjectIndex:
    def __init__(self, results: list[FileResult]) -> None:
        self.defs: dict[str, JitDef] = {}
        self.reexports: dict[str, str] = {}
        self.forwarding: dict[str, list[tuple[str, CallFact]]] = {}  # wrapper -> its calls of jitted functions
        wrappers: list[tuple[Wrapper, str]] = []
        for res in results:
            facts = res.facts
            if facts is None:
                continue
            for call in facts.calls:
                if call.wrapper is not None and call.where is not None:
                    self.forwarding.setdefault(call.wrapper, []).append((res.path, call))
            for d in facts.defs:
                if d.qualname not in self.defs:
                    self.defs[d.qualname] = replace(d, path=res.path)
            self.reexports.update(facts.reexports)
            wrappers.extend((w, res.path) for w in facts.wrappers)
        for wrapper, path in wrappers:
            self._add_wrapper(wrapper, path)

    def _add_wrapper(self, wrapper: Wrapper, path: str) -> None:
        """``def run(img, size): return resize(img, size)`` with ``resize`` jitted: calls of ``run``
        are calls of ``resize`` for the parameters it passes on (static where ``resize``'s are)."""
        if wrapper.qualname in self.defs:
            return
        static: set[str] = set()
        forwards: set[str] = set()
        first = None
        params = wrapper.params
        for call in wrapper.calls:
            jd = self.lookup(call.callee)
            if jd is None or jd.static_unknown or jd.forwards is not None:
                continue  # not jitted, unreadable, or a wrapper itself (one level is followed)
            spread = _spread_params(wrapper, call, jd) if first is None else None
            if spread is not None:  # def run(*args): return f(*args): run's positions are f's
                params = spread
                for name in {p.name for p in spread} - {p.name for p in wrapper.params}:
                    forwards.add(name)
                    if name in jd.static:
                        static.add(name)
            for arg in call.args:
                param = _param_for(jd, call.bound, arg.kw, arg.pos)
                if param is not None:
                    forwards.add(arg.param)
                    if param in jd.static:
                        static.add(arg.param)
            first = first or jd
        if first is None or not forwards:
            return
        self.defs[wrapper.qualname] = JitDef(
            wrapper.qualname, f"{wrapper.display} → {first.display}", params, tuple(sorted(static)),
            transform=first.transform, python_static=first.python_static, forwards=tuple(sorted(forwards)), path=path,
        )

    def lookup(self, qualname: str) -> JitDef | None:
        for _ in range(4):
            found = self.defs.get(qualname)
            if found is not None:
                return found
            nxt = self.reexports.get(qualname)
            if nxt is None:
                # a method through a re-exported class: pkg.Model.step -> pkg.model.Model.step
                head, _, last = qualname.rpartition(".")
                if head in self.reexports:
                    qualname = f"{self.reexports[head]}.{last}"
                    continue
                return None
            qualname = nxt
        return None

    def sites(self, results: list[FileResult]):
        """Every (CallSite) of every call fact that resolves to a jitted function."""
        for res in results:
            for call in res.facts.calls if res.facts is not None else ():
                jd = self.lookup(call.callee)
                if jd is None or jd.static_unknown:
                    continue
                for arg in call.args:
                    param = _param_for(jd, call.bound, arg.kw, arg.pos)
                    if param is None or (jd.forwards is not None and param not in jd.forwards):
                        continue  # a wrapper's parameter that does not reach the jitted function
                    static = param in jd.static
                    if jd.python_static:  # equinox.filter_jit: every non-array value is static
                        static = bool(arg.py_number or str(arg.scalar or "strong") in WEAK_SCALARS
                                      or _fresh_non_array(arg.fresh))
                    yield CallSite(res.path, call, arg, jd, param, static, self._compiled_at(jd))

    def _compiled_at(self, jd: JitDef) -> tuple[str, CallFact] | None:
        """Where a call of the wrapper ``jd`` compiles: the wrapper's call of the jitted function it
        was read as wrapping (the first of its calls that reaches one), when it is known."""
        if jd.forwards is None:
            return None
        for path, call in self.forwarding.get(jd.qualname, ()):
            inner = self.lookup(call.callee)
            if inner is not None and inner.forwards is None and not inner.static_unknown:
                return path, call
        return None


def _spread_params(wrapper: Wrapper, call, jd: JitDef) -> tuple[ParamFact, ...] | None:
    """``def run(x, *args, **kwargs): return f(x, *args, **kwargs)``: the wrapper's parameters as
    its callers fill them, ``*args`` read as ``f``'s positional parameters from where the call
    spreads it (and, with ``**kwargs`` passed on, ``f``'s keyword-only ones); None when the call
    spreads no ``*args`` of the wrapper, or a name would be ambiguous."""
    star = next((a for a in call.args if a.kw == "*"), None)
    if star is None or call.bound:
        return None
    own = [p for p in wrapper.params if p.kind == "positional"]
    skip = jd.bound_positional + (1 if jd.is_method and not jd.bound_self else 0)
    inner = [p for p in jd.params if p.kind == "positional"][skip:][star.pos:]
    kwonly = [p for p in jd.params if p.kind == "kwonly"] if any(a.kw == "**" for a in call.args) else []
    rest = [p for p in wrapper.params if p.kind not in ("positional", "vararg")]
    names = [p.name for p in (*own, *inner, *kwonly, *rest)]
    if len(names) != len(set(names)):
        return None
    return (*own, *(ParamFact(p.name, "positional", p.has_default) for p in inner), *kwonly, *rest)


def _param_for(jd: JitDef, bound: bool, kw: str | None, pos: int | None) -> str | None:
    """The parameter of the jitted function ``jd`` that one argument of a call binds (by keyword
    ``kw`` or at position ``pos``; ``bound``: the call is ``self.method(...)``)."""
    if kw is not None:
        return kw if kw in jd.param_names() else None
    skip = jd.bound_positional
    if bound and jd.is_method and not jd.bound_self:
        skip += 1
    positional = jd.positional()[skip:]
    return positional[pos] if pos is not None and pos < len(positional) else None


def _fresh_non_array(fresh: str | None) -> bool:
    """A value made anew per iteration or per call that is not an array and not a pytree with
    array leaves (a closure, a ``functools.partial``, a NamedTuple of closures, an instance of a
    class without ``__eq__``): ``equinox.filter_jit`` keeps every non-array leaf static, and this
    one compares by identity (JAX 0.10.2 with equinox: rules/JG302_equinox.py). A pytree whose
    metadata or class is the new part (``in_metadata``, ``new_pytree_class``), or the function a
    ``jax.vjp`` returned (``function_in_structure``), is traced as a tree and read by those checks
    instead."""
    return bool(fresh) and not in_metadata(fresh) and not new_pytree_class(fresh) and not function_in_structure(fresh)
