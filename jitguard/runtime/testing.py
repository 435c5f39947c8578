"""``expect_compiles``: assert how many times guarded functions compile in a block. No jax."""

from __future__ import annotations

import contextlib
import threading
from typing import Any, Iterator

from jitguard.runtime import functions
from jitguard.runtime.explain import explain_compile


def state_of(fn: Any) -> Any:
    state = getattr(fn, "__jitguard__", None)
    if state is None:
        raise TypeError(
            f"expected a function returned by jitguard.jit or jitguard.guard; got {fn!r}. "
            "Wrap it with jitguard.jit (or jitguard.guard for an existing jax.jit function)."
        )
    return state


class Recorder:
    """Collects the compiles (not persistent-cache hits) of guarded functions."""

    def __init__(self, state: Any = None) -> None:
        self.state = state
        self.records: list[Any] = []
        self._lock = threading.Lock()

    def __call__(self, record: Any) -> None:
        # Warm-up compiles are deliberate: they count nowhere (as for max_compiles).
        if record.cache_hit or record.warmup or (self.state is not None and record.state is not self.state):
            return
        with self._lock:
            self.records.append(record)

    def by_function(self) -> dict[Any, list[Any]]:
        out: dict[Any, list[Any]] = {}
        for r in self.records:
            out.setdefault(r.state, []).append(r)
        return out


def describe(records: list[Any]) -> str:
    lines = []
    for r in records:
        head = f"  - {r.state.name} ({r.state.defined_at})"
        if r.call_site:
            head += f" called from {r.call_site}"
        if r.warmup:
            head += " [warmup]"
        lines.append(head)
        if r.signature is not None:
            others = [s for s in list(r.state.history) if s is not r.signature][-64:]
            what, fixes = explain_compile(new=r.signature, history=others)
            lines += ["    " + w.strip() for w in what]
            lines += [f"    fix: {f}" for f in fixes]
    return "\n".join(lines)


@contextlib.contextmanager
def expect_compiles(at_most: int, fn: Any = None) -> Iterator[list[Any]]:
    """Fail (AssertionError) if guarded functions compile more than ``at_most`` times
    inside the block; ``fn`` limits the count to one guarded function.

    Yields the list of compile records as they happen. Persistent-cache hits are not
    compiles and are not counted.
    """
    recorder = Recorder(None if fn is None else state_of(fn))
    functions.add_observer(recorder)
    try:
        yield recorder.records
    finally:
        functions.remove_observer(recorder)
    n = len(recorder.records)
    if n > at_most:
        what = f"{fn.__name__ if fn is not None and hasattr(fn, '__name__') else 'guarded functions'}"
        raise AssertionError(
            f"expected at most {at_most} compile{'s' if at_most != 1 else ''} of {what}, got {n}:\n"
            + describe(recorder.records)
        )
