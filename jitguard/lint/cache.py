"""A content cache like ``.ruff_cache``: findings keyed by file content, jitguard version and settings.

Its files are written with :mod:`marshal` (as CPython's own ``__pycache__``; read back ~6x faster
than JSON for plain lists and strings), and what only the project-wide phase reads is kept as JSON
text inside them, decoded when first asked for: a result's facts (4 of a 3,000-file tree's 7 MB),
and each shard's text answers, re-exports and wrapper checks. A warm run whose project-wide phase
is replayed (runner, projectmemo) decodes none of it for the files that did not change."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import marshal
import os
import tempfile
import time
import zlib
from pathlib import Path

from jitguard._version import __version__
from jitguard.lint.analysis.facts import FACTS_SCHEMA, FileFacts
from jitguard.lint.diagnostics import FileResult, Finding, NoqaDirective

# The shape of an entry. Bump it whenever what is stored changes (findings, fixes, suppression
# comments, facts): a cache written with another schema is ignored, never misread.
SCHEMA = 10

# A file's status is recorded with its digest only when its last change is this much older than the
# moment of recording: a file changed again within the clock's resolution keeps its times, so a
# younger one could look unchanged ("racily clean" in git's index). Nanoseconds.
STAT_MARGIN_NS = 2_000_000_000

CACHEDIR_TAG = "Signature: 8a477f597d28d172789f06886806bc55\n# This file is a cache directory tag created by jitguard.\n"


def replace_related(finding: Finding, related) -> Finding:
    return dataclasses.replace(finding, related=tuple(related)) if related else finding


def content_digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


# The per-file records (results, statuses, text answers, re-exports, wrapper checks) are kept in
# SHARDS files, each file's records in the shard of its path: a run writes back only the shards
# whose records changed (the pre-commit hook changes a few files of a large tree: rewriting the
# whole cache cost it ~0.07 s for 3,000 files, docs/performance.md).
SHARDS = 64


def shard_of(key: str) -> int:
    """The shard of a record's key (an absolute path, or a path and a seeds key after a NUL)."""
    return zlib.crc32(key.split("\0", 1)[0].encode("utf-8", "surrogatepass")) % SHARDS


# the per-file tables of a shard (and of Cache), by name in the shard's file
_TABLES = ("files", "stats", "answers", "reexports", "wrapper_checks")
# those kept as JSON text in the shard's file, decoded when a record of the shard is first asked for
_LAZY = ("answers", "reexports", "wrapper_checks")
_SUFFIX = ".bin"  # (marshal)


class _CachedResult(FileResult):
    """A result from the cache whose facts are decoded when first read (``facts``): a warm run reads
    the facts of few files (projectmemo). The text was checked against its fingerprint when the
    result was taken (Cache.get), so it decodes."""

    @property  # type: ignore[override]
    def facts(self):
        d = self.__dict__
        if "_facts_text" in d:
            d["_facts"] = FileFacts.from_json(json.loads(d.pop("_facts_text")))
        return d.get("_facts")

    @facts.setter
    def facts(self, value) -> None:
        self.__dict__.pop("_facts_text", None)
        self.__dict__["_facts"] = value


class Cache:
    """A head file per (jitguard version, schema, settings), ``<key>.bin``: {"schema": ...,
    "project": the project-wide rules' findings of the last run}, and beside it a folder
    ``<key>/`` of SHARDS files ``NN.bin``: {"schema": ..., "files": {absolute path: [digest,
    findings, facts (JSON text), jitted names it mentions, jitted names it defines, suppression comments,
    tree scans, hash of the tree's jitted names the result was made with, fingerprint of the
    facts (:func:`facts_fingerprint`)]} (the names it mentions and the tree's names as hashes of
    their sorted lists), "stats": ...,
    "answers": ..., "reexports": ..., "wrapper_checks": ... (each a JSON text)} for the paths of
    that shard, and the memos of the project-wide phase (``memo-*.memo``, projectmemo).

    The key is the file's content (not its mtime), the version and the settings' fingerprint, so
    a stale result can only come back for the very same bytes under the very same settings. Every
    record carries what it was made from (the content's digest, the tree's jitted names, the
    seeds), so shards written by different runs (two runs at once, or a run stopped between two
    writes) never combine into a stale answer: a record is used only for the very inputs it names.
    """

    def __init__(self, directory: Path, key: str, names: frozenset[str] | None = None) -> None:
        """``names``: the jitted names of the whole tree this run (see runner.lint_files). A file's
        result also depends on which of them it mentions; an entry records those, so a change
        elsewhere in the tree invalidates only the files it concerns."""
        self.directory = directory
        self.file, self.shards = _location(directory, key)
        self._abs: dict[str, str] = {}
        self._cwd = os.getcwd()
        self._dirty: set[int] = set()  # the shards whose records changed
        # the facts' fingerprint of each result given (get) or kept (put) this run, by record key
        self.fps: dict[str, str] = {}
        self._head_dirty = False
        self._memos: dict[str, dict | None] = {}  # the project memos read, by key
        schema = f"{SCHEMA}.{FACTS_SCHEMA}"
        head = _load(self.file, schema)
        self._project = head.get("project")
        tables: dict[str, dict] = {name: {} for name in _TABLES}
        self._lazy: dict[int, dict[str, str]] = {}  # shard -> {table: its JSON text}, until decoded
        try:
            names_ = os.listdir(self.shards) if head else []
        except OSError:
            names_ = []
        for name in names_:
            if len(name) == 2 + len(_SUFFIX) and name.endswith(_SUFFIX):
                data = _load(self.shards / name, schema)
                for table in ("files", "stats"):
                    part = data.get(table)
                    if isinstance(part, dict):
                        tables[table].update(part)
                texts = {table: data[table] for table in _LAZY if isinstance(data.get(table), str)}
                if texts:
                    try:
                        self._lazy[int(name[:2], 16)] = texts
                    except ValueError:
                        pass
        self._entries: dict[str, list] = tables["files"]
        self._stats: dict[str, list] = tables["stats"]
        self._answers: dict[str, list] = tables["answers"]
        self._reexports: dict[str, list] = tables["reexports"]
        self._wrapper_checks: dict[str, list] = tables["wrapper_checks"]
        self.set_names(names or frozenset())

    @property
    def empty(self) -> bool:
        """No result stored (a first run, other settings, another version): every file is linted."""
        return not self._entries

    def _path(self, path: str) -> str:
        """The absolute path that keys ``path``'s entries (each file is looked up several times a run)."""
        full = self._abs.get(path)
        if full is None:
            full = self._abs[path] = os.path.normpath(os.path.join(self._cwd, path))  # (os.path.abspath)
        return full

    def set_names(self, names: frozenset[str]) -> None:
        """The tree's jitted names for this run (known only after the files were scanned)."""
        self._names_hash = _names_digest(names)

    @property
    def names_hash(self) -> str:
        return self._names_hash

    def _touch(self, key: str) -> None:
        self._dirty.add(shard_of(key))

    def _decoded(self, key: str) -> str:
        """``key``, once the lazy tables of its shard are decoded (before any of their records is
        read or written)."""
        if self._lazy:
            texts = self._lazy.pop(shard_of(key), None)
            if texts:
                self._decode(texts)
        return key

    def decode_all(self) -> None:
        """Decode every shard's lazy tables now (what a project-wide phase that runs reads: the
        runner does it while a forked process lints, runner._prepare)."""
        while self._lazy:
            self._decode(self._lazy.pop(next(iter(self._lazy))))

    def _decode(self, texts: dict[str, str]) -> None:
        for name, text in texts.items():
            try:
                part = json.loads(text)
            except ValueError:
                continue  # a damaged table: empty
            if isinstance(part, dict):
                table = {"answers": self._answers, "reexports": self._reexports, "wrapper_checks": self._wrapper_checks}[name]
                for k, v in part.items():
                    table.setdefault(k, v)

    def known_digest(self, path: str, st: os.stat_result) -> str | None:
        """The digest of the file's content when its status (size, inode, modification and change
        times) is the one recorded with it: a file unchanged since is not read again, as git's
        index does. The change time cannot be set back by a program (``touch -d``, ``cp -p`` and
        ``rsync -t`` set the modification time only)."""
        row = self._stats.get(self._path(path))
        if (isinstance(row, list) and len(row) == 5 and row[0] == st.st_size and row[1] == st.st_ino
                and row[2] == st.st_mtime_ns and row[3] == st.st_ctime_ns):
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
            self._touch(key)

    def tree_scan(self, path: str, digest: str) -> tuple[list[str], list[str], list[str]] | None:
        """(jitted names, pytree metadata fields, Python-valued methods) of this very content, as
        the tree-wide text scans found them last time (runner.with_tree_names): an unchanged file
        is not scanned again."""
        entry = self._entries.get(self._path(path))
        try:
            if entry is None or entry[0] != digest or len(entry) < 8 or entry[6] is None:
                return None
            names, (fields, methods) = entry[4], entry[6]
            if isinstance(names, list) and isinstance(fields, list) and isinstance(methods, list):
                return names, fields, methods
        except (TypeError, ValueError, IndexError, KeyError):  # a damaged entry: scan again
            pass
        return None

    def holds(self, path: str, digest: str) -> bool:
        """False when :meth:`get` surely misses ``path`` (without seeds) with this ``digest``: no
        record of it, or one of other content; True when it may hold it (get decides)."""
        entry = self._entries.get(self._path(path))
        try:
            return entry is not None and entry[0] == digest
        except (TypeError, IndexError, KeyError):
            return True  # a damaged entry: get says

    def get(self, path: str, digest: str, mentions=None, seeds: str = "") -> FileResult | None:
        """The cached result for ``path`` if it was made from content with this ``digest``.

        ``mentions()`` gives the jitted names the file mentions now; it is called only when the
        tree's jitted names changed since the cache was written."""
        key = self._path(path) + (f"\0{seeds}" if seeds else "")
        entry = self._entries.get(key)
        self.fps.pop(key, None)
        try:
            if entry is None or entry[0] != digest or len(entry) != 9 or not isinstance(entry[8], str):
                return None
            text = entry[2]
            if text is not None and (not isinstance(text, str) or _text_digest(text) != entry[8]):
                return None  # facts damaged or not JSON text: lint the file again
            if entry[7] != self._names_hash and mentions is not None:
                if _names_digest(mentions()) != entry[3]:
                    return None
                entry[7] = self._names_hash  # the same result under this run's names: no check next time
                self._touch(key)
            findings = [Finding.from_json(path, f) for f in entry[1]]
            noqa = tuple(NoqaDirective.from_json(d) for d in entry[5])
        except (TypeError, ValueError, IndexError, KeyError):
            return None  # a damaged entry: lint the file again
        self.fps[key] = entry[8]
        result = _CachedResult(path, findings, noqa=noqa)
        if text is not None:
            result.__dict__["_facts_text"] = text  # (decoded when read)
        return result

    def fingerprint(self, path: str, result: FileResult, seeds: str = "") -> str:
        """:func:`facts_fingerprint` of ``result``, the result of ``path`` (with ``seeds``) this run:
        as kept with its record when it came from (or went into) the cache, else computed."""
        return self.fps.get(self._path(path) + (f"\0{seeds}" if seeds else "")) or facts_fingerprint(result)

    def put(self, path: str, result: FileResult, digest: str, mentions=frozenset(), defines=frozenset(),
            seeds: str = "", metadata: tuple | None = None) -> None:
        """Remember ``result``, made from content with this ``digest``: the file mentions the tree's
        jitted names ``mentions`` and defines ``defines`` (and, in ``metadata``, the pytree
        metadata fields and Python-valued methods the tree scan found in it); ``seeds`` keys a
        result checked with parameters seeded from other files (jitguard.lint.analysis.crossmodule)."""
        rows = [f.to_json() for f in result.findings]
        key = self._path(path) + (f"\0{seeds}" if seeds else "")
        facts = _facts_text(result)
        scans = [sorted(metadata[0]), sorted(metadata[1])] if metadata is not None else None
        fp = self.fps[key] = _text_digest(facts) if facts is not None else "-"
        self._entries[key] = [digest, rows, facts, _names_digest(mentions), sorted(defines), [d.to_json() for d in result.noqa],
                              scans, self._names_hash, fp]
        self._touch(key)

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
            self._head_dirty = True

    def project_memo(self, key: str) -> dict | None:
        """The memo of the project-wide phase of the last run over the paths of ``key``
        (runner._ProjectMemo), or None (read once a run)."""
        if key not in self._memos:
            data = _load(self.shards / f"memo-{key[:16]}.memo", f"{SCHEMA}.{FACTS_SCHEMA}")  # (marshal)
            self._memos[key] = data if data.get("key") == key else None
        return self._memos[key]

    def put_project_memo(self, key: str, memo: dict) -> None:
        """Keep ``memo`` for the paths of ``key`` (written at once; the oldest of more than
        MEMOS other memos removed: a memo per set of paths, the hook's and the whole tree's)."""
        self._memos.pop(key, None)
        try:
            self.shards.mkdir(parents=True, exist_ok=True)
            _dump(self.shards / f"memo-{key[:16]}.memo", {"schema": f"{SCHEMA}.{FACTS_SCHEMA}", "key": key, **memo})
            memos = sorted((p for p in self.shards.iterdir() if p.name.endswith(".memo")), key=lambda p: p.stat().st_mtime)
            for old in memos[:-MEMOS]:
                old.unlink()
        except OSError:
            pass  # only slower

    def reexports(self, path: str, digest: str | None, package: str) -> dict[str, str] | None:
        """What ``path`` (a package's __init__.py, module ``package``) re-exports, as read from this
        very content last time (crossmodule.package_reexports); None if not known."""
        entry = self._reexports.get(self._decoded(self._path(path)))
        if digest is None or not isinstance(entry, list) or len(entry) != 3 or entry[:2] != [digest, package]:
            return None
        return entry[2] if isinstance(entry[2], dict) else None

    def put_reexports(self, path: str, digest: str | None, package: str, part: dict[str, str]) -> None:
        if digest is not None:
            key = self._decoded(self._path(path))
            self._reexports[key] = [digest, package, part]
            self._touch(key)

    def wrapper_check(self, path: str, digest: str, names: str) -> bool | None:
        """Whether ``path``, with this very content, may record a call of the wrapper names
        ``names`` (runner._records_wrapper_calls), as answered last time; None if not known."""
        entry = self._wrapper_checks.get(self._decoded(self._path(path)))
        if not isinstance(entry, list) or len(entry) != 3 or entry[:2] != [digest, names]:
            return None
        return bool(entry[2])

    def put_wrapper_check(self, path: str, digest: str, names: str, answer: bool) -> None:
        key = self._decoded(self._path(path))
        self._wrapper_checks[key] = [digest, names, answer]
        self._touch(key)

    def text_answer(self, path: str, digest: str | None, question: str, compute):
        """What ``compute()`` says about this very content (a search of the file's text by a
        project-wide step, keyed by ``question``), as found last time; computed and kept if not
        known. A warm run then needs the text only of the files that changed."""
        if digest is None:
            return compute()
        key = self._decoded(self._path(path))
        entry = self._answers.get(key)
        if not (isinstance(entry, list) and len(entry) == 2 and entry[0] == digest and isinstance(entry[1], dict)):
            entry = self._answers[key] = [digest, {}]
        if question in entry[1]:
            return entry[1][question]
        value = entry[1][question] = compute()
        self._touch(key)
        return value

    def save(self) -> None:
        """Write the head if it changed and the shards whose records changed (each file replaced
        at once: a reader sees a shard as it was or as it is)."""
        if not self._dirty and not self._head_dirty:
            return
        schema = f"{SCHEMA}.{FACTS_SCHEMA}"
        try:
            self.shards.mkdir(parents=True, exist_ok=True)
            tag = self.directory / "CACHEDIR.TAG"
            if not tag.exists():
                tag.write_text(CACHEDIR_TAG)
                (self.directory / ".gitignore").write_text("# Created by jitguard automatically.\n*\n")
            if self._dirty:
                for i in self._dirty:  # (a shard is written whole: its lazy tables decoded first)
                    texts = self._lazy.pop(i, None)
                    if texts:
                        self._decode(texts)
                parts: dict[int, dict[str, dict]] = {i: {name: {} for name in _TABLES} for i in self._dirty}
                tables = (self._entries, self._stats, self._answers, self._reexports, self._wrapper_checks)
                for name, table in zip(_TABLES, tables):
                    for key, row in table.items():
                        part = parts.get(shard_of(key))
                        if part is not None:
                            part[name][key] = row
                for i, part in sorted(parts.items()):
                    data = {k: (json.dumps(v, separators=(",", ":")) if k in _LAZY else v) for k, v in part.items() if v}
                    _dump(self.shards / f"{i:02x}{_SUFFIX}", {"schema": schema, **data})
            if self._head_dirty or not self.file.exists():
                head = {"schema": schema}
                if self._project is not None:
                    head["project"] = self._project
                _dump(self.file, head)
        except OSError:
            pass  # a cache that cannot be written is only slower
        self._dirty = set()
        self._head_dirty = False


def _location(directory: Path, key: str) -> tuple[Path, Path]:
    """The head file and the shards' folder of the cache of ``key`` (settings) in ``directory``."""
    digest = hashlib.sha256(f"{__version__}\0{SCHEMA}.{FACTS_SCHEMA}\0{key}".encode()).hexdigest()[:16]
    return directory / __version__ / f"{digest}{_SUFFIX}", directory / __version__ / digest


def statuses_changed(directory: Path, key: str, paths, mixed: bool = False) -> int | None:
    """How many of ``paths`` changed since the cache of ``key`` last kept their result: their
    status (size, inode, modification and change times) is not the recorded one and their content
    not the one of the result kept (a file changed within STAT_MARGIN_NS of a run has no status
    recorded: it is read). Read from their shards only (a few milliseconds, before the cache is
    loaded: runner._Forked); None when there is no cache (a cold run). An estimate: what is linted
    is decided after the tree scan. ``mixed``: stop at the first file that changed once one did not,
    or the reverse (the count is then of the files read so far)."""
    from jitguard.lint.textscan import read_source

    file, shards = _location(directory, key)
    schema = f"{SCHEMA}.{FACTS_SCHEMA}"
    if not file.is_file():
        return None
    cwd = os.getcwd()
    tables: dict[int, dict] = {}
    changed = same_seen = 0
    for path in paths:
        if mixed and changed and same_seen:
            break
        full = os.path.normpath(os.path.join(cwd, path))
        shard = shard_of(full)
        if shard not in tables:
            tables[shard] = _load(shards / f"{shard:02x}{_SUFFIX}", schema)
        table = tables[shard]
        stats, files = table.get("stats"), table.get("files")
        row = stats.get(full) if isinstance(stats, dict) else None
        try:
            st = os.stat(path)
        except OSError:
            changed += 1
            continue
        if (isinstance(row, list) and len(row) == 5
                and row[:4] == [st.st_size, st.st_ino, st.st_mtime_ns, st.st_ctime_ns]):
            same_seen += 1
            continue
        entry = files.get(full) if isinstance(files, dict) else None
        try:  # (as the tree scan reads it: a FIFO is an error, a notebook its code cells)
            same = isinstance(entry, list) and bool(entry) and entry[0] == content_digest(read_source(path))
        except (OSError, ValueError):
            same = False
        changed += not same
        same_seen += same
    return changed


MEMOS = 4  # memos of the project-wide phase kept (runner._ProjectMemo), one per set of paths


def facts_fingerprint(result: FileResult) -> str:
    """A digest of ``result``'s facts (their JSON text, in order): all the project-wide phase reads
    of a result besides its findings (projectmemo.ProjectMemo); "-" for none."""
    text = _facts_text(result)
    return _text_digest(text) if text is not None else "-"


def _facts_text(result: FileResult) -> str | None:
    """The JSON text of ``result``'s facts as the cache keeps them (the text it came with, if any)."""
    text = result.__dict__.get("_facts_text")
    if text is not None:
        return text
    return json.dumps(result.facts.to_json(), separators=(",", ":")) if result.facts is not None else None


def _text_digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()


def _names_digest(names) -> str:
    """A set of names, as an entry keeps it: only ever compared (26% of a cache's bytes when the
    sorted lists were kept)."""
    return hashlib.sha256("\0".join(sorted(names)).encode()).hexdigest()[:16]


def _load(path: Path, schema: str) -> dict:
    """A cache file's table, or {} if it is missing, damaged or of another schema."""
    try:
        data = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return data if isinstance(data, dict) and data.get("schema") == schema else {}


def _dump(path: Path, data: dict) -> None:
    """Write ``data`` to ``path`` at once (a temporary file renamed over it)."""
    blob = marshal.dumps(data)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(blob)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
