"""``jitguard check`` / ``rule`` / ``report`` / ``run``: ruff-like commands and exit codes.

Exit codes: 0 no findings, 1 findings, 2 usage, config or internal error.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

from jitguard._version import __version__
from jitguard.lint.config import ConfigError, Resolver, Settings, default_jobs, load, validate_codes  # noqa: F401
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

    check = sub.add_parser("check", help="lint Python files and notebooks",
                           description="Lint Python files and Jupyter notebooks for JAX tracing bugs.")
    check.add_argument("paths", nargs="*", default=None, help="files or folders (default: .); `-` reads standard input")
    check.add_argument("--select", type=_codes, default=None, help="rule codes or prefixes to enable (e.g. JG1,JG201; ALL)")
    check.add_argument("--extend-select", type=_codes, default=None, help="codes or prefixes to enable on top of the configured ones")
    check.add_argument("--ignore", type=_codes, default=None, help="rule codes or prefixes to disable")
    check.add_argument("--exclude", action="append", default=None, help="glob of paths to skip (on top of the defaults)")
    check.add_argument("--extend-exclude", action="append", default=None, help="glob of paths to skip (on top of the configured ones)")
    check.add_argument("--force-exclude", action="store_true", help="apply excludes to files named on the command line too")
    check.add_argument("--respect-gitignore", dest="respect_gitignore", action="store_true", default=None,
                       help="skip what .gitignore, .ignore and .git/info/exclude list (the default)")
    check.add_argument("--no-respect-gitignore", dest="respect_gitignore", action="store_false",
                       help="check ignored files too")
    check.add_argument("--output-format", default="text", choices=["text", "concise", "json", "json-lines", "sarif", "github"],
                       help="report format (default: text; see docs/cli.md)")
    check.add_argument("-o", "--output-file", default=None, help="write the report to this file")
    check.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    check.add_argument("--statistics", action="store_true", help="count findings per rule")
    check.add_argument("-q", "--quiet", action="store_true", help="print the findings only: no summary line, no notes")
    check.add_argument("--color", choices=["auto", "always", "never"], default="auto",
                       help="color the text report (auto: on a terminal, unless NO_COLOR; FORCE_COLOR forces it)")
    check.add_argument("--config", default=None, help="configuration file for every file (default: the nearest one above each file)")
    check.add_argument("--no-cache", action="store_true", help="do not read or write the cache")
    check.add_argument("--cache-dir", default=None, help="cache folder (default: .jitguard_cache)")
    check.add_argument("-j", "--jobs", type=int, default=None, help="worker processes (default: all cores)")
    check.add_argument("--fix", action="store_true", help="apply the safe automatic fixes")
    check.add_argument("--unsafe-fixes", action="store_true", help="with --fix/--diff, also apply the unsafe fixes")
    check.add_argument("--diff", action="store_true", help="print the fixes as a diff, change nothing")
    check.add_argument("--add-noqa", action="store_true", help="add `# noqa: CODE` to every line with a finding (to adopt jitguard on existing code)")
    check.add_argument("--stdin-filename", default=None, help="the name of the file read from standard input (for settings and messages)")
    check.add_argument("--show-files", action="store_true", help="list the files that would be checked, and stop")
    check.add_argument("--show-settings", action="store_true", help="print the settings of the first path given, and stop")
    check.add_argument("--no-project-context", action="store_true",
                       help="with files named (pre-commit), do not read the rest of the project for cross-file findings")

    rule = sub.add_parser("rule", help="explain a rule", description="Print a rule's documentation.")
    rule.add_argument("code", nargs="?", help="rule code, e.g. JG101")
    rule.add_argument("--all", action="store_true", help="list every rule")
    rule.add_argument("--output-format", default="text", choices=["text", "json"], help="text (default) or json metadata")

    sub.add_parser("server", help="run the language server on standard input/output (needs jitguard[lsp])",
                   description="A Language Server Protocol server: diagnostics, fixes and rule docs in your editor.")

    report = sub.add_parser("report", help="render a JITGUARD_LOG compile log as a table", add_help=False)
    report.add_argument("rest", nargs=argparse.REMAINDER)

    run = sub.add_parser("run", help="run a Python program with every jitted function guarded", add_help=False)
    run.add_argument("rest", nargs=argparse.REMAINDER)
    return parser


def main(argv: list[str] | None = None) -> int:
    """The command line. A closed pipe (``jitguard rule JG101 | head -3``) ends it quietly, exit 1."""
    try:
        code = _main(argv)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # as the Python docs advise: point stdout at devnull so the flush at exit cannot fail again
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return EXIT_FINDINGS


def _main(argv: list[str] | None) -> int:
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
        if args.command == "server":
            return run_server()
        parser.print_help()
        return EXIT_ERROR
    except (UsageError, ConfigError) as exc:
        print(f"jitguard: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return 130


def run_server() -> int:
    try:
        from jitguard.lint.server import main as server_main
    except ImportError as exc:
        raise UsageError(f"`jitguard server` needs the lsp extra: pip install 'jitguard[lsp]' ({exc})") from None
    return server_main()


def overrides(args: argparse.Namespace):
    """The command line's settings, applied on top of every configuration file's."""
    codes = all_codes()
    for name in ("select", "extend_select", "ignore"):
        value = getattr(args, name, None)
        if value is not None:
            validate_codes(value, codes, f"--{name.replace('_', '-')}")
    jobs = getattr(args, "jobs", None)
    if jobs is not None and jobs < 1:
        raise UsageError("--jobs must be at least 1")

    def apply(settings: Settings) -> None:
        if getattr(args, "select", None) is not None:
            settings.select = list(args.select)
        if getattr(args, "extend_select", None):
            settings.extend_select = settings.extend_select + args.extend_select
        if getattr(args, "ignore", None):
            settings.ignore = settings.ignore + args.ignore
        extra = (getattr(args, "exclude", None) or []) + (getattr(args, "extend_exclude", None) or [])
        if extra:
            settings.extend_exclude = settings.extend_exclude + extra
        if getattr(args, "cache_dir", None):
            settings.cache_dir = args.cache_dir
        if jobs is not None:
            settings.jobs = jobs
        if getattr(args, "respect_gitignore", None) is not None:
            settings.respect_gitignore = args.respect_gitignore

    return apply


def resolver_for(args: argparse.Namespace) -> Resolver:
    config = getattr(args, "config", None)
    return Resolver(Path(config) if config else None, overrides(args))


def settings_for(args: argparse.Namespace) -> Settings:
    """The settings of the current folder, command line included (kept for callers of old)."""
    return resolver_for(args).for_folder(Path.cwd())


def use_color(choice: str, stream) -> bool:
    """--color always/never; else NO_COLOR turns it off, FORCE_COLOR on, and a terminal decides."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        tty = False
    return tty and os.environ.get("TERM") != "dumb"


class Run:
    """One lint run over files with per-file settings (each file: its nearest configuration)."""

    def __init__(self, resolver: Resolver, no_cache: bool = False) -> None:
        self.resolver = resolver
        self.main = resolver.for_folder(Path.cwd())
        self.cache_dir: Path | None = None
        if not no_cache and not os.environ.get("JITGUARD_NO_CACHE"):
            self.cache_dir = Path(self.main.cache_dir) if self.main.cache_dir else self.main.root / ".jitguard_cache"
        self.jobs = self.main.jobs or default_jobs()
        self._codes: dict[int, set[str]] = {}
        self._by_folder: dict[str, Settings] = {}  # a file's folder as written -> its settings
        self._forked = None  # (cache key, runner._Forked) started by fork_early
        self._cwd = os.getcwd()  # (os.path.abspath(p) is normpath(join(getcwd(), p)): read once, not per folder)

    def _group(self, files: list[str]) -> tuple[tuple, set[str]]:
        """The group key (extra jit names, oldest Python) of ``files`` (of one group) and their codes."""
        codes: set[str] = set()
        for here in {id(s): s for s in map(self.settings, files)}.values():
            codes |= self.codes(here)
        here = self.settings(files[0])
        return (tuple(here.extend_jit_names), here.python_floor), codes

    @staticmethod
    def _cache_key(names: tuple, floor, codes: set[str]) -> str:
        return repr((sorted(codes), sorted(names), floor) if floor is not None else (sorted(codes), sorted(names)))

    def fork_early(self, files: list[str]) -> None:
        """The pre-commit hook (named files, the project around them read as context): start the
        forked process that lints the changed ones (runner._Forked) now, before the project's files
        are discovered, so that its import of the engine starts ~0.035 s earlier (the critical path
        of a warm hook, docs/performance.md). Used by :meth:`lint` for the group of the same cache
        key, if its first files are these; closed otherwise."""
        if self.cache_dir is None or self.jobs <= 1 or not files:
            return
        from jitguard.lint import runner

        if len({(tuple(s.extend_jit_names), s.python_floor) for s in map(self.settings, files)}) != 1:
            return  # (the named files in several groups: the runner decides per group)
        group, codes = self._group(files)
        key = self._cache_key(*group, codes)
        if runner._Forked.worth(files, self.cache_dir, key):
            forked = runner._Forked.start()
            if forked is not None:
                self._forked = (key, group, list(files), forked)

    def codes(self, settings: Settings) -> set[str]:
        found = self._codes.get(id(settings))
        if found is None:
            found = self._codes[id(settings)] = settings.enabled_codes()
        return found

    def lint(self, files: list[str]):
        """Lint ``files``: one lint_files call per set of extra jit names (usually one), with every
        rule any of their settings enables; the findings are then filtered per file."""
        from jitguard.lint.runner import lint_files
        from jitguard.lint.textscan import LintOptions  # not the engine: a warm run may need no libcst

        groups: dict[tuple, list[str]] = {}
        for f in files:
            here = self.settings(f)
            groups.setdefault((tuple(here.extend_jit_names), here.python_floor), []).append(f)
        early, self._forked = self._forked, None
        results = []
        try:
            for (names, floor), group in groups.items():
                _, codes = self._group(group)
                options = LintOptions(frozenset(codes), names, python_floor=floor)
                key = self._cache_key(names, floor, codes)
                forked = None
                if early is not None and early[:2] == (key, (names, floor)) and group[:len(early[2])] == early[2]:
                    forked, early = early[3], None  # (started by fork_early for these very files and cache)
                results.extend(lint_files(group, options, jobs=self.jobs, cache_dir=self.cache_dir, cache_key=key,
                                          forked=forked))
        finally:
            if early is not None:
                early[3].close()
        return results

    def settings(self, path: str) -> Settings:
        """A file's settings (one dictionary lookup per folder; no file system call)."""
        folder = os.path.dirname(path)
        found = self._by_folder.get(folder)
        if found is None:
            found = self._by_folder[folder] = self.resolver.for_folder(
                os.path.dirname(os.path.normpath(os.path.join(self._cwd, path))))
        return found

    def keep(self, f) -> bool:
        settings = self.settings(f.path)
        if f.code not in self.codes(settings):
            return False
        return not any(f.code.startswith(i) for i in settings.ignored_for(Path(f.path)))


def project_root(settings: Settings, path: str) -> Path:
    """Where a file's project starts: its configuration's folder, else the root of the repository
    that holds the file, else the file's own folder (a script outside any repository: its
    neighbours, never everything under the current folder or the home directory)."""
    if settings.config_file is not None:
        return Path(settings.root)
    folder = Path(path).resolve().parent
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return folder


def _bare(settings: Settings, root: Path) -> bool:
    """A project root that is only a script's folder: no configuration, no repository."""
    return settings.config_file is None and not (root / ".git").exists()


def _importable(folder: Path) -> list[str]:
    """What a script in ``folder`` outside any project can import by name: the Python files and
    notebooks beside it and the packages (folders holding ``__init__.py``) under it. Not every
    folder below it: a script in /tmp or a home directory must not read everything there."""
    out = []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return out
    for entry in entries:
        if entry.is_file() and entry.name.endswith((".py", ".pyi", ".ipynb")):
            out.append(entry.path)
        elif entry.is_dir(follow_symlinks=False) and os.path.isfile(os.path.join(entry.path, "__init__.py")):
            out.append(entry.path)
    return out


def project_rule_codes() -> set[str]:
    from jitguard.lint.ruleinfo import project_codes  # the rules' table: no rule module imported

    return set(project_codes())


def _context_files(files: list[str], resolver: Resolver) -> list[str]:
    """The other files of the projects of ``files`` (for pre-commit: what was not passed)."""
    from jitguard.lint.discovery import discover

    roots = sorted({project_root(resolver.for_path(f), f) for f in files}, key=lambda p: len(p.parts))
    top: list[Path] = []
    for root in roots:
        if not any(root == t or t in root.parents for t in top):
            top.append(root)
    here = os.getcwd()  # os.path.abspath(p) is normpath(join(getcwd(), p)): the folder read once, not per file
    named = {os.path.normpath(os.path.join(here, f)) for f in files}
    cwd = Path.cwd().resolve()
    prefix = os.path.join(str(cwd), "")
    out = []
    paths: list[str] = []
    for t in top:
        paths.extend(_importable(t) if _bare(resolver.for_folder(t), t) else [str(t)])
    for found in discover(paths, resolver):
        full = os.path.normpath(os.path.join(here, found))
        if full in named:
            continue
        if full.startswith(prefix):  # (Path(full).is_relative_to(cwd): os.path.relpath(full, cwd))
            found = full[len(prefix):]
        else:
            try:
                found = os.path.relpath(full, cwd) if Path(full).is_relative_to(cwd) else full
            except ValueError:
                found = full
        out.append(found)
    return out


def _reported(results: list, files: list[str], run: "Run", context: bool) -> tuple[list, list[str]]:
    """The findings and errors to report: everything in the files checked and, for files read
    only as their project's context, the findings that a checked file causes — a project rule's
    finding at a call of a function that a checked file defines, or a traced value that a checked
    file's jitted code hands to another file's helper (the message names the caller's file)."""
    findings, errors = [], []
    here = os.getcwd()  # (os.path.abspath, the folder read once)
    named = {os.path.normpath(os.path.join(here, f)) for f in files}
    cross = project_rule_codes()
    # the message names the caller's file as the run shows paths (relative to the current folder
    # when under it), or by its base name
    callers = tuple({f"({form})" for p in files for form in (os.path.basename(p), p, os.path.normpath(p))})
    for res in results:
        if os.path.normpath(os.path.join(here, res.path)) in named:
            findings.extend(f for f in res.findings if run.keep(f))
            errors.extend(res.errors)
            continue
        if not context:
            continue
        for f in res.findings:
            if not run.keep(f):
                continue
            if f.code in cross:
                if any(os.path.normpath(os.path.join(here, r)) in named for r in f.related):
                    findings.append(f)
            elif any(c in f.message for c in callers):
                findings.append(f)
    return findings, errors


def run_check(args: argparse.Namespace) -> int:
    """discovery -> lint (with the project around named files) -> what to report -> fixes -> report."""
    resolver = resolver_for(args)
    paths = args.paths or ["."]
    stdin = "-" in paths or (args.stdin_filename is not None and not args.paths)
    if stdin and len(paths) > 1:
        raise UsageError("`-` (standard input) cannot be mixed with other paths")
    if args.show_settings:
        target = args.stdin_filename if stdin and args.stdin_filename else paths[0]
        sys.stdout.write(show_settings(resolver, target))
        return EXIT_CLEAN
    if stdin:
        return run_stdin(args, resolver)
    files = _discover(args, resolver, paths)
    if args.show_files:
        sys.stdout.write("".join(f + "\n" for f in files))
        return EXIT_CLEAN

    run = Run(resolver, args.no_cache)
    named_files_only = bool(args.paths) and all(not os.path.isdir(p) for p in paths)
    context: list[str] = []
    if named_files_only and files and not args.no_project_context:
        run.fork_early(files)  # (the hook: its forked process starts while the project is discovered)
        context = _context_files(files, resolver)
    results = run.lint(files + context)

    findings, errors = _reported(results, files, run, bool(context))
    findings.sort()
    notebooks = _notebooks(findings)
    if args.add_noqa:
        return _add_noqa(args, findings, notebooks, errors)
    if args.fix or args.diff:
        findings, fix_errors = fix_findings(findings, notebooks, diff=args.diff, unsafe=args.unsafe_fixes)
        errors.extend(fix_errors)
        notebooks = _notebooks(findings)
    _write_report(args, findings, errors, len(files), notebooks)
    return _exit_code(args, findings, errors)


def _exit_code(args: argparse.Namespace, findings: list, errors: list[str]) -> int:
    """Print the internal errors; ruff's exit codes: 2 on an error, 1 with findings, else 0."""
    for err in errors:
        print(f"jitguard: error: {err}", file=sys.stderr)
    if errors:
        return EXIT_ERROR
    if findings and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_CLEAN


def _discover(args: argparse.Namespace, resolver, paths: list[str]) -> list[str]:
    from jitguard.lint.discovery import MissingPath, discover

    try:
        return discover(paths, resolver, force_exclude=args.force_exclude)
    except MissingPath as exc:
        raise UsageError(f"path not found: {exc}") from None


def _add_noqa(args: argparse.Namespace, findings: list, notebooks: dict, errors: list[str]) -> int:
    added, skipped, add_errors = add_noqa(findings, notebooks)
    for err in add_errors:
        print(f"jitguard: error: {err}", file=sys.stderr)
    if not args.quiet:
        print(f"Added {added} noqa directive{'s' if added != 1 else ''}." +
              (f" ({skipped} line{'s' if skipped != 1 else ''} could not take a comment.)" if skipped else ""),
              file=sys.stderr)
    return EXIT_ERROR if add_errors or errors else EXIT_CLEAN


def _source_lines(findings: list, notebooks: dict) -> dict[str, list[str]]:
    """Each reported file's lines, for the text format's source excerpts."""
    sources: dict[str, list[str]] = {}
    for f in findings:
        if f.path in sources:
            continue
        nb = notebooks.get(f.path)
        if nb is not None:
            sources[f.path] = nb.source.splitlines()
            continue
        try:
            sources[f.path] = Path(f.path).read_text("utf-8", errors="replace").splitlines()
        except OSError:
            sources[f.path] = []
    return sources


def _write_report(args: argparse.Namespace, findings: list, errors: list[str], checked: int, notebooks: dict) -> None:
    from jitguard.lint.reporters import FORMATS, Report

    sources = _source_lines(findings, notebooks) if args.output_format == "text" else {}
    color = args.output_file is None and use_color(args.color, sys.stdout)
    report = Report(findings, checked, errors, color, args.statistics, sources, notebooks, args.quiet)
    text = FORMATS[args.output_format](report)
    if args.output_file:
        try:
            Path(args.output_file).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"cannot write {args.output_file}: {exc.strerror or exc}") from None
    else:
        sys.stdout.write(text)


def _notebooks(findings) -> dict:
    out: dict = {}
    if not any(f.path.endswith(".ipynb") for f in findings):
        return out  # (the notebook module is not imported: ~5 ms of a pre-commit run)
    from jitguard.lint import notebook

    for f in findings:
        if f.path.endswith(".ipynb") and f.path not in out:
            try:
                out[f.path] = notebook.read(f.path)
            except (OSError, notebook.NotebookError):
                continue  # reported as JG002 already; shown at its virtual line
    return out


def fix_findings(findings, notebooks: dict, diff: bool, unsafe: bool, out=None):
    """--fix / --diff: plain files through jitguard.lint.fixes, notebooks through their cells.
    Returns the findings left and the errors."""
    import difflib

    from jitguard.lint.fixes import apply_fixes
    from jitguard.lint.reporters.base import edits

    out = out or sys.stdout
    plain = [f for f in findings if f.path not in notebooks]
    outcome = apply_fixes(plain, diff=diff, unsafe=unsafe, out=out)
    remaining, errors = (outcome if isinstance(outcome, tuple) else (outcome.remaining, outcome.errors))
    remaining, errors = list(remaining), list(errors)
    fixed = 0
    for path, nb in sorted(notebooks.items()):
        items = [f for f in findings if f.path == path and edits(f) and _fix_applies(f, unsafe)]
        others = [f for f in findings if f.path == path and f not in items]
        if not items:
            remaining.extend(others)
            continue
        new, applied = nb.apply_edits([edits(f) for f in items])
        done = {id(items[i]) for i in applied}
        if diff:
            out.writelines(difflib.unified_diff(
                nb.text.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{path}", f"b/{path}"))
            remaining.extend(items)
        elif done:
            try:
                with open(path, "wb") as fh:
                    fh.write(nb.encode(new))
            except OSError as exc:
                errors.append(f"{path}: cannot write fixes: {exc.strerror or exc}")
                done = set()
            fixed += len(done)
            remaining.extend(f for f in items if id(f) not in done)
        else:
            remaining.extend(items)
        remaining.extend(others)
    if fixed:
        print(f"Fixed {fixed} finding{'s' if fixed != 1 else ''} in notebooks.", file=sys.stderr)
    remaining.sort()
    return remaining, errors


def _fix_applies(f, unsafe: bool) -> bool:
    fix = getattr(f, "fix", None)
    if fix is not None and not isinstance(fix, str) and hasattr(fix, "applies"):
        return fix.applies(unsafe)
    return True


_NOQA_CODES = re.compile(r"#\s*noqa:\s*[A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*", re.IGNORECASE)
_NOQA_ANY = re.compile(r"#\s*noqa\b", re.IGNORECASE)


def noqa_line(line: str, codes: set[str]) -> str | None:
    """``line`` (without its line end) with ``codes`` added to its ``# noqa``; None: no change."""
    m = _NOQA_CODES.search(line)
    if m is not None:
        present = {c.upper() for c in re.findall(r"[A-Z]+[0-9]+", m.group(0)[m.group(0).index(":"):], re.IGNORECASE)}
        new = sorted(codes - present)
        if not new:
            return None
        return line[: m.end()] + "".join(f", {c}" for c in new) + line[m.end():]
    if _NOQA_ANY.search(line):
        return None  # a bare `# noqa` silences everything already
    return line.rstrip() + "  # noqa: " + ", ".join(sorted(codes))


def add_noqa(findings, notebooks: dict) -> tuple[int, int, list[str]]:
    """--add-noqa: a ``# noqa: CODE`` on the line of each finding (merged into one that is
    there). A line that ends inside a string or with a backslash cannot take one: skipped.
    Returns (directives added, lines skipped, errors)."""
    from jitguard.lint.notebook import _Continuation

    by_path: dict[str, dict[int, set[str]]] = {}
    for f in findings:
        by_path.setdefault(f.path, {}).setdefault(f.line, set()).add(f.code)
    added = skipped = 0
    errors: list[str] = []
    for path, lines_codes in sorted(by_path.items()):
        nb = notebooks.get(path)
        try:
            if nb is not None:
                text = nb.source
            else:
                with open(path, encoding="utf-8", newline="") as fh:
                    text = fh.read()
        except (OSError, UnicodeDecodeError) as exc:
            errors.append(f"{path}: cannot add noqa: {exc}")
            continue
        lines = text.splitlines(keepends=True)
        scanner = _Continuation()
        ok: set[int] = set()
        for k, line in enumerate(lines, 1):
            scanner.feed(line.rstrip("\r\n"))
            if k in lines_codes and scanner.triple is None and not scanner.backslash:
                ok.add(k)
        changes = {}
        for k, codes in lines_codes.items():
            if k not in ok or k > len(lines):
                skipped += 1
                continue
            body = lines[k - 1].rstrip("\r\n")
            new = noqa_line(body, codes)
            if new is not None:
                changes[k] = (body, new)
        if not changes:
            continue
        if nb is not None:
            fixes = [[(k, 1, k, len(body) + 1, new)] for k, (body, new) in sorted(changes.items())]
            new_text, applied = nb.apply_edits(fixes)
            data = nb.encode(new_text)
            count = len(applied)
        else:
            for k, (body, new) in changes.items():
                lines[k - 1] = new + lines[k - 1][len(body):]
            data = "".join(lines).encode("utf-8")
            count = len(changes)
        try:
            with open(path, "wb") as fh:
                fh.write(data)
        except OSError as exc:
            errors.append(f"{path}: cannot add noqa: {exc.strerror or exc}")
            continue
        added += count
    return added, skipped, errors


def show_settings(resolver: Resolver, target: str) -> str:
    """--show-settings: what applies to ``target`` (a file or a folder), one setting a line."""
    settings = resolver.for_path(target)
    rows = [
        ("file", target),
        ("config", str(settings.config_file) if settings.config_file else "(none: defaults)"),
        ("root", str(settings.root)),
        ("select", settings.select),
        ("extend-select", settings.extend_select),
        ("ignore", settings.ignore),
        ("enabled", sorted(settings.enabled_codes())),
        ("exclude", settings.exclude),
        ("extend-exclude", settings.extend_exclude),
        ("per-file-ignores", settings.per_file_ignores),
        ("ignored-here", sorted(settings.ignored_for(Path(target)))),
        ("extend-jit-names", settings.extend_jit_names),
        ("respect-gitignore", settings.respect_gitignore),
        ("requires-python", ">=%d.%d" % settings.python_floor if settings.python_floor else "(not declared)"),
        ("cache-dir", settings.cache_dir or str(settings.root / ".jitguard_cache")),
        ("jobs", settings.jobs or default_jobs()),
    ]
    return "".join(f"{k} = {json.dumps(v) if not isinstance(v, str) else v}\n" for k, v in rows)


def _buffer_wrapper_seeds(name: str, data: bytes, others: list, linter) -> dict | None:
    """The seeds that make the buffer's calls of wrappers defined in other files of its project
    recorded (runner: crossmodule.wrapper_callers); a file whose possible wrappers the buffer calls
    and that was read without libcst is linted again with its names (in ``others``, in place)."""
    from jitguard.lint.analysis.crossmodule import wrapper_callers
    from jitguard.lint.analysis.facts import WRAPPER_SEED_KEY
    from jitguard.lint.diagnostics import FileResult
    from jitguard.lint.discovery import module_name
    from jitguard.lint.engine import public_name, run_with_big_stack

    module_of = {r.path: public_name(module_name(r.path)) for r in others}
    callers = wrapper_callers([*others, FileResult(name)], module_of, lambda path: data if path == name else None)
    for i, res in enumerate(others):
        if res.path in callers:
            seeds = {WRAPPER_SEED_KEY: dict.fromkeys(sorted(callers[res.path]), True)}
            others[i] = run_with_big_stack(lambda p=res.path, s=seeds: linter.lint_path(p, module_name(p), s))
    return {WRAPPER_SEED_KEY: dict.fromkeys(sorted(callers[name]), True)} if name in callers else None


def lint_buffer(name: str, data: bytes, resolver: Resolver, cache_dir: Path | None = None,
                context: bool = True):
    """Lint unsaved text as if it were the file ``name``: its settings and per-file-ignores
    apply, and (with ``context``) the project-wide rules see the rest of its project, read from
    the cache. Returns the FileResult with the findings that apply (used by stdin and the
    language server)."""
    import dataclasses

    from jitguard.lint import notebook
    from jitguard.lint.diagnostics import FileResult, Finding
    from jitguard.lint.discovery import module_name
    from jitguard.lint.engine import FileLinter, LintOptions, jitted_names, run_with_big_stack

    settings = resolver.for_path(name)
    run = Run(resolver, no_cache=cache_dir is None)
    if cache_dir is not None:
        run.cache_dir = cache_dir
    codes = frozenset(run.codes(settings))
    options = LintOptions(codes, tuple(settings.extend_jit_names), python_floor=settings.python_floor)
    if name.endswith(".ipynb"):
        try:
            data = notebook.virtual_source_bytes(data, name)
        except OSError as exc:
            return FileResult(name, [Finding(name, 1, 1, "JG002", f"cannot read file: {exc.strerror}")])
    others_results = []
    linter = FileLinter(options)
    project = any(r.code in project_rule_codes() for r in linter.rules)
    if project:
        # the project-wide rules need the jitted names: the buffer's own, and (with ``context``)
        # the rest of the project's, whose facts come from the cache
        others: list[str] = []
        if context and name != "-":
            try:
                others = _context_files([name], resolver)
            except Exception:  # noqa: BLE001 - context is a bonus: the buffer is still linted
                others = []
        if others:
            from jitguard.lint.runner import lint_files, with_tree_names

            floor = options.python_floor
            key = repr((sorted(codes), sorted(options.extend_jit_names), floor) if floor is not None
                       else (sorted(codes), sorted(options.extend_jit_names)))
            others_results = lint_files(others, options, jobs=run.jobs, cache_dir=run.cache_dir, cache_key=key)
            options = with_tree_names(others, options) or options
        text = data.decode("utf-8", "replace")
        options = dataclasses.replace(options, jitted=options.jitted | frozenset(jitted_names(text, options.extend_jit_names)))
        linter = FileLinter(options)
    seeds = _buffer_wrapper_seeds(name, data, others_results, linter) if others_results else None
    result = run_with_big_stack(lambda: linter.lint_bytes(name, data, module_name(name), seeds))
    if project:
        from jitguard.lint.runner import apply_project_rules

        apply_project_rules([*others_results, result], linter.rules)
    try:
        from jitguard.lint import suppression

        if hasattr(suppression, "apply"):
            suppression.apply([result], codes)
    except ImportError:  # pragma: no cover
        pass
    result.findings = sorted(f for f in result.findings if run.keep(f))
    return result


def run_stdin(args: argparse.Namespace, resolver: Resolver) -> int:
    """``jitguard check -`` / ``--stdin-filename NAME``: lint standard input as the file NAME.
    With --fix, the fixed source goes to standard output and the report to standard error."""
    from jitguard.lint.reporters import FORMATS, Report
    from jitguard.lint.reporters.base import edits

    name = args.stdin_filename or "-"
    data = sys.stdin.buffer.read()
    settings = resolver.for_path(name)
    if args.force_exclude and args.stdin_filename and settings.is_excluded(Path(name), check_parents=True):
        if args.fix:
            sys.stdout.buffer.write(data)
        return EXIT_CLEAN
    run = Run(resolver, args.no_cache)
    result = lint_buffer(name, data, resolver, run.cache_dir, context=not args.no_project_context)
    findings, errors = list(result.findings), list(result.errors)
    notebooks = {}
    if name.endswith(".ipynb"):
        from jitguard.lint import notebook

        try:
            notebooks[name] = notebook.Notebook.from_bytes(data)
        except notebook.NotebookError:
            pass
    out = sys.stdout
    if args.fix or args.diff:
        import difflib

        items = [f for f in findings if edits(f) and _fix_applies(f, args.unsafe_fixes)]
        nb = notebooks.get(name)
        if nb is not None:
            original = nb.text
            new, applied = nb.apply_edits([edits(f) for f in items])
        else:
            from jitguard.lint.engine import decode

            try:
                original = decode(data)
            except (SyntaxError, UnicodeDecodeError, LookupError):
                original = data.decode("utf-8", "replace")
            # a plain source is a notebook of one cell for this purpose: the same edit code
            new, applied = _apply_plain(original, [edits(f) for f in items])
        done = {id(items[i]) for i in applied}
        if args.diff:
            out.writelines(difflib.unified_diff(original.splitlines(keepends=True), new.splitlines(keepends=True),
                                                f"a/{name}", f"b/{name}"))
            out = sys.stderr
        else:
            sys.stdout.write(new)
            out = sys.stderr
            findings = [f for f in findings if id(f) not in done]
    sources = {name: (notebooks[name].source if name in notebooks else data.decode("utf-8", "replace")).splitlines()}
    color = use_color(args.color, out)
    report = Report(findings, 1, errors, color, args.statistics, sources, notebooks, args.quiet)
    out.write(FORMATS[args.output_format](report))
    return _exit_code(args, findings, errors)


def _apply_plain(text: str, fixes: list[list[tuple]]) -> tuple[str, list[int]]:
    """Fixes (lists of 1-based edits) applied to ``text``, each whole or not at all."""
    starts = [0]
    for part in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(part))
    spans = []
    for i, fix in enumerate(fixes):
        ranges = []
        for line, col, end_line, end_col, new in fix:
            if not (0 < line < len(starts) and 0 < end_line < len(starts)):
                ranges = None
                break
            b, e = starts[line - 1] + col - 1, starts[end_line - 1] + end_col - 1
            if b > e or e > len(text):
                ranges = None
                break
            ranges.append((b, e, new))
        if ranges:
            spans.append((min(r[0] for r in ranges), max(r[1] for r in ranges), i, ranges))
    applied = []
    end_of_last = len(text) + 1
    for b0, e0, i, ranges in sorted(spans, key=lambda s: (s[0], s[1]), reverse=True):
        if e0 > end_of_last:
            continue
        for b, e, new in sorted(ranges, reverse=True):
            text = text[:b] + new + text[e:]
        end_of_last = b0
        applied.append(i)
    return text, sorted(applied)


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
