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
