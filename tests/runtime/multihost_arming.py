"""Arming a blocked call (multihost_hits.arm) in a process of its own, launched by
test_multihost.py: what must never happen there (a crash, a lost KeyboardInterrupt, a
removed user tracer) would otherwise hit the test runner itself.

    python multihost_arming.py SCENARIO

The main thread stands for a call blocked in a cache hit: a socket read (or a sleep), at a
call site recorded as a jitted function's, waiting in C. A helper thread plays the
watchdog. Prints one JSON object: {"ok": true, ...}, or {"skip": reason}.
"""

from __future__ import annotations

import dis
import json
import signal
import socket
import sys
import threading
import time

from jitguard.runtime import multihost_hits as hits


def emit(**fields):
    print(json.dumps(fields, default=str), flush=True)


def record(fn, name):
    """Record ``fn``'s call of method ``name`` as a call site of function "f" (on the main
    thread, as the miss path does); return its offset."""
    method = None
    for ins in dis.get_instructions(fn.__code__):
        if ins.opname in ("LOAD_METHOD", "LOAD_ATTR"):
            method = ins.argval
        elif ins.offset in hits._calls(fn.__code__) and method == name:
            offset = ins.offset
            break
    hits.remember((fn.__code__, offset), "f", (0, 1), "[]", "cpu")
    return offset


def at_site(offset, timeout=5.0):
    """The main thread's frame once it is stopped at ``offset`` (from a helper thread)."""
    main = threading.main_thread().ident
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        frame = sys._current_frames().get(main)
        if frame is not None and frame.f_lasti == offset and frame.f_code.co_name in ("read", "naps"):
            return frame
        time.sleep(0.01)
    raise AssertionError("the main thread never reached the call site")


def replaced(error):
    return RuntimeError("replaced")


def race(seconds: float) -> None:
    """Arm the main thread's blocked call over and over while other threads start and end
    (the thread states the earlier lookup walked were freed under it: a segfault)."""
    stop = threading.Event()
    counts = {"armed": 0, "looks": 0}  # armed: fresh armings (each removed when the sleep returned)

    def naps():
        while not stop.is_set():
            time.sleep(0.002)

    offset = record(naps, "sleep")
    main = threading.main_thread().ident

    def churn():
        while not stop.is_set():
            threads = [threading.Thread(target=lambda: None) for _ in range(20)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()

    def watchdog():
        end = time.monotonic() + seconds
        try:
            while time.monotonic() < end:
                frame = sys._current_frames().get(main)
                counts["looks"] += 1
                if frame is not None and frame.f_lasti == offset and frame.f_code is naps.__code__:
                    fresh = main not in hits._armed
                    counts["armed"] += hits.arm(main, frame, offset, replaced) and fresh
        finally:
            stop.set()

    sys.setswitchinterval(1e-6)
    threads = [threading.Thread(target=churn) for _ in range(3)] + [threading.Thread(target=watchdog)]
    for t in threads:
        t.start()
    naps()
    for t in threads:
        t.join()
    sys.setswitchinterval(0.005)
    assert sys.gettrace() is None and not hits._armed, (sys.gettrace(), hits._armed)
    emit(ok=True, **counts)


def blocked_read(timeout, watchdog):
    """Block the main thread in a socket read at a recorded call site while a helper thread
    runs ``watchdog(frame, offset, main thread id, the other end)``; return what the read
    returned, or the name of what it raised."""
    a, b = socket.socketpair()
    a.settimeout(timeout)

    def read():
        return a.recv(16)

    offset = record(read, "recv")
    main = threading.main_thread().ident
    helper = threading.Thread(target=lambda: watchdog(at_site(offset), offset, main, b))
    helper.start()
    try:
        outcome = read()
    except BaseException as e:  # noqa: BLE001 - what the call raised is the point
        outcome = type(e).__name__
    helper.join()
    return outcome


def veto() -> None:
    """_PyEval_SetTrace fails (an audit hook vetoes sys.settrace): nothing of the arming is
    left behind, and a later arming works."""
    vetoing = threading.Event()

    def hook(event, args):
        if event == "sys.settrace" and vetoing.is_set():
            raise RuntimeError("vetoed by an audit hook")

    sys.addaudithook(hook)
    seen = {}

    def watchdog(frame, offset, main, other_end):
        vetoing.set()
        try:
            seen["first"] = hits.arm(main, frame, offset, replaced)
        except RuntimeError as e:
            seen["first"] = str(e)
        vetoing.clear()
        seen["left"] = (frame.f_trace, frame.f_trace_opcodes, dict(hits._armed))
        seen["second"] = hits.arm(main, frame, offset, replaced)
        seen["tracing"] = frame.f_trace is not None
        other_end.send(b"result")

    result = blocked_read(5.0, watchdog)
    assert seen["first"] in (False, "vetoed by an audit hook"), seen
    assert seen["left"] == (None, False, {}), seen
    assert seen["second"] is True and seen["tracing"], seen
    assert result == b"result" and sys.gettrace() is None and not hits._armed
    emit(ok=True, first=seen["first"])


def interrupt() -> None:
    """Armed, the call fails with a KeyboardInterrupt (SIGINT): it stays one. Armed, the
    call fails and the replacement itself raises: the call's own error propagates."""
    seen = {}

    def broken(error):
        raise ValueError("the replacement failed")

    for timeout, replace, then, expected in (
            (5.0, replaced, lambda main: signal.pthread_kill(main, signal.SIGINT), "KeyboardInterrupt"),
            (0.5, broken, lambda main: None, "TimeoutError")):
        def watchdog(frame, offset, main, other_end, replace=replace, then=then):
            seen["armed"] = hits.arm(main, frame, offset, replace)
            then(main)

        raised = blocked_read(timeout, watchdog)
        assert seen["armed"] is True and raised == expected, (seen, raised)
        assert sys.gettrace() is None and not hits._armed
    emit(ok=True)


def tracer() -> None:
    """A tracer the user installs on the armed thread (here set in the window between the
    watchdog's checks and its own _PyEval_SetTrace, the one way it can happen) is neither
    removed nor acted for: the call's failure stays its own error."""
    events = []

    def user(frame, event, arg):
        events.append(event)
        return None

    def watchdog(frame, offset, main, other_end):
        api = hits._get_api()
        assert hits.arm(main, frame, offset, replaced)
        api.api._PyEval_SetTrace(hits._main_state(main), api.trampoline, user)

    raised = blocked_read(1.0, watchdog)
    still = sys.gettrace()
    sys.settrace(None)
    assert raised == "TimeoutError", raised
    assert still is user and not hits._armed, (still, hits._armed)
    emit(ok=True)


def main() -> int:
    scenario = sys.argv[1]
    hits.note_main_thread()
    if not hits.can_arm():
        emit(skip=f"arming needs CPython 3.11 (this is {sys.implementation.name} {sys.version_info[:2]})")
        return 0
    if scenario == "race":
        race(float(sys.argv[2]) if len(sys.argv) > 2 else 2.0)
    else:
        {"veto": veto, "interrupt": interrupt, "tracer": tracer}[scenario]()
    return 0


if __name__ == "__main__":
    sys.exit(main())
