"""Call sites as the churn rules see them: one finding per call, and never from traced code."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from jitguard.lint.analysis.project import CallSite


def python_level(sites: Iterable[CallSite]) -> Iterator[CallSite]:
    """Sites of calls made by Python code. A call made inside traced code (a jitted function
    calling another) is part of the caller's trace: it compiles nothing of its own, so it cannot
    make a program recompile. Nor can a call that repeats an earlier one of the same iteration
    (``CallFact.repeat``, analysis/samecall.py): it finds the program the first one compiled."""
    return (s for s in sites if not s.call.traced and not s.call.repeat)


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
    return "the loop" if site.compiled_at is None else f"the loop that calls {outer_call(site)}"


def outer_call(site: CallSite) -> str:
    """The call through a wrapper, as a finding at the wrapper's call names it: "`run` at line 33"."""
    wrapper = site.jitdef.display.split(" → ", 1)[0]
    same_file = site.compiled_at is not None and site.compiled_at[0] == site.path
    return f"`{wrapper}` at {f'line {site.call.line}' if same_file else f'{site.path}:{site.call.line}'}"


def _in_a_loop(site: CallSite) -> str:
    return f" (through the call of {outer_call(site)}, in a loop)"


def report_all(ctx, findings: list[tuple], via=_in_a_loop) -> None:
    """Report each (site, message, help[, fix]) where JAX compiles or raises: for a call through a
    wrapper, the wrapper's call of the jitted function, the message completed by ``via(site)``
    (naming the outer call). One finding per place, naming the other static parameters of the same
    outer call and the other calls that reach it (a fix is kept only for a lone finding whose edit
    is in the file of the place)."""
    placed: dict[tuple, list] = {}
    for site, message, help, *rest in findings:
        fix = rest[0] if rest else None
        target = site
        if site.compiled_at is not None:
            path, call = site.compiled_at
            # the finding follows from the outer call's file (`related`, from jitdef.path: a run that
            # names only that file, as pre-commit does, still reports it in the wrapper's file)
            target = replace(site, path=path, call=call, jitdef=replace(site.jitdef, path=site.path))
            if "the loop that calls" not in message:
                message += via(site)
            if path != site.path:
                fix = None
        key = (target.path, target.call.line, target.call.column)
        if key in placed:
            placed[key][4].append(site)
        else:
            placed[key] = [target, message, help, fix, [site]]
    for target, message, help, fix, origins in placed.values():
        first, more = origins[0], origins[1:]
        if more:
            same = [f"`{s.param}`" for s in more if (s.path, s.call.line) == (first.path, first.call.line)]
            other = [s for s in more if (s.path, s.call.line) != (first.path, first.call.line)]
            if same:
                message += f"; so is {', '.join(same)}"
            if other:
                message += f"; so do the calls at {names(f'{s.path}:{s.call.line}' for s in other)}"
            fix = None
        ctx.report(target, message, help, fix)
