"""jitguard.lint.heap: freed memory given back between files when the process grew, never an error."""

from __future__ import annotations

import sys

import pytest

from jitguard.lint import heap


def test_give_back_trims_only_past_the_growth(monkeypatch):
    if not sys.platform.startswith("linux"):
        pytest.skip("reads /proc/self/statm")
    calls = []
    monkeypatch.setattr(heap, "_state", {"floor": None, "trim": calls.append, "page": 0, "off": False, "trims": 0})
    heap.give_back()  # the first reading is the floor
    assert calls == []
    monkeypatch.setattr(heap, "GROWTH", 1 << 40)
    heap.give_back()
    assert calls == []
    monkeypatch.setattr(heap, "GROWTH", -1)
    heap.give_back()
    assert calls == [0] and heap._state["trims"] == 1


def test_give_back_is_a_no_op_without_proc(monkeypatch):
    monkeypatch.setattr(heap, "_STATM", "/nonexistent/statm")
    monkeypatch.setattr(heap, "_state", {"floor": None, "trim": None, "page": 0, "off": False, "trims": 0})
    heap.give_back()
    heap.give_back()
    assert heap._state["off"] and heap._state["trims"] == 0
