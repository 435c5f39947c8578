"""``jitguard check`` / ``rule`` / ``report`` / ``run``: ruff-like commands and exit codes.

Exit codes: 0 no findings, 1 findings, 2 usage, config or internal error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from jitguard._version import __version__
from jitguard.lint.config import ConfigError, Settings, default_jobs, load, validate_codes
from jitguard.lint.codes import all_codes

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, like ruff
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def _codes(value: str) -> list[str]:
    return [c.strip().upper() for c in value.split(",") if c.strip()]


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="jitguard", description="Catch JAX tracer errors and recompilation hazards before they run.")
    parser.add_argument("--version", action="version", version=f"jitguard {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    check = sub.add_parser("check", help="lint Python files", description="Lint Python files for JAX tracing bugs.")
    check.add_argument("paths", nargs="*", default=["."], help="files or folders (default: .)")
    check.add_argument("--select", type=_codes, default=None, help="rule codes or prefixes to enable (e.g. JG1,JG201)")
    check.add_argument("--extend-select", type=_codes, default=None, help="codes or prefixes to enable on top of the configured ones")
    check.add_argument("--ignore", type=_codes, default=None, help="rule codes or prefixes to disable")
    check.add_argument("--exclude", action="append", default=None, help="glob of paths to skip (on top of the defaults)")
    check.add_argument("--extend-exclude", action="append", default=None, help="glob of paths to skip (on top of the configured ones)")
    check.add_argument("--force-exclude", action="store_true", help="apply excludes to files named on the command line too")
    check.add_argument("--output-format", default="text", choices=["text", "concise", "json", "json-lines", "sarif", "github"],
                       help="report format (default: text; see docs/cli.md)")
    check.add_argument("-o", "--output-file", default=None, help="write the report to this file")
    check.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    check.add_argument("--statistics", action="store_true", help="count findings per rule")
    check.add_argument("--config", default=None, help="pyproject.toml to read [tool.jitguard] from")
    check.add_argument("--no-cache", action="store_true", help="do not read or write the cache")
    check.add_argument("--cache-dir", default=None, help="cache folder (default: .jitguard_cache)")
    check.add_argument("-j", "--jobs", type=int, default=None, help="worker processes (default: all cores)")
    check.add_argument("--fix", action="store_true", help="apply the safe automatic fixes")
    check.add_argument("--unsafe-fixes", action="store_true", help="with --fix/--diff, also apply fixes that change code style")
    check.add_argument("--diff", action="store_true", help="print the fixes as a diff, change nothing")

    rule = sub.add_parser("rule", help="explain a rule", description="Print a rule's documentation.")
    rule.add_argument("code", nargs="?", help="rule code, e.g. JG101")
    rule.add_argument("--all", action="store_true", help="list every rule")
    rule.add_argument("--output-format", default="text", choices=["text", "json"], help="text (default) or json metadata")

    report = sub.add_parser("report", help="render a JITGUARD_LOG compile log as a table", add_help=False)
    report.add_argument("rest", nargs=argparse.REMAINDER)

    run = sub.add_parser("run", help="run a Python program with every jitted function guarded", add_help=False)
    run.add_argument("rest", nargs=argparse.REMAINDER)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "report":
        from jitguard.runtime.logfile import report_main

        return report_main(argv[1:])
    if argv and argv[0] == "run":
        from jitguard.runtime.launch import main as run_main

        return run_main(argv[1:])
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command == "check":
            return run_check(args)
        if args.command == "rule":
            return run_rule(args)
        parser.print_help()
        return EXIT_ERROR
    except (UsageError, ConfigError) as exc:
        print(f"jitguard: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return 130


def settings_for(args: argparse.Namespace) -> Settings:
    settings = load(Path(args.config) if args.config else None)
    codes = all_codes()
    for name in ("select", "extend_select", "ignore"):
        value = getattr(args, name)
        if value is not None:
            validate_codes(value, codes, f"--{name.replace('_', '-')}")
    if args.select is not None:
        settings.select = args.select
    if args.extend_select:
        settings.extend_select += args.extend_select
    if args.ignore:
        settings.ignore += args.ignore
    for extra in (args.exclude or []) + (args.extend_exclude or []):
        settings.extend_exclude.append(extra)
    if args.cache_dir:
        settings.cache_dir = args.cache_dir
    if args.jobs is not None:
        if args.jobs < 1:
            raise UsageError("--jobs must be at least 1")
        settings.jobs = args.jobs
    return settings


def run_check(args: argparse.Namespace) -> int:
    from jitguard.lint.discovery import MissingPath, discover
    from jitguard.lint.engine import LintOptions
    from jitguard.lint.reporters import FORMATS, Report
    from jitguard.lint.runner import lint_files

    settings = settings_for(args)
    try:
        files = discover(args.paths, settings, force_exclude=args.force_exclude)
    except MissingPath as exc:
        raise UsageError(f"path not found: {exc}") from None
    codes = settings.enabled_codes()
    options = LintOptions(frozenset(codes), tuple(settings.extend_jit_names))
    cache_dir = None
    if not args.no_cache and not os.environ.get("JITGUARD_NO_CACHE"):
        cache_dir = Path(settings.cache_dir) if settings.cache_dir else settings.root / ".jitguard_cache"
    jobs = settings.jobs or default_jobs()
    results = lint_files(files, options, jobs=jobs, cache_dir=cache_dir, cache_key=settings.fingerprint())

    findings = []
    errors = []
    for res in results:
        ignored = settings.ignored_for(Path(res.path))
        findings.extend(f for f in res.findings if f.code in codes and not any(f.code.startswith(i) for i in ignored))
        errors.extend(res.errors)
    findings.sort()

    if args.fix or args.diff:
        from jitguard.lint.fixes import apply_fixes

        findings, fix_errors = apply_fixes(findings, diff=args.diff, unsafe=args.unsafe_fixes)
        errors.extend(fix_errors)

    out_stream = sys.stdout
    color = (
        args.output_file is None
        and sys.stdout.isatty()
        and not os.environ.get("NO_COLOR")
        and os.environ.get("TERM") != "dumb"
    )
    sources: dict[str, list[str]] = {}
    if args.output_format == "text":
        for f in findings:
            if f.path not in sources:
                try:
                    sources[f.path] = Path(f.path).read_text("utf-8", errors="replace").splitlines()
                except OSError:
                    sources[f.path] = []
    report = Report(findings, len(files), errors, color, args.statistics, sources)
    text = FORMATS[args.output_format](report)
    if args.output_file:
        try:
            Path(args.output_file).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"cannot write {args.output_file}: {exc.strerror or exc}") from None
    else:
        out_stream.write(text)
    for err in errors:
        print(f"jitguard: error: {err}", file=sys.stderr)
    if errors:
        return EXIT_ERROR
    if findings and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_CLEAN


def run_rule(args: argparse.Namespace) -> int:
    from jitguard.lint.rules import ALL_RULES, RULES_BY_CODE

    if args.all:
        if args.output_format == "json":
            print(json.dumps([r().metadata() for r in ALL_RULES], indent=2))
        else:
            for r in ALL_RULES:
                print(f"{r.code}  {r.name:<32} {r.summary}")
        return EXIT_CLEAN
    if not args.code:
        raise UsageError("give a rule code (e.g. `jitguard rule JG101`) or --all")
    rule = RULES_BY_CODE.get(args.code.upper())
    if rule is None:
        raise UsageError(f"unknown rule code {args.code!r} (see `jitguard rule --all`)")
    if args.output_format == "json":
        print(json.dumps({**rule().metadata(), "doc": rule.render_doc()}, indent=2))
    else:
        print(rule.render_doc())
    return EXIT_CLEAN


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
