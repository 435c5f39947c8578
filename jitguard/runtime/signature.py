"""Compiled signatures: what one compile saw, how two differ, what keeps changing.

Plain data, so the JSON-lines log can be analysed without jax. Only :func:`capture`
touches jax, and imports it when called.
"""

from __future__ import annotations

import hashlib
import inspect
from dataclasses import asdict, dataclass
from typing import Any, Iterable, Sequence

_MAX_REPR = 60


@dataclass(frozen=True)
class Leaf:
    """One argument leaf (``batch['tokens']``) or one static argument of a call."""

    path: str
    shape: tuple[int, ...] | None = None
    dtype: str | None = None
    weak_type: bool | None = None
    committed: bool | None = None
    sharding: str | None = None
    static: str | None = None  # repr of a static argument's value
    node: str | None = None  # a pytree node (container) at this path: its type's name
    meta: str | None = None  # the node's metadata (e.g. register_dataclass meta fields), if any
    keyword: bool | None = None  # on an argument's top entry: passed by keyword (True) or position

    @property
    def kind(self) -> str:
        if self.static is not None:
            return "static"
        if self.node is not None:
            return "container"
        return "array"

    def describe(self) -> str:
        if self.static is not None:
            return f"{self.path} = {self.static} (static)"
        if self.node is not None:
            return f"{self.path}: {self.node}" + ("" if self.meta is None else f" with metadata {self.meta}")
        text = f"{self.path}: {self.dtype}[{','.join(map(str, self.shape or ()))}]"
        if self.weak_type:
            text += " weak"
        if self.committed:
            text += f" committed to {self.sharding}"
        return text

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        if d["shape"] is not None:
            d["shape"] = list(d["shape"])
        for name in ("node", "meta", "keyword"):  # absent when unset: logs stay compact
            if d[name] is None:
                del d[name]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Leaf":
        shape = d.get("shape")
        return cls(
            path=str(d["path"]),
            shape=None if shape is None else tuple(int(s) for s in shape),
            dtype=d.get("dtype"),
            weak_type=d.get("weak_type"),
            committed=d.get("committed"),
            sharding=d.get("sharding"),
            static=d.get("static"),
            node=d.get("node"),
            meta=d.get("meta"),
            keyword=d.get("keyword"),
        )


Signature = tuple  # tuple[Leaf, ...], ordered as the arguments


@dataclass(frozen=True)
class Change:
    """How one part of a signature differs from the nearest compiled one."""

    path: str
    # "dim 1", "rank", "dtype", "weak type", "committed", "sharding", "static value", "added",
    # "removed", "container" (list -> tuple), "pytree metadata", "passed" (positional ->
    # keyword), "kind" (an array became a container or a static value)
    aspect: str
    old: Any
    new: Any

    def describe(self) -> str:
        if self.aspect == "added":
            return f"{self.path}: new in the pytree ({self.new})"
        if self.aspect == "removed":
            return f"{self.path}: gone from the pytree (was {self.old})"
        return f"{self.path}: {self.aspect} changed {_fmt(self.old)} → {_fmt(self.new)}"


def _fmt(v: Any) -> str:
    if isinstance(v, tuple):
        return "[" + ",".join(map(str, v)) + "]"
    if v is None:
        return "unspecified"
    return str(v)


def _passed(leaf: Leaf) -> list[tuple[str, Any]]:
    if leaf.keyword is None:
        return []
    return [("passed", "keyword" if leaf.keyword else "positional")]


def _parts(leaf: Leaf) -> list[tuple[str, Any]]:
    """The aspects of a leaf that a compile depends on, as (aspect, value)."""
    if leaf.static is not None:
        return [("static value", leaf.static), *_passed(leaf)]
    if leaf.node is not None:
        parts_: list[tuple[str, Any]] = [("container", leaf.node)]
        if leaf.meta is not None:
            parts_.append(("pytree metadata", leaf.meta))
        return parts_ + _passed(leaf)
    parts: list[tuple[str, Any]] = _passed(leaf) + [("rank", len(leaf.shape or ()))]
    parts += [(f"dim {i}", d) for i, d in enumerate(leaf.shape or ())]
    parts += [("dtype", leaf.dtype), ("weak type", leaf.weak_type)]
    if leaf.committed is not None:
        parts.append(("committed", leaf.committed))
        if leaf.committed:
            parts.append(("sharding", leaf.sharding))
    return parts


def diff(old: Sequence[Leaf], new: Sequence[Leaf]) -> list[Change]:
    """What changed from ``old`` to ``new``, part by part."""
    olds = {leaf.path: leaf for leaf in old}
    news = {leaf.path: leaf for leaf in new}
    changes: list[Change] = []
    for path, n in news.items():
        o = olds.get(path)
        if o is None:
            changes.append(Change(path, "added", None, n.describe().split(": ", 1)[-1]))
            continue
        op, np_ = dict(_parts(o)), dict(_parts(n))
        if o.kind != n.kind:
            changes.append(Change(path, "kind", _what(o), _what(n)))
            if op.get("passed") != np_.get("passed") and "passed" in op and "passed" in np_:
                changes.append(Change(path, "passed", op["passed"], np_["passed"]))
            continue
        if op.get("rank") != np_.get("rank"):
            changes.append(Change(path, "rank", o.shape, n.shape))
            op = {k: v for k, v in op.items() if not k.startswith("dim")}
            np_ = {k: v for k, v in np_.items() if not k.startswith("dim")}
            op.pop("rank", None), np_.pop("rank", None)
        for aspect, value in np_.items():
            if aspect in op and op[aspect] != value:
                changes.append(Change(path, aspect, op[aspect], value))
    for path, o in olds.items():
        if path not in news:
            changes.append(Change(path, "removed", o.describe().split(": ", 1)[-1], None))
    return changes


def _what(leaf: Leaf) -> str:
    if leaf.static is not None:
        return f"static {leaf.static}"
    if leaf.node is not None:
        return leaf.node
    return f"array {leaf.dtype}[{','.join(map(str, leaf.shape or ()))}]"


def nearest(compiled: Sequence[Sequence[Leaf]], new: Sequence[Leaf]) -> tuple[Sequence[Leaf] | None, list[Change]]:
    """The compiled signature closest to ``new`` (fewest changes; latest on ties)."""
    best, best_changes = None, []
    for sig in compiled:
        changes = diff(sig, new)
        if best is None or len(changes) <= len(best_changes):
            best, best_changes = sig, changes
    return best, best_changes


def churn(signatures: Iterable[Sequence[Leaf]]) -> dict[tuple[str, str], list[Any]]:
    """For every (path, aspect): the distinct values seen, in first-seen order."""
    seen: dict[tuple[str, str], list[Any]] = {}
    for sig in signatures:
        for leaf in sig:
            for aspect, value in _parts(leaf):
                values = seen.setdefault((leaf.path, aspect), [])
                if value not in values:
                    values.append(value)
    return seen


def worst_churn(signatures: Iterable[Sequence[Leaf]]) -> tuple[str, str, list[Any]] | None:
    """The part that took the most distinct values (at least two), or None."""
    best = None
    for (path, aspect), values in churn(signatures).items():
        if aspect == "rank":
            continue
        if len(values) >= 2 and (best is None or len(values) > len(best[2])):
            best = (path, aspect, values)
    return best


def key(sig: Sequence[Leaf]) -> tuple:
    return tuple(sig)


# ----------------------------------------------------------------- capture (jax)

def _short_repr(value: Any) -> str:
    """repr(value), shortened; two long reprs that differ stay different (a hash suffix)."""
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    if len(text) <= _MAX_REPR:
        return text
    digest = hashlib.blake2b(text.encode("utf-8", "replace"), digest_size=4).hexdigest()
    return text[: _MAX_REPR - 10] + "…#" + digest


def short_sharding(sharding: Any) -> str | None:
    if sharding is None:
        return None
    name = type(sharding).__name__
    if name == "SingleDeviceSharding":
        (device,) = tuple(sharding.device_set)
        return f"{device.platform}:{device.id}"
    if name == "NamedSharding":
        return f"NamedSharding(mesh={dict(sharding.mesh.shape)}, spec={sharding.spec})"
    return str(sharding)


def _aval(x: Any) -> Any:
    import jax

    typeof = getattr(jax, "typeof", None)  # jax >= 0.6; older: core.get_aval
    if typeof is None:
        typeof = jax.core.get_aval
    return typeof(x)


def _leaf(path: str, x: Any, keyword: bool | None = None) -> Leaf:
    import jax

    try:
        aval = _aval(x)
        shape, dtype, weak = tuple(aval.shape), str(aval.dtype), bool(getattr(aval, "weak_type", False))
    except Exception:  # not a jax type: describe what we can
        shape = tuple(getattr(x, "shape", ()) or ())
        dtype = str(getattr(x, "dtype", type(x).__name__))
        weak = bool(getattr(x, "weak_type", False))
    if isinstance(x, jax.ShapeDtypeStruct):
        sharding_ = getattr(x, "sharding", None)
        committed = None if sharding_ is None else True
        sharding = short_sharding(sharding_)
    elif isinstance(x, jax.Array) and not isinstance(x, jax.core.Tracer):
        committed = bool(getattr(x, "committed", getattr(x, "_committed", False)))
        sharding = short_sharding(x.sharding)
    else:  # numpy arrays and Python scalars behave as uncommitted arrays
        committed, sharding = False, None
    return Leaf(path, shape, dtype, weak, committed, sharding, keyword=keyword)


_PLAIN_NODES = ("builtins", "collections")  # their metadata is the keys: already in the paths


def _node_entry(path: str, value: Any, treedef: Any, keyword: bool | None) -> Leaf:
    node_data = getattr(treedef, "node_data", None)
    kind, meta = type(value), None
    if node_data is not None:
        try:
            data = node_data()
            if data is not None:
                kind, aux = data
                if aux is not None and getattr(kind, "__module__", "") not in _PLAIN_NODES:
                    meta = _short_repr(aux)
        except Exception:
            pass
    return Leaf(path, node=getattr(kind, "__qualname__", None) or str(kind), meta=meta, keyword=keyword)


def _walk(path: str, value: Any, keyword: bool | None, leaves: list[Leaf], nodes: list[Leaf]) -> None:
    """Leaves of ``value`` (arrays) into ``leaves``, its containers into ``nodes``."""
    import jax

    tu = jax.tree_util
    children, treedef = tu.tree_flatten_with_path(value, is_leaf=lambda x: x is not value)
    if treedef.num_nodes == 1 and treedef.num_leaves == 1:  # an array (or other leaf)
        leaves.append(_leaf(path, value, keyword))
        return
    nodes.append(_node_entry(path, value, treedef, keyword))
    for key_path, child in children:
        _walk(path + tu.keystr(key_path), child, None, leaves, nodes)


def arg_names(fun_signature: inspect.Signature | None, nargs: int) -> list[str]:
    names: list[str] = []
    if fun_signature is not None:
        for p in fun_signature.parameters.values():
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                names.append(p.name)
            elif p.kind is p.VAR_POSITIONAL:
                names += [f"{p.name}[{i}]" for i in range(nargs - len(names))]
                break
    names += [f"args[{i}]" for i in range(len(names), nargs)]
    return names[:nargs]


def capture(
    args: Sequence[Any],
    kwargs: dict[str, Any],
    *,
    fun_signature: inspect.Signature | None,
    static_argnums: Iterable[int] = (),
    static_argnames: Iterable[str] = (),
) -> tuple[Leaf, ...]:
    """The signature of one call, leaf by leaf, named like the user's code: every array
    leaf, every static value, every pytree container (its type and metadata) and how
    each argument was passed (by position or keyword)."""
    nargs = len(args)
    static_nums = {i % nargs for i in static_argnums if -nargs <= i < nargs} if nargs else set()
    static_names = set(static_argnames)
    names = arg_names(fun_signature, nargs)
    leaves: list[Leaf] = []
    items = [(names[i], a, i in static_nums or names[i] in static_names, False) for i, a in enumerate(args)]
    items += [(k, v, k in static_names, True) for k, v in kwargs.items()]
    for name, value, is_static, keyword in items:
        if is_static:
            leaves.append(Leaf(name, static=_short_repr(value), keyword=keyword))
            continue
        nodes: list[Leaf] = []
        _walk(name, value, keyword, leaves, nodes)
        leaves += nodes  # an argument's arrays first, then its containers
    return tuple(leaves)
