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

import ast
import re
import warnings
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

import libcst as cst
from libcst.metadata import CodePosition, CodeRange, MetadataWrapper, PositionProvider

from jitguard.lint.analysis.walk import iter_nodes, shared

try:
    from libcst._nodes.internal import CodegenState as _CodegenState
except ImportError:  # pragma: no cover - a libcst layout this module does not know
    _CodegenState = None

_NEWLINE = re.compile(r"\r\n?|\n")  # how PositionProvider counts lines


def locate(module: cst.Module, nodes: Iterable[cst.CSTNode], source: str | None = None,
           tree: ast.Module | None = None) -> dict[cst.CSTNode, CodeRange]:
    """The positions of ``nodes`` (PositionProvider's). Given ``source``, the text ``module`` was
    parsed from, and with ``module`` the walk's shared module (``walk.share``), only the top-level
    statements that hold the nodes are generated (:func:`_locate_in_statements`; ``tree``:
    CPython's ast of ``source`` when the caller has it); else the module up to the last node."""
    wanted = {n for n in nodes if n is not None}
    if not wanted:
        return {}
    if _Locator is not None and source is not None:
        found = _locate_in_statements(module, wanted, source, tree)
        if found is not None:
            return found
    if _Locator is not None:
        state = _Locator(module, wanted)
        try:
            module._codegen(state)
        except _Done:
            pass
        return {n: state.found[n] for n in wanted if n in state.found}
    return _locate_by_statement(module, wanted)  # pragma: no cover


def _locate_in_statements(module: cst.Module, wanted: set[cst.CSTNode], source: str,
                          tree: ast.Module | None) -> dict[cst.CSTNode, CodeRange] | None:
    """:func:`locate` generating only the statements that hold ``wanted``: for each node, the
    innermost statement above it that is a top-level statement or a statement of the body of a
    def or class reached that way (:func:`_holders`), each from the line where its code starts
    (:func:`_starts_in`: from CPython's ast); None when that cannot be had (a node outside the
    shared walk, a text with ``\\r``, an ast that does not line up), and then the caller
    generates the module as before.

    The code libcst generates for a module is its text, statement after statement, each one
    starting at column 0 of a line (its leading lines, then its indentation: the indents of the
    blocks around it) and ending with its newline, so a statement's positions are those of its
    own code shifted by the line it starts at. That line is checked, not trusted: the code
    generated for each statement must be the text of ``source`` from that line on."""
    if "\r" in source:
        return None  # (line ends that CPython and PositionProvider may count differently)
    record = shared(module)
    if record is None:
        return None
    holders = _holders(record, wanted)
    if holders is None:
        return None
    if tree is None and _STARTS[0][0] is not module and record.ends[holders[-1][-1]] < len(record.nodes) * _EARLY:
        return None  # the nodes are near the start: generating up to them costs less than an ast parse
    starts = _statement_starts(module, source, tree)
    if starts is None:
        return None
    line_offsets, top = starts
    state = _Locator(module, wanted)
    nodes = record.nodes
    for path in holders:
        found = _start_of(module, [nodes[k] for k in path], top)
        if found is None:
            return None
        line, indents = found
        if not 0 < line <= len(line_offsets):
            return None
        state.tokens, state.seen, state.line, state.column = [], 0, line, 0
        state.indent_tokens = indents
        done = False
        try:
            nodes[path[-1]]._codegen(state)
        except _Done:
            done = True
        if not _is_text_at(source, line_offsets[line - 1], state.tokens, not module.has_trailing_newline):
            return None  # the statement does not start there: the whole module's generation
        if done:
            break
    return {n: state.found[n] for n in wanted if n in state.found}


# Generating code with the locator costs about four times CPython's parse of the same text
# (measured on the development corpus): without an ast at hand, nodes all in the first quarter
# of the module (by pre-order position) are located by generating the module up to them.
_EARLY = 0.25
_BODIES = frozenset({cst.FunctionDef, cst.ClassDef})  # statements whose body's statements are located alone


def _holders(record, wanted: set[cst.CSTNode]) -> list[list[int]] | None:
    """For the statements to generate, in source order, the positions (in the shared walk) of
    the statements from the top level down to each: a top-level statement, then, while it is a
    def or class with an indented body that holds the node, the statement of that body that
    does. A statement inside another one chosen is left out (generated with it)."""
    nodes, parents, ends = record.nodes, record.parents, record.ends
    paths: dict[int, list[int]] = {}
    for node in wanted:
        k = record.position(node)
        if k is None or k == 0:
            return None  # not a node of the walk (punctuation, whitespace), or the module itself
        chain = [k]
        while parents[chain[-1]] != 0:
            chain.append(parents[chain[-1]])
        chain.reverse()  # the top-level statement first
        depth = 0
        while depth + 2 < len(chain):
            holder = nodes[chain[depth]]
            if type(holder) not in _BODIES or type(holder.body) is not cst.IndentedBlock \
                    or nodes[chain[depth + 1]] is not holder.body:
                break
            depth += 2
        paths[chain[depth]] = chain[: depth + 1 : 2]
    out = []
    covered = -1
    for k in sorted(paths):
        if k < covered:
            continue  # inside a statement generated whole
        covered = ends[k]
        out.append(paths[k])
    return out


def _start_of(module: cst.Module, path: list[cst.CSTNode], top: list | None):
    """(the line where the code of ``path[-1]`` starts, the indents around it), following
    ``path`` (a top-level statement, then statements of def and class bodies) down the ast."""
    if top is None:
        return None
    statements, aligned, indents = module.body, top, []
    line, aligned_node = 0, None
    for depth, stmt in enumerate(path):
        if depth:
            block = path[depth - 1].body
            indents.append(module.default_indent if block.indent is None else block.indent)
            statements = block.body
            inner = getattr(aligned_node, "body", None)
            aligned = _first_lines(statements, inner) if type(inner) is list else None
            if aligned is None:
                return None
        i = _index_in(statements, stmt)
        if i is None:
            return None
        line, aligned_node = aligned[i]
    return line, indents


def _index_in(statements, stmt) -> int | None:
    for i, each in enumerate(statements):
        if each is stmt:
            return i
    return None


def _is_text_at(source: str, offset: int, tokens: list[str], without_trailing_newline: bool) -> bool:
    """Is the code generated (``tokens``) the text of ``source`` from ``offset`` on? The last
    statement of a module without a trailing newline is generated with one, which the module's
    generation takes back (``pop_trailing_newline``, after PositionProvider counted it)."""
    text = "".join(tokens)
    if source.startswith(text, offset):
        return True
    if without_trailing_newline and tokens and tokens[-1] in ("\n", "\r\n", "\r"):
        cut = len(text) - len(tokens[-1])
        return offset + cut == len(source) and source.startswith(text[:cut], offset)
    return False


# [(module, source, (line offsets, _first_lines of its body))]: one tuple, read and replaced whole
_STARTS: list = [(None, None, None)]


def _statement_starts(module: cst.Module, source: str, tree: ast.Module | None):
    """(the offset in ``source`` of each line, :func:`_first_lines` of the module's statements),
    from CPython's ast (``tree``, or a parse of ``source``; the aligned list None when its
    statements do not line up with libcst's); None without an ast. Kept for the last module
    asked about (the engine locates up to three times per file)."""
    kept_module, kept_source, kept = _STARTS[0]
    if kept_module is module and kept_source is source:
        return kept
    starts = None
    if tree is None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                tree = ast.parse(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            tree = None
    if tree is not None:
        starts = ([0, *(m.end() for m in _LINE_END.finditer(source))], _first_lines(module.body, tree.body))
    _STARTS[0] = (module, source, starts)
    return starts


_LINE_END = re.compile("\n")


def _first_lines(statements, body: list[ast.stmt]) -> list[tuple[int, ast.stmt]] | None:
    """For each libcst statement of ``statements``, the line where its code starts (by the first
    line of its ast statements, ``body``: a line of ``a; b`` holds two, less its leading lines
    and, for a decorated one, its first decorator's), and its first ast statement; None when the
    counts differ."""
    out: list[tuple[int, ast.stmt]] = []
    j = 0
    for stmt in statements:
        if j >= len(body):
            return None
        first = body[j]
        j += len(stmt.body) if type(stmt) is cst.SimpleStatementLine else 1
        line = first.lineno - len(stmt.leading_lines)
        decorators = getattr(stmt, "decorators", ())
        if decorators:
            listed = getattr(first, "decorator_list", ())
            if len(listed) != len(decorators):
                return None
            line = listed[0].lineno - len(stmt.leading_lines) - len(decorators[0].leading_lines)
        out.append((line, first))
    return out if j == len(body) else None


def forget() -> None:
    """Drop the kept statement lines (the engine, once a file is done: its tree can go)."""
    _STARTS[0] = (None, None, None)


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
