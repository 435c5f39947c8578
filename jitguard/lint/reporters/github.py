"""GitHub Actions workflow commands: annotations on the pull request's diff."""

from __future__ import annotations

from jitguard.lint.reporters.base import Report


def _escape_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_prop(s: str) -> str:
    return _escape_data(s).replace(":", "%3A").replace(",", "%2C")


def render(report: Report) -> str:
    out = []
    for f in report.findings:
        props = f"file={_escape_prop(f.path)},line={f.line},col={f.column},title={_escape_prop(f'jitguard ({f.code})')}"
        message = f.message + (f" Fix: {f.fix}" if f.fix else "")
        out.append(f"::error {props}::{_escape_data(message)}")
    return "".join(line + "\n" for line in out)
