"""The JAX facts behind the fix of the third held-out set's false findings (docs/precision.md,
"Third held-out set"), checked under the installed JAX, and the linter's answer on small
look-alikes that differ from tests/precision_cases/fresh3_*.py, with the true patterns next to
them (marked ``# expect JGxxx``): the look-alikes must be clean, the true ones still reported.
"""

from __future__ import annotations

import pytest

from tests.test_fresh2_mechanisms import _exec, _expected, _lint

# -- NONEDISPATCH: a jitted function every call in sight passes a parameter not None ------------

DISPATCH_CODE = '''
        import jax
        import jax.numpy as jnp
        import numpy as np


        def _rows(x, blocks=None):
            if blocks is None:
                return np.asarray(x)[:2]  # the eager path
            return x[: blocks.shape[0]]


        _rows_jit = jax.jit(_rows)


        def rows(x, blocks=None):
            if blocks is not None:
                return _rows_jit(x, blocks)
            return _rows(x)


        def rows_elif(x, blocks=None, eager=False):
            if eager:
                return _rows(x, blocks)
            elif blocks is None:
                return _rows(x)
            else:
                return _rows_jit(x, blocks=blocks)


        @jax.jit
        def _cols(x, blocks=None):
            if blocks is None:
                return np.asarray(x)[:, :2]
            return x[:, : blocks.shape[0]]


        def cols(x, blocks=None):
            if blocks is None:
                return np.asarray(x)[:, :2]
            return _cols(x, blocks)


        def local(x, blocks=None):
            def body(y, b=None):
                if b is None:
                    return np.asarray(y)[:1]
                return y[: b.shape[0]]
            fast = jax.jit(body)
            if blocks is None:
                return body(x)
            return fast(x, blocks)
'''

TRUE_DISPATCH_CODE = '''
        import jax
        import numpy as np


        def _public(x, blocks=None):
            if blocks is None:
                return np.asarray(x)[:2]  # expect JG104: a public jit may be called with None
            return x[: blocks.shape[0]]


        public_jit = jax.jit(_public)


        def public(x, blocks=None):
            kernel = _public if blocks is None else public_jit
            return kernel(x, blocks=blocks)


        def _unguarded(x, blocks=None):
            if blocks is None:
                return np.asarray(x)[:2]  # expect JG104: one call passes None
            return x[: blocks.shape[0]]


        _unguarded_jit = jax.jit(_unguarded)


        def unguarded(x, blocks=None):
            if blocks is not None:
                return _unguarded_jit(x, blocks)
            return _unguarded_jit(x)


        def _rebound(x, blocks=None):
            if blocks is None:
                return np.asarray(x)[:2]  # expect JG104: the guarded name is rebound before the call
            return x[: blocks.shape[0]]


        _rebound_jit = jax.jit(_rebound)


        def rebound(x, blocks=None, reset=False):
            if blocks is not None:
                if reset:
                    blocks = None
                return _rebound_jit(x, blocks=blocks)
            return _rebound(x)


        def _handed_out(x, blocks=None):
            if blocks is None:
                return np.asarray(x)[:2]  # expect JG104: the jitted object leaves the module's sight
            return x[: blocks.shape[0]]


        _handed_out_jit = jax.jit(_handed_out)


        def handed_out(x, blocks):
            if blocks is not None:
                return _handed_out_jit(x, blocks)
            return _handed_out_jit


        def _twice(x, blocks=None):
            if blocks is None:
                return np.asarray(x)[:2]  # expect JG104: another jit of the function may get None
            return x[: blocks.shape[0]]


        _twice_jit = jax.jit(_twice)
        twice_public = jax.jit(_twice)


        def twice(x, blocks=None):
            if blocks is not None:
                return _twice_jit(x, blocks)
            return _twice(x)
'''


def test_none_is_decided_per_call_under_jit():
    """None has no leaves: the `is None` branch runs in a trace only for calls that pass None."""
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    ns = _exec(DISPATCH_CODE)
    x = jnp.arange(12.0).reshape(3, 4)
    assert ns["rows"](x).shape == (2, 4)
    assert ns["rows"](x, jnp.ones(1)).shape == (1, 4)
    assert ns["rows_elif"](x, jnp.ones(1)).shape == (1, 4)
    assert ns["rows_elif"](x).shape == (2, 4)
    assert ns["cols"](x, jnp.ones(3)).shape == (3, 3)
    assert ns["local"](x, jnp.ones(2)).shape == (2, 4)
    with pytest.raises(jax.errors.TracerArrayConversionError):
        ns["_rows_jit"](x)  # what the finding claimed: the jit called with None


def test_true_dispatch_patterns_raise():
    jax = pytest.importorskip("jax")
    ns = _exec(TRUE_DISPATCH_CODE)
    x = jax.numpy.ones((3, 4))
    with pytest.raises(jax.errors.TracerArrayConversionError):
        ns["unguarded"](x, None)
    with pytest.raises(jax.errors.TracerArrayConversionError):
        ns["rebound"](x, jax.numpy.ones(1), reset=True)
    with pytest.raises(jax.errors.TracerArrayConversionError):
        ns["public_jit"](x)
    with pytest.raises(jax.errors.TracerArrayConversionError):
        ns["twice_public"](x)


def test_guarded_calls_make_the_none_branch_dead(tmp_path):
    assert _lint(tmp_path, dispatch=DISPATCH_CODE) == []


def test_unguarded_public_rebound_escaping_or_rejitted_still_reported(tmp_path):
    expected = _expected("true_dispatch", TRUE_DISPATCH_CODE)
    assert len(expected) == 5
    assert _lint(tmp_path, true_dispatch=TRUE_DISPATCH_CODE) == expected


# another module of the tree names the private jitted object (or its function): the hold is undone
KERN_CODE = '''
        import jax
        import jax.numpy as jnp
        import numpy as np


        def _total(x, blocks=None):
            if blocks is None:
                blocks = jnp.asarray(np.unique(np.asarray(x)))  # expect JG104
            return jnp.sum(x) + jnp.sum(blocks)


        _total_jit = jax.jit(_total)


        def total(x, blocks=None):
            if blocks is not None:
                return _total_jit(x, blocks)
            return _total(x)
'''

USES = {
    "imports_jit": "from kern import _total_jit\n\ndef run(x):\n    return _total_jit(x, None)\n",
    "rejits": "import jax\nimport kern\n\ndef run(x):\n    return jax.jit(kern._total)(x)\n",
}


def _two_modules(tmp_path, use: str | None) -> dict:
    import importlib
    import sys
    import textwrap

    (tmp_path / "kern.py").write_text(textwrap.dedent(KERN_CODE))
    mods = {"kern": textwrap.dedent(KERN_CODE)}
    if use is not None:
        (tmp_path / "use.py").write_text(USES[use] if use in USES else use)
        mods["use"] = USES[use] if use in USES else use
    sys.path.insert(0, str(tmp_path))
    try:
        for name in ("kern", "use"):
            sys.modules.pop(name, None)
        return {name: importlib.import_module(name) for name in mods}
    finally:
        sys.path.remove(str(tmp_path))
        for name in ("kern", "use"):
            sys.modules.pop(name, None)


@pytest.mark.parametrize("use", sorted(USES))
def test_private_jit_named_by_another_module_is_reported(tmp_path, use):
    jax = pytest.importorskip("jax")
    (tmp_path / "run").mkdir()
    mods = _two_modules(tmp_path / "run", use)
    with pytest.raises(jax.errors.TracerArrayConversionError):
        mods["use"].run(jax.numpy.arange(3.0))  # the other module traces the `is None` branch
    assert mods["kern"].total(jax.numpy.arange(3.0)).shape == ()
    assert sorted(set(_lint(tmp_path, kern=KERN_CODE, use=USES[use]))) == _expected("kern", KERN_CODE)


def test_private_jit_whose_module_alone_names_it_stays_clear(tmp_path):
    jax = pytest.importorskip("jax")
    public = "from kern import total\n\ndef run(x):\n    return total(x)\n"
    (tmp_path / "run").mkdir()
    mods = _two_modules(tmp_path / "run", public)
    assert mods["use"].run(jax.numpy.arange(3.0)).shape == ()
    assert _lint(tmp_path, kern=KERN_CODE, use=public) == []


@pytest.mark.parametrize("test, holds, names", [
    ("v is not None", True, {"v"}),
    ("v is None", False, {"v"}),
    ("v is None", True, set()),
    ("not (v is None)", True, {"v"}),
    ("fast and v is not None", True, {"fast", "v"}),
    ("fast and v is not None", False, set()),  # fails when fast is falsy, v may be None
    ("v is None or w is None", False, {"v", "w"}),
    ("v is not None or w is not None", True, set()),
    ("not v", False, {"v"}),
    ("v", False, set()),
])
def test_guard_tests_rule_none_out(test, holds, names):
    import libcst as cst

    from jitguard.lint.analysis.noneguards import _not_none_when

    assert _not_none_when(cst.parse_expression(test), holds) == names
