"""JSON: a list of finding objects (schema in docs/cli.md); json-lines: one object per line."""

from __future__ import annotations

import json

from jitguard.lint.reporters.base import Report, rule_name, rule_url


def finding_dict(f) -> dict:
    d = f.as_dict()
    d["name"] = rule_name(f.code)
    d["url"] = rule_url(f.code)
    return d


def render_json(report: Report) -> str:
    return json.dumps([finding_dict(f) for f in report.findings], indent=2) + "\n"


def render_json_lines(report: Report) -> str:
    return "".join(json.dumps(finding_dict(f)) + "\n" for f in report.findings)
