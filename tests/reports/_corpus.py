"""Reading tests/reports/<family>_<slug>.py: real bug reports reduced to runnable snippets.

Each report file starts with header comments:

    # Report: <owner/repo>#<number> <address>      (or a Q&A page address)
    # Class: <1-6> (<the class of issue 11 it belongs to>)
    # Rule: <code the marked line should get>[; note when no rule fits exactly]

then the user's code, reduced, under `# --- must be flagged ---`, with `# expect: JGxxx` on the
line where jitguard should report it, and the legal fix as a look-alike under
`# --- must not be flagged ---`. At the end, the oracle (run under real JAX by
tests/test_reports.py):

* `RAISES = [(call, "ErrorName"), ...]`: tracer errors and hashing errors; each call raises that
  error from a marked line (the same contract as rules/<CODE>.py);
* `RUNS = [call, ...]`: the legal fix runs;
* `GROWS = [fn, ...]` / `BOUNDED = [fn, ...]`: churn, as in rules/JG30x.py: `fn(n)` runs a loop of
  n iterations; a GROWS loop compiles more for n=4 than for n=2 (real XLA compiles counted), a
  BOUNDED look-alike compiles the same number of times for both;
* `COMPILES = [(fn, name, n), ...]`: churn whose count does not grow with a loop (a partial last
  batch): while `fn()` runs, the jitted function `name` compiles exactly n times, the bug more
  often than its fix.

tests/variants/ holds files in the same format, each a variant of a report (the same JAX bug
reached through another code shape): their header names the report with `# Variant of:
tests/reports/<file>` instead of `# Report:`; pass the folder to `report_files`/`all_reports`.

This module imports neither jax nor jitguard: the benchmark and the tests share it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

REPORTS_DIR = Path(__file__).resolve().parent
ROOT = REPORTS_DIR.parent.parent
VARIANTS_DIR = ROOT / "tests" / "variants"
FAMILIES = {
    "control": "traced control flow",
    "concrete": "concretization",
    "static": "static arguments",
    "churn": "recompilation churn",
}
CLASSES = {
    1: "values inside containers and objects",
    2: "arguments JAX needs static",
    3: "everything created inside jit is traced",
    4: "NumPy and Python on traced values, deeper",
    5: "what reaches a static position",
    6: "churn that comes from data",
}
_EXPECT = re.compile(r"#\s*expect:\s*([A-Z0-9, ]+)")
_HEADER = re.compile(r"^#\s*(Report|Variant of|Class|Rule):\s*(.*)$")
FLAGGED_MARK = "# --- must be flagged ---"
LEGAL_MARK = "# --- must not be flagged ---"


@dataclass
class Report:
    path: Path
    family: str
    source: str
    klass: int
    rule: str
    expected: dict[int, set[str]] = field(default_factory=dict)
    legal_lines: range = range(0)  # the look-alike section (1-based line numbers)

    @property
    def name(self) -> str:
        return self.path.stem


def report_files(directory: Path = REPORTS_DIR) -> list[Path]:
    return sorted(p for p in directory.glob("*.py") if not p.name.startswith("_"))


def read_report(path: Path) -> Report:
    lines = path.read_text("utf-8").splitlines()
    header: dict[str, str] = {}
    for line in lines[:12]:
        m = _HEADER.match(line)
        if m:
            header[m.group(1)] = m.group(2).strip()
    if "Variant of" in header and "Report" not in header:  # tests/variants/: the report it varies
        header["Report"] = header["Variant of"]
    family = path.stem.split("_", 1)[0]
    if family not in FAMILIES:
        raise ValueError(f"{path.name}: unknown family {family!r} (one of {sorted(FAMILIES)})")
    for key in ("Report", "Class", "Rule"):
        if key not in header:
            raise ValueError(f"{path.name}: header comment '# {key}: ...' is missing")
    klass = int(header["Class"].split()[0])
    if klass not in CLASSES:
        raise ValueError(f"{path.name}: class {klass} is not one of {sorted(CLASSES)}")
    expected: dict[int, set[str]] = {}
    for no, line in enumerate(lines, 1):
        m = _EXPECT.search(line)
        if m:
            expected[no] = {c.strip() for c in m.group(1).split(",") if c.strip()}
    try:
        start = next(i for i, line in enumerate(lines, 1) if line.strip() == LEGAL_MARK)
    except StopIteration:
        raise ValueError(f"{path.name}: no '{LEGAL_MARK}' section") from None
    end = next((i for i, line in enumerate(lines, 1) if i > start and re.match(r"^(RAISES|RUNS|GROWS|BOUNDED|COMPILES)\s*=", line)),
               len(lines) + 1)
    if any(start < no < end for no in expected):
        raise ValueError(f"{path.name}: a marked line in the look-alike section")
    return Report(path, family, header["Report"], klass, header["Rule"].split()[0].rstrip(";,"),
                  expected, range(start + 1, end))


def all_reports(directory: Path = REPORTS_DIR) -> list[Report]:
    return [read_report(p) for p in report_files(directory)]


def load_module(path: Path):
    """The report as a fresh module, kept alive for the session (tests/rule_examples.py says why)."""
    from tests.rule_examples import load_module as load_kept_alive

    return load_kept_alive(path, f"jitguard_report_{path.stem.replace('-', '_')}")
