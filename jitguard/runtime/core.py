"""``jitguard.jit`` and ``jitguard.guard``: jax.jit that counts, limits and explains compiles.

The cache-hit path is JAX's own: without ``window=``, the object returned *is* the
``jax.jit`` function (jaxlib's C++ ``PjitFunction``), with ``stats``/``warmup``/``freeze``
attached. Compiles are noticed by listeners on JAX's compile path (see ``hooks``).
"""

from __future__ import annotations

import functools
import inspect
import itertools
import types
import weakref
from typing import Any, Callable

import jax

from jitguard.runtime import hooks, functions, settings
from jitguard.runtime.state import GuardState

__all__ = ["jit", "guard", "GuardedFunction"]


class _GuardedMeta(type):
    def __instancecheck__(cls, obj: Any) -> bool:
        return type.__instancecheck__(cls, obj) or isinstance(getattr(obj, "__jitguard__", None), GuardState)


class GuardedFunction(metaclass=_GuardedMeta):
    """What ``jitguard.jit``/``jitguard.guard`` return: call it like the jitted function.

    ``isinstance(f, GuardedFunction)`` holds for every guarded function. Without
    ``window=`` the object is the ``jax.jit`` function itself with these methods added
    (so calls cost exactly what ``jax.jit`` costs); with ``window=`` it is an instance
    of this class, which counts calls (one Python call of overhead).

    Methods: ``stats()``, ``warmup(*arg_sets)``, ``freeze()``, plus ``lower``,
    ``trace``, ``eval_shape`` and every other attribute of the jitted function.
    """

    def __init__(self, jitted: Any, state: GuardState, calls: Any) -> None:
        self._jitted = jitted
        self._calls = calls
        self.__jitguard__ = state
        functools.update_wrapper(self, jitted, updated=())

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        next(self._calls)
        return self._jitted(*args, **kwargs)

    def __get__(self, obj: Any, objtype: Any = None) -> Any:
        return self if obj is None else types.MethodType(self, obj)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.__dict__["_jitted"], name)

    def stats(self) -> dict[str, Any]:
        return self.__jitguard__.stats()

    def warmup(self, *arg_sets: Any) -> None:
        self.__jitguard__.warmup(*arg_sets)

    def freeze(self) -> None:
        self.__jitguard__.freeze()

    def lower(self, *args: Any, **kwargs: Any) -> Any:
        return self._jitted.lower(*args, **kwargs)

    def trace(self, *args: Any, **kwargs: Any) -> Any:
        return self._jitted.trace(*args, **kwargs)

    def eval_shape(self, *args: Any, **kwargs: Any) -> Any:
        return self._jitted.eval_shape(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<jitguard.GuardedFunction {self.__jitguard__.name}>"


def _check_window(window: Any) -> tuple[int, int] | None:
    if window is None:
        return None
    try:
        k, n = (int(v) for v in window)
    except (TypeError, ValueError):
        raise ValueError(f"window must be a pair (k, n): act when k of the last n calls compiled; got {window!r}.") from None
    if not 1 <= k <= n:
        raise ValueError(f"window=(k, n) needs 1 <= k <= n; got {window!r}.")
    return k, n


def _describe(fun: Callable) -> tuple[str, str]:
    """(qualified name, 'file:line') of the user's function."""
    inner = fun
    while isinstance(inner, functools.partial):
        inner = inner.func
    try:
        inner = inspect.unwrap(inner)
    except ValueError:
        pass
    name = getattr(inner, "__qualname__", None) or getattr(inner, "__name__", None) or repr(inner)
    code = getattr(inner, "__code__", None)
    defined_at = hooks.where(code.co_filename, code.co_firstlineno) if code else "<unknown>"
    return name, defined_at


def _attach(jitted: Any, fun: Callable, max_compiles: int, window: Any, on_excess: str) -> Any:
    settings.check_action(on_excess, "on_excess")
    settings.check_max_compiles(max_compiles, "max_compiles")
    window = _check_window(window)
    hooks.install()
    name, defined_at = _describe(fun)
    calls = itertools.count(1) if window else None
    state = GuardState(
        name=name, defined_at=defined_at, jit_info=jitted._jit_info,
        max_compiles=max_compiles, window=window, on_excess=on_excess, call_counter=calls,
    )
    state.jitted_ref = weakref.ref(jitted)
    functions.register(state, jitted._jit_info)
    if window is not None:
        return GuardedFunction(jitted, state, calls)
    jitted.__jitguard__ = state
    jitted.stats = state.stats
    jitted.warmup = state.warmup
    jitted.freeze = state.freeze
    return jitted


def jit(
    fun: Callable | None = None,
    *,
    max_compiles: int = 8,
    window: tuple[int, int] | None = None,
    on_excess: str = "warn",
    **jax_jit_kwargs: Any,
) -> Any:
    """A drop-in ``jax.jit`` that counts real XLA compiles and acts past a limit.

    Args:
      fun: the function; omit it to use ``@jitguard.jit(...)`` as a decorator factory.
      max_compiles: compiles triggered by calls allowed before each further one is an
        excess (``warmup`` compiles do not count).
      window: ``(k, n)``: also an excess when k of the last n calls compiled (counts calls).
      on_excess: "warn" (RecompilationWarning), "raise" (RecompilationError, before XLA
        compiles), "log" (the ``jitguard`` logger) or "off".
      **jax_jit_kwargs: passed to ``jax.jit`` unchanged (static_argnums, donate_argnums,
        in_shardings, out_shardings, ...).
    """
    if fun is None:
        return functools.partial(jit, max_compiles=max_compiles, window=window, on_excess=on_excess, **jax_jit_kwargs)
    return _attach(jax.jit(fun, **jax_jit_kwargs), fun, max_compiles, window, on_excess)


def guard(
    jitted: Any,
    *,
    max_compiles: int = 8,
    window: tuple[int, int] | None = None,
    on_excess: str = "warn",
) -> Any:
    """Guard a function someone else already wrapped with ``jax.jit``.

    Returns a new guarded handle; the given function keeps working unchanged and shares
    its compiled executables with the handle (no compile is repeated). Compiles made
    through the handle are counted; calls through the original are not watched.
    """
    inner = jitted.__dict__.get("_jitted", jitted) if isinstance(jitted, GuardedFunction) else jitted
    fun, jit_info = getattr(inner, "_fun", None), getattr(inner, "_jit_info", None)
    if fun is None or jit_info is None:
        raise TypeError(
            f"jitguard.guard() needs a function returned by jax.jit; got {type(jitted).__name__}. "
            "For a plain function use jitguard.jit(fun) instead."
        )
    from jax._src import pjit  # the same constructor jax.jit uses

    # A distinct jit_info tells the handle's compiles from the original's.
    return _attach(pjit._cpp_pjit(fun, jit_info._replace()), fun, max_compiles, window, on_excess)
