"""Exceptions and warnings raised by the runtime guard. Imports nothing from jax."""

from __future__ import annotations


class RecompilationError(RuntimeError):
    """A guarded function tried to compile past its limit with ``on_excess="raise"``.

    Raised before XLA spends the extra compile. The message names the function,
    the call site, the argument that changed and how to fix it.
    """


class RecompilationWarning(UserWarning):
    """A guarded function compiled past its limit with ``on_excess="warn"``.

    A ``UserWarning`` subclass, so ``-W error::jitguard.RecompilationWarning``
    turns it into an error.
    """
