"""GitHub Actions workflow commands: annotations on the pull request's diff."""

from __future__ import annotations

from jitguard.lint.reporters.base import Report, help_text, place


def _escape_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_prop(s: str) -> str:
    return _escape_data(s).replace(":", "%3A").replace(",", "%2C")


def render(report: Report) -> str:
    out = []
    for f in report.findings:
        p = place(report, f)
        advice = help_text(f)
        message = f.message + (f" Fix: {advice}" if advice else "")
        if p.cell is None:
            where = f"line={f.line},col={f.column}"
        else:  # the line of the notebook's JSON text; the cell's position goes in the message
            where = f"line={p.file_line}"
            message = f"cell {p.cell}, line {p.line}, column {p.column}: {message}"
        props = f"file={_escape_prop(f.path)},{where},title={_escape_prop(f'jitguard ({f.code})')}"
        out.append(f"::error {props}::{_escape_data(message)}")
    return "".join(line + "\n" for line in out)
