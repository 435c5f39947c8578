"""The nodes :class:`jitcontext.ModuleIndex` collects, read from the module's shared walk
(:class:`walk.ModuleNodes`) instead of a walk of its own, in the order of that walk.

``ModuleIndex._collect_walk`` walks the module with a stack, keeping for each node the enclosing
function, class and loops (within that function), and whether the node is a statement of a class
body. It does not enter everything, and it enters some nodes' parts in an order of its own:

* a ``def``: its body, then its parameters (both inside the function, no loops), then its
  decorators, last first (in the enclosing function, class and loops); the name, the return
  annotation and the type parameters are not entered;
* a ``lambda``: its body only (its parameters, defaults included, are not entered);
* a ``class``: the statements of its body in order (each one a class-body statement, inside the
  class), then its decorators, last first; its bases, keywords and type parameters are not entered;
* a ``for``: its ``else``, its body, its target (inside the loop), then its iterable (outside);
  a ``while``: its ``else``, its body, then its test (inside the loop);
* a comprehension: its inner ``for`` (a nested comprehension clause), its conditions last first,
  its target, its element (a dict comprehension: the value, then the key), all inside the
  comprehension's loop, then the first iterable (outside it);
* any other node: its children in the shared walk's order (``walk.children``), pre-order.

The index's records keep that order (``calls``, ``functions``, module-level imports and
assignments, first-wins and last-wins tables; a ``def``'s decorators are resolved with the
imports collected before it), so :func:`collect_order` gives the nodes the index records in it,
with the same context, without walking: one pass over the positions of the types the index
records (each one's context from the regions of the scopes, loops and classes around it), then a
sort by a key that orders the regions of each such node as the walk visits them.
"""

from __future__ import annotations

from operator import itemgetter

import libcst as cst

_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)
_LOOPS = frozenset({cst.For, cst.While, *_COMPREHENSIONS})
# the types the index records or that change the context below them
KINDS = frozenset({cst.Call, cst.Import, cst.ImportFrom, cst.SimpleStatementLine, cst.FunctionDef, cst.Lambda,
                   cst.ClassDef, *_LOOPS})
_Line = cst.SimpleStatementLine


def _child_positions(ends: list[int], k: int):
    """The positions of node ``k``'s children in the record (each child's subtree follows the
    previous one's)."""
    c, end = k + 1, ends[k]
    while c < end:
        yield c
        c = ends[c]


def _regions(record, node: cst.CSTNode, k: int, key: tuple, func, klass, loops: tuple) -> list[tuple]:
    """The parts of node ``k`` (a def, lambda, class, loop or comprehension) the walk enters:
    (start, end, function, class, loops, key prefix, class-body statement?), by position; a part
    left out is not entered. The key prefix orders the parts as the walk visits them."""
    t = type(node)
    if t is cst.FunctionDef or t is cst.Lambda:
        return _def_regions(record, node, k, key, func, klass, loops)
    if t is cst.ClassDef:
        return _class_regions(record, node, k, key, func, klass, loops)
    inner = (*loops, node)
    if t is cst.For or t is cst.While:
        ranks = {id(node.orelse): (0, loops), id(node.body): (1, inner)}
        if t is cst.For:
            ranks[id(node.target)] = (2, inner)
            ranks[id(node.iter)] = (3, loops)
        else:
            ranks[id(node.test)] = (2, inner)
        return _ranked(record, k, ranks, key, func, klass)
    first = node.for_in  # a comprehension
    ifs = first.ifs
    m = len(ifs)
    ranks = {id(first.inner_for_in): (0, inner), id(first.target): (m + 1, inner), id(first.iter): (m + 4, loops)}
    if t is cst.DictComp:
        ranks[id(node.value)] = (m + 2, inner)
        ranks[id(node.key)] = (m + 3, inner)
    else:
        ranks[id(node.elt)] = (m + 2, inner)
    for j, cond in enumerate(ifs):
        ranks[id(cond)] = (m - j, inner)
    ranks[id(first)] = None  # (its parts are ranked)
    return _ranked(record, k, ranks, key, func, klass)


def _ranked(record, k: int, ranks: dict, key: tuple, func, klass) -> list[tuple]:
    """The regions of the children of ``k`` that ``ranks`` names (id -> (rank, loops); None: the
    children of that child instead)."""
    nodes, ends = record.nodes, record.ends
    out = []
    for c in _child_positions(ends, k):
        rank = ranks.get(id(nodes[c]), ())
        if rank is None:
            out.extend(_ranked(record, c, ranks, key, func, klass))
        elif rank:
            out.append((c, ends[c], func, klass, rank[1], key + (rank[0],), False))
    return out


def _def_regions(record, node, k: int, key: tuple, func, klass, loops: tuple) -> list[tuple]:
    """A def: its body (rank 0) and parameters (1) inside it, its decorators last first (2, ...)
    outside; a lambda: its body."""
    nodes, ends = record.nodes, record.ends
    is_def = type(node) is cst.FunctionDef
    decorators = node.decorators if is_def else ()
    last = len(decorators) - 1
    params = node.params if is_def else None  # (a lambda's parameters are not entered)
    body = node.body
    out = []
    j = 0
    for c in _child_positions(ends, k):
        child = nodes[c]
        if child is body:
            out.append((c, ends[c], k, klass, (), key + (0,), False))
        elif child is params:
            out.append((c, ends[c], k, klass, (), key + (1,), False))
        elif j <= last and child is decorators[j]:
            out.append((c, ends[c], func, klass, loops, key + (2 + last - j,), False))
            j += 1
    return out


def _class_regions(record, node, k: int, key: tuple, func, klass, loops: tuple) -> list[tuple]:
    """A class: each statement of its body (rank 0, in order; a class-body statement, in the
    class), then its decorators last first (1, ...)."""
    nodes, ends = record.nodes, record.ends
    decorators = node.decorators
    last = len(decorators) - 1
    body = node.body
    out = []
    j = 0
    inside = key + (0,)
    for c in _child_positions(ends, k):
        child = nodes[c]
        if child is body:
            out.extend((s, ends[s], func, k, loops, inside, True) for s in _child_positions(ends, c))
        elif j <= last and child is decorators[j]:
            out.append((c, ends[c], func, klass, loops, key + (1 + last - j,), False))
            j += 1
    return out


def collect_order(record, module: cst.Module) -> list[tuple]:
    """The nodes of ``module`` the index records (calls, imports, defs, lambdas, classes, and the
    simple statement lines it reads: in a class body, or outside every function and class), as
    (position, enclosing function, enclosing class, class-body statement?, loops), in the order
    ``ModuleIndex._collect_walk`` meets them; function and class are the positions of their
    nodes (None: none)."""
    nodes, ends = record.nodes, record.ends
    items = []
    add = items.append
    frames: list[list] = []  # [end, regions, index of the first region not yet left behind]
    loops_and_scopes = _LOOPS | {cst.FunctionDef, cst.Lambda, cst.ClassDef}
    loop_types = _LOOPS
    Line = _Line
    for p in record.positions(module, KINDS):
        while frames and frames[-1][0] <= p:
            frames.pop()
        if frames:
            frame = frames[-1]
            regions = frame[1]
            i = frame[2]
            n = len(regions)
            while i < n and regions[i][1] <= p:
                i += 1
            frame[2] = i
            if i == n or regions[i][0] > p:
                continue  # a part the walk does not enter
            start, _end, func, klass, loops, prefix, class_stmt = regions[i]
            in_class = class_stmt and p == start
        else:
            func = klass = None
            loops = prefix = ()
            in_class = False
        node = nodes[p]
        t = type(node)
        if t is Line and not (in_class and klass is not None) and not (func is None and klass is None):
            continue  # a line the index does not read
        key = (*prefix, p)
        if t in loops_and_scopes:
            frames.append([ends[p], _regions(record, node, p, key, func, klass, loops), 0])
            if t in loop_types:
                continue
        add((key, p, func, klass, in_class, loops))
    items.sort(key=itemgetter(0))
    return items
