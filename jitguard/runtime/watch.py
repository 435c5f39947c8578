"""Watch every jitted function, decorated or not (``jitguard run``, ``%load_ext jitguard``).

When watching is on, a compile of a ``jax.jit`` function that no guard claims gets a
guard on the fly, on the compile path (a cache hit still runs no jitguard code): the
hooks find the function's ``jit_info`` and ``fun`` in JAX's ``cache_miss`` frame.
Functions defined inside jax and jaxlib are left alone. The watched states are kept
in a bounded LRU table (``MAX_WATCHED``), so a program that creates jitted functions
in a loop does not grow memory without bound. No jax import here.
"""

from __future__ import annotations

import collections
import os
import threading
from typing import Any

MAX_WATCHED = 2048

enabled = False
max_compiles = 8
on_excess = "warn"
_lock = threading.Lock()
_states: "collections.OrderedDict[int, Any]" = collections.OrderedDict()
_skip_dirs: tuple[str, ...] = ()


def enable(*, max_compiles_: int | None = None, on_excess_: str | None = None) -> None:
    """Watch every jitted function from now on (and install the hooks)."""
    global enabled, max_compiles, on_excess, _skip_dirs
    from jitguard.runtime import hooks, settings

    if max_compiles_ is not None:
        max_compiles = settings.check_max_compiles(max_compiles_, "max_compiles")
    if on_excess_ is not None:
        on_excess = settings.check_action(on_excess_, "on_excess")
    import jax

    _skip_dirs = tuple(
        os.path.dirname(os.path.abspath(m.__file__)) + os.sep
        for m in (jax, __import__("jaxlib"))
    )
    enabled = hooks.install()


def disable() -> None:
    global enabled
    enabled = False


def state_for(jit_info: Any, fun: Any) -> Any:
    """The guard state of an unguarded jitted function that is compiling, or None."""
    if not enabled or jit_info is None or fun is None:
        return None
    from jitguard.runtime import core, functions
    from jitguard.runtime.state import GuardState

    with _lock:
        state = _states.get(id(jit_info))
        if state is not None and state.jit_info is jit_info:
            _states.move_to_end(id(jit_info))
            return state
        name, defined_at = core._describe(fun)
        code = getattr(_unwrap(fun), "__code__", None)
        if code is not None and code.co_filename.startswith(_skip_dirs):
            return None  # jax's own jitted helpers (jnp functions run eagerly)
        state = GuardState(
            name=name, defined_at=defined_at, jit_info=jit_info,
            max_compiles=max_compiles, window=None, on_excess=on_excess,
            short_name=getattr(fun, "__name__", None),
        )
        state.watched = True
        _states[id(jit_info)] = state
        while len(_states) > MAX_WATCHED:
            _states.popitem(last=False)
    functions.register(state, jit_info)
    return state


def _unwrap(fun: Any) -> Any:
    import functools
    import inspect

    while isinstance(fun, functools.partial):
        fun = fun.func
    try:
        return inspect.unwrap(fun)
    except ValueError:
        return fun


def watched() -> list[Any]:
    with _lock:
        return list(_states.values())
