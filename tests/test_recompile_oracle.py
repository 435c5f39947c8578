"""The JG3xx examples are claims about JAX's compile cache: count real XLA compiles.

For rules/JG30x.py: each GROWS loop, run with n=2 and then n=4, compiles again on the second run
(more iterations, more compiles); each BOUNDED look-alike compiles nothing new on the second run.
COMPILES lists calls with the exact number of compiles JAX does for them.
"""

from __future__ import annotations

import contextlib

import pytest

jax = pytest.importorskip("jax")
from jax import monitoring  # noqa: E402

from tests.rule_examples import example_files, load_module  # noqa: E402

BACKEND_COMPILE = "/jax/core/compile/backend_compile_duration"
FILES = [p for p in example_files() if p.stem.startswith("JG3")]
_counter = {"n": 0, "on": False}


def _listener(event: str, duration: float, **kwargs) -> None:
    if _counter["on"] and event == BACKEND_COMPILE:
        _counter["n"] += 1


monitoring.register_event_duration_secs_listener(_listener)


@contextlib.contextmanager
def count_compiles():
    _counter.update(n=0, on=True)
    box = {}
    try:
        yield box
    finally:
        _counter["on"] = False
        box["n"] = _counter["n"]


def _run(fn, *args) -> int:
    with count_compiles() as box:
        jax.block_until_ready(jax.tree.leaves(fn(*args)))
    return box["n"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_flagged_loops_compile_again_and_look_alikes_do_not(path):
    module = load_module(path)
    for fn in getattr(module, "GROWS", []):
        jax.clear_caches()  # each example starts cold: examples share jitted functions
        first = _run(fn, 2)
        again = _run(fn, 4)
        assert first >= 1 and again >= 1, f"{fn.__name__}: expected new compiles on the second run, got {again}"
    for fn in getattr(module, "BOUNDED", []):
        jax.clear_caches()
        _run(fn, 2)
        again = _run(fn, 4)
        assert again == 0, f"{fn.__name__}: a legal look-alike compiled {again} more times"
    for fn, expected in getattr(module, "COMPILES", []):
        jax.clear_caches()
        assert _run(fn) == expected, fn.__name__


def test_every_jg3_file_has_an_oracle():
    for path in FILES:
        module = load_module(path)
        assert getattr(module, "GROWS", None) or getattr(module, "COMPILES", None), path.name
