"""Call sites as the churn rules see them: one finding per call, and never from traced code."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

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


# -- where a finding goes ----------------------------------------------------------------------
# A call through a wrapper (``def inference(frames): return model_apply(frames)``, called in a loop)
# compiles at the wrapper's call of the jitted function: that is where the finding goes, and its
# message names the loop's call (where the changing value comes from).


def the_loop(site: CallSite) -> str:
    """"the loop", or, for a call through a wrapper, "the loop that calls `run` at line 33"."""
    return "the loop" if site.compiled_at is None else f"the loop that calls {_loop_call(site)}"


def _loop_call(site: CallSite) -> str:
    wrapper = site.jitdef.display.split(" → ", 1)[0]
    same_file = site.compiled_at is not None and site.compiled_at[0] == site.path
    return f"`{wrapper}` at {f'line {site.call.line}' if same_file else f'{site.path}:{site.call.line}'}"


def report_all(ctx, findings: list[tuple[CallSite, str, str]]) -> None:
    """Report each (site, message, help) where it compiles (see the_loop): one finding per place,
    naming the further loops that reach the same place."""
    placed: dict[tuple, list] = {}
    for site, message, help in findings:
        target = site
        if site.compiled_at is not None:
            path, call = site.compiled_at
            # the finding follows from the loop's file (`related`, from jitdef.path: a run that names
            # only that file, as pre-commit does, still reports it in the wrapper's file)
            target = replace(site, path=path, call=call, jitdef=replace(site.jitdef, path=site.path))
            if "the loop that calls" not in message:
                message += f" (through the call of {_loop_call(site)}, in a loop)"
        key = (target.path, target.call.line, target.call.column)
        if key in placed:
            placed[key][3].append(site)
        else:
            placed[key] = [target, message, help, []]
    for target, message, help, more in placed.values():
        if more:
            lines = names(f"{s.path}:{s.call.line}" for s in more)
            message += f"; so do the calls at {lines}"
        ctx.report(target, message, help)
