"""Automatic fixes: ``--fix`` writes them, ``--diff`` prints them as a unified diff.

A finding may carry an ``edit`` (a range of the file and its replacement). Only mechanical, safe
rewrites get one (see each rule's "Fix availability"); everything else stays a text hint.
Edits are applied from the end of the file backwards; one that overlaps another is skipped and
reported again on the next run.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

from jitguard.lint.diagnostics import Finding


def _offsets(text: str) -> list[int]:
    starts, pos = [0], 0
    for line in text.splitlines(keepends=True):
        pos += len(line)
        starts.append(pos)
    return starts


def _apply(text: str, findings: list[Finding]) -> tuple[str, list[Finding]]:
    starts = _offsets(text)
    applied: list[Finding] = []
    end_of_last = len(text) + 1
    for f in sorted(findings, key=lambda f: (f.edit[0], f.edit[1]), reverse=True):
        line, col, end_line, end_col, replacement = f.edit
        begin = starts[line - 1] + col - 1
        end = starts[end_line - 1] + end_col - 1
        if end > end_of_last or begin > end:
            continue  # overlaps an edit already applied: next run
        text = text[:begin] + replacement + text[end:]
        end_of_last = begin
        applied.append(f)
    return text, applied


def apply_fixes(findings: list[Finding], diff: bool, unsafe: bool = False, out=None) -> tuple[list[Finding], list[str]]:
    """Apply (or, with ``diff``, show) the edits; return the findings left and any errors."""
    out = out or sys.stdout
    by_path: dict[str, list[Finding]] = {}
    for f in findings:
        if f.edit is not None:
            by_path.setdefault(f.path, []).append(f)
    fixed: set[int] = set()
    errors: list[str] = []
    for path, items in sorted(by_path.items()):
        try:
            original = Path(path).read_text("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            errors.append(f"{path}: cannot apply fixes: {exc}")
            continue
        new, applied = _apply(original, items)
        if not applied:
            continue
        if diff:
            out.writelines(difflib.unified_diff(
                original.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{path}", f"b/{path}"))
        else:
            try:
                Path(path).write_text(new, "utf-8")
            except OSError as exc:
                errors.append(f"{path}: cannot write fixes: {exc.strerror or exc}")
                continue
            fixed.update(id(f) for f in applied)
    remaining = [f for f in findings if id(f) not in fixed]
    if fixed:
        print(f"Fixed {len(fixed)} finding{'s' if len(fixed) != 1 else ''}.", file=sys.stderr)
    return remaining, errors
