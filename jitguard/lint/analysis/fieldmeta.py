"""A dataclass field declared static through the field's ``metadata`` mapping, as the class's
registration reads it.

Each registration reads its own key (checked on JAX 0.10.2 for JAX's own; the others from their
sources):

* ``jax.tree_util.register_dataclass`` without field lists reads ``metadata["static"]`` only
  (``metadata={"static": True}`` keeps the field's Python value under ``jax.jit``/``jax.vmap``;
  ``metadata={"pytree_node": False}`` there is ignored: the field is a traced leaf). Given
  ``data_fields``/``meta_fields`` it reads no metadata at all.
* ``flax.struct.dataclass`` / ``flax.struct.PyTreeNode`` read ``metadata["pytree_node"]`` only
  (``flax.struct.field(pytree_node=False)`` writes exactly that; flax is not installed here).
* ``equinox.Module`` reads ``metadata["static"]`` (what ``eqx.field(static=True)`` writes).
* Any other class (a project's own decorator, which may read either key, as
  tests/precision_cases/fresh2_field_metadata_dict_static.py does): both keys, unknown.
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis.jaxapi import REGISTER_DATACLASS

# metadata key -> the value that declares a field static, per registration
STATIC_KEY = {"static": "True"}
PYTREE_NODE_KEY = {"pytree_node": "False"}
ANY_KEY = {**STATIC_KEY, **PYTREE_NODE_KEY}

_FLAX = frozenset({"flax.struct.dataclass", "flax.struct.PyTreeNode"})
_EQUINOX = frozenset({"equinox.Module"})


def static_keys(node: cst.ClassDef, imports) -> dict[str, str] | None:
    """The metadata keys (key -> the value that makes a field static) that ``node``'s
    registration reads, from its decorators and bases; None when no registration known here
    is in sight (a project's own decorator: it may read any)."""
    keys: dict[str, str] = {}
    known = False
    for dec in node.decorators:
        expr = dec.decorator
        name = imports.resolve(expr.func if isinstance(expr, cst.Call) else expr)
        if name == "functools.partial" and isinstance(expr, cst.Call) and expr.args:
            name = imports.resolve(expr.args[0].value)
            if name in REGISTER_DATACLASS and any(
                    a.keyword is not None and a.keyword.value in ("data_fields", "meta_fields") for a in expr.args):
                known = True  # explicit field lists: no metadata read
                continue
        if name in REGISTER_DATACLASS:
            known, keys = True, {**keys, **STATIC_KEY}
        elif name in _FLAX:
            known, keys = True, {**keys, **PYTREE_NODE_KEY}
    for base in node.bases:
        name = imports.resolve(base.value)
        if name in _FLAX:
            known, keys = True, {**keys, **PYTREE_NODE_KEY}
        elif name in _EQUINOX:
            known, keys = True, {**keys, **STATIC_KEY}
    return keys if known else None


def static_by_metadata(call: cst.Call, keys: dict[str, str]) -> bool:
    """``field(metadata={"static": True})``, ``field(metadata=dict(pytree_node=False))``, for
    the ``keys`` the class's registration reads (``static_keys``)."""
    metadata = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "metadata"), None)
    if isinstance(metadata, cst.Dict):
        for el in metadata.elements:
            if (isinstance(el, cst.DictElement) and isinstance(el.key, cst.SimpleString)
                    and keys.get(el.key.evaluated_value) == _name(el.value)):
                return True
    if isinstance(metadata, cst.Call) and isinstance(metadata.func, cst.Name) and metadata.func.value == "dict":
        return any(a.keyword is not None and keys.get(a.keyword.value) == _name(a.value) for a in metadata.args)
    return False


def _name(node: cst.BaseExpression) -> str | None:
    return node.value if isinstance(node, cst.Name) else None
