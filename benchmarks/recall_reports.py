"""Recall of `jitguard check` on real bug reports (tests/reports/) and on the rule examples (rules/).

    python benchmarks/recall_reports.py            # tables: recall per family and per class, look-alike FPs
    python benchmarks/recall_reports.py -v         # ... and every missed line / flagged look-alike
    python benchmarks/recall_reports.py --json     # the same numbers as JSON
    python benchmarks/recall_reports.py --emit-xfail   # MISSED / FLAGGED_LOOK_ALIKES for tests/test_reports.py
    python benchmarks/recall_reports.py --emit-doc-tables   # the two tables of docs/recall.md
    python benchmarks/recall_reports.py --dir tests/variants -v   # the same for the variants (tests/variants/)

A marked line (`# expect: JGxxx`) is caught when jitguard reports that code on that line; the
"any code" column also counts a finding with another code on the line. A look-alike is a report's
legal fix (its `# --- must not be flagged ---` section): any finding there is a false positive.
For rules/<CODE>.py every unmarked line is a look-alike. Each file is linted alone, with every
rule that is on by default (as tests/test_reports.py does; a rules/ file also with its own rule,
as tests/test_rule_examples.py does). Does not need jax.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.reports._corpus import CLASSES, FAMILIES, all_reports  # noqa: E402

_EXPECT = re.compile(r"#\s*expect:\s*([A-Z0-9, ]+)")


def lint(path: Path, extra_codes: frozenset[str] = frozenset()) -> dict[int, set[str]]:
    from jitguard.lint.codes import all_codes, opt_in_codes
    from jitguard.lint.engine import LintOptions
    from jitguard.lint.runner import lint_files

    codes = (frozenset(all_codes()) - opt_in_codes()) | extra_codes
    [result] = lint_files([str(path)], LintOptions(codes))
    if result.errors:
        raise SystemExit(f"{path}: {result.errors}")
    found: dict[int, set[str]] = defaultdict(set)
    for f in result.findings:
        found[f.line].add(f.code)
    return found


def measure_reports(directory: Path | None = None):
    rows = []
    for report in all_reports(*([directory] if directory else [])):
        found = lint(report.path)
        for line, codes in sorted(report.expected.items()):
            got = found.get(line, set())
            rows.append({
                "report": report.name, "family": report.family, "class": report.klass, "line": line,
                "expected": sorted(codes), "reported": sorted(got),
                "caught": codes <= got, "caught_any_code": bool(got), "source": report.source,
            })
        flagged = {line: sorted(c) for line, c in found.items() if line in report.legal_lines}
        rows.append({"report": report.name, "family": report.family, "class": report.klass,
                     "look_alike": True, "flagged": flagged})
    return rows


def measure_rule_examples():
    out = []
    for path in sorted((ROOT / "rules").glob("JG*.py")):
        marked: dict[int, set[str]] = {}
        for no, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            m = _EXPECT.search(line)
            if m:
                marked[no] = {c.strip() for c in m.group(1).split(",") if c.strip()}
        found = lint(path, frozenset({path.stem}))  # a rule's own file also selects it when opt-in
        caught = sum(1 for line, codes in marked.items() if codes <= found.get(line, set()))
        false = {line: sorted(c) for line, c in found.items() if line not in marked}
        out.append({"file": path.name, "marked": len(marked), "caught": caught, "false_positive_lines": false})
    return out


def _ratio(a: int, b: int) -> str:
    return f"{a / b:.2f}" if b else "-"


def tables(rows, examples, verbose: bool) -> str:
    marked = [r for r in rows if "look_alike" not in r]
    looks = [r for r in rows if "look_alike" in r]
    lines = []
    caught = sum(r["caught"] for r in marked)
    lines.append(f"Reports: {len(looks)} files, {len(marked)} marked lines; caught {caught} "
                 f"(recall {_ratio(caught, len(marked))}); any code on the line: "
                 f"{sum(r['caught_any_code'] for r in marked)}")
    flagged = [r for r in looks if r["flagged"]]
    lines.append(f"Look-alikes flagged: {len(flagged)} of {len(looks)} reports "
                 f"({sum(len(r['flagged']) for r in flagged)} lines)")
    for key, names, title in (("family", FAMILIES, "family"), ("class", CLASSES, "class")):
        lines.append("")
        lines.append(f"| {title} | reports | marked lines | caught | recall | look-alikes flagged |")
        lines.append("|---|---|---|---|---|---|")
        for k, name in names.items():
            m = [r for r in marked if r[key] == k]
            la = [r for r in looks if r[key] == k]
            c = sum(r["caught"] for r in m)
            label = f"{k}: {name}" if key == "class" else f"{k} ({name})"
            lines.append(f"| {label} | {len(la)} | {len(m)} | {c} | {_ratio(c, len(m))} | "
                         f"{sum(1 for r in la if r['flagged'])} |")
    lines.append("")
    ex_marked = sum(e["marked"] for e in examples)
    ex_caught = sum(e["caught"] for e in examples)
    ex_false = sum(len(e["false_positive_lines"]) for e in examples)
    lines.append(f"Rule examples (rules/): {ex_caught}/{ex_marked} marked lines caught "
                 f"(recall {_ratio(ex_caught, ex_marked)}), {ex_false} unmarked lines flagged")
    if verbose:
        lines.append("")
        lines.append("Missed:")
        for r in marked:
            if not r["caught"]:
                lines.append(f"  {r['report']}:{r['line']} class {r['class']} expected {r['expected']} "
                             f"reported {r['reported'] or 'nothing'}")
        lines.append("Look-alikes flagged:")
        for r in flagged:
            lines.append(f"  {r['report']}: {r['flagged']}")
        for e in examples:
            if e["marked"] != e["caught"] or e["false_positive_lines"]:
                lines.append(f"  rules/{e['file']}: caught {e['caught']}/{e['marked']}, "
                             f"unmarked flagged {e['false_positive_lines']}")
    return "\n".join(lines)


def emit_xfail(rows) -> str:
    missed: dict[str, list[int]] = defaultdict(list)
    for r in rows:
        if "look_alike" not in r and not r["caught"]:
            missed[r["report"]].append(r["line"])
    looks = {r["report"]: sorted(r["flagged"]) for r in rows if "look_alike" in r and r["flagged"]}
    out = ["MISSED: dict[str, set[int]] = {"]
    out += [f'    "{name}": {{{", ".join(map(str, lines))}}},' for name, lines in sorted(missed.items())]
    out += ["}", "", "FLAGGED_LOOK_ALIKES: dict[str, set[int]] = {"]
    out += [f'    "{name}": {{{", ".join(map(str, lines))}}},' for name, lines in sorted(looks.items())]
    out += ["}"]
    return "\n".join(out)


def doc_tables(rows) -> str:
    """The family and class tables of docs/recall.md (tests/test_reports.py checks them)."""
    marked = [r for r in rows if "look_alike" not in r]
    looks = [r for r in rows if "look_alike" in r]

    def agg(keep):
        m = [r for r in marked if keep(r)]
        c = sum(r["caught"] for r in m)
        return len(m), c, _ratio(c, len(m)), sum(1 for r in looks if keep(r) and r["flagged"])

    out = ["| family | reports | caught | recall | look-alikes flagged |", "|---|---|---|---|---|"]
    for key, name in FAMILIES.items():
        n, c, rec, fl = agg(lambda r: r["family"] == key)
        out.append(f"| {key} ({name}) | {n} | {c} | {rec} | {fl} |")
    n, c, rec, fl = agg(lambda r: True)
    out.append(f"| **all** | **{n}** | **{c}** | **{rec}** | **{fl}** |")
    out += ["", "| class | reports | caught | recall |", "|---|---|---|---|"]
    for key, name in CLASSES.items():
        n, c, rec, _ = agg(lambda r: r["class"] == key)
        out.append(f"| {key}: {name} | {n} | {c} | {rec} |")
    return "\n".join(out)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--emit-xfail", action="store_true")
    parser.add_argument("--emit-doc-tables", action="store_true")
    parser.add_argument("--dir", type=Path, help="another folder of files in the reports' format (tests/variants)")
    args = parser.parse_args(argv)
    rows = measure_reports(args.dir.resolve() if args.dir else None)
    if args.emit_xfail:
        print(emit_xfail(rows))
        return 0
    if args.emit_doc_tables:
        print(doc_tables(rows))
        return 0
    examples = [] if args.dir else measure_rule_examples()
    if args.json:
        print(json.dumps({"reports": rows, "rule_examples": examples}, indent=1, default=sorted))
    else:
        print(tables(rows, examples, args.verbose))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
