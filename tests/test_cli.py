"""The CLI as users run it (real subprocesses), and docs/cli.md kept in step with it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.sources import BUGGY

from jitguard.lint.config import KNOWN_KEYS
from tests.conftest import run_jitguard

REPO = Path(__file__).resolve().parent.parent
DOC = REPO / "docs" / "cli.md"


def jitguard(cwd: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess[str]:
    return run_jitguard(cwd, *args, env=env, timeout=120, no_cache=True)


def _section(marker: str) -> str:
    text = DOC.read_text()
    start = text.index(marker)
    table = text[start:].split("\n\n", 2)[1]  # the table right after the marker comment
    assert table.startswith("|"), table[:80]
    return table


def _help_options(*command: str) -> set[str]:
    proc = subprocess.run([sys.executable, "-m", "jitguard", *command, "--help"], capture_output=True, text=True)
    assert proc.returncode == 0
    options = set()
    for line in proc.stdout.splitlines():
        m = re.match(r"^  (-\w(?: \w+)?, )?(--[\w-]+)", line)
        if m:
            options.add(m.group(2))
    options.discard("--help")
    return options


def test_documented_check_options_match_help() -> None:
    first_cells = [row.split("|")[1] for row in _section("<!-- check-options").splitlines()[2:]]
    documented = {opt for cell in first_cells for opt in re.findall(r"`(--[\w-]+)", cell)}
    assert documented == _help_options("check")
    assert "`paths`" in _section("<!-- check-options")


def test_documented_config_keys_match_known_keys() -> None:
    documented = set(re.findall(r"^\| `([\w-]+)` \|", _section("<!-- config-keys"), re.M))
    assert documented == set(KNOWN_KEYS)


def test_docs_mention_every_output_format_and_the_anchors() -> None:
    text = DOC.read_text()
    for fmt in ("text", "concise", "json", "json-lines", "sarif", "github"):
        assert f"**`{fmt}`**" in text
    assert "## File diagnostics" in text  # the #file-diagnostics anchor the reporters link to
    for code in ("JG001", "JG002", "JG003"):
        assert f"| {code} |" in text
    assert "guard.md" in text


def test_exit_codes(tmp_path: Path) -> None:
    (tmp_path / "bug.py").write_text(BUGGY)
    (tmp_path / "ok.py").write_text("import jax\n\nf = jax.jit(lambda x: x)\n")
    assert jitguard(tmp_path, "check", "ok.py").returncode == 0
    assert jitguard(tmp_path, "check", "bug.py").returncode == 1
    assert jitguard(tmp_path, "check", "--exit-zero", "bug.py").returncode == 0
    for args, needle in [
        (("check", "missing.py"), "path not found"),
        (("check", "--select", "XX9"), "unknown rule code"),
        (("check", "--jobs", "0", "."), "--jobs"),
        (("check", "--output-format", "xml", "."), "invalid choice"),
        (("check", "--no-such-option"), "unrecognized arguments"),
        (("rule", "JG999"), "unknown rule code"),
    ]:
        proc = jitguard(tmp_path, *args)
        assert proc.returncode == 2, (args, proc.stdout, proc.stderr)
        assert proc.stderr.startswith("jitguard: error:") and needle in proc.stderr, proc.stderr
        assert "Traceback" not in proc.stderr


def test_version_and_rule_text() -> None:
    from jitguard._version import __version__

    proc = jitguard(REPO, "--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"jitguard {__version__}"
    proc = jitguard(REPO, "rule", "jg101")
    assert proc.returncode == 0 and proc.stdout.startswith("# JG101: traced-condition")
    proc = jitguard(REPO, "rule", "--all")
    assert proc.returncode == 0 and any(line.startswith("JG101") for line in proc.stdout.splitlines())


@pytest.mark.parametrize(
    "toml, line",
    [
        ('[project]\nname = "x"\n\n[tool.jitguard]\nselect = [JG1]\n', 5),
        ('[tool.jitguard]\nexclude = ["a"]\n[tool.jitguard]\n', 3),
        ('[project]\nname = "x"\n\n[tool.jitguard]\nselect = ["JG1"\n', 6),  # unclosed: at the end
    ],
    ids=["bad-value", "duplicate-table", "unclosed-array"],
)
def test_pyproject_with_a_syntax_error_names_file_and_line(tmp_path: Path, toml: str, line: int) -> None:
    (tmp_path / "pyproject.toml").write_text(toml)
    (tmp_path / "a.py").write_text("x = 1\n")
    proc = jitguard(tmp_path, "check", ".")
    assert proc.returncode == 2
    assert str(tmp_path / "pyproject.toml") in proc.stderr and f"line {line}" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    "table, needle",
    [
        ('selectt = ["JG1"]', "unknown key 'selectt'"),
        ('select = "JG1"', "select must be a list"),
        ("jobs = true", "jobs must be a int"),
        ('ignore = ["JG9"]', "unknown rule code"),
        ('per-file-ignores = { "a.py" = "JG101" }', "per-file-ignores"),
    ],
)
def test_bad_config_is_exit_2_naming_the_file(tmp_path: Path, table: str, needle: str) -> None:
    (tmp_path / "pyproject.toml").write_text(f"[tool.jitguard]\n{table}\n")
    (tmp_path / "a.py").write_text("x = 1\n")
    proc = jitguard(tmp_path, "check", ".")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert str(tmp_path / "pyproject.toml") in proc.stderr and needle in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def test_config_excludes_per_file_ignores_and_force_exclude(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.jitguard]\nextend-exclude = ["gen/"]\nper-file-ignores = { "tests/*" = ["JG101"] }\n'
    )
    for rel in ("gen/bug.py", "tests/test_bug.py", "src/bug.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(BUGGY)
    proc = jitguard(tmp_path, "check", "--output-format", "concise", ".")
    assert proc.returncode == 1
    assert [line.split(":")[0] for line in proc.stdout.splitlines()[:-1]] == [os.path.join("src", "bug.py")]
    # named explicitly: checked, unless --force-exclude (what the pre-commit hook passes)
    assert jitguard(tmp_path, "check", "gen/bug.py").returncode == 1
    assert jitguard(tmp_path, "check", "--force-exclude", "gen/bug.py").returncode == 0


def test_suppressions(tmp_path: Path) -> None:
    base = "import jax\n\n\n@jax.jit\ndef f(x):\n    if x > 0:{comment}\n        return x\n    return -x\n"
    cases = {
        "noqa.py": (" # noqa", 0),
        "noqa_code.py": ("  # noqa: JG101", 0),
        "noqa_other.py": ("  # noqa: JG102", 1),
        "noqa_prefix.py": ("  # noqa: JG1", 0),
        "ignore.py": ("  # jitguard: ignore[JG101]", 0),
        "ignore_all.py": ("  # jitguard: ignore", 0),
        "plain.py": ("", 1),
    }
    for name, (comment, _) in cases.items():
        (tmp_path / name).write_text(base.format(comment=comment))
    (tmp_path / "skip.py").write_text("# jitguard: skip-file\n" + BUGGY)
    proc = jitguard(tmp_path, "check", "--output-format", "concise", ".")
    flagged = {line.split(":")[0] for line in proc.stdout.splitlines()[:-1]}
    assert flagged == {name for name, (_, n) in cases.items() if n}


def test_statistics(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(BUGGY)
    (tmp_path / "b.py").write_text(BUGGY)
    proc = jitguard(tmp_path, "check", "--statistics", "--output-format", "concise", ".")
    assert re.search(r"^\s+2  JG101  traced-condition$", proc.stdout, re.M), proc.stdout


def test_prefilter_skips_files_without_jax_transforms(tmp_path: Path) -> None:
    """Documented: a file that never mentions a transform is not parsed, so not syntax-checked."""
    (tmp_path / "broken_plain.py").write_text("def h(:\n")
    (tmp_path / "broken_jax.py").write_text("import jax\ng = jax.jit(\n")
    proc = jitguard(tmp_path, "check", "--output-format", "concise", ".")
    assert proc.returncode == 1
    assert [line.split(":")[0] for line in proc.stdout.splitlines()[:-1]] == ["broken_jax.py"]
    assert ": JG001 syntax error" in proc.stdout


def test_python_dash_m_and_console_script_agree(tmp_path: Path) -> None:
    import shutil

    exe = shutil.which("jitguard")
    if exe is None:
        pytest.skip("the jitguard console script is not installed")
    (tmp_path / "bug.py").write_text(BUGGY)
    a = subprocess.run([exe, "check", "--no-cache", "bug.py"], cwd=tmp_path, capture_output=True, text=True)
    b = jitguard(tmp_path, "check", "bug.py")
    assert (a.returncode, a.stdout) == (b.returncode, b.stdout)
