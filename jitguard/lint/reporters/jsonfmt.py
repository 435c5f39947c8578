"""JSON: a list of finding objects (schema in docs/cli.md); json-lines: one object per line.

A finding in a notebook has ``"cell"`` (1-based, ``cells[cell - 1]`` of the file) and its lines
are the cell's; elsewhere ``"cell"`` is null."""

from __future__ import annotations

import json

from jitguard.lint.reporters.base import Report, place, rule_name, rule_url


def finding_dict(f, report: Report | None = None) -> dict:
    d = f.as_dict()
    d["name"] = rule_name(f.code)
    d["url"] = rule_url(f.code)
    d["cell"] = None
    nb = report.notebooks.get(f.path) if report is not None else None
    if nb is not None:
        p = place(report, f)
        if p.cell is not None:
            d.update(cell=p.cell, line=p.line, column=p.column, end_line=p.end_line, end_column=p.end_column)
            _cell_lines(d, nb)
    return d


def _cell_lines(value, nb) -> None:
    """Edits' rows, as the engine wrote them in virtual-source lines, made the cell's lines."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("start", "end", "location", "end_location") and isinstance(item, dict):
                row_key = "line" if "line" in item else "row"
                where = nb.locate(item.get(row_key, 0)) if isinstance(item.get(row_key), int) else None
                if where is not None:
                    item[row_key] = where[1]
            elif key not in ("start", "end"):
                _cell_lines(item, nb)
    elif isinstance(value, list):
        for item in value:
            _cell_lines(item, nb)


def render_json(report: Report) -> str:
    return json.dumps([finding_dict(f, report) for f in report.findings], indent=2) + "\n"


def render_json_lines(report: Report) -> str:
    return "".join(json.dumps(finding_dict(f, report)) + "\n" for f in report.findings)
