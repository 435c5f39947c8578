"""Output formats of ``jitguard check --output-format``, run as real subprocesses.

The SARIF test validates against the official SARIF 2.1.0 schema, read from the shared data
folder beside the checkout (``<repo>/../shared/data/sarif-schema-2.1.0.json``); it is not
committed here, so that test is skipped where the file is absent.
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

from tests.sources import BUGGY
from tests.conftest import run_jitguard

REPO = Path(__file__).resolve().parent.parent
SARIF_SCHEMA = REPO.parent / "shared" / "data" / "sarif-schema-2.1.0.json"

JSON_KEYS = {"path", "line", "column", "end_line", "end_column", "code", "name", "message", "fix", "edit", "applicability", "edits", "url", "cell"}


def jitguard(cwd: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess[str]:
    return run_jitguard(cwd, *args, env=env, timeout=120, no_cache=True, unset=("NO_COLOR",))


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    (tmp_path / "bug.py").write_text(BUGGY)
    (tmp_path / "clean.py").write_text("import jax\n\nf = jax.jit(lambda x: x + 1)\n")
    sub = tmp_path / "pkg dir"
    sub.mkdir()
    (sub / "more.py").write_text("import jax\n\n\n@jax.jit\ndef g(y):\n    while y < 3:\n        y = y + 1\n    return y\n")
    return tmp_path


def test_text_is_the_default_with_source_caret_and_fix(project: Path) -> None:
    proc = jitguard(project, "check", "bug.py")
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert re.match(r"^bug\.py:6:8: JG101 Python `if` on a traced value", lines[0]), proc.stdout
    assert lines[1] == "   6 |     if x > 0:"
    assert lines[2] == " " * len("   6 | ") + " " * 7 + "^^^^^"
    assert lines[3].startswith("  = fix: ")
    assert lines[-1] == "Found 1 error in 1 file checked."
    assert "\x1b[" not in proc.stdout  # not a terminal: no colour


def _run_in_terminal(cwd: Path, args: list[str], env: dict) -> str:
    """Run jitguard with its stdout on a pseudo-terminal, as in an interactive shell."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "jitguard", *args], cwd=cwd, stdout=follower, stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL, env=env,
    )
    os.close(follower)
    chunks = []
    while True:
        ready, _, _ = select.select([leader], [], [], 60)
        if not ready:
            break
        try:
            data = os.read(leader, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=60)
    os.close(leader)
    return b"".join(chunks).decode()


def test_colour_only_on_a_terminal_and_no_color_respected(project: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(JITGUARD_NO_CACHE="1", TERM="xterm")
    coloured = _run_in_terminal(project, ["check", "bug.py"], env)
    assert "\x1b[" in coloured and "JG101" in coloured
    plain = _run_in_terminal(project, ["check", "bug.py"], {**env, "NO_COLOR": "1"})
    assert "JG101" in plain and "\x1b[" not in plain


def test_concise(project: Path) -> None:
    proc = jitguard(project, "check", "--output-format", "concise", ".")
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert lines[:-1] == sorted(lines[:-1])
    assert lines[0].startswith("bug.py:6:8: JG101 ")
    assert any(line.startswith(os.path.join("pkg dir", "more.py") + ":6:11: JG102 ") for line in lines), proc.stdout
    assert lines[-1] == "Found 2 errors in 3 files checked."
    assert all(" | " not in line for line in lines)


def test_json_schema_and_urls(project: Path) -> None:
    proc = jitguard(project, "check", "--output-format", "json", ".")
    assert proc.returncode == 1
    data = json.loads(proc.stdout)
    assert isinstance(data, list) and len(data) == 2
    for item in data:
        assert set(item) == JSON_KEYS
        assert item["url"].startswith("https://") and item["url"].endswith(f"/docs/rules/{item['code']}.md")
        assert item["line"] >= 1 and item["column"] >= 1
        assert (item["end_line"], item["end_column"]) >= (item["line"], item["column"])
    first = data[0]
    assert (first["path"], first["line"], first["column"], first["code"]) == ("bug.py", 6, 8, "JG101")
    assert (first["end_line"], first["end_column"]) == (6, 13)
    assert first["name"] == "traced-condition"
    # the documented JSON Schema (docs/cli.md) accepts it
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(data, documented_json_schema())


def documented_json_schema() -> dict:
    text = (REPO / "docs" / "cli.md").read_text()
    m = re.search(r"<!-- json-schema -->\s*```json\n(.*?)```", text, re.S)
    assert m, "docs/cli.md has no ```json block after <!-- json-schema -->"
    return json.loads(m.group(1))


def test_documented_json_schema_lists_exactly_the_keys() -> None:
    schema = documented_json_schema()
    assert set(schema["items"]["properties"]) == JSON_KEYS
    assert set(schema["items"]["required"]) == JSON_KEYS


def test_json_with_no_findings_is_an_empty_list(project: Path) -> None:
    proc = jitguard(project, "check", "--output-format", "json", "clean.py")
    assert proc.returncode == 0 and json.loads(proc.stdout) == []


def test_json_lines(project: Path) -> None:
    proc = jitguard(project, "check", "--output-format", "json-lines", ".")
    assert proc.returncode == 1
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["code"] for r in rows] == ["JG101", "JG102"]
    assert all(set(r) == JSON_KEYS for r in rows)
    assert rows == json.loads(jitguard(project, "check", "--output-format", "json", ".").stdout)


def test_github_annotations(project: Path) -> None:
    proc = jitguard(project, "check", "--output-format", "github", ".")
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert len(lines) == 2
    m = re.match(r"^::error file=([^,]+),line=(\d+),col=(\d+),title=jitguard \((JG\d+)\)::(.+)$", lines[0])
    assert m, lines[0]
    assert m.groups()[:4] == ("bug.py", "6", "8", "JG101")
    assert "\n" not in m.group(5)


def _sarif(project: Path, *paths: str) -> dict:
    proc = jitguard(project, "check", "--output-format", "sarif", *paths)
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout)


def test_sarif_rules_regions_and_levels(project: Path) -> None:
    doc = _sarif(project, ".")
    assert doc["version"] == "2.1.0"
    [run] = doc["runs"]
    rules = run["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    from jitguard.lint.codes import all_codes

    assert sorted(ids) == all_codes()
    assert all(r["helpUri"].startswith("https://") for r in rules)
    assert all(r["defaultConfiguration"]["level"] in {"error", "warning", "note"} for r in rules)
    results = run["results"]
    assert len(results) == 2
    for res in results:
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
        assert res["level"] in {"error", "warning", "note"}
    first = results[0]
    loc = first["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": "bug.py", "uriBaseId": "%SRCROOT%"}
    # SARIF regions are 1-based; endColumn is the column after the last character
    assert loc["region"] == {"startLine": 6, "startColumn": 8, "endLine": 6, "endColumn": 13}
    line = BUGGY.splitlines()[5]
    assert line[8 - 1 : 13 - 1] == "x > 0"
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
    assert "pkg%20dir/more.py" in uris  # a valid URI reference


def test_sarif_absolute_paths_are_file_uris(project: Path) -> None:
    doc = _sarif(project, str(project / "bug.py"))
    loc = doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert loc == {"uri": (project / "bug.py").as_uri()}


@pytest.mark.skipif(not SARIF_SCHEMA.is_file(), reason=f"the official SARIF 2.1.0 schema is not at {SARIF_SCHEMA}")
@pytest.mark.parametrize("paths", [(".",), ("clean.py",)], ids=["findings", "clean"])
def test_sarif_validates_against_the_official_schema(project: Path, paths: tuple[str, ...]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SARIF_SCHEMA.read_text())
    doc = _sarif(project, *paths)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    errors = sorted(cls(schema).iter_errors(doc), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:10])


def test_output_file_gets_the_report_and_stdout_stays_empty(project: Path) -> None:
    out = project / "report.json"
    proc = jitguard(project, "check", "--output-format", "json", "-o", str(out), ".")
    assert proc.returncode == 1 and proc.stdout == ""
    assert [d["code"] for d in json.loads(out.read_text())] == ["JG101", "JG102"]
    proc = jitguard(project, "check", "--output-file", "report.txt", "bug.py")
    assert proc.returncode == 1 and proc.stdout == ""
    text = (project / "report.txt").read_text()
    assert text.startswith("bug.py:6:8: JG101") and "\x1b[" not in text


def test_output_file_in_a_missing_folder_is_a_usage_error(project: Path) -> None:
    proc = jitguard(project, "check", "-o", str(project / "no" / "such" / "dir" / "r.txt"), "bug.py")
    assert proc.returncode == 2 and "cannot write" in proc.stderr and "Traceback" not in proc.stderr


def test_rule_all_json_lists_every_rule() -> None:
    proc = subprocess.run([sys.executable, "-m", "jitguard", "rule", "--all", "--output-format", "json"],
                          capture_output=True, text=True)
    assert proc.returncode == 0
    data = json.loads(proc.stdout)
    from jitguard.lint.rules import RULES_BY_CODE

    assert [d["code"] for d in data] == list(RULES_BY_CODE)
    for d in data:
        assert {"code", "name", "summary", "url", "fix_available"} <= set(d)
        assert d["url"].endswith(f"/docs/rules/{d['code']}.md")
