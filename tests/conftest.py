"""Helpers shared by the linter's tests: run the real CLI in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_jitguard(cwd: Path, *args: str, env: dict | None = None, timeout: int = 300,
                 no_cache: bool = False, unset: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """``python -m jitguard ARGS`` in ``cwd``: the real CLI, as a user runs it. ``env`` is added to
    this process's environment, ``unset`` removed from it; ``no_cache`` sets JITGUARD_NO_CACHE."""
    full_env = {k: v for k, v in os.environ.items() if k not in unset}
    full_env.update(env or {})
    if no_cache:
        full_env["JITGUARD_NO_CACHE"] = "1"
    return subprocess.run([sys.executable, "-m", "jitguard", *args], cwd=cwd, capture_output=True, text=True,
                          env=full_env, timeout=timeout)


# A worker process that kills itself with SIGSEGV while linting a file whose name contains
# $JITGUARD_TEST_CRASH: loaded as `sitecustomize` from a folder put on PYTHONPATH, so the real
# crash-recovery path of the runner is tested without a test-only hook in jitguard itself.
CRASH_HOOK = '''
import os, sys
marker = os.environ.get("JITGUARD_TEST_CRASH")
if marker:
    from jitguard.lint import engine

    original = engine.FileLinter.lint_bytes

    def lint_bytes(self, path, *args, **kwargs):
        import multiprocessing
        if marker in os.path.basename(path) and multiprocessing.parent_process() is not None:
            import resource, signal
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
            os.kill(os.getpid(), signal.SIGSEGV)
        return original(self, path, *args, **kwargs)

    engine.FileLinter.lint_bytes = lint_bytes
'''


def crash_hook_env(tmp_path: Path, marker: str) -> dict:
    """Environment that makes worker processes crash on files named like ``marker``."""
    hook = tmp_path / "_crash_hook"
    hook.mkdir(exist_ok=True)
    (hook / "sitecustomize.py").write_text(CRASH_HOOK)
    path = os.pathsep.join(p for p in (str(hook), os.environ.get("PYTHONPATH", "")) if p)
    return {"JITGUARD_TEST_CRASH": marker, "PYTHONPATH": path}
