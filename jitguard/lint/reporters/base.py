from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jitguard.lint.diagnostics import FILE_DIAGNOSTICS, Finding


@dataclass
class Report:
    findings: list[Finding]
    files_checked: int
    errors: list[str] = field(default_factory=list)
    color: bool = False
    statistics: bool = False
    sources: dict[str, list[str]] = field(default_factory=dict)  # path -> lines, for text output
    # path -> jitguard.lint.notebook.Notebook: findings in notebooks are in the lines of the
    # notebook's virtual source, located here as cell and line
    notebooks: dict[str, Any] = field(default_factory=dict)
    quiet: bool = False  # no summary line


@dataclass(frozen=True)
class Place:
    """Where a finding is, as a reader names it: ``cell`` is None outside notebooks; ``line`` and
    ``end_line`` are then lines of the cell; ``file_line`` is the line of the file itself (for a
    notebook, the line of its JSON text where the cell's line is written)."""

    cell: int | None
    line: int
    column: int
    end_line: int
    end_column: int
    file_line: int


def place(report: Report, f: Finding) -> Place:
    end_line, end_column = f.end_line or f.line, f.end_column or f.column
    nb = report.notebooks.get(f.path)
    if nb is None:
        return Place(None, f.line, f.column, end_line, end_column, f.line)
    where = nb.locate(f.line)
    if where is None:
        return Place(None, f.line, f.column, end_line, end_column, f.line)
    cell, line = where
    end = nb.locate(end_line)
    if end is None or end[0] != cell:  # a range that leaves the cell: cut at the finding's line
        end_in_cell, end_column = line, f.column
    else:
        end_in_cell = end[1]
    return Place(cell, line, f.column, end_in_cell, end_column, nb.json_line(f.line))


def location(report: Report, f: Finding) -> str:
    """``path:line:col`` or, in a notebook, ``path:cell N:line:col`` (as ruff writes it)."""
    p = place(report, f)
    if p.cell is None:
        return f"{f.path}:{p.line}:{p.column}"
    return f"{f.path}:cell {p.cell}:{p.line}:{p.column}"


def help_text(f: Finding) -> str:
    """The finding's one-line advice (``help``; ``fix`` when that is a string, as it once was)."""
    value = getattr(f, "help", None)
    if isinstance(value, str) and value:
        return value
    fix = getattr(f, "fix", None)
    return fix if isinstance(fix, str) else ""


def edits(f: Finding) -> list[tuple]:
    """The automatic fix's edits as (line, column, end_line, end_column, content), 1-based."""
    fix = getattr(f, "fix", None)
    if fix is not None and not isinstance(fix, str):
        return [(e.line, e.column, e.end_line, e.end_column, e.content) for e in fix.edits]
    edit = getattr(f, "edit", None)
    return [tuple(edit)] if edit else []


def rule_url(code: str) -> str:
    from jitguard.lint.ruleinfo import BY_CODE  # the rules' table: reporting imports no rule module

    rule = BY_CODE.get(code)
    if rule is not None:
        return rule.url
    return "https://github.com/jitguard/jitguard/blob/main/docs/cli.md#file-diagnostics"


def rule_name(code: str) -> str:
    from jitguard.lint.ruleinfo import BY_CODE

    rule = BY_CODE.get(code)
    if rule is not None:
        return rule.name
    return FILE_DIAGNOSTICS.get(code, (code, ""))[0]
