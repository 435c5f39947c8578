"""A content cache like ``.ruff_cache``: findings keyed by file content, jitguard version and settings."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tempfile
import time
from pathlib import Path

from jitguard._version import __version__
from jitguard.lint.analysis.facts import FACTS_SCHEMA, FileFacts
from jitguard.lint.diagnostics import FileResult, Finding, NoqaDirective

# The shape of an entry. Bump it whenever what is stored changes (findings, fixes, suppression
# comments, facts): a cache written with another schema is ignored, never misread.
SCHEMA = 6

# A file's status is recorded with its digest only when its last change is this much older than the
# moment of recording: a file changed again within the clock's resolution keeps its times, so a
# younger one could look unchanged ("racily clean" in git's index). Nanoseconds.
STAT_MARGIN_NS = 2_000_000_000

CACHEDIR_TAG = "Signature: 8a477f597d28d172789f06886806bc55\n# This file is a cache directory tag created by jitguard.\n"


def replace_related(finding: Finding, related) -> Finding:
    return dataclasses.replace(finding, related=tuple(related)) if related else finding


def content_digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


class Cache:
    """One JSON file per (jitguard version, schema, settings): {"schema": SCHEMA, "names": hash of
    the tree's jitted names, "files": {absolute path: [digest, findings, facts, jitted names it
    mentions, jitted names it defines, suppression comments]}}.

    The key is the file's content (not its mtime), the version and the settings' fingerprint, so
    a stale result can only come back for the very same bytes under the very same settings.
    """

    def __init__(self, directory: Path, key: str, names: frozenset[str] | None = None) -> None:
        """``names``: the jitted names of the whole tree this run (see runner.lint_files). A file's
        result also depends on which of them it mentions; an entry records those, so a change
        elsewhere in the tree invalidates only the files it concerns."""
        self.directory = directory
        digest = hashlib.sha256(f"{__version__}\0{SCHEMA}.{FACTS_SCHEMA}\0{key}".encode()).hexdigest()[:16]
        self.file = directory / __version__ / f"{digest}.json"
        self._entries: dict[str, list] = {}
        self._abs: dict[str, str] = {}
        self._dirty = False
        try:
            data = json.loads(self.file.read_text("utf-8"))
        except (OSError, ValueError):
            data = {}
        if not isinstance(data, dict) or data.get("schema") != f"{SCHEMA}.{FACTS_SCHEMA}" or not isinstance(data.get("files"), dict):
            data = {"files": {}}  # a damaged cache, or one of another schema, is an empty one
        self._entries = data["files"]
        self._stored_names = data.get("names")
        self._project = data.get("project")
        self._reexports = data.get("reexports") if isinstance(data.get("reexports"), dict) else {}
        self._wrapper_checks = data.get("wrapper_checks") if isinstance(data.get("wrapper_checks"), dict) else {}
        self._stats = data.get("stats") if isinstance(data.get("stats"), dict) else {}
        self._answers = data.get("answers") if isinstance(data.get("answers"), dict) else {}
        self.set_names(names or frozenset())

    @property
    def empty(self) -> bool:
        """No result stored (a first run, other settings, another version): every file is linted."""
        return not self._entries

    def _path(self, path: str) -> str:
        """The absolute path that keys ``path``'s entries (each file is looked up several times a run)."""
        full = self._abs.get(path)
        if full is None:
            full = self._abs[path] = os.path.abspath(path)
        return full

    def set_names(self, names: frozenset[str]) -> None:
        """The tree's jitted names for this run (known only after the files were scanned)."""
        self._names_hash = hashlib.sha256("\0".join(sorted(names)).encode()).hexdigest()[:16]
        self._same_names = self._stored_names == self._names_hash

    def known_digest(self, path: str, st: os.stat_result) -> str | None:
        """The digest of the file's content when its status (size, inode, modification and change
        times) is the one recorded with it: a file unchanged since is not read again, as git's
        index does. The change time cannot be set back by a program (``touch -d``, ``cp -p`` and
        ``rsync -t`` set the modification time only)."""
        row = self._stats.get(self._path(path))
        if isinstance(row, list) and len(row) == 5 and row[:4] == [st.st_size, st.st_ino, st.st_mtime_ns, st.st_ctime_ns]:
            return row[4] if isinstance(row[4], str) else None
        return None

    def put_stat(self, path: str, st: os.stat_result, digest: str) -> None:
        """Record the status ``st`` (taken before the file was read) with the digest of what was read."""
        if st.st_ctime_ns > time.time_ns() - STAT_MARGIN_NS or st.st_mtime_ns > time.time_ns() - STAT_MARGIN_NS:
            return
        row = [st.st_size, st.st_ino, st.st_mtime_ns, st.st_ctime_ns, digest]
        key = self._path(path)
        if self._stats.get(key) != row:
            self._stats[key] = row
            self._dirty = True

    def tree_scan(self, path: str, digest: str) -> tuple[list[str], list[str], list[str]] | None:
        """(jitted names, pytree metadata fields, Python-valued methods) of this very content, as
        the tree-wide text scans found them last time (runner.with_tree_names): an unchanged file
        is not scanned again."""
        entry = self._entries.get(self._path(path))
        try:
            if entry is None or entry[0] != digest or len(entry) < 7:
                return None
            names, (fields, methods) = entry[4], entry[6]
            if all(isinstance(x, list) for x in (names, fields, methods)):
                return names, fields, methods
        except (TypeError, ValueError, IndexError, KeyError):  # a damaged entry: scan again
            pass
        return None

    def get(self, path: str, digest: str, mentions=None, seeds: str = "") -> FileResult | None:
        """The cached result for ``path`` if it was made from content with this ``digest``.

        ``mentions()`` gives the jitted names the file mentions now; it is called only when the
        tree's jitted names changed since the cache was written."""
        entry = self._entries.get(self._path(path) + (f"\0{seeds}" if seeds else ""))
        try:
            if entry is None or entry[0] != digest:
                return None
            if not self._same_names and mentions is not None and sorted(mentions()) != (entry[3] if len(entry) > 3 else []):
                return None
            findings = [Finding.from_json(path, f) for f in entry[1]]
            facts = FileFacts.from_json(entry[2]) if isinstance(entry[2], dict) else None
            noqa = tuple(NoqaDirective.from_json(d) for d in entry[5])
        except (TypeError, ValueError, IndexError, KeyError):
            return None  # a damaged entry: lint the file again
        return FileResult(path, findings, facts=facts, noqa=noqa)

    def put(self, path: str, result: FileResult, digest: str, mentions=frozenset(), defines=frozenset(),
            seeds: str = "", metadata: tuple | None = None) -> None:
        """Remember ``result``, made from content with this ``digest``: the file mentions the tree's
        jitted names ``mentions`` and defines ``defines`` (and, in ``metadata``, the pytree
        metadata fields and Python-valued methods the tree scan found in it); ``seeds`` keys a
        result checked with parameters seeded from other files (jitguard.lint.analysis.crossmodule)."""
        rows = [f.to_json() for f in result.findings]
        key = self._path(path) + (f"\0{seeds}" if seeds else "")
        facts = result.facts.to_json() if result.facts is not None else None
        entry = [digest, rows, facts, sorted(mentions), sorted(defines), [d.to_json() for d in result.noqa]]
        if metadata is not None:
            entry.append([sorted(metadata[0]), sorted(metadata[1])])
        self._entries[key] = entry
        self._dirty = True

    def project_findings(self, key: str) -> list[tuple[str, Finding]] | None:
        """The project-wide rules' findings of the run whose inputs hash to ``key`` (see
        runner.apply_project_rules), as (path, finding) pairs; None if the cache holds another run's."""
        stored = self._project
        try:
            if not isinstance(stored, list) or stored[0] != key:
                return None
            return [(path, replace_related(Finding.from_json(path, row), related)) for path, row, related in stored[1]]
        except (TypeError, ValueError, IndexError, KeyError):
            return None

    def put_project_findings(self, key: str, found: list[tuple[str, Finding]]) -> None:
        rows = [[path, f.to_json(), list(f.related)] for path, f in found]
        if self._project != [key, rows]:
            self._project = [key, rows]
            self._dirty = True

    def reexports(self, path: str, digest: str | None, package: str) -> dict[str, str] | None:
        """What ``path`` (a package's __init__.py, module ``package``) re-exports, as read from this
        very content last time (crossmodule.package_reexports); None if not known."""
        entry = self._reexports.get(self._path(path))
        if digest is None or not isinstance(entry, list) or len(entry) != 3 or entry[:2] != [digest, package]:
            return None
        return entry[2] if isinstance(entry[2], dict) else None

    def put_reexports(self, path: str, digest: str | None, package: str, part: dict[str, str]) -> None:
        if digest is not None:
            self._reexports[self._path(path)] = [digest, package, part]
            self._dirty = True

    def wrapper_check(self, path: str, digest: str, names: str) -> bool | None:
        """Whether ``path``, with this very content, may record a call of the wrapper names
        ``names`` (runner._records_wrapper_calls), as answered last time; None if not known."""
        entry = self._wrapper_checks.get(self._path(path))
        if not isinstance(entry, list) or len(entry) != 3 or entry[:2] != [digest, names]:
            return None
        return bool(entry[2])

    def put_wrapper_check(self, path: str, digest: str, names: str, answer: bool) -> None:
        self._wrapper_checks[self._path(path)] = [digest, names, answer]
        self._dirty = True

    def text_answer(self, path: str, digest: str | None, question: str, compute):
        """What ``compute()`` says about this very content (a search of the file's text by a
        project-wide step, keyed by ``question``), as found last time; computed and kept if not
        known. A warm run then needs the text only of the files that changed."""
        if digest is None:
            return compute()
        key = self._path(path)
        entry = self._answers.get(key)
        if not (isinstance(entry, list) and len(entry) == 2 and entry[0] == digest and isinstance(entry[1], dict)):
            entry = self._answers[key] = [digest, {}]
        if question in entry[1]:
            return entry[1][question]
        value = entry[1][question] = compute()
        self._dirty = True
        return value

    def save(self) -> None:
        if not self._dirty:
            return
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            tag = self.directory / "CACHEDIR.TAG"
            if not tag.exists():
                tag.write_text(CACHEDIR_TAG)
                (self.directory / ".gitignore").write_text("# Created by jitguard automatically.\n*\n")
            fd, tmp = tempfile.mkstemp(dir=self.file.parent, suffix=".tmp")
            try:
                # dumps, not dump: json.dump streams through the pure-Python encoder (5x slower here)
                data = {"schema": f"{SCHEMA}.{FACTS_SCHEMA}", "names": self._names_hash, "files": self._entries}
                if self._project is not None:
                    data["project"] = self._project
                if self._reexports:
                    data["reexports"] = self._reexports
                if self._wrapper_checks:
                    data["wrapper_checks"] = self._wrapper_checks
                if self._stats:
                    data["stats"] = self._stats
                if self._answers:
                    data["answers"] = self._answers
                text = json.dumps(data, separators=(",", ":"))
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    fh.write(text)
                os.replace(tmp, self.file)
            except BaseException:
                os.unlink(tmp)
                raise
        except OSError:
            pass  # a cache that cannot be written is only slower
        self._dirty = False
