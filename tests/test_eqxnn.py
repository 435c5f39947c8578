"""jitguard/lint/analysis/eqxnn.py (scripts/gen_eqxnn.py): it matches the installed equinox, and
what it claims holds under JAX: each module it lists holds a function among its pytree leaves, so
plain `jax.jit` raises TypeError on it while `eqx.filter_jit` runs."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _gen():
    pytest.importorskip("equinox")
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import gen_eqxnn
    finally:
        sys.path.pop(0)
    return gen_eqxnn


def test_the_committed_table_matches_a_new_probe():
    gen = _gen()
    import equinox as eqx

    assert gen.TARGET.read_text("utf-8") == gen.render(*gen.scan(), eqx.__version__)


def test_each_module_with_function_leaves_fails_under_jit_and_runs_filtered():
    gen = _gen()
    import equinox as eqx
    import jax

    from jitguard.lint.analysis.eqxnn import FUNCTION_LEAVES

    assert {"equinox.nn.MLP", "equinox.nn.Lambda", "equinox.nn.MaxPool1d"} <= set(FUNCTION_LEAVES)
    for qualified in FUNCTION_LEAVES:
        module = gen._build(getattr(eqx.nn, qualified.rsplit(".", 1)[1]), {})
        with pytest.raises(TypeError, match="abstract array"):
            jax.jit(lambda m: 0)(module)
        eqx.filter_jit(lambda m: 0)(module)


def test_a_passed_through_function_is_a_leaf():
    gen = _gen()
    import equinox as eqx
    import jax

    from jitguard.lint.analysis.eqxnn import PASSED_THROUGH

    for qualified, entries in PASSED_THROUGH.items():
        cls = getattr(eqx.nn, qualified.rsplit(".", 1)[1])
        for param, _position, _field in entries:
            probe = gen._fresh()
            try:
                module = gen._build(cls, {param: probe})
            except Exception:
                module = gen._build(cls, {param: [probe]})
            assert any(leaf is probe for leaf in jax.tree_util.tree_leaves(module)), (qualified, param)
