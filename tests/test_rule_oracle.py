"""The examples are claims about JAX: run them under real jax.jit on the CPU.

For each rules/<CODE>.py, every call in RAISES must raise the JAX error it names *from a line
marked `# expect:`*, every marked line must be where one of them raises, and every call in RUNS
(the legal look-alikes) must run without error.
"""

from __future__ import annotations

import pytest

jax = pytest.importorskip("jax")

from tests.jaxrun import raising_lines  # noqa: E402
from tests.rule_examples import example_files, expected_lines, load_module  # noqa: E402

FILES = [p for p in example_files() if "RAISES = [" in p.read_text()]


_raising_lines = raising_lines


def _load_for_this_python(path):
    """The example module, skipped when it claims JAX's behaviour on older Pythons only
    (``PYTHON_BEFORE``: a slice is hashable from Python 3.12 on, rules/JG203_slices.py)."""
    import sys

    module = load_module(path)
    before = getattr(module, "PYTHON_BEFORE", None)
    if before is not None and sys.version_info[:2] >= before:
        pytest.skip(f"{path.name} holds for Python before {before[0]}.{before[1]}")
    return module


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_flagged_examples_really_fail_under_jax(path):
    module = _load_for_this_python(path)
    marked = set(expected_lines(path))
    reached: set[int] = set()
    for i, (call, error_name) in enumerate(module.RAISES):
        with pytest.raises(Exception) as info:
            call()
        names = {cls.__name__ for cls in type(info.value).__mro__}
        assert error_name in names, f"RAISES[{i}]: expected {error_name}, JAX raised {type(info.value).__name__}: {info.value}"
        lines = _raising_lines(info.value, path) & marked
        assert lines, f"RAISES[{i}] ({error_name}) was not raised from a marked line of {path.name}"
        reached |= lines
    assert marked - reached == set(), f"marked lines no RAISES call reaches: {sorted(marked - reached)}"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_legal_look_alikes_really_run_under_jax(path):
    module = _load_for_this_python(path)
    for i, call in enumerate(module.RUNS):
        try:
            jax.block_until_ready(call())
        except Exception as exc:  # pragma: no cover - the failure message is the point
            pytest.fail(f"RUNS[{i}] of {path.name} raised {type(exc).__name__}: {exc}")
