"""jitguard: catch JAX tracer errors before they run, and silent recompilation while it runs.

Two halves, one package:

* the static linter (``jitguard check``) needs libcst only and never imports jax;
* the runtime guard (``jitguard.jit``) wraps ``jax.jit``; install it with ``jitguard[jax]``.

``import jitguard`` must not import jax, so the guard's names are loaded on first use.
"""

from __future__ import annotations

import importlib
from typing import Any

from jitguard._version import __version__

# name -> module that defines it. Loaded lazily: importing jitguard must stay jax-free.
_LAZY = {
    "jit": "jitguard.runtime.core",
    "guard": "jitguard.runtime.core",
    "GuardedFunction": "jitguard.runtime.core",
    "configure": "jitguard.runtime.settings",
    "report": "jitguard.runtime.functions",
    "expect_compiles": "jitguard.runtime.testing",
    "RecompilationError": "jitguard.runtime.errors",
    "RecompilationWarning": "jitguard.runtime.errors",
    "DivergentCompileError": "jitguard.runtime.multihost",
    "pad_to_bucket": "jitguard.runtime.buckets",
    "load_ipython_extension": "jitguard.runtime.ipython",  # %load_ext jitguard
    "unload_ipython_extension": "jitguard.runtime.ipython",
}
_SUBMODULES = {"buckets"}

__all__ = ["__version__", *sorted(_LAZY), *sorted(_SUBMODULES)]


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f"jitguard.runtime.{name}")
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'jitguard' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
