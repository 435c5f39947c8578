"""Every rule's messages on its rules/ examples, in one reviewed file: wording changes show in diffs.

Regenerate after a deliberate change with ``JITGUARD_UPDATE_SNAPSHOTS=1 python -m pytest
tests/test_message_snapshots.py`` and review the diff of tests/snapshots/messages.txt.
"""

from __future__ import annotations

import os
from pathlib import Path

from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files
from tests.rule_examples import ROOT, example_files

SNAPSHOT = Path(__file__).parent / "snapshots" / "messages.txt"


def render() -> str:
    out = []
    default = frozenset(all_codes()) - opt_in_codes()
    for path in example_files():
        [result] = lint_files([str(path)], LintOptions(default | {path.stem}))
        rel = path.relative_to(ROOT).as_posix()
        for f in result.findings:
            message = f.message.replace(str(ROOT) + os.sep, "")  # messages may name other files: relative
            out.append(f"{rel}:{f.line}:{f.column}: {f.code} {message}")
            if f.help:
                out.append(f"    help: {f.help}")
            if f.fix is not None:
                edits = "; ".join(f"{e.line}:{e.column}-{e.end_line}:{e.end_column} -> {e.content!r}" for e in f.fix.edits)
                out.append(f"    fix ({f.fix.applicability.value}): {edits}")
    return "\n".join(out) + "\n"


def test_messages_match_the_reviewed_snapshot():
    text = render()
    if os.environ.get("JITGUARD_UPDATE_SNAPSHOTS"):
        SNAPSHOT.parent.mkdir(exist_ok=True)
        SNAPSHOT.write_text(text, encoding="utf-8")
    expected = SNAPSHOT.read_text(encoding="utf-8")
    assert text == expected, (
        "rule messages changed: review them and regenerate tests/snapshots/messages.txt "
        "(JITGUARD_UPDATE_SNAPSHOTS=1)"
    )
