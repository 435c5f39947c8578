"""Which files to check: ruff's semantics for paths, excludes and explicit files."""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from pathlib import Path

from jitguard.lint.config import Settings

PY_SUFFIXES = (".py", ".pyi")


class MissingPath(Exception):
    pass


def discover(paths: list[str], settings: Settings, force_exclude: bool = False) -> list[str]:
    """Python files under ``paths``, sorted, without duplicates.

    A file named explicitly is checked even if ``exclude`` matches it, unless ``force_exclude``
    (pre-commit passes files explicitly). Folders are walked without following symlinked
    folders, so a symlink loop cannot trap the walk.
    """
    seen: dict[str, None] = {}
    for raw in paths:
        path = Path(raw)
        if not os.path.lexists(path):
            raise MissingPath(raw)
        if path.is_dir():
            if force_exclude and settings.is_excluded(path, check_parents=True) and raw not in (".", ""):
                continue
            for found in _walk(path, settings):
                seen.setdefault(found, None)
        else:
            if force_exclude and settings.is_excluded(path, check_parents=True):
                continue
            seen.setdefault(os.path.normpath(raw), None)
    return list(seen)


def _walk(top: Path, settings: Settings) -> Iterator[str]:
    stack = [str(top)]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            continue  # unreadable folder: nothing to check in it
        subdirs = []
        for entry in entries:
            full = os.path.normpath(entry.path)
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
                is_file = entry.is_file()
            except OSError:  # e.g. a symlink loop: reported as unreadable if it looks like Python
                is_dir = is_file = False
            if settings.is_excluded(Path(full)):
                continue
            if is_dir:
                subdirs.append(full)
            elif is_file and entry.name.endswith(PY_SUFFIXES):
                yield full
            elif entry.name.endswith(PY_SUFFIXES) and not is_dir and _is_symlink(entry):
                yield full  # a dangling or looping link: reported as unreadable, not silently skipped
        stack.extend(reversed(subdirs))


def _is_symlink(entry: os.DirEntry) -> bool:
    try:
        return entry.is_symlink()
    except OSError:
        return False


def module_name(path: str) -> str:
    """Dotted module name, from the enclosing packages (folders with __init__.py)."""
    p = Path(os.path.abspath(path))
    package = _package(str(p.parent))
    stem = p.stem  # "pkg.__init__": relative imports in it resolve against "pkg"
    return f"{package}.{stem}" if package else stem


@functools.lru_cache(maxsize=4096)
def _package(folder: str) -> str:
    """Dotted package name of a folder ("" when it has no __init__.py): one lookup per folder."""
    f = Path(folder)
    if f == f.parent or not (f / "__init__.py").is_file():
        return ""
    parent = _package(str(f.parent))
    return f"{parent}.{f.name}" if parent else f.name
