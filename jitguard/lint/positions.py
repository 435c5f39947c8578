"""Line and column of a few nodes, without libcst's PositionProvider over the whole file.

PositionProvider re-generates the whole module, recording a position for every node: about 2.4x
the parse time. Findings and call facts are few, so this runs libcst's plain code generation with
a state that works out positions only for the nodes asked for (counting the lines of the text
generated so far when one of them starts or ends) and stops as soon as the last one is done.
The positions are exactly PositionProvider's (tests/test_positions.py compares them over many
files); the cost is that of printing the file up to the last node asked for.

This subclasses libcst's code-generation state (``libcst._nodes.internal.CodegenState``, the base
of PositionProvider's own state). If a libcst release moves it, ``locate`` falls back to
PositionProvider over the top-level statements that hold the nodes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

import libcst as cst
from libcst.metadata import CodePosition, CodeRange, MetadataWrapper, PositionProvider

from jitguard.lint.analysis.walk import iter_nodes

try:
    from libcst._nodes.internal import CodegenState as _CodegenState
except ImportError:  # pragma: no cover - a libcst layout this module does not know
    _CodegenState = None

_NEWLINE = re.compile(r"\r\n?|\n")  # how PositionProvider counts lines


def locate(module: cst.Module, nodes: Iterable[cst.CSTNode]) -> dict[cst.CSTNode, CodeRange]:
    wanted = {n for n in nodes if n is not None}
    if not wanted:
        return {}
    if _Locator is not None:
        state = _Locator(module, wanted)
        try:
            module._codegen(state)
        except _Done:
            pass
        return {n: state.found[n] for n in wanted if n in state.found}
    return _locate_by_statement(module, wanted)  # pragma: no cover


class _Done(Exception):
    """Raised from inside code generation once every wanted node has its position."""


if _CodegenState is not None:

    class _Locator(_CodegenState):
        """Plain code generation that records the positions of the wanted nodes only."""

        def __init__(self, module: cst.Module, wanted: set[cst.CSTNode]) -> None:
            super().__init__(default_indent=module.default_indent, default_newline=module.default_newline)
            self.goal = wanted
            # ids of the wanted nodes, plus the children a wanted statement takes its bounds from
            # (ids: every node generated is looked up, and a libcst node's __hash__ is Python code)
            self.track = {id(n) for n in wanted}
            self.found: dict[cst.CSTNode, CodeRange] = {}
            self.left = len(wanted)
            self.starts: list[CodePosition] = []
            self.seen = 0
            self.line = 1
            self.column = 0

        def here(self) -> CodePosition:
            """The position after the tokens generated so far (counted from where we last looked)."""
            tokens = self.tokens
            for i in range(self.seen, len(tokens)):
                token = tokens[i]
                if "\n" in token or "\r" in token:
                    parts = _NEWLINE.split(token)
                    self.line += len(parts) - 1
                    self.column = len(parts[-1])
                else:
                    self.column += len(token)
            self.seen = len(tokens)
            return CodePosition(self.line, self.column)

        def pop_trailing_newline(self) -> None:
            self.here()  # PositionProvider counted that newline before it was taken back
            super().pop_trailing_newline()

        def before_codegen(self, node: cst.CSTNode) -> None:
            if id(node) in self.track:
                self.starts.append(self.here())

        def after_codegen(self, node: cst.CSTNode) -> None:
            if id(node) in self.track:
                start = self.starts.pop()
                if node not in self.found:  # a syntactic position recorded inside wins
                    self.found[node] = CodeRange(start, self.here())
                self._check_done(node)

        @contextmanager
        def record_syntactic_position(
            self, node: cst.CSTNode, *, start_node: cst.CSTNode | None = None, end_node: cst.CSTNode | None = None
        ) -> Iterator[None]:
            if id(node) not in self.track:
                yield
                return
            self.track.update(id(n) for n in (start_node, end_node) if n is not None)
            start = self.here()
            yield
            end = self.here()
            if start_node is not None:
                start = self.found[start_node].start
            if end_node is not None:
                end = self.found[end_node].end
            self.found[node] = CodeRange(start, end)

        def _check_done(self, node: cst.CSTNode) -> None:
            if node in self.goal:
                self.left -= 1
                if self.left == 0:
                    raise _Done

else:  # pragma: no cover
    _Locator = None


def _locate_by_statement(module: cst.Module, wanted: set[cst.CSTNode]) -> dict[cst.CSTNode, CodeRange]:
    """PositionProvider over small modules made of the top-level statements that hold the nodes."""
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
