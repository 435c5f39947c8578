"""The project-wide index of jitted callables, and the resolution of call sites against it.

Built once per run from the facts every file contributed (``jitguard.lint.analysis.calls``): no file
is parsed twice. A call resolves through imports across the checked tree (``from .train import
step``, ``train.step``, re-exports in ``__init__.py``) and to jitted methods (``self.step``).
"""

from __future__ import annotations

from dataclasses import dataclass

from jitguard.lint.diagnostics import FileResult, Finding


_WEAK = ("int", "float", "bool", "complex")  # kinds of Python scalar literals (calls._scalar_kind)


@dataclass
class CallSite:
    """One argument of one call that reaches a jitted function, as project rules see it."""

    path: str
    call: dict  # the CallFact: callee, bound, in_loop, args, and location
    arg: dict  # one entry of call["args"]
    jitdef: dict
    param: str
    static: bool

    @property
    def function(self) -> str:
        return self.jitdef["display"]


class ProjectIndex:
    def __init__(self, results: list[FileResult]) -> None:
        self.defs: dict[str, dict] = {}
        self.reexports: dict[str, str] = {}
        wrappers = []
        for res in results:
            facts = res.facts or {}
            for d in facts.get("defs", ()):
                self.defs.setdefault(d["qualname"], {**d, "path": res.path})
            self.reexports.update(facts.get("reexports", {}))
            wrappers.extend((w, res.path) for w in facts.get("wrappers", ()))
        for wrapper, path in wrappers:
            self._add_wrapper(wrapper, path)

    def _add_wrapper(self, wrapper: dict, path: str) -> None:
        """``def run(img, size): return resize(img, size)`` with ``resize`` jitted: calls of ``run``
        are calls of ``resize`` for the parameters it passes on (static where ``resize``'s are)."""
        if wrapper["qualname"] in self.defs:
            return
        static: set[str] = set()
        forwards: set[str] = set()
        first = None
        for call in wrapper["calls"]:
            jd = self.lookup(call["callee"])
            if jd is None or jd.get("static_unknown") or "forwards" in jd:
                continue  # not jitted, unreadable, or a wrapper itself (one level is followed)
            for arg in call["args"]:
                param = _param_for(jd, call, arg)
                if param is not None:
                    forwards.add(arg["param"])
                    if param in jd["static"]:
                        static.add(arg["param"])
            first = first or jd
        if first is None or not forwards:
            return
        self.defs[wrapper["qualname"]] = {
            "qualname": wrapper["qualname"], "display": f"{wrapper['display']} → {first['display']}",
            "params": wrapper["params"], "static": sorted(static), "forwards": sorted(forwards),
            "static_unknown": False, "bound_self": False, "bound_positional": 0, "is_method": False,
            "transform": first["transform"], "python_static": first.get("python_static", False), "path": path,
        }

    def lookup(self, qualname: str) -> dict | None:
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
            for call in (res.facts or {}).get("calls", ()):
                jd = self.lookup(call["callee"])
                if jd is None or jd.get("static_unknown"):
                    continue
                for arg in call["args"]:
                    param = _param_for(jd, call, arg)
                    if param is None or ("forwards" in jd and param not in jd["forwards"]):
                        continue  # a wrapper's parameter that does not reach the jitted function
                    static = param in jd["static"]
                    if jd.get("python_static"):  # equinox.filter_jit: every non-array value is static
                        static = bool(arg.get("py_number") or str(arg.get("scalar", "strong")) in _WEAK)
                    yield CallSite(res.path, call, arg, jd, param, static)


def _param_for(jd: dict, call: dict, arg: dict) -> str | None:
    """The parameter of the jitted function ``jd`` that one argument of a call binds."""
    names = {p[0] for p in jd["params"]}
    if arg["kw"] is not None:
        return arg["kw"] if arg["kw"] in names else None
    skip = jd.get("bound_positional", 0)
    if call.get("bound") and jd.get("is_method") and not jd.get("bound_self"):
        skip += 1
    positional = [p[0] for p in jd["params"] if p[1] == "positional"][skip:]
    return positional[arg["pos"]] if arg["pos"] is not None and arg["pos"] < len(positional) else None


def apply_project_rules(results: list[FileResult], rules: list) -> None:
    """Run the project rules over all call sites; add their findings to the calling files."""
    project_rules = [r for r in rules if hasattr(r, "check_site") or hasattr(r, "check_sites")]
    if not project_rules:
        return
    index = ProjectIndex(results)
    if not index.defs:
        return
    by_path = {r.path: r for r in results}
    sites = list(index.sites(results))
    for rule in project_rules:
        out: list[tuple[CallSite, str, str]] = []
        if hasattr(rule, "check_site"):
            for site in sites:
                verdict = rule.check_site(site)
                if verdict:
                    out.append((site, *verdict))
        if hasattr(rule, "check_sites"):
            out.extend(rule.check_sites(sites))
        for site, message, fix, *replacement in out:
            call = site.call
            suppressed = call.get("noqa", [])
            if "*" in suppressed or rule.code in suppressed:
                continue
            edit = None
            if replacement and replacement[0] is not None and "span" in site.arg:
                edit = (*site.arg["span"], replacement[0])
            by_path[site.path].findings.append(
                Finding(site.path, call["line"], call["column"], rule.code, message, call["end_line"], call["end_column"],
                        fix, edit)
            )
    for res in results:
        res.findings.sort()
