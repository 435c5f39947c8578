"""The project-wide phase of a warm run, replayed when nothing it read has changed.

After every file has a result, the runner follows traced calls into other files (re-linting the
seeded ones), drops the JG301 findings the tree proves to run under a trace, and runs the project
rules over the call sites (runner._follow_traced_calls, runner.apply_project_rules). All three read
the whole tree: on a 3,000-file tree they cost more than the lint of a few changed files (the
pre-commit hook, docs/performance.md). Their output is a function of what they read:

* each result's facts (``FileFacts``: call sites, definitions, out-calls, re-exports, the uses of
  classes' instances, ...), compared as a fingerprint of their JSON form (cache.facts_fingerprint);
* the answers to questions about files' texts (``answer(path, question, compute)``: an import
  statement's rows, a regular expression, ``__all__``), kept per file and question;
* the texts the proof reads outside those questions (undertrace_project._Proof.read), the files
  whose wrapper checks read their text (runner._wrapper_checks), the ``__init__.py`` files whose
  re-exports are read, and the seeded results (each made from its file's content and its seeds);
* the paths in their order, their module names, the tree's names and the rule codes (the memo's key).

A run records them (:class:`ProjectMemo`, kept in the cache per set of paths: the hook's and the
whole tree's). The next run over the same paths replays the recorded output (the seeded results
from the cache, the pending findings dropped, the project rules' findings) when: every result's
facts have the recorded fingerprint, and every file whose content changed since is none of the
files read directly or an ``__init__.py``, answers every question asked of it in the recording run
as it did then (asked again of its new text), gives the recorded answer to its wrapper check if it
was asked one (asked again, with the recorded names), and, if it was seeded, linted again with
its recorded seeds (the seeds a phase would give it: they come from the other files' facts, which
are the recorded ones) makes a result whose facts have the recorded fingerprint (that result is
the one reported). Then the phase would read exactly what it read before, so it would compute
exactly what it computed: the replay is the phase's output, not an approximation. Anything else (a jitted definition added, a call site
moved, a static_argnums changed, a file added or deleted) runs the phase again, and records it.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import re
from typing import TYPE_CHECKING

from jitguard.lint.cache import Cache, replace_related
from jitguard.lint.diagnostics import FileResult, Finding

if TYPE_CHECKING:
    from jitguard.lint.textscan import LintOptions


def _json(value) -> str:
    # (most answers are the booleans of the proof's searches: ~12,000 a hook run, json.dumps's text)
    if value is True:
        return "true"
    if value is False:
        return "false"
    return json.dumps(value, separators=(",", ":"))


def _digest(parts) -> str:
    return hashlib.blake2b("\0".join(parts).encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()


def _seed_values(m: dict) -> dict:
    """{path: the seeds its recorded seeded result was made with} of memo ``m``."""
    values = marshal.loads(m["seed_values"])
    if not isinstance(values, dict):
        raise TypeError("seed values")
    return values


def ask_again(path: str, question: str):
    """The answer to ``question`` about ``path``'s text now, computed as the project-wide steps
    compute it (crossmodule.import_rows for ``imports:``; undertrace_project._Proof._mentions for
    ``re:``, whose needles only speed up the search; _Proof._has_all for ``has:__all__``). A question
    of another kind: a ValueError (no replay)."""
    from jitguard.lint.textscan import read_source

    try:
        data: bytes | None = read_source(path)
    except (OSError, ValueError):
        data = None
    if question.startswith("imports:"):
        from jitguard.lint.analysis.crossmodule import import_rows

        return import_rows(data, question[len("imports:"):])
    text = data.decode("utf-8", "replace") if data is not None else None
    if question.startswith("re:"):
        return text is None or re.search(question[len("re:"):], text) is not None
    if question == "has:__all__":
        return text is None or "__all__" in text
    raise ValueError(f"unknown question {question!r}")


class ProjectMemo:
    """What one run's project-wide phase read and made (see the module's docstring)."""

    def __init__(self, key: str, paths: list[str], fps: list[str], stored: dict | None) -> None:
        self.key = key
        self.paths = paths
        self.fps = fps  # each first result's facts fingerprint, in the order of paths
        self.stored = stored  # the memo the last run over these paths kept
        self.answers: dict[str, dict[str, str]] = {}  # path -> {question: its answer as JSON}
        self.checked: set[str] = set()  # files asked a wrapper check (their text is read)
        self.checks: dict[str, list] = {}  # path -> [the wrapper names asked (runner._names_key), the answer]
        self.read: set[str] = set()  # files whose text the proof read outside ``answer``
        self.dropped: list = []  # (path, code, line, column) of the pending findings dropped
        self.found: list[tuple[str, Finding]] = []  # the project rules' findings

    @classmethod
    def start(cls, results: list[FileResult], paths: list[str], options: LintOptions, cache: Cache,
              digests: dict[str, str], names: dict[str, str]) -> ProjectMemo | None:
        """The memo of this run, given its first results (one per path, in order); None when one
        has an internal error or a file could not be read (nothing recorded, nothing replayed)."""
        if len(results) != len(paths) or any(r.errors or r.path != p or digests.get(p) is None
                                              for r, p in zip(results, paths)):
            return None
        key = cls.key_of(paths, options, cache, names)
        fps = [cache.fingerprint(p, r) for p, r in zip(paths, results)]
        return cls(key, paths, fps, cache.project_memo(key))

    @staticmethod
    def key_of(paths: list[str], options: LintOptions, cache: Cache, names: dict[str, str]) -> str:
        """The key of the memo of a run over ``paths`` (in the runner's order) with these settings."""
        return _digest([*paths, "", *(names.get(p) or "" for p in paths), "", cache.names_hash,
                        ",".join(sorted(options.codes))])

    @classmethod
    def ahead(cls, paths: list[str], options: LintOptions, cache: Cache, digests: dict[str, str],
              names: dict[str, str]) -> tuple[dict[str, dict], dict[str, list[str]]]:
        """What a replay of the memo of these paths would ask again of the changed files, when it may
        hold (not :meth:`will_run`): ({path: its recorded seeds} of those it lints again with their
        seeds, {path: the wrapper names} of those it asks a wrapper check again (:meth:`_replay`)).
        The runner has them made with the first lint (runner._Forked.lint), not after it."""
        from jitguard.lint.runner import _seeds_key

        m = cache.project_memo(cls.key_of(paths, options, cache, names))
        if m is None or cls.will_run(paths, options, cache, digests, names):
            return {}, {}
        try:
            seeds, checks = {}, {}
            recorded = None
            for p, old in zip(paths, m["digests"]):
                if digests.get(p) == old:
                    continue
                if p in m["seeds"] and recorded is None:
                    recorded = _seed_values(m)
                values = recorded.get(p) if p in m["seeds"] else None
                if values is not None and _seeds_key(values) == m["seeds"][p]:
                    seeds[p] = values
                if p in m["checked"] and p in m["checks"]:
                    checks[p] = m["checks"][p][0].split("\0")
            return seeds, checks
        except (KeyError, TypeError, AttributeError, IndexError, ValueError, EOFError):
            return {}, {}

    @classmethod
    def will_run(cls, paths: list[str], options: LintOptions, cache: Cache, digests: dict[str, str],
                 names: dict[str, str]) -> bool:
        """Known before the changed files are linted: the phase runs (no memo of these paths, or a
        file that changed since it was recorded is one the replay refuses whatever its new result:
        read directly, an ``__init__.py``, or one not read now). False when
        the replay may hold (decided by :meth:`replay`, once the new results' facts are known)."""
        m = cache.project_memo(cls.key_of(paths, options, cache, names))
        if m is None:
            return True
        try:
            refused = set(m["read"])  # (a wrapper-checked or seeded file: asked again by the replay)
            return any(digests.get(p) is None or (digests[p] != old and (p in refused or p.endswith("__init__.py")))
                       for p, old in zip(paths, m["digests"]))
        except (KeyError, TypeError):
            return True

    def answer(self, base):
        """``base`` (the run's ``answer(path, question, compute)``), recording every answer."""
        def ask(path: str, question: str, compute):
            value = base(path, question, compute)
            self.answers.setdefault(path, {})[question] = _json(value)
            return value

        return ask

    # -- the next run ------------------------------------------------------------------------
    def replay(self, results: list[FileResult], options: LintOptions, cache: Cache, digests: dict[str, str],
               seeding, redo=None) -> list[FileResult] | None:
        """The results after the project-wide phase, replayed from the stored memo; None when it
        does not hold (the phase then runs, and this memo records it). ``redo``: (``relint({path:
        seeds}, {path: seeds key})`` -> {path: result}, ``recheck``), the
        runner's seeded lint and wrapper checks (``recheck({path: names})`` -> the paths that may
        record a call of them), for the changed files that were seeded or checked."""
        if self.stored is None:
            return None
        try:
            return self._replay(self.stored, results, options, cache, digests, seeding, redo)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, EOFError):
            return None  # a damaged memo: run the phase

    def _replay(self, m: dict, results: list[FileResult], options: LintOptions, cache: Cache,
                digests: dict[str, str], seeding, redo=None) -> list[FileResult] | None:
        paths = self.paths
        if m["fps"] != self.fps:
            return None
        now = [digests[p] for p in paths]
        changed = [i for i, (a, b) in enumerate(zip(now, m["digests"])) if a != b]
        if not all(self._holds(m, i, now[i], cache) for i in changed) or not self._rechecked(m, changed, redo):
            return None
        by_path = self._seeded(m, dict(zip(paths, results)), options, cache, digests, redo)
        if by_path is None:
            return None
        final = [by_path[p] for p in paths]
        seeding.keys.update(m["seeds"])
        seeding.trees.clear()
        for path, code, line, column in m["dropped"]:
            res = by_path[path]
            res.findings = [f for f in res.findings if not (f.code == code and f.line == line and f.column == column)]
        from jitguard.lint.runner import _add_project_findings

        _add_project_findings(final, [(path, replace_related(Finding.from_json(path, row), related))
                                      for path, row, related in m["found"]])
        if changed:
            cache.put_project_memo(self.key, {**m, "digests": now})
        return final

    def _rechecked(self, m: dict, changed: list[int], redo) -> bool:
        """The changed files that were asked a wrapper check give the recorded answers (asked again
        all at once: one request to the forked process)."""
        checks = {self.paths[i]: m["checks"][self.paths[i]] for i in changed if self.paths[i] in m["checked"]}
        if not checks:
            return True
        if redo is None:
            return False
        kept = redo[1]({path: names.split("\0") for path, (names, _answer) in checks.items()})
        return all((path in kept) == answer for path, (_names, answer) in checks.items())

    def _seeded(self, m: dict, by_path: dict[str, FileResult], options: LintOptions, cache: Cache,
                digests: dict[str, str], redo) -> dict[str, FileResult] | None:
        """``by_path`` with the seeded results (from the cache; a changed file's linted again with its
        recorded seeds), when each has the recorded facts; else None."""
        from jitguard.lint.runner import _seeds_key, _text

        again: dict[str, dict] = {}  # seeded files whose seeded result is not cached (changed since)
        recorded = None
        for path, key in m["seeds"].items():
            res = cache.get(path, digests[path], lambda p=path: options.mentioned(_text(p)), seeds=key)
            if res is None:
                recorded = _seed_values(m) if recorded is None else recorded
                seeds = recorded.get(path)
                if redo is None or seeds is None or _seeds_key(seeds) != key:
                    return None
                again[path] = seeds
            elif cache.fingerprint(path, res, key) != m["seed_fps"][path]:
                return None
            else:
                by_path[path] = res
        if again:
            # the same seeds (the other files' facts are the recorded ones) on the new content: a
            # result with the recorded facts is one the phase would read as it did
            fresh = redo[0](again, {path: m["seeds"][path] for path in again})
            for path in again:
                res = fresh.get(path)
                if res is None or cache.fingerprint(path, res, m["seeds"][path]) != m["seed_fps"][path]:
                    return None
                by_path[path] = res
        return by_path

    def _holds(self, m: dict, i: int, digest: str, cache: Cache) -> bool:
        """The ``i``th file changed (its content now has ``digest``): it is none of the files the phase
        read directly or an ``__init__.py``, and its new text answers every question the phase
        asked of it as the old one did (asked again; kept in the cache). (A file asked a wrapper
        check is asked it again, and a seeded file linted again with its recorded seeds, by
        :meth:`_replay`.)"""
        path = self.paths[i]
        # (an ``__init__.py``'s re-exports are read as crossmodule.package_reexports picks its files)
        if path in m["read"] or path.endswith("__init__.py"):
            return False
        if m["asked"][i] is None:
            return True
        qset, signed = m["asked"][i]
        questions = [m["questions"][j] for j in m["qsets"][qset]]
        values = [_json(cache.text_answer(path, digest, q, lambda q=q: ask_again(path, q))) for q in questions]
        return _digest(values) == signed

    # -- this run ------------------------------------------------------------------------------
    def keep(self, results: list[FileResult], cache: Cache, digests: dict[str, str], seeding) -> None:
        """Store what this run's phase read and made (``results``: after it)."""
        by_path = {r.path: r for r in results}
        if any(by_path.get(p) is None for p in self.paths):
            return
        seeds = {p: k for p, k in seeding.keys.items() if k}
        questions: dict[str, int] = {}
        qsets: dict[tuple, int] = {}
        asked: list = []
        for path in self.paths:
            got = self.answers.get(path)
            if not got:
                asked.append(None)
                continue
            order = sorted(got)
            qset = tuple(questions.setdefault(q, len(questions)) for q in order)
            asked.append([qsets.setdefault(qset, len(qsets)), _digest([got[q] for q in order])])
        cache.put_project_memo(self.key, {
            "fps": self.fps,
            "digests": [digests[p] for p in self.paths],
            "questions": list(questions),
            "qsets": [list(q) for q in qsets],
            "asked": asked,
            "checked": sorted(self.checked),
            "checks": {p: self.checks[p] for p in sorted(self.checks)},
            # (marshalled apart: read only by a run with a seeded file changed, ~1 ms of every memo's load otherwise)
            "seed_values": marshal.dumps({p: seeding.values[p] for p in seeds if p in seeding.values}),
            "read": sorted(self.read),
            "seeds": seeds,
            "seed_fps": {p: cache.fingerprint(p, by_path[p], k) for p, k in seeds.items()},
            "dropped": [list(d) for d in self.dropped],
            "found": [[path, f.to_json(), list(f.related)] for path, f in self.found],
        })
