"""Every code jitguard can report: the rules plus the file diagnostics (JG0xx)."""

from __future__ import annotations

from functools import lru_cache

from jitguard.lint.diagnostics import FILE_DIAGNOSTICS


@lru_cache(maxsize=1)
def all_codes() -> list[str]:
    from jitguard.lint.ruleinfo import BY_CODE  # the rules' table: no rule module imported

    return sorted([*FILE_DIAGNOSTICS, *BY_CODE])


@lru_cache(maxsize=1)
def opt_in_codes() -> frozenset[str]:
    from jitguard.lint.ruleinfo import RULES

    return frozenset(r.code for r in RULES if not r.default_enabled)
