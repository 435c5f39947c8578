"""Automatic fixes: ``--fix`` writes them, ``--diff`` prints them as a unified diff.

A finding may carry a :class:`~jitguard.lint.diagnostics.Fix`: edits that go together and an
applicability. ``--fix`` applies the safe ones; ``--unsafe-fixes`` adds the unsafe ones, as in
ruff. A fix is applied whole or not at all: one whose edits overlap an edit already applied is
skipped (the next run reports it again). A fix whose range is not in the file any more (the file
changed since it was checked) is skipped with an error.
"""

from __future__ import annotations

import difflib
import sys
from dataclasses import dataclass, field

from jitguard.lint.diagnostics import Finding, Fix


def _offsets(text: str) -> list[int]:
    starts, pos = [0], 0
    for line in text.splitlines(keepends=True):
        pos += len(line)
        starts.append(pos)
    return starts


def _span(starts: list[int], text: str, line: int, column: int) -> int | None:
    if not 0 < line < len(starts) + (1 if column == 1 else 0):
        return None
    pos = starts[line - 1] + column - 1
    return pos if pos <= len(text) else None


def apply_to_text(text: str, fixes: list[Fix]) -> tuple[str, list[Fix]]:
    """``text`` with the fixes applied, from the end of the file backwards, and the fixes applied."""
    starts = _offsets(text)
    spans: list[tuple[int, int, Fix]] = []
    for fix in fixes:
        ranges = []
        for e in fix.edits:
            begin = _span(starts, text, e.line, e.column)
            end = _span(starts, text, e.end_line, e.end_column)
            if begin is None or end is None or begin > end:
                ranges = None
                break
            ranges.append((begin, end, e.content))
        if ranges:
            spans.append((min(r[0] for r in ranges), max(r[1] for r in ranges), fix, ranges))
    applied: list[Fix] = []
    end_of_last = len(text) + 1
    for begin, end, fix, ranges in sorted(spans, key=lambda s: (s[0], s[1]), reverse=True):
        if end > end_of_last:
            continue  # overlaps a fix already applied: next run
        for b, e, content in sorted(ranges, reverse=True):
            text = text[:b] + content + text[e:]
        end_of_last = begin
        applied.append(fix)
    return text, applied


@dataclass
class FixOutcome:
    remaining: list[Finding]
    errors: list[str] = field(default_factory=list)
    fixed: int = 0
    hidden_unsafe: int = 0  # unsafe fixes left out because --unsafe-fixes was not given


def apply_fixes(findings: list[Finding], diff: bool, unsafe: bool = False, out=None) -> FixOutcome:
    """Apply (or, with ``diff``, show) the fixes that apply; return the findings left."""
    out = out or sys.stdout
    by_path: dict[str, list[Finding]] = {}
    hidden = 0
    for f in findings:
        if f.fix is None:
            continue
        if f.fix.applies(unsafe):
            by_path.setdefault(f.path, []).append(f)
        else:
            hidden += 1
    outcome = FixOutcome(findings, hidden_unsafe=hidden)
    fixed: set[int] = set()
    for path, items in sorted(by_path.items()):
        try:
            with open(path, encoding="utf-8", newline="") as fh:  # keep CRLF line ends as they are
                original = fh.read()
        except (OSError, UnicodeDecodeError) as exc:
            outcome.errors.append(f"{path}: cannot apply fixes: {exc}")
            continue
        new, applied = apply_to_text(original, [f.fix for f in items])
        if not applied:
            continue
        done = {id(fix) for fix in applied}
        if diff:
            out.writelines(difflib.unified_diff(
                original.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{path}", f"b/{path}"))
        else:
            try:
                with open(path, "w", encoding="utf-8", newline="") as fh:
                    fh.write(new)
            except OSError as exc:
                outcome.errors.append(f"{path}: cannot write fixes: {exc.strerror or exc}")
                continue
            fixed.update(id(f) for f in items if id(f.fix) in done)
    outcome.remaining = [f for f in findings if id(f) not in fixed]
    outcome.fixed = len(fixed)
    if fixed:
        print(f"Fixed {len(fixed)} finding{'s' if len(fixed) != 1 else ''}.", file=sys.stderr)
    if hidden:
        print(f"{hidden} fix{'es are' if hidden != 1 else ' is'} available with `--unsafe-fixes`.", file=sys.stderr)
    return outcome
