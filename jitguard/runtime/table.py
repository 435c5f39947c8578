"""The report table, shared by ``jitguard.report()`` and ``jitguard report log.jsonl``. No jax."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from jitguard.runtime.signature import Leaf, worst_churn

HEADERS = ("function", "defined at", "compiles", "cache hits", "compile s", "signatures", "worst churning argument")


@dataclass
class Row:
    function: str
    defined_at: str
    compiles: int
    cache_hits: int
    compile_seconds: float
    signatures: int
    history: Sequence[Sequence[Leaf]]
    objects: int = 1  # jax.jit objects summed in this row (see merge)

    def cells(self) -> tuple[str, ...]:
        worst = worst_churn(self.history)
        if worst is None:
            churn = "-"
        else:
            path, aspect, values = worst
            churn = f"{path} {aspect} ({len(values)} values)"
        return (
            self.function,
            self.defined_at,
            str(self.compiles),
            str(self.cache_hits),
            f"{self.compile_seconds:.3f}",
            str(self.signatures),
            churn,
        )


def render(rows: Sequence[Row]) -> str:
    """A plain-text table, most compiles first."""
    if not rows:
        return "jitguard: no guarded function has compiled."
    body = [r.cells() for r in sorted(rows, key=lambda r: (-r.compiles, r.function))]
    widths = [max(len(h), *(len(c[i]) for c in body)) for i, h in enumerate(HEADERS)]
    numeric = {2, 3, 4, 5}

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.rjust(w) if i in numeric else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return "\n".join([line(HEADERS), line(["-" * w for w in widths]), *map(line, body)])


RUN_HEADERS = ("function", "defined at", "compiles", "compile s", "signatures", "churning argument", "fix")


def merge(rows: Sequence[Row]) -> list[Row]:
    """One row per (function, where defined): jitted objects re-created for the same
    source function (``jax.jit(f)`` inside a loop) are summed, with ``objects`` set."""
    merged: dict[tuple[str, str], Row] = {}
    objects: dict[tuple[str, str], int] = {}
    for r in rows:
        k = (r.function, r.defined_at)
        objects[k] = objects.get(k, 0) + 1
        if k not in merged:
            merged[k] = Row(r.function, r.defined_at, r.compiles, r.cache_hits, r.compile_seconds, r.signatures, list(r.history))
        else:
            m = merged[k]
            m.compiles += r.compiles
            m.cache_hits += r.cache_hits
            m.compile_seconds += r.compile_seconds
            m.signatures += r.signatures
            m.history = [*m.history, *r.history][-256:]
    out = []
    for k, row in merged.items():
        row.objects = objects[k]
        out.append(row)
    return out


def run_cells(row: Row) -> tuple[str, ...]:
    from jitguard.runtime.explain import short_fix

    worst = worst_churn(row.history)
    objects = row.objects
    if worst is None:
        churn = "-"
        fix = "-"
        if objects > 1:
            churn = f"the jitted function itself ({objects} jax.jit objects)"
            fix = "create the jax.jit function once, outside the loop, and reuse it"
    else:
        path, aspect, values = worst
        churn = f"{path} {aspect} ({len(values)} values)"
        fix = short_fix(path, aspect, values)
    return (
        row.function, row.defined_at, str(row.compiles), f"{row.compile_seconds:.3f}",
        str(row.signatures), churn, fix,
    )


def render_run(rows: Sequence[Row], headers: Sequence[str] = RUN_HEADERS) -> str:
    """The table ``jitguard run`` prints at exit, most compiles first."""
    rows = [r for r in merge(rows) if r.compiles or r.cache_hits]
    if not rows:
        return "jitguard: no jitted function compiled."
    body = [run_cells(r) for r in sorted(rows, key=lambda r: (-r.compiles, r.function))]
    widths = [max(len(h), *(len(c[i]) for c in body)) for i, h in enumerate(headers)]
    numeric = {2, 3, 4}

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.rjust(w) if i in numeric else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return "\n".join(["jitguard: compiles in this run", line(headers), line(["-" * w for w in widths]), *map(line, body)])
