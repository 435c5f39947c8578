"""STAGEDFLAG: a flag the enclosing function tested on its way to staging a nested function holds
that truth value in the trace.

``def solve(x, verbose=False): def step(s): ... if verbose: print(f"{s:9.2e}") ...`` with
``if verbose: <a Python loop calling step> else: lax.while_loop(cond, step, init)``: the
transform traces ``step`` where the test of ``verbose`` was false, and the closure reads the
enclosing function's parameter at trace time, so ``if verbose:`` in ``step`` is false in that
trace and its body is never staged (JAX 0.10.2: the formatting of a tracer there raises TypeError
when the flag is on; with the while_loop only in the else branch, ``solve`` runs eagerly with
``verbose=True`` and under ``jit``/``vmap`` with it off). The same holds for an early exit before
the staging statement (``if verbose: ...; return out``, then the transform). Only a parameter of
the enclosing function that nothing rebinds (no assignment, no ``nonlocal``/``global``), that the
nested function does not bind, and that neither function uses as an object (an attribute or a
subscript: a container's truth can change in place): its truth is the one the test saw at every
trace made there. ``ModuleIndex.free_narrowings`` records it (TraceState.narrowed: FALSY or
TRUTHY), ``jitcontext.constant_truth`` reads it.
(``tests/precision_cases/fresh18_flag_tested_before_staging.py``)
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis.walk import children, iter_nodes, shared

# what a name is known to hold when all that is known is its truth value: ``if v:`` is known
# (``v is None`` too for a truthy one, which is not None)
FALSY = "<falsy>"
TRUTHY = "<truthy>"

_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def enclosing_tests(body: cst.CSTNode, site: cst.CSTNode) -> list[tuple[cst.BaseExpression, bool]] | None:
    """The tests of the ``if`` statements around ``site`` in ``body`` (not in nested functions),
    each with the truth value it needs for ``site`` to run; None when ``site`` is not there."""
    record = shared(body)
    if record is not None:
        return _tests_from_record(record, body, site)
    stack: list[tuple[cst.CSTNode, tuple]] = [(body, ())]
    while stack:
        node, tests = stack.pop()
        if node is site:
            return list(tests)
        if isinstance(node, _SCOPES) and node is not body:
            continue
        if isinstance(node, cst.If):
            stack.append((node.test, tests))
            stack.append((node.body, (*tests, (node.test, True))))
            if node.orelse is not None:
                stack.append((node.orelse, (*tests, (node.test, False))))
            continue
        stack.extend((child, tests) for child in children(node))
    return None


def _tests_from_record(record, body: cst.CSTNode, site: cst.CSTNode) -> list[tuple[cst.BaseExpression, bool]] | None:
    """:func:`enclosing_tests` from the module's shared walk (walk.ModuleNodes): up from ``site``
    to ``body`` by the parents the walk recorded, rather than a search of ``body`` for it. The
    same answer: ``site`` is below ``body`` and below no def, class or lambda under it, and each
    ``if`` on the way adds its test when the way comes from its body (True) or its ``else``/``elif``
    (False), not from its test; outermost first."""
    nodes, parents, ends = record.nodes, record.parents, record.ends
    top, k = record.position(body), record.position(site)
    if k is None or not top <= k < ends[top]:
        return None
    tests = []
    while k != top:
        p = parents[k]
        above, child = nodes[p], nodes[k]
        if p != top and isinstance(above, _SCOPES):
            return None  # in a nested function or class: not there
        if type(above) is cst.If:
            if child is above.body:
                tests.append((above.test, True))
            elif child is above.orelse:
                tests.append((above.test, False))
        k = p
    tests.reverse()
    return tests


def flag_truths(parent: cst.FunctionDef, params: set[str], nested: cst.FunctionDef | cst.Lambda,
                site: cst.CSTNode, binds, declared_outside) -> dict[str, str]:
    """The parameters of ``parent`` whose truth value is known wherever ``site`` (a transform
    staging ``nested``) runs: name -> FALSY or TRUTHY, from the ``if`` tests around ``site`` and
    the early exits (``if v: ... return``, no else) of the top-level statements before it.
    ``binds`` and ``declared_outside``: jitcontext's (a binding or declaration of a name)."""
    body = parent.body
    tests = enclosing_tests(body, site)
    if tests is None or not isinstance(body, cst.IndentedBlock):
        return {}
    exits = [stmt for stmt in body.body if _exits(stmt)]
    if exits:  # the early exits of the statements before the one holding the site
        at = next(i for i, stmt in enumerate(body.body) if any(node is site for node in iter_nodes(stmt)))
        tests += [(stmt.test, False) for stmt in body.body[:at] if _exits(stmt)]
    found: dict[str, bool] = {}
    for test, needed in tests:
        for name, truth in _terms(test, needed):
            found[name] = truth if found.get(name, truth) == truth else None  # type: ignore[assignment]
    nested_params = _param_names(nested)
    out: dict[str, str] = {}
    for name, truth in found.items():
        if (truth is not None and name in params and name not in nested_params
                and not binds(body, name) and not declared_outside(parent, name) and not binds(nested.body, name)
                and not _used_as_object(parent, name)):
            out[name] = TRUTHY if truth else FALSY
    return out


def _terms(test: cst.BaseExpression, needed: bool) -> list[tuple[str, bool]]:
    """The names whose truth a test with truth value ``needed`` fixes: ``v``, ``not v``, each side
    of an ``and`` that is true and of an ``or`` that is false."""
    if isinstance(test, cst.Name):
        return [] if test.value in ("True", "False", "None") else [(test.value, needed)]
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _terms(test.expression, not needed)
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And) is needed:
        return _terms(test.left, needed) + _terms(test.right, needed)
    return []


def _exits(stmt: cst.CSTNode) -> bool:
    """``if ...:`` with no else whose block ends in ``return`` or ``raise``."""
    if not isinstance(stmt, cst.If) or stmt.orelse is not None or not stmt.body.body:
        return False
    last = stmt.body.body[-1]
    if isinstance(last, cst.SimpleStatementLine):
        last = last.body[-1] if last.body else None
    return isinstance(last, (cst.Return, cst.Raise))


def _param_names(fn: cst.FunctionDef | cst.Lambda) -> set[str]:
    p = fn.params
    names = {param.name.value for param in (*p.posonly_params, *p.params, *p.kwonly_params)}
    for star in (p.star_arg, p.star_kwarg):
        if isinstance(star, cst.Param):
            names.add(star.name.value)
    return names


def _used_as_object(root: cst.CSTNode, name: str) -> bool:
    """``v.append(...)``, ``v[k] = ...``, ``v.attr``: anywhere in ``root``, nested functions too."""
    for node in iter_nodes(root):
        if isinstance(node, (cst.Attribute, cst.Subscript)):
            value = node.value
            if isinstance(value, cst.Name) and value.value == name:
                return True
    return False
