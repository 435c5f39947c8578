from __future__ import annotations

from dataclasses import dataclass, field

from jitguard.lint.diagnostics import FILE_DIAGNOSTICS, Finding


@dataclass
class Report:
    findings: list[Finding]
    files_checked: int
    errors: list[str] = field(default_factory=list)
    color: bool = False
    statistics: bool = False
    sources: dict[str, list[str]] = field(default_factory=dict)  # path -> lines, for text output


def rule_url(code: str) -> str:
    from jitguard.lint.rules import RULES_BY_CODE

    rule = RULES_BY_CODE.get(code)
    if rule is not None:
        return rule.doc_url()
    return "https://github.com/jitguard/jitguard/blob/main/docs/cli.md#file-diagnostics"


def rule_name(code: str) -> str:
    from jitguard.lint.rules import RULES_BY_CODE

    rule = RULES_BY_CODE.get(code)
    if rule is not None:
        return rule.name
    return FILE_DIAGNOSTICS.get(code, (code, ""))[0]
