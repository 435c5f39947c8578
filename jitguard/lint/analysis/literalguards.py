"""LITERALGUARD: a call that passes a literal the guard of a statement rules out never runs it.

``def prepare(state, *, shape_only=False): ... if not shape_only: jax.jit(allocate)()`` called as
``prepare(state, shape_only=True)``: on that call Python evaluates ``not True`` and skips the
branch, so the jit in it runs on none of those calls. A function runs a statement again and
again (JG301's "runs each time `compile` runs") only through the calls that can reach it: a
call that gives a parameter a literal (or leaves it at its literal default) for which the test
of an ``if`` around the statement has the other truth value does not count. Only parameters the
function never rebinds, and calls without ``*``/``**`` arguments.
(``tests/precision_cases/fresh9_literal_flag_skips_jit.py``)
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis.callnone import literal_code
from jitguard.lint.analysis.jitcontext import constant_truth

_NO_MODULE = cst.Module(body=[])  # literal_code prints a literal's code: no module state needed


def rules_out(call: cst.Call, callee, tests: list[tuple[cst.BaseExpression, bool]], rebound) -> bool:
    """Does ``call`` of ``callee`` give literals that make one of ``tests`` take the other
    branch? ``rebound``: the names ``callee`` assigns (their literal would not last)."""
    if not tests or any(a.star for a in call.args):
        return False
    constants = _literal_arguments(call, callee)
    constants = {name: code for name, code in constants.items() if name not in rebound}
    if not constants:
        return False
    return any(constant_truth(test, constants) is (not needed) for test, needed in tests)


def takes(call: cst.Call, callee, tests: list[tuple[cst.BaseExpression, bool]], rebound) -> bool:
    """Does ``call`` of ``callee`` give literals (passed, or left at their literal defaults) that
    make every one of ``tests`` take the truth it needs (FRESHBRANCH: the branch that makes a new
    function object)? ``rebound``: as for :func:`rules_out`."""
    if not tests or any(a.star for a in call.args):
        return False
    constants = {name: code for name, code in _literal_arguments(call, callee).items() if name not in rebound}
    return all(constant_truth(test, constants) is needed for test, needed in tests)


def _literal_arguments(call: cst.Call, callee) -> dict[str, str]:
    """Parameter -> the code of the literal this call gives it (passed, or its default)."""
    params = [p for p in callee.params if p.kind == "positional"]
    if callee.is_method or callee.is_classmethod:
        through_class = (isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name)
                         and callee.cls is not None and call.func.value.value == callee.cls.name
                         and not callee.is_classmethod)
        if not through_class:
            params = params[1:]  # self / cls bound by the attribute
    given: dict[str, cst.BaseExpression] = {}
    plain = [a.value for a in call.args if a.keyword is None]
    if len(plain) > len(params):
        return {}
    for p, value in zip(params, plain):
        given[p.name] = value
    for a in call.args:
        if a.keyword is not None:
            given[a.keyword.value] = a.value
    out: dict[str, str] = {}
    for p in callee.params:
        value = given.get(p.name, p.default if p.kind in ("positional", "kwonly") else None)
        code = literal_code(_NO_MODULE, value)
        if code is not None:
            out[p.name] = code
    return out
