"""Where jitguard meets JAX: compile-path listeners that attribute compiles.

Nothing here runs on a cache hit. JAX calls these listeners only when it traces,
lowers or compiles:

* ``jax.monitoring`` scalar event ``BACKEND_COMPILE_EVENT``, recorded when XLA is
  about to compile: the guard decides here, and can refuse the compile by raising;
* the ``BACKEND_COMPILE_EVENT`` duration, recorded when the compile is done;
* ``/jax/compilation_cache/cache_hits``: the "compile" was a persistent-cache hit;
* ``/jax/compilation_cache/cache_misses``: recorded just before a fresh executable is
  written to the persistent cache (an excess that ``raise`` refuses is not written);
* trace and lowering durations, for ``.stats()``.

To know which guarded function is compiling, and with what arguments, the listener
walks up its own thread's stack to the nearest frame of ``cache_miss``, the Python
fallback that jax's C++ dispatch (``jax._src.pjit._cpp_pjit``) calls on a miss. Its
closure holds ``jit_info`` (unique per ``jax.jit`` object) and the call's ``args`` and
``kwargs``. A nearer ``call_impl_cache_miss`` frame means the compile belongs to a
primitive evaluation (``jax.grad``/``jax.vmap`` of a jitted function), not to a call.
Compiles outside a call (``.warmup()``, ``f.lower(x).compile()``) are attributed by a
thread-local context set around them.

These are JAX internals (checked on jax 0.6.2, 0.8.3 and 0.10.2). Everything is
feature-detected, never version-checked: :func:`install` lists what is missing, and
if a required piece is missing the guard warns once, naming it, and guarded functions
run unguarded. At run time, a compile that finishes without its start event, or a
guarded function compiling without the frame that names it, is reported once too.
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

from jitguard.runtime import functions, multihost
from jitguard.runtime import watch
from jitguard.runtime.signature import capture

try:
    from jax import monitoring
except ImportError:  # pragma: no cover - every jax the guard knows has it
    monitoring = None  # type: ignore[assignment]
try:
    from jax._src import dispatch
except ImportError:  # pragma: no cover
    dispatch = None  # type: ignore[assignment]
try:
    from jax._src import pjit
except ImportError:  # pragma: no cover
    pjit = None  # type: ignore[assignment]
try:
    from jax._src import compilation_cache
except ImportError:  # pragma: no cover
    compilation_cache = None  # type: ignore[assignment]

BACKEND_COMPILE = getattr(dispatch, "BACKEND_COMPILE_EVENT", "/jax/core/compile/backend_compile_duration")
TRACE = getattr(dispatch, "JAXPR_TRACE_EVENT", "/jax/core/compile/jaxpr_trace_duration")
LOWER = getattr(dispatch, "JAXPR_TO_MLIR_MODULE_EVENT", "/jax/core/compile/jaxpr_to_mlir_module_duration")
CACHE_HIT = "/jax/compilation_cache/cache_hits"
CACHE_WRITE = "/jax/compilation_cache/cache_misses"  # recorded just before the write

# What the stack walk looks for (module attributes, so a test can move them).
COMPILE_START = BACKEND_COMPILE  # the scalar event at the start of a backend compile
MISS_FRAME = "cache_miss"  # jax._src.pjit._cpp_pjit's Python fallback on a C++ cache miss
PRIMITIVE_MISS_FRAME = "call_impl_cache_miss"
JIT_INFO = "jit_info"  # the cache_miss closure variable that identifies the jax.jit object

_PJIT_FILE = getattr(pjit, "__file__", None)
# Stopping a refused executable's persistent-cache write needs JAX to record the
# compile's duration on exit even when the compile raised (a class-based
# log_elapsed_time, whose __exit__ records it): then the compile-end listener turns the
# stop into the RecompilationError.
_CAN_STOP_WRITE = isinstance(getattr(dispatch, "log_elapsed_time", None), type)
_SKIP_DIRS = tuple(
    os.path.dirname(os.path.abspath(p)) + os.sep
    for p in (jax.__file__, sys.modules["jaxlib"].__file__, os.path.dirname(__file__) + os.sep + "x")
)
_tls = threading.local()
_lock = threading.Lock()
_installed = False
supported = True
missing: list[str] = []  # required JAX pieces that are absent: the guard is off
_warned: set[str] = set()


class _RefusedWrite(BaseException):
    """Raised inside JAX's persistent-cache write to keep a refused executable out of
    the cache. A BaseException so that JAX's ``except Exception`` around the write does
    not turn it into a warning; the compile-end listener replaces it with the
    RecompilationError."""


def _cache_miss_code() -> types.CodeType | None:
    fn = getattr(pjit, "_cpp_pjit", None)
    code = getattr(fn, "__code__", None)
    for const in getattr(code, "co_consts", ()):
        if isinstance(const, types.CodeType) and const.co_name == MISS_FRAME:
            return const
    return None


def find_missing() -> list[str]:
    """The JAX pieces the guard needs and this JAX lacks (empty: all there)."""
    out = []
    for name in ("register_scalar_listener", "register_event_listener", "register_event_duration_secs_listener"):
        if not hasattr(monitoring, name):
            out.append(f"jax.monitoring.{name}")
    code = _cache_miss_code()
    if code is None:
        out.append(f"a `{MISS_FRAME}` function inside jax._src.pjit._cpp_pjit")
    else:
        if JIT_INFO not in code.co_freevars:
            out.append(f"the `{JIT_INFO}` closure variable of jax._src.pjit's {MISS_FRAME}")
        if not {"args", "kwargs"} <= set(code.co_varnames):
            out.append(f"the `args`/`kwargs` locals of jax._src.pjit's {MISS_FRAME}")
        if code.co_filename != _PJIT_FILE:
            out.append(f"{MISS_FRAME} defined in jax._src.pjit's own file")
    return out


def warn_once(key: str, message: str, stacklevel: int = 2) -> None:
    with _lock:
        if key in _warned:
            return
        _warned.add(key)
    warnings.warn(message, RuntimeWarning, stacklevel=stacklevel + 1)


def install() -> bool:
    """Register the listeners once per process; False when this JAX cannot be guarded
    (after one RuntimeWarning that names what is missing)."""
    global _installed, supported
    if _installed:
        return supported
    with _lock:
        if _installed:
            return supported
        missing[:] = find_missing()
        supported = not missing
        if supported:
            monitoring.register_scalar_listener(_on_scalar)
            monitoring.register_event_listener(_on_event)
            monitoring.register_event_duration_secs_listener(_on_duration)
        _installed = True
    if not supported:
        unsupported_warning(stacklevel=4)
    return supported


def unsupported_warning(stacklevel: int = 3) -> None:
    warn_once(
        "unsupported",
        f"jitguard: jax {jax.__version__} lacks what jitguard needs to count compiles "
        f"({'; '.join(missing)}); guarded functions run normally, unguarded "
        "(no counts, no limits). jitguard supports the jax versions in docs/guard.md.",
        stacklevel=stacklevel,
    )


@contextlib.contextmanager
def attributing(state: Any, args: tuple, kwargs: dict, warmup: bool = True, signature: Any = None) -> Iterator[None]:
    """Attribute compiles made outside a call to ``state``: ``warmup=True`` for
    ``.warmup()`` (not counted against limits), ``False`` for ``f.lower(x).compile()``
    (counted like a call's compile). An enclosing context wins (``warmup()`` lowers
    through the same path as user AOT code)."""
    previous = getattr(_tls, "warming", None)
    if previous is None:
        _tls.warming = (state, args, kwargs, warmup, signature)
    try:
        yield
    finally:
        if previous is None:
            _tls.warming = None


warming = attributing  # the name earlier versions used


def _slow_owner(frame: Any) -> Any:
    """Any frame whose locals hold a registered ``jit_info``: the fallback when the
    named frame moved. Returns (state, frame) or None."""
    f = frame
    while f is not None:
        try:
            ji = f.f_locals.get(JIT_INFO)
        except Exception:
            ji = None
        if ji is not None:
            state = functions.lookup(ji)
            if state is not None:
                return state, f
        f = f.f_back
    return None


def _owner(frame: Any, event_kwargs: dict | None = None) -> tuple[Any, tuple, dict, Any, bool, Any] | None:
    """(state, args, kwargs, cache_miss frame, is_warmup, signature) of the compile in
    this thread, or None when no guarded function is compiling."""
    f = frame
    while f is not None:
        code = f.f_code
        if code.co_filename == _PJIT_FILE:
            if code.co_name == MISS_FRAME:
                local = f.f_locals
                state = functions.lookup(local.get(JIT_INFO))
                if state is None and watch.enabled:  # jitguard run / %load_ext jitguard
                    state = watch.state_for(local.get(JIT_INFO), local.get("fun"))
                if state is None:
                    return None
                return state, local.get("args", ()), local.get("kwargs", {}), f, False, None
            if code.co_name == PRIMITIVE_MISS_FRAME:
                return None
        f = f.f_back
    warm = getattr(_tls, "warming", None)
    if warm is not None:
        state, args, kwargs, warmup, signature = warm
        return state, args, kwargs, None, warmup, signature
    found = _slow_owner(frame)
    if found is not None:
        state, f = found
        local = f.f_locals
        return state, local.get("args", ()), local.get("kwargs", {}), f, False, None
    if event_kwargs:
        _unattributed(event_kwargs.get("fun_name"))
    return None


def _unattributed(fun_name: Any) -> None:
    """A compile no guarded function claimed: if it bears a guarded function's name,
    say once that its compiles are not being counted."""
    if not isinstance(fun_name, str) or not fun_name.startswith("jit(") or "unattributed" in _warned:
        return
    short = fun_name[4:-1]
    for state in functions.states():
        if state.from_jit and state.short_name == short:
            warn_once(
                "unattributed",
                f"jitguard: XLA is compiling {fun_name}, the name of guarded function "
                f"{state.name} ({state.defined_at}), but jitguard cannot tell which call compiles: "
                f"no frame `{MISS_FRAME}` of jax._src.pjit holding `{JIT_INFO}` is on the stack "
                f"(jax {jax.__version__} moved these internals). Its compiles are not counted and "
                "on_excess cannot act.",
                stacklevel=3,
            )
            return


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


def _describe_call(frame: Any, event_kwargs: dict) -> tuple | None:
    """(state, signature, call_site, warn_frame, warmup) of the compile about to run."""
    owner = _owner(frame, event_kwargs)
    if owner is None:
        return None
    state, args, kwargs_, miss_frame, warmup, sig = owner
    user = _user_frame(miss_frame.f_back if miss_frame is not None else frame)
    call_site = None if user is None else where(user.f_code.co_filename, user.f_lineno)
    if sig is None:
        try:
            ji = state.jit_info
            sig = capture(
                args, kwargs_, fun_signature=getattr(ji, "fun_signature", None),
                static_argnums=getattr(ji, "static_argnums", ()), static_argnames=getattr(ji, "static_argnames", ()),
            )
        except Exception:
            sig = None
    return state, sig, call_site, user, warmup


def _on_scalar(event: str, value: Any, **kwargs: Any) -> None:
    if event != COMPILE_START:
        return
    pending = _pending()
    try:
        described = _describe_call(sys._getframe(1), kwargs)
        if described is not None:
            state, sig, call_site, user, warmup = described
            trace_s, lower_s = _take_seconds(state)
    except Exception:  # a bug here must never break the user's compile
        described = None
    if described is None:
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
    elif event == CACHE_WRITE:
        pending = _pending()
        record = pending[-1] if pending else None
        if record is not None and record.refuses_after_compile():
            if not _CAN_STOP_WRITE:
                record.cache_written = True
                return
            record.write_refused = True
            raise _RefusedWrite(record.message or "jitguard refused this compile")


def _take_seconds(state: Any) -> tuple[float, float]:
    acc = getattr(_tls, "seconds", None)
    _tls.seconds = None
    if acc is not None and acc[0] is state:
        return acc[1], acc[2]
    return 0.0, 0.0


def _on_duration(event: str, duration: float, **kwargs: Any) -> None:
    if event == BACKEND_COMPILE:
        pending = _pending()
        if pending:
            record = pending.pop()
        else:
            record = _late_record(kwargs)
        if record is not None:
            record.state.after_compile(record, duration)
    elif event == TRACE or event == LOWER:
        try:
            owner = _owner(sys._getframe(1))
        except Exception:
            owner = None
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


def _late_record(event_kwargs: dict) -> Any:
    """A compile ended without its start event: decide now, after the fact."""
    try:
        described = _describe_call(sys._getframe(2), event_kwargs)
    except Exception:
        described = None
    if described is None:
        return None
    state, sig, call_site, user, warmup = described
    warn_once(
        "no-start",
        f"jitguard: jax {jax.__version__} reported the end of an XLA compile of {state.name} without "
        f"its start (jax.monitoring scalar event {COMPILE_START!r}); jitguard now counts compiles "
        "when they finish, so on_excess='raise' refuses a compile only after XLA has run it.",
        stacklevel=4,
    )
    trace_s, lower_s = _take_seconds(state)
    return state.before_compile(sig, call_site, user, warmup, trace_s, lower_s, defer=True)
