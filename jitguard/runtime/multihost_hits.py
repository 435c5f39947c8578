"""The cache-hit case of the multi-process check, without a wrapper: find a thread blocked in
a cache hit of a jitted function, and turn that call's failure into the divergence error.
No jax; CPython internals, each checked at first use (docs/multihost.md, "The cache-hit case").

* **Call sites.** A cache miss runs Python (JAX's ``cache_miss``); the frame that called
  the jitted function is the one above it, past JAX's traceback filter, stopped at its
  CALL instruction. The multi-process check records that (code object, instruction offset)
  on the miss path, with the function and the processes its program spans. A cache hit
  runs no Python: while it is blocked in jaxlib's C++, that frame, stopped at the same
  CALL, is its thread's innermost Python frame. Nothing runs on a hit to make this so.
* **Idle.** A process none of whose threads runs throughout the samples (Linux: no thread
  but the asking one in state R or D in ``/proc/self/task`` at every sample) is waiting;
  one that computes a long program (on the CPU the calling thread runs it, and is runnable
  even when starved of CPU) is not, so a process still inside an earlier, long call is
  not taken for one blocked in a collective. That holds only where the program runs on
  host CPU threads: for a program on any other platform (GPU, TPU: the device computes
  while every host thread sleeps) no call is ever found blocked.
* **Arming.** To raise the divergence error at the blocked call, the watchdog gives the
  blocked thread ``sys.settrace``'s C trampoline as its trace function (set on that thread
  with ``_PyEval_SetTrace`` on the main thread's state, read once on the main thread
  itself, on the miss path: no walk over the interpreter's thread states, whose entries
  are freed when their threads end) and the call's frame a local trace function that sees only
  the next event there: an ``exception`` event at that CALL (the call failed: the error
  is replaced, the failure kept as its ``__cause__``), or anything else (the call returned
  normally: tracing is removed and the result is left alone). Only an ``Exception`` is
  replaced (a KeyboardInterrupt stays one), and only a tracer of its own is removed.
  CPython 3.11 only; elsewhere the call fails with JAX's own error and the cause is in the
  process's log.
"""

from __future__ import annotations

import _thread
import ctypes
import dis
import os
import sys
import threading
import time
from typing import Any, Callable

_lock = threading.Lock()
# (code object, offset of its CALL) -> {function id: {processes: (readable signature, platform)}}
_sites: dict[tuple[Any, int], dict[str, dict[tuple[int, ...], tuple[str, str]]]] = {}
# The main thread's PyThreadState*, read on the main thread: {"pid", "tid", "ts"}
_main: dict[str, int] = {}
_call_offsets: dict[Any, frozenset[int]] = {}
_armed: dict[int, Any] = {}  # thread id -> the frame armed on it
# The instructions that call: 3.11+ (CALL, CALL_FUNCTION_EX) and 3.10 (CALL_FUNCTION, ...).
_CALL_OPS = ("CALL", "CALL_FUNCTION_EX", "CALL_FUNCTION", "CALL_FUNCTION_KW", "CALL_METHOD")


# ------------------------------------------------------------------ call sites

def call_site(frame: Any) -> tuple[Any, int] | None:
    """(code, CALL offset) of the frame that called the jitted function whose compile is in
    progress on this thread (``frame`` is inside the compile), or None when not found (a
    compile outside a call: ``.lower().compile()``, AOT)."""
    f, depth = frame, 0
    while f is not None and depth < 200:
        code = f.f_code
        if code.co_name == "cache_miss" and code.co_filename.endswith("pjit.py"):
            break
        f, depth = f.f_back, depth + 1
    else:
        return None
    f = f.f_back if f is not None else None
    while f is not None and f.f_code.co_filename.endswith("traceback_util.py"):
        f = f.f_back
    if f is None or f.f_lasti not in _calls(f.f_code):
        return None
    return f.f_code, f.f_lasti


def _calls(code: Any) -> frozenset[int]:
    offsets = _call_offsets.get(code)
    if offsets is None:
        offsets = frozenset(i.offset for i in dis.get_instructions(code)
                            if i.opname in _CALL_OPS)
        _call_offsets[code] = offsets
    return offsets


def remember(site: tuple[Any, int] | None, fid: str, procs: tuple[int, ...], signature: str,
             platform: str) -> None:
    """Record that ``site`` called function ``fid`` and compiled a program over ``procs``
    (``signature``: the last such call's, readable; ``platform``: where the program runs,
    its devices' platform: "cpu", "gpu", "tpu", ...)."""
    note_main_thread()
    if site is None:
        return
    with _lock:
        _sites.setdefault(site, {}).setdefault(fid, {})[procs] = (signature, platform)


def note_main_thread() -> None:
    """On the main thread (once per process): record its thread state, for ``arm``. The main
    thread's state lives until the interpreter's finalization, which cannot start while
    another thread holds the GIL, so the watchdog can use it without looking it up."""
    if _main.get("pid") == os.getpid() or sys.version_info[:2] != (3, 11):
        return
    if threading.get_ident() != threading.main_thread().ident or sys.implementation.name != "cpython":
        return
    try:
        get = ctypes.PYFUNCTYPE(ctypes.c_void_p)(("PyThreadState_Get", ctypes.pythonapi))
        ts = get()
    except Exception:
        return
    if ts:
        with _lock:
            _main.update(pid=os.getpid(), tid=threading.get_ident(), ts=ts)


def _main_state(tid: int) -> int | None:
    """The recorded thread state of thread ``tid`` if it is this process's main thread."""
    with _lock:
        if _main.get("pid") != os.getpid() or _main.get("tid") != tid:
            return None  # not recorded yet, or a forked child whose main thread is another
        return _main["ts"] if tid == threading.main_thread().ident else None


def sites_of(fid: str) -> int:
    with _lock:
        return sum(1 for entry in _sites.values() if fid in entry)


# ------------------------------------------------------------------ finding a blocked call

def _candidates(fid: str, procs: tuple[int, ...]) -> tuple[dict[int, tuple[Any, int, str]], set[str]]:
    """{thread id: (frame, offset, signature)} for the threads whose innermost frame is
    stopped at a recorded call site of ``fid`` over ``procs`` (this thread excluded) whose
    program runs on the CPU, and the other platforms of the programs recorded there."""
    me = threading.get_ident()
    out, elsewhere = {}, set()
    for tid, frame in sys._current_frames().items():
        if tid == me:
            continue
        entry = _sites.get((frame.f_code, frame.f_lasti))
        if entry is None:
            continue
        sig, platform = entry.get(fid, {}).get(procs, (None, ""))
        if sig is None:
            continue
        if platform == "cpu":
            out[tid] = (frame, frame.f_lasti, sig)
        else:
            elsewhere.add(platform)
    return out, elsewhere


def _running() -> set[str] | None:
    """The threads of this process other than this one that are running or runnable (Linux:
    state R or D), or None where /proc/self/task cannot be read."""
    me = str(threading.get_native_id())
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return None
    out = set()
    for task in tasks:
        if task == me:
            continue
        try:
            with open(f"/proc/self/task/{task}/stat", "rb") as f:
                stat = f.read()
        except OSError:  # the thread ended
            continue
        end = stat.rindex(b")")
        if stat[end + 2:end + 3] not in (b"S", b"I"):
            out.add(task)
    return out


def blocked(fid: str, procs: tuple[int, ...], pauses: tuple[float, ...]) -> dict[str, Any]:
    """Is a thread of this process blocked in a cache hit of ``fid`` over ``procs``: its
    innermost frame stopped at a recorded call site of it, the same frame at the same
    instruction at every sample (``pauses`` apart), while the process is idle (no thread
    running or runnable at every sample: a thread that computes, even one starved of CPU, is
    runnable throughout; the coordination client's threads run for moments)?

    Only for a program that runs on the CPU: there the calling thread computes it, so a
    call that computes has a thread runnable. On any other platform the device computes
    while every host thread sleeps, and a process merely behind (its dispatch waiting for
    the device) would look blocked and idle: such a call is never found blocked
    ("platform" says where it runs).

    Returns {"found": bool, "busy": bool, "platform" when only a program on another
    platform was found, and when found "tid", "frame", "lasti", "sig"}."""
    found, elsewhere = _candidates(fid, procs)
    if not found and elsewhere:
        return {"found": False, "busy": False, "platform": ",".join(sorted(elsewhere))}
    running = _running() if found else set()
    cpu0, own0, t0 = time.process_time(), time.thread_time(), time.monotonic()
    for pause in pauses:
        if not found:
            break
        time.sleep(pause)
        now = sys._current_frames()
        found = {tid: (f, lasti, sig) for tid, (f, lasti, sig) in found.items()
                 if now.get(tid) is f and f.f_lasti == lasti}
        if found and running is not None:
            again = _running()
            running = None if again is None else running & again
    if not found:
        return {"found": False, "busy": False}
    if running is None:  # no /proc: the process's CPU time over the samples, less this thread's
        window = max(time.monotonic() - t0, 1e-3)
        busy = (time.process_time() - cpu0) - (time.thread_time() - own0) > 0.05 * window
    else:
        busy = bool(running) and bool(pauses)
    main = threading.main_thread().ident  # the one thread that can be armed, if it is there
    tid = main if main in found else next(iter(found))
    frame, lasti, sig = found[tid]
    return {"found": True, "busy": busy, "tid": tid, "frame": frame, "lasti": lasti, "sig": sig}


# ------------------------------------------------------------------ arming a blocked call

class _Api:
    """The C API pieces arming needs, looked up once; ``ok`` False when any is missing."""

    def __init__(self) -> None:
        self.ok = False
        self.trampoline = 0
        self.slot = -1  # c_tracefunc's index (in pointers) in a PyThreadState
        if sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11):
            return
        try:
            api = ctypes.pythonapi
            api.PyThreadState_GetFrame.restype = ctypes.c_void_p
            api.PyThreadState_GetFrame.argtypes = [ctypes.c_void_p]
            api.PyThreadState_Get.restype = ctypes.c_void_p
            api.Py_DecRef.argtypes = [ctypes.c_void_p]
            api._PyEval_SetTrace.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.py_object]
            api._PyEval_SetTrace.restype = ctypes.c_int
            self.api = api
            self._discover()
        except Exception:
            self.ok = False

    def _discover(self) -> None:
        """Find sys.settrace's C trampoline: set a Python trace function in a fresh thread
        (no inherited tracer) and read which slot of its thread state changed to it."""
        done = threading.Event()
        result: list[Any] = []

        def probe() -> None:
            try:
                marker = _marker
                ts = self.api.PyThreadState_Get()
                words = (ctypes.c_void_p * 32).from_address(ts)  # c_traceobj is the 12th on 3.11
                before = list(words)
                sys.settrace(marker)
                try:
                    after = list(words)
                finally:
                    sys.settrace(None)
                cleared = list(words)
                hits = [i for i, (a, b) in enumerate(zip(before, after)) if b == id(marker) and a != b]
                if len(hits) == 1 and hits[0] >= 2:
                    i = hits[0]
                    func = after[i - 2]
                    if func and not before[i - 2] and not cleared[i - 2] and not cleared[i]:
                        result.append((func, i - 2))
            finally:
                done.set()

        _thread.start_new_thread(probe, ())
        done.wait(5.0)
        if result:
            self.trampoline, self.slot = result[0]
            self.ok = True

    def is_current(self, ts: int, frame: Any) -> bool:
        """Is ``frame`` the current frame of thread state ``ts`` (a live one; GIL held)?"""
        p = self.api.PyThreadState_GetFrame(ts)
        if p:
            self.api.Py_DecRef(p)
        return p == id(frame)

    def traced(self, ts: int) -> bool:
        return bool((ctypes.c_void_p * (self.slot + 1)).from_address(ts)[self.slot])


def _marker(*_: Any) -> None:
    return None


_api: _Api | None = None


def _get_api() -> _Api:
    global _api
    if _api is None:
        _api = _Api()
    return _api


def can_arm() -> bool:
    return _get_api().ok


def arm(tid: int, frame: Any, lasti: int, replace: Callable[[Exception], BaseException | None]) -> bool:
    """Make the blocked call at ``frame`` (thread ``tid``, stopped at offset ``lasti``) raise
    ``replace(error)`` from its error if it fails with an ``Exception`` (a KeyboardInterrupt
    or SystemExit, or an error of ``replace`` itself, leaves the call's own); leave it alone
    if it returns. False when it cannot be armed: not CPython 3.11, a tracer already on that
    thread or frame, it moved on, or not the main thread, whose thread state was recorded on
    it (``note_main_thread``): another thread's state is freed when it ends, and looking one
    up means walking states that other threads free as they end."""
    api = _get_api()
    ts = _main_state(tid)
    if not api.ok or ts is None:
        return False
    with _lock:
        if _armed.get(tid) is frame:
            return True
    if sys._current_frames().get(tid) is not frame or frame.f_lasti != lasti or frame.f_trace is not None:
        return False

    def stop(fr: Any) -> bool:
        """Remove this arming (runs on the armed thread); True when the thread's tracer was
        still ours (one installed since, by a debugger or coverage, is left alone)."""
        ours = sys.gettrace() is on_call
        if ours:
            sys.settrace(None)
        _disarm(tid, frame, local)
        return ours

    def local(fr: Any, event: str, arg: Any) -> Any:
        if event == "exception" and fr is frame and fr.f_lasti == lasti:
            ours = stop(fr)
            failure = arg[1]
            if not ours or not isinstance(failure, Exception):  # KeyboardInterrupt: as it is
                return None
            try:
                error = replace(failure)
            except Exception:  # never lose the call's own error over ours
                error = None
            if error is not None:
                raise error from failure
            return None
        stop(frame)  # the call returned (or the thread moved on): leave everything as it was
        return None

    def on_call(fr: Any, event: str, arg: Any) -> None:
        stop(frame)
        return None

    frame.f_trace = local
    frame.f_trace_lines = False
    frame.f_trace_opcodes = True  # the next instruction after a normal return is an event
    with _lock:
        _armed[tid] = frame
    armed = False
    try:  # checked again just before: the call may have returned meanwhile
        armed = (api.is_current(ts, frame) and not api.traced(ts)
                 and api.api._PyEval_SetTrace(ts, api.trampoline, on_call) == 0)
    finally:  # not armed (or _PyEval_SetTrace raised: an audit hook's veto): undo all of it
        if not armed:
            _disarm(tid, frame, local)
    return armed


def _disarm(tid: int, frame: Any, local: Any) -> None:
    """Take the local trace function ``local`` off ``frame`` (if still there) and forget it."""
    if frame.f_trace is local:
        frame.f_trace = None
        frame.f_trace_opcodes = False
        frame.f_trace_lines = True
    with _lock:
        if _armed.get(tid) is frame:
            del _armed[tid]
