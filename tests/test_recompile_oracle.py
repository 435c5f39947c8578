"""The JG3xx examples are claims about JAX's compile cache: count real XLA compiles.

For rules/JG30x.py, each example runs cold (caches cleared) with n=2 and with n=4 iterations:
a GROWS loop compiles more for n=4 (compiles grow with the loop); a BOUNDED look-alike compiles
exactly as often for both (a fixed number, whatever the loop length).
COMPILES lists calls with the exact number of compiles JAX does for them.
"""

from __future__ import annotations

import pytest

jax = pytest.importorskip("jax")

from tests.jaxrun import cold_compiles  # noqa: E402
from tests.rule_examples import example_files, load_module  # noqa: E402

FILES = [p for p in example_files() if p.stem.startswith("JG3")]
_cold = cold_compiles


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_flagged_loops_compile_again_and_look_alikes_do_not(path):
    module = load_module(path)
    for fn in getattr(module, "GROWS", []):
        short, long = _cold(fn, 2), _cold(fn, 4)
        assert long > short >= 1, f"{fn.__name__}: compiles should grow with the loop: {short} for n=2, {long} for n=4"
    for fn in getattr(module, "BOUNDED", []):
        short, long = _cold(fn, 2), _cold(fn, 4)
        assert long == short, f"{fn.__name__}: a legal look-alike compiled {short} times for n=2, {long} for n=4"
    for fn, expected in getattr(module, "COMPILES", []):
        assert _cold(fn) == expected, fn.__name__


def test_every_jg3_file_has_an_oracle():
    for path in FILES:
        module = load_module(path)
        assert getattr(module, "GROWS", None) or getattr(module, "COMPILES", None), path.name
