"""A light import table: local names -> qualified names, built from the module's import statements.

libcst's QualifiedNameProvider answers the same question but costs several times the parse;
this table is built by a walk over the top level statements (and function-level imports are
added as the taint walker meets them), which is all a linter of JAX idioms needs.
"""

from __future__ import annotations

import libcst as cst


def dotted(node: cst.BaseExpression) -> str | None:
    """``a.b.c`` -> "a.b.c"; None for anything that is not a plain dotted name."""
    parts: list[str] = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    if isinstance(node, cst.Name):
        parts.append(node.value)
        return ".".join(reversed(parts))
    return None


class ImportTable:
    """Maps names bound by imports to the qualified name they stand for."""

    def __init__(self, module_name: str = "") -> None:
        self.names: dict[str, str] = {}
        self.module_name = module_name  # dotted name of the module, for relative imports

    def add_statement(self, stmt: cst.CSTNode) -> None:
        if isinstance(stmt, cst.Import):
            for alias in stmt.names:
                full = dotted(alias.name)
                if full is None:
                    continue
                if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                    self.names[alias.asname.name.value] = full
                else:
                    head = full.split(".", 1)[0]
                    self.names[head] = head
        elif isinstance(stmt, cst.ImportFrom):
            base = dotted(stmt.module) if stmt.module is not None else ""
            if stmt.relative:
                base = self._resolve_relative(len(stmt.relative), base or "")
            if base is None or isinstance(stmt.names, cst.ImportStar):
                return
            for alias in stmt.names:
                name = dotted(alias.name)
                if name is None:
                    continue
                local = name
                if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                    local = alias.asname.name.value
                self.names[local] = f"{base}.{name}" if base else name

    def _resolve_relative(self, level: int, base: str) -> str | None:
        if not self.module_name:
            return None
        package = self.module_name.split(".")
        # a module's own package is one level up; each further dot goes one more
        package = package[: len(package) - level] if level <= len(package) else []
        return ".".join([*package, base] if base else package) or None

    def add_module(self, module: cst.Module) -> None:
        for stmt in module.body:
            self._add_compound(stmt, depth=0)

    def _add_compound(self, stmt: cst.CSTNode, depth: int) -> None:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                self.add_statement(small)
        elif depth < 3 and isinstance(stmt, (cst.If, cst.Try)):
            # `try: import jax.numpy as jnp except ImportError: ...` and `if TYPE_CHECKING:` blocks
            blocks = [stmt.body]
            if isinstance(stmt, cst.Try):
                blocks += [h.body for h in stmt.handlers]
            elif stmt.orelse is not None and isinstance(stmt.orelse, cst.Else):
                blocks.append(stmt.orelse.body)
            for block in blocks:
                for inner in getattr(block, "body", ()):
                    self._add_compound(inner, depth + 1)

    def resolve(self, node: cst.BaseExpression, local_shadow: frozenset[str] | set[str] = frozenset()) -> str | None:
        """Qualified name of a dotted expression, through the imports.

        ``local_shadow`` are names bound locally (parameters, assignments) that hide an import.
        A name that is neither imported nor shadowed resolves to itself ("len", "range", or a
        module-level definition), which is what builtins need.
        """
        text = dotted(node)
        if text is None:
            return None
        head, _, rest = text.partition(".")
        if head in local_shadow:
            return None
        target = self.names.get(head)
        if target is None:
            return text
        return f"{target}.{rest}" if rest else target
