"""Two value-model mechanisms, each checked against a run under real jax.jit on the CPU:
``x.at[i].set(v)`` keeps the array's kind (traced when x, i or v is), and a call of a loop
variable over a module-level list/tuple of instances runs each element's ``__call__``."""

from __future__ import annotations

import importlib
import textwrap

import pytest

from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402

DEFAULT = frozenset(all_codes()) - opt_in_codes()

AT_UPDATE = """\
import jax
import jax.numpy as jnp

PAD = jnp.zeros((2, 2), int).at[0, 1].set(1)
BASE = jnp.zeros((2, 2), int)


@jax.jit
def local_updated(a, pad):
    npad = jnp.zeros((2, 2), int)
    npad = npad.at[0, 1].add(pad)
    return jnp.pad(a, npad)


@jax.jit
def captured_updated(a, pad):
    return jnp.pad(a, BASE.at[0, 1].set(pad))


@jax.jit
def updated_outside(a):
    return jnp.pad(a, PAD)


def eager(a, pad):
    npad = jnp.zeros((2, 2), int)
    npad = npad.at[0, 1].set(pad)
    return jnp.pad(a, npad)
"""

LOOPED = """\
import jax
import jax.numpy as jnp


class Positive:
    def __call__(self, x):
        return x > 0


class Finite:
    def __call__(self, x):
        return jnp.isfinite(x)


class HasRows:
    def __call__(self, x):
        return x.ndim > 0


CHECKS = [Positive(), Finite()]
SHAPES = (HasRows(),)


@jax.jit
def checked(x):
    for a in CHECKS:
        if not a(x):
            return -x
    return x


@jax.jit
def shape_checked(x):
    for a in SHAPES:
        if not a(x):
            return -x
    return x
"""


def _lint(tmp_path, name, text):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(text))
    [result] = lint_files([str(path)], LintOptions(DEFAULT))
    return {(f.line, f.code) for f in result.findings}


def test_b3_functional_update_keeps_the_traced_kind(tmp_path, monkeypatch):
    assert _lint(tmp_path, "b3_at", AT_UPDATE) == {(12, "JG105"), (17, "JG105")}
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("b3_at")
    a = jnp.ones((1, 3))
    for f in (module.local_updated, module.captured_updated):
        with pytest.raises(jax.errors.ConcretizationTypeError):
            f(a, 1)
    assert module.updated_outside(a).shape == (2, 3)
    assert module.eager(a, 1).shape == (2, 3)


def test_b3_loop_over_instances_runs_each_call(tmp_path, monkeypatch):
    assert _lint(tmp_path, "b3_loop", LOOPED) == {(27, "JG101")}
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("b3_loop")
    with pytest.raises(jax.errors.TracerBoolConversionError):
        module.checked(jnp.float32(1.0))
    assert module.shape_checked(jnp.ones(3)).shape == (3,)
