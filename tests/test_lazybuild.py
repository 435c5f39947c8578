"""``analysis/lazybuild.py`` (JG301): a jit of a new function stored in a module global by a
function that runs per step is rebuilt on every run unless its guard reads what the build changes.
The JAX facts (compiles per run, once behind a working guard) are checked by rules/JG301.py's
oracle; here, the guards the analysis must leave alone because their value may change."""

from __future__ import annotations

import textwrap

from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files

SOURCE = '''
import os

import jax
import config_module

_a = _b = _c = _d = _e = None
LIMIT = 3


def by_parameter(force):
    global _a
    if force:  # the caller decides
        _a = jax.jit(lambda x: x * 2)


def by_environment():
    global _b
    if os.environ.get("REBUILD"):  # another module's value
        _b = jax.jit(lambda x: x * 2)


def by_other_module():
    global _c
    if config_module.changed():  # a function of another module
        _c = jax.jit(lambda x: x * 2)


def unguarded():
    global _d
    _d = jax.jit(lambda x: x * 2)  # flagged


def by_constant():
    global _e
    if LIMIT > 2:  # a constant nobody reassigns: always true
        _e = jax.jit(lambda x: x * 3)  # flagged


def step(x, force=False):
    by_parameter(force)
    by_environment()
    by_other_module()
    unguarded()
    by_constant()
    return _a(x) + _b(x) + _c(x) + _d(x) + _e(x)


def run(xs):
    for x in xs:
        step(x)
'''


def test_only_guards_that_cannot_change_are_judged(tmp_path):
    path = tmp_path / "builds.py"
    path.write_text(textwrap.dedent(SOURCE))
    [result] = lint_files([str(path)], LintOptions(frozenset({"JG301"})))
    lines = sorted(f.line for f in result.findings)
    text = textwrap.dedent(SOURCE).splitlines()
    assert [text[n - 1].strip().split("(")[0] for n in lines] == ["_d = jax.jit", "_e = jax.jit"]
