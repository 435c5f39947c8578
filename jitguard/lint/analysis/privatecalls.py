"""Defaults a decorated private jitted function keeps (DEFAULTPRIVATE).

``jax.jit`` calls the function with the arguments a caller gives: a parameter no call passes
takes its Python default, a Python value in every trace (checked on JAX 0.10.2: a defaulted
``num_segments=10`` left out gives ``jnp.linspace(0.0, 1.0, num_segments + 1)`` its size). For a
decorated function that anyone may import, a defaulted parameter stays traced (a latent error as
soon as someone passes it: docs/precision.md). A *private* one (``_name`` at module level or in a
class body, not a dunder) is the module's own to call, as ``callnone.eligible`` takes it: when
every use of its name in the module is a call and no other file of the checked tree imports it
or calls it as an attribute (textscan.USED_ELSEWHERE, a tree-wide text scan), the calls are all in
sight, and a defaulted parameter none of them passes holds its default.

CAPTUREDGLOBAL (``captured_globals``): a keyword-only parameter whose default is the module-level
name it is named after (``def rhs(t, x, *, nh=nh)``) captures that global when the ``def`` runs,
the ``len=len`` idiom: a constant bound as a local, not an argument offered to callers. It can
only be given by keyword, so a call by position or through ``*args`` (an integrator calling
``f(t, y, *args)``) leaves it at its default, a Python value in the trace (checked on JAX 0.10.2:
``x.reshape(3 + nh, n)`` compiles and runs). Public or private alike, it holds its default
unless some call of the module passes its name as a keyword or spreads ``**`` into the function.
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis.walk import iter_nodes
from jitguard.lint.textscan import USED_ELSEWHERE


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def unpassed_defaults(index, info) -> frozenset[str]:
    """The defaulted parameters of ``info`` (a decorated function of ``index``'s module) that no
    call passes, when ``info`` is private and every use of its name is a plain call; else none."""
    defaulted = [p for p in info.params if p.default is not None and p.kind in ("positional", "kwonly")]
    calls = private_calls(index, info) if defaulted else None
    if calls is None:
        return frozenset()
    positional = info.positional[1:] if info.is_method else info.positional  # self/cls bound
    passed: set[str] = set()
    for call in calls:
        if any(a.star for a in call.args):
            return frozenset()
        passed |= {p.name for p in positional[: sum(1 for a in call.args if a.keyword is None)]}
        passed |= {a.keyword.value for a in call.args if a.keyword is not None}
    return frozenset(p.name for p in defaulted if p.name not in passed)


def private_calls(index, info) -> list[cst.Call] | None:
    """Every call of ``info`` (a decorated function of ``index``'s module) when it is private and
    every use of its name is a plain call, none from another file; else None."""
    if not private(info.name) or info.parent is not None or not isinstance(info.node, cst.FunctionDef):
        return None
    if USED_ELSEWHERE + info.name in index.tree_fields:
        return None  # another file of the tree imports it or calls it as an attribute
    return _calls(index, info)


def passed_keywords(info, calls: list[cst.Call] | None) -> frozenset[str] | None:
    """KWREST: the keywords that ``calls`` (every call of ``info``, or None when some may be out of
    sight) give ``info``'s ``**kwargs``, the only keys it holds in their traces; None when not
    known (a call spreads ``*``/``**``) or ``info`` takes no ``**kwargs``."""
    if calls is None or not any(p.kind == "kwarg" for p in info.params):
        return None
    if any(a.star for call in calls for a in call.args):
        return None
    named = {p.name for p in info.params if p.kind != "kwarg"}
    return frozenset(a.keyword.value for call in calls for a in call.args
                     if a.keyword is not None and a.keyword.value not in named)


def captured_globals(index, info) -> frozenset[str]:
    """The keyword-only parameters of ``info`` (a function of ``index``'s module, not nested in
    another) defaulting to the module-level name they are named after, that no call of the module
    passes by that keyword, and none spreads ``**`` into a call naming ``info``."""
    if not isinstance(info.node, cst.FunctionDef) or info.parent is not None:
        return frozenset()
    names = {p.name for p in info.params if p.kind == "kwonly" and type(p.default) is cst.Name
             and p.default.value == p.name and p.name in index.module_assigned}
    if not names:
        return frozenset()
    uses = _uses(index)
    if info.name in uses.spread_mentions:
        return frozenset()
    return frozenset(names - uses.keywords)


def _calls(index, info) -> list[cst.Call] | None:
    """Every call of ``info`` in the module, or None when its name is used otherwise (passed on,
    bound by partial, imported, assigned), or a method is called through its class with an
    explicit ``self``."""
    uses = _uses(index)
    if info.cls is None:
        found = uses.names.get(info.name, [])
    else:
        found = uses.names.get(info.name, []) + uses.attributes.get(info.name, [])
    calls = []
    for node in found:
        call = uses.callee_of.get(id(node))
        if call is None:
            return None
        if info.is_method and isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) \
                and node.value.value == info.cls.name:
            return None  # Class._m(obj, ...): self passed by hand
        calls.append(call)
    return calls


class _Uses:
    """The module's names and attribute accesses by identifier, and the calls they are the
    callee of (one pass, built on first use)."""

    def __init__(self, module: cst.Module) -> None:
        self.names: dict[str, list[cst.CSTNode]] = {}
        self.attributes: dict[str, list[cst.CSTNode]] = {}
        self.callee_of: dict[int, cst.Call] = {}
        self.keywords: set[str] = set()  # every keyword any call passes
        self.spread_mentions: set[str] = set()  # names a call with a `**` argument calls or passes
        skip: set[int] = set()  # Name nodes that are no use of a value: def/class names, attrs, keywords
        nodes = list(iter_nodes(module))
        for node in nodes:
            t = type(node)
            if t is cst.Call:
                self.callee_of[id(node.func)] = node
                skip.update(id(a.keyword) for a in node.args if a.keyword is not None)
                self.keywords.update(a.keyword.value for a in node.args if a.keyword is not None)
                if any(a.star == "**" for a in node.args):
                    for e in (node.func, *(a.value for a in node.args)):
                        if type(e) is cst.Name:
                            self.spread_mentions.add(e.value)
                        elif type(e) is cst.Attribute:
                            self.spread_mentions.add(e.attr.value)  # self.rhs(**opts)
            elif t is cst.Attribute:
                self.attributes.setdefault(node.attr.value, []).append(node)
                skip.add(id(node.attr))
            elif t in (cst.FunctionDef, cst.ClassDef):
                skip.add(id(node.name))
        for node in nodes:
            if type(node) is cst.Name and id(node) not in skip:
                self.names.setdefault(node.value, []).append(node)


def _uses(index) -> _Uses:
    uses = index.__dict__.get("_private_uses")
    if uses is None:
        uses = index.__dict__["_private_uses"] = _Uses(index.module)
    return uses
