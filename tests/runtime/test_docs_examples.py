"""Every ```python block of docs/guard.md runs."""

import pathlib
import re
import warnings

import pytest

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "guard.md"
BLOCKS = re.findall(r"^```python\n(.*?)^```", DOC.read_text(encoding="utf-8"), flags=re.S | re.M)


def test_doc_has_examples():
    assert len(BLOCKS) >= 6


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_doc_example_runs(index):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        exec(compile(BLOCKS[index], f"{DOC}:block{index}", "exec"), {"__name__": f"doc_block_{index}"})
