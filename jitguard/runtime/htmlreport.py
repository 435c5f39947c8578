"""``jitguard report LOG --html out.html``: one self-contained page. No jax, no network.

The page has a timeline of compiles per function (time on x, one lane per function,
each compile a circle whose area is its compile time; hovering shows when, how long,
and what changed against the function's nearest earlier signature) and the table of
``jitguard run``. Inline SVG and CSS only: no script, no font, no external resource.
"""

from __future__ import annotations

import html
import math
import time
from typing import Any, Sequence

from jitguard.runtime.explain import explain_compile
from jitguard.runtime.signature import Leaf
from jitguard.runtime.table import RUN_HEADERS, Row, merge, run_cells

_LANE = 34
_LEFT = 260
_WIDTH = 1000
_MAX_R = 14.0
_MIN_R = 2.5
_MAX_POINTS = 5000  # circles drawn; the table still counts every compile
_MAX_HISTORY = 64  # earlier signatures a hover explanation compares against


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _signature(entry: dict[str, Any]) -> tuple[Leaf, ...] | None:
    sig = entry.get("signature")
    if not sig:
        return None
    try:
        return tuple(Leaf.from_dict(d) for d in sig)
    except (KeyError, TypeError, ValueError):
        return None


def _why(entry: dict[str, Any], earlier: Sequence[Sequence[Leaf]]) -> str:
    """The churn reason shown on hover."""
    sig = _signature(entry)
    if sig is None:
        return "arguments not recorded"
    what, fixes = explain_compile(new=sig, history=list(earlier)[-_MAX_HISTORY:])
    text = "; ".join(what)
    if fixes:
        text += "\nfix: " + fixes[0]
    return text


def rows_from(entries: Sequence[dict[str, Any]]) -> list[Row]:
    from jitguard.runtime.logfile import rows

    return rows(list(entries))


def render(entries: Sequence[dict[str, Any]], title: str = "jitguard report") -> str:
    """The page, as a string."""
    entries = [e for e in entries if isinstance(e, dict) and "function" in e]
    lanes: dict[tuple[str, str], int] = {}
    for e in entries:
        lanes.setdefault((str(e["function"]), str(e.get("defined_at", "?"))), len(lanes))
    times = [float(e.get("time") or 0.0) for e in entries]
    t0, t1 = (min(times), max(times)) if times else (0.0, 0.0)
    span = max(t1 - t0, 1e-9)
    secs = [float(e.get("compile_seconds") or 0.0) for e in entries]
    biggest = max(secs, default=0.0) or 1.0

    height = 40 + _LANE * max(len(lanes), 1)
    svg = [
        f'<svg class="timeline" xmlns="http://www.w3.org/2000/svg" width="{_LEFT + _WIDTH + 30}" '
        f'height="{height + 30}" role="img" aria-label="compiles per function over time">'
    ]
    for (name, where), lane in lanes.items():
        y = 30 + lane * _LANE
        svg.append(f'<text class="lane" x="{_LEFT - 10}" y="{y + 4}" text-anchor="end">{_e(name)}</text>')
        svg.append(f'<line class="lane" x1="{_LEFT}" y1="{y}" x2="{_LEFT + _WIDTH}" y2="{y}"/>')
    svg.append(
        f'<text class="axis" x="{_LEFT}" y="{height + 20}">0 s</text>'
        f'<text class="axis" x="{_LEFT + _WIDTH}" y="{height + 20}" text-anchor="end">{span if times else 0:.2f} s</text>'
    )
    history: dict[tuple[str, str], list[tuple[Leaf, ...]]] = {}
    for i, e in enumerate(entries[:_MAX_POINTS]):
        k = (str(e["function"]), str(e.get("defined_at", "?")))
        y = 30 + lanes[k] * _LANE
        x = _LEFT + _WIDTH * ((times[i] - t0) / span if times else 0.0)
        r = max(_MIN_R, _MAX_R * math.sqrt(secs[i] / biggest))
        earlier = history.setdefault(k, [])
        why = _why(e, earlier)
        sig = _signature(e)
        if sig is not None:
            earlier.append(sig)
            del earlier[:-_MAX_HISTORY]
        cls = "compile"
        if e.get("excess"):
            cls += " excess"
        if e.get("persistent_cache_hit"):
            cls += " hit"
        if e.get("warmup"):
            cls += " warmup"
        tip = (
            f"{k[0]} compile #{e.get('index', '?')} at +{times[i] - t0:.3f} s, "
            f"{secs[i] * 1000:.1f} ms{' (persistent-cache hit)' if e.get('persistent_cache_hit') else ''}"
            f"{' EXCESS' if e.get('excess') else ''}\n"
            f"called from {e.get('call_site') or '?'}\n{why}"
        )
        svg.append(
            f'<circle class="{cls}" cx="{x:.1f}" cy="{y}" r="{r:.1f}" data-function="{_e(k[0])}" '
            f'data-seconds="{secs[i]:.6f}"><title>{_e(tip)}</title></circle>'
        )
    svg.append("</svg>")

    table_rows = [r for r in merge(rows_from(entries)) if r.compiles or r.cache_hits]
    body = [run_cells(r) for r in sorted(table_rows, key=lambda r: (-r.compiles, r.function))]
    table = ['<table class="summary"><thead><tr>']
    table += [f"<th>{_e(h)}</th>" for h in RUN_HEADERS]
    table.append("</tr></thead><tbody>")
    for cells in body:
        table.append("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in cells) + "</tr>")
    table.append("</tbody></table>")

    total = sum(1 for e in entries if not e.get("persistent_cache_hit"))
    css = (
        "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}"
        "h1{font-size:20px}table{border-collapse:collapse;margin-top:16px}"
        "th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}"
        "th{background:#f3f3f3}td:nth-child(3),td:nth-child(4),td:nth-child(5){text-align:right}"
        "svg text{font:12px monospace;fill:#333}line.lane{stroke:#ddd}"
        "circle.compile{fill:#4a78c2;fill-opacity:.65;stroke:#234}"
        "circle.excess{fill:#d9534f}circle.hit{fill:#5cb85c}circle.warmup{fill:#aaa}"
        ".legend span{display:inline-block;margin-right:14px}"
    )
    generated = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime())
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{_e(title)}</title>",
        f"<style>{css}</style></head><body>",
        f"<h1>{_e(title)}</h1>",
        f"<p>{total} compile{'s' if total != 1 else ''} of {len(lanes)} function{'s' if len(lanes) != 1 else ''}"
        f" over {span if times else 0:.2f} s; generated {generated}. Circle area: compile time. "
        "Hover a circle for what changed.</p>",
        '<p class="legend"><span>● compile</span><span style="color:#d9534f">● over the limit</span>'
        '<span style="color:#5cb85c">● persistent-cache hit</span><span style="color:#888">● warm-up</span></p>',
        *svg,
        *table,
        "</body></html>",
    ])


def write(path: str, entries: Sequence[dict[str, Any]], title: str = "jitguard report") -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(render(entries, title))
