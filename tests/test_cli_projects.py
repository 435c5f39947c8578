"""The CLI where code lives: standard input, monorepos (the nearest configuration per file,
``extend``), .gitignore, --show-settings/--show-files, --add-noqa, --quiet, colour, closed pipes,
and the text report's source lines (tabs, long lines). Real subprocesses throughout."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from jitguard.lint.reporters.text import MAX_WIDTH, excerpt
from tests.sources import BUGGY, FIXED

REPO = Path(__file__).resolve().parent.parent


def jitguard(cwd: Path, *args: str, stdin: str | None = None, env: dict | None = None) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "JITGUARD_NO_CACHE": "1", **(env or {})}
    for key in ("NO_COLOR", "FORCE_COLOR"):
        if env is None or key not in env:
            full.pop(key, None)
    return subprocess.run([sys.executable, "-m", "jitguard", *args], cwd=cwd, capture_output=True, text=True,
                          env=full, input=stdin, timeout=120)


def codes(proc: subprocess.CompletedProcess[str]) -> list[tuple[str, str]]:
    return [(r["path"].replace(os.sep, "/"), r["code"]) for r in json.loads(proc.stdout)]


# --- standard input -------------------------------------------------------------------------


def test_stdin_dash(tmp_path: Path) -> None:
    proc = jitguard(tmp_path, "check", "-", "--output-format", "concise", stdin=BUGGY)
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.startswith("-:6:8: JG101 ")
    assert jitguard(tmp_path, "check", "-", stdin=FIXED).returncode == 0


def test_stdin_filename_gets_the_settings_of_that_name(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.jitguard]\nper-file-ignores = { "legacy/*" = ["JG101"] }\n')
    (tmp_path / "legacy").mkdir()
    (tmp_path / "src").mkdir()
    proc = jitguard(tmp_path, "check", "--stdin-filename", "src/model.py", "--output-format", "concise", stdin=BUGGY)
    assert proc.returncode == 1 and proc.stdout.startswith("src/model.py:6:8: JG101 "), proc.stdout
    proc = jitguard(tmp_path, "check", "--stdin-filename", "legacy/model.py", stdin=BUGGY)
    assert proc.returncode == 0, proc.stdout
    # the name is only a name: no such file needs to exist, and nothing is written
    assert not (tmp_path / "src" / "model.py").exists()


def test_stdin_fix_writes_the_fixed_source_to_stdout(tmp_path: Path) -> None:
    code = ("from functools import partial\nimport jax\n\n@partial(jax.jit, static_argnums=(1,))\n"
            "def g(x, n):\n    return x\n\ng(1.0, [2])\n")
    proc = jitguard(tmp_path, "check", "--fix", "--stdin-filename", "g.py", stdin=code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == code.replace("[2]", "(2,)")
    assert "All checks passed!" in proc.stderr


# --- monorepos: the nearest configuration above each file ---------------------------------------


def _monorepo(root: Path) -> None:
    (root / "pyproject.toml").write_text('[project]\nname = "mono"\n\n[tool.jitguard]\nextend-exclude = ["gen/"]\n')
    for sub in ("svc_a", "svc_b", "svc_c", "gen"):
        (root / sub).mkdir()
        (root / sub / "model.py").write_text(BUGGY)
    # svc_b: its own pyproject, ignoring JG101 (the root's excludes do not apply there)
    (root / "svc_b" / "pyproject.toml").write_text('[project]\nname = "b"\n\n[tool.jitguard]\nignore = ["JG101"]\n')
    # svc_c: a jitguard.toml that extends the root's and adds a per-file ignore
    (root / "svc_c" / "jitguard.toml").write_text(
        'extend = "../pyproject.toml"\nper-file-ignores = { "model.py" = ["JG1"] }\n')
    (root / "svc_c" / "other.py").write_text(BUGGY)
    (root / "svc_c" / "gen").mkdir()
    (root / "svc_c" / "gen" / "x.py").write_text(BUGGY)
    # a pyproject.toml without [tool.jitguard] is passed over
    (root / "svc_a" / "pyproject.toml").write_text('[project]\nname = "a"\n')


def test_nested_configs_from_the_root(tmp_path: Path) -> None:
    _monorepo(tmp_path)
    proc = jitguard(tmp_path, "check", "--output-format", "json", ".")
    assert codes(proc) == [("svc_a/model.py", "JG101"), ("svc_c/other.py", "JG101")], proc.stdout
    # the same files named one by one (as pre-commit passes them from the repository's root)
    named = ["svc_a/model.py", "svc_b/model.py", "svc_c/model.py", "svc_c/other.py"]
    proc = jitguard(tmp_path, "check", "--output-format", "json", "--no-project-context", *named)
    assert codes(proc) == [("svc_a/model.py", "JG101"), ("svc_c/other.py", "JG101")], proc.stdout


def test_nested_configs_from_inside_a_subproject(tmp_path: Path) -> None:
    _monorepo(tmp_path)
    assert jitguard(tmp_path / "svc_b", "check", ".").returncode == 0
    proc = jitguard(tmp_path / "svc_c", "check", "--output-format", "json", ".")
    assert codes(proc) == [("other.py", "JG101")]  # gen/ excluded through `extend`, relative to svc_c


def test_config_option_uses_one_file_for_all(tmp_path: Path) -> None:
    _monorepo(tmp_path)
    (tmp_path / "strict.toml").write_text("select = []\n")
    assert jitguard(tmp_path, "check", "--config", "strict.toml", ".").returncode == 0


def test_extend_cycle_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "jitguard.toml").write_text('extend = "sub/jitguard.toml"\n')
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "jitguard.toml").write_text('extend = "../jitguard.toml"\n')
    (tmp_path / "m.py").write_text(FIXED)
    proc = jitguard(tmp_path, "check", ".")
    assert proc.returncode == 2 and "cycle" in proc.stderr and "Traceback" not in proc.stderr


def test_show_settings(tmp_path: Path) -> None:
    _monorepo(tmp_path)
    out = jitguard(tmp_path, "check", "--show-settings", "svc_b/model.py").stdout
    rows = dict(line.split(" = ", 1) for line in out.splitlines())
    assert rows["config"] == str(tmp_path / "svc_b" / "pyproject.toml")
    assert json.loads(rows["ignore"]) == ["JG101"]
    assert "JG101" not in json.loads(rows["enabled"]) and "JG102" in json.loads(rows["enabled"])
    out = jitguard(tmp_path, "check", "--show-settings", "svc_c/model.py").stdout
    rows = dict(line.split(" = ", 1) for line in out.splitlines())
    assert json.loads(rows["ignored-here"]) == ["JG1"]
    assert json.loads(rows["extend-exclude"]) == ["gen/"]
    # --select ALL includes the opt-in rules (JG205)
    out = jitguard(tmp_path, "check", "--select", "ALL", "--show-settings", ".").stdout
    enabled = json.loads(dict(line.split(" = ", 1) for line in out.splitlines())["enabled"])
    assert "JG205" in enabled
    default = json.loads(dict(line.split(" = ", 1) for line in jitguard(
        tmp_path, "check", "--show-settings", ".").stdout.splitlines())["enabled"])
    assert "JG205" not in default


# --- .gitignore ----------------------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_gitignore_is_respected(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    (tmp_path / ".gitignore").write_text("wandb/\n*.gen.py\n!keep.gen.py\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / ".gitignore").write_text("scratch_*.py\n")
    for rel in ("train.py", "wandb/run-1/files/train.py", "src/a.gen.py", "src/keep.gen.py", "src/scratch_1.py",
                "src/model.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(BUGGY)
    shown = jitguard(tmp_path, "check", "--show-files", ".").stdout.split()
    assert sorted(p.replace(os.sep, "/") for p in shown) == ["src/keep.gen.py", "src/model.py", "train.py"]
    # walking a sub-folder still obeys the repository root's .gitignore
    shown = jitguard(tmp_path / "src", "check", "--show-files", ".").stdout.split()
    assert sorted(shown) == ["keep.gen.py", "model.py"]
    # off by option or by config; a file named explicitly is always checked
    everything = jitguard(tmp_path, "check", "--show-files", "--no-respect-gitignore", ".").stdout.split()
    assert len(everything) == 6
    (tmp_path / "pyproject.toml").write_text("[tool.jitguard]\nrespect-gitignore = false\n")
    assert len(jitguard(tmp_path, "check", "--show-files", ".").stdout.split()) == 6
    (tmp_path / "pyproject.toml").unlink()
    proc = jitguard(tmp_path, "check", "--output-format", "json", "--no-project-context", "wandb/run-1/files/train.py")
    assert codes(proc) == [("wandb/run-1/files/train.py", "JG101")]


# --- --add-noqa, --quiet, colour, pipes ------------------------------------------------------------


def test_add_noqa_then_the_check_passes(tmp_path: Path) -> None:
    code = BUGGY.replace("    return -x\n", "    while x < 0:  # noqa: JG103\n        x = x + 1\n    return -x\n")
    code += 'DOC = """\nnot code\n"""\n'
    (tmp_path / "m.py").write_text(code)
    proc = jitguard(tmp_path, "check", "--add-noqa", ".")
    assert proc.returncode == 0, proc.stderr
    assert "Added 2 noqa directives." in proc.stderr
    text = (tmp_path / "m.py").read_text()
    assert "    if x > 0:  # noqa: JG101\n" in text
    assert "    while x < 0:  # noqa: JG103, JG102\n" in text
    assert text.count("noqa") == 2 and text.endswith('DOC = """\nnot code\n"""\n')
    assert jitguard(tmp_path, "check", ".").returncode == 0


def test_quiet_prints_findings_only(tmp_path: Path) -> None:
    (tmp_path / "ok.py").write_text(FIXED)
    (tmp_path / "bug.py").write_text(BUGGY)
    assert jitguard(tmp_path, "check", "-q", "ok.py").stdout == ""
    out = jitguard(tmp_path, "check", "--quiet", "--output-format", "concise", "bug.py").stdout
    assert out.startswith("bug.py:6:8: JG101") and "Found" not in out


def test_color(tmp_path: Path) -> None:
    (tmp_path / "bug.py").write_text(BUGGY)
    assert "\x1b[" not in jitguard(tmp_path, "check", "bug.py").stdout  # not a terminal
    assert "\x1b[31m" in jitguard(tmp_path, "check", "--color", "always", "bug.py").stdout
    assert "\x1b[31m" in jitguard(tmp_path, "check", "bug.py", env={"FORCE_COLOR": "1"}).stdout
    assert "\x1b[" not in jitguard(tmp_path, "check", "--color", "never", "bug.py", env={"FORCE_COLOR": "1"}).stdout
    assert "\x1b[" not in jitguard(tmp_path, "check", "bug.py", env={"NO_COLOR": "1", "FORCE_COLOR": "1"}).stdout


@pytest.mark.parametrize("args", [["rule", "JG101"], ["rule", "--all"], ["check", "--output-format", "json", "."]])
def test_a_closed_pipe_is_quiet(tmp_path: Path, args: list[str]) -> None:
    for i in range(40):
        (tmp_path / f"m{i}.py").write_text(BUGGY)
    env = {**os.environ, "JITGUARD_NO_CACHE": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "jitguard", *args], cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    proc.stdout.close()  # the reader went away before the first byte (`| head -0`)
    _, err = proc.communicate(timeout=120)
    assert b"Traceback" not in err and b"BrokenPipe" not in err, err.decode()
    assert proc.returncode == 1


# --- the text report's source line ---------------------------------------------------------------


def test_carets_under_tab_indented_code(tmp_path: Path) -> None:
    (tmp_path / "tabs.py").write_text("import jax\n\n\n@jax.jit\ndef f(x):\n\tif x > 0:\n\t\treturn x\n\treturn -x\n")
    out = jitguard(tmp_path, "check", "tabs.py").stdout.splitlines()
    at = next(i for i, line in enumerate(out) if line.startswith("   6 | "))
    shown, carets = out[at], out[at + 1]
    assert "\t" not in shown
    assert shown.index("x > 0") == carets.index("^") and carets.count("^") == len("x > 0")


def test_long_lines_are_cut_around_the_finding() -> None:
    line = "y = [" + "1, " * 8000 + "x > 0]"
    column = line.index("x > 0") + 1
    shown, offset, width = excerpt(line, column, 5)
    assert len(shown) <= MAX_WIDTH and shown.startswith("…")
    assert shown[offset:offset + width] == "x > 0"
    shown, offset, width = excerpt("\tif  x:", 6, 1)
    assert shown == "    if  x:" and shown[offset] == "x"


def test_text_report_of_a_20000_character_line(tmp_path: Path) -> None:
    body = "+".join(["x"] * 10000)
    (tmp_path / "wide.py").write_text(f"import jax\n\n\n@jax.jit\ndef f(x):\n    if {body} > 0:\n        return x\n    return x\n")
    out = jitguard(tmp_path, "check", "wide.py").stdout
    assert "JG" in out
    assert max(len(line) for line in out.splitlines()[1:3]) <= MAX_WIDTH + 10


# --- files named: the project is read for what they cause elsewhere ------------------------------


def test_named_files_report_what_they_cause_in_other_files(tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text("def normalize(x):\n    if x > 0:\n        return x\n    return -x\n")
    (tmp_path / "main.py").write_text(
        "import jax\n\nfrom helpers import normalize\n\n\n@jax.jit\ndef step(x):\n    return normalize(x)\n")
    (tmp_path / "other.py").write_text(BUGGY)  # a bug of its own, not caused by main.py
    # main.py now hands a traced value to helpers.normalize: the JG101 is in helpers.py
    proc = jitguard(tmp_path, "check", "--output-format", "json", "main.py")
    assert codes(proc) == [("helpers.py", "JG101")], proc.stdout
    assert jitguard(tmp_path, "check", "--no-project-context", "main.py").returncode == 0
    # a static declaration added in a helper: the unchanged caller breaks
    (tmp_path / "lib.py").write_text("from functools import partial\nimport jax\n\n\n"
                                     "@partial(jax.jit, static_argnames=('sizes',))\ndef mlp(x, sizes):\n    return x\n")
    (tmp_path / "use.py").write_text("from lib import mlp\n\nout = mlp(1.0, sizes=[64, 64])\n")
    proc = jitguard(tmp_path, "check", "--output-format", "json", "lib.py")
    assert codes(proc) == [("use.py", "JG203")], proc.stdout


def test_a_script_outside_any_project_reads_only_its_own_folder(tmp_path: Path) -> None:
    # No configuration, no repository: the project of a named file is its folder, not the current
    # one (run from a home directory, `jitguard check work/main.py` must not read everything under it).
    work = tmp_path / "work"
    work.mkdir()
    (work / "helpers.py").write_text("def normalize(x):\n    if x > 0:\n        return x\n    return -x\n")
    (work / "main.py").write_text(
        "import jax\n\nfrom helpers import normalize\n\n\n@jax.jit\ndef step(x):\n    return normalize(x)\n")
    unrelated = tmp_path / "downloads"
    unrelated.mkdir()
    (unrelated / "helpers.py").write_text("def normalize(x):\n    if x > 0:\n        return x\n    return -x\n")
    from jitguard.cli import _context_files
    from jitguard.lint.config import Resolver

    here = os.getcwd()
    try:
        os.chdir(tmp_path)
        context = _context_files(["work/main.py"], Resolver())
    finally:
        os.chdir(here)
    assert [p.replace(os.sep, "/") for p in context] == ["work/helpers.py"]
    # and the helper's finding that main.py causes is reported, the caller named by its path
    proc = jitguard(tmp_path, "check", "--output-format", "json", "work/main.py")
    assert codes(proc) == [("work/helpers.py", "JG101")], proc.stdout


def test_a_script_in_a_crowded_folder_reads_its_neighbours_and_packages_only(tmp_path: Path) -> None:
    # A script directly in a big unversioned folder (/tmp, a home directory): its context is what
    # it can import by name (files beside it, packages under it), not every folder below it.
    (tmp_path / "helpers.py").write_text("def normalize(x):\n    return x\n")
    pkg = tmp_path / "models"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "mlp.py").write_text("def mlp(x):\n    return x\n")
    other = tmp_path / "someone_elses_checkout" / "src"
    other.mkdir(parents=True)
    (other / "big.py").write_text("x = 1\n")
    (tmp_path / "main.py").write_text("import jax\n\nfrom helpers import normalize\n")
    from jitguard.cli import _context_files
    from jitguard.lint.config import Resolver

    here = os.getcwd()
    try:
        os.chdir(tmp_path)
        context = _context_files(["main.py"], Resolver())
    finally:
        os.chdir(here)
    assert sorted(p.replace(os.sep, "/") for p in context) == ["helpers.py", "models/__init__.py", "models/mlp.py"]


def test_the_walk_answers_settings_and_packages_without_a_stat(tmp_path: Path, monkeypatch) -> None:
    """discovery's walk hands the resolver each folder's settings (Resolver.learn) and notes each
    folder's __init__.py (discovery._LISTED), so that the run's settings and module names need no
    ``stat`` of a configuration file or of an __init__.py per folder (two and one calls a folder, a
    cost on hosts where a system call is dear: docs/performance.md); the answers are those of a
    resolver and a module-name lookup that never saw the walk."""
    from jitguard.lint import discovery
    from jitguard.lint.config import Resolver

    layout = {
        "pyproject.toml": "[tool.jitguard]\n",
        "pkg/__init__.py": "", "pkg/sub/__init__.py": "", "pkg/sub/m.py": "x = 1\n", "pkg/plain/y.py": "y = 1\n",
        "pkg/plain/deeper/__init__.py": "", "pkg/plain/deeper/z.py": "z = 1\n",
        "other/pyproject.toml": "[project]\nname = 'o'\n",  # no [tool.jitguard]: not a configuration
        "other/a.py": "a = 1\n", "other/in/b.py": "b = 1\n",
        "proj/jitguard.toml": "extend-exclude = ['skipped']\n", "proj/deep/c.py": "c = 1\n",
        "proj/skipped/d.py": "d = 1\n", "proj/deep/__init__.py/e.py": "e = 1\n",  # (a folder named __init__.py)
    }
    for rel, text in layout.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    monkeypatch.chdir(tmp_path)

    def answers(resolver: Resolver, files: list[str]) -> dict:
        return {f: (discovery.module_name(f), resolver.for_folder(os.path.dirname(os.path.abspath(f))).config_file)
                for f in files}

    walked = Resolver(cwd=tmp_path)
    files = discovery.discover(["."], walked)
    assert "proj/skipped/d.py" not in files and "proj/deep/c.py" in files and "pkg/plain/deeper/z.py" in files
    probed: list[str] = []
    real_stat = os.stat
    monkeypatch.setattr(os, "stat", lambda p, *a, **k: probed.append(str(p)) or real_stat(p, *a, **k))
    after_walk = answers(walked, files)
    assert not [p for p in probed if p.endswith(("__init__.py", "jitguard.toml", "pyproject.toml"))], probed
    monkeypatch.setattr(os, "stat", real_stat)

    discovery._LISTED.clear()
    discovery._package.cache_clear()
    fresh = answers(Resolver(cwd=tmp_path), files)
    assert after_walk == fresh
    assert fresh["pkg/sub/m.py"][0] == "pkg.sub.m" and fresh["pkg/plain/y.py"][0] == "y"
    assert fresh["pkg/plain/deeper/z.py"][0] == "deeper.z" and fresh["proj/deep/__init__.py/e.py"][0] == "e"
    assert fresh["other/in/b.py"][1] == tmp_path / "pyproject.toml"
    assert fresh["proj/deep/c.py"][1] == tmp_path / "proj" / "jitguard.toml"
