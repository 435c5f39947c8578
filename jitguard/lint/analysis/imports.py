"""A light import table: local names -> qualified names, built from the module's import statements.

libcst's QualifiedNameProvider answers the same question but costs several times the parse;
this table is built from the module's import statements, which is all a linter of JAX idioms
needs. A function whose body imports something gets a :meth:`ImportTable.child` table of its
own, in front of its parent's (``ModuleIndex.imports_of``): an import in one function never
changes how other functions resolve names.
"""

from __future__ import annotations

import ast
from collections import ChainMap

import libcst as cst

from jitguard.lint.prepass import resolve_relative


def dotted(node: cst.BaseExpression) -> str | None:
    """``a.b.c`` -> "a.b.c"; None for anything that is not a plain dotted name."""
    # (type tests: isinstance on libcst's ABC-based classes costs a Python call each; this runs for
    # every name resolved, and neither class has subclasses)
    parts: list[str] = []
    while type(node) is cst.Attribute:
        parts.append(node.attr.value)  # type: ignore[attr-defined]
        node = node.value  # type: ignore[attr-defined]
    if type(node) is cst.Name:
        parts.append(node.value)
        return ".".join(reversed(parts))
    return None


class ImportTable:
    """Maps names bound by imports to the qualified name they stand for."""

    def __init__(self, module_name: str = "") -> None:
        self.names: dict[str, str] = {}
        # names bound once to an imported name or an attribute of one (`xp = jnp`, set by
        # ModuleIndex.assigned_aliases): they resolve as that name does, and are no re-exports
        self.aliases: dict[str, str] = {}
        self.assigned: frozenset[str] = frozenset()  # the ones this scope's own code binds
        self.module_name = module_name  # dotted name of the module, for relative imports

    def child(self) -> "ImportTable":
        """A table for one function's own imports, in front of this one: what it adds is seen
        through the child only (a ``ChainMap`` over this table's names)."""
        table = ImportTable(self.module_name)
        table.names = ChainMap({}, self.names)  # type: ignore[assignment]
        table.aliases = ChainMap({}, self.aliases)  # type: ignore[assignment]
        return table

    def add_statement(self, stmt: cst.CSTNode) -> None:
        if isinstance(stmt, cst.Import):
            for alias in stmt.names:
                asname = alias.asname.name if alias.asname is not None else None
                self._add_import(dotted(alias.name), asname.value if isinstance(asname, cst.Name) else None)
        elif isinstance(stmt, cst.ImportFrom):
            if isinstance(stmt.names, cst.ImportStar):
                return
            aliases = []
            for alias in stmt.names:
                asname = alias.asname.name if alias.asname is not None else None
                aliases.append((dotted(alias.name), asname.value if isinstance(asname, cst.Name) else None))
            module = dotted(stmt.module) if stmt.module is not None else ""
            self._add_from(module, len(stmt.relative), aliases)

    def add_ast_statement(self, stmt: ast.stmt) -> None:
        """The same for CPython's ast (files read without a libcst parse; see engine.FileLinter)."""
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                self._add_import(alias.name, alias.asname)
        elif isinstance(stmt, ast.ImportFrom):
            if any(alias.name == "*" for alias in stmt.names):
                return
            self._add_from(stmt.module or "", stmt.level, [(a.name, a.asname) for a in stmt.names])

    def _add_import(self, full: str | None, asname: str | None) -> None:
        if full is None:
            return
        if asname is not None:
            self.names[asname] = full
        else:
            head = full.split(".", 1)[0]
            self.names[head] = head

    def _add_from(self, module: str | None, level: int, aliases: list[tuple[str | None, str | None]]) -> None:
        base = module
        if level:
            base = self._resolve_relative(level, module or "")
        if base is None:
            return
        for name, asname in aliases:
            if name is not None:
                self.names[asname or name] = f"{base}.{name}" if base else name

    def _resolve_relative(self, level: int, base: str) -> str | None:
        return resolve_relative(self.module_name, level, base)

    def add_module(self, module: cst.Module) -> None:
        for stmt in module.body:
            self._add_compound(stmt, depth=0)

    def add_ast_module(self, tree: ast.Module) -> None:
        for stmt in tree.body:
            self._add_ast_compound(stmt, depth=0)

    def _add_ast_compound(self, stmt: ast.stmt, depth: int) -> None:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            self.add_ast_statement(stmt)
        elif depth < 3 and isinstance(stmt, (ast.If, ast.Try)):
            if isinstance(stmt, ast.Try):
                blocks = [stmt.body, *(h.body for h in stmt.handlers)]
            else:  # like the libcst walk: the `else:` block, not an `elif` chain
                elif_ = len(stmt.orelse) == 1 and isinstance(stmt.orelse[0], ast.If)
                blocks = [stmt.body] if elif_ else [stmt.body, stmt.orelse]
            for block in blocks:
                for inner in block:
                    self._add_ast_compound(inner, depth + 1)

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
        head = text.partition(".")[0]
        if head in local_shadow:
            return None
        return self.resolve_text(text)

    def resolve_text(self, text: str) -> str:
        """Qualified name of the dotted name ``text`` (``jnp.where`` -> ``jax.numpy.where``)."""
        head, _, rest = text.partition(".")
        target = self.names.get(head) or self.aliases.get(head)
        if target is None:
            return text
        return f"{target}.{rest}" if rest else target
