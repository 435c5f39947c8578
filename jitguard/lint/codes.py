"""Every code jitguard can report: the rules plus the file diagnostics (JG0xx)."""

from __future__ import annotations

from functools import lru_cache

from jitguard.lint.diagnostics import FILE_DIAGNOSTICS


@lru_cache(maxsize=1)
def all_codes() -> list[str]:
    from jitguard.lint.rules import RULES_BY_CODE

    return sorted([*FILE_DIAGNOSTICS, *RULES_BY_CODE])


@lru_cache(maxsize=1)
def opt_in_codes() -> frozenset[str]:
    from jitguard.lint.rules import ALL_RULES

    return frozenset(r.code for r in ALL_RULES if not r.default_enabled)
