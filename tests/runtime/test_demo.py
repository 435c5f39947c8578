import pathlib
import re
import subprocess
import sys

DEMO = pathlib.Path(__file__).resolve().parents[2] / "examples" / "bucketing_demo.py"


def test_bucketing_demo_reduces_compiles():
    out = subprocess.run([sys.executable, str(DEMO)], capture_output=True, text=True, check=True, timeout=120)
    m = re.search(r"compiles: (\d+) without buckets vs (\d+) with pad_to_bucket", out.stdout)
    assert m, out.stdout
    before, after = map(int, m.groups())
    assert after < before and after <= 2
    assert "pad to (128" in out.stderr  # the guard's suggested fix, via the jitguard logger
