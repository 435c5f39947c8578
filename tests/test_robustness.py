"""Never crash: hostile files, hostile trees, dying workers. Real subprocesses, real libcst.

Every run here must end without a traceback, with each bad file reported as a finding
(JG001 syntax error, JG002 unreadable, JG003 too complex) and every other file's findings intact.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import crash_hook_env, run_jitguard
from tests.sources import BUGGY

from jitguard.lint.config import Settings
from jitguard.lint.discovery import discover
from jitguard.lint.engine import LintOptions
from jitguard.lint.codes import all_codes
from jitguard.lint.runner import lint_files

HEAD = "import jax\n\nf = jax.jit(lambda x: x)\n"  # mentions jit, so the prefilter lets it through


def jitguard(cwd: Path, *args: str, env: dict | None = None, timeout: int = 180) -> subprocess.CompletedProcess[str]:
    proc = run_jitguard(cwd, *args, env=env, timeout=timeout, no_cache=True)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stderr
    return proc


def findings(proc: subprocess.CompletedProcess[str]) -> dict[str, list[str]]:
    """path -> ["line:col: CODE", ...] from concise output."""
    out: dict[str, list[str]] = {}
    for line in proc.stdout.splitlines():
        parts = line.split(":", 3)
        if len(parts) == 4 and parts[1].isdigit():
            out.setdefault(parts[0], []).append(f"{parts[1]}:{parts[2]}:{parts[3].split()[0]}")
    return out


HOSTILE = {
    "parens.py": HEAD + "x = " + "(" * 1500 + "1" + ")" * 1500 + "\n",
    "binop.py": HEAD + "x = " + " + ".join(["a"] * 10000) + "\n",
    "calls.py": HEAD + "x = a" + ".b()" * 5000 + "\n",
    "binop_lines.py": HEAD + "x = (\n" + " +\n".join(["a"] * 10000) + "\n)\n",
    "binop_backslash.py": HEAD + "x = a + \\\n" + " + \\\n".join(["a"] * 10000) + "\n",
    "subscripts.py": HEAD + "x = a" + "[0]" * 3000 + "\n",
}


def test_hostile_inputs_in_a_parallel_run_keep_every_other_finding(tmp_path: Path) -> None:
    for name, text in HOSTILE.items():
        (tmp_path / name).write_text(text)
    for i in range(20):
        (tmp_path / f"bug{i:02}.py").write_text(BUGGY)
    proc = jitguard(tmp_path, "check", "-j", "2", "--output-format", "concise", ".")
    assert proc.returncode == 1, proc.stderr
    got = findings(proc)
    for i in range(20):
        assert got[f"bug{i:02}.py"] == ["6:8:JG101"]
    assert got["parens.py"] == ["4:205:JG001"]  # CPython: "too many nested parentheses"
    for name in HOSTILE:
        if name != "parens.py":
            [(code)] = [f.rsplit(":", 1)[1] for f in got[name]]
            assert code == "JG003", (name, got[name])
    assert "nested 10003 levels deep" in proc.stdout


def test_hostile_inputs_serially_too(tmp_path: Path) -> None:
    for name in ("parens.py", "binop.py", "calls.py"):
        (tmp_path / name).write_text(HOSTILE[name])
    (tmp_path / "bug.py").write_text(BUGGY)
    proc = jitguard(tmp_path, "check", "-j", "1", "--output-format", "concise", ".")
    got = findings(proc)
    assert got["bug.py"] == ["6:8:JG101"]
    assert {name for name in got} == {"parens.py", "binop.py", "calls.py", "bug.py"}


def test_a_worker_killed_by_a_signal_loses_only_its_file(tmp_path: Path) -> None:
    """A worker that SIGSEGVs itself on one file (tests/conftest.py's crash hook) costs only that file."""
    env = crash_hook_env(tmp_path.parent, "crashme")
    for i in range(40):
        (tmp_path / f"bug{i:02}.py").write_text(BUGGY)
    (tmp_path / "bug17_crashme.py").write_text(BUGGY)
    proc = jitguard(tmp_path, "check", "-j", "2", "--output-format", "concise", ".", env=env)
    assert proc.returncode == 1, proc.stderr
    got = findings(proc)
    for i in range(40):
        assert got[f"bug{i:02}.py"] == ["6:8:JG101"], i
    assert got["bug17_crashme.py"] == ["1:1:JG003"]
    assert "the parser crashed on this file" in proc.stdout
    # the hook only affects worker processes: a serial run checks that file normally
    serial = jitguard(tmp_path, "check", "-j", "1", "--output-format", "concise", "bug17_crashme.py", env=env)
    assert findings(serial) == {"bug17_crashme.py": ["6:8:JG101"]}


def test_two_crashing_files_in_one_run(tmp_path: Path) -> None:
    for i in range(30):
        (tmp_path / f"ok{i:02}.py").write_text(BUGGY)
    (tmp_path / "a_crashme.py").write_text(BUGGY)
    (tmp_path / "z_crashme.py").write_text(BUGGY)
    env = crash_hook_env(tmp_path.parent, "crashme")
    proc = jitguard(tmp_path, "check", "-j", "2", "--output-format", "concise", ".", env=env)
    got = findings(proc)
    assert got["a_crashme.py"] == got["z_crashme.py"] == ["1:1:JG003"]
    assert all(got[f"ok{i:02}.py"] == ["6:8:JG101"] for i in range(30))


def test_symlink_loops(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "bug.py").write_text(BUGGY)
    os.symlink("..", tmp_path / "pkg" / "up")  # a folder loop: not followed
    os.symlink("b.py", tmp_path / "a.py")  # a file loop: a.py -> b.py -> a.py
    os.symlink("a.py", tmp_path / "b.py")
    proc = jitguard(tmp_path, "check", "--output-format", "concise", ".", timeout=60)
    got = findings(proc)
    assert got[os.path.join("pkg", "bug.py")] == ["6:8:JG101"]
    assert got["a.py"] == ["1:1:JG002"] and got["b.py"] == ["1:1:JG002"]
    assert proc.returncode == 1


def test_a_folder_named_like_a_python_file(tmp_path: Path) -> None:
    (tmp_path / "x.py").mkdir()
    (tmp_path / "x.py" / "inner.py").write_text(BUGGY)
    for args in ((".",), ("x.py",)):
        proc = jitguard(tmp_path, "check", "--output-format", "concise", *args)
        assert findings(proc) == {os.path.join("x.py", "inner.py"): ["6:8:JG101"]}


def test_a_fifo_named_like_a_python_file_does_not_hang(tmp_path: Path) -> None:
    """Nothing ever writes to the FIFO: opening it for a blocking read would hang forever."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this platform")
    os.mkfifo(tmp_path / "pipe.py")
    (tmp_path / "bug.py").write_text(BUGGY)
    proc = jitguard(tmp_path, "check", "--output-format", "concise", ".", timeout=60)
    assert findings(proc) == {"bug.py": ["6:8:JG101"]}  # not a regular file: not collected
    proc = jitguard(tmp_path, "check", "--output-format", "concise", "pipe.py", "bug.py", timeout=60)
    assert findings(proc) == {"pipe.py": ["1:1:JG002"], "bug.py": ["6:8:JG101"]}
    assert "not a regular file" in proc.stdout


def test_a_file_that_fails_to_read(tmp_path: Path) -> None:
    """An honest read error even as root: /proc/self/mem opens fine but reading offset 0 is EIO."""
    if not os.path.exists("/proc/self/mem"):
        pytest.skip("needs Linux /proc/self/mem for a real read error")
    os.symlink("/proc/self/mem", tmp_path / "mem.py")
    (tmp_path / "bug.py").write_text(BUGGY)
    proc = jitguard(tmp_path, "check", "--output-format", "concise", ".")
    got = findings(proc)
    assert got["mem.py"] == ["1:1:JG002"] and got["bug.py"] == ["6:8:JG101"]
    assert "cannot read file" in proc.stdout


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="running as root: file permissions do not stop root from reading (see test_a_file_that_fails_to_read)")
def test_a_file_without_read_permission(tmp_path: Path) -> None:
    target = tmp_path / "secret.py"
    target.write_text(BUGGY)
    target.chmod(0)
    try:
        proc = jitguard(tmp_path, "check", "--output-format", "concise", ".")
        assert findings(proc) == {"secret.py": ["1:1:JG002"]}
    finally:
        target.chmod(0o644)


def test_a_file_that_vanishes_between_discovery_and_checking(tmp_path: Path) -> None:
    for i in range(3):
        (tmp_path / f"bug{i}.py").write_text(BUGGY)
    settings = Settings(root=tmp_path)
    paths = discover([str(tmp_path)], settings)
    assert len(paths) == 3
    os.unlink(paths[1])
    for jobs in (1, 2):
        results = {Path(r.path).name: r for r in lint_files(paths, LintOptions(frozenset(all_codes())), jobs=jobs,
                                                             cache_dir=tmp_path / f"cache{jobs}")}
        assert [f.code for f in results["bug1.py"].findings] == ["JG002"]
        assert "disappeared" in results["bug1.py"].findings[0].message
        assert [f.code for f in results["bug0.py"].findings] == ["JG101"]
        assert [f.code for f in results["bug2.py"].findings] == ["JG101"]


def test_a_dangling_symlink(tmp_path: Path) -> None:
    os.symlink("nowhere.py", tmp_path / "gone.py")
    proc = jitguard(tmp_path, "check", "--output-format", "concise", ".")
    assert findings(proc) == {"gone.py": ["1:1:JG002"]}


def test_encodings_and_nul_bytes(tmp_path: Path) -> None:
    (tmp_path / "latin1_undeclared.py").write_bytes(HEAD.encode() + "s = 'caf\xe9'\n".encode("latin-1"))
    (tmp_path / "latin1_declared.py").write_bytes(b"# -*- coding: latin-1 -*-\n" + BUGGY.encode() + "s = 'caf\xe9'\n".encode("latin-1"))
    (tmp_path / "bogus_cookie.py").write_bytes(b"# -*- coding: no-such-codec -*-\n" + HEAD.encode())
    (tmp_path / "nul.py").write_bytes(HEAD.encode() + b"x = 1\x00\n")
    (tmp_path / "bom.py").write_bytes(b"\xef\xbb\xbf" + BUGGY.encode())
    (tmp_path / "utf16.py").write_bytes(BUGGY.encode("utf-16"))
    (tmp_path / "empty.py").write_bytes(b"")
    proc = jitguard(tmp_path, "check", "--output-format", "concise", ".")
    got = findings(proc)
    assert got["latin1_undeclared.py"] == ["1:1:JG002"]
    assert got["latin1_declared.py"] == ["7:8:JG101"]
    assert got["bogus_cookie.py"] == ["1:1:JG002"]
    assert got["nul.py"] == ["4:1:JG002"]
    assert got["bom.py"] == ["6:8:JG101"]
    assert got["utf16.py"][0].endswith("JG002")
    assert "empty.py" not in got


def test_a_50000_line_file(tmp_path: Path) -> None:
    filler = "".join(f"def helper_{i}(a, b):\n    return a + b * {i}\n\n\n" for i in range(12500))
    (tmp_path / "huge.py").write_text(filler + BUGGY)
    assert (tmp_path / "huge.py").read_text().count("\n") > 50000
    proc = jitguard(tmp_path, "check", "--output-format", "concise", "huge.py")
    assert findings(proc) == {"huge.py": ["50006:8:JG101"]}


def test_a_file_over_the_size_limit(tmp_path: Path) -> None:
    (tmp_path / "big.py").write_bytes(HEAD.encode() + b"#" * (11 * 1024 * 1024) + b"\n")
    proc = jitguard(tmp_path, "check", "--output-format", "concise", "big.py")
    assert findings(proc) == {"big.py": ["1:1:JG003"]}


def test_syntax_errors_are_findings(tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text(HEAD + "def g(:\n    pass\n")
    (tmp_path / "tabs.py").write_text(HEAD + "if True:\n\tx = 1\n        y = 2\n")
    (tmp_path / "bug.py").write_text(BUGGY)
    proc = jitguard(tmp_path, "check", "--output-format", "concise", ".")
    got = findings(proc)
    assert got["bad.py"] == ["4:7:JG001"]
    assert got["tabs.py"][0].endswith("JG001")
    assert got["bug.py"] == ["6:8:JG101"]
    assert proc.returncode == 1


def test_unknown_config_key_is_exit_2(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.jitguard]\nno-such-key = 1\n')
    (tmp_path / "bug.py").write_text(BUGGY)
    proc = jitguard(tmp_path, "check", ".")
    assert proc.returncode == 2 and "unknown key 'no-such-key'" in proc.stderr
