"""Automatic fixes (--fix / --diff). No rule offers one yet; see each rule's "Fix availability"."""

from __future__ import annotations

from jitguard.diagnostics import Finding


def apply_fixes(findings: list[Finding], diff: bool, unsafe: bool) -> tuple[list[Finding], list[str]]:
    return findings, []
