"""Output formats. Each reporter turns the run's findings into text; the CLI picks one by name."""

from __future__ import annotations

from collections.abc import Callable

from jitguard.lint.reporters import github, jsonfmt, sarif, text
from jitguard.lint.reporters.base import Report

FORMATS: dict[str, Callable[[Report], str]] = {
    "text": text.render_full,
    "concise": text.render_concise,
    "json": jsonfmt.render_json,
    "json-lines": jsonfmt.render_json_lines,
    "sarif": sarif.render,
    "github": github.render,
}

__all__ = ["FORMATS", "Report"]
