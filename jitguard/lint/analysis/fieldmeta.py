"""A dataclass field declared metadata through the field's ``metadata`` mapping.

``flax.struct.field(pytree_node=False)`` is ``dataclasses.field(metadata={"pytree_node": False})``
(flax's source writes exactly that, and ``flax.struct.dataclass`` reads it back from
``Field.metadata``; flax is not installed here),
and ``jax.tree_util.register_dataclass`` without field lists reads ``metadata={"static": True}``
(checked on JAX 0.10.2: such a field keeps its Python value under ``jax.jit``/``jax.vmap``).
So the mapping spelled out, ``metadata={"pytree_node": False}`` or ``metadata=dict(static=True)``,
declares the field static exactly as the keyword forms ``pytree_node=False``/``static=True`` do.
"""

from __future__ import annotations

import libcst as cst

# metadata keys that declare a field static, and the value that does it
_STATIC_KEYS = {"pytree_node": "False", "static": "True"}


def static_by_metadata(call: cst.Call) -> bool:
    """``field(metadata={"pytree_node": False})``, ``field(metadata=dict(static=True))``."""
    metadata = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "metadata"), None)
    if isinstance(metadata, cst.Dict):
        for el in metadata.elements:
            if (isinstance(el, cst.DictElement) and isinstance(el.key, cst.SimpleString)
                    and _STATIC_KEYS.get(el.key.evaluated_value) == _name(el.value)):
                return True
    if isinstance(metadata, cst.Call) and isinstance(metadata.func, cst.Name) and metadata.func.value == "dict":
        return any(a.keyword is not None and _STATIC_KEYS.get(a.keyword.value) == _name(a.value) for a in metadata.args)
    return False


def _name(node: cst.BaseExpression) -> str | None:
    return node.value if isinstance(node, cst.Name) else None
