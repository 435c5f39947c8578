"""The true findings of the blind measurement on application code (docs/precision.md, "Fresh
application code"), reduced and checked under the installed JAX, with their legal look-alikes:
the true patterns (marked ``# expect JGxxx``) must stay reported, the look-alikes must be clean.

The measurement found no false finding, so there is no mechanism to fix here; these tests keep
the true ones from being lost to a later precision fix.
"""

from __future__ import annotations

import pytest

from tests.test_fresh2_mechanisms import _exec, _expected, _lint

# -- a method pmapped without a static `self`, and a model factory jitted once per config key ----

TRUE_CODE = '''
        import functools
        import os

        import jax


        class Updater:
            def __init__(self, keep):
                self._keep = keep
                self._dir = "."

            def _paths(self):
                return [p for p in os.listdir(self._dir) if p.startswith("ckpt_")]

            @functools.partial(jax.pmap, axis_name="device")
            def update(self, state):
                if len(self._paths()) > self._keep:  # expect JG101
                    state = state * 0
                return state + 1


        def make_train(config):
            def train(x):
                return x * config["lr"]
            return train


        def sweep(default, overrides, x):
            config = dict(default)
            outs = []
            for k, v in overrides.items():
                config[k] = v
                train = jax.jit(jax.vmap(make_train(config)))  # expect JG301
                outs.append(train(x))
            return outs
'''

def _fixed(code: str, *edits: tuple[str, str]) -> str:
    """The legal look-alike: the true code with the edits that fix it (each must apply)."""
    for old, new in edits:
        assert old in code, old
        code = code.replace(old, new)
    return code


# the fixes: `self` broadcast as a static argument of pmap; the config built once, jitted once
LEGAL_CODE = _fixed(
    TRUE_CODE,
    ('axis_name="device")', 'axis_name="device", static_broadcasted_argnums=0)'),
    ("  # expect JG101", ""),
    ("""            outs = []
            for k, v in overrides.items():
                config[k] = v
                train = jax.jit(jax.vmap(make_train(config)))  # expect JG301
                outs.append(train(x))
            return outs""", """            config.update(overrides)
            train = jax.jit(jax.vmap(make_train(config)))
            return [train(x)]"""),
)


def test_true_patterns_raise_or_recompile_under_jax():
    jax = pytest.importorskip("jax")
    ns = _exec(TRUE_CODE)
    # `self` is a mapped argument of pmap: a plain instance is not a JAX type.
    with pytest.raises(TypeError):
        ns["Updater"](keep=3).update(jax.numpy.zeros((1,)))
    traces = []
    make_train = ns["make_train"]

    def counting(config):
        inner = make_train(config)

        def train(x):
            traces.append(1)
            return inner(x)
        return train

    ns["make_train"] = counting
    ns["sweep"]({"lr": 1.0}, {"lr": 0.1, "gamma": 0.9, "lam": 0.5}, jax.numpy.ones((2, 2)))
    assert len(traces) == 3  # one compile per key of the sweep


def test_legal_look_alikes_run_under_jax():
    jax = pytest.importorskip("jax")
    ns = _exec(LEGAL_CODE)
    out = ns["Updater"](keep=3).update(jax.numpy.zeros((1,)))
    assert out.shape == (1,)
    assert len(ns["sweep"]({"lr": 1.0}, {"lr": 0.1}, jax.numpy.ones((2, 2)))) == 1


def test_true_patterns_still_reported(tmp_path):
    assert _lint(tmp_path, apps_true=TRUE_CODE) == _expected("apps_true", TRUE_CODE)


def test_legal_look_alikes_clean(tmp_path):
    assert _lint(tmp_path, apps_legal=LEGAL_CODE) == []
