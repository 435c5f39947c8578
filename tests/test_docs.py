"""The rule pages are generated from the rules and their examples are checked by the linter."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from jitguard.lint.docs import pages
from jitguard.lint.engine import LintOptions
from jitguard.lint.rules import ALL_RULES, RULES_BY_CODE
from jitguard.lint.runner import lint_files

ROOT = Path(__file__).resolve().parent.parent
PRELUDE = "from functools import partial\nimport jax\nimport jax.numpy as jnp\nimport numpy as np\nfrom jax import lax\n\n"


def test_committed_rule_pages_match_the_metadata():
    for name, text in pages().items():
        path = ROOT / "docs" / "rules" / name
        assert path.exists(), f"{path} missing: run `python -m jitguard.lint.docs`"
        assert path.read_text("utf-8") == text, f"{path} is stale: run `python -m jitguard.lint.docs`"


def _lint(tmp_path: Path, name: str, code: str, rule):
    path = tmp_path / name
    path.write_text(PRELUDE + textwrap.dedent(code))
    codes = {r.code for r in ALL_RULES if r.default_enabled} | {rule.code}
    [result] = lint_files([str(path)], LintOptions(frozenset(codes)))
    return result


@pytest.mark.parametrize("rule", ALL_RULES, ids=[r.code for r in ALL_RULES])
def test_doc_example_is_flagged_and_fix_is_clean(rule, tmp_path):
    bad = _lint(tmp_path, "example.py", rule.example, rule)
    assert rule.code in {f.code for f in bad.findings}, f"{rule.code}'s Example is not flagged"
    good = _lint(tmp_path, "use_instead.py", rule.use_instead, rule)
    assert good.findings == [], f"{rule.code}'s 'Use instead' is flagged: {good.findings}"


@pytest.mark.parametrize("rule", ALL_RULES, ids=[r.code for r in ALL_RULES])
def test_doc_fix_really_runs_under_jax(rule):
    """The 'Use instead' code is real JAX: it compiles and runs."""
    jax = pytest.importorskip("jax")
    namespace: dict = {}
    source = textwrap.dedent(rule.use_instead)
    exec(compile(PRELUDE + source, f"<{rule.code} use_instead>", "exec"), namespace)
    if any(line and not line[0].isspace() and "(" in line and not line.startswith(("@", "def ", "class "))
           for line in source.splitlines()):
        return  # the example calls its own code at the top level, which exec just ran
    fn = next(v for k, v in namespace.items() if callable(v) and hasattr(v, "lower") and not k.startswith("_"))
    import inspect

    n = len(inspect.signature(fn).parameters)
    args = [jax.numpy.arange(1.0, 9.0)] + [1] * (n - 1)
    jax.block_until_ready(fn(*args))


def test_jitguard_rule_prints_the_page():
    out = subprocess.run([sys.executable, "-m", "jitguard", "rule", "JG101"], capture_output=True, text=True)
    assert out.returncode == 0
    assert out.stdout.strip() == RULES_BY_CODE["JG101"].render_doc().strip()
