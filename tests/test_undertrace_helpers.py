"""UNDEROUTERJIT (docs/precision.md, "Thirteenth held-out set"): a call of a jitted function made in
a private helper whose every call in the checked tree, in any module, runs under a trace is part
of that trace; the churn rules leave it alone. Any way the helper may run from Python keeps the
finding."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

STENCILS = """
    from functools import partial

    import jax
    import jax.numpy as jnp


    @partial(jax.jit, static_argnames=("axis",))
    def roll_diff(x, axis):
        shifted = jnp.roll(x, 1, axis=axis)
        return shifted - x


    def _weights(ndim):
        w = jnp.ones((3,) * ndim)
        for axis in range(1, ndim + 1):
            w = w + roll_diff(w, axis=axis - 1)
        return w
"""
STEP = """
    from functools import partial

    import jax

    from htree.stencils import _weights


    @partial(jax.jit, static_argnames=("ndim",))
    def step(x, ndim):
        return x * _weights(ndim)
"""
TREE = {"htree/__init__.py": "", "htree/stencils.py": STENCILS, "htree/step.py": STEP}
EAGER = """

    def go(n):
        return [_weights(k) for k in range(1, n + 1)]
"""
VARIANTS = {
    "an_eager_caller_in_its_own_module": {"htree/stencils.py": STENCILS + EAGER},
    "an_eager_caller_in_another_module": {"htree/eager.py": """
        from htree import stencils


        def go(n):
            return [stencils._weights(k) for k in range(1, n + 1)]
    """},
    "passed_on_as_a_callback": {"htree/builders.py": """
        from htree.stencils import _weights

        BUILDERS = [_weights]
    """},
    "imported_inside_a_function": {"htree/lazy.py": """
        def go(n):
            from htree.stencils import _weights

            return _weights(n)
    """},
    "star_imported_under___all__": {"htree/stencils.py": '__all__ = ["_weights"]\n' + textwrap.dedent(STENCILS),
                                    "htree/star.py": "from htree.stencils import *\n" + EAGER},
    "a_public_helper": {"htree/stencils.py": STENCILS.replace("_weights", "weights"),
                        "htree/step.py": STEP.replace("_weights", "weights")},
    "called_from_a_helper_with_a_python_caller": {"htree/step.py": STEP + """

    def _outer(ndim):
        return _weights(ndim)


    def run(n):
        return [_outer(k) for k in range(n)]
    """},
}


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())


def _jg302(root: Path, *args: str) -> set[tuple[str, int]]:
    proc = subprocess.run([sys.executable, "-m", "jitguard", "check", "--output-format", "json", *args, "."],
                          cwd=root, capture_output=True, text=True)
    assert proc.returncode in (0, 1), proc.stderr
    return {(Path(f["path"]).as_posix(), f["line"]) for f in json.loads(proc.stdout) if f["code"] == "JG302"}


def _stencil_call(root: Path) -> tuple[str, int]:
    lines = (root / "htree/stencils.py").read_text().splitlines()
    return "htree/stencils.py", next(i for i, line in enumerate(lines, 1) if "roll_diff(w," in line)


def test_a_private_helper_called_only_in_another_modules_jitted_function_is_not_flagged(tmp_path):
    _write(tmp_path, TREE)
    for args in (["--no-cache"], [], []):
        assert _jg302(tmp_path, *args) == set(), args


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_way_to_run_the_helper_from_python_keeps_the_finding(tmp_path, variant):
    _write(tmp_path, {**TREE, **VARIANTS[variant]})
    for args in (["--no-cache"], []):
        assert _jg302(tmp_path, *args) == {_stencil_call(tmp_path)}, args


def test_the_tree_under_jax(tmp_path, monkeypatch):
    """What the verdicts claim: under the jitted step the stencil compiles nothing of its own;
    called from Python in a loop it compiles once per axis."""
    pytest.importorskip("jax")
    _write(tmp_path, {**TREE, "htree/stencils.py": STENCILS + EAGER})
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in [m for m in sys.modules if m == "htree" or m.startswith("htree.")]:
        monkeypatch.delitem(sys.modules, name)
    import jax.numpy as jnp
    from htree import stencils, step

    for ndim in (1, 2, 3):
        step.step(jnp.ones((3,) * ndim), ndim)
    assert step.step._cache_size() == 3 and stencils.roll_diff._cache_size() == 0
    stencils.go(3)
    assert stencils.roll_diff._cache_size() == 6  # (1 + 2 + 3 axes, each shape its own)
