"""Reading rules/<CODE>.py: the `# expect:` markers, shared by the example and oracle tests."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "rules"
_EXPECT = re.compile(r"#\s*expect:\s*([A-Z0-9, ]+)")


def example_files() -> list[Path]:
    return sorted(RULES_DIR.glob("JG*.py"))


def expected_lines(path: Path) -> dict[int, set[str]]:
    out: dict[int, set[str]] = {}
    for no, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        m = _EXPECT.search(line)
        if m:
            out[no] = {c.strip() for c in m.group(1).split(",") if c.strip()}
    return out


def load_module(path: Path):
    name = f"jitguard_rule_example_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
