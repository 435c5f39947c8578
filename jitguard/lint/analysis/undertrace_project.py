"""Across the checked tree: is every call of a class's instances made under a trace?

``jitguard.lint.analysis.undertrace`` leaves, in each file's facts, how the file uses the instances
of the classes it names, and the JG301 findings that hold unless the ``__call__`` of some classes
runs only under a trace ("pending"). Once every file is read, :func:`drop_proven` drops a pending
finding when, for each such class, every use of every instance the tree makes is a call in code
that runs only under a trace (recursively: in a method of a class whose own instances are only
called under a trace), at least one instance is made, no class of the tree derives from it, no
other module reads a method or attribute the proof read in one module only, and no file the
analysis did not read with libcst names the class at all. A pending finding of an eager loop
(names ``!f``: ``f`` is the entry function its eager path starts from) is dropped the other way:
when some other file names ``f`` (it may call it inside a jitted step). A finding that a
NONEDISPATCH hold hides (names ``?f_jit``, ``?f``: jitguard.lint.analysis.noneguards) is dropped
when no other file names them. Runs on the cached facts alone (no libcst).
"""

from __future__ import annotations

import re
from pathlib import Path


def drop_proven(results) -> None:
    """Remove from ``results`` (FileResult) the pending JG301 findings whose condition holds."""
    pending = [(res, row) for res in results for row in _trace_calls(res).get("pending", ())]
    if not pending:
        return
    proof = _Proof(results)
    for res, row in pending:
        line, column, classes, names = row[:4]
        code = row[4] if len(row) > 4 else "JG301"
        named = [f"={n[1:]}" for n in names if n.startswith("!")]  # an eager entry function (eagerloops)
        private = [f"={n[1:]}" for n in names if n.startswith("?")]  # a NONEDISPATCH hold (noneguards)
        if private:
            drop = proof._unread_elsewhere(private, res.path)
        else:
            drop = (not proof._unread_elsewhere(named, res.path)) if named else proof.holds(classes, names, res.path)
        if drop:
            res.findings = [f for f in res.findings
                            if not (f.code == code and f.line == line and f.column == column)]


def _trace_calls(res) -> dict:
    facts = getattr(res, "facts", None)
    return getattr(facts, "trace_calls", None) or {}


class _Proof:
    def __init__(self, results) -> None:
        self.results = list(results)
        self.reexports: dict[str, str] = {}
        for res in self.results:
            if res.facts is not None:
                self.reexports.update(res.facts.reexports)
        self.uses: dict[str, list] = {}
        self.unread: list[str] = []  # files whose uses are not recorded: their text is searched
        for res in self.results:
            facts = _trace_calls(res)
            if res.facts is None or res.facts.trace_calls is None or facts.get("local_imports"):
                self.unread.append(res.path)
            for qualname, verdicts in facts.get("uses", {}).items():
                self.uses.setdefault(self.canonical(qualname), []).extend((res.path, v) for v in verdicts)
        self._texts: dict[str, str | None] = {}
        self._memo: dict[str, bool] = {}
        self._stack: set[str] = set()

    def canonical(self, qualname: str) -> str:
        """``pkg.Model`` -> ``pkg.models.Model`` through the re-exports."""
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

    def _proven(self, qualname: str) -> bool:
        verdicts = self.uses.get(qualname)
        if not verdicts:
            return False  # no instance seen: nothing proves where it is called
        word = re.compile(rf"\b{re.escape(qualname.rpartition('.')[2])}\b")
        if any(self._mentions(path, word) for path in self.unread):
            return False
        for path, verdict in verdicts:
            if verdict is None:
                return False
            classes, names = verdict
            if not (self._unread_elsewhere(names, path) and all(self.proven(c) for c in classes)):
                return False
        return True

    def _unread_elsewhere(self, names, path: str) -> bool:
        """No file but ``path`` reads one of these attributes (``.name``) or, for ``=name``, names
        that global at all (``from train import MODEL``)."""
        if not names:
            return True
        attrs = [r"\.\s*" + re.escape(n) for n in names if not n.startswith("=")]
        words = [re.escape(n[1:]) for n in names if n.startswith("=")]
        pattern = re.compile(r"(?:" + "|".join(attrs + [rf"(?<!\w){w}" for w in words]) + r")\b")
        return not any(self._mentions(res.path, pattern) for res in self.results if res.path != path)

    def _mentions(self, path: str, pattern: re.Pattern) -> bool:
        if path not in self._texts:
            try:
                self._texts[path] = Path(path).read_text(encoding="utf-8", errors="replace")
            except (OSError, ValueError):
                self._texts[path] = None
        text = self._texts[path]
        return text is None or pattern.search(text) is not None
