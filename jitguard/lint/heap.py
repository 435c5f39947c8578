"""Freed memory given back to the system between files, so that a long run's resident size stays
near what it holds.

A check frees everything of a module when the module is done (its tree, index and shared walk:
``sys.getallocatedblocks()`` at the end of a run is the same whatever the files), but glibc's
``malloc`` keeps the freed chunks of the large objects (libcst nodes' dicts, the shared walk's
lists, the source texts) in its heap, fragmented, and the resident size grows with the run: on
8 libraries of the development corpus, a cold ``-j 1`` run ended at 161-177 MB resident, 94-97 MB
after one ``malloc_trim(0)`` (docs/performance.md, 2026-12-06). :func:`give_back` reads the
resident size (``/proc/self/statm``: microseconds) before each parse and calls ``malloc_trim(0)``
when it grew by more than :data:`GROWTH` since the last trim; so a trim (a walk of the heap's
free chunks, and page faults when the memory is used again) happens every few dozen files at
most. Elsewhere (no ``/proc``, no glibc) it does nothing.
"""

from __future__ import annotations

import os

# bytes of resident growth since the last trim (or the first file) that call for one: at 48 MB the
# trims cost more CPU than the shared walk saved on a gVisor host (page faults of memory given back
# and taken again); 128 MB keeps a cold run of the development corpus at ~363 MB, 1.01x the CPU of
# no trim (docs/performance.md, 2026-12-06, end)
GROWTH = 128 << 20

_STATM = "/proc/self/statm"
_state: dict = {"floor": None, "trim": None, "page": 0, "off": False, "trims": 0}


def _resident() -> int | None:
    try:
        with open(_STATM, "rb") as f:
            return int(f.read().split()[1]) * _state["page"]
    except (OSError, ValueError, IndexError):
        return None


def _trim_function():
    try:
        import ctypes

        return ctypes.CDLL(None).malloc_trim
    except (ImportError, OSError, AttributeError):
        return None


def give_back() -> None:
    """Called before a file is parsed (what the files before it held is freed by then): give
    freed memory back to the system when the process grew by more than :data:`GROWTH`."""
    state = _state
    if state["off"]:
        return
    if not state["page"]:
        try:
            state["page"] = os.sysconf("SC_PAGE_SIZE")
        except (AttributeError, ValueError, OSError):
            state["off"] = True
            return
    resident = _resident()
    if resident is None:
        state["off"] = True
        return
    floor = state["floor"]
    if floor is None:
        state["floor"] = resident
        return
    if resident - floor <= GROWTH:
        return
    trim = state["trim"]
    if trim is None:
        trim = state["trim"] = _trim_function()
        if trim is None:
            state["off"] = True
            return
    trim(0)
    state["trims"] += 1
    state["floor"] = _resident() or resident
