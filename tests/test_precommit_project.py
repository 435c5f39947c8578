"""pre-commit sees the project: a change staged alone is checked against the files it affects.

``main.py`` (committed, unchanged) calls ``mlp(x, sizes=[64, 64])``. A change to ``helpers.py``
that makes ``sizes`` static is staged alone; ``pre-commit run`` passes only ``helpers.py`` to
the hook, and must fail on the JG203 the change causes in ``main.py``. Real git, real
pre-commit, the published hook of this checkout (see tests/test_precommit.py).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.test_precommit import _git, _pre_commit, hooked_project

MAIN = """\
import jax.numpy as jnp

from helpers import mlp

out = mlp(jnp.ones(3), sizes=[64, 64])
"""

HELPERS_BEFORE = """\
import jax


@jax.jit
def mlp(x, sizes):
    return x * len(sizes)
"""

HELPERS_AFTER = """\
from functools import partial

import jax


@partial(jax.jit, static_argnames=("sizes",))
def mlp(x, sizes):
    return x * len(sizes)
"""


@pytest.mark.precommit
def test_a_staged_change_fails_on_the_caller_it_breaks(tmp_path: Path) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    project = hooked_project(tmp_path, {"main.py": MAIN, "helpers.py": HELPERS_BEFORE})
    _git(project, "commit", "-q", "-m", "a clean start")
    first = _pre_commit(project, "run", "--all-files")
    assert first.returncode == 0, first.stdout + first.stderr

    (project / "helpers.py").write_text(HELPERS_AFTER)
    (project / "unrelated.py").write_text("x = 1\n")  # not staged: pre-commit stashes it away
    _git(project, "add", "helpers.py")
    staged = _pre_commit(project, "run")
    out = staged.stdout + staged.stderr
    assert staged.returncode == 1, out
    assert "main.py:5:7: JG203" in out, out
    assert "Traceback" not in out, out

    # fixing the caller in the same commit passes
    (project / "main.py").write_text(MAIN.replace("[64, 64]", "(64, 64)"))
    _git(project, "add", "main.py")
    fixed = _pre_commit(project, "run")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr


@pytest.mark.parametrize("name", [".pre-commit-config.yaml", ".pre-commit-hooks.yaml"])
def test_hook_files_have_no_duplicate_keys(name: str) -> None:
    """pre-commit-hooks' check-yaml rejects a mapping with a key twice (PyYAML keeps the last)."""
    import yaml

    class Strict(yaml.SafeLoader):
        pass

    def mapping(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
        keys = [loader.construct_object(key, deep=deep) for key, _ in node.value]
        duplicates = sorted({k for k in keys if keys.count(k) > 1})
        assert not duplicates, f"{name}: duplicate keys {duplicates} at line {node.start_mark.line + 1}"
        return yaml.SafeLoader.construct_mapping(loader, node, deep)

    Strict.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    yaml.load((Path(__file__).resolve().parent.parent / name).read_text(), Strict)


def test_readme_pre_commit_snippet_names_no_missing_tag() -> None:
    """The README's snippet must not point at a release tag that does not exist (it once said
    `rev: v0.1.0`, and pre-commit failed for everyone who copied it)."""
    import re
    import subprocess

    repo = Path(__file__).resolve().parent.parent
    readme = (repo / "README.md").read_text()
    revs = re.findall(r"^\s*rev:\s*(\S+)", readme, re.MULTILINE)
    assert revs, "the README shows a pre-commit snippet"
    tags = set()
    if shutil.which("git") and (repo / ".git").exists():
        tags = set(subprocess.run(["git", "tag"], cwd=repo, capture_output=True, text=True).stdout.split())
    for rev in revs:
        if re.fullmatch(r"v?\d+(\.\d+)+", rev):
            assert rev in tags, f"README: pre-commit rev {rev} is not a tag of this repository"
