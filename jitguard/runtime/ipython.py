"""``%load_ext jitguard``: the guard in IPython and Jupyter, no decorator needed.

After each cell that compiled, a compact table of what compiled and why: function,
compiles in the cell, compile seconds, what changed against the function's nearest
earlier signature, and the fix. ``%jitguard report`` prints the table of the whole
session (as ``jitguard run`` does at exit); ``%jitguard off`` / ``%jitguard on`` stop
and resume the per-cell tables. Every ``jax.jit`` function is watched (see
``jitguard.runtime.watch``); ``jitguard.jit`` functions keep their own options.
IPython is imported by IPython, not here: loading jitguard never needs it.
"""

from __future__ import annotations

import threading
from typing import Any

from jitguard.runtime import functions

_MAX_ROWS = 20


class _CellWatcher:
    """Collects the compiles of one cell (an observer of every guarded function)."""

    def __init__(self) -> None:
        self.records: list[Any] = []
        self.lock = threading.Lock()
        self.show = True

    def __call__(self, record: Any) -> None:
        if record.cache_hit:
            return
        with self.lock:
            if len(self.records) < 10_000:
                self.records.append(record)

    def pre_run_cell(self, *args: Any) -> None:
        with self.lock:
            self.records = []

    def post_run_cell(self, *args: Any) -> None:
        with self.lock:
            records, self.records = self.records, []
        if self.show and records:
            print(cell_table(records))


def cell_table(records: list[Any]) -> str:
    """What compiled in one cell and why, one row per function."""
    from jitguard.runtime.explain import explain_compile, short_fix
    from jitguard.runtime.signature import nearest, churn

    by_state: dict[Any, list[Any]] = {}
    for r in records:
        by_state.setdefault(r.state, []).append(r)
    head = ("function", "compiles", "compile s", "what changed", "fix")
    rows = []
    for state, recs in list(by_state.items())[:_MAX_ROWS]:
        last = recs[-1]
        why, fix = "-", "-"
        if last.signature is not None:
            with state._lock:
                earlier = [s for s in state.history if s is not last.signature][-64:]
            what, _ = explain_compile(new=last.signature, history=earlier)
            why = "; ".join(w.strip() for w in what)[:120]
            if earlier:
                _, changes = nearest(earlier, last.signature)
                if changes:
                    seen = churn([*earlier, last.signature])
                    c = changes[0]
                    fix = short_fix(c.path, c.aspect, seen.get((c.path, c.aspect), []))
        total = state.compiles + state.warmup_compiles
        rows.append((
            state.name, f"{len(recs)} (total {total})",
            f"{sum(r.compile_seconds for r in recs):.3f}", why, fix,
        ))
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]

    def line(cells: Any) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()

    return "\n".join(["jitguard: compiled in this cell", line(head), line(["-" * w for w in widths]), *map(line, rows)])


_watcher: _CellWatcher | None = None


def load_ipython_extension(ip: Any) -> None:
    """``%load_ext jitguard``."""
    global _watcher
    from jitguard.runtime import watch

    watch.enable()
    if _watcher is not None:
        return
    _watcher = _CellWatcher()
    functions.add_observer(_watcher)
    ip.events.register("pre_run_cell", _watcher.pre_run_cell)
    ip.events.register("post_run_cell", _watcher.post_run_cell)
    ip.register_magic_function(_magic, magic_kind="line", magic_name="jitguard")


def unload_ipython_extension(ip: Any) -> None:
    """``%unload_ext jitguard``: stop watching and stop the per-cell tables."""
    global _watcher
    from jitguard.runtime import watch

    watch.disable()
    if _watcher is None:
        return
    functions.remove_observer(_watcher)
    for name, fn in (("pre_run_cell", _watcher.pre_run_cell), ("post_run_cell", _watcher.post_run_cell)):
        try:
            ip.events.unregister(name, fn)
        except ValueError:
            pass
    _watcher = None


def _magic(line: str) -> None:
    """%jitguard report | on | off"""
    from jitguard.runtime.launch import table

    cmd = line.strip() or "report"
    if cmd == "report":
        print(table())
    elif cmd in ("on", "off"):
        if _watcher is not None:
            _watcher.show = cmd == "on"
        print(f"jitguard: per-cell tables {cmd}")
    else:
        print("usage: %jitguard report | on | off")
