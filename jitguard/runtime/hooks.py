"""Where jitguard meets JAX: compile-path listeners that attribute compiles.

Nothing here runs on a cache hit. JAX calls these listeners only when it traces,
lowers or compiles:

* ``jax.monitoring`` scalar event ``BACKEND_COMPILE_EVENT``, recorded when XLA is
  about to compile: the guard decides here, and can refuse the compile by raising;
* the ``BACKEND_COMPILE_EVENT`` duration, recorded when the compile is done;
* ``/jax/compilation_cache/cache_hits``: the "compile" was a persistent-cache hit;
* trace and lowering durations, for ``.stats()``.

To know which guarded function is compiling, and with what arguments, the listener
walks up its own thread's stack to the nearest frame of ``cache_miss``, the Python
fallback that jax's C++ dispatch (``jax._src.pjit._cpp_pjit``) calls on a miss. Its
closure holds ``jit_info`` (unique per ``jax.jit`` object) and the call's ``args`` and
``kwargs``. A nearer ``call_impl_cache_miss`` frame means the compile belongs to a
primitive evaluation (``jax.grad``/``jax.vmap`` of a jitted function), not to a call.
These are JAX internals (checked against jax 0.10.2); :func:`install` verifies them
and warns if a JAX upgrade moved them.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import types
import warnings
from typing import Any, Iterator

import jax
from jax import monitoring
from jax._src import compilation_cache, dispatch, pjit

from jitguard.runtime import functions, multihost
from jitguard.runtime.signature import capture

BACKEND_COMPILE = getattr(dispatch, "BACKEND_COMPILE_EVENT", "/jax/core/compile/backend_compile_duration")
TRACE = getattr(dispatch, "JAXPR_TRACE_EVENT", "/jax/core/compile/jaxpr_trace_duration")
LOWER = getattr(dispatch, "JAXPR_TO_MLIR_MODULE_EVENT", "/jax/core/compile/jaxpr_to_mlir_module_duration")
CACHE_HIT = "/jax/compilation_cache/cache_hits"

_PJIT_FILE = pjit.__file__
_SKIP_DIRS = tuple(
    os.path.dirname(os.path.abspath(p)) + os.sep
    for p in (jax.__file__, sys.modules["jaxlib"].__file__, os.path.dirname(__file__) + os.sep + "x")
)
_tls = threading.local()
_lock = threading.Lock()
_installed = False
supported = True


def _internals_ok() -> bool:
    fn = getattr(pjit, "_cpp_pjit", None)
    if fn is None:
        return False
    for const in fn.__code__.co_consts:
        if isinstance(const, types.CodeType) and const.co_name == "cache_miss":
            return "jit_info" in const.co_freevars and {"args", "kwargs"} <= set(const.co_varnames)
    return False


def install() -> None:
    """Register the listeners once per process."""
    global _installed, supported
    if _installed:
        return
    with _lock:
        if _installed:
            return
        supported = _internals_ok()
        if not supported:
            warnings.warn(
                f"jitguard: jax {jax.__version__} moved the internals jitguard uses to attribute "
                "compiles (jax._src.pjit._cpp_pjit's cache_miss); guarded functions will run "
                "normally but their compiles will not be counted.",
                RuntimeWarning,
                stacklevel=3,
            )
        monitoring.register_scalar_listener(_on_scalar)
        monitoring.register_event_listener(_on_event)
        monitoring.register_event_duration_secs_listener(_on_duration)
        _installed = True


@contextlib.contextmanager
def warming(state: Any, args: tuple, kwargs: dict) -> Iterator[None]:
    """Attribute compiles made outside a call (``.lower().compile()``) to ``state``."""
    install()
    previous = getattr(_tls, "warming", None)
    _tls.warming = (state, args, kwargs)
    try:
        yield
    finally:
        _tls.warming = previous


def _owner(frame: Any) -> tuple[Any, tuple, dict, Any, bool] | None:
    """(state, args, kwargs, cache_miss frame, is_warmup) of the compile in this thread."""
    f = frame
    while f is not None:
        code = f.f_code
        if code.co_filename == _PJIT_FILE:
            if code.co_name == "cache_miss":
                local = f.f_locals
                state = functions.lookup(local.get("jit_info"))
                if state is None:
                    return None
                return state, local.get("args", ()), local.get("kwargs", {}), f, False
            if code.co_name == "call_impl_cache_miss":
                return None
        f = f.f_back
    warm = getattr(_tls, "warming", None)
    if warm is not None:
        state, args, kwargs = warm
        return state, args, kwargs, None, True
    return None


def _user_frame(frame: Any) -> Any:
    """The first frame outside jax, jaxlib and jitguard.runtime."""
    f = frame
    while f is not None and f.f_code.co_filename.startswith(_SKIP_DIRS):
        f = f.f_back
    return f


def where(filename: str, lineno: int) -> str:
    try:
        rel = os.path.relpath(filename)
        if not rel.startswith(".."):
            filename = rel
    except ValueError:
        pass
    return f"{filename}:{lineno}"


def _pending() -> list:
    stack = getattr(_tls, "pending", None)
    if stack is None:
        stack = _tls.pending = []
    return stack


def _on_scalar(event: str, value: Any, **kwargs: Any) -> None:
    if event != BACKEND_COMPILE:
        return
    pending = _pending()
    try:
        owner = _owner(sys._getframe(1))
        if owner is not None:
            state, args, kwargs_, miss_frame, warmup = owner
            user = _user_frame(miss_frame.f_back if miss_frame is not None else sys._getframe(1))
            call_site = None if user is None else where(user.f_code.co_filename, user.f_lineno)
            try:
                ji = state.jit_info
                sig = capture(
                    args, kwargs_, fun_signature=ji.fun_signature,
                    static_argnums=ji.static_argnums, static_argnames=ji.static_argnames,
                )
            except Exception:
                sig = None
            trace_s, lower_s = _take_seconds(state)
    except Exception:  # a bug here must never break the user's compile
        owner = None
    if owner is None:
        pending.append(None)
        return
    if multihost.client() is not None:  # several processes: compare this compile with theirs
        multihost.check(state, sig, call_site, user)  # may raise DivergentCompileError
    # May raise RecompilationError (or a warning turned error): XLA then never compiles.
    record = state.before_compile(
        sig, call_site, user, warmup, trace_s, lower_s, defer=_persistent_cache_on()
    )
    pending.append(record)


def _persistent_cache_on() -> bool:
    try:
        return bool(compilation_cache.is_persistent_cache_enabled())
    except Exception:
        return False


def _on_event(event: str, **kwargs: Any) -> None:
    if event == CACHE_HIT:
        pending = _pending()
        if pending and pending[-1] is not None:
            pending[-1].cache_hit = True


def _take_seconds(state: Any) -> tuple[float, float]:
    acc = getattr(_tls, "seconds", None)
    _tls.seconds = None
    if acc is not None and acc[0] is state:
        return acc[1], acc[2]
    return 0.0, 0.0


def _on_duration(event: str, duration: float, **kwargs: Any) -> None:
    if event == BACKEND_COMPILE:
        pending = _pending()
        record = pending.pop() if pending else None
        if record is not None:
            record.state.after_compile(record, duration)
    elif event == TRACE or event == LOWER:
        owner = _owner(sys._getframe(1))
        if owner is None:
            return
        state = owner[0]
        trace, lower = (duration, 0.0) if event == TRACE else (0.0, duration)
        state.add_seconds(trace, lower)
        acc = getattr(_tls, "seconds", None)
        if acc is None or acc[0] is not state:
            acc = [state, 0.0, 0.0]
        acc[1] += trace
        acc[2] += lower
        _tls.seconds = acc
