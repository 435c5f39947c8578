"""Per-function guard state: counts, bounded history, the decision on each compile.

Everything here runs on JAX's compile path only (the hooks call in), never per call.
No jax import at module level.
"""

from __future__ import annotations

import collections
import json
import logging
import threading
import time
import warnings
from dataclasses import dataclass, field
from typing import Any, Sequence

from jitguard.runtime import functions, settings
from jitguard.runtime.errors import RecompilationError, RecompilationWarning
from jitguard.runtime.explain import excess_message
from jitguard.runtime.signature import Leaf, key
from jitguard.runtime.table import Row

logger = logging.getLogger("jitguard")

MAX_HISTORY = 256  # compiled signatures kept per function
MAX_KEYS = 4096  # distinct signature keys remembered per function
_log_lock = threading.Lock()


@dataclass
class CompileRecord:
    """One XLA compile (or persistent-cache hit) of a guarded function."""

    state: "GuardState" = field(repr=False)
    index: int  # 1-based compile number among call compiles; 0 for warm-up compiles
    signature: tuple[Leaf, ...] | None
    call_site: str | None
    warmup: bool = False
    excess: bool = False
    message: str | None = None
    cache_hit: bool = False
    trace_seconds: float = 0.0
    lower_seconds: float = 0.0
    compile_seconds: float = 0.0
    deferred: Any = field(default=None, repr=False)  # (action, frame) to apply after the compile

    @property
    def function(self) -> str:
        return self.state.name

    def to_json(self) -> dict[str, Any]:
        return {
            "time": time.time(),
            "function": self.state.name,
            "defined_at": self.state.defined_at,
            "call_site": self.call_site,
            "index": self.index,
            "warmup": self.warmup,
            "persistent_cache_hit": self.cache_hit,
            "excess": self.excess,
            "trace_seconds": self.trace_seconds,
            "lower_seconds": self.lower_seconds,
            "compile_seconds": self.compile_seconds,
            "signature": None if self.signature is None else [leaf.to_dict() for leaf in self.signature],
            "message": self.message,
        }


def _call_index(counter: Any) -> int:
    # itertools.count has no peek; its repr is "count(N)" with N the next value.
    return int(repr(counter)[6:-1]) - 1


class GuardState:
    """What jitguard knows about one guarded function."""

    def __init__(
        self,
        *,
        name: str,
        defined_at: str,
        jit_info: Any,
        max_compiles: int,
        window: tuple[int, int] | None,
        on_excess: str,
        call_counter: Any = None,
    ) -> None:
        self.name = name
        self.defined_at = defined_at
        self.jit_info = jit_info
        self.max_compiles = max_compiles
        self.window = window
        self.on_excess = on_excess
        self.call_counter = call_counter  # itertools.count, only when calls are counted
        self.jitted_ref: Any = None  # weakref to the jitted function, for warmup
        self._lock = threading.Lock()
        self.compiles = 0
        self.warmup_compiles = 0
        self.cache_hits = 0
        self.refused = 0
        self.frozen = False
        self.trace_seconds = 0.0
        self.lower_seconds = 0.0
        self.compile_seconds = 0.0
        self.history: collections.deque[tuple[Leaf, ...]] = collections.deque(maxlen=MAX_HISTORY)
        self._keys: set[tuple] = set()
        self._recent: collections.deque[int] = collections.deque(maxlen=window[0] if window else 1)

    # ------------------------------------------------------------ compile path
    def add_seconds(self, trace: float = 0.0, lower: float = 0.0) -> None:
        with self._lock:
            self.trace_seconds += trace
            self.lower_seconds += lower

    def before_compile(
        self,
        signature: tuple[Leaf, ...] | None,
        call_site: str | None,
        warn_frame: Any,
        warmup: bool,
        trace_seconds: float = 0.0,
        lower_seconds: float = 0.0,
        defer: bool = False,
    ) -> CompileRecord:
        """Decide about a compile XLA is about to run. Raises to refuse it.

        With ``defer`` (the persistent compilation cache is on), an excess is acted on
        after the compile, once jitguard knows whether it was a cache hit."""
        with self._lock:
            history = list(self.history)
            if warmup:
                self.warmup_compiles += 1
                index, reason = 0, None
            else:
                self.compiles += 1
                index = self.compiles
                reason = self._excess_reason(index)
        record = CompileRecord(
            self, index, signature, call_site, warmup=warmup,
            trace_seconds=trace_seconds, lower_seconds=lower_seconds,
        )
        if reason is None:
            return record
        record.excess = True
        action = settings.action(self.on_excess)
        if action == "off":
            return record
        record.message = excess_message(
            name=self.name, defined_at=self.defined_at, call_site=call_site,
            reason=reason, new=signature, history=history,
        )
        if defer:  # a persistent-cache hit is not a compile: decide once we know
            record.deferred = (action, warn_frame)
            return record
        self._act(record, action, warn_frame, before=True)
        return record

    def _act(self, record: CompileRecord, action: str, warn_frame: Any, before: bool) -> None:
        try:
            if action == "raise":
                when = "before XLA compiled it" if before else "XLA compiled it (the persistent cache did not have it), but the result is discarded"
                raise RecompilationError(f"{record.message}\n  (refused: on_excess='raise'; {when})")
            if action == "warn":
                _warn(record.message or "", warn_frame)
            else:
                logger.warning(record.message)
        except BaseException:
            with self._lock:  # this compile does not take effect
                self.compiles -= 1
                self.refused += 1
            raise

    def _excess_reason(self, index: int) -> str | None:
        if self.frozen:
            return f"compiled after .freeze() (compile #{index}); frozen functions must not compile"
        limit = settings.max_compiles(self.max_compiles)
        reason = None
        if index > limit:
            reason = f"compiled {index} times, over max_compiles={limit}"
        if self.window is not None and self.call_counter is not None:
            k, n = self.window
            call = _call_index(self.call_counter)
            self._recent.append(call)
            if reason is None and len(self._recent) == k and call - self._recent[0] < n:
                reason = f"compiled on {k} of its last {n} calls (window=({k}, {n}))"
        return reason

    def after_compile(self, record: CompileRecord, seconds: float) -> None:
        record.compile_seconds = seconds
        with self._lock:
            if record.cache_hit:
                self.cache_hits += 1
                if record.warmup:
                    self.warmup_compiles -= 1
                else:
                    self.compiles -= 1
            else:
                self.compile_seconds += seconds
            if record.signature is not None:
                self.history.append(record.signature)
                if len(self._keys) < MAX_KEYS:
                    self._keys.add(key(record.signature))
        deferred, record.deferred = record.deferred, None
        if deferred is not None and record.cache_hit:
            record.excess = False
            deferred = None
        path = settings.log_path()
        if path:
            _append_log(path, record.to_json())
        functions.notify(record)
        if deferred is not None:
            self._act(record, deferred[0], deferred[1], before=False)

    # ------------------------------------------------------------- public API
    def stats(self) -> dict[str, Any]:
        """Counts and timings of this function's compiles, and the signatures compiled."""
        with self._lock:
            out: dict[str, Any] = {
                "function": self.name,
                "defined_at": self.defined_at,
                "compiles": self.compiles,
                "warmup_compiles": self.warmup_compiles,
                "persistent_cache_hits": self.cache_hits,
                "refused": self.refused,
                "max_compiles": settings.max_compiles(self.max_compiles),
                "frozen": self.frozen,
                "trace_seconds": self.trace_seconds,
                "lower_seconds": self.lower_seconds,
                "compile_seconds": self.compile_seconds,
                "signatures": [[leaf.to_dict() for leaf in sig] for sig in self.history],
            }
            if self.call_counter is not None:
                out["calls"] = _call_index(self.call_counter)
        return out

    def freeze(self) -> None:
        """From now on every compile of this function is an excess (JAX issue #8655)."""
        self.frozen = True

    def warmup(self, *arg_sets: Any) -> None:
        """Compile ahead of time, on the target device, for each set of example
        arguments: a tuple of positional arguments or a dict of keyword arguments;
        leaves may be arrays or ``jax.ShapeDtypeStruct``. Calls with those signatures
        then run without compiling."""
        from jitguard.runtime import hooks

        jitted = self.jitted_ref() if self.jitted_ref is not None else None
        if jitted is None:
            raise RuntimeError(f"jitguard: {self.name} has been deleted; nothing to warm up.")
        for arg_set in arg_sets:
            if isinstance(arg_set, dict):
                args, kwargs = (), arg_set
            elif isinstance(arg_set, tuple):
                args, kwargs = arg_set, {}
            else:
                raise TypeError(
                    "warmup() takes one tuple of positional arguments (or one dict of keyword "
                    f"arguments) per signature, e.g. f.warmup((x,), (y,)); got {type(arg_set).__name__}."
                )
            with hooks.warming(self, args, kwargs):
                jitted.lower(*args, **kwargs).compile()

    def row(self) -> Row:
        with self._lock:
            return Row(
                self.name, self.defined_at, self.compiles + self.warmup_compiles,
                self.cache_hits, self.compile_seconds, len(self._keys), list(self.history),
            )


def _warn(message: str, frame: Any) -> None:
    if frame is None:
        warnings.warn(message, RecompilationWarning, stacklevel=2)
        return
    g = frame.f_globals
    warnings.warn_explicit(
        message, RecompilationWarning, frame.f_code.co_filename, frame.f_lineno,
        module=g.get("__name__", "<unknown>"),
        registry=g.setdefault("__warningregistry__", {}),
        module_globals=g,
    )


def _append_log(path: str, entry: dict[str, Any]) -> None:
    line = json.dumps(entry, default=str)
    with _log_lock:
        try:
            with open(path, "a", encoding="utf-8") as f:
                f.write(line + "\n")
        except OSError as e:
            logger.warning("jitguard: cannot append to JITGUARD_LOG=%s: %s", path, e)


def history_of(records: Sequence[CompileRecord]) -> list[tuple[Leaf, ...]]:
    return [r.signature for r in records if r.signature is not None]
