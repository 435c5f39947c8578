"""Process-wide overrides of every guard's options. Imports nothing from jax.

Precedence, highest first: the environment (``JITGUARD``, ``JITGUARD_MAX_COMPILES``,
``JITGUARD_LOG``), then :func:`configure`, then the options given to ``jitguard.jit``.
The environment wins so that production can override what the code says.
"""

from __future__ import annotations

import os
import warnings
from typing import Any

ACTIONS = ("off", "log", "warn", "raise")

_UNSET: Any = object()
_overrides: dict[str, Any] = {"on_excess": None, "max_compiles": None, "log": None}
_warned_env: set[str] = set()
# Print, at exit, the excess compiles that were not reported one by one (``jitguard run``
# prints its own table instead).
exit_summary = True


def check_action(value: str, where: str) -> str:
    if value not in ACTIONS:
        raise ValueError(
            f"{where} must be one of {', '.join(map(repr, ACTIONS))}; got {value!r}."
        )
    return value


def check_max_compiles(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{where} must be an int >= 0; got {value!r}.")
    return value


def configure(*, on_excess: Any = _UNSET, max_compiles: Any = _UNSET, log: Any = _UNSET) -> dict[str, Any]:
    """Override every guard's options in code; ``None`` removes an override.

    ``on_excess``: "off" | "log" | "warn" | "raise"; ``max_compiles``: int;
    ``log``: path of a JSON-lines file that gets one line per compile.
    Returns the previous overrides, so ``configure(**previous)`` restores them.
    The environment variables still win over these.
    """
    previous = dict(_overrides)
    if on_excess is not _UNSET:
        _overrides["on_excess"] = None if on_excess is None else check_action(on_excess, "on_excess")
    if max_compiles is not _UNSET:
        _overrides["max_compiles"] = (
            None if max_compiles is None else check_max_compiles(max_compiles, "max_compiles")
        )
    if log is not _UNSET:
        _overrides["log"] = None if log is None else os.fspath(log)
    return previous


def _env_warn_once(name: str, value: str, expected: str) -> None:
    if name not in _warned_env:
        _warned_env.add(name)
        warnings.warn(f"jitguard: ignoring {name}={value!r}; expected {expected}.", stacklevel=3)


def action(own: str) -> str:
    """The action a guard whose own option is ``own`` takes on an excess compile."""
    env = os.environ.get("JITGUARD", "").strip().lower()
    if env:
        if env in ACTIONS:
            return env
        _env_warn_once("JITGUARD", env, "one of " + "|".join(ACTIONS))
    return _overrides["on_excess"] or own


def max_compiles(own: int) -> int:
    """The compile limit of a guard whose own option is ``own``."""
    env = os.environ.get("JITGUARD_MAX_COMPILES", "").strip()
    if env:
        try:
            return check_max_compiles(int(env), "JITGUARD_MAX_COMPILES")
        except ValueError:
            _env_warn_once("JITGUARD_MAX_COMPILES", env, "an int >= 0")
    override = _overrides["max_compiles"]
    return own if override is None else override


def log_path() -> str | None:
    """Where compile records go (JSON lines), or None."""
    return os.environ.get("JITGUARD_LOG") or _overrides["log"]
