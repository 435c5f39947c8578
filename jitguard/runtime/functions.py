"""Every live guarded function, and who listens to their compiles. No jax.

Entries are weak: deleting a guarded function frees it and its history.
"""

from __future__ import annotations

import threading
import weakref
from typing import TYPE_CHECKING, Any, Callable

from jitguard.runtime.table import render

if TYPE_CHECKING:
    from jitguard.runtime.state import CompileRecord, GuardState

_lock = threading.Lock()
_states: "weakref.WeakSet[GuardState]" = weakref.WeakSet()
# id(jit_info) -> state; the state keeps its jit_info alive, so ids stay unique.
_by_jit_info: "weakref.WeakValueDictionary[int, GuardState]" = weakref.WeakValueDictionary()
_observers: list[Callable[["CompileRecord"], None]] = []


def register(state: "GuardState", jit_info: Any) -> None:
    with _lock:
        _states.add(state)
        _by_jit_info[id(jit_info)] = state


def lookup(jit_info: Any) -> "GuardState | None":
    state = _by_jit_info.get(id(jit_info))
    if state is not None and state.jit_info is jit_info:
        return state
    return None


def states() -> list["GuardState"]:
    with _lock:
        return list(_states)


def add_observer(fn: Callable[["CompileRecord"], None]) -> None:
    with _lock:
        _observers.append(fn)


def remove_observer(fn: Callable[["CompileRecord"], None]) -> None:
    with _lock:
        if fn in _observers:
            _observers.remove(fn)


def notify(record: "CompileRecord") -> None:
    with _lock:
        observers = list(_observers)
    for fn in observers:
        fn(record)


def report(all_processes: bool = False) -> str:
    """A table of every live guarded function: compiles, persistent-cache hits,
    compile seconds, distinct signatures and the argument that churns the most.

    ``all_processes=True`` in a multi-process job: a collective (call it on every process);
    process 0 returns the rows of every process (see ``jitguard.runtime.multihost.report``)."""
    if all_processes:
        from jitguard.runtime import multihost

        return multihost.report()
    return render([s.row() for s in states()])
