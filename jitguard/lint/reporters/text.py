"""``path:line:col: CODE message`` (concise), plus the source line, a caret and the fix (text)."""

from __future__ import annotations

from collections import Counter

from jitguard.lint.reporters.base import Report, rule_name

_RED, _BOLD, _CYAN, _DIM, _RESET = "\x1b[31m", "\x1b[1m", "\x1b[36m", "\x1b[2m", "\x1b[0m"


def _paint(report: Report, code: str, text: str) -> str:
    return f"{code}{text}{_RESET}" if report.color else text


def _head(report: Report, f) -> str:
    loc = _paint(report, _BOLD, f"{f.path}:{f.line}:{f.column}:")
    return f"{loc} {_paint(report, _RED + _BOLD, f.code)} {f.message}"


def render_concise(report: Report) -> str:
    out = [_head(report, f) for f in report.findings]
    out += _tail(report)
    return "\n".join(out) + "\n"


def render_full(report: Report) -> str:
    out: list[str] = []
    for f in report.findings:
        out.append(_head(report, f))
        lines = report.sources.get(f.path)
        if lines and 0 < f.line <= len(lines):
            src = lines[f.line - 1].rstrip("\n")
            gutter = f"{f.line:>4} | "
            out.append(_paint(report, _DIM, gutter) + src)
            width = (f.end_column - f.column) if f.end_line == f.line and f.end_column > f.column else 1
            out.append(" " * len(gutter) + " " * (f.column - 1) + _paint(report, _RED, "^" * max(1, min(width, 80))))
        if f.fix:
            out.append(_paint(report, _CYAN, "  = fix: ") + f.fix)
        out.append("")
    out += _tail(report)
    return "\n".join(out) + "\n"


def _tail(report: Report) -> list[str]:
    out: list[str] = []
    if report.statistics and report.findings:
        counts = Counter(f.code for f in report.findings)
        for code, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            out.append(f"{n:>5}  {code}  {rule_name(code)}")
    n = len(report.findings)
    files = report.files_checked
    if n:
        out.append(f"Found {n} error{'s' if n != 1 else ''} in {files} file{'s' if files != 1 else ''} checked.")
    else:
        out.append(f"All checks passed! ({files} file{'s' if files != 1 else ''} checked)")
    return out
