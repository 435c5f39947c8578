"""Line and column of a few nodes, without libcst's PositionProvider over the whole file.

PositionProvider re-generates the whole module with position tracking: about 2.4x the parse
time. Findings are rare and sit in a few top-level statements, so this finds those statements,
counts the lines before them (plain code generation, about a quarter of the parse), and runs
PositionProvider only on small modules made of just those statements.
"""

from __future__ import annotations

from collections.abc import Iterable

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from jitguard.analysis.walk import iter_nodes


def locate(module: cst.Module, nodes: Iterable[cst.CSTNode]) -> dict[cst.CSTNode, CodeRange]:
    wanted = {n for n in nodes if n is not None}
    if not wanted:
        return {}
    out: dict[cst.CSTNode, CodeRange] = {}
    line = 1 + len(module.header)
    for stmt in module.body:
        height = module.code_for_node(stmt).count("\n")
        if wanted and any(n in wanted for n in iter_nodes(stmt)):
            mini = module.with_changes(body=[stmt], header=[], footer=[])
            positions = MetadataWrapper(mini, unsafe_skip_copy=True).resolve(PositionProvider)
            shift = line - 1
            for node in list(wanted):
                rng = positions.get(node)
                if rng is not None:
                    out[node] = CodeRange((rng.start.line + shift, rng.start.column), (rng.end.line + shift, rng.end.column))
                    wanted.discard(node)
        line += height
        if not wanted:
            break
    return out
