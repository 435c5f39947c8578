"""Jupyter notebooks, written by nbformat, checked by the real CLI: findings by cell in every
format, IPython syntax skipped safely, cross-cell flow, and --fix that leaves the rest of the
file byte-for-byte as it was."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output  # noqa: E402

from jitguard.lint.notebook import Notebook, NotebookError  # noqa: E402

JITTED_IF = "@jax.jit\ndef f(x):\n    if x > 0:\n        return x\n    return -x"
JITTED_OK = "@jax.jit\ndef f(x):\n    return jnp.where(x > 0, x, -x)"


def jitguard(cwd: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "JITGUARD_NO_CACHE": "1", "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "jitguard", *args], cwd=cwd, capture_output=True, text=True,
                          env=env, input=stdin, timeout=120)


def write(path: Path, cells: list) -> Path:
    nb = new_notebook(cells=cells, metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                            "language": "python"}})
    nbformat.write(nb, str(path))
    return path


def demo(path: Path, body: str = JITTED_IF) -> Path:
    return write(path, [
        new_markdown_cell("# Demo\nA markdown cell: `if x > 0:` here is not code."),
        new_code_cell("import jax\nimport jax.numpy as jnp\n%matplotlib inline\n!pip install --quiet optax"),
        new_code_cell(body, execution_count=3,
                      outputs=[new_output("stream", name="stdout", text="compiled\n")]),
        new_code_cell("%%bash\nif [ -n \"$x\" ]; then echo $x; fi"),
        new_code_cell("print(f(jnp.ones(())))", execution_count=4,
                      outputs=[new_output("execute_result", data={"text/plain": "Array(1., dtype=float32)"},
                                          execution_count=4)]),
    ])


def test_a_bug_in_a_jitted_cell_is_reported_with_its_cell(tmp_path: Path) -> None:
    demo(tmp_path / "demo.ipynb")
    proc = jitguard(tmp_path, "check", "demo.ipynb")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    # cell 3 of the notebook (the markdown cell counts), line 3 of the cell, column 8
    assert "demo.ipynb:cell 3:3:8: JG101" in proc.stdout, proc.stdout
    assert "   3 |     if x > 0:" in proc.stdout  # the cell's line, with the cell's line number
    assert "Found 1 error in 1 file checked." in proc.stdout
    assert "JG001" not in proc.stdout  # the magics, shell lines and the %%bash cell are skipped

    concise = jitguard(tmp_path, "check", "--output-format", "concise", "demo.ipynb").stdout
    assert concise.splitlines()[0].startswith("demo.ipynb:cell 3:3:8: JG101 ")


def test_a_folder_walk_finds_notebooks(tmp_path: Path) -> None:
    demo(tmp_path / "demo.ipynb")
    (tmp_path / ".ipynb_checkpoints").mkdir()
    demo(tmp_path / ".ipynb_checkpoints" / "demo-checkpoint.ipynb")
    proc = jitguard(tmp_path, "check", ".")
    assert proc.returncode == 1
    assert "demo.ipynb:cell 3:3:8: JG101" in proc.stdout
    assert "checkpoint" not in proc.stdout  # excluded by default
    assert "in 1 file checked" in proc.stdout


def test_json_sarif_and_github_carry_the_cell(tmp_path: Path) -> None:
    path = demo(tmp_path / "demo.ipynb")
    rows = json.loads(jitguard(tmp_path, "check", "--output-format", "json", "demo.ipynb").stdout)
    assert [(r["code"], r["cell"], r["line"], r["column"], r["end_line"], r["end_column"]) for r in rows] == [
        ("JG101", 3, 3, 8, 3, 13)]

    # SARIF points at the notebook file's own line where the cell's `if x > 0:` is written
    json_line = next(i for i, line in enumerate(path.read_text().splitlines(), 1) if "\"    if x > 0:" in line)
    sarif = json.loads(jitguard(tmp_path, "check", "--output-format", "sarif", "demo.ipynb").stdout)
    [result] = sarif["runs"][0]["results"]
    region = result["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": json_line}
    assert result["properties"] == {"cell": 3, "cellLine": 3, "cellColumn": 8, "cellEndLine": 3, "cellEndColumn": 13}
    schema = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "sarif-schema-2.1.0.json"
    if schema.is_file():  # the official schema, as tests/test_formats.py uses it
        jsonschema = pytest.importorskip("jsonschema")
        jsonschema.validate(sarif, json.loads(schema.read_text()))

    github = jitguard(tmp_path, "check", "--output-format", "github", "demo.ipynb").stdout
    assert f"file=demo.ipynb,line={json_line},title=jitguard (JG101)::cell 3, line 3, column 8:" in github


def test_a_clean_notebook_passes(tmp_path: Path) -> None:
    demo(tmp_path / "clean.ipynb", JITTED_OK)
    proc = jitguard(tmp_path, "check", "clean.ipynb")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "All checks passed! (1 file checked)" in proc.stdout


def test_cross_cell_flow(tmp_path: Path) -> None:
    """A function jitted in cell 2 and called in cell 5 with an unhashable static argument."""
    write(tmp_path / "flow.ipynb", [
        new_markdown_cell("setup"),
        new_code_cell("from functools import partial\nimport jax\n\n"
                      "@partial(jax.jit, static_argnames=('sizes',))\ndef mlp(x, sizes):\n    return x"),
        new_code_cell("%time 1 + 1"),
        new_markdown_cell("train"),
        new_code_cell("import jax.numpy as jnp\nout = mlp(jnp.ones(3), sizes=[64, 64])"),
    ])
    rows = json.loads(jitguard(tmp_path, "check", "--output-format", "json", "flow.ipynb").stdout)
    assert [(r["code"], r["cell"], r["line"]) for r in rows] == [("JG203", 5, 2)]
    # the fix's edit is in the cell's lines too: `[64, 64]` on line 2 of cell 5
    assert rows[0]["edit"]["start"] == {"line": 2, "column": 30}


def test_fix_round_trips_the_notebook_byte_for_byte(tmp_path: Path) -> None:
    path = write(tmp_path / "fix.ipynb", [
        new_markdown_cell("keep me"),
        new_code_cell("from functools import partial\nimport jax\nimport jax.numpy as jnp\n%load_ext autoreload\n\n"
                      "@partial(jax.jit, static_argnames=('sizes',))\ndef mlp(x, sizes):\n    return x\n\n"
                      "out = mlp(jnp.ones(3), sizes=[64, 64])  # naïve ✓",
                      execution_count=7,
                      outputs=[new_output("error", ename="ValueError", evalue="Non-hashable static arguments",
                                          traceback=["..."])],
                      metadata={"tags": ["train"], "collapsed": False}),
    ])
    original = path.read_bytes()
    proc = jitguard(tmp_path, "check", "--fix", "fix.ipynb")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    fixed = path.read_bytes()
    assert fixed == original.replace(b"sizes=[64, 64])", b"sizes=(64, 64))")
    assert fixed != original
    nb = nbformat.read(str(path), as_version=4)
    nbformat.validate(nb)
    assert nb.cells[1].outputs[0].ename == "ValueError" and nb.cells[1].execution_count == 7
    assert jitguard(tmp_path, "check", "fix.ipynb").returncode == 0


def test_fix_into_a_cell_whose_source_is_one_string(tmp_path: Path) -> None:
    """nbformat may store a cell's source as one string: the fix keeps that form."""
    path = tmp_path / "one.ipynb"
    source = ("from functools import partial\nimport jax\n\n@partial(jax.jit, static_argnums=(1,))\n"
              "def g(x, n):\n    return x\n\ng(1.0, [2])\n")
    doc = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}],
           "metadata": {"language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}
    text = json.dumps(doc, indent=2)
    path.write_text(text)
    assert jitguard(tmp_path, "check", "--fix", "one.ipynb").returncode == 0
    assert path.read_text() == text.replace("g(1.0, [2])", "g(1.0, (2,))")


def test_diff_of_a_notebook_changes_nothing(tmp_path: Path) -> None:
    path = write(tmp_path / "d.ipynb", [new_code_cell(
        "from functools import partial\nimport jax\n@partial(jax.jit, static_argnums=(1,))\ndef g(x, n):\n"
        "    return x\ng(1.0, [2])")])
    before = path.read_bytes()
    proc = jitguard(tmp_path, "check", "--diff", "d.ipynb")
    assert '-    "g(1.0, [2])"' in proc.stdout and '+    "g(1.0, (2,))"' in proc.stdout, proc.stdout
    assert path.read_bytes() == before


def test_ipython_syntax_is_skipped_safely(tmp_path: Path) -> None:
    write(tmp_path / "magic.ipynb", [
        new_code_cell("import jax\nimport jax.numpy as jnp\nfiles = !ls\n%timeit -n 3 \\\n  jnp.ones(3)\njax?\n"),
        # a `%` that starts a continuation line is Python's modulo, not a magic: kept
        new_code_cell("y = (7\n% 3)\nfor i in range(2):\n    %time jnp.ones(i)\n"),
        new_code_cell("%%writefile tool.py\nthis is not Python at all {"),
        new_code_cell(JITTED_OK),
    ])
    proc = jitguard(tmp_path, "check", "magic.ipynb")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    nb = Notebook(Path(tmp_path / "magic.ipynb").read_text())
    lines = nb.source.splitlines()
    assert "% 3)" in lines and "    pass" in lines and "files = !ls" not in lines
    assert "this is not Python at all {" not in nb.source


def test_the_body_of_a_time_cell_is_python(tmp_path: Path) -> None:
    write(tmp_path / "t.ipynb", [
        new_code_cell("import jax"),
        new_code_cell("%%time\n" + JITTED_IF),
        new_code_cell("%%timeit -n 1 x = 1\n" + JITTED_OK.replace("jnp.where", "jax.numpy.where")),
    ])
    proc = jitguard(tmp_path, "check", "--output-format", "concise", "t.ipynb")
    assert proc.stdout.startswith("t.ipynb:cell 2:4:8: JG101 "), proc.stdout
    assert proc.returncode == 1 and "JG001" not in proc.stdout


def test_a_broken_notebook_is_unreadable_not_clean(tmp_path: Path) -> None:
    (tmp_path / "broken.ipynb").write_text('{"cells": [')
    (tmp_path / "other.ipynb").write_text('{"metadata": {}}')
    proc = jitguard(tmp_path, "check", "--output-format", "concise", ".")
    assert proc.returncode == 1
    assert "broken.ipynb:1:1: JG002" in proc.stdout and "not a readable notebook" in proc.stdout
    assert "other.ipynb:1:1: JG002" in proc.stdout and "no `cells` list" in proc.stdout


def test_noqa_in_a_cell_and_add_noqa(tmp_path: Path) -> None:
    path = demo(tmp_path / "n.ipynb")
    proc = jitguard(tmp_path, "check", "--add-noqa", "n.ipynb")
    assert proc.returncode == 0 and "Added 1 noqa directive." in proc.stderr, proc.stderr
    nb = nbformat.read(str(path), as_version=4)
    assert "    if x > 0:  # noqa: JG101\n" in nb.cells[2].source
    assert jitguard(tmp_path, "check", "n.ipynb").returncode == 0


def test_line_map_and_json_lines() -> None:
    nb_text = json.dumps({"cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["# t"]},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": ["a = 1\n", "b = 2"]},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": "!ls\nc = 3\n"},
    ], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1)
    nb = Notebook(nb_text)
    assert nb.source == "a = 1\nb = 2\npass\nc = 3\n"
    assert [nb.locate(i) for i in (1, 2, 3, 4)] == [(2, 1), (2, 2), (3, 1), (3, 2)]
    text_lines = nb_text.splitlines()
    assert '"b = 2"' in text_lines[nb.json_line(2) - 1]
    assert '"!ls\\nc = 3\\n"' in text_lines[nb.json_line(4) - 1]
    with pytest.raises(NotebookError):
        Notebook('{"cells": [1]}')
