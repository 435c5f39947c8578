"""Call sites as the churn rules see them: one finding per call, and never from traced code."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from jitguard.lint.analysis.project import CallSite


def python_level(sites: Iterable[CallSite]) -> Iterator[CallSite]:
    """Sites of calls made by Python code. A call made inside traced code (a jitted function
    calling another) is part of the caller's trace: it compiles nothing of its own, so it cannot
    make a program recompile."""
    return (s for s in sites if not s.call.traced)


def by_call(sites: Iterable[CallSite]) -> list[list[CallSite]]:
    """The sites grouped per call (in order of first appearance): one finding per call and rule."""
    groups: dict[tuple, list[CallSite]] = {}
    for site in sites:
        groups.setdefault((site.path, site.call.line, site.call.column), []).append(site)
    return list(groups.values())


def names(items: Iterable[str]) -> str:
    """`a`, `b` and `c`."""
    quoted = [f"`{i}`" for i in dict.fromkeys(items)]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]
