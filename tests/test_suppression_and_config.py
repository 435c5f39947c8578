"""Suppression comments and [tool.jitguard] settings, through the real CLI."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

BUG = """\
import jax

@jax.jit
def f(x, y):
    if x > 0:{c1}
        return x
    while y > 0:{c2}
        y = y - 1
    return y
"""


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "jitguard", "check", "--no-cache", "--output-format", "json", *args],
        cwd=cwd, capture_output=True, text=True,
    )


def codes(proc) -> list[tuple[int, str]]:
    return [(f["line"], f["code"]) for f in json.loads(proc.stdout)]


def write(tmp_path: Path, c1: str = "", c2: str = "", pyproject: str | None = None) -> Path:
    (tmp_path / "m.py").write_text(BUG.format(c1=c1, c2=c2))
    if pyproject is not None:
        (tmp_path / "pyproject.toml").write_text(textwrap.dedent(pyproject))
    return tmp_path


def test_unsuppressed(tmp_path):
    proc = run(write(tmp_path), "m.py")
    assert proc.returncode == 1
    assert codes(proc) == [(5, "JG101"), (7, "JG102")]


def test_noqa_forms(tmp_path):
    assert codes(run(write(tmp_path, "  # noqa: JG101"), "m.py")) == [(7, "JG102")]
    assert codes(run(write(tmp_path, "  # noqa"), "m.py")) == [(7, "JG102")]
    assert codes(run(write(tmp_path, "  # noqa: E501"), "m.py")) == [(5, "JG101"), (7, "JG102")]
    assert codes(run(write(tmp_path, "  # jitguard: ignore[JG101]", "  # jitguard: ignore"), "m.py")) == []


def test_skip_file(tmp_path):
    (tmp_path / "m.py").write_text("# jitguard: skip-file\n" + BUG.format(c1="", c2=""))
    proc = run(tmp_path, "m.py")
    assert proc.returncode == 0 and codes(proc) == []


def test_select_ignore_and_prefixes(tmp_path):
    write(tmp_path)
    assert codes(run(tmp_path, "m.py", "--select", "JG102")) == [(7, "JG102")]
    assert codes(run(tmp_path, "m.py", "--ignore", "JG10")) == []
    assert codes(run(tmp_path, "m.py", "--select", "JG1", "--ignore", "JG101")) == [(7, "JG102")]


def test_config_in_pyproject(tmp_path):
    write(tmp_path, pyproject="""
        [tool.jitguard]
        ignore = ["JG102"]
        per-file-ignores = {"other.py" = ["JG101"]}
    """)
    assert codes(run(tmp_path, ".")) == [(5, "JG101")]
    (tmp_path / "other.py").write_text(BUG.format(c1="", c2=""))
    assert codes(run(tmp_path, ".")) == [(5, "JG101")]


def test_exclude_and_force_exclude(tmp_path):
    write(tmp_path, pyproject="""
        [tool.jitguard]
        exclude = ["m.py"]
    """)
    assert codes(run(tmp_path, ".")) == []
    assert codes(run(tmp_path, "m.py")) == [(5, "JG101"), (7, "JG102")]  # named explicitly: checked
    assert codes(run(tmp_path, "m.py", "--force-exclude")) == []


def test_unknown_key_and_code_are_errors(tmp_path):
    write(tmp_path, pyproject="""
        [tool.jitguard]
        selekt = ["JG1"]
    """)
    proc = run(tmp_path, ".")
    assert proc.returncode == 2 and "unknown key 'selekt'" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    (tmp_path / "pyproject.toml").write_text("[tool.jitguard]\nselect = ['JG999']\n")
    proc = run(tmp_path, ".")
    assert proc.returncode == 2 and "JG999" in proc.stderr


def test_usage_errors_exit_2_with_one_line(tmp_path):
    for args in (["--bogus"], ["does-not-exist.py"], ["--select", "XX1"], ["--output-format", "yaml"]):
        proc = run(tmp_path, *args)
        assert proc.returncode == 2, args
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def test_extend_jit_names(tmp_path):
    (tmp_path / "m.py").write_text(textwrap.dedent("""
        from mylib.compile import fast_jit

        @fast_jit
        def f(x):
            if x > 0:
                return x
            return -x
    """))
    assert codes(run(tmp_path, "m.py")) == []
    (tmp_path / "pyproject.toml").write_text('[tool.jitguard]\nextend-jit-names = ["mylib.compile.fast_jit"]\n')
    assert codes(run(tmp_path, "m.py")) == [(6, "JG101")]
