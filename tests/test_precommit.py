"""pre-commit, both ways: the published hook (.pre-commit-hooks.yaml) and jitguard's own config.

The end-to-end test runs the real ``pre-commit run --all-files`` in a throwaway git repository
whose config points at this checkout as a local repository path. pre-commit clones that path at a
commit, so the test first snapshots the working tree (tracked and untracked, not ignored files)
into a git repository of its own with fixed commit dates: the same tree gives the same commit, so
pre-commit's environment (PRE_COMMIT_HOME, kept under the gitignored .pytest_cache) is reused
between runs. Building that environment pip-installs this checkout and libcst (from PyPI or the
pip cache): the slowest test of the suite. Deselect with ``-m "not precommit"``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.sources import BUGGY, FIXED

REPO = Path(__file__).resolve().parent.parent
STATE = REPO / ".pytest_cache" / "jitguard-precommit"

CLEAN = "def g(y):\n    return y + 1\n"

GIT_ENV = {
    "GIT_AUTHOR_NAME": "jitguard tests",
    "GIT_AUTHOR_EMAIL": "tests@example.invalid",
    "GIT_COMMITTER_NAME": "jitguard tests",
    "GIT_COMMITTER_EMAIL": "tests@example.invalid",
    "GIT_AUTHOR_DATE": "2000-01-01T00:00:00+0000",
    "GIT_COMMITTER_DATE": "2000-01-01T00:00:00+0000",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
}


def _git(cwd: Path, *args: str) -> str:
    env = {**os.environ, **GIT_ENV}
    proc = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=True)
    return proc.stdout.strip()


def _pre_commit(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **GIT_ENV, "PRE_COMMIT_HOME": str(STATE / "home"), "NO_COLOR": "1"}
    env.pop("PRE_COMMIT_COLOR", None)
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", *args, "--color=never"],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=600,
    )


def hooked_project(tmp_path: Path, files: dict[str, str]) -> Path:
    """A git repository with ``files`` added and a .pre-commit-config.yaml that runs the jitguard
    hook from a snapshot of this checkout."""
    checkout, rev = _snapshot_checkout()
    project = tmp_path / "project"
    project.mkdir()
    _git(project, "init", "-q", "-b", "main")
    for name, text in files.items():
        (project / name).write_text(text)
    (project / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {checkout.as_posix()}\n    rev: {rev}\n    hooks:\n      - id: jitguard\n"
    )
    _git(project, "add", "-A")
    return project


def _snapshot_checkout() -> tuple[Path, str]:
    """This checkout's working tree as a git repository of its own: (path, commit)."""
    listed = _git(REPO, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
    snap = STATE / "checkout"
    if snap.exists():
        shutil.rmtree(snap)
    snap.mkdir(parents=True)
    for rel in filter(None, listed.split("\0")):
        src = REPO / rel
        if not src.is_file():
            continue  # deleted in the working tree but still in the index
        dst = snap / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
    _git(snap, "init", "-q", "-b", "main")
    _git(snap, "add", "-A")
    _git(snap, "commit", "-q", "-m", "snapshot of the jitguard checkout under test")
    return snap, _git(snap, "rev-parse", "HEAD")


@pytest.mark.parametrize("name", [".pre-commit-hooks.yaml", ".pre-commit-config.yaml"])
def test_hook_files_are_valid(name: str) -> None:
    what = "validate-manifest" if name == ".pre-commit-hooks.yaml" else "validate-config"
    proc = subprocess.run([sys.executable, "-m", "pre_commit", what, str(REPO / name)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_published_hook_definition() -> None:
    import yaml  # pre-commit depends on PyYAML

    [hook] = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    assert hook["id"] == "jitguard"
    assert hook["entry"] == "jitguard check --force-exclude"
    assert hook["language"] == "python"
    assert hook["types_or"] == ["python", "pyi", "jupyter"]
    assert hook["require_serial"] is True
    assert hook["minimum_pre_commit_version"]


def test_own_config_runs_jitguard_on_itself() -> None:
    import yaml

    config = yaml.safe_load((REPO / ".pre-commit-config.yaml").read_text())
    hooks = {h["id"]: h for repo in config["repos"] for h in repo["hooks"]}
    assert "jitguard" in hooks and "check" in hooks["jitguard"]["entry"]
    assert {"trailing-whitespace", "end-of-file-fixer", "check-yaml"} <= set(hooks)
    # what that hook runs: jitguard over the repository's own files passes
    files = [f for f in _git(REPO, "ls-files", "-z", "-co", "--exclude-standard").split("\0") if f.endswith((".py", ".pyi"))]
    exclude = re.compile(hooks["jitguard"].get("exclude", "^$"))
    files = [f for f in files if (REPO / f).is_file() and not exclude.search(f)]
    proc = subprocess.run(
        [sys.executable, "-m", "jitguard", "check", "--force-exclude", "--no-cache", "--output-format", "concise", *files],
        cwd=REPO, capture_output=True, text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.precommit
def test_pre_commit_run_fails_on_the_bug_and_passes_once_fixed(tmp_path: Path) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    project = hooked_project(tmp_path, {"model.py": BUGGY, "util.py": CLEAN})

    failed = _pre_commit(project, "run", "--all-files")
    out = failed.stdout + failed.stderr
    assert failed.returncode == 1, out
    assert "model.py:6:8: JG101" in out, out
    assert "util.py:" not in out, out
    assert "Traceback" not in out, out

    (project / "model.py").write_text(FIXED)
    _git(project, "add", "-A")
    passed = _pre_commit(project, "run", "--all-files")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "jitguard" in passed.stdout and "Passed" in passed.stdout, passed.stdout
