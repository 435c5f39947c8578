"""Running claims under real JAX, shared by the oracle tests: count XLA compiles, find the lines
an error was raised from."""

from __future__ import annotations

import contextlib
import traceback
from pathlib import Path

BACKEND_COMPILE = "/jax/core/compile/backend_compile_duration"
_counter: dict = {"n": 0, "on": False, "names": []}
_listening: list = []


def _listen():
    """One listener for the whole session (jax 0.6 cannot unregister listeners)."""
    import jax
    from jax import monitoring

    if not _listening:
        def listener(event: str, duration: float, **kwargs) -> None:
            if _counter["on"] and event == BACKEND_COMPILE:
                _counter["n"] += 1
                _counter["names"].append(str(kwargs.get("fun_name", "")))

        monitoring.register_event_duration_secs_listener(listener)
        _listening.append(listener)
    return jax


@contextlib.contextmanager
def count_compiles():
    """``with count_compiles() as box:`` ... ``box["n"]`` XLA compiles, ``box["names"]`` their functions."""
    _listen()
    _counter.update(n=0, on=True, names=[])
    box: dict = {}
    try:
        yield box
    finally:
        _counter["on"] = False
        box["n"] = _counter["n"]
        box["names"] = list(_counter["names"])


def cold_compiles(fn, *args, name: str | None = None) -> int:
    """XLA compiles while ``fn(*args)`` runs from cold caches (examples share jitted functions);
    only those of the function ``name`` if given."""
    jax = _listen()
    jax.clear_caches()
    with count_compiles() as box:
        jax.block_until_ready(jax.tree.leaves(fn(*args)))
    if name is None:
        return box["n"]
    return sum(1 for compiled in box["names"] if compiled in (name, f"jit({name})"))


def raising_lines(exc: BaseException | None, path: Path | str) -> set[int]:
    """Every line of ``path`` in the traceback of ``exc`` and of its causes."""
    lines: set[int] = set()
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        for frame in traceback.extract_tb(exc.__traceback__):
            if frame.filename == str(path):
                lines.add(frame.lineno)
        exc = exc.__cause__ or exc.__context__
    return lines
