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


_CSS = (
    "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}"
    "h1{font-size:20px}table{border-collapse:collapse;margin-top:16px}"
    "th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}"
    "th{background:#f3f3f3}td:nth-child(3),td:nth-child(4),td:nth-child(5){text-align:right}"
    "svg text{font:12px monospace;fill:#333}line.lane{stroke:#ddd}"
    "circle.compile{fill:#4a78c2;fill-opacity:.65;stroke:#234}"
    "circle.excess{fill:#d9534f}circle.hit{fill:#5cb85c}circle.warmup{fill:#aaa}"
    ".legend span{display:inline-block;margin-right:14px}"
)


def render(entries: Sequence[dict[str, Any]], title: str = "jitguard report") -> str:
    """The page, as a string: a timeline of compiles per function, then the table."""
    entries = [e for e in entries if isinstance(e, dict) and "function" in e]
    lanes: dict[tuple[str, str], int] = {}
    for e in entries:
        lanes.setdefault(_lane_key(e), len(lanes))
    times = [float(e.get("time") or 0.0) for e in entries]
    span = max(max(times) - min(times), 1e-9) if times else 0.0
    total = sum(1 for e in entries if not e.get("persistent_cache_hit"))
    generated = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime())
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{_e(title)}</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>{_e(title)}</h1>",
        f"<p>{total} compile{'s' if total != 1 else ''} of {len(lanes)} function{'s' if len(lanes) != 1 else ''}"
        f" over {span:.2f} s; generated {generated}. Circle area: compile time. "
        "Hover a circle for what changed.</p>",
        '<p class="legend"><span>● compile</span><span style="color:#d9534f">● over the limit</span>'
        '<span style="color:#5cb85c">● persistent-cache hit</span><span style="color:#888">● warm-up</span></p>',
        *_timeline(entries, lanes, times),
        *_table(entries),
        "</body></html>",
    ])


def _lane_key(e: dict[str, Any]) -> tuple[str, str]:
    return str(e["function"]), str(e.get("defined_at", "?"))


def _timeline(entries: list[dict[str, Any]], lanes: dict[tuple[str, str], int], times: list[float]) -> list[str]:
    """An SVG: one lane per function, one circle per compile (x: time, area: compile time)."""
    t0 = min(times) if times else 0.0
    span = max(max(times) - t0, 1e-9) if times else 1e-9
    secs = [float(e.get("compile_seconds") or 0.0) for e in entries]
    biggest = max(secs, default=0.0) or 1.0
    height = 40 + _LANE * max(len(lanes), 1)
    svg = [
        f'<svg class="timeline" xmlns="http://www.w3.org/2000/svg" width="{_LEFT + _WIDTH + 30}" '
        f'height="{height + 30}" role="img" aria-label="compiles per function over time">'
    ]
    for (name, _where), lane in lanes.items():
        y = 30 + lane * _LANE
        svg.append(f'<text class="lane" x="{_LEFT - 10}" y="{y + 4}" text-anchor="end">{_e(name)}</text>')
        svg.append(f'<line class="lane" x1="{_LEFT}" y1="{y}" x2="{_LEFT + _WIDTH}" y2="{y}"/>')
    svg.append(
        f'<text class="axis" x="{_LEFT}" y="{height + 20}">0 s</text>'
        f'<text class="axis" x="{_LEFT + _WIDTH}" y="{height + 20}" text-anchor="end">{span if times else 0:.2f} s</text>'
    )
    history: dict[tuple[str, str], list[tuple[Leaf, ...]]] = {}
    for i, e in enumerate(entries[:_MAX_POINTS]):
        k = _lane_key(e)
        x = _LEFT + _WIDTH * ((times[i] - t0) / span if times else 0.0)
        r = max(_MIN_R, _MAX_R * math.sqrt(secs[i] / biggest))
        svg.append(_circle(e, k, x, 30 + lanes[k] * _LANE, r, times[i] - t0, secs[i], history.setdefault(k, [])))
    svg.append("</svg>")
    return svg


def _circle(e: dict[str, Any], k: tuple[str, str], x: float, y: int, r: float, at: float, seconds: float,
            earlier: list) -> str:
    """One compile; ``earlier``: the function's earlier signatures (for what changed)."""
    why = _why(e, earlier)
    sig = _signature(e)
    if sig is not None:
        earlier.append(sig)
        del earlier[:-_MAX_HISTORY]
    cls = "compile" + "".join(f" {flag}" for key, flag in (("excess", "excess"), ("persistent_cache_hit", "hit"),
                                                            ("warmup", "warmup")) if e.get(key))
    tip = (
        f"{k[0]} compile #{e.get('index', '?')} at +{at:.3f} s, "
        f"{seconds * 1000:.1f} ms{' (persistent-cache hit)' if e.get('persistent_cache_hit') else ''}"
        f"{' EXCESS' if e.get('excess') else ''}\n"
        f"called from {e.get('call_site') or '?'}\n{why}"
    )
    return (f'<circle class="{cls}" cx="{x:.1f}" cy="{y}" r="{r:.1f}" data-function="{_e(k[0])}" '
            f'data-seconds="{seconds:.6f}"><title>{_e(tip)}</title></circle>')


def _table(entries: list[dict[str, Any]]) -> list[str]:
    table_rows = [r for r in merge(rows_from(entries)) if r.compiles or r.cache_hits]
    body = [run_cells(r) for r in sorted(table_rows, key=lambda r: (-r.compiles, r.function))]
    table = ['<table class="summary"><thead><tr>']
    table += [f"<th>{_e(h)}</th>" for h in RUN_HEADERS]
    table.append("</tr></thead><tbody>")
    for cells in body:
        table.append("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in cells) + "</tr>")
    table.append("</tbody></table>")
    return table


def write(path: str, entries: Sequence[dict[str, Any]], title: str = "jitguard report") -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(render(entries, title))
