"""``jitguard run``: run a Python program with every jitted function watched, no edits.

    jitguard run [options] script.py [args...]
    jitguard run [options] -m package.module [args...]
    python -m jitguard run ...

Every ``jax.jit`` function the program compiles (decorated or not; jax's own helpers
excepted) is counted by real XLA compiles, warned about past the limit with the same
explanations as ``jitguard.jit`` (the arguments are read on the compile path), logged
to the JSON-lines file if asked, and summed up at exit in a table: function, compiles,
total compile time, distinct signatures, the churning argument and the suggested fix.
The switches are the decorator's: ``JITGUARD=off|log|warn|raise``,
``JITGUARD_MAX_COMPILES``, ``JITGUARD_LOG`` (the environment wins over the options).
"""

from __future__ import annotations

import argparse
import os
import runpy
import sys
import traceback
from typing import Any, Sequence

from jitguard.runtime.settings import ACTIONS


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="jitguard run",
        description="Run a Python program with every jitted function guarded: count real XLA "
        "compiles per function, warn on churn with the argument that changed and the fix, "
        "and print a table at exit.",
    )
    p.add_argument("--max-compiles", type=int, default=None, metavar="N",
                   help="compiles allowed per function before each further one is an excess (default 8)")
    p.add_argument("--on-excess", choices=ACTIONS, default=None,
                   help="what an excess does (default warn); JITGUARD=... wins")
    p.add_argument("--log", default=None, metavar="PATH", help="append one JSON line per compile (JITGUARD_LOG wins)")
    p.add_argument("--html", default=None, metavar="PATH", help="also write the HTML report of the run")
    p.add_argument("--no-table", action="store_true", help="do not print the table at exit")
    p.add_argument("-m", dest="module", default=None, metavar="MODULE", help="run a module, as python -m")
    p.add_argument("target", nargs=argparse.REMAINDER, help="script.py [args...] (or the module's args with -m)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the program; its exit status (1 on an uncaught exception), 2 on a usage error."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    # Options end where the program starts: the first non-option, or -m MODULE.
    split = _split(argv)
    if split is None:
        parser.print_usage(sys.stderr)
        print("jitguard run: error: give a script (jitguard run train.py ...) or -m module", file=sys.stderr)
        return 2
    ours, prog = split
    try:
        args = parser.parse_args(ours)
    except SystemExit as e:
        return int(e.code or 0)
    if args.module is None and not prog:
        print("jitguard run: error: give a script (jitguard run train.py ...) or -m module", file=sys.stderr)
        return 2

    from jitguard.runtime import settings, watch

    if args.max_compiles is not None and args.max_compiles < 0:
        print("jitguard run: error: --max-compiles must be >= 0", file=sys.stderr)
        return 2
    settings.configure(
        **({"max_compiles": args.max_compiles} if args.max_compiles is not None else {}),
        **({"on_excess": args.on_excess} if args.on_excess is not None else {}),
        **({"log": os.path.abspath(args.log)} if args.log else {}),
    )
    settings.exit_summary = False  # the table below says it all
    log_path = settings.log_path()
    html_log = None
    if args.html and not log_path:  # the page is drawn from a log: keep one for this run
        import tempfile

        fd, html_log = tempfile.mkstemp(prefix="jitguard-run-", suffix=".jsonl")
        os.close(fd)
        settings.configure(log=html_log)
    try:
        watch.enable()
    except ImportError as e:
        print(f"jitguard run: error: the runtime guard needs jax ({e}); pip install 'jitguard[jax]'", file=sys.stderr)
        return 2

    code = 0
    if args.module is not None:
        sys.argv = [args.module, *prog]
        sys.path.insert(0, os.getcwd())
        runner: Any = lambda: runpy.run_module(args.module, run_name="__main__", alter_sys=True)
    else:
        script = prog[0]
        if not os.path.exists(script):
            print(f"jitguard run: error: no such file: {script}", file=sys.stderr)
            return 2
        sys.argv = [script, *prog[1:]]
        sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
        runner = lambda: runpy.run_path(script, run_name="__main__")
    try:
        runner()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        if e.code is not None and not isinstance(e.code, int):
            print(e.code, file=sys.stderr)
    except KeyboardInterrupt:
        traceback.print_exc()
        code = 130
    except BaseException:
        traceback.print_exc()
        code = 1
    finally:
        if not args.no_table:
            print("\n" + table(), file=sys.stderr)
        if args.html:
            _write_html(args.html, settings.log_path())
        if html_log:
            try:
                os.unlink(html_log)
            except OSError:
                pass
    return code


def _split(argv: list[str]) -> tuple[list[str], list[str]] | None:
    """(jitguard's options, the program and its arguments)."""
    with_value = {"--max-compiles", "--on-excess", "--log", "--html", "-m"}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--":
            return argv[:i], argv[i + 1:]
        if a == "-m":
            if i + 1 >= len(argv):
                return None
            return argv[: i + 2], argv[i + 2:]
        if a in with_value:
            i += 2
            continue
        if a.startswith("-"):
            i += 1
            continue
        return argv[:i], argv[i:]
    return argv, []


def table() -> str:
    """The exit table of every function jitguard watched or guarded in this process."""
    from jitguard.runtime import functions, watch
    from jitguard.runtime.table import render_run

    states = {id(s): s for s in [*functions.states(), *watch.watched()]}
    return render_run([s.row() for s in states.values()])


def _write_html(path: str, log_path: str | None) -> None:
    from jitguard.runtime import htmlreport, logfile

    try:
        entries = logfile.read(log_path) if log_path and os.path.exists(log_path) else []
        htmlreport.write(path, entries, title="jitguard run")
        print(f"jitguard: wrote {path}", file=sys.stderr)
    except Exception as e:  # the program's result matters more than the page
        print(f"jitguard: could not write {path}: {e}", file=sys.stderr)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
