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


# Every module loaded stays alive for the session. JAX's jit caches compare a new call's pytree
# structure with the structures cached for other jitted functions, and a registered class is matched
# by identity: under JAX 0.10.2, the first call of a fresh `jax.jit` of the same code with the same
# registered class and an array in its metadata raised the metadata-equality ValueError 299 times in
# 300. When an example module was freed and reloaded, its new class could be allocated where the old
# one was, and rules/JG203.py's "first call compiles and runs" then raised from the first call (once
# in 40 reloads here, and in a CI run). Kept alive, no address is reused.
_LOADED: list = []


def load_module(path: Path, name: str | None = None):
    """Execute ``path`` as a fresh module (``name``: its name in sys.modules), kept alive (above)."""
    name = name or f"jitguard_rule_example_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    _LOADED.append(module)
    spec.loader.exec_module(module)
    return module
