"""``jitguard.jit`` and ``jitguard.guard``: jax.jit that counts, limits and explains compiles.

The cache-hit path is JAX's own: without ``window=``, the object returned *is* the
``jax.jit`` function (jaxlib's C++ ``PjitFunction``), with ``stats``/``warmup``/``freeze``
attached. Compiles are noticed by listeners on JAX's compile path (see ``hooks``).
"""

from __future__ import annotations

import functools
import inspect
import weakref
from typing import Any, Callable

import jax

from jitguard.runtime import hooks, functions, multihost, settings
from jitguard.runtime.signature import capture
from jitguard.runtime.state import GuardState

__all__ = ["jit", "guard", "GuardedFunction"]


class _GuardedMeta(type):
    def __instancecheck__(cls, obj: Any) -> bool:
        return type.__instancecheck__(cls, obj) or isinstance(getattr(obj, "__jitguard__", None), GuardState)


class GuardedFunction(metaclass=_GuardedMeta):
    """The type of what ``jitguard.jit``/``jitguard.guard`` return, for ``isinstance``.

    ``isinstance(f, GuardedFunction)`` holds for every guarded function. Without
    ``window=`` the object is the ``jax.jit`` function itself with these methods added
    (so calls cost exactly what ``jax.jit`` costs); with ``window=`` it is a
    ``functools.lru_cache(maxsize=0)`` wrapper around it: C code that counts calls and
    forwards them, with the jitted function's methods and attributes copied on.

    Methods: ``stats()``, ``warmup(*arg_sets)``, ``freeze()``, plus ``lower``,
    ``trace``, ``eval_shape`` and the other public methods of the jitted function.
    """

    def stats(self) -> dict[str, Any]:  # pragma: no cover - documentation only
        raise NotImplementedError

    def warmup(self, *arg_sets: Any) -> None:  # pragma: no cover
        raise NotImplementedError

    def freeze(self) -> None:  # pragma: no cover
        raise NotImplementedError


# Copied from the jitted function onto the call-counting wrapper of window=.
_FORWARDED = ("lower", "trace", "eval_shape", "clear_cache", "_cache_size", "_clear_cache", "_fun", "_jit_info", "_cache_miss")


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


def _aot_lower(state: GuardState, lower: Callable) -> Callable:
    """``f.lower`` whose ``.compile()`` counts as a compile of ``state`` (AOT use)."""

    @functools.wraps(lower)
    def guarded_lower(*args: Any, **kwargs: Any) -> Any:
        lowered = lower(*args, **kwargs)
        ji = state.jit_info
        try:
            sig = capture(
                args, kwargs, fun_signature=getattr(ji, "fun_signature", None),
                static_argnums=getattr(ji, "static_argnums", ()),
                static_argnames=getattr(ji, "static_argnames", ()),
            )
        except Exception:
            sig = None
        compile_ = getattr(lowered, "compile", None)
        if compile_ is None:
            return lowered

        @functools.wraps(compile_)
        def compile(*a: Any, **k: Any) -> Any:
            with hooks.attributing(state, (), {}, warmup=False, signature=sig):
                return compile_(*a, **k)

        try:
            lowered.compile = compile  # an instance attribute: Lowered keeps a __dict__
        except (AttributeError, TypeError):
            pass
        return lowered

    return guarded_lower


def _unguarded(jitted: Any, fun: Callable, max_compiles: int, window: Any, on_excess: str) -> Any:
    """This JAX cannot be guarded: the jitted function as is, with a ``stats()`` that
    says so (``"guarded": False``), so code written for jitguard keeps running."""
    name, defined_at = _describe(fun)
    state = GuardState(
        name=name, defined_at=defined_at, jit_info=getattr(jitted, "_jit_info", None),
        max_compiles=max_compiles, window=window, on_excess=on_excess, guarded=False,
    )
    state.jitted_ref = weakref.ref(jitted) if _weakrefable(jitted) else (lambda: jitted)
    try:
        jitted.__jitguard__ = state
        jitted.stats = state.stats
        jitted.warmup = state.warmup
        jitted.freeze = state.freeze
    except (AttributeError, TypeError):
        pass
    return jitted


def _weakrefable(obj: Any) -> bool:
    try:
        weakref.ref(obj)
        return True
    except TypeError:
        return False


def _attach(jitted: Any, fun: Callable, max_compiles: int, window: Any, on_excess: str, from_jit: bool = True) -> Any:
    settings.check_action(on_excess, "on_excess")
    settings.check_max_compiles(max_compiles, "max_compiles")
    window = _check_window(window)
    if not hooks.install():
        return _unguarded(jitted, fun, max_compiles, window, on_excess)
    jit_info = getattr(jitted, "_jit_info", None)
    if jit_info is None:
        hooks.missing[:] = hooks.missing or ["the `_jit_info` attribute of jax.jit functions"]
        hooks.unsupported_warning(stacklevel=4)
        return _unguarded(jitted, fun, max_compiles, window, on_excess)
    name, defined_at = _describe(fun)
    short = getattr(jitted, "__name__", None) or name.rsplit(".", 1)[-1]
    state = GuardState(
        name=name, defined_at=defined_at, jit_info=jit_info,
        max_compiles=max_compiles, window=window, on_excess=on_excess,
        from_jit=from_jit, short_name=short,
    )
    state.jitted_ref = weakref.ref(jitted)
    state.lower_fn = jitted.lower
    functions.register(state, jit_info)
    if window is not None:
        # C code (functools' uncached lru_cache wrapper) counts the calls: no Python
        # frame on the cache-hit path. cache_info().misses is the number of calls.
        wrapper = functools.lru_cache(maxsize=0)(jitted)
        for attr in _FORWARDED:
            if hasattr(jitted, attr):
                setattr(wrapper, attr, getattr(jitted, attr))
        wrapper.__wrapped__ = getattr(jitted, "__wrapped__", fun)
        wrapper._jitted = jitted
        state.call_counter = _call_count(wrapper)
        target = wrapper
    else:
        target = jitted
    target.lower = _aot_lower(state, jitted.lower)
    target.__jitguard__ = state
    target.stats = state.stats
    target.warmup = state.warmup
    target.freeze = state.freeze
    # `target` itself, in one process or many (a cache hit runs no jitguard code); in a
    # multi-process job this starts the watchdog of docs/multihost.md, "The cache-hit case".
    return multihost.wrap_call(state, target, jitted)


def _call_count(wrapper: Any) -> Callable[[], int]:
    ref = weakref.ref(wrapper)

    def calls() -> int:
        w = ref()
        return 0 if w is None else w.cache_info().misses

    return calls


def jit(
    fun: Callable | None = None,
    /,
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
    if "fun" in jax_jit_kwargs:  # jax.jit's fun is positional-only too
        raise TypeError("jitguard.jit() takes the function positionally: jitguard.jit(f, ...), not fun=f")
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
    inner = getattr(jitted, "_jitted", jitted) if isinstance(jitted, GuardedFunction) else jitted
    if not hooks.install():
        if not callable(jitted) or not hasattr(jitted, "lower"):
            raise TypeError(
                f"jitguard.guard() needs a function returned by jax.jit; got {type(jitted).__name__}."
            )
        return _unguarded(jitted, getattr(jitted, "__wrapped__", jitted), max_compiles, window, on_excess)
    fun, jit_info = getattr(inner, "_fun", None), getattr(inner, "_jit_info", None)
    if fun is None or jit_info is None:
        raise TypeError(
            f"jitguard.guard() needs a function returned by jax.jit; got {type(jitted).__name__}. "
            "For a plain function use jitguard.jit(fun) instead."
        )
    from jax._src import pjit  # the same constructor jax.jit uses

    # A distinct jit_info tells the handle's compiles from the original's.
    return _attach(pjit._cpp_pjit(fun, jit_info._replace()), fun, max_compiles, window, on_excess, from_jit=False)
