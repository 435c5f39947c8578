"""Jupyter notebooks (``.ipynb``): linted as the Python source of their code cells.

A notebook becomes one *virtual source*: its code cells, in order, one after the other, so that a
function jitted in cell 2 and called in cell 5 is followed like in a plain module. IPython syntax
is not Python: a line magic (``%time f(x)``), a shell line (``!pip install``, ``files = !ls``) or a
help line (``obj?``) at the start of a statement becomes ``pass`` at the same indentation (its
continuation lines become blank lines), and a cell that starts with a cell magic (``%%bash``) is
left out, except ``%%time``, ``%%timeit`` and ``%%capture``, whose body is Python (their first
line becomes a blank line). Every other line is kept as it is, so a line of the virtual source *is* a line of a cell,
column for column; :class:`Notebook` maps one to the other.

Writing fixes back (``--fix``) changes only the ``source`` values of the cells that changed, in the
style the file already uses (a list of lines with the same indentation, or one string): every
other byte of the file — outputs, metadata, key order, whitespace — stays as it was.

No dependency: the file is read with the standard ``json`` module (nbformat is not needed).
"""

from __future__ import annotations

import errno
import json
import re
from dataclasses import dataclass, field

_DECODER = json.JSONDecoder()
_WS = re.compile(r"[ \t\n\r]*")
# `x = !ls`, `a, b = %sx ls`: an assignment whose value is a magic or a shell command
# cell magics whose body IPython runs as Python in the notebook's namespace: the body is linted
_PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture"})
_MAGIC_ASSIGN = re.compile(r"^[ \t]*[\w.]+(?:[ \t]*,[ \t]*[\w.]+)*[ \t]*=[ \t]*[%!]")


class NotebookError(ValueError):
    """The file is not a notebook jitguard can read (bad JSON, no ``cells`` list...)."""


@dataclass
class Cell:
    number: int  # 1-based position among all cells (markdown cells count): ``cells[number - 1]``
    source: str  # the cell's text as the notebook holds it
    span: tuple[int, int]  # where its ``source`` value lies in the file's text
    items: list[int] = field(default_factory=list)  # start offsets of the list items (a list source)
    is_list: bool = True
    first: int = 0  # the virtual source's 0-based line index where this cell starts
    count: int = 0  # how many virtual lines it has
    magic: frozenset[int] = frozenset()  # its 0-based lines that were replaced (magics, shell lines)


class Notebook:
    """A parsed notebook: its text, its code cells and the virtual source made of them."""

    def __init__(self, text: str, bom: bool = False) -> None:
        self.text = text
        self.bom = bom
        self.cells: list[Cell] = _code_cells(text)
        lines: list[str] = []
        self._owner: list[Cell] = []  # virtual line index -> its cell
        for cell in self.cells:
            cell_lines, magic = _python_lines(cell.source)
            if cell_lines is None:  # a cell magic: not Python
                continue
            cell.first, cell.count, cell.magic = len(lines), len(cell_lines), magic
            lines.extend(cell_lines)
            self._owner.extend([cell] * len(cell_lines))
        self.source = "".join(line if line.endswith("\n") else line + "\n" for line in lines)

    @classmethod
    def from_bytes(cls, data: bytes) -> Notebook:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise NotebookError(f"not UTF-8 ({exc.reason} at byte {exc.start})") from None
        return cls(text, data.startswith(b"\xef\xbb\xbf"))

    def encode(self, text: str) -> bytes:
        """A new text of this notebook (from :meth:`apply_edits`) as the file's bytes."""
        return (b"\xef\xbb\xbf" if self.bom else b"") + text.encode("utf-8")

    # --- positions -------------------------------------------------------------------------------

    def cell_of(self, line: int) -> Cell | None:
        """The cell holding 1-based virtual ``line``."""
        return self._owner[line - 1] if 0 < line <= len(self._owner) else None

    def locate(self, line: int) -> tuple[int, int] | None:
        """1-based virtual ``line`` -> (cell number, 1-based line in that cell); columns are equal."""
        cell = self.cell_of(line)
        if cell is None:
            return None
        return cell.number, line - cell.first

    def json_line(self, line: int) -> int:
        """The 1-based line of the notebook file itself where virtual ``line`` is written (for
        formats that point into the file: SARIF, GitHub annotations)."""
        cell = self.cell_of(line)
        if cell is None:
            return 1
        offset = cell.span[0]
        in_cell = line - 1 - cell.first
        if cell.is_list and cell.items:
            offset = cell.items[min(in_cell, len(cell.items) - 1)]
        return self.text.count("\n", 0, offset) + 1

    # --- fixes -----------------------------------------------------------------------------------

    def apply_edits(self, fixes: list[list[tuple]]) -> tuple[str, list[int]]:
        """Apply ``fixes``, each a list of edits applied together or not at all — (line, column,
        end_line, end_column, replacement) in virtual-source coordinates, 1-based — to their
        cells. Returns the new file text and the indices of the fixes applied. A fix that leaves
        its cell, touches a replaced magic line or overlaps another is not applied."""
        by_cell: dict[int, list[tuple[int, list[tuple]]]] = {}
        for i, fix in enumerate(fixes):
            cell = self.cell_of(fix[0][0]) if fix else None
            local = []
            for line, col, end_line, end_col, new in fix:
                if cell is None or self.cell_of(line) is not cell or self.cell_of(end_line) is not cell:
                    local = None
                    break
                first, last = line - 1 - cell.first, end_line - 1 - cell.first
                if any(k in cell.magic for k in range(first, last + 1)):
                    local = None
                    break
                local.append((first, col - 1, last, end_col - 1, new))
            if local:
                by_cell.setdefault(cell.number, []).append((i, local))
        applied: list[int] = []
        replacements: list[tuple[tuple[int, int], str]] = []
        cells = {c.number: c for c in self.cells}
        for number, items in by_cell.items():
            cell = cells[number]
            starts = [0]
            for part in cell.source.splitlines(keepends=True):
                starts.append(starts[-1] + len(part))
            spans = []
            for i, local in items:
                ranges = []
                for l0, c0, l1, c1, new in local:
                    if l1 >= len(starts) or l0 >= len(starts):
                        ranges = None
                        break
                    begin, end = starts[l0] + c0, starts[l1] + c1
                    if begin > end or end > len(cell.source):
                        ranges = None
                        break
                    ranges.append((begin, end, new))
                if ranges:
                    spans.append((min(r[0] for r in ranges), max(r[1] for r in ranges), i, ranges))
            text = cell.source
            end_of_last = len(text) + 1
            done = []
            for begin, end, i, ranges in sorted(spans, key=lambda s: (s[0], s[1]), reverse=True):
                if end > end_of_last:
                    continue  # overlaps a fix already applied: the next run reports it again
                for b, e, new in sorted(ranges, reverse=True):
                    text = text[:b] + new + text[e:]
                end_of_last = begin
                done.append(i)
            if done and text != cell.source:
                replacements.append((cell.span, self._encode(cell, text)))
                applied.extend(done)
        out = self.text
        for (start, end), value in sorted(replacements, reverse=True):
            out = out[:start] + value + out[end:]
        return out, sorted(applied)

    def _encode(self, cell: Cell, source: str) -> str:
        """``source`` as a JSON value in the style the cell's value had."""
        start, end = cell.span
        old = self.text[start:end]
        ascii_only = "\\u" in old and old.isascii()

        def dump(s: str) -> str:
            return json.dumps(s, ensure_ascii=ascii_only)

        if not cell.is_list:
            return dump(source)
        parts = source.splitlines(keepends=True)
        if not parts:
            return "[]"
        if cell.items:
            lead = self.text[start + 1 : cell.items[0]]
            first_end = _DECODER.raw_decode(self.text, cell.items[0])[1]
            sep = self.text[first_end : cell.items[1]] if len(cell.items) > 1 else "," + lead
            last_end = _DECODER.raw_decode(self.text, cell.items[-1])[1]
            tail = self.text[last_end : end - 1]
        else:
            lead, sep, tail = "\n", ",\n", "\n"
        return "[" + lead + sep.join(dump(p) for p in parts) + tail + "]"


def virtual_source_bytes(data: bytes, path: str = "") -> bytes:
    """What the linter reads for a notebook: the UTF-8 bytes of its virtual source. A file that is
    not a readable notebook is an OSError, which the linter reports as JG002."""
    try:
        return Notebook.from_bytes(data).source.encode("utf-8")
    except NotebookError as exc:
        raise OSError(errno.EINVAL, f"not a readable notebook: {exc}", path) from None


def read(path: str) -> Notebook:
    with open(path, "rb") as fh:
        return Notebook.from_bytes(fh.read())


# --- reading the JSON with positions -----------------------------------------------------------


def _skip(text: str, i: int) -> int:
    return _WS.match(text, i).end()


def _expect(text: str, i: int, char: str) -> int:
    i = _skip(text, i)
    if text[i : i + 1] != char:
        raise NotebookError(f"invalid JSON: expected {char!r} at line {text.count(chr(10), 0, i) + 1}")
    return i + 1


def _members(text: str, i: int):
    """Walk a JSON object whose ``{`` is at ``i``: yields (key, value start); the caller parses
    the value and sends back where it ended."""
    i = _expect(text, i, "{")
    i = _skip(text, i)
    if text[i : i + 1] == "}":
        return i + 1
    while True:
        i = _skip(text, i)
        if text[i : i + 1] != '"':
            raise NotebookError(f"invalid JSON: expected a key at line {text.count(chr(10), 0, i) + 1}")
        key, i = _DECODER.raw_decode(text, i)
        i = _skip(text, _expect(text, i, ":"))
        i = yield key, i
        i = _skip(text, i)
        if text[i : i + 1] == ",":
            i += 1
            continue
        return _expect(text, i, "}")


def _walk_object(text: str, i: int, handle) -> int:
    """Parse the object at ``i``; ``handle(key, start)`` returns where the value ended, or None to
    parse it generically. Returns the end of the object."""
    gen = _members(text, i)
    try:
        key, start = next(gen)
        while True:
            end = handle(key, start)
            if end is None:
                end = _value_end(text, start)
            key, start = gen.send(end)
    except StopIteration as stop:
        return stop.value


def _value_end(text: str, i: int) -> int:
    try:
        return _DECODER.raw_decode(text, i)[1]
    except json.JSONDecodeError as exc:
        raise NotebookError(f"invalid JSON: {exc}") from None


def _array_items(text: str, i: int) -> tuple[list[int], int]:
    """Start offsets of the items of the array at ``i``, and the array's end."""
    i = _expect(text, i, "[")
    starts: list[int] = []
    i = _skip(text, i)
    if text[i : i + 1] == "]":
        return starts, i + 1
    while True:
        i = _skip(text, i)
        starts.append(i)
        i = _skip(text, _value_end(text, i))
        if text[i : i + 1] == ",":
            i += 1
            continue
        return starts, _expect(text, i, "]")


def _code_cells(text: str) -> list[Cell]:
    cells: list[Cell] = []
    found = {"cells": False}

    def top(key: str, start: int) -> int | None:
        if key != "cells":
            return None
        found["cells"] = True
        starts, end = _array_items(text, start)
        for n, cell_start in enumerate(starts, 1):
            if text[cell_start : cell_start + 1] != "{":
                raise NotebookError(f"cell {n} is not an object")
            info: dict = {}

            def member(key: str, vstart: int, info=info) -> int | None:
                if key == "cell_type":
                    value, vend = _DECODER.raw_decode(text, vstart)
                    info["type"] = value
                    return vend
                if key == "source":
                    if text[vstart : vstart + 1] == "[":
                        items, vend = _array_items(text, vstart)
                        info["items"] = items
                    else:
                        vend = _value_end(text, vstart)
                    info["span"] = (vstart, vend)
                    return vend
                return None

            _walk_object(text, cell_start, member)
            if info.get("type") != "code" or "span" not in info:
                continue
            start_, end_ = info["span"]
            value = json.loads(text[start_:end_])
            is_list = isinstance(value, list)
            if is_list and not all(isinstance(v, str) for v in value) or not is_list and not isinstance(value, str):
                raise NotebookError(f"cell {n}: source is not text")
            cells.append(Cell(n, "".join(value) if is_list else value, (start_, end_), info.get("items", []), is_list))
        return end

    try:
        _walk_object(text, _skip(text, 0), top)
    except (IndexError, ValueError) as exc:
        if isinstance(exc, NotebookError):
            raise
        raise NotebookError(f"invalid JSON: {exc}") from None
    if not found["cells"]:
        raise NotebookError("no `cells` list (not a Jupyter notebook)")
    return cells


# --- IPython syntax ----------------------------------------------------------------------------


def _python_lines(source: str) -> tuple[list[str] | None, frozenset[int]]:
    """The cell's lines with IPython-only lines replaced; None for a cell-magic cell."""
    lines = source.splitlines(keepends=True)
    python_magic = None
    for k, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("%%"):
            name = stripped[2:].split(None, 1)[0] if len(stripped) > 2 else ""
            if name not in _PYTHON_CELL_MAGICS:
                return None, frozenset()
            python_magic = k  # `%%time`: the magic's line is left out, its body is Python
        break
    out: list[str] = []
    magic: set[int] = set()
    scanner = _Continuation()
    in_magic = False
    for k, line in enumerate(lines):
        body = line.rstrip("\r\n")
        if k == python_magic:
            out.append("\n")
            magic.add(k)
            continue
        if in_magic:  # a backslash-continued magic line
            out.append("\n")
            magic.add(k)
            in_magic = body.endswith("\\")
            continue
        if scanner.at_statement_start() and _is_ipython(body):
            indent = body[: len(body) - len(body.lstrip())]
            out.append(f"{indent}pass\n")
            magic.add(k)
            in_magic = body.endswith("\\")
            continue
        out.append(line)
        scanner.feed(body)
    return out, frozenset(magic)


def _is_ipython(line: str) -> bool:
    stripped = line.strip()
    if not stripped:
        return False
    if stripped[0] in "%!?":
        return True
    if stripped.endswith("?") and not stripped.startswith("#") and "#" not in stripped:
        return True  # `obj?`, `obj??`: help
    return _MAGIC_ASSIGN.match(line) is not None


class _Continuation:
    """Is the next physical line the start of a statement? Tracks brackets, strings (also
    triple-quoted ones across lines) and backslash continuations, which is all it needs."""

    def __init__(self) -> None:
        self.depth = 0
        self.triple: str | None = None
        self.backslash = False

    def at_statement_start(self) -> bool:
        return self.depth == 0 and self.triple is None and not self.backslash

    def feed(self, line: str) -> None:
        i, n = 0, len(line)
        self.backslash = False
        while i < n:
            ch = line[i]
            if self.triple is not None:
                if ch == "\\":
                    i += 2
                    continue
                if line.startswith(self.triple, i):
                    i += 3
                    self.triple = None
                    continue
                i += 1
                continue
            if ch == "#":
                break
            if ch in "\"'":
                if line.startswith(ch * 3, i):
                    self.triple = ch * 3
                    i += 3
                    continue
                j = i + 1
                while j < n and line[j] != ch:
                    j += 2 if line[j] == "\\" else 1
                i = j + 1
                continue
            if ch in "([{":
                self.depth += 1
            elif ch in ")]}":
                self.depth = max(0, self.depth - 1)
            elif ch == "\\" and i == n - 1:
                self.backslash = True
            i += 1
