"""``path:line:col: CODE message`` (concise), plus the source line, a caret and the fix (text).

In a notebook the location is ``path:cell N:line:col`` and the source line is the cell's. A tab
in the shown line is expanded (to 4 columns) and the caret is placed under the expanded text, so
it stands under the code whatever the terminal's tab stops; a line longer than ``MAX_WIDTH`` is
shown as a window around the finding, with ``…`` where it was cut.
"""

from __future__ import annotations

from collections import Counter

from jitguard.lint.reporters.base import Report, help_text, location, place, rule_name

_RED, _BOLD, _CYAN, _DIM, _RESET = "\x1b[31m", "\x1b[1m", "\x1b[36m", "\x1b[2m", "\x1b[0m"
MAX_WIDTH = 160  # characters of a source line shown
TAB = 4
_ELLIPSIS = "…"


def _paint(report: Report, code: str, text: str) -> str:
    return f"{code}{text}{_RESET}" if report.color else text


def _head(report: Report, f) -> str:
    loc = _paint(report, _BOLD, location(report, f) + ":")
    return f"{loc} {_paint(report, _RED + _BOLD, f.code)} {f.message}"


def render_concise(report: Report) -> str:
    out = [_head(report, f) for f in report.findings]
    out += _tail(report)
    return "".join(line + "\n" for line in out)


def excerpt(src: str, column: int, width: int, max_width: int = MAX_WIDTH) -> tuple[str, int, int]:
    """(shown text, caret offset, caret width) for a finding at 1-based ``column`` spanning
    ``width`` characters of ``src``: tabs expanded, long lines cut to a window around it."""
    src = src.rstrip("\r\n")
    before = src[: max(column - 1, 0)].expandtabs(TAB)
    marked = src[max(column - 1, 0) : max(column - 1, 0) + width]
    shown = src.expandtabs(TAB)
    start = len(before)
    # the marked text after expansion (a tab inside it widens the caret too)
    span = len((src[: max(column - 1, 0)] + marked).expandtabs(TAB)) - start
    span = max(1, span)
    if len(shown) <= max_width:
        return shown, start, span
    span = min(span, max_width // 2)
    left = max(0, start - max_width // 4)
    right = min(len(shown), left + max_width)
    left = max(0, right - max_width)
    window = shown[left:right]
    offset = start - left
    if left > 0:
        window = _ELLIPSIS + window[1:]
    if right < len(shown):
        window = window[:-1] + _ELLIPSIS
    return window, offset, max(1, min(span, len(window) - offset))


def render_full(report: Report) -> str:
    out: list[str] = []
    for f in report.findings:
        out.append(_head(report, f))
        lines = report.sources.get(f.path)
        if lines and 0 < f.line <= len(lines):
            p = place(report, f)
            single = f.end_line in (0, f.line) and f.end_column > f.column
            width = (f.end_column - f.column) if single else 1
            shown, offset, span = excerpt(lines[f.line - 1], f.column, min(width, 80))
            gutter = f"{p.line:>4} | "
            out.append(_paint(report, _DIM, gutter) + shown)
            out.append(" " * len(gutter) + " " * offset + _paint(report, _RED, "^" * span))
        advice = help_text(f)
        if advice:
            out.append(_paint(report, _CYAN, "  = fix: ") + advice)
        out.append("")
    out += _tail(report)
    return "".join(line + "\n" for line in out)


def _tail(report: Report) -> list[str]:
    out: list[str] = []
    if report.statistics and report.findings:
        counts = Counter(f.code for f in report.findings)
        for code, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            out.append(f"{n:>5}  {code}  {rule_name(code)}")
    if report.quiet:
        return out
    n = len(report.findings)
    files = report.files_checked
    if n:
        out.append(f"Found {n} error{'s' if n != 1 else ''} in {files} file{'s' if files != 1 else ''} checked.")
    else:
        out.append(f"All checks passed! ({files} file{'s' if files != 1 else ''} checked)")
    return out
