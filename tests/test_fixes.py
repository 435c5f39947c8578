"""--fix and --diff: the mechanical fixes, applied by the real CLI, leave code that JAX runs."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

CODE = textwrap.dedent("""\
    from functools import partial

    import jax
    import jax.numpy as jnp


    @partial(jax.jit, static_argnums=(1,))
    def split(x, sizes):
        return jnp.split(x, sizes)


    def run():
        return split(jnp.arange(6.0), [2])
""")


def check(tmp_path, *args):
    return subprocess.run(
        [sys.executable, "-m", "jitguard", "check", "--no-cache", "--output-format", "concise", *args, "m.py"],
        cwd=tmp_path, capture_output=True, text=True,
    )


def test_diff_shows_the_tuple_and_changes_nothing(tmp_path):
    (tmp_path / "m.py").write_text(CODE)
    proc = check(tmp_path, "--diff")
    assert "-    return split(jnp.arange(6.0), [2])" in proc.stdout
    assert "+    return split(jnp.arange(6.0), (2,))" in proc.stdout
    assert (tmp_path / "m.py").read_text() == CODE


def test_fix_turns_a_static_list_into_a_tuple_that_jax_accepts(tmp_path):
    (tmp_path / "m.py").write_text(CODE)
    before = check(tmp_path)
    assert "JG203" in before.stdout and before.returncode == 1
    fixed = check(tmp_path, "--fix")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert "split(jnp.arange(6.0), (2,))" in (tmp_path / "m.py").read_text()
    assert check(tmp_path).returncode == 0
    jax = pytest.importorskip("jax")
    namespace: dict = {}
    exec(compile((tmp_path / "m.py").read_text(), "m.py", "exec"), namespace)
    assert [p.shape for p in namespace["run"]()] == [(2,), (4,)]
    assert jax is not None


def test_opt_in_static_argnames_fix(tmp_path):
    (tmp_path / "m.py").write_text(CODE.replace("[2]", "(2,)"))
    assert check(tmp_path).returncode == 0  # JG205 is opt-in
    proc = check(tmp_path, "--select", "JG205", "--fix")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    text = (tmp_path / "m.py").read_text()
    assert '@partial(jax.jit, static_argnames=("sizes",))' in text
    namespace: dict = {}
    exec(compile(text, "m.py", "exec"), namespace)
    assert len(namespace["run"]()) == 2
