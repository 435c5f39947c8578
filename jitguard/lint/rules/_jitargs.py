"""Reading a jit use's static/donate arguments the way JAX does (shared by JG201, JG202, JG204)."""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from jitguard.lint.analysis.jitcontext import FunctionInfo, ModuleIndex, TransformUse, keyword, literal_ints, literal_strs

_KINDS = ("static", "donate")


@dataclass
class JitArgs:
    info: FunctionInfo
    use: TransformUse
    positional: list[str]  # positional parameters as JAX sees them (after partial/bound self)
    has_varargs: bool
    has_varkw: bool
    all_names: set[str]

    index: ModuleIndex | None = None

    def nums(self, kind: str) -> tuple[list[int], cst.BaseExpression | None]:
        node = keyword(self.use.options, f"{kind}_argnums") if self.use.options is not None else None
        value = self.index.constant(node) if self.index is not None else node
        return (literal_ints(value) or []) if node is not None else [], node

    def names(self, kind: str) -> tuple[list[str], cst.BaseExpression | None]:
        node = keyword(self.use.options, f"{kind}_argnames") if self.use.options is not None else None
        value = self.index.constant(node) if self.index is not None else node
        return (literal_strs(value) or []) if node is not None else [], node

    def resolved(self, kind: str) -> set[str]:
        """Parameter names a kind (static/donate) covers, through numbers and names."""
        out = set(self.names(kind)[0])
        for n in self.nums(kind)[0]:
            idx = n + len(self.positional) if n < 0 else n
            if 0 <= idx < len(self.positional):
                out.add(self.positional[idx])
        return out


def jit_args(index: ModuleIndex):
    """Every jax.jit/pjit use of this module whose arguments can be checked statically."""
    for info, use, site in index.jit_uses:
        if use.qualname not in ("jax.jit", "jax.pjit", "jax.experimental.pjit.pjit") or use.options is None:
            continue
        if not isinstance(info.node, cst.FunctionDef):
            continue
        positional = [p.name for p in info.params if p.kind == "positional"]
        if use.bound_self and info.is_method:
            positional = positional[1:]
        positional = positional[use.bound_positional:]
        kinds = {p.kind for p in info.params}
        yield JitArgs(info, use, positional, "vararg" in kinds, "kwarg" in kinds, {p.name for p in info.params}, index), site

