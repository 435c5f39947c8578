"""Which positional arguments ``jax.vmap`` passes through unmapped: the ``None`` entries of its
``in_axes``, as Python builds the sequence.

vmap needs one ``in_axes`` entry per positional argument (checked on JAX 0.10.2: a tuple of
another length raises ValueError), so an entry spliced in with a star of unknown length still
lines up: in ``(0, 0, *nones, None)`` with ``nones = [None] * k`` every argument after the two
leading mapped ones falls on a ``None`` entry, whatever ``k`` is, and vmap hands it to the
function untouched (a NumPy array stays one, a Python int stays an int; also under an outer jit).

An entry is read as ``True`` (None: unmapped), ``False`` (an axis, or anything else), or, for a
starred or multiplied part of unknown length, ``NONES`` (every element None: ``[None] * k``,
``(None,) * len(d)``, ``[None for _ in xs]``) or ``UNKNOWN``. Names are read through the
assignment that binds them (``binding``), as the module index knows it.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from jitguard.lint.analysis.memo import PerIndex
from jitguard.lint.analysis.walk import children

NONES = "nones"  # a run of unknown length whose every entry is None
UNKNOWN = "unknown"  # a run of unknown length and unknown entries
# an open-ended run of None for a function of another file, whose parameters are not seen here:
# recorded as the positions up to this bound (no real vmapped function takes more arguments)
OPEN_END = 64

Binding = Callable[[str], "cst.BaseExpression | None"]


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def entries(node: cst.BaseExpression | None, binding: Binding, depth: int = 0) -> list | None:
    """The entries of an ``in_axes`` sequence (True/False per entry, NONES/UNKNOWN per run of
    unknown length), or None when ``node`` is not a sequence built in a way read here."""
    if node is None or depth > 4:
        return None
    if isinstance(node, cst.Name) and node.value not in ("None", "True", "False"):
        return entries(binding(node.value), binding, depth + 1)
    if isinstance(node, (cst.Tuple, cst.List)):
        out: list = []
        for el in node.elements:
            if isinstance(el, cst.StarredElement):
                inner = entries(el.value, binding, depth + 1)
                out += [UNKNOWN] if inner is None else inner
            else:
                out.append(_is_none(el.value))
        return out
    if isinstance(node, cst.ListComp) and _is_none(node.elt):
        return [NONES]
    if isinstance(node, cst.BinaryOperation):
        if isinstance(node.operator, cst.Add):
            left, right = entries(node.left, binding, depth + 1), entries(node.right, binding, depth + 1)
            return None if left is None or right is None else left + right
        if isinstance(node.operator, cst.Multiply):
            seq, times = (node.left, node.right) if isinstance(node.left, (cst.Tuple, cst.List, cst.Name)) else (
                node.right, node.left)
            inner = entries(seq, binding, depth + 1)
            if inner is None:
                return None
            if isinstance(times, cst.Integer):
                return inner * int(times.value, 0)
            return [NONES] if inner and all(e is True or e == NONES for e in inner) else [UNKNOWN]
    return None


def unmapped_positions(node: cst.BaseExpression | None, binding: Binding, arity: int = OPEN_END) -> set[int]:
    """Positions (0-based, among the positional arguments vmap passes, below ``arity``) that
    fall on a None entry of the ``in_axes`` ``node``. After a run of unknown length, only an
    all-None remainder is read (every later argument is unmapped): known entries after such a
    run line up with the last arguments, which depends on how many the call passes."""
    found = entries(node, binding)
    if found is None:
        return set()
    first = next((i for i, e in enumerate(found) if e in (NONES, UNKNOWN)), None)
    if first is None:
        return {i for i, e in enumerate(found) if e is True and i < arity}
    out = {i for i, e in enumerate(found[:first]) if e is True}
    if all(e is True or e == NONES for e in found[first:]):
        out.update(range(first, arity))
    return out


def unmapped_names(call: cst.Call, positional: list, binding: Binding) -> set[str]:
    """The names of the parameters (``positional``: those vmap passes arguments to, in order)
    at None entries of ``call``'s in_axes."""
    return {positional[i].name for i in unmapped_positions(vmap_axes(call), binding, len(positional))}


def vmap_axes(call: cst.Call) -> cst.BaseExpression | None:
    """``in_axes`` of ``jax.vmap(f, in_axes)`` / ``jax.vmap(f, in_axes=...)``."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == "in_axes":
            return arg.value
    positional = [a for a in call.args if a.keyword is None and not a.star]
    return positional[1].value if len(positional) > 1 and len(positional) == len(
        [a for a in call.args if a.keyword is None]) else None


def enclosing_scope(index, node: cst.CSTNode):
    """The innermost function of ``index`` whose node (decorators and defaults included) holds
    ``node`` (None: module level)."""
    return _HOLDERS.of(index, _innermost_holders).get(id(node))


def _innermost_holders(index) -> dict:
    """id of each node of the module -> the innermost function whose node holds it (one walk)."""
    functions = {id(info.node): info for info in index.functions}
    table = {}
    stack = [(index.module, None)]
    while stack:
        node, holder = stack.pop()
        holder = functions.get(id(node), holder)
        if holder is not None:
            table[id(node)] = holder
        stack.extend((child, holder) for child in children(node))
    return table


_UNSEEN = object()
_HOLDERS = PerIndex()  # enclosing_scope's table, per index


def binding_for(index, node: cst.CSTNode, scope=_UNSEEN) -> Binding:
    """Names as bound where ``node`` is, in ``scope`` (the function holding ``node``, None for the
    module; found lazily when not given: only a named part needs it). A name that a function on
    the way out binds as a parameter is the caller's value, not read (None)."""
    where_from: list = [] if scope is _UNSEEN else [scope]

    def lookup(name: str) -> cst.BaseExpression | None:
        if not where_from:
            where_from.append(enclosing_scope(index, node))
        where = where_from[0]
        while True:
            if where is not None and where.param(name) is not None:
                return None  # a parameter: whatever the caller passes
            values = index.assigned_names(where).get(name)
            if values:
                # one assignment; or several (one per branch) that each build a run of None
                return values[0] if len(values) == 1 or all(_all_none(v) for v in values) else None
            if where is None:
                return None
            where = where.parent

    return lookup


def _all_none(value: cst.BaseExpression | None) -> bool:
    found = entries(value, lambda _name: None) if value is not None else None
    return bool(found) and all(e is True or e == NONES for e in found)
