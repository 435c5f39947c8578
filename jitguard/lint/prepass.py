"""The first pass: CPython's ``ast`` decides which files need libcst at all.

A file that passes the text prefilter (it mentions ``lax``, ``vmap``, ``checkpoint``, ...) holds
something for the libcst analysis only if one of these holds:

* a name in it resolves, through its imports, to a function that makes a traced context: a
  tracing transform (``jax.jit``, ``jax.vmap``, ``equinox.filter_jit``, ...), a wrapper such as
  ``jax.grad`` or ``jax.custom_vjp``, a lax primitive or other higher-order function that traces
  its function argument (``lax.scan``, ``jax.eval_shape``), a ``tree_map``, a haiku transform,
  or one of the user's ``extend-jit-names``. Every traced context, every jitted definition,
  every transform call of the module rules (JG2xx, JG301) and every cross-module seed the file
  sends starts at such a name (``jitcontext.ModuleIndex`` finds them only through these
  tables);
* it may record a call site for the project-wide rules (JG30x): the engine asks
  ``calls.may_record_calls`` (with ``no_context``; the file's possible wrappers go into its facts,
  and the runner lints it again with libcst once another file may call one);
* other files pass traced values to its functions (seeds: the engine parses a seeded file
  whatever this pass says).

Everything else, i.e. most of a large JAX code base (``jnp`` arithmetic, ``lax`` primitives
called on arrays, models whose jitted step lives elsewhere), needs only its import table, which
this pass builds too. The names come from the tables of ``jaxapi`` (:data:`CONTEXT_TABLES`),
the same ones the analysis reads, so a name added there is found here with no further change;
tests/test_prepass.py checks that every table the context finder reads is listed here, and
that the findings with and without this pass are identical.

This module imports neither libcst nor the analysis: a run whose files need no parse never
loads libcst (see docs/performance.md).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

from jitguard.lint.analysis import jaxapi

# The jaxapi tables whose names make a traced context (or a transform call the rules read). A
# table that the analysis later reads for contexts must be added here: tests/test_prepass.py
# fails on every jaxapi table named in jitcontext.py that is neither here nor in NOT_CONTEXT_TABLES.
CONTEXT_TABLES = (
    "TRACING_TRANSFORMS",
    "FILTERED_TRANSFORMS",
    "JIT_TRANSFORMS",
    "PYTHON_STATIC_JITS",
    "TRANSPARENT_WRAPPERS",
    "LAX_FUNCTION_ARGS",
    "TRACED_FUNCTION_SLOTS",
    "TREE_MAPS",
    "HAIKU_APPLY_LEADING",
    "HAIKU_WITHOUT_APPLY_RNG",
    # tables other sessions may add for new traced contexts (read when present)
    "CUSTOM_DERIVATIVES",
    "TRACED_CONTEXT_MAKERS",
    "DIFFERENTIATED_ARGUMENTS",
)
# jaxapi tables the context finder reads that hold no function-taking name of their own (their
# keys are names of the tables above, or they are about values, not functions)
NOT_CONTEXT_TABLES = (
    "TRANSFORM_ADJECTIVES", "BATCHED_FUNCTION_ARGS", "STATIC_ATTRIBUTES", "STATIC_CALLS", "SCALAR_DTYPES", "ARRAY_MAKERS",
    "NOT_USER_CODE", "NOT_FOLLOWED",
    # functions given to them run outside the trace: they end a context, never start one
    "HOST_CALLBACKS",
)


def context_names(extra: Iterable[str] = ()) -> frozenset[str]:
    """Every qualified name that can start a traced context: the names of :data:`CONTEXT_TABLES`
    (dict keys, set members, a lone string) and the user's ``extend-jit-names``."""
    names: set[str] = set(extra)
    for table in CONTEXT_TABLES:
        value = getattr(jaxapi, table, None)
        if isinstance(value, str):
            names.add(value)
        elif value is not None:
            names.update(n for n in value if isinstance(n, str))
    return frozenset(names)


def resolve_relative(module_name: str, level: int, base: str) -> str | None:
    """``from ..x import y`` in module ``module_name`` (level 2, base "x"): the absolute module
    (here, without libcst, for the first pass and the scans of import statements)."""
    if not module_name:
        return None
    package = module_name.split(".")
    # a module's own package is one level up; each further dot goes one more
    package = package[: len(package) - level] if level <= len(package) else []
    return ".".join([*package, base] if base else package) or None


def import_bindings(stmt: ast.Import | ast.ImportFrom, module_name: str) -> list[tuple[str, str]]:
    """(local name, qualified name) bound by one import statement, as ``ImportTable`` binds them
    (``import a.b`` binds ``a``; a star import binds nothing it can name)."""
    out = []
    if type(stmt) is ast.Import:
        for alias in stmt.names:
            if alias.asname is not None:
                out.append((alias.asname, alias.name))
            else:
                head = alias.name.split(".", 1)[0]
                out.append((head, head))
        return out
    if any(alias.name == "*" for alias in stmt.names):
        return out
    base: str | None = stmt.module or ""
    if stmt.level:
        base = resolve_relative(module_name, stmt.level, stmt.module or "")
    if base is None:
        return out
    for alias in stmt.names:
        out.append((alias.asname or alias.name, f"{base}.{alias.name}" if base else alias.name))
    return out


# Words of context-making names that, in a file that holds them, mostly come with a real traced
# context (measured on the development corpus: docs/performance.md). Such a file goes straight to
# libcst, without the ast pass, which would only confirm it. Speed only: a word here that a file
# holds without a context costs that file its saving, never a finding.
# Since the no-context files are kept from libcst unless they may record a call (2026-12-06, third
# session), a file with `map`, `vmap`, `grad`, `pmap`, `switch`, `remat`, ... but no traced
# context is skipped often enough to pay for the ast pass of the files that have one: only the
# words whose skippable files are small beside the files parsed anyway (under ~15% of their size
# on the development corpus, docs/performance.md) remain.
LIKELY_WORDS = frozenset({"tree_map", "tree_map_with_path", "fori_loop", "while_loop", "custom_jvp", "filter_jit"})
# ... and only when one of its import statements (read from the text) binds a name from which a
# context-making name can be reached (a prefix of one: ``import jax``, ``from jax import lax``, ...):
# a library's own internals (``from jax._src.tree_util import tree_map``) use these words with no
# context (2026-12-06, fourth session: 65 of the 90 such files of the development corpus, 3.0 of
# their 4.1 MB, and none of the 295 with a context, go to the ast pass instead)
_NOT_WORD_BYTES = bytes(c if chr(c).isascii() and (chr(c).isalnum() or c == 95) else 32 for c in range(256))


def words(source: str) -> set[bytes]:
    """The ASCII identifier words of ``source`` (a non-ASCII letter splits a word: more words, never
    fewer of the ASCII names the tables hold)."""
    return set(source.encode("utf-8", "surrogatepass").translate(_NOT_WORD_BYTES).split())


class Scan:
    """What the first pass found in one module."""

    __slots__ = ("context", "module_imports", "nodes")

    def __init__(self) -> None:
        self.context = False  # a name that makes a traced context
        self.module_imports: dict[str, str] = {}  # the module's import table (not function bodies)
        # every node the context walk went through when it went through the whole module (it found
        # no context before the end): those of :func:`ast_nodes` less the Module and the import
        # statements' aliases, in another order; None when it stopped early or did not run
        self.nodes: list[ast.AST] | None = None


_AST = ast.AST
_AST_FIELDS: dict[type, tuple[str, ...]] = {}


# fields that hold only CPython's shared singletons: expression contexts (``Load()``, ``Store()``,
# ``Del()``: 28% and 5% of the nodes of JAX libraries, one below every name, attribute, subscript,
# ...) and operators (``Add()``, ``Eq()``, ...): no code, no name, nothing a walk looks for
_NO_CODE_FIELDS = frozenset({"ctx", "op", "ops"})


def ast_children(node: ast.AST) -> list[ast.AST]:
    """``list(ast.iter_child_nodes(node))`` less the expression contexts and operators (the
    :data:`_NO_CODE_FIELDS`), the other nodes in the same order, without its two generators (the
    first pass and ``calls.may_record_calls`` walk whole modules with it and look at neither)."""
    cls = type(node)
    names = _AST_FIELDS.get(cls)
    if names is None:
        names = _AST_FIELDS[cls] = tuple(f for f in cls._fields if f not in _NO_CODE_FIELDS)
    out = []
    for name in names:
        value = getattr(node, name, None)
        if isinstance(value, _AST):
            out.append(value)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, _AST):
                    out.append(item)
    return out


def ast_nodes(tree: ast.AST) -> list[ast.AST]:
    """``tree`` and every node below it that :func:`ast_children` gives, in no particular order
    (the walks that ask for all of them answer with sets, lists read whole, or "any")."""
    out: list[ast.AST] = []
    stack: list[ast.AST] = [tree]
    pop, extend, add, children = stack.pop, stack.extend, out.append, ast_children
    name_type, constant_type = ast.Name, ast.Constant
    while stack:
        node = pop()
        add(node)
        t = type(node)
        if t is not name_type and t is not constant_type:  # (no child but a context)
            extend(children(node))
    return out


_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_BLOCKS = (ast.stmt, ast.excepthandler, ast.match_case)


class Prepass:
    """The first pass for one set of options (``extend-jit-names``)."""

    def __init__(self, extra_jit: Iterable[str] = ()) -> None:
        self.names = context_names(extra_jit)
        self.last = frozenset(n.rsplit(".", 1)[-1] for n in self.names)
        self.last_bytes = frozenset(w.encode() for w in self.last)
        self.likely = frozenset(w.encode() for w in LIKELY_WORDS & self.last)
        # the qualified names and their prefixes: what an import must bind for a name of the file
        # to reach a context-making name
        self.reachable = frozenset(".".join(parts[:i]) for n in self.names for parts in [n.split(".")]
                                   for i in range(1, len(parts) + 1))

    def triage(self, source_words: set[bytes], source: str | None = None, module_name: str = "") -> bool | None:
        """From the file's words (and, given ``source``, its import statements read from the text):
        False when no name in it can resolve to a context-making function (the last component of a
        resolved name is always a word of the file: the attribute, or the name its import
        statement spells), True when it very likely does (:data:`LIKELY_WORDS`, and an import of
        the file that can reach such a function), None when only the ast pass can tell. Speed
        only, beyond False: True sends the file to libcst unscanned, None to the ast pass, which
        decides either way."""
        found = self.last_bytes.intersection(source_words)
        if not found:
            return False
        if not self.likely.isdisjoint(found) and (source is None or self._imports_reach(source, module_name)):
            return True
        return None

    def _imports_reach(self, source: str, module_name: str) -> bool:
        """Does an import statement of ``source`` (at any indentation, from the text:
        ``crossmodule.import_statements``) bind a name that is, or leads by attributes to, a
        context-making function?"""
        from jitguard.lint.analysis.crossmodule import import_statements  # (no libcst)

        reach = self.reachable
        for module, entries in import_statements(source, module_name):
            if module is None:
                continue  # a relative import that cannot be resolved: nothing of the tables
            if not module:  # import a.b.c (binds a) / import a.b.c as d (binds a.b.c)
                if any((alias and dotted in reach) or dotted.split(".", 1)[0] in reach for dotted, alias in entries):
                    return True
            elif module in reach or any(f"{module}.{name}" in reach for name, _alias in entries):
                return True
        return False

    def scan(self, tree: ast.Module, module_name: str = "", context: bool = True) -> Scan:
        """One walk over the module: its import table (as ``ModuleIndex`` builds it: every import
        outside a function body, the last binding of a name winning) and, with ``context``,
        whether any name can resolve to a context-making function (through any import of the
        file, in any scope, or unresolved: more than libcst's resolution, never less). The walk
        stops at the first name or attribute that resolves through the imports seen so far: the
        imports seen later only add ways to resolve, so the final answer would be yes too. A walk
        that reaches the end keeps the nodes it went through (:attr:`Scan.nodes`)."""
        scan = self._imports_only(tree, module_name, Scan())
        if not context:
            return scan
        every: dict[str, set[str]] = {}
        names: set[str] = set()
        attrs: list[ast.Attribute] = []
        last, wanted = self.last, self.names
        # names that resolve to a context-making name as they are (a bare name of the tables, or a
        # name an import seen so far binds to one): one of them read, and the answer is yes
        hot = {name for name in wanted if "." not in name}
        stack: list[ast.AST] = list(reversed(tree.body))
        seen: list[ast.AST] = []
        pop, extend, children, add = stack.pop, stack.extend, ast_children, seen.append
        name_type, attribute_type, constant_type = ast.Name, ast.Attribute, ast.Constant
        while stack:
            node = pop()
            add(node)
            t = type(node)
            if t is name_type:
                if node.id in hot:
                    scan.context = True
                    return scan
                names.add(node.id)
                continue
            if t is constant_type:
                continue  # (no child)
            if t is attribute_type:
                if node.attr in last:
                    if self._resolves((), (node,), every):
                        scan.context = True
                        return scan
                    attrs.append(node)
            elif t is ast.Import or t is ast.ImportFrom:
                for local, qual in import_bindings(node, module_name):
                    every.setdefault(local, set()).add(qual)
                    if qual in wanted:
                        hot.add(local)
                continue
            extend(children(node))  # (any order: the answer is a set)
        scan.context = self._resolves(names, attrs, every)
        scan.nodes = seen
        return scan

    @staticmethod
    def _imports_only(tree: ast.Module, module_name: str, scan: Scan) -> Scan:
        """The import table, walking the statements outside function bodies only."""
        stack: list[ast.AST] = list(reversed(tree.body))
        while stack:
            node = stack.pop()
            t = type(node)
            if t is ast.Import or t is ast.ImportFrom:
                scan.module_imports.update(import_bindings(node, module_name))
                continue
            if t is ast.FunctionDef or t is ast.AsyncFunctionDef:
                continue  # (an import in a body is no module import)
            inner = [c for c in ast_children(node) if isinstance(c, _BLOCKS)]
            inner.reverse()
            stack.extend(inner)
        return scan

    def _resolves(self, names: set[str], attrs: list[ast.Attribute], every: dict[str, set[str]]) -> bool:
        wanted = self.names
        for name in names:
            if name in wanted or not wanted.isdisjoint(every.get(name, ())):
                return True
        for node in attrs:
            text = _dotted(node)
            if text is None:
                continue
            if text in wanted:
                return True
            head, _, rest = text.partition(".")
            if any(f"{target}.{rest}" in wanted for target in every.get(head, ())):
                return True
        return False


def _dotted(node: ast.expr) -> str | None:
    parts: list[str] = []
    while type(node) is ast.Attribute:
        parts.append(node.attr)
        node = node.value
    if type(node) is not ast.Name:
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))
