"""Caches of one value per module index (or per analysis), dropped with it.

Many analyses build a table of the whole module the first time a rule asks, and keep it for the
rest of the module's check: ``_TABLE = PerIndex()``, then ``_TABLE.of(index, build)`` (``build(index)``
runs once per index) or ``_TABLE.table(index)`` (an empty dict per index, filled by the caller).
The index is held weakly, so nothing outlives the module's check (a worker lints thousands).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

_ref = weakref.ref


class PerIndex(weakref.WeakKeyDictionary):
    """index -> one value, made once (a ``WeakKeyDictionary``: ``get``/``setdefault`` work too)."""

    def of(self, index: Any, build: Callable[[Any], Any]) -> Any:
        """The value of ``index``, ``build(index)`` the first time."""
        value = self.data.get(_ref(index))  # (WeakKeyDictionary.get, one frame less)
        if value is None:
            value = self[index] = build(index)
        return value

    def table(self, index: Any) -> dict:
        """The dict of ``index``, empty the first time."""
        value = self.data.get(_ref(index))
        if value is None:
            value = self[index] = {}
        return value
