"""Across the checked tree: is every call of a class's instances made under a trace?

``jitguard.lint.analysis.undertrace`` leaves, in each file's facts, how the file uses the instances
of the classes it names, and the JG301 findings that hold unless the ``__call__`` of some classes
runs only under a trace ("pending"). Once every file is read, :func:`drop_proven` drops a pending
finding when, for each such class, every use of every instance the tree makes is a call in code
that runs only under a trace (recursively: in a method of a class whose own instances are only
called under a trace), at least one instance is made, no class of the tree derives from it, no
other module reads a method or attribute the proof read in one module only, and no file the
analysis did not read with libcst names the class at all. A private function (``mod._f()``) is
proven alike from every read of it in the tree, when also every file whose imports refer to it
recorded its reads (:func:`traced_sites` applies the proof to the churn rules' call sites). A
pending finding of an eager loop
(names ``!f``: ``f`` is the entry function its eager path starts from) is dropped the other way:
when some other file refers to ``f`` (it may call it inside a jitted step). A finding that a
NONEDISPATCH hold hides (names ``?f_jit``, ``?f``: jitguard.lint.analysis.noneguards) is dropped
when no other file refers to them. A pending finding of a loop over what functions of other modules
return (names ``%pkg.mod.f``: eagerloops) is dropped when each one's file records that its every
``return`` gives a fixed collection (``fixed_returns``: a bounded number of iterations). "Refers to" is read from the other files' import statements
(``_Proof.referred_elsewhere``: an import of the name from this module, or ``module.name`` on an
import of the module), so a same-named function of an unrelated module changes nothing; the
words of a file are searched only where its imports cannot be read. Runs on the cached facts
and the files' text alone (no libcst).
"""

from __future__ import annotations

import re
from dataclasses import replace


def drop_proven(results, answer=None, proof: "Proofs | None" = None, dropped: list | None = None) -> None:
    """Remove from ``results`` (FileResult) the pending JG301 findings whose condition holds.

    ``answer(path, question, compute)``, if given, may give ``compute()``, a search of the file's
    text, from an earlier run on the same content (the runner's cache: Cache.text_answer).
    ``proof``: the run's :class:`Proofs` (one proof for this and :func:`traced_sites`).
    ``dropped``: gets (path, code, line, column) of each pending row dropped (the runner's memo of
    the project-wide phase replays them: runner._ProjectMemo)."""
    pending = [(res, row) for res in results for row in _trace_calls(res).get("pending", ())]
    if not pending:
        return
    proof = (proof or Proofs(results, answer)).get()
    for res, row in pending:
        line, column, classes, names = row[:4]
        code = row[4] if len(row) > 4 else "JG301"
        named = [n[1:] for n in names if n.startswith("!")]  # an eager entry function (eagerloops)
        private = [n[1:] for n in names if n.startswith("?")]  # a NONEDISPATCH hold (noneguards)
        bounds = [n[1:] for n in names if n.startswith("%")]  # a loop over their results (eagerloops)
        if bounds:
            drop = all(proof.returns_fixed(name) for name in bounds)
        elif private:
            drop = not proof.referred_elsewhere(private, res.path)
        else:
            drop = proof.referred_elsewhere(named, res.path) if named else proof.holds(classes, names, res.path)
        if drop:
            if dropped is not None:
                dropped.append((res.path, code, line, column))
            res.findings = [f for f in res.findings
                            if not (f.code == code and f.line == line and f.column == column)]


def traced_sites(sites, results, answer=None, proof: "Proofs | None" = None) -> list:
    """The call sites (project.CallSite), those whose call is made in code that runs only under a
    trace across the tree (``CallFact.under`` holds, as for a pending JG301 finding) marked
    ``traced``: part of the outer trace, such a call compiles nothing of its own, so the churn
    rules (``rules._sites.python_level``) leave it alone."""
    sites = list(sites)
    if not any(s.call.under is not None and not s.call.traced for s in sites):
        return sites
    proof = (proof or Proofs(results, answer)).get()
    decided: dict[tuple, bool] = {}
    out = []
    for site in sites:
        call = site.call
        if call.under is not None and not call.traced:
            key = (site.path, call.under)
            if key not in decided:
                decided[key] = proof.holds(call.under[0], call.under[1], site.path)
            if decided[key]:
                site = replace(site, call=replace(call, traced=True))
        out.append(site)
    return out


def _trace_calls(res) -> dict:
    facts = getattr(res, "facts", None)
    return getattr(facts, "trace_calls", None) or {}


class Proofs:
    """The proof over ``results``, made when first asked (:meth:`get`) and then shared by
    :func:`drop_proven` and :func:`traced_sites`: it reads the results' facts and the files' texts
    only, which neither changes, and what it memoizes (:meth:`_Proof.proven`) does not depend on the
    order of the questions (True exactly when every class it rests on is proven without a cycle).
    ``modules``: {path: module name} of the run, if known (else each is found again)."""

    def __init__(self, results, answer=None, modules: dict[str, str] | None = None) -> None:
        self._args = (results, answer, modules)
        self._proof: _Proof | None = None

    def get(self) -> "_Proof":
        if self._proof is None:
            self._proof = _Proof(*self._args)
        return self._proof


class _Proof:
    def __init__(self, results, answer=None, modules: dict[str, str] | None = None) -> None:
        self.results = list(results)
        self._modules = modules or {}
        self._answer = answer or (lambda _path, _question, compute: compute())
        self.reexports: dict[str, str] = {}
        for res in self.results:
            if res.facts is not None:
                self.reexports.update(res.facts.reexports)
        # canonical class -> [(path, the file's verdicts)], flattened by uses() when asked (a proof
        # asks for a few classes; the tree records uses of thousands)
        self._uses: dict[str, list] = {}
        self.unread: list[str] = []  # files whose uses are not recorded: their text is searched
        for res in self.results:
            facts = _trace_calls(res)
            if res.facts is None or res.facts.trace_calls is None or facts.get("local_imports"):
                self.unread.append(res.path)
            for qualname, verdicts in facts.get("uses", {}).items():
                self._uses.setdefault(self._tree_name(self.canonical(qualname)), []).append((res.path, verdicts))
        self._texts: dict[str, str | None] = {}
        self.read: set[str] = set()  # files whose text was read outside ``answer`` (:meth:`referring`)
        self._memo: dict[str, bool] = {}
        self._stack: set[str] = set()

    def canonical(self, qualname: str) -> str:
        """``pkg.Model`` -> ``pkg.models.Model`` through the re-exports (``pkg._f()``, the calls of a
        private function, the same way)."""
        if qualname.endswith("()"):
            return self.canonical(qualname[:-2]) + "()"
        for _ in range(4):
            nxt = self.reexports.get(qualname)
            if nxt is None:
                head, _, last = qualname.rpartition(".")
                if head not in self.reexports:
                    break
                nxt = f"{self.reexports[head]}.{last}"
            if nxt == qualname:
                break
            qualname = nxt
        return qualname

    def returns_fixed(self, qualname: str) -> bool:
        """Does the file of the tree that defines the module-level function ``qualname`` record
        that its every ``return`` gives a fixed collection (undertrace.file_facts)?"""
        module, _, name = self.canonical(qualname).rpartition(".")
        path = self._paths_by_module().get(module)
        res = self._results_by_path().get(path) if path is not None else None
        return res is not None and name in _trace_calls(res).get("fixed_returns", ())

    def _results_by_path(self) -> dict:
        if not hasattr(self, "_by_path"):
            self._by_path = {res.path: res for res in self.results}
        return self._by_path

    def holds(self, classes, names, path: str) -> bool:
        return self._unread_elsewhere(names, path) and all(self.proven(c) for c in classes)

    def proven(self, qualname: str) -> bool:
        qualname = self.canonical(qualname)
        if qualname in self._memo:
            return self._memo[qualname]
        if qualname in self._stack:
            return False  # a cycle: not proven
        self._stack.add(qualname)
        result = self._proven(qualname)
        self._stack.discard(qualname)
        self._memo[qualname] = result
        return result

    def uses(self, qualname: str) -> list:
        """[(path, verdict)] of every recorded use of the class's instances, in the files' order."""
        return [(path, v) for path, verdicts in self._uses.get(qualname, ()) for v in verdicts]

    def _proven(self, qualname: str) -> bool:
        verdicts = self.uses(qualname)
        if not verdicts:
            return False  # no instance (no call) seen: nothing proves where it is called
        last = qualname.rpartition('.')[2].removesuffix("()")
        word = re.compile(rf"\b{re.escape(last)}\b")
        needle = (last,)
        if any(self._mentions(path, word, needle) for path in self.unread):
            return False
        if qualname.endswith("()") and not self._calls_all_recorded(qualname, {path for path, _v in verdicts}):
            return False
        for path, verdict in verdicts:
            if verdict is None:
                return False
            classes, names = verdict
            if not (self._unread_elsewhere(names, path) and all(self.proven(c) for c in classes)):
                return False
        return True

    def _calls_all_recorded(self, qualname: str, recorded: set[str]) -> bool:
        """Every file that refers to the private function ``qualname`` (``mod._f()``) through its
        imports (:meth:`referring`) recorded its uses of it: one that imports it by a star, or
        reads it in a way the walk does not follow, leaves the proof unmade."""
        module, _, name = qualname[:-2].rpartition(".")
        own = self._paths_by_module().get(module)
        if own is None:
            return False  # the function's own file is not among those checked
        return all(path in recorded for path in self.referring([name], own, loose=True))

    def _tree_name(self, qualname: str) -> str:
        """``pkg.sub.ns._f()`` -> ``ns._f()`` when the file of the module lies in a namespace
        package (no ``__init__.py`` above it: its module name lacks the outer packages an import
        names); other names unchanged."""
        if not qualname.endswith("()"):
            return qualname
        module, _, name = qualname[:-2].rpartition(".")
        modules = self._paths_by_module()
        if module in modules:
            return qualname
        # the longest module of the tree that ``module`` ends with after a dot: the suffixes after
        # each of its dots, the longest first (one lookup per dot, not a test per module of the tree)
        dot = module.find(".")
        while dot != -1:
            if module[dot + 1:] in modules:
                return f"{module[dot + 1:]}.{name}()"
            dot = module.find(".", dot + 1)
        return qualname

    def _paths_by_module(self) -> dict[str, str]:
        if not hasattr(self, "_by_module"):
            self._by_module = {self._module(res.path): res.path for res in self.results}
        return self._by_module

    def _unread_elsewhere(self, names, path: str) -> bool:
        """No file but ``path`` reads one of these attributes (``.name``) or, for ``=name``, names
        that global at all (``from train import MODEL``)."""
        if not names:
            return True
        attrs = [r"\.\s*" + re.escape(n) for n in names if not n.startswith("=")]
        words = [re.escape(n[1:]) for n in names if n.startswith("=")]
        pattern = re.compile(r"(?:" + "|".join(attrs + [rf"(?<!\w){w}" for w in words]) + r")\b")
        needles = tuple(n.lstrip("=") for n in names)
        return not any(self._mentions(res.path, pattern, needles) for res in self.results if res.path != path)

    def referred_elsewhere(self, names, path: str) -> bool:
        """Does a file of the tree but ``path`` refer to one of ``names``, module-level names of
        the module of ``path``? Decided from each file's import statements (crossmodule.
        import_statements: imports inside functions too), not from its words: ``from pkg.evidence
        import _f`` (through a package that may re-export it: ``from pkg import _f``; a star
        import, for a name it imports), or ``ev._f`` / ``pkg.evidence._f`` in a file that imports
        the module (``import pkg.evidence as ev``, ``from pkg import evidence``, ``import
        pkg.evidence``). A same-named function of another module, a comment or a string is no
        reference. Only where the imports cannot be read, the file's words are searched as
        before: a file that cannot be read, one that imports modules by name at run time
        (``importlib.import_module``, ``__import__``), or a relative import whose package is
        unknown."""
        return next(self.referring(names, path), None) is not None

    def referring(self, names, path: str, loose: bool = False):
        """The files (paths) of the tree but ``path`` that refer to one of ``names``, as
        :meth:`referred_elsewhere` decides it (``loose``: also an import from a module whose
        name ends with the module's, as one in a namespace package is named)."""
        if not names:
            return
        module = self._module(path)
        words = re.compile(r"(?:" + "|".join(rf"(?<!\w){re.escape(n)}" for n in names) + r")\b")
        for res in self.results:
            if res.path == path:
                continue
            if not self._mentions(res.path, words, names):
                continue
            self.read.add(res.path)
            text = self._text(res.path)
            if (text is None or "import_module" in text or "__import__" in text  # run-time imports: the words decide
                    or self._refers(text, self._module(res.path), module, names, path, loose)):
                yield res.path

    def _refers(self, text: str, here: str, module: str, names, path: str, loose: bool = False) -> bool:
        from jitguard.lint.analysis.crossmodule import import_statements

        targets = {f"{module}.{n}" for n in names}
        aliases: set[str] = set()  # local names of the module in this file

        def same(name: str) -> bool:
            return name == module or (loose and name.endswith("." + module))

        for base, entries in import_statements(text, here):
            if base is None:
                if any(name in names for name, _alias in entries):
                    return True  # a relative import of a package not known: by its words
                continue
            for name, alias in entries:
                if not base:  # import a.b.c [as d]
                    if alias is not None and same(self.canonical(name)):
                        aliases.add(alias)
                    elif alias is None and name.split(".")[0] == module.split(".")[0]:
                        aliases.add(module)  # used as the dotted path pkg.evidence._f
                    continue
                inside = module == base or module.startswith(base + ".")  # from the module or a package above it
                inside = inside or (loose and base.endswith("." + module))
                if name == "*":
                    if inside and any(not n.startswith("_") or self._has_all(path) for n in names):
                        return True
                elif name in names and (inside or self.canonical(f"{base}.{name}") in targets):
                    return True
                elif same(self.canonical(f"{base}.{name}")):
                    aliases.add(alias or name)
        return any(re.search(rf"(?<![\w.]){re.escape(a)}\s*\.\s*{re.escape(n)}\b", text)
                   for a in aliases for n in names)

    def _has_all(self, path: str) -> bool:
        return self._answer(path, "has:__all__", lambda: (text := self._text(path)) is None or "__all__" in text)

    def _module(self, path: str) -> str:
        from jitguard.lint.textscan import public_name

        name = self._modules.get(path)
        if name is None:
            from jitguard.lint.discovery import module_name

            name = module_name(path)
        return public_name(name)

    def _text(self, path: str) -> str | None:
        if path not in self._texts:
            from jitguard.lint.textscan import read_source

            try:
                self._texts[path] = read_source(path).decode("utf-8", "replace")
            except (OSError, ValueError):
                self._texts[path] = None
        return self._texts[path]

    def _mentions(self, path: str, pattern: re.Pattern, needles) -> bool:
        """Does ``pattern`` match the file's text (True if unreadable)? ``needles``: strings every
        match contains, looked for first (a substring test is many times faster than the regex)."""
        def search() -> bool:
            text = self._text(path)
            return text is None or (_has_any(text, needles) and pattern.search(text) is not None)

        return self._answer(path, "re:" + pattern.pattern, search)


def _has_any(text: str, needles) -> bool:
    return any(n in text for n in needles)
