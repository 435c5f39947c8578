"""Which files to check: ruff's semantics for paths, excludes and explicit files.

Folders are walked for Python files and notebooks. Each folder's settings are those of the
nearest configuration above it (config.Resolver), so a sub-project's excludes apply in its
folders. Unless ``respect-gitignore = false`` (``--no-respect-gitignore``), what ``.gitignore``,
``.ignore`` and ``.git/info/exclude`` list is skipped too, as git would (pathspec's gitignore
rules); the ignore files above the walked folder, up to the repository root, count as well.
A file named explicitly is always checked (unless ``--force-exclude`` and an exclude matches).
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterator
from pathlib import Path

from jitguard.lint.config import Resolver, Settings, _abs, _compiled

PY_SUFFIXES = (".py", ".pyi")
SUFFIXES = (".py", ".pyi", ".ipynb")
IGNORE_FILES = (".gitignore", ".ignore")


class MissingPath(Exception):
    pass


def discover(paths: list[str], settings: Settings | Resolver, force_exclude: bool = False) -> list[str]:
    """Python files and notebooks under ``paths``, sorted per folder, without duplicates.

    A file named explicitly is checked even if ``exclude`` matches it, unless ``force_exclude``
    (pre-commit passes files explicitly). Folders are walked without following symlinked
    folders, so a symlink loop cannot trap the walk.
    """
    resolve = settings.for_folder if isinstance(settings, Resolver) else (lambda _folder: settings)
    learn = settings.learn if isinstance(settings, Resolver) else None
    _LISTED.clear()  # (what this walk sees of each folder's packages; older answers forgotten)
    _package.cache_clear()
    seen: dict[str, None] = {}
    for raw in paths:
        path = Path(raw)
        if not os.path.lexists(path):
            raise MissingPath(raw)
        if path.is_dir():
            here = resolve(path)
            if force_exclude and here.is_excluded(path, check_parents=True) and raw not in (".", ""):
                continue
            for found in _walk(path, resolve, learn):
                seen.setdefault(found, None)
        else:
            here = resolve(os.path.dirname(os.path.abspath(path)))
            if force_exclude and here.is_excluded(path, check_parents=True):
                continue
            seen.setdefault(os.path.normpath(raw), None)
    return list(seen)


class _Ignores:
    """The gitignore rules in force in one folder: (folder, compiled spec) pairs, outermost
    first. A file's path is matched relative to the folder of each ignore file, as git does."""

    __slots__ = ("specs",)

    def __init__(self, specs: tuple = ()) -> None:
        self.specs = specs

    def child(self, folder: str, names: set[str]) -> _Ignores:
        found = [n for n in IGNORE_FILES if n in names]
        if not found:
            return self
        spec = _spec(tuple(os.path.join(folder, n) for n in found))
        return _Ignores((*self.specs, (folder, spec))) if spec is not None else self

    def ignored(self, full: str, is_dir: bool) -> bool:
        """``full``: an absolute, normalised path under every folder of ``specs``."""
        result = False
        for folder, rules in self.specs:  # a later (deeper) file's verdict wins, `!` included
            rel = full[len(folder) + 1 :] if full.startswith(folder) else os.path.relpath(full, folder)
            if os.sep != "/":
                rel = rel.replace(os.sep, "/")
            verdict = rules.verdict(rel + "/" if is_dir else rel)
            if verdict is not None:
                result = verdict
        return result


class _Rules:
    """One folder's compiled gitignore rules. Without `!` patterns the verdict is "does any
    pattern match", so all of them become one regular expression: one match per path."""

    __slots__ = ("any", "spec")

    def __init__(self, spec) -> None:
        patterns = [p for p in spec.patterns if p.include is not None and p.regex is not None]
        self.spec = spec
        self.any = None
        if all(p.include for p in patterns):
            parts = [re.sub(r"\(\?P<\w+>", "(?:", p.regex.pattern) for p in patterns]
            try:
                self.any = re.compile("|".join(f"(?:{part})" for part in parts))
            except re.error:  # pragma: no cover - pathspec's own matching then
                self.any = None

    def verdict(self, rel: str) -> bool | None:
        if self.any is not None:
            return True if self.any.match(rel) else None
        return self.spec.check_file(rel).include


def _spec(files: tuple[str, ...]):
    lines: list[str] = []
    for name in files:
        try:
            with open(name, encoding="utf-8", errors="replace") as fh:
                lines.extend(fh.read().splitlines())
        except OSError:
            continue
    lines = [ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        return None
    import pathspec  # only when there is an ignore file to read

    return _Rules(pathspec.GitIgnoreSpec.from_lines(lines))


def _outer_ignores(top: str) -> _Ignores:
    """The ignore files above ``top`` up to its repository's root (a folder holding .git), and
    .git/info/exclude; nothing above ``top`` when it is not inside a repository."""
    top = os.path.abspath(top)
    chain = []
    here = os.path.dirname(top)
    repo = os.path.isdir(os.path.join(top, ".git")) and top
    while not repo:
        chain.append(here)
        if os.path.exists(os.path.join(here, ".git")):
            repo = here
            break
        parent = os.path.dirname(here)
        if parent == here:
            break
        here = parent
    ignores = _Ignores()
    if not repo:
        return ignores
    exclude = os.path.join(repo, ".git", "info", "exclude")
    if os.path.isfile(exclude):
        spec = _spec((exclude,))
        if spec is not None:
            ignores = _Ignores(((repo, spec),))
    for folder in reversed(chain):
        try:
            names = set(os.listdir(folder))
        except OSError:
            continue
        ignores = ignores.child(folder, names)
    return ignores


def _walk(top: Path, resolve, learn=None) -> Iterator[str]:
    """The files under ``top``. ``learn(folder, settings)``: told each folder's settings (the
    resolver's own answer for it, so that it need not look for configuration files there again);
    each folder's ``__init__.py`` is noted for :func:`module_name` (``_LISTED``)."""
    top_s = str(top)
    top_settings = resolve(top_s)
    start = _outer_ignores(top_s) if top_settings.respect_gitignore else _Ignores()
    stack: list[tuple[str, Settings, _Ignores]] = [(top_s, top_settings, start)]
    while stack:
        folder, settings, ignores = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            continue  # unreadable folder: nothing to check in it
        names = {e.name for e in entries}
        if ("pyproject.toml" in names or "jitguard.toml" in names) and folder != top_s:
            settings = resolve(folder)  # a sub-project: its own settings from here down
        here = os.path.abspath(folder)
        if learn is not None:
            learn(here, settings)
        _LISTED[here] = any(e.name == "__init__.py" and _is_file(e) for e in entries)
        if settings.respect_gitignore:
            ignores = ignores.child(here, names)
        else:
            ignores = _Ignores()
        subdirs = []
        for entry in entries:
            full = os.path.normpath(entry.path)
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
                is_file = entry.is_file()
            except OSError:  # e.g. a symlink loop: reported as unreadable if it looks like Python
                is_dir = is_file = False
            if not is_dir and not entry.name.endswith(SUFFIXES):
                continue  # not ours: no pattern matching for it
            if _excluded(settings, full, here, entry.name):
                continue
            if ignores.specs and ignores.ignored(os.path.join(here, entry.name), is_dir):
                continue
            if is_dir:
                subdirs.append(full)
            elif is_file:
                yield full
            elif _is_symlink(entry):
                yield full  # a dangling or looping link: reported as unreadable, not silently skipped
        stack.extend((d, settings, ignores) for d in reversed(subdirs))


def _excluded(settings: Settings, full: str, here: str, name: str) -> bool:
    """``settings.is_excluded(Path(full))`` for an entry ``name`` of the absolute folder ``here``,
    with the relative path cut from the absolute one (no pathlib, no relpath: one slice per entry
    of a large tree); the general case is left to ``Settings.is_excluded``."""
    by_path, by_name = _compiled((*settings.exclude, *settings.extend_exclude))
    if by_path is None and by_name is None:
        return False
    root = _abs(settings.root)
    if os.sep != "/" or root == os.sep or not here.startswith(root) or (len(here) > len(root) and here[len(root)] != "/"):
        return settings.is_excluded(Path(full))
    rel = f"{here[len(root) + 1:]}/{name}" if len(here) > len(root) else name
    return bool(by_path is not None and by_path.match(rel) or by_name is not None and by_name.match(name))


def _is_file(entry: os.DirEntry) -> bool:
    """``Path(entry.path).is_file()`` (a symlink followed; False when that fails)."""
    try:
        return entry.is_file()
    except OSError:
        return False


def _is_symlink(entry: os.DirEntry) -> bool:
    try:
        return entry.is_symlink()
    except OSError:
        return False


def module_names(paths) -> dict[str, str]:
    """{path: :func:`module_name`} of many files (the current folder read once: ``os.path.abspath``
    asks the system for it on every call)."""
    cwd = os.getcwd()
    return {path: module_name(path, cwd) for path in paths}


def module_name(path: str, cwd: str | None = None) -> str:
    """Dotted module name, from the enclosing packages (folders with __init__.py). ``cwd``: the
    current folder, if the caller has it (``os.path.abspath`` is normpath(join(cwd, path)))."""
    folder, name = os.path.split(os.path.abspath(path) if cwd is None else os.path.normpath(os.path.join(cwd, path)))
    dot = name.rfind(".")
    stem = name[:dot] if 0 < dot < len(name) - 1 else name  # as pathlib's stem: "pkg.__init__" resolves against "pkg"
    package = _package(folder)
    return f"{package}.{stem}" if package else stem


# absolute folder -> whether it holds an __init__.py file, as the last discover() walk listed it
# (so that module names need no ``stat`` per folder; a folder it did not list is asked directly)
_LISTED: dict[str, bool] = {}


@functools.lru_cache(maxsize=4096)
def _package(folder: str) -> str:
    """Dotted package name of a folder ("" when it has no __init__.py): one lookup per folder."""
    f = Path(folder)
    if f == f.parent:
        return ""
    listed = _LISTED.get(folder)
    if not (listed if listed is not None else (f / "__init__.py").is_file()):
        return ""
    parent = _package(str(f.parent))
    return f"{parent}.{f.name}" if parent else f.name
