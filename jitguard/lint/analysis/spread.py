"""Star-unpacked arguments of a call, spread into the positions they fill.

``energy(*graph)`` with ``graph = pad_graph(...)``, a helper of the module whose every ``return``
gives a tuple of three, passes ``graph[0]``, ``graph[1]`` and ``graph[2]`` at positions 0, 1 and 2
(Python unpacks a tuple into the positional parameters in order). The project facts
(``jitguard.lint.analysis.calls``) then read each element as they read an explicit
``energy(graph[0], graph[1], graph[2])``. Where the tuple's length is not known (a parameter, a list
grown in a loop, a helper that returns tuples of several lengths, ``*args`` of anything else) the
arguments from the star on are not read: which parameter each one binds is unknown.

Likewise ``f(**opts)`` with ``opts = {"n": n, "lims": (lo, hi)}`` (or the display inline) binds
``n`` and ``lims`` by name (``spread_keywords``), for the literals and not-None values a callee's
parameters hold in every trace (``callnone``). Checked on JAX 0.10.2:
tests/precision_cases/fresh14_keywords_spread_from_dict.py.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from jitguard.lint.analysis.walk import shared

_DEPTH = 3


def spread_arguments(call: cst.Call, view) -> Iterator[tuple[str | None, int | None, cst.BaseExpression]]:
    """(keyword, position, value) for each argument of ``call`` whose parameter is known: keyword
    arguments, positional ones, and the elements of a ``*name`` whose length ``view`` (a
    ``shapes.ScopeView`` of the calling function) knows, as ``name[i]``. Stops at the first
    ``*x`` of unknown length (what follows it binds unknown positions) and at ``**kwargs``."""
    position = 0
    for arg in call.args:
        if arg.star == "**":
            return
        if arg.star == "*":
            known = known_elements(arg.value, call, view)
            if known is not None:  # SPREADLIST: the display's elements (item assignments applied)
                elements, complete = known
                for value in elements:
                    yield None, position, value
                    position += 1
                if not complete:
                    return
                continue
            length = tuple_length(arg.value, view)
            if length is None:
                return
            for i in range(length):
                yield None, position, _element(arg.value, i)
                position += 1
            continue
        if arg.keyword is not None:
            yield arg.keyword.value, None, arg.value
        else:
            yield None, position, arg.value
            position += 1


def known_elements(expr: cst.BaseExpression, call: cst.Call, view) -> tuple[list, bool] | None:
    """SPREADLIST: the elements a ``*expr`` argument of ``call`` spreads, when its display is known:
    (the element expressions before any starred one, whether that is all of them). ``expr`` is a
    tuple or list display, or a name that the calling function (or the module) binds once, in a
    statement of its own body, to one, used nowhere else but in ``name[k] = v`` statements of that
    body with a constant ``k`` (each replaces element ``k`` for the calls after it: Python stores
    ``v`` there) and in ``*name`` arguments (nothing appends to it, aliases it or passes it on).
    ``f(x, *args)`` with ``args = [a, [1, 2], b]`` passes ``[1, 2]`` at position 2 (checked on JAX
    0.10.2: a static position there raises ValueError, unhashable list). None when unknown."""
    if isinstance(expr, (cst.Tuple, cst.List)):
        return _display_elements(expr)
    if not isinstance(expr, cst.Name) or view is None:
        return None
    func = view.func
    if func is not None and func.param(expr.value) is not None:
        return None
    root = func.node if func is not None else view.index.module
    if func is not None and type(root) is not cst.FunctionDef:
        return None  # a lambda: no statements of its own
    body = root.body.body if func is not None else root.body
    if not isinstance(body, (list, tuple)):
        return None
    found = _bound_display(expr.value, body)
    if found is None or not _only_stored_and_spread(expr.value, root, found[1]):
        return None
    display, assignments = found
    known = _display_elements(display)
    elements, complete = list(known[0]), known[1]
    record = shared(root)
    where = record.position(call) if record is not None else None
    if where is None:
        return None
    for stmt, k, value in assignments:
        span = record.span(stmt)
        if span is None or span[0] > where:
            break  # after the call: not what it spreads
        if span[1] > where:
            return None  # the call is in the assignment itself
        if not complete or not -len(elements) <= k < len(elements):
            return None  # an IndexError at run time, or past what is known
        elements[k] = value
    return elements, complete


def _display_elements(display) -> tuple[list, bool]:
    out = []
    for element in display.elements:
        if isinstance(element, cst.StarredElement):
            return out, False
        out.append(element.value)
    return out, True


def _bound_display(name: str, body) -> tuple[cst.BaseExpression, list] | None:
    """The display of the one statement ``name = (...)``/``[...]`` of ``body`` and the
    ``name[k] = v`` statements after it: (display, [(statement, k, v), ...]); None when ``name``
    is bound otherwise there, or an item assignment comes before the binding."""
    display, assignments = None, []
    for stmt in body:
        assign = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
            continue
        target = assign.targets[0].target
        if isinstance(target, cst.Name) and target.value == name:
            if display is not None or not isinstance(assign.value, (cst.Tuple, cst.List)):
                return None
            display = assign.value
        elif isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) and target.value.value == name:
            k = _constant_index(target)
            if display is None or k is None or isinstance(display, cst.Tuple):
                return None  # (a tuple: TypeError)
            assignments.append((stmt, k, assign.value))
    return (display, assignments) if display is not None else None


def _constant_index(target: cst.Subscript) -> int | None:
    if len(target.slice) != 1 or not isinstance(target.slice[0].slice, cst.Index):
        return None
    value = target.slice[0].slice.value
    sign = 1
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        sign, value = -1, value.expression
    return sign * int(value.value, 0) if isinstance(value, cst.Integer) else None


_STORE_OR_SPREAD = frozenset({cst.Name, cst.Arg, cst.AssignTarget})


def _only_stored_and_spread(name: str, root: cst.CSTNode, assignments: list) -> bool:
    """``name`` appears in ``root`` only as the target of its binding, the heads of the item
    assignments, and in ``*name`` arguments."""
    from jitguard.lint.analysis.walk import nodes_of

    uses = spreads = 0
    for node in nodes_of(root, _STORE_OR_SPREAD):
        if type(node) is cst.Name and node.value == name:
            uses += 1
        elif type(node) is cst.Arg and node.star == "*" and type(node.value) is cst.Name and node.value.value == name:
            spreads += 1
    return spreads > 0 and uses == spreads + 1 + len(assignments)


def _element(value: cst.BaseExpression, i: int) -> cst.BaseExpression:
    if isinstance(value, (cst.Tuple, cst.List)):  # f(*(a, b)): the element itself
        return value.elements[i].value
    return cst.Subscript(value, [cst.SubscriptElement(cst.Index(cst.Integer(str(i))))])


def tuple_length(expr: cst.BaseExpression, view, depth: int = 0) -> int | None:
    """The length of the tuple ``expr`` surely is, or None: a tuple or list literal without
    starred elements, a call of a function of the module whose every ``return`` gives a tuple of
    that one length, or a name the calling function binds once (not a parameter) to one of these."""
    if depth > _DEPTH or view is None:
        return None
    if isinstance(expr, (cst.Tuple, cst.List)):
        if any(isinstance(e, cst.StarredElement) for e in expr.elements):
            return None
        return len(expr.elements)
    if isinstance(expr, cst.Name):
        func = view.func
        if func is None or func.param(expr.value) is not None:
            return None
        values = view.bindings_here().get(expr.value)
        if not values or len(values) != 1 or values[0] is None:
            return None  # rebound, unpacked, changed in place (graph.append(...)), or from elsewhere
        return tuple_length(values[0], view, depth + 1)
    if isinstance(expr, cst.Call):
        return _returned_length(expr, view)
    return None


def _returned_length(call: cst.Call, view) -> int | None:
    from jitguard.lint.analysis.shapes import _returned  # the returned values, split per tuple element

    found = view.callee(call)
    returned = _returned(found[0]) if found is not None else None
    if returned is None:
        return None
    return returned[1] if returned[1] > 1 else None  # 1: maybe not a tuple (`return x`)


def keyword_arguments(call: cst.Call, index, scope, held=None) -> list[tuple[str, cst.BaseExpression]] | None:
    """The (keyword, value) pairs ``call`` passes by name, its ``**`` arguments' spread
    (:func:`spread_keywords`); None when one of those is not known."""
    out = []
    for arg in call.args:
        if arg.keyword is not None:
            out.append((arg.keyword.value, arg.value))
        elif arg.star == "**":
            spread = spread_keywords(arg, index, scope, held)
            if spread is None:
                return None
            out.extend(spread)
    return out


def spread_keywords(arg: cst.Arg, index, scope, held=None) -> list[tuple[str, cst.BaseExpression]] | None:
    """``f(**{"n": n})`` and ``f(**opts)`` with ``opts = {"n": n, ...}``: Python binds each key of
    the dict to the parameter of that name, as ``f(n=n)`` does (SPREADKW). The (keyword, value)
    pairs of a ``**`` argument that is a dict display with plain string keys, or a name bound once
    (where ``scope``, a function of ``index`` or None for the module, looks it up) to one and used
    nowhere but in ``**`` arguments (nothing changes or aliases it), or a parameter of ``scope``
    that ``held`` (the literals its parameters hold in this trace, ``callnone``) says is None,
    filled by the function's one ``if opts is None: opts = {...}`` or ``opts = opts or {...}``
    (:func:`_default_display`); else None."""
    from jitguard.lint.analysis.hashability import bound_once

    value = arg.value
    if arg.star != "**":
        return None
    if isinstance(value, cst.Name) and scope is not None and scope.param(value.value) is not None:
        value = _default_display(value.value, scope, held)
    elif isinstance(value, cst.Name):
        found = bound_once(value.value, index, scope)
        if found is None or not _only_spread(value.value, found[1].node if found[1] is not None else index.module):
            return None
        value = found[0]
    if not isinstance(value, cst.Dict):
        return None
    out = []
    for element in value.elements:
        key = element.key if isinstance(element, cst.DictElement) else None
        text = key.evaluated_value if isinstance(key, cst.SimpleString) else None
        if not isinstance(text, str) or not text.isidentifier():
            return None
        out.append((text, element.value))
    return out


_NAME_OR_ARG = frozenset({cst.Name, cst.Arg})


def _default_display(name: str, scope, held) -> cst.BaseExpression | None:
    """The dict display a parameter ``name`` of ``scope`` holds wherever ``**name`` is spread, when
    every trace passes it None (``held``) and the body's one rebinding of it is a statement of
    the body ``if name is None: name = {...}`` or ``name = name or {...}``, and nothing else reads
    it but ``**name`` arguments. A spread of None raises TypeError, so a call that runs spreads
    the display."""
    if not held or held.get(name) != "None" or type(scope.node) is not cst.FunctionDef:
        return None
    found = None
    for stmt in scope.node.body.body:
        assign = _default_assignment(stmt, name)
        if assign is not None:
            if found is not None:
                return None
            found = assign
    if found is None or not _only_spread(name, scope.node, 3):  # the parameter, the test or `or`, the target
        return None
    return found


def _default_assignment(stmt: cst.BaseStatement, name: str) -> cst.BaseExpression | None:
    """The display of ``if name is None: name = {...}`` (no ``else``) or ``name = name or {...}``."""
    if isinstance(stmt, cst.If) and stmt.orelse is None and _is_none_test(stmt.test, name) \
            and isinstance(stmt.body, (cst.IndentedBlock, cst.SimpleStatementSuite)) and len(stmt.body.body) == 1:
        inner = stmt.body.body[0]
        stmt = inner if isinstance(inner, cst.SimpleStatementLine) else cst.SimpleStatementLine([inner])
        value = _assigned(stmt, name)
    else:
        value = _assigned(stmt, name)
        if not (isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or)
                and isinstance(value.left, cst.Name) and value.left.value == name):
            return None
        value = value.right
    return value if isinstance(value, cst.Dict) else None


def _is_none_test(test: cst.BaseExpression, name: str) -> bool:
    return (isinstance(test, cst.Comparison) and isinstance(test.left, cst.Name) and test.left.value == name
            and len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, cst.Is)
            and isinstance(test.comparisons[0].comparator, cst.Name) and test.comparisons[0].comparator.value == "None")


def _assigned(stmt, name: str) -> cst.BaseExpression | None:
    """The value of ``name = value``, a simple statement of one assignment to ``name``."""
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1 or not isinstance(stmt.body[0], cst.Assign):
        return None
    assign = stmt.body[0]
    targets = assign.targets
    if len(targets) != 1 or not isinstance(targets[0].target, cst.Name) or targets[0].target.value != name:
        return None
    return assign.value


def _only_spread(name: str, root: cst.CSTNode, others: int = 1) -> bool:
    """``name`` appears in ``root`` only where it is bound (once; ``others``: that many other
    places) and in ``**name`` arguments."""
    from jitguard.lint.analysis.walk import nodes_of

    uses = spreads = 0
    for node in nodes_of(root, _NAME_OR_ARG):  # (the module's shared walk: no walk of its own)
        if type(node) is cst.Name and node.value == name:
            uses += 1
        elif type(node) is cst.Arg and node.star == "**" and type(node.value) is cst.Name and node.value.value == name:
            spreads += 1
    return uses == spreads + others


def membership_split(arg: cst.Arg, index, scope) -> tuple[frozenset[str], cst.BaseExpression, cst.BaseExpression] | None:
    """``f(**d)`` with ``d = {k: A if k in NAMES else B for k, v in opts.items()}`` (or ``k not in
    NAMES`` with the branches the other way), ``NAMES`` a tuple, list or set display of plain
    strings or a name bound once to a tuple of them, and ``d`` bound once (in ``scope``) and only
    spread: Python binds each key to the parameter of that name, and the key's value is ``A`` for
    the names listed, ``B`` for every other key (a key left out leaves its parameter at its
    default). (the names, ``A``, ``B``), else None."""
    from jitguard.lint.analysis.hashability import bound_once

    if arg.star != "**" or not isinstance(arg.value, cst.Name) or scope is None:
        return None
    found = bound_once(arg.value.value, index, scope)
    if found is None or found[1] is not scope or not isinstance(found[0], cst.DictComp) \
            or not _only_spread(arg.value.value, scope.node):
        return None
    comp = found[0]
    key, value = comp.key, comp.value
    if not isinstance(key, cst.Name) or not isinstance(value, cst.IfExp) or comp.for_in.inner_for_in is not None \
            or not _binds(comp.for_in.target, key.value):
        return None
    test = value.test
    if not (isinstance(test, cst.Comparison) and isinstance(test.left, cst.Name) and test.left.value == key.value
            and len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, (cst.In, cst.NotIn))):
        return None
    names = _string_names(test.comparisons[0].comparator, index, scope)
    if names is None:
        return None
    if isinstance(test.comparisons[0].operator, cst.NotIn):
        return names, value.orelse, value.body
    return names, value.body, value.orelse


def _binds(target: cst.BaseExpression, name: str) -> bool:
    """``for k, v in ...`` / ``for k in ...`` binds the key ``name`` (first element or the whole)."""
    if isinstance(target, cst.Name):
        return target.value == name
    return (isinstance(target, cst.Tuple) and bool(target.elements) and isinstance(target.elements[0].value, cst.Name)
            and target.elements[0].value.value == name
            and not any(isinstance(e.value, cst.Name) and e.value.value == name for e in target.elements[1:]))


def _string_names(expr: cst.BaseExpression, index, scope, bound: bool = False) -> frozenset[str] | None:
    """The strings of a display of plain strings (a name: bound once to a tuple of them)."""
    from jitguard.lint.analysis.hashability import bound_once

    if isinstance(expr, cst.Name) and not bound:
        found = bound_once(expr.value, index, scope)
        return _string_names(found[0], index, found[1], True) if found is not None and isinstance(found[0], cst.Tuple) \
            else None
    if not isinstance(expr, (cst.Tuple, cst.List, cst.Set)):
        return None
    out = set()
    for element in expr.elements:
        text = element.value.evaluated_value if isinstance(element.value, cst.SimpleString) else None
        if isinstance(element, cst.StarredElement) or not isinstance(text, str):
            return None
        out.add(text)
    return frozenset(out)
