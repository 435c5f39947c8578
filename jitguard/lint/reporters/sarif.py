"""SARIF 2.1.0, as GitHub code scanning and other CI systems read it.

A finding in a notebook points at the line of the notebook's JSON text where the cell's line is
written (that is what a SARIF viewer opens), with no columns; ``properties`` hold the cell
(1-based), and the line and column in the cell."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from jitguard._version import __version__
from jitguard.lint.diagnostics import FILE_DIAGNOSTICS
from jitguard.lint.reporters.base import Report, help_text, place, rule_url

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def _rules() -> list[dict]:
    from jitguard.lint.rules import ALL_RULES

    out = []
    for code, (name, text) in sorted(FILE_DIAGNOSTICS.items()):
        out.append({
            "id": code, "name": name,
            "shortDescription": {"text": text},
            "helpUri": rule_url(code),
            "defaultConfiguration": {"level": "error"},
        })
    for rule in ALL_RULES:
        out.append({
            "id": rule.code,
            "name": rule.name,
            "shortDescription": {"text": rule.summary},
            "fullDescription": {"text": " ".join(rule.what.split())},
            "help": {"text": " ".join(rule.why.split()), "markdown": rule.render_doc()},
            "helpUri": rule.doc_url(),
            "defaultConfiguration": {"level": "error"},
            "properties": {"jaxError": rule.jax_error, "fixAvailable": rule.fix_available},
        })
    return out


def _artifact(path: str) -> dict:
    """A relative path is relative to the source root (%SRCROOT%); an absolute one is a file: URI."""
    p = Path(path)
    if p.is_absolute():
        return {"uri": p.as_uri()}
    return {"uri": quote(p.as_posix()), "uriBaseId": "%SRCROOT%"}


def render(report: Report) -> str:
    rules = _rules()
    index = {r["id"]: i for i, r in enumerate(rules)}
    results = []
    for f in report.findings:
        p = place(report, f)
        advice = help_text(f)
        if p.cell is not None:
            region = {"startLine": p.file_line}
        else:
            region = {"startLine": f.line, "startColumn": f.column}
            if f.end_line:
                region["endLine"] = f.end_line
                region["endColumn"] = max(f.end_column, 1)
        result = {
            "ruleId": f.code,
            "ruleIndex": index.get(f.code, 0),
            "level": "error",
            "message": {"text": f.message + (f" Fix: {advice}" if advice else "")},
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": _artifact(f.path),
                    "region": region,
                }
            }],
        }
        if p.cell is not None:
            result["properties"] = {"cell": p.cell, "cellLine": p.line, "cellColumn": p.column,
                                    "cellEndLine": p.end_line, "cellEndColumn": p.end_column}
        results.append(result)
    notifications = [
        {"level": "error", "message": {"text": e}, "descriptor": {"id": "internal-error"}} for e in report.errors
    ]
    doc = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "jitguard",
                "version": __version__,
                "informationUri": "https://github.com/jitguard/jitguard",
                "rules": rules,
            }},
            "results": results,
            "invocations": [{
                "executionSuccessful": not report.errors,
                "toolExecutionNotifications": notifications,
            }],
        }],
    }
    return json.dumps(doc, indent=2) + "\n"
