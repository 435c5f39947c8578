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


# Windows over an array in a loop (the partial last batch): each case is linted alone and run under
# JAX. A window whose bounds move together keeps its width unless the loop's test bounds only its
# start; `min(start + k, n)` cuts the last window short. (source, JG303 expected, compiles of
# `run()`: 16 rows in batches of 6 give 6, 6, 4 when the last window is cut short.)
WINDOWS = {
    "while_start_bounded": ("""
        start, end = 0, 6
        while start < DATA.shape[0]:
            out.append(total(DATA[start:end]))  # the last window has 4 rows
            start = end
            end = start + 6
    """, True, 2),
    "while_end_bounded": ("""
        start, end = 0, 6
        while end <= DATA.shape[0]:
            out.append(total(DATA[start:end]))
            start = end
            end = start + 6
    """, False, 1),
    "bounds_moved_by_the_same_step": ("""
        start, end = 0, 6
        for _ in range(2):
            out.append(total(DATA[start:end]))
            start += 6
            end += 6
    """, False, 1),
    "end_clipped_with_min": ("""
        for start in range(0, DATA.shape[0], 6):
            end = min(start + 6, DATA.shape[0])
            out.append(total(DATA[start:end]))
    """, True, 2),
    "window_width_changes": ("""
        start, end = 0, 1
        for _ in range(DATA.shape[0] // 5):  # (a literal range(3) is a bounded warm-up: loops.FEW_VALUES)
            out.append(total(DATA[start:end]))
            end = end + 2
    """, True, 3),
}
_WINDOW_MODULE = """
import jax
import numpy as np

DATA = np.ones(16, np.float32)


@jax.jit
def total(x):
    return x.sum()


def run():
    out = []
{body}
    return out
"""


@pytest.mark.parametrize("name", sorted(WINDOWS))
def test_windows_of_a_loop(name, tmp_path):
    import textwrap

    from jitguard.lint.codes import all_codes
    from jitguard.lint.engine import LintOptions
    from jitguard.lint.runner import lint_files

    body, flagged, compiles = WINDOWS[name]
    source = _WINDOW_MODULE.format(body=textwrap.indent(textwrap.dedent(body).strip("\n"), "    "))
    path = tmp_path / f"{name}.py"
    path.write_text(source)
    namespace: dict = {}
    exec(compile(source, str(path), "exec"), namespace)
    assert _cold(namespace["run"], name="total") == compiles
    results = lint_files([str(path)], LintOptions(frozenset(all_codes())))
    codes = {f.code for r in results for f in r.findings}
    assert ("JG303" in codes) is flagged, codes


# The facts behind two decisions of the churn rules (docs/rules/JG304.md, JG302.md).
def test_a_python_scalar_fed_back_from_a_jitted_result_compiles_twice_whatever_the_steps():
    """Weak type, then strong: one extra compile, not one per step (so JG304 stays opt-in)."""
    import numpy as np

    accumulate = jax.jit(lambda total, loss: total + loss + np.float32(0.0))

    def train(steps):
        total = 0.0
        for step in range(steps):
            total = accumulate(total, np.float32(step))
        return total

    def train_weak(steps):  # the result stays weakly typed: one compile
        total = 0.0
        for _ in range(steps):
            total = jax.jit(_add_one)(total)
        return total

    assert _cold(train, 2) == _cold(train, 8) == 2
    assert _cold(train_weak, 2) == _cold(train_weak, 8) == 1


def _add_one(x):
    return x + 1.0


def test_an_eager_integer_power_compiles_once_per_exponent():
    """`decay ** count` outside jit with an integer exponent that changes every step (optax#328):
    JAX lowers it to integer_pow with the exponent as a static parameter, one compile per value;
    a float exponent is one compile."""
    import jax.numpy as jnp

    def integer_exponent(steps):
        count = jnp.zeros([], jnp.int32)
        for _ in range(steps):
            count = count + 1
            _ = 1 - 0.9**count
        return count

    def float_exponent(steps):
        count = jnp.zeros([], jnp.float32)
        for _ in range(steps):
            count = count + 1
            _ = 1 - 0.9**count
        return count

    assert _cold(integer_exponent, 8) - _cold(integer_exponent, 2) == 6
    assert _cold(float_exponent, 8) == _cold(float_exponent, 2)
