"""Runs the engine over many files: serially, or across processes, with a content cache.

Workers are processes (libcst parsing holds the GIL). If a worker dies (a native crash in the
parser), the files it had not finished are re-run one by one in fresh processes, so one hostile
file costs only its own result; a file that kills its process again becomes a JG003 finding.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import dataclasses
from collections.abc import Sequence
from pathlib import Path

from jitguard.analysis.project import apply_project_rules
from jitguard.cache import Cache
from jitguard.diagnostics import FileResult, Finding
from jitguard.discovery import module_name
from jitguard.engine import MAX_FILE_BYTES as MAX_SCAN_BYTES
from jitguard.engine import FileLinter, LintOptions, jitted_names, run_with_big_stack

PARALLEL_MIN_FILES = 16
_worker: FileLinter | None = None


def _init_worker(options: LintOptions) -> None:
    global _worker
    _worker = FileLinter(options)


def _lint_chunk(paths: Sequence[str]) -> list[FileResult]:
    assert _worker is not None
    linter = _worker
    return run_with_big_stack(lambda: [linter.lint_path(p, module_name(p)) for p in paths])


def _lint_one_isolated(options: LintOptions, path: str) -> FileResult:
    ctx = multiprocessing.get_context("spawn")
    with cf.ProcessPoolExecutor(1, mp_context=ctx, initializer=_init_worker, initargs=(options,)) as pool:
        try:
            return pool.submit(_lint_chunk, [path]).result()[0]
        except cf.process.BrokenProcessPool:
            return FileResult(
                path,
                [Finding(path, 1, 1, "JG003", "the parser crashed on this file (native stack overflow?); not checked",
                         fix="Split the file or the expression; exclude generated code in [tool.jitguard] exclude")],
            )


def scan_jitted_names(paths: list[str], options: LintOptions) -> frozenset[str]:
    """Names of functions jitted anywhere in the tree, by a cheap text scan (see engine.jitted_names)."""
    names: set[str] = set()
    for path in paths:
        try:
            with open(path, "rb") as fh:
                data = fh.read(MAX_SCAN_BYTES)
        except OSError:
            continue
        names |= jitted_names(data.decode("utf-8", "replace"), options.extend_jit_names)
    return frozenset(names)


def lint_files(
    paths: list[str],
    options: LintOptions,
    jobs: int = 1,
    cache_dir: Path | None = None,
    cache_key: str = "",
) -> list[FileResult]:
    """Lint ``paths`` and run the project-wide rules over what they contribute."""
    rules = FileLinter(options).rules
    if any(hasattr(r, "check_site") or hasattr(r, "check_sites") for r in rules):
        options = dataclasses.replace(options, jitted=scan_jitted_names(paths, options))
    cache = None
    if cache_dir is not None:
        cache = Cache(cache_dir, f"{cache_key}\0{sorted(options.jitted)}")
    results = _lint(paths, options, jobs, cache)
    apply_project_rules(results, rules)
    return results


def _lint(paths: list[str], options: LintOptions, jobs: int, cache: Cache | None) -> list[FileResult]:
    results: dict[str, FileResult] = {}
    todo: list[str] = []
    for path in paths:
        cached = cache.get(path) if cache is not None else None
        if cached is not None:
            results[path] = cached
        else:
            todo.append(path)
    if jobs > 1 and len(todo) >= PARALLEL_MIN_FILES:
        fresh = _parallel(todo, options, jobs)
    else:
        linter = FileLinter(options)
        fresh = run_with_big_stack(lambda: [linter.lint_path(p, module_name(p)) for p in todo])
    for res in fresh:
        results[res.path] = res
        if cache is not None and not res.errors:
            cache.put(res.path, res)
    if cache is not None:
        cache.save()
    return [results[p] for p in paths if p in results]


def _parallel(paths: list[str], options: LintOptions, jobs: int) -> list[FileResult]:
    # small chunks keep the cores busy to the end and limit what a crash can take down
    size = max(1, min(32, len(paths) // (jobs * 8) or 1))
    chunks = [paths[i : i + size] for i in range(0, len(paths), size)]
    out: list[FileResult] = []
    retry: list[str] = []
    ctx = multiprocessing.get_context("spawn")
    with cf.ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_init_worker, initargs=(options,)) as pool:
        futures = {pool.submit(_lint_chunk, chunk): chunk for chunk in chunks}
        for fut in cf.as_completed(futures):
            try:
                out.extend(fut.result())
            except cf.process.BrokenProcessPool:
                retry.extend(futures[fut])
    for path in retry:
        out.append(_lint_one_isolated(options, path))
    return out
