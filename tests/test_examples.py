"""examples/: the linter reports exactly the lines marked `# bug:`, and JAX agrees they are bugs."""

from __future__ import annotations

import json
import subprocess
import sys
import traceback
from pathlib import Path

import pytest

from tests.rule_examples import load_module

ROOT = Path(__file__).resolve().parent.parent
TRAIN = ROOT / "examples" / "train_mlp.py"


def bug_lines(path: Path) -> set[int]:
    return {i for i, line in enumerate(path.read_text().splitlines(), 1) if "# bug:" in line}


def test_examples_findings_are_exactly_the_bugs():
    proc = subprocess.run(
        [sys.executable, "-m", "jitguard", "check", "--no-cache", "--output-format", "json", "examples"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert proc.returncode == 1, proc.stderr
    found = json.loads(proc.stdout)
    by_file: dict[str, set[int]] = {}
    for f in found:
        by_file.setdefault(Path(f["path"]).name, set()).add(f["line"])
        assert f["fix"], f"finding without advice: {f}"
    for path in sorted((ROOT / "examples").glob("*.py")):
        assert by_file.get(path.name, set()) == bug_lines(path), path.name


def test_jax_raises_at_each_bug():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    mod = load_module(TRAIN)
    params = mod.init_params(jax.random.key(0), (4, 3, 2))
    batch = {"x": jnp.ones((2, 4)), "y": jnp.array([0, 1])}
    calls = [
        lambda: mod.train_step(params, batch, 0.1, jax.random.key(1), training=True),
        lambda: mod.train_step(params, batch, 0.1, jax.random.key(1), training=None),
        lambda: mod.evaluate(params, batch["x"], batch["y"], num_classes=2),
        lambda: mod.log_metrics(0, jnp.float32(1.0)),
        lambda: mod.warmup_schedule(0, 0.1),
    ]
    bugs = bug_lines(TRAIN)
    reached = set()
    for call in calls:
        with pytest.raises(Exception) as info:
            call()
        lines = {fr.lineno for fr in traceback.extract_tb(info.value.__traceback__) if fr.filename == str(TRAIN)}
        assert lines & bugs, f"{type(info.value).__name__} raised outside the marked bugs: {info.value}"
        reached |= lines & bugs
    assert reached == bugs
