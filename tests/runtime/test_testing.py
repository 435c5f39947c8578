import jax.numpy as jnp
import pytest

import jitguard


def test_expect_compiles_passes_and_fails():
    @jitguard.jit(on_excess="off")
    def step(x):
        return x + 1

    other = jitguard.jit(lambda x: x - 1, on_excess="off")
    with jitguard.expect_compiles(at_most=1, fn=step) as records:
        step(jnp.ones(2))
        step(jnp.ones(2))
        other(jnp.ones(5))  # not step: not counted
        other(jnp.ones(6))
    assert len(records) == 1
    with pytest.raises(AssertionError, match=r"at most 1 compile of step, got 2") as info:
        with jitguard.expect_compiles(at_most=1, fn=step):
            step(jnp.ones(3))
            step(jnp.ones(4))
    assert "x: dim 0 changed 3 → 4" in str(info.value)
    with pytest.raises(AssertionError, match="guarded functions, got 2"):
        with jitguard.expect_compiles(at_most=1):
            step(jnp.ones(7))
            other(jnp.ones(7))
    with pytest.raises(TypeError, match="jitguard.jit"):
        with jitguard.expect_compiles(at_most=1, fn=len):
            pass


PLUGIN_TEST = """
import jax.numpy as jnp
import pytest
import jitguard

f = jitguard.jit(lambda x: x * 2, on_excess="off")

@pytest.mark.jitguard(max_compiles=2)
def test_within():
    f(jnp.ones(1)); f(jnp.ones(2)); f(jnp.ones(2))

@pytest.mark.jitguard(max_compiles=2)
def test_over():
    for n in (3, 4, 5):
        f(jnp.ones(n))

def test_unmarked():
    for n in (6, 7, 8):
        f(jnp.ones(n))
"""


def test_pytest_marker(pytester):
    pytester.makepyfile(test_marker=PLUGIN_TEST)
    result = pytester.runpytest_inprocess("-q", "-p", "no:cacheprovider", "--strict-markers")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["*compiled more than max_compiles=2*", "*3 compiles*", "*dim 0 changed*"])
