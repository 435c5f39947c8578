"""Runs the engine over many files: serially, or across processes, with a content cache.

Workers are processes (libcst parsing holds the GIL). Each worker notes in a small "breadcrumb"
file which file it is linting. If a worker dies (a native crash in the parser), the pool breaks:
the files whose breadcrumbs were left behind are the suspects and are re-run one at a time in
fresh processes (a file that kills its process again becomes a JG003 finding); every other
unfinished file is re-run in a new pool. So one hostile file costs only its own result.
"""

from __future__ import annotations

import ast
import atexit
import contextlib
import copy
import dataclasses
import gc
import hashlib
import json
import os
import pickle
import re
import sys
import tempfile
import warnings
from collections import ChainMap
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from jitguard.lint.analysis import classtruth, pytree_annot, scalarattrs
from jitguard.lint.analysis.crossmodule import (
    MAX_ROUNDS,
    dispatch,
    dispatch_wrappers,
    importers_first,
    init_reexports,
    outcall_paths,
    package_reexports,
    import_rows,
    wrapper_callers,
)
from jitguard.lint.analysis.project import CallSite, ProjectIndex
from jitguard.lint.analysis.undertrace_project import Proofs, drop_proven, traced_sites
from jitguard.lint import ruleinfo, suppression
from jitguard.lint.cache import Cache, content_digest, statuses_changed
from jitguard.lint.diagnostics import FileResult, Finding
from jitguard.lint.discovery import module_name, module_names
from jitguard.lint.projectmemo import ProjectMemo
from jitguard.lint.textscan import MAX_FILE_BYTES as MAX_SCAN_BYTES
from jitguard.lint.textscan import (
    USED_ELSEWHERE,
    LintOptions,
    _internal_error,
    jitted_names,
    metadata_names,
    private_uses,
    public_name,
    read_source,
    run_with_big_stack,
)
if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from jitguard.lint.engine import FileLinter


def _cf():
    """concurrent.futures with its process pool, and multiprocessing: imported by a run that starts
    processes only (~15 ms of every run's start otherwise, the pre-commit hook's among them)."""
    import concurrent.futures as cf
    import concurrent.futures.process  # noqa: F401 - cf.process.BrokenProcessPool
    import multiprocessing

    return cf, multiprocessing


def _linter(options: LintOptions) -> FileLinter:
    """A FileLinter. The engine (libcst, the analysis, the rules) is imported only when a file has
    to be linted: a run whose every result comes from the cache does without it (the pre-commit
    path, docs/performance.md)."""
    from jitguard.lint.engine import FileLinter

    return FileLinter(options)

PARALLEL_MIN_FILES = 16
_worker: FileLinter | None = None
_crumb_fd: int | None = None

Linted = tuple[FileResult, "str | None"]  # the result and the digest of the bytes it was made from


def _lint_one(linter: FileLinter, path: str, seeds: dict | None = None) -> Linted:
    """Read once, lint, and return the digest of exactly what was linted (for the cache)."""
    try:
        data = read_source(path)
    except OSError:
        return linter.lint_path(path, module_name(path)), None  # lint_path turns the error into JG002
    try:
        return linter.lint_bytes(path, data, module_name(path), seeds or None), content_digest(data)
    except Exception as exc:  # noqa: BLE001 - the engine catches rule errors; this is the last net
        return FileResult(path, errors=[_internal_error(path, "the engine", exc)]), None


# libcst's parse builds millions of small objects and few reference cycles: at CPython's default
# thresholds (a young collection every 700 allocations) the cycle collector runs thousands of times
# per run, and its older generations walk every result kept so far. Collecting less often costs
# some memory between collections, bounded by these counts (docs/performance.md).
GC_THRESHOLDS = (50_000, 20, 100)


@contextlib.contextmanager
def fewer_collections():
    """CPython's cycle collector at :data:`GC_THRESHOLDS` for the duration (restored after)."""
    old = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*old)


def _init_worker(crumbs: str | None = None) -> None:
    """A worker process starts by importing the engine (libcst, the analysis, the rules): a pool
    started before the tree scan does it while the files are scanned. Its linter is made with
    the first chunk's options (known only after the scan: :func:`_linter_for`)."""
    global _crumb_fd
    gc.set_threshold(*GC_THRESHOLDS)  # a worker process is ours alone
    import jitguard.lint.engine  # noqa: F401 - the import is the point

    if crumbs is not None:
        try:
            _crumb_fd = os.open(os.path.join(crumbs, str(os.getpid())), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        except OSError:  # the run is over (a worker started as its pool was shut down): no breadcrumbs
            _crumb_fd = None
    atexit.register(_quick_exit)  # registered first, so run last: after multiprocessing's own clean-up


def _quick_exit() -> None:
    """A worker's end, once its pool is shut down: nothing of its heap (the linter, its memos) is
    needed any more, so the interpreter's teardown (a full collection, every object freed one by
    one) is skipped; the parent would wait for it."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(0)


_worker_options: LintOptions | None = None


def _linter_for(options: LintOptions) -> FileLinter:
    """(In a worker.) The linter of ``options``, made once per set of options (each chunk brings
    its options: 30 KB for a 3,000-file tree)."""
    global _worker, _worker_options
    if _worker is None or _worker_options != options:
        _worker, _worker_options = _linter(options), options
    return _worker


def _lint_chunk(paths: Sequence[str], options: LintOptions) -> list[Linted]:
    linter = _linter_for(options)

    def run() -> list[Linted]:
        out = []
        for p in paths:
            if _crumb_fd is not None:
                os.pwrite(_crumb_fd, os.fsencode(p) + b"\0", 0)
            out.append(_lint_one(linter, p))
        if _crumb_fd is not None:
            os.pwrite(_crumb_fd, b"\0", 0)
        return out

    return run_with_big_stack(run)


def _crashed(path: str) -> FileResult:
    return FileResult(
        path,
        [Finding(path, 1, 1, "JG003", "the parser crashed on this file (native stack overflow?); not checked",
                 help="Split the file or the expression; exclude generated code in [tool.jitguard] exclude")],
    )


def _lint_one_isolated(options: LintOptions, path: str) -> Linted:
    cf, multiprocessing = _cf()
    ctx = multiprocessing.get_context("spawn")
    with cf.ProcessPoolExecutor(1, mp_context=ctx, initializer=_init_worker) as pool:
        try:
            return pool.submit(_lint_chunk, [path], options).result()[0]
        except cf.process.BrokenProcessPool:
            return _crashed(path), None


def with_tree_names(paths: list[str], options: LintOptions | None, digests: dict[str, str] | None = None,
                    cache: Cache | None = None, defines: dict[str, tuple] | None = None,
                    module_names: dict[str, str] | None = None, workers: _Workers | None = None):
    """Read every file once: fill ``digests`` (for the cache) and, given ``options``, return them
    with the names the tree jits and the modules that jit them (for the project-wide rules and
    the prefilter; see engine.jitted_names). ``defines`` gets each file's own (jitted names,
    metadata fields, Python-valued methods); a file unchanged since the cache was written is not
    scanned again (its scans come from the cache: Cache.tree_scan). ``workers`` (a cold run on
    several processes, no cached scan to read): the files are read and scanned on them."""
    names: set[str] = set()
    modules: set[str] = set()
    fields: set[str] = set()
    methods: set[str] = set()
    marked: list[tuple[str, str]] = []
    extend = options.extend_jit_names if options is not None else None
    scans = workers.scan(paths, extend, digests is not None) if workers is not None else None
    stats = stat_by_folder(paths) if scans is None and cache is not None and digests is not None and extend is not None else None
    for path in paths:
        row = scans.get(path) if scans is not None else _scan_one(path, extend, digests is not None, cache, stats)
        if row is None:
            continue
        digest, found, more_fields, more_methods = row
        if digests is not None:
            digests[path] = digest
        if options is not None:
            if defines is not None:
                defines[path] = (found, more_fields, more_methods)
            if more_fields and _marks.search("\n" + "\n".join(more_fields)) is None:
                fields.update(more_fields)  # (no entry to qualify or mark: most files, as the cache lists them)
            elif more_fields:
                more_fields = classtruth.qualify(set(more_fields), (module_names.get(path) if module_names is not None
                                                                    else None) or module_name(path))
                fields |= more_fields
                marked.extend((path, f) for f in more_fields if f.startswith(pytree_annot.MARK))
            methods.update(more_methods)
            if found:
                names.update(found)
                modules.add(_module_word(path))
    if options is None:
        return None
    named = module_names.get if module_names is not None else module_name
    classes: tuple = ()
    if marked:  # the classes a registration sorts the fields of by annotation, in the files that use it
        fields, classes = pytree_annot.resolve(fields, marked, paths, lambda p: named(p) or module_name(p), _text)
    # private names used outside their module matter only for jitted ones (privatecalls)
    fields = {f for f in fields if not f.startswith(USED_ELSEWHERE) or f[len(USED_ELSEWHERE):] in names}
    fields = scalarattrs.tree_entries(fields)  # a scalar attribute only where no store may be anything else
    packages = frozenset((named(p) or module_name(p)).split(".", 1)[0] for p in paths)
    return dataclasses.replace(options, jitted=frozenset(names), jit_modules=frozenset(modules), tree_packages=packages,
                               metadata_fields=frozenset(fields), static_methods=frozenset(methods),
                               annotated_classes=classes)


# an entry that classtruth.qualify changes or that pytree_annot.resolve reads, at the start of a line
# of a file's entries joined by newlines (one search of a joined string instead of a test per entry;
# an entry that holds a newline followed by a mark only takes the longer way)
_marks = re.compile("\n(?:" + re.escape(classtruth.MARK) + "|" + re.escape(pytree_annot.MARK) + ")")


def _module_word(path: str) -> str:
    """``Path(path).stem``, or for a package's ``__init__.py`` ``Path(path).parent.name``: with
    ``os.path`` where that gives the same (a normalized path; pathlib's parse costs ~10 us a file)."""
    if os.sep != "/" or os.path.normpath(path) != path or path.startswith("./"):
        stem = Path(path).stem
        return Path(path).parent.name if stem == "__init__" else stem
    folder, name = os.path.split(path)
    dot = name.rfind(".")
    stem = name[:dot] if 0 < dot < len(name) - 1 else name
    return os.path.basename(folder) if stem == "__init__" else stem


def stat_by_folder(paths: Sequence[str]) -> dict[str, os.stat_result]:
    """``os.stat`` of each path (left out where it fails), taken with one descriptor per folder:
    ``os.stat(name, dir_fd=)`` looks up the name alone, where ``os.stat(path)`` walks every folder
    of the path again. Half the cost on a host whose path lookups are dear (gVisor: 3,000 files of
    300 folders, 5 deep, 164 ms by path, 83 ms by folder, the opens included); ~1 us a file more
    on a native kernel (docs/performance.md). A folder that cannot be opened: its files by path."""
    if os.stat not in os.supports_dir_fd or os.altsep:
        return {p: st for p, st in ((p, _stat_or_none(p)) for p in paths) if st is not None}
    by_folder: dict[str, list[tuple[str, str]]] = {}
    for path in paths:
        folder, _, name = path.rpartition(os.sep)
        by_folder.setdefault(folder or (os.sep if path.startswith(os.sep) else os.curdir), []).append((path, name))
    out: dict[str, os.stat_result] = {}
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
    for folder, group in by_folder.items():
        try:
            fd = os.open(folder, flags)
        except OSError:
            out.update((p, st) for p, st in ((p, _stat_or_none(p)) for p, _ in group) if st is not None)
            continue
        try:
            for path, name in group:
                try:
                    out[path] = os.stat(name, dir_fd=fd)
                except OSError:
                    continue
        finally:
            os.close(fd)
    return out


def _stat_or_none(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def _scan_one(path: str, extend: tuple[str, ...] | None, want_digest: bool, cache: Cache | None = None,
              stats: dict[str, os.stat_result] | None = None) -> tuple | None:
    """(digest or None, jitted names, pytree metadata fields, Python-valued methods) of one file
    (the names None when ``extend`` is: no scan, the digest only); None if it cannot be read.
    ``stats``: :func:`stat_by_folder` of the run's files (taken before any of them is read)."""
    st = None
    if cache is not None and want_digest and extend is not None:
        if stats is not None:
            st = stats.get(path)
        else:
            try:
                st = os.stat(path)
            except OSError:
                st = None
        digest = cache.known_digest(path, st) if st is not None else None
        known = cache.tree_scan(path, digest) if digest else None
        if known is not None:  # unchanged since the cache recorded it: not read at all (its lists as they are)
            return digest, known[0], known[1], known[2]
    data = _read_or_none(path)
    if data is None:
        return None
    digest = content_digest(data) if want_digest else None
    if extend is None:
        return digest, None, None, None
    if st is not None:
        cache.put_stat(path, st, digest)
    known = cache.tree_scan(path, digest) if cache is not None and digest else None
    if known is not None:
        return digest, set(known[0]), set(known[1]), set(known[2])
    text = data[:MAX_SCAN_BYTES].decode("utf-8", "replace")  # decoded once for both scans
    found = jitted_names(text, extend)
    fields, methods = metadata_names(text)
    return digest, found, fields | private_uses(text, found), methods


def _scan_chunk(paths: Sequence[str], extend: tuple[str, ...] | None, want_digest: bool) -> list[tuple[str, tuple | None]]:
    """(In a worker.) :func:`_scan_one` of each file."""
    return [(path, _scan_one(path, extend, want_digest)) for path in paths]


def _text(path: str) -> str:
    data = _read_or_none(path)
    return data.decode("utf-8", "replace") if data is not None else ""


def _read_or_none(path: str) -> bytes | None:
    try:
        return read_source(path)
    except OSError:
        return None


def lint_files(
    paths: list[str],
    options: LintOptions,
    jobs: int = 1,
    cache_dir: Path | None = None,
    cache_key: str = "",
    forked: _Forked | None = None,
) -> list[FileResult]:
    """Lint ``paths`` and run the project-wide rules over what they contribute (the results in the
    order of ``paths``). ``forked``: a :class:`_Forked` the caller started for these paths' first
    files and this cache (cli.Run.fork_early), instead of the one this run would start."""
    with fewer_collections():
        results = _lint_files(paths, options, jobs, cache_dir, cache_key, forked)
    by_path = {r.path: r for r in results}
    return [by_path[p] for p in dict.fromkeys(paths) if p in by_path]


def tree_order(path: str) -> str:
    """A sort key that orders paths as discovery walks a tree (discovery._walk: a folder's files by
    name, then its folders by name, depth first). The runner takes the files in this order
    whatever the order given, so that the project-wide steps, whose results depend on the files'
    order (the first definition of a name wins, seeds are taken from the first caller), see one
    order: the pre-commit hook (its files named first, the rest of the tree after them) the one of
    the whole tree's run, whose memo it can then replay (projectmemo)."""
    *folders, name = path.split(os.sep)
    return "".join(f"\x01{f}\x02" for f in folders) + "\x00" + name


def _lint_files(given: list[str], options: LintOptions, jobs: int, cache_dir: Path | None,
                cache_key: str, forked: _Forked | None = None) -> list[FileResult]:
    digests: dict[str, str] = {}
    defines: dict[str, tuple] = {}
    # a warm run whose first files changed (the pre-commit hook: the files it names come first)
    # lints them in a process forked now, which imports the engine while this one loads the cache
    if forked is None and jobs > 1 and cache_dir is not None and _Forked.worth(given, cache_dir, cache_key):
        forked = _Forked.start()
    paths = sorted(dict.fromkeys(given), key=tree_order)
    cache = Cache(cache_dir, cache_key) if cache_dir is not None else None
    # one read per file in this process: the text scans for jitted names and pytree metadata (the
    # tree's facts every file's analysis needs) and the cache digests
    names = module_names(paths)  # once per file and run (an absolute path each)
    workers = _Workers(options, jobs) if jobs > 1 else None
    try:
        # a cold run on several processes starts them now: they import the engine and share the scan
        early = workers if workers is not None and len(paths) >= PARALLEL_MIN_FILES and (cache is None or cache.empty) else None
        options = with_tree_names(paths, options, digests if cache is not None else None, cache, defines, names, early) or options
        if workers is not None:
            workers.options = options
        if cache is not None:
            cache.set_names(options.tree_names())
        seeding = _Seeding(paths, cache, digests, names, forked)
        # (the hook's forked process also lints the changed files a replay of the project-wide phase
        # would lint again with their recorded seeds, with the first lint instead of after it)
        ahead = ProjectMemo.ahead(paths, options, cache, digests, names) if _usable(forked) and cache is not None else None
        results = _lint(paths, options, jobs, cache, digests, defines, seeding, workers, forked,
                        lambda cached: _prepare(cached, paths, options, cache, digests, names), ahead)
        helper = forked if _usable(forked) and not _usable(workers) else workers
        memo, replayed = _replay(results, paths, options, cache, digests, seeding, helper)
        if replayed is None:
            results = _follow_traced_calls(results, paths, options, cache, digests, seeding, helper, memo)
    except BaseException:
        if workers is not None:
            workers.close()
        if forked is not None:
            forked.close()
        raise
    if workers is not None:
        workers.close(wait=False)
    try:
        if replayed is not None:
            results = replayed
        else:
            _project_phase(results, options, cache, digests, seeding, names, forked, memo)
        if cache is not None:
            cache.save()
        suppression.apply(results, options.codes)
    finally:
        if forked is not None:
            forked.close()
        if workers is not None:
            workers.finish()
    return results


def _usable(helper: _Forked | _Workers | None) -> bool:
    return helper is not None and helper.started


def _replay(results: list[FileResult], paths: list[str], options: LintOptions, cache: Cache | None,
            digests: dict[str, str], seeding: _Seeding, helper) -> tuple[ProjectMemo | None, list[FileResult] | None]:
    """The run's memo, and the project-wide phase (following traced calls, the JG301 proof, the
    project rules) as the last run over these paths made it, when nothing it read has changed
    since (a warm run; projectmemo), else None."""
    if cache is None:
        return None, None
    memo = ProjectMemo.start(results, paths, options, cache, digests, seeding.names)
    if memo is None:
        return None, None
    return memo, memo.replay(results, options, cache, digests, seeding, _redo(options, cache, digests, helper))


def _redo(options: LintOptions, cache: Cache | None, digests: dict[str, str], helper):
    """What a replay of the project-wide phase asks again of a changed file (projectmemo.ProjectMemo.replay):
    its seeded lint with the recorded seeds and its wrapper check, as the phase makes them (on
    ``helper``, the forked process or the workers, when there is one)."""
    linters: list[FileLinter] = []

    def relint(seeds: dict[str, dict], keys: dict[str, str]) -> dict[str, FileResult]:
        return _seeded(seeds, seeds, keys, options, cache, digests, helper, linters)

    def recheck(asked: dict[str, list[str]]) -> set[str]:
        return _wrapper_checks({path: set(names) for path, names in asked.items()}, options, cache, digests, helper)

    return relint, recheck


def _prepare(cached: list[FileResult], paths: list[str], options: LintOptions, cache: Cache | None,
             digests: dict[str, str], names: dict[str, str]) -> None:
    """(While a forked process lints the changed files and this one would wait: the pre-commit
    hook.) When the project-wide phase will run (ProjectMemo.will_run), decode now what it reads
    first: the cached results' facts and the cache's text answers, re-exports and wrapper checks
    (~0.06 s of a 3,000-file tree, off the hook's critical path). Nothing is decoded for a run
    whose phase may be replayed (a replay reads none of it)."""
    if cache is None or not ProjectMemo.will_run(paths, options, cache, digests, names):
        return
    for res in cached:
        res.facts  # noqa: B018 - the property decodes them (cache._CachedResult)
    cache.decode_all()


def _project_phase(results: list[FileResult], options: LintOptions, cache: Cache | None, digests: dict[str, str],
                   seeding: _Seeding, names: dict[str, str], forked: _Forked | None, memo: ProjectMemo | None) -> None:
    """The project-wide rules over ``results`` (after :func:`_follow_traced_calls`), recorded in
    ``memo`` for the next run over the same paths."""
    answer = _text_answers(cache, digests)
    apply_project_rules(results, codes=options.codes, answer=memo.answer(answer) if memo is not None else answer,
                        memo=(cache, _run_key(results, digests, seeding)) if cache is not None else None,
                        modules=names, elsewhere=forked if forked is not None and forked.started else None,
                        record=memo)
    if memo is not None:
        memo.keep(results, cache, digests, seeding)


def _run_key(results: list[FileResult], digests: dict[str, str], seeding: _Seeding) -> str:
    """What the project-wide rules' findings follow from: every result's file, content and seeds
    (a result is a function of them, under the cache's version and settings)."""
    h = hashlib.sha256()
    for res in results:
        h.update(f"{res.path}\0{digests.get(res.path, '')}\0{seeding.keys.get(res.path, '')}\n".encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def _seeds_key(seeds: dict) -> str:
    return hashlib.sha256(json.dumps(seeds, sort_keys=True).encode()).hexdigest()[:16] if seeds else ""


class _Seeding:
    """Traced values that flow into other files' functions (jitguard.lint.analysis.crossmodule):
    the modules of the tree, the re-exports met so far, and ``applied``, the seeds each result
    was made with (none for a first lint; :func:`_follow_traced_calls` adds them)."""

    def __init__(self, paths: list[str], cache: Cache | None = None, digests: dict[str, str] | None = None,
                 module_names: dict[str, str] | None = None, forked: _Forked | None = None) -> None:
        self._forked = forked  # (it reads a changed __init__.py's re-exports: libcst is imported there)
        given = module_names or {}
        self.names = {p: given.get(p) or module_name(p) for p in paths}
        self.modules = {public_name(self.names[p]): p for p in paths}
        self._cache = cache
        self._digests = digests or {}
        self._packages: dict[str, str] | None = None  # read from the __init__.py files when first needed
        self._collected: dict[str, str] = {}  # from the results so far (these win)
        self._learned: list[FileResult] = []  # results whose re-exports are not in _collected yet
        self.applied: dict[str, dict] = {}
        self.keys: dict[str, str] = {}  # the seeds key of each final result checked with seeds
        self.values: dict[str, dict] = {}  # and its seeds (for the memo: projectmemo re-lints a changed one)
        # path -> (text, libcst tree) of the files a one-process first lint expects to be seeded
        # (another file's outcalls land in them), kept for their seeded check (engine.FileLinter.trees)
        self.trees: dict = {}

    @property
    def reexports(self) -> ChainMap[str, str]:
        if self._packages is None:
            cache, digests = self._cache, self._digests
            read = self._forked.init_reexports if self._forked is not None and self._forked.started else None
            if cache is None:
                self._packages = package_reexports(self.modules, read=read)
            else:  # an __init__.py read in an earlier run is not read again
                self._packages = package_reexports(
                    self.modules, lambda path, package: cache.reexports(path, digests.get(path), package),
                    lambda path, package, part: cache.put_reexports(path, digests.get(path), package, part), read)
        for result in self._learned:  # (in the order learned: the later wins)
            if result.facts is not None:
                self._collected.update(result.facts.reexports)
        self._learned.clear()
        return ChainMap(self._collected, self._packages)

    def learn(self, result: FileResult, applied: dict) -> None:
        """A result made with ``applied`` seeds; its re-exports are read when :attr:`reexports` is
        (a cached result's facts are decoded when first read: a replayed warm run reads none)."""
        self.applied[result.path] = applied
        self._learned.append(result)


def _follow_traced_calls(
    results: list[FileResult], paths: list[str], options: LintOptions, cache: Cache | None, digests: dict[str, str],
    seeding: _Seeding, workers: _Workers | None = None, record: ProjectMemo | None = None,
) -> list[FileResult]:
    """Check again, with the seeded parameters traced, the files whose functions other files call
    from traced code, with the seeds found over all results (rounds until nothing new: a seeded
    file may pass traced values on). Only those files are parsed a second time, on one process
    as on several; their results are cached under a key of their seeds.

    The first round also seeds the files that may call a wrapper another file defines with the
    wrapper names (crossmodule.wrapper_callers), and a file whose possible wrappers they call with
    its own: their calls of the wrappers are recorded then (one level, as in a file)."""
    module_of = {p: m for m, p in seeding.modules.items()}
    answer = _text_answers(cache, digests)
    if record is not None and answer is not None:
        answer = record.answer(answer)
    imports = (lambda path, module: answer(path, "imports:" + module, lambda: import_rows(_read_or_none(path), module))
               ) if answer is not None else None
    # the tree's re-exports: the packages' and every result's own, the later winning (as the
    # first round's dispatch and crossmodule.wrapper_callers read them)
    reexports: dict[str, str] | None = _all_reexports(seeding, results)
    def keep(asked: dict[str, set[str]]) -> set[str]:
        kept = _wrapper_checks(asked, options, cache, digests, workers, seeding.trees)
        if record is not None:  # (their texts are read: a changed one is checked again by a replay)
            record.checked.update(asked)
            record.checks.update({path: [_names_key(names), path in kept] for path, names in asked.items()})
        return kept

    callers = wrapper_callers(results, module_of, _read_or_none, reexports, keep, imports, merged=True)
    if not callers and not any(r.facts is not None and r.facts.outcalls for r in results):
        seeding.trees.clear()
        return results
    by_path = {r.path: r for r in results}
    # (a first lint's seeds are {}: only the seeded results' need a deep copy)
    known = {path: copy.deepcopy(seeds) if seeds else {} for path, seeds in seeding.applied.items()}
    linters: list[FileLinter] = []  # the parent's own linter, made when first needed
    pool = list(by_path.values())
    for _ in range(MAX_ROUNDS):
        # as crossmodule.seeds_from(every result, ...), which the first round is; in later rounds only
        # the results replaced since can add seeds (the others' are all in ``known``), unless a
        # replaced result re-exports differently (then every result is dispatched again)
        if reexports is None:
            reexports = _all_reexports(seeding, by_path.values())
        new: dict[str, dict] = {}
        dispatch_wrappers(callers, known, new)
        callers = {}
        for res in pool:
            dispatch(res, known, seeding.modules, reexports, new)
        if not new:
            break
        before = {path: by_path.get(path) for path in new}
        keys = {path: _seeds_key(known[path]) for path in new}
        by_path.update(_seeded(new, known, keys, options, cache, digests, workers, linters, seeding.trees))
        seeding.keys.update(keys)
        # (each file's seeds grow only with a new lint of it: at the end, those of its last lint)
        seeding.values.update((path, known[path]) for path in new)
        if all(_reexports(before[path]) == _reexports(by_path[path]) for path in new):
            pool = [res for path, res in by_path.items() if path in new]  # in the order of a full dispatch
        else:
            reexports, pool = None, list(by_path.values())
    seeding.trees.clear()
    return [by_path[p] for p in paths if p in by_path]


def _all_reexports(seeding: _Seeding, results) -> dict[str, str]:
    """``dict(seeding.reexports)`` updated with each result's re-exports in turn: the mappings merged
    directly (a dict made from the ChainMap looks every key up through its maps: ~58,000 lookups on
    a 3,000-file tree), in the same order, so the same keys in the same order with the same values."""
    chain = seeding.reexports
    out: dict[str, str] = {}
    for part in reversed(chain.maps):
        out.update(part)
    for res in results:
        if res.facts is not None:
            out.update(res.facts.reexports)
    return out


def _wrapper_checks(asked: dict[str, set[str]], options: LintOptions, cache: Cache | None, digests: dict[str, str],
                    workers: _Workers | None, trees: dict | None = None) -> set[str]:
    """The paths of ``asked`` ({path: wrapper names}, crossmodule.wrapper_callers's ``keep``) for
    which :func:`_records_wrapper_calls` holds: with a file's content cached, else from the
    summary a first lint in this process kept of the same text (``trees``: engine.kept_wrapper_check),
    else on the workers of a parallel run (each is an ``ast`` parse and a walk), else here."""
    answers: dict[tuple[str, str], bool] = {}
    todo: list[tuple[str, frozenset[str]]] = []
    kept_check = None
    if trees:  # (filled by this process's linter: the engine is imported)
        from jitguard.lint.engine import kept_wrapper_check as kept_check
    for path, names in asked.items():
        key = _names_key(names)
        digest = digests.get(path)
        known = cache.wrapper_check(path, digest, key) if cache is not None and digest else None
        if known is None and kept_check is not None:
            known = kept_check(trees, path, _read_or_none(path), module_name(path), options.tree_packages, frozenset(names))
            if known is not None and cache is not None and digest:
                cache.put_wrapper_check(path, digest, key, known)
        if known is None:
            todo.append((path, frozenset(names)))
        else:
            answers[path, key] = known
    fresh = workers.wrapper_checks(todo) if workers is not None and workers.started and len(todo) >= workers.MIN_BATCH else {}
    for path, names in todo:
        key = _names_key(names)
        answer = fresh.get((path, key))
        if answer is None:
            answer = _records_wrapper_calls(path, names, options.tree_packages)
        answers[path, key] = answer
        digest = digests.get(path)
        if cache is not None and digest:
            cache.put_wrapper_check(path, digest, key, answer)
    return {path for path, names in asked.items() if answers[path, _names_key(names)]}


def _names_key(names) -> str:
    return "\0".join(sorted(names))


def _records_wrapper_calls(path: str, names: frozenset[str], tree_packages: frozenset[str]) -> bool:
    """Could the file record a call of these wrapper names (``calls.may_record_calls``, on CPython's
    ast: in a loop, or passing a literal, a container, ...)? Only then is it linted again with them
    seeded. The answer is cached with the file's content (:func:`_wrapper_checks`), so a warm run
    parses nothing."""
    from jitguard.lint.analysis.calls import may_record_calls  # (libcst: only when a file changed)
    from jitguard.lint.analysis.imports import ImportTable

    data = _read_or_none(path)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(data) if data is not None else None
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        tree = None
    return tree is None or may_record_calls(tree, names, ImportTable(module_name(path)), tree_packages)


def _wrapper_check_chunk(items: Sequence[tuple[str, frozenset[str]]], tree_packages: frozenset[str]) -> list[bool]:
    """(In a worker.) :func:`_records_wrapper_calls` of each (path, names)."""
    return [_records_wrapper_calls(path, names, tree_packages) for path, names in items]


def _seeded(new: dict[str, dict], known: dict[str, dict], keys: dict[str, str], options: LintOptions,
            cache: Cache | None, digests: dict[str, str], workers: _Workers | None,
            linters: list[FileLinter], trees: dict | None = None) -> dict[str, FileResult]:
    """The results of the files of ``new`` checked with their seeds (``known``): from the cache,
    else linted on the workers (when the run has them), else here; fresh ones are cached."""
    found: dict[str, FileResult | None] = {}
    for path in new:
        digest = digests.get(path)
        found[path] = (
            cache.get(path, digest, lambda p=path: options.mentioned(_text(p)), seeds=keys[path])
            if cache is not None and digest else None
        )
    misses = [path for path in new if found[path] is None]
    fresh: dict[str, FileResult] = {}
    if workers is not None and (workers.started or len(misses) >= PARALLEL_MIN_FILES):
        fresh = workers.lint_seeded([(path, known[path]) for path in misses])  # on every process
    for path in misses:
        res = fresh.get(path)  # (what the workers could not lint is linted here)
        if res is None:
            if not linters:
                linters.append(_linter(options))
                linters[0].trees = trees  # a tree kept by the first lint is read again,
            if trees is not None:
                trees.setdefault(path, None)  # and one parsed here by a later round
            res = run_with_big_stack(lambda p=path: linters[0].lint_path(p, module_name(p), known[p]))
        digest = digests.get(path)
        if cache is not None and digest and not res.errors:
            cache.put(path, res, digest, res.mentions, seeds=keys[path])
        found[path] = res
    return {path: res for path, res in found.items() if res is not None}


def _reexports(result: FileResult | None) -> dict | None:
    return result.facts.reexports if result is not None and result.facts is not None else None


def _lint(
    paths: list[str], options: LintOptions, jobs: int, cache: Cache | None, digests: dict[str, str],
    defines: dict[str, tuple] | None = None, seeding: _Seeding | None = None, workers: _Workers | None = None,
    forked: _Forked | None = None, meanwhile=None, ahead: tuple[dict, dict] | None = None,
) -> list[FileResult]:
    """Lint ``paths``: every file without seeds (a cached result made without them, or a fresh
    lint), then :func:`_follow_traced_calls` checks again, with their seeds, the files other
    files pass traced values to. One process or several, the same results are made and cached
    under the same keys, so a cache written by ``-j 1`` serves ``-j 2`` as well and the reverse.
    ``meanwhile(cached results)``: work of this process's own, done while a forked process lints;
    ``ahead``: ({path: seeds} of files it also lints with those seeds, {path: wrapper names} of files
    it also asks a wrapper check) (:meth:`_Forked.lint`)."""
    seeding = seeding or _Seeding(paths)
    results: dict[str, FileResult] = {}

    def keep(res: FileResult, digest: str | None, seeds: dict) -> None:
        results[res.path] = res
        seeding.learn(res, seeds)
        if cache is not None and digest is not None and not res.errors:
            scan = (defines or {}).get(res.path)
            cache.put(res.path, res, digest, res.mentions, scan[0] if scan else (), seeds=_seeds_key(seeds),
                      metadata=scan[1:] if scan else None)

    def take() -> list[str]:
        """The cached results (learned in the order of ``paths``); the paths the cache does not hold."""
        missed = []
        for path in paths:
            digest = digests.get(path)
            cached = (cache.get(path, digest, lambda p=path: options.mentioned(_text(p)))
                      if cache is not None and digest is not None else None)
            if cached is not None:
                results[path] = cached
                seeding.learn(cached, {})
            else:
                missed.append(path)
        return missed

    # (the hook) the files the cache holds no record of are sent to the forked process before the
    # cached results are built (~0.03 s of a 3,000-file tree), which is then done while it lints
    sure = _sure_misses(paths, digests, cache) if forked is not None and forked.started else None
    if sure:
        done, todo = _lint_forked_first(paths, sure, take, forked, options, results, meanwhile, ahead)
        for path in todo:
            keep(*done[path], {})
        return [results[p] for p in paths if p in results]
    todo = take()

    if forked is not None and (not todo or (jobs > 1 and len(todo) >= PARALLEL_MIN_FILES)):
        forked.close()  # nothing for it to lint, or a pool's worth
    if todo and forked is not None and forked.started:
        done = _lint_forked(todo, forked, options, list(results.values()), meanwhile, ahead)
        for path in todo:
            keep(*done[path], {})
    elif jobs > 1 and len(todo) >= PARALLEL_MIN_FILES:
        own = workers is None
        workers = workers or _Workers(options, jobs)
        try:
            # the parent reads the packages' re-exports (for the seeded phase) while the workers lint
            for res, digest in _parallel(todo, workers, lambda: seeding.reexports):
                keep(res, digest, {})
        finally:
            if own:
                workers.close()
    elif todo:
        linter = _linter(options)
        linter.trees = seeding.trees

        def serial() -> None:
            # importers first, so that the outcalls of a file's callers are known before its parse:
            # its tree is kept for its seeded check; the results are kept in the order of ``todo``
            done = {}
            reexports: dict[str, str] = {}
            for path in importers_first(todo, seeding.modules, seeding.names, _text):
                res, digest = done[path] = _lint_one(linter, path)
                if res.facts is not None:
                    reexports.update(res.facts.reexports)
                    if res.facts.outcalls:
                        for target in outcall_paths(res.facts, seeding.modules, ChainMap(reexports, seeding.reexports)):
                            if target not in done:
                                seeding.trees.setdefault(target, None)
            for path in todo:
                keep(*done[path], {})

        run_with_big_stack(serial)
    return [results[p] for p in paths if p in results]


def _sure_misses(paths: list[str], digests: dict[str, str], cache: Cache | None) -> list[str] | None:
    """The paths whose content the cache holds no result of (Cache.holds: a subset of those
    :meth:`Cache.get` misses, known without building any result), when they are a forked process's
    work (some, fewer than a pool's worth); else None."""
    if cache is None:
        return None
    sure = [p for p in paths if digests.get(p) is None or not cache.holds(p, digests[p])]
    return sure if 0 < len(sure) < PARALLEL_MIN_FILES else None


def _lint_forked_first(paths: list[str], sure: list[str], take, forked: _Forked, options: LintOptions, results: dict,
                       meanwhile, ahead: tuple[dict, dict] | None) -> tuple[dict[str, Linted], list[str]]:
    """:func:`_lint`'s first lint in the forked processes, sent before the cached results are built:
    ``sure`` (the paths the cache surely misses) are sent, then ``take()`` builds the cached results
    into ``results`` as :func:`_lint` would, and the paths it misses besides ``sure`` (a damaged
    record, or a file whose mentioned names changed) are linted there after them: the same files
    as a run that built the cached results first lints, by the same code. (The results made, every
    path linted in the order of ``paths``.)"""
    sure_set = set(sure)
    late: list[str] = []

    def first() -> None:
        late.extend(p for p in take() if p not in sure_set)
        if meanwhile is not None:
            meanwhile(list(results.values()))

    done = _lint_forked(sure, forked, options, [], lambda _cached: first(), ahead)
    if late and forked.started:
        done.update(_lint_forked(late, forked, options, [], None, None))
    elif late:  # (it died during the first lint: here, as _after_a_crash lints what it did not return)
        linter = _linter(options)
        for path in late:
            done[path] = run_with_big_stack(lambda p=path: _lint_one(linter, p))
    linted = sure_set.union(late)
    return done, [p for p in paths if p in linted]


def _lint_forked(todo: list[str], forked: _Forked, options: LintOptions, cached: list[FileResult], meanwhile,
                 ahead: tuple[dict, dict] | None) -> dict[str, Linted]:
    """:func:`_lint`'s first lint of ``todo`` in the forked processes (see there)."""
    seeded, checks = ahead or ({}, {})
    done: dict[str, Linted] = forked.lint(todo, options, (lambda: meanwhile(cached)) if meanwhile else None,
                                          {p: s for p, s in seeded.items() if p in todo},
                                          {p: n for p, n in checks.items() if p in todo})
    missing = [path for path in todo if path not in done]
    if missing:  # a process died (a native crash in the parser): that file alone, the rest here
        _after_a_crash(missing, forked.shares, done, options)
    return done


def _parallel(paths: list[str], workers: _Workers, meanwhile=None) -> list[Linted]:
    """Lint ``paths`` on the workers; ``meanwhile()``: work of the parent's own, done while they lint."""
    done: dict[str, Linted] = {}
    todo = list(paths)
    while todo:
        unfinished, suspects = _pool_round(todo, workers, done, meanwhile)
        meanwhile = None
        if unfinished and not suspects:
            suspects = unfinished  # the pool broke without a trace: isolate everything left
        for path in suspects:
            done[path] = _lint_one_isolated(workers.options, path)
        todo = [p for p in unfinished if p not in done]
    return [done[p] for p in paths if p in done]


class _Forked:
    """One process forked at the start of a warm run whose first files changed (the pre-commit
    hook: ``jitguard check FILE...`` puts the files it names first): it imports the engine (libcst,
    the analysis, the rules: ~0.15 s) while this process loads the cache and scans the tree, then
    lints the files whose results the cache does not hold; later it answers the seeded re-lints
    and the wrapper checks of :func:`_follow_traced_calls` as a pool's workers do (:class:`_Workers`'
    ``lint_seeded`` and ``wrapper_checks``) and runs the project-wide rules on the call sites
    (:func:`apply_project_rules`), so that this process never imports libcst. It runs the same
    code on the same inputs, so its answers are those this process would make (as a pool's are).
    Linux only, and only in a process of one thread (a fork copies one thread). The first lint is
    shared with a process it forks in turn (:meth:`lint`). If one dies, the file it was linting is
    linted alone in a fresh process (:func:`_lint_one_isolated`: JG003 if it kills that one too)
    and the rest here (:func:`_after_a_crash`)."""

    PEEK = PARALLEL_MIN_FILES  # the first files whose statuses decide it
    MIN_BATCH = 1  # wrapper checks worth sending it: every one (each would import libcst here)

    def __init__(self, pid: int, send, receive, side) -> None:
        self.pid = pid
        self._send = send
        self._receive = receive
        self._side = side  # the answers of the process it forks for a share of the first lint
        self.options: LintOptions | None = None
        self.shares: tuple[list[str], ...] = ()  # the first lint's, each in the order it is linted
        self.broken = False  # the forked process died during the first lint (closed once its side was read)
        self.early: dict[str, tuple[str, FileResult]] = {}  # path -> (seeds key, result) linted with the first lint
        self.early_checks: dict[tuple[str, str], bool] = {}  # (path, names key) -> wrapper check, with the first lint

    @staticmethod
    def worth(paths: list[str], cache_dir: Path, cache_key: str) -> bool:
        """Fork? On Linux, with no other thread, when the cache holds a run and some, not all, of the
        first :attr:`PEEK` files changed (all of them: many files to lint, a pool's work)."""
        if not sys.platform.startswith("linux") or not hasattr(os, "fork") or not _Forked.alone():
            return False
        first = paths[:_Forked.PEEK]
        changed = statuses_changed(cache_dir, cache_key, first, mixed=True)
        return changed is not None and 0 < changed and not (changed == len(first) == _Forked.PEEK)

    @staticmethod
    def alone() -> bool:
        """This process runs one thread, native ones counted (a library's thread pool, JAX's: a
        fork copies the calling thread only, and a lock another one held stays held)."""
        try:
            with open("/proc/self/status", "rb") as fh:
                for line in fh:
                    if line.startswith(b"Threads:"):
                        return int(line.split()[1]) == 1
        except (OSError, ValueError, IndexError):
            pass
        return False

    @classmethod
    def start(cls) -> _Forked | None:
        try:
            down_r, down_w = os.pipe()
            up_r, up_w = os.pipe()
            side_r, side_w = os.pipe()
            pid = os.fork()
        except OSError:
            return None
        if pid == 0:  # the child: serves until its input ends, and leaves without any clean-up of the parent's
            code = 1
            try:
                for fd in (down_w, up_r, side_r):
                    os.close(fd)
                _forked_serve(down_r, up_w, side_w)
                code = 0
            finally:
                os._exit(code)
        for fd in (down_r, up_w, side_w):
            os.close(fd)
        return cls(pid, os.fdopen(down_w, "wb"), os.fdopen(up_r, "rb"), os.fdopen(side_r, "rb"))

    @property
    def started(self) -> bool:
        return self.pid is not None

    def submit(self, kind: str, items: list, options: LintOptions) -> None:
        """Send a request. The options (~0.4 MB pickled for a 3,000-file tree: the tree's names) are
        sent with the first request only, then None for the same object (the process keeps them)."""
        sent, self.options = self.options, options
        try:
            pickle.dump((kind, None if options is sent else options, items), self._send, protocol=pickle.HIGHEST_PROTOCOL)
            self._send.flush()
        except (OSError, pickle.PicklingError):
            self.close()

    def collect(self, stream=None, close: bool = True) -> list:
        """The answers to the last :meth:`submit`, in its order; fewer if the process died (then it
        is closed, or with ``close`` False marked ``broken``: the side process's answers are read
        first). ``stream``: the side process's answers instead (fewer if it died)."""
        out: list = []
        if not self.started:
            return out
        try:
            while True:
                row = pickle.load(stream or self._receive)
                if row is None:
                    return out
                out.append(row)
        except Exception:  # noqa: BLE001 - it died (EOF, a torn pickle): what it sent is kept
            if stream is None:
                if close:
                    self.close()
                else:
                    self.broken = True
            return out

    def lint(self, todo: list[str], options: LintOptions, meanwhile=None,
             seeded: dict[str, dict] | None = None, checks: dict[str, list[str]] | None = None) -> dict[str, Linted]:
        """The first lint of ``todo``, in two shares of about equal bytes (each in the order of
        ``todo``): one linted by the forked process, the other by a process it forks once it has
        the engine (no second import). What a process that died did not return is left out.
        ``meanwhile()``: this process's own work, done once the files are sent. ``seeded``: {path:
        seeds} linted with those seeds too, after the lighter share (kept for :meth:`lint_seeded`);
        ``checks``: {path: wrapper names} asked a wrapper check after the first share (kept for
        :meth:`wrapper_checks`)."""
        sizes = _sizes(todo)
        shares: tuple[list[str], list[str]] = ([], [])
        load = [0, 0]
        for path in sorted(todo, key=lambda p: -sizes[p]):  # the larger files first, each to the lighter share
            i = 0 if load[0] <= load[1] else 1
            shares[i].append(path)
            load[i] += sizes[path]
        order = {path: i for i, path in enumerate(todo)}
        first, second = (sorted(share, key=order.__getitem__) for share in shares)
        self.shares = (first, second)
        extra = [[], []]
        extra[0 if load[0] <= load[1] or not second else 1] = sorted((seeded or {}).items())
        asked = [(path, frozenset(names)) for path, names in sorted((checks or {}).items())]
        self.submit("lint", [first, second, *extra, asked], options)
        if meanwhile is not None:
            meanwhile()
        done = dict(self.collect(close=False))
        if second and self._side is not None:
            done.update(self.collect(self._side))  # (also when the forked process died: it answered alone)
        if self.broken:
            self.close()
        for key in [k for k in done if isinstance(k, tuple)]:  # ("seeded", path) or ("wrapper", path, names)
            if key[0] == "seeded":
                self.early[key[1]] = (_seeds_key((seeded or {})[key[1]]), done.pop(key))
            else:
                self.early_checks[key[1:]] = done.pop(key)
        return done

    def lint_seeded(self, items: list[tuple[str, dict]]) -> dict[str, FileResult]:
        """As :meth:`_Workers.lint_seeded`: what could not be had is left out (the caller lints it).
        A result made with the same seeds with the first lint (:meth:`lint`) is taken as it is."""
        out: dict[str, FileResult] = {}
        rest = []
        for path, seeds in items:
            early = self.early.pop(path, None)
            if early is not None and early[0] == _seeds_key(seeds):
                out[path] = early[1]
            else:
                rest.append((path, seeds))
        if rest:
            self.submit("seeded", rest, self.options)
            out.update((res.path, res) for res in self.collect())
        return out

    def wrapper_checks(self, items: list[tuple[str, frozenset[str]]]) -> dict[tuple[str, str], bool]:
        """As :meth:`_Workers.wrapper_checks` (an answer made with the first lint taken as it is)."""
        out = {(path, _names_key(names)): self.early_checks.pop((path, _names_key(names)))
               for path, names in items if (path, _names_key(names)) in self.early_checks}
        rest = [(path, names) for path, names in items if (path, _names_key(names)) not in out]
        if rest:
            self.submit("wrappers", rest, self.options)
            out.update(((path, _names_key(names)), answer) for (path, names), answer in zip(rest, self.collect()))
        return out

    def init_reexports(self, package: str, path: str) -> dict[str, str]:
        """crossmodule.init_reexports, run there (here if it could not be)."""
        if self.started:
            self.submit("reexports", [(package, path)], self.options)
            got = self.collect()
            if got:
                return got[0]
        return init_reexports(package, path)

    def project_findings(self, sites: list[CallSite], codes) -> list[tuple[str, Finding]] | None:
        """:func:`run_project_rules` of the rules of ``codes`` over ``sites``, run there; None if it could not."""
        if not self.started:
            return None
        self.submit("project", [(sites, frozenset(codes))], self.options)
        got = self.collect()
        return got[0] if got else None

    def close(self) -> None:
        if self.pid is None:
            return
        pid, self.pid = self.pid, None
        for stream in (self._send, self._receive, self._side):
            with contextlib.suppress(OSError):
                stream.close()
        with contextlib.suppress(OSError):
            os.kill(pid, 9)  # (it may be importing still: nothing of its work is needed any more)
        with contextlib.suppress(OSError):
            os.waitpid(pid, 0)


def _forked_serve(down: int, up: int, side: int) -> None:
    """(In the forked process.) Import the engine, then answer (kind, options, items) requests: one
    pickled answer per item as it is done (so that the parent knows which file killed it), then None.
    The first lint's items are two shares: the second is linted by a process forked from this one
    (the engine imported, the linter made), which answers on ``side``."""
    import jitguard.lint.engine  # noqa: F401 - the import is the point: while the parent reads the cache

    options: LintOptions | None = None
    with os.fdopen(down, "rb") as receive, os.fdopen(up, "wb") as send:
        while True:
            try:
                kind, given, items = pickle.load(receive)
            except EOFError:
                return
            options = given if given is not None else options  # (None: the last request's, _Forked.submit)
            linter = _linter_for(options)
            share = 0
            seeded: list = []
            checks: list = []
            if kind == "lint":
                items, second, seeded, seeded_second, checks = items
                share = _fork_share(second, linter, side, seeded_second) if second and side >= 0 else 0
                if second and not share:
                    items, seeded = items + second, seeded + seeded_second  # (no process for the share: linted here)
                if side >= 0:
                    os.close(side)  # the parent reads the share's answers to their end
                    side = -1

            def answer(value) -> None:
                pickle.dump(value, send, protocol=pickle.HIGHEST_PROTOCOL)
                send.flush()

            def run() -> None:
                for item in items:
                    if kind == "lint":
                        answer((item, _lint_one(linter, item)))
                    elif kind == "seeded":
                        path, seeds = item
                        answer(linter.lint_path(path, module_name(path), seeds))
                    elif kind == "reexports":
                        answer(init_reexports(*item))
                    elif kind == "project":
                        sites, codes = item
                        found: list[tuple[str, Finding]] = []
                        run_project_rules(ruleinfo.project_rules(codes), sites, found)
                        answer(found)
                    else:
                        path, names = item
                        answer(_records_wrapper_calls(path, names, options.tree_packages))
                for path, seeds in seeded:  # (with the first lint: ("seeded", path), its result)
                    answer((("seeded", path), linter.lint_path(path, module_name(path), seeds)))
                for path, names in checks:  # (("wrapper", path, names key), the answer)
                    answer((("wrapper", path, _names_key(names)), _records_wrapper_calls(path, names, options.tree_packages)))
                answer(None)

            run_with_big_stack(run)
            if share:
                with contextlib.suppress(OSError):
                    os.waitpid(share, 0)  # (its times then count in this process's, and the parent's)


def _after_a_crash(missing: list[str], shares: tuple[list[str], ...], done: dict[str, Linted], options: LintOptions) -> None:
    """The files of ``missing`` that a forked process died before returning: the first of each share
    (the file it was linting, or the first it would have) linted alone in a fresh process
    (:func:`_lint_one_isolated`: JG003 if it kills that one too), the others here."""
    left = set(missing)
    suspects = {next((p for p in share if p in left), None) for share in shares} - {None}
    suspects = suspects or {missing[0]}
    linter = None
    for path in missing:
        if path in suspects:
            done[path] = _lint_one_isolated(options, path)
            continue
        linter = linter or _linter(options)
        done[path] = run_with_big_stack(lambda p=path, lt=linter: _lint_one(lt, p))


def _fork_share(paths: list[str], linter: FileLinter, side: int, seeded: list | None = None) -> int:
    """(In the forked process, no other thread running.) Fork a process that lints ``paths`` (then
    the (path, seeds) of ``seeded`` with their seeds) and answers on ``side`` (one answer per file,
    then None), and leaves; its pid (0: no process)."""
    try:
        pid = os.fork()
    except OSError:
        return 0
    if pid:
        return pid
    code = 1
    try:
        with os.fdopen(side, "wb") as send:
            def run() -> None:
                for path in paths:
                    pickle.dump((path, _lint_one(linter, path)), send, protocol=pickle.HIGHEST_PROTOCOL)
                    send.flush()
                for path, seeds in seeded or ():
                    pickle.dump((("seeded", path), linter.lint_path(path, module_name(path), seeds)), send,
                                protocol=pickle.HIGHEST_PROTOCOL)
                    send.flush()
                pickle.dump(None, send)
                send.flush()

            run_with_big_stack(run)
        code = 0
    finally:
        os._exit(code)


class _Workers:
    """The worker processes of a run with ``jobs`` > 1: started once (each imports libcst and the
    rules) and kept for both parallel phases, the first lint of every file and the re-lints of
    the seeded files (:func:`_follow_traced_calls`), so that the second phase runs on every core
    too instead of in the parent alone. A pool that breaks (a native crash) is dropped; the next
    phase starts a new one."""

    MIN_BATCH = 2  # wrapper checks worth a round on the pool

    def __init__(self, options: LintOptions, jobs: int) -> None:
        self.options = options  # (a pool started before the tree scan gets the tree's options after it)
        self.jobs = jobs
        self._crumbs = tempfile.TemporaryDirectory(prefix="jitguard-crumbs-", ignore_cleanup_errors=True)
        self.crumbs = self._crumbs.name
        self._pool: ProcessPoolExecutor | None = None
        self._closing: ProcessPoolExecutor | None = None

    @property
    def started(self) -> bool:
        return self._pool is not None

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            cf, multiprocessing = _cf()
            for name in os.listdir(self.crumbs):  # the breadcrumbs of a broken pool's processes
                os.unlink(os.path.join(self.crumbs, name))
            ctx = multiprocessing.get_context("spawn")  # (processes start as chunks are submitted)
            self._pool = cf.ProcessPoolExecutor(self.jobs, mp_context=ctx, initializer=_init_worker,
                                                initargs=(self.crumbs,))
        return self._pool

    def discard(self, wait: bool = True) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=True)
            self._pool = None

    def close(self, wait: bool = True) -> None:
        """Shut the pool down; ``wait=False``: the processes end while the caller goes on (the
        project-wide rules, the cache, the report), instead of before; :meth:`finish` then waits
        for them (a worker still starting needs its breadcrumbs folder, and a parent leaving
        before its pool's thread has stopped prints an ignored OSError from that thread)."""
        pool = self._pool
        self.discard(wait)
        if wait:
            self._crumbs.cleanup()
        else:
            self._closing = pool

    def finish(self) -> None:
        """After :meth:`close`: wait for a pool shut down without waiting, remove the breadcrumbs."""
        closing, self._closing = self._closing, None
        if closing is not None:
            closing.shutdown(wait=True)
        self._crumbs.cleanup()

    def scan(self, paths: list[str], extend: tuple[str, ...] | None, want_digest: bool) -> dict[str, tuple | None]:
        """:func:`_scan_one` of every file, in chunks on the workers, while they start; the chunks
        no worker has taken yet when the parent gets to them are scanned in the parent."""
        size = max(1, len(paths) // (self.jobs * 8))
        chunks = [paths[i:i + size] for i in range(0, len(paths), size)]
        pool = self.pool()
        futures = [pool.submit(_scan_chunk, chunk, extend, want_digest) for chunk in chunks]
        out: dict[str, tuple | None] = {}
        for chunk, fut in zip(reversed(chunks), reversed(futures)):  # from the end: the last to start
            if fut.cancel():
                out.update((path, _scan_one(path, extend, want_digest)) for path in chunk)
        for chunk, fut in zip(chunks, futures):
            if fut.cancelled():
                continue
            try:
                out.update(fut.result())
            except Exception:  # noqa: BLE001 - a broken pool: the parent scans what is missing
                out.update((path, _scan_one(path, extend, want_digest)) for path in chunk)
        return out

    def wrapper_checks(self, items: list[tuple[str, frozenset[str]]]) -> dict[tuple[str, str], bool]:
        """:func:`_records_wrapper_calls` of each (path, names) on the workers, by (path, names
        key); what could not be had (a broken pool) is left out: the caller answers it."""
        out: dict[tuple[str, str], bool] = {}
        pool = self.pool()
        size = max(1, -(-len(items) // (self.jobs * 2)))
        chunks = [items[i:i + size] for i in range(0, len(items), size)]
        futures = [pool.submit(_wrapper_check_chunk, chunk, self.options.tree_packages) for chunk in chunks]
        cf, _ = _cf()
        broken = False
        for chunk, fut in zip(chunks, futures):
            try:
                answers = fut.result()
            except cf.process.BrokenProcessPool:
                broken = True
                continue
            except Exception:  # noqa: BLE001, S112 - answered in the parent
                continue
            out.update(((path, _names_key(names)), answer) for (path, names), answer in zip(chunk, answers))
        if broken:
            self.discard()
        return out

    def lint_seeded(self, items: list[tuple[str, dict]]) -> dict[str, FileResult]:
        """Each (path, seeds) linted with its seeds on the workers; a file whose result could not
        be had (a broken pool) is left out: the caller lints it."""
        seeds = dict(items)
        out: dict[str, FileResult] = {}
        if not items:
            return out
        pool = self.pool()
        futures = [pool.submit(_lint_seeded_chunk, [(p, seeds[p]) for p in chunk], self.options)
                   for chunk in _chunks(list(seeds), self.jobs)]
        cf, _ = _cf()
        broken = False
        for fut in futures:
            try:
                out.update((res.path, res) for res in fut.result())
            except cf.process.BrokenProcessPool:
                broken = True
            except Exception:  # noqa: BLE001, S110 - e.g. a result that cannot be pickled: linted in the parent
                pass
        if broken:
            self.discard()
        return out


def _lint_seeded_chunk(items: Sequence[tuple[str, dict]], options: LintOptions) -> list[FileResult]:
    """(In a worker.) Each file linted with the parameters other files pass traced values to."""
    linter = _linter_for(options)

    def run() -> list[FileResult]:
        out = []
        for path, seeds in items:
            if _crumb_fd is not None:
                os.pwrite(_crumb_fd, os.fsencode(path) + b"\0", 0)
            out.append(linter.lint_path(path, module_name(path), seeds))
        if _crumb_fd is not None:
            os.pwrite(_crumb_fd, b"\0", 0)
        return out

    return run_with_big_stack(run)


def _sizes(paths: list[str]) -> dict[str, int]:
    """Each file's size in bytes (0 if it cannot be had): what the schedules take for its cost."""
    sizes = {}
    for path in paths:
        try:
            sizes[path] = os.stat(path).st_size
        except OSError:
            sizes[path] = 0
    return sizes


def _chunks(paths: list[str], jobs: int) -> list[list[str]]:
    """The work in chunks, largest files first (a file's size stands for its cost): a chunk holds
    at most 32 files and about a 1/(8 jobs) share of the bytes, so the first chunks are one or a
    few big files and the last ones many small files, and no core waits long for the other at the
    end. Small chunks also limit what a crash can take down."""
    sizes = _sizes(paths)
    order = sorted(paths, key=lambda p: -sizes[p])  # (stable: ties keep their order)
    share = max(1, sum(sizes.values()) // (jobs * 8))
    most = max(1, min(32, len(paths) // (jobs * 8) or 1))
    chunks: list[list[str]] = []
    chunk: list[str] = []
    total = 0
    for path in order:
        chunk.append(path)
        total += sizes[path]
        if len(chunk) >= most or total >= share:
            chunks.append(chunk)
            chunk, total = [], 0
    if chunk:
        chunks.append(chunk)
    return chunks


def _pool_round(paths: list[str], workers: _Workers, done: dict[str, Linted],
                meanwhile=None) -> tuple[list[str], list[str]]:
    """Lint ``paths`` on the workers into ``done``. If the pool breaks: (unfinished files, suspects)."""
    chunks = _chunks(paths, workers.jobs)
    unfinished: list[str] = []
    pool = workers.pool()
    futures = {pool.submit(_lint_chunk, chunk, workers.options): chunk for chunk in chunks}
    cf, _ = _cf()
    if meanwhile is not None:
        meanwhile()
    for fut in cf.as_completed(futures):
        try:
            for res, digest in fut.result():
                done[res.path] = (res, digest)
        except cf.process.BrokenProcessPool:
            unfinished.extend(futures[fut])
        except Exception as exc:  # noqa: BLE001 - e.g. a result that cannot be pickled
            for p in futures[fut]:
                done[p] = (FileResult(p, errors=[_internal_error(p, "a worker", exc)]), None)
    if unfinished:
        workers.discard()
    if not unfinished:
        return [], []
    left = set(unfinished)
    suspects = []
    for name in os.listdir(workers.crumbs):
        try:
            with open(os.path.join(workers.crumbs, name), "rb") as fh:
                crumb = os.fsdecode(fh.read().split(b"\0", 1)[0])
        except OSError:
            continue
        if crumb in left:
            suspects.append(crumb)
    return unfinished, sorted(suspects)


def _text_answers(cache: Cache | None, digests: dict[str, str]):
    """``answer(path, question, compute)`` for the project-wide steps that search files' texts:
    kept in the cache with each file's digest (Cache.text_answer), so that a warm run reads only
    the files that changed; None without a cache."""
    if cache is None:
        return None
    return lambda path, question, compute: cache.text_answer(path, digests.get(path), question, compute)


def run_project_rules(project_rules: list, sites: list[CallSite], found: list[tuple[str, Finding]]) -> None:
    """Each project-wide rule over the call sites; its findings appended to ``found`` as (path, finding)."""
    def sink(code: str, site: CallSite, message: str, help: str, fix) -> None:
        call = site.call
        found.append((site.path, Finding(site.path, call.line, call.column, code, message, call.end_line,
                                         call.end_column, help, fix,
                                         related=(site.jitdef.path,) if site.jitdef.path else ())))

    from jitguard.lint.rules.base import Reporter  # (imports the rules package)

    for rule in project_rules:
        rule.check_project(sites, Reporter(rule.code, sink))


def apply_project_rules(results: list[FileResult], rules: list | None = None, codes=frozenset(),
                        memo: tuple[Cache, str] | None = None, answer=None, modules: dict[str, str] | None = None,
                        elsewhere: _Forked | None = None, record: ProjectMemo | None = None) -> None:
    """Run the project rules over all call sites; add their findings to the calling files.
    (Suppression comments are applied afterwards, with every other finding: jitguard.lint.suppression.)

    ``rules``: rule instances (the project-wide ones among them run), else those of ``codes``,
    imported only if they have to run. ``memo``: (cache, key of the run's inputs, _run_key): the
    findings of a run with the same inputs come from the cache instead. ``modules``: {path: module
    name} of the run, if known. ``elsewhere``: the run's forked process (:class:`_Forked`), which
    has the rules imported: they run there on the call sites, so that this process never imports
    libcst (what it cannot answer is run here). ``record``: the run's :class:`ProjectMemo`, which
    gets the pending rows dropped, the files whose text the proof read and the findings (the
    findings of an identical run are not taken from ``memo`` then: their proof's reads are needed)."""
    proof = Proofs(results, answer, modules)  # (made when first needed, then shared)
    try:
        _apply_project_rules(results, rules, codes, memo, answer, proof, elsewhere, record)
    finally:
        if record is not None and proof._proof is not None:
            record.read.update(proof._proof.read)


def _apply_project_rules(results: list[FileResult], rules: list | None, codes, memo: tuple[Cache, str] | None, answer,
                         proof: Proofs, elsewhere: _Forked | None, record: ProjectMemo | None) -> None:
    # JG301 findings that the other files prove to run only under a trace
    drop_proven(results, answer, proof, record.dropped if record is not None else None)
    if rules is not None:
        project_rules = [r for r in rules if getattr(r.scope, "value", None) == "project"]
        if not project_rules:
            return
    elif ruleinfo.project_codes().isdisjoint(codes):
        return
    found: list[tuple[str, Finding]] | None = (memo[0].project_findings(memo[1])
                                               if memo is not None and record is None else None)
    if found is None:
        found = []
        index = ProjectIndex(results)
        if index.defs:
            # calls made in code that runs only under another module's trace compile nothing of their own
            sites = traced_sites(index.sites(results), results, answer, proof)
            there = elsewhere.project_findings(sites, codes) if elsewhere is not None and rules is None else None
            if there is not None:
                found = there
            else:
                run_project_rules(project_rules if rules is not None else ruleinfo.project_rules(codes), sites, found)
        if memo is not None:
            memo[0].put_project_findings(memo[1], found)
    if record is not None:
        record.found = found
    _add_project_findings(results, found)


def _add_project_findings(results: list[FileResult], found: list[tuple[str, Finding]]) -> None:
    if not found:
        return
    by_path = {r.path: r for r in results}
    for path, finding in found:
        by_path[path].findings.append(finding)
    for res in results:
        res.findings.sort()
