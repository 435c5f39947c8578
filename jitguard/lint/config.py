"""Settings: the nearest configuration above each file, then the command line on top.

A configuration is a ``jitguard.toml`` (keys at the top level) or a ``pyproject.toml`` with a
``[tool.jitguard]`` table; a ``pyproject.toml`` without one is passed over, as ruff does. In a
monorepo each sub-project's files get their own sub-project's settings (:class:`Resolver`);
``extend = "../pyproject.toml"`` starts from another configuration and changes what it lists.
``--config FILE`` uses one file for everything.
"""

from __future__ import annotations

import fnmatch
import functools
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

DEFAULT_EXCLUDE = (
    ".git", ".hg", ".svn", ".bzr", ".venv", "venv", ".tox", ".nox", "__pycache__", "build", "dist",
    "node_modules", ".eggs", "*.egg-info", ".mypy_cache", ".ruff_cache", ".pytest_cache",
    ".jitguard_cache", "site-packages", "__pypackages__", ".ipynb_checkpoints",
)

# key -> expected type; every other key in [tool.jitguard] is an error
KNOWN_KEYS = {
    "select": list,
    "extend-select": list,
    "ignore": list,
    "exclude": list,
    "extend-exclude": list,
    "per-file-ignores": dict,
    "extend-jit-names": list,
    "cache-dir": str,
    "jobs": int,
    "extend": str,
    "respect-gitignore": bool,
}
CONFIG_NAMES = ("jitguard.toml", "pyproject.toml")  # in one folder, jitguard.toml wins


class ConfigError(Exception):
    """A bad setting: reported in one line, exit code 2."""


@dataclass
class Settings:
    select: list[str] = field(default_factory=lambda: ["JG"])
    extend_select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    exclude: list[str] = field(default_factory=lambda: list(DEFAULT_EXCLUDE))
    extend_exclude: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    extend_jit_names: list[str] = field(default_factory=list)
    cache_dir: str | None = None
    jobs: int | None = None
    respect_gitignore: bool = True  # skip what .gitignore / .ignore / .git/info/exclude list
    root: Path = field(default_factory=Path.cwd)  # where relative patterns start
    config_file: Path | None = None
    # the oldest Python the project supports: the lower bound of `requires-python` in the
    # pyproject.toml of the configuration's folder (or of the folder jitguard runs from, without
    # one); None when not declared (read: every Python JAX supports)
    python_floor: tuple[int, int] | None = None

    def fingerprint(self) -> str:
        """What the findings depend on besides the file: used in the cache key."""
        return repr((sorted(self.enabled_codes()), sorted(self.extend_jit_names), self.python_floor))

    def enabled_codes(self) -> set[str]:
        from jitguard.lint.codes import all_codes, opt_in_codes

        return select_codes(all_codes(), [*self.select, *self.extend_select], self.ignore, opt_in_codes())

    def is_excluded(self, path: Path, check_parents: bool = False) -> bool:
        """Does an exclude pattern match ``path`` (or, with ``check_parents``, a folder above it)?

        While walking, an excluded folder is not entered, so its files need no check of their own;
        a file named on the command line with --force-exclude is checked with its parents."""
        patterns = [*self.exclude, *self.extend_exclude]
        if matches_any(path, patterns, self.root):
            return True
        if check_parents:
            return any(matches_any(parent, patterns, self.root) for parent in path.parents if parent != Path("."))
        return False

    def ignored_for(self, path: Path) -> set[str]:
        out: set[str] = set()
        for pattern, codes in self.per_file_ignores.items():
            if matches_any(path, [pattern], self.root):
                out.update(codes)
        return out


def select_codes(all_codes: list[str], select: list[str], ignore: list[str], opt_in: frozenset[str] = frozenset()) -> set[str]:
    """ruff's rule: the longest matching prefix wins; ``ignore`` wins ties.

    An opt-in rule is enabled only when selected by its full code (or by ``ALL``)."""

    def specificity(code: str, prefixes: list[str]) -> int:
        return max((len(p) for p in prefixes if code.startswith(p) or p == "ALL"), default=-1)

    chosen = set()
    for code in all_codes:
        if code in opt_in and code not in select and "ALL" not in select:
            continue
        s, i = specificity(code, select), specificity(code, ignore)
        if s >= 0 and s > i:
            chosen.add(code)
    return chosen


def validate_codes(codes: list[str], all_codes: list[str], where: str) -> None:
    for code in codes:
        if code == "ALL":
            continue
        if not any(c.startswith(code) for c in all_codes):
            raise ConfigError(f"{where}: unknown rule code or prefix {code!r} (see `jitguard rule --all`)")


@functools.lru_cache(maxsize=64)
def _abs(root: Path) -> str:
    return os.path.abspath(root)


def matches_any(path: Path, patterns: list[str], root: Path) -> bool:
    """Does a pattern match ``path`` (relative to ``root``)? Pure string work: no file system calls
    (symlinks are not resolved, as in ruff), so walking a large tree stays cheap."""
    by_path, by_name = _compiled(tuple(patterns))
    if by_path is None and by_name is None:
        return False
    rel = os.path.relpath(os.path.abspath(path), _abs(root)).replace(os.sep, "/")
    if rel.startswith("../"):
        rel = Path(path).as_posix()
    name = rel.rsplit("/", 1)[-1]
    rel, name = os.path.normcase(rel), os.path.normcase(name)  # as fnmatch.fnmatch does (Windows: case)
    return bool(by_path is not None and by_path.match(rel) or by_name is not None and by_name.match(name))


@functools.lru_cache(maxsize=64)
def _compiled(patterns: tuple[str, ...]) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
    """fnmatch patterns as two regexes: those with a "/" match the relative path, the others
    the last component (one regex each instead of one fnmatch call per pattern and path)."""
    with_slash, names = [], []
    for raw in patterns:
        pattern = raw.rstrip("/")
        if pattern:
            (with_slash if "/" in pattern else names).append(fnmatch.translate(os.path.normcase(pattern)))

    def join(parts: list[str]) -> re.Pattern[str] | None:
        return re.compile("|".join(parts)) if parts else None

    return join(with_slash), join(names)


def find_pyproject(start: Path) -> Path | None:
    start = start.resolve()
    for folder in (start, *start.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            return candidate
    return None


def config_in(folder: Path) -> Path | None:
    """The configuration file of ``folder`` itself, if it has one."""
    for name in CONFIG_NAMES:
        candidate = folder / name
        if candidate.is_file() and (name == "jitguard.toml" or _table(candidate) is not None):
            return candidate
    return None


def find_config(start: Path) -> Path | None:
    """The nearest configuration at or above ``start`` (a folder)."""
    start = Path(os.path.abspath(start))
    for folder in (start, *start.parents):
        found = config_in(folder)
        if found is not None:
            return found
    return None


def _read_toml(path: Path) -> dict:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        if "(at end of document)" in message:  # tomllib gives no line for this one: name the last
            last = path.read_bytes().count(b"\n") + 1
            message = message.replace("(at end of document)", f"(at end of document, line {last})")
        raise ConfigError(f"{path}: invalid TOML: {message}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _table(path: Path) -> dict | None:
    """The jitguard settings a file holds: [tool.jitguard] of a pyproject.toml, all of a
    jitguard.toml; None when a pyproject.toml has no such table."""
    data = _read_toml(path)
    if path.name != "pyproject.toml":
        return data
    table = data.get("tool", {}).get("jitguard") if isinstance(data.get("tool"), dict) else None
    if table is not None and not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.jitguard] must be a table")
    return table


_SPECIFIER = re.compile(r"(>=|~=|==|>)\s*(\d+)\.(\d+)")


def python_floor(folder: Path) -> tuple[int, int] | None:
    """The oldest Python ``folder/pyproject.toml`` declares (``[project] requires-python``: the
    highest lower bound of its ``>=``, ``~=``, ``==`` and ``>`` clauses, ``">=3.12,<4"`` -> (3,
    12)); None without one or when it cannot be read."""
    path = folder / "pyproject.toml"
    if not path.is_file():
        return None
    try:
        project = _read_toml(path).get("project")
    except ConfigError:
        return None
    spec = project.get("requires-python") if isinstance(project, dict) else None
    if not isinstance(spec, str):
        return None
    bounds = [(int(major), int(minor)) for _op, major, minor in _SPECIFIER.findall(spec)]
    return max(bounds) if bounds else None


def load(config_file: Path | None = None, start: Path | None = None) -> Settings:
    """Settings from ``config_file``, or from the nearest configuration above ``start`` (default:
    the current folder). Without any, the defaults, with relative patterns starting at ``start``."""
    path = config_file or find_config(start or Path.cwd())
    if path is None:
        root = Path(os.path.abspath(start or Path.cwd()))
        return Settings(root=root, python_floor=python_floor(root))
    return _load_file(Path(path), ())


def _load_file(path: Path, seen: tuple[Path, ...]) -> Settings:
    resolved = Path(os.path.abspath(path))
    if resolved in seen:
        chain = " -> ".join(str(p) for p in (*seen, resolved))
        raise ConfigError(f"{path}: `extend` makes a cycle: {chain}")
    if not resolved.is_file():
        where = f"{seen[-1]}: extend" if seen else "--config"
        raise ConfigError(f"{where}: no such file: {path}")
    table = _table(resolved)
    settings = Settings()
    if table is not None and "extend" in table:
        base = table["extend"]
        if not isinstance(base, str):
            raise ConfigError(f"{resolved}: extend must be a str")
        settings = _load_file(resolved.parent / os.path.expanduser(base), (*seen, resolved))
    settings.root = resolved.parent
    settings.config_file = resolved
    settings.python_floor = python_floor(resolved.parent)
    if table is not None:
        apply(settings, table, str(resolved))
    return settings


class Resolver:
    """The settings of each file: the nearest configuration above it (one lookup per folder), with
    the command line's ``overrides`` applied on top; with ``config_file``, that one for all."""

    def __init__(self, config_file: Path | None = None, overrides=None, cwd: Path | None = None) -> None:
        self.overrides = overrides
        self.cwd = Path(os.path.abspath(cwd or Path.cwd()))
        self._by_folder: dict[str, Settings] = {}
        self._by_file: dict[Path | None, Settings] = {}
        self.fixed = self._settings(Path(config_file)) if config_file is not None else None

    def _settings(self, config: Path | None) -> Settings:
        key = Path(os.path.abspath(config)) if config is not None else None
        found = self._by_file.get(key)
        if found is None:
            found = _load_file(key, ()) if key is not None else Settings(root=self.cwd, python_floor=python_floor(self.cwd))
            if self.overrides is not None:
                self.overrides(found)
            self._by_file[key] = found
        return found

    def for_folder(self, folder: str | Path) -> Settings:
        if self.fixed is not None:
            return self.fixed
        key = os.path.abspath(folder)
        found = self._by_folder.get(key)
        if found is not None:
            return found
        chain = []
        here = key
        while True:
            known = self._by_folder.get(here)
            if known is not None:
                found = known
                break
            chain.append(here)
            config = config_in(Path(here))
            if config is not None:
                found = self._settings(config)
                break
            parent = os.path.dirname(here)
            if parent == here:
                found = self._settings(None)
                break
            here = parent
        for folder_ in chain:
            self._by_folder[folder_] = found
        return found

    def learn(self, folder: str, settings: Settings) -> None:
        """What a walk of the tree found: ``folder`` (absolute, normalised) has ``settings``, the
        answer :meth:`for_folder` would give (discovery._walk resolves each folder whose listing
        holds a configuration file's name and hands the others their parent's), so that the
        folder's later lookups look for no configuration file in it (two ``stat`` calls a folder)."""
        if self.fixed is None:
            self._by_folder.setdefault(folder, settings)

    def for_path(self, path: str | Path) -> Settings:
        p = os.path.abspath(path)
        return self.for_folder(p if os.path.isdir(p) else os.path.dirname(p))

    def all_settings(self) -> list[Settings]:
        return list({id(s): s for s in (*self._by_file.values(),)}.values())


def apply(settings: Settings, table: dict, where: str) -> None:
    from jitguard.lint.codes import all_codes

    codes = all_codes()
    for key, value in table.items():
        expected = KNOWN_KEYS.get(key)
        if expected is None:
            known = ", ".join(sorted(KNOWN_KEYS))
            raise ConfigError(f"{where}: unknown key {key!r} in [tool.jitguard] (known keys: {known})")
        if not isinstance(value, expected) or isinstance(value, bool) and expected is int:
            if expected is bool:
                raise ConfigError(f"{where}: [tool.jitguard] {key} must be true or false")
            raise ConfigError(f"{where}: [tool.jitguard] {key} must be a {expected.__name__}")
        if expected is list and not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{where}: [tool.jitguard] {key} must be a list of strings")
    for key in ("select", "extend-select", "ignore"):
        if key in table:
            validate_codes(table[key], codes, f"{where}: {key}")
    pfi = table.get("per-file-ignores", {})
    for pattern, listed in pfi.items():
        if not isinstance(listed, list) or not all(isinstance(v, str) for v in listed):
            raise ConfigError(f"{where}: per-file-ignores[{pattern!r}] must be a list of codes")
        validate_codes(listed, codes, f"{where}: per-file-ignores")
    # each key replaces what an extended configuration said (the defaults, without `extend`)
    if "select" in table:
        settings.select = list(table["select"])
    if "extend-select" in table:
        settings.extend_select = list(table["extend-select"])
    if "ignore" in table:
        settings.ignore = list(table["ignore"])
    if "exclude" in table:
        settings.exclude = list(table["exclude"]) + list(DEFAULT_EXCLUDE)
    if "extend-exclude" in table:
        settings.extend_exclude = list(table["extend-exclude"])
    if "per-file-ignores" in table:
        settings.per_file_ignores = {k: list(v) for k, v in pfi.items()}
    if "extend-jit-names" in table:
        settings.extend_jit_names = list(table["extend-jit-names"])
    if "cache-dir" in table:
        settings.cache_dir = table["cache-dir"]
    if "jobs" in table:
        settings.jobs = table["jobs"]
    if "respect-gitignore" in table:
        settings.respect_gitignore = table["respect-gitignore"]


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover
        return max(1, os.cpu_count() or 1)
