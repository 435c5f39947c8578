"""Settings: ``[tool.jitguard]`` in the nearest pyproject.toml, then the command line on top."""

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
}


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
    root: Path = field(default_factory=Path.cwd)  # where relative patterns start
    config_file: Path | None = None

    def fingerprint(self) -> str:
        """What the findings depend on besides the file: used in the cache key."""
        return repr((sorted(self.enabled_codes()), sorted(self.extend_jit_names)))

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

    An opt-in rule is enabled only when selected by its full code."""

    def specificity(code: str, prefixes: list[str]) -> int:
        return max((len(p) for p in prefixes if code.startswith(p) or p == "ALL"), default=-1)

    chosen = set()
    for code in all_codes:
        if code in opt_in and code not in select:
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


def load(config_file: Path | None = None, start: Path | None = None) -> Settings:
    """Settings from ``config_file`` or the nearest pyproject.toml above ``start`` (default: cwd)."""
    path = config_file or find_pyproject(start or Path.cwd())
    settings = Settings()
    if path is None:
        return settings
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        if "(at end of document)" in message:  # tomllib gives no line for this one: name the last
            last = path.read_bytes().count(b"\n") + 1
            message = message.replace("(at end of document)", f"(at end of document, line {last})")
        raise ConfigError(f"{path}: invalid TOML: {message}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
    table = data.get("tool", {}).get("jitguard")
    settings.root = path.parent
    settings.config_file = path
    if table is None:
        return settings
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.jitguard] must be a table")
    apply(settings, table, str(path))
    return settings


def apply(settings: Settings, table: dict, where: str) -> None:
    from jitguard.lint.codes import all_codes

    codes = all_codes()
    for key, value in table.items():
        expected = KNOWN_KEYS.get(key)
        if expected is None:
            known = ", ".join(sorted(KNOWN_KEYS))
            raise ConfigError(f"{where}: unknown key {key!r} in [tool.jitguard] (known keys: {known})")
        if not isinstance(value, expected) or isinstance(value, bool) and expected is int:
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
    if "select" in table:
        settings.select = list(table["select"])
    settings.extend_select = list(table.get("extend-select", []))
    settings.ignore = list(table.get("ignore", []))
    if "exclude" in table:
        settings.exclude = list(table["exclude"]) + list(DEFAULT_EXCLUDE)
    settings.extend_exclude = list(table.get("extend-exclude", []))
    settings.per_file_ignores = {k: list(v) for k, v in pfi.items()}
    settings.extend_jit_names = list(table.get("extend-jit-names", []))
    settings.cache_dir = table.get("cache-dir")
    settings.jobs = table.get("jobs")


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover
        return max(1, os.cpu_count() or 1)
