"""The engine: read a file, guard against hostile input, parse once, analyse, run the rules.

Per file: read bytes -> decode (PEP 263) -> skip-file / prefilter -> cheap nesting scan (and
CPython's parser to confirm a suspicious file) -> one libcst parse -> import table and jit
contexts -> one taint walk per traced function, calling the enabled rules -> suppressions ->
positions (computed only when there is something to report).

Nothing that goes wrong with one file stops the others: a file that cannot be read, decoded or
parsed becomes a finding (JG001-JG003); an exception inside a rule becomes an internal error
naming file and rule (exit code 2 at the end).
"""

from __future__ import annotations

import abc
import ast
import hashlib
import io
import os
import tokenize
import warnings
from dataclasses import replace

import libcst as cst

from jitguard.lint.analysis.calls import FactExtractor, may_record_calls
from jitguard.lint.analysis import jaxapi, leafnodes, shapes, undertrace, walk
from jitguard.lint.analysis.crossmodule import apply_seeds
from jitguard.lint.analysis.facts import WRAPPER_SEED_KEY, CallFact, FileFacts, Location, OutCall
from jitguard.lint.analysis.imports import ImportTable
from jitguard.lint.analysis.jitcontext import ModuleIndex
from jitguard.lint.analysis.taint import Analysis, build_hooks
from jitguard.lint import heap
from jitguard.lint.diagnostics import FileResult, Finding, Fix
from jitguard.lint import positions
from jitguard.lint.positions import locate
from jitguard.lint.prepass import Prepass, words
from jitguard.lint.rules import ALL_RULES
from jitguard.lint.rules.base import Reporter, Scope
from jitguard.lint.suppression import directives, skip_file
from jitguard.lint.textscan import (  # noqa: F401 - re-exported: the light half of the engine
    MAX_FILE_BYTES,
    LintOptions,
    _internal_error,
    _one_line,
    jitted_names,
    metadata_names,
    public_name,
    read_source,
    run_with_big_stack,
)

# Beyond these, a file is handed to CPython's own parser first: libcst's native parser overflows
# its stack (SIGSEGV) on ~1,500 nested brackets or 10,000-term operator chains, and is very slow
# well before that. CPython rejects such files cleanly ("too many nested parentheses").
SUSPICIOUS_DEPTH = 100
SUSPICIOUS_LINE = 2000
SUSPICIOUS_SPAN = 2000
SUSPICIOUS_CONTINUATIONS = 500  # backslash-continued lines: an operator chain without brackets
# libcst's parse time grows with the square of expression depth (a 1,000-deep chain: ~0.2-0.9 s,
# 2,000: ~1.3-4 s, 10,000: ~45-85 s; deeper ones overflow its native stack). Files whose syntax
# tree (per CPython's ast) is deeper than this are reported as JG003 instead of parsed.
MAX_AST_DEPTH = 1000

_PREFILTER_WORDS = jaxapi.PREFILTER_WORDS  # jit, vmap, pmap, lax, shard_map, checkpoint, remat, ...
_BRACKETS = str.maketrans({chr(i): None for i in range(128) if chr(i) not in "()[]{}\n"})


class _NodeClass(abc.ABCMeta):
    """libcst's node classes' metaclass with ``type``'s own instance and subclass tests.

    Every libcst node class is an ``abc.ABC`` (``CSTNode``), so each ``isinstance(x, cst.Name)``
    that is not an exact match goes through ``ABCMeta.__instancecheck__``, a Python frame around
    the ``_abc`` cache (11.7 million such tests in a cold run of the development corpus, spread
    over the analysis and the rules). What ABCMeta adds to ``type``'s tests is the classes
    ``register`` names and ``__subclasshook__``: libcst registers none and defines no hook
    (:func:`_plain_node_classes` checks both), so for these classes the two answer alike. The
    change is process-wide: a class registered under a libcst ABC after this module is imported
    would not pass ``isinstance`` (nothing in libcst or jitguard registers one)."""

    __instancecheck__ = type.__instancecheck__  # type: ignore[assignment]
    __subclasscheck__ = type.__subclasscheck__  # type: ignore[assignment]


def _plain_node_classes() -> None:
    """Give libcst's node classes :class:`_NodeClass` as their metaclass (the same layout, so
    ``__class__`` can be set) when their ABC tests are ``type``'s: no class of the hierarchy has
    a class registered under it or a ``__subclasshook__`` other than ``ABC``'s and ``object``'s;
    else (another libcst, say) all keep ABCMeta."""
    dump = getattr(abc, "_get_dump", None)  # (CPython's: the registry of an ABC, first)
    classes: dict[type, None] = {}
    todo = [cst.CSTNode]
    while todo:
        cls = todo.pop()
        if cls not in classes:
            classes[cls] = None
            todo.extend(type.__subclasses__(cls))
    plain = dump is not None and all(
        type(cls) is abc.ABCMeta and not dump(cls)[0]
        and not any("__subclasshook__" in vars(k) for k in cls.__mro__ if k is not abc.ABC and k is not object)
        for cls in classes)
    if plain:
        for cls in classes:
            cls.__class__ = _NodeClass


_plain_node_classes()

_VALIDATING = cst.CSTNode.__dict__["__post_init__"]


def _unvalidated(_node: cst.CSTNode) -> None:
    """The constructor's hook while :func:`parse_unvalidated` runs: no check."""


def parse_unvalidated(source: str) -> cst.Module:
    """``libcst.parse_module`` without libcst's per-node validation.

    Each node libcst builds runs ``CSTNode.__post_init__`` -> ``_validate`` (whitespace,
    parentheses, operators: the invariants of a hand-built node), 13-15% of the parse of JAX
    libraries. The parser's own nodes hold them by construction, and its grammar rejects invalid
    code (``ParserSyntaxError``) before any node is built (libcst's own comment on the hook: "it
    might make more sense to move validation work into the visitor, which would allow us to avoid
    validating the tree when parsing a file"). The hook is restored after, so nodes built anywhere
    else (fixes) are validated as usual; a validation skipped in another thread meanwhile only
    drops a check that raises."""
    cst.CSTNode.__post_init__ = _unvalidated  # type: ignore[method-assign]
    try:
        return cst.parse_module(source)
    finally:
        cst.CSTNode.__post_init__ = _VALIDATING  # type: ignore[method-assign]


def decode(data: bytes) -> str:
    """Decode Python source as the interpreter would (BOM, coding cookie, default UTF-8)."""
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    text = data.decode(encoding)
    if text.startswith("\ufeff"):
        text = text[1:]
    return text


def nesting_scan(source: str) -> tuple[int, int, int]:
    """(max bracket depth, most lines inside one bracket group, longest line): cheap, C-speed mostly."""
    longest = max(map(len, source.splitlines()), default=0)
    depth = max_depth = span = max_span = 0
    for ch in source.translate(_BRACKETS):
        if ch == "\n":
            if depth:
                span += 1
                if span > max_span:
                    max_span = span
        elif ch in "([{":
            depth += 1
            if depth > max_depth:
                max_depth = depth
        elif ch in ")]}":
            depth -= 1
            if depth <= 0:
                depth = span = 0
    return max_depth, max_span, longest


def ast_depth(tree: ast.AST) -> tuple[int, int]:
    """(depth of the deepest node, its line): iterative, so any tree CPython built can be measured."""
    deepest, line = 0, 1
    stack: list[tuple[ast.AST, int]] = [(tree, 1)]
    pop, push, children = stack.pop, stack.append, ast.iter_child_nodes
    while stack:
        node, d = pop()
        if d > deepest:
            deepest, line = d, getattr(node, "lineno", line)
        for child in children(node):
            push((child, d + 1))
    return deepest, line


class FileLinter:
    """Lints files with one set of options. Rules are instantiated once and reused."""

    def __init__(self, options: LintOptions) -> None:
        self.options = options
        self.rules = [r() for r in ALL_RULES if r.code in options.codes]
        self.hooks = build_hooks([r for r in self.rules if r.scope is Scope.TRACED])
        # module rules, and traced-scope rules that also look at the whole module once (JG105: calls
        # of library functions jitted or vmapped directly)
        self.module_rules = [r for r in self.rules if r.scope is Scope.MODULE or hasattr(r, "check_module")]
        self.project_enabled = any(r.scope is Scope.PROJECT for r in self.rules)
        self._prefilter = options.prefilter()
        self._extra = frozenset(options.extend_jit_names)
        # the ast first pass (jitguard.lint.prepass); JITGUARD_PREPASS=0 turns it off (the tests
        # compare the findings with and without it)
        on = options.prepass and os.environ.get("JITGUARD_PREPASS", "1") != "0"
        self._prepass = Prepass(options.extend_jit_names) if on else None
        # parsed trees kept for a second check of the same text (the runner's seeded phase): the
        # tree of a file whose path is a key here is stored under it, with its text, when parsed;
        # under (path, FIRST), what a check of a parsed file without traced seeds made
        # (:meth:`_same_as_before`), for every file parsed while this is set
        self.trees: dict | None = None
        # (text, CPython's ast of it) of the file the first pass sent to libcst, until it is linted
        self._kept_ast: tuple[str, ast.Module | None] | None = None

    def lint_path(self, path: str, module_name: str = "", seeds: dict | None = None) -> FileResult:
        try:
            data = read_source(path)
        except FileNotFoundError:
            return self._diag(path, "JG002", "file disappeared before it could be read")
        except IsADirectoryError:
            return FileResult(path)
        except OSError as exc:
            return self._diag(path, "JG002", f"cannot read file: {exc.strerror or exc}")
        return self.lint_bytes(path, data, module_name, seeds)

    def lint_bytes(self, path: str, data: bytes, module_name: str = "", seeds: dict | None = None) -> FileResult:
        if len(data) > MAX_FILE_BYTES:
            return self._diag(path, "JG003", f"file is {len(data) // (1024 * 1024)} MiB, over the {MAX_FILE_BYTES // (1024 * 1024)} MiB limit; not checked")
        if b"\x00" in data:
            line = data[: data.index(b"\x00")].count(b"\n") + 1
            return self._diag(path, "JG002", "file contains NUL bytes; not checked", line)
        try:
            source = decode(data)
        except (SyntaxError, UnicodeDecodeError, LookupError) as exc:
            return self._diag(path, "JG002", f"cannot decode file: {_one_line(exc)}; not checked")
        return self.lint_source(path, source, module_name, seeds)

    def needs_libcst(self, source: str, module_name: str = "") -> bool:
        """Whether linting the file (without seeds) parses it with libcst: the prefilter of
        docs/cli.md, then the ast first pass (:meth:`_no_context`) for the files that pass it, or
        the check of :meth:`_calls_only` for files that pass only by importing a jitted function."""
        if skip_file(source):
            return False
        if self._prefilter.search(source):
            if self._prepass is None:
                return True
            probe = FileResult("", mentions=frozenset(self.options.mentioned(source)))
            return self._no_context("", source, module_name, probe) is None
        return self._imports_jitted(source) and self._calls_only("", source, module_name, FileResult("")) is None

    def _imports_jitted(self, source: str, wrappers: frozenset[str] = frozenset()) -> bool:
        return self.project_enabled and (bool(wrappers) or self.options.mentions_jitted(source))

    def lint_source(self, path: str, source: str, module_name: str = "", seeds: dict | None = None) -> FileResult:
        """Lint one file. ``seeds``: parameters of its functions that other files pass traced
        values to (jitguard.lint.analysis.crossmodule); a seeded file is parsed whatever the prefilter says.
        Under ``facts.WRAPPER_SEED_KEY``, the seeds name wrappers of other files that the file may
        call (or wrappers of its own that other files call): its calls of them are recorded like
        calls of jitted names, and it is parsed only if the first pass finds such a call to record."""
        wrappers = frozenset(seeds.get(WRAPPER_SEED_KEY, ())) if seeds else frozenset()
        if wrappers:
            seeds = {k: v for k, v in seeds.items() if k != WRAPPER_SEED_KEY}  # type: ignore[union-attr]
        self._kept_ast = None
        result = FileResult(path, mentions=frozenset(self.options.mentioned(source)), noqa=directives(source))
        if skip_file(source):
            result.noqa = ()
            return result
        if not seeds and not self._prefilter.search(source):
            if not self._imports_jitted(source, wrappers):
                return result
            quick = self._calls_only(path, source, module_name, result, wrappers)
            if quick is not None:
                return quick
        problem = self._precheck(path, source)
        if problem is not None:
            return problem
        if not seeds and self._prepass is not None:
            quick = self._no_context(path, source, module_name, result, wrappers)
            if quick is not None:
                return quick
        if not seeds and self.trees is not None:
            again = self._same_as_before(path, source, module_name, wrappers)
            if again is not None:
                return again
        module = self._parsed(path, source)
        if isinstance(module, FileResult):
            return module
        result.parsed = True
        # the analyses' one shared walk of the module (walk.ModuleNodes), or the one an earlier
        # check of this kept tree made
        walk.share(module, self._kept_walk(path, module))
        try:
            return self._lint_parsed(path, source, module, module_name, seeds, wrappers, result)
        finally:
            self._keep_walk(path, module, walk.unshare())
            positions.forget()
            self._kept_ast = None

    def _kept_walk(self, path: str, module: cst.Module) -> walk.ModuleNodes | None:
        """The shared walk an earlier check of this same tree made (:meth:`_keep_walk`), else None."""
        kept = self.trees.get((path, WALK)) if self.trees else None
        return kept[1] if kept is not None and kept[0] is module else None

    def _keep_walk(self, path: str, module: cst.Module, record: walk.ModuleNodes | None) -> None:
        """Keep the shared walk of a tree :attr:`trees` keeps (:meth:`_parsed`), for its next check."""
        trees = self.trees
        if record is not None and trees is not None:
            kept = trees.get(path)
            if kept is not None and kept[1] is module:
                trees[path, WALK] = (module, record)

    def _lint_parsed(self, path: str, source: str, module: cst.Module, module_name: str, seeds, wrappers,
                     result: FileResult) -> FileResult:
        imports = ImportTable(module_name)
        imports.add_module(module)
        try:
            index, analysis, raw, failed = self._analyse(ModuleIndex, module, imports, seeds, source)
            hidden = self._hidden_by_holds(index, module, module_name, seeds, raw)
            for code, exc in failed.items():
                result.errors.append(_internal_error(path, f"rule {code}", exc))
            defs, calls, wrapper_facts, read = self._project_facts(index, module_name, wrappers)
            # instance and private-function uses for the proof across modules that code runs only under
            # a trace (jitguard.lint.analysis.undertrace): JG301's pending findings, the churn rules' calls
            trace_calls = (undertrace.file_facts(index, public_name(module_name), self.options.tree_packages)
                           if self.project_enabled or any(r.code == "JG301" for r in self.module_rules) else None)
            repeats = _repeat_facts(index, self.options.tree_packages)
            jitting = shapes.jitting_classes(index)
        except RecursionError:
            return self._diag(path, "JG003", "file is too deeply nested to analyse; not checked")
        except Exception as exc:  # noqa: BLE001 - one file must not stop the run
            result.errors.append(_internal_error(path, "the analysis", exc))
            return result
        located = self._place(result, module, raw + hidden, calls, source)
        outcalls = analysis.outcall_facts() + [OutCall(r.callee, "", {}, r) for r in index.remote_contexts]
        outcalls += repeats
        result.facts = _facts(module_name, imports, defs, located, outcalls, wrapper_facts, jitting=jitting)
        if hidden:  # kept unless no other file names the private jitted object or its function
            trace_calls = _pending_unless_named(module, source, hidden, index.__dict__["none_holds"], trace_calls)
        if result.facts is not None and trace_calls is not None:
            result.facts = replace(result.facts, trace_calls=trace_calls)
        if not seeds and self.trees is not None:
            self._remember(path, source, module_name, frozenset(index.module_defs), wrappers, read, result)
        index.release()  # the tree goes now, not at the cycle collector's next pass
        return result

    def _jitted_read(self, defs: frozenset[str], wrappers: frozenset[str], read: frozenset[str]) -> frozenset[str]:
        """What the project facts of a check with these ``wrappers`` seeded see of the jitted names
        (:meth:`_project_facts`): those of ``read``, the names ``FactExtractor`` looks up in them."""
        jitted = self.options.jitted | (wrappers - defs) if wrappers else self.options.jitted
        return jitted & read

    def _remember(self, path: str, source: str, module_name: str, defs: frozenset[str], wrappers: frozenset[str],
                  read: frozenset[str], result: FileResult) -> None:
        """Note, for :meth:`_same_as_before`, what the check of a parsed file without traced seeds
        made, and from what."""
        assert self.trees is not None
        self.trees[path, FIRST] = (_text_digest(source), module_name, self.options, defs, read,
                                   self._jitted_read(defs, wrappers, read), result)

    def _same_as_before(self, path: str, source: str, module_name: str, wrappers: frozenset[str]) -> FileResult | None:
        """The result of an earlier check of this file (:meth:`_remember`) when this one, about to
        parse it, would make the same: the same text, module name and options, no traced seeds
        either time, and wrapper names seeded (the runner's seeded phase: ``WRAPPER_SEED_KEY``)
        that change nothing the project facts read. A check is a function of those inputs, and
        the seeded wrapper names reach only :meth:`_project_facts`, whose ``FactExtractor`` reads
        the jitted names only as ``last in self.jitted`` of the calls it collected (``read``):
        with the same jitted names among those, the same facts. Else None (the file is checked)."""
        assert self.trees is not None
        before = self.trees.get((path, FIRST))
        if before is None:
            return None
        digest, name, options, defs, read, seen, result = before
        if name != module_name or options is not self.options or self._jitted_read(defs, wrappers, read) != seen:
            return None
        return result if digest == _text_digest(source) else None

    def _parsed(self, path: str, source: str) -> cst.Module | FileResult:
        """libcst's tree of ``source`` (the kept one, when the same text was parsed before and
        :attr:`trees` kept it: libcst's trees are immutable and the analysis caches per index,
        so a second check reads it as a fresh parse), or the finding that it does not parse."""
        trees = self.trees
        kept = trees.get(path) if trees else None
        if kept is not None and kept[0] == source:
            return kept[1]
        heap.give_back()  # (what the files checked before freed: before this tree takes its place)
        try:
            module = parse_unvalidated(source)
        except cst.ParserSyntaxError as exc:
            return self._syntax_error(path, source, exc)
        except RecursionError:
            return self._diag(path, "JG003", "file is too deeply nested to parse; not checked")
        if trees is not None and path in trees:
            trees[path] = (source, module)
        return module

    def _analyse(self, index_class, module: cst.Module, imports: ImportTable, seeds, source: str | None = None) -> tuple:
        """(index, analysis, raw violations, failed rules) of one walk of the module's traced code
        and its module rules (``source``: the text ``module`` was parsed from)."""
        index = index_class(module, imports, self._extra, self.options.metadata_fields, source)
        index.static_field_names |= self.options.metadata_fields
        index.static_methods = self.options.static_methods
        index.annotated_classes = self.options.annotated_classes
        index.python_floor = self.options.python_floor
        if seeds:
            apply_seeds(index, seeds)
        analysis = Analysis(index, self.hooks)
        raw = analysis.run()
        failed = dict(analysis.rule_errors)
        sink = lambda *violation: raw.append(violation)  # noqa: E731 - (code, node, message, help, fix)
        for rule in self.module_rules:
            try:
                rule.check_module(index, Reporter(rule.code, sink))
            except RecursionError:
                raise
            except Exception as exc:  # noqa: BLE001 - one rule's bug must not hide the others' findings
                failed[rule.code] = exc
        return index, analysis, raw, failed

    def _hidden_by_holds(self, index: ModuleIndex, module: cst.Module, module_name: str, seeds, raw: list) -> list:
        """The violations a NONEDISPATCH hold hides (noneguards): those of a second walk without
        holds that the first lacks; [] when the module has no hold a name of it could undo."""
        if not index.__dict__.get("none_holds"):
            return []
        imports = ImportTable(module_name)
        imports.add_module(module)
        second, _a, plain, _f = self._analyse(_WithoutHolds, module, imports, seeds, index.source)
        second.release()
        seen = {(item[0], item[1]) for item in raw}
        return [item for item in plain if (item[0], item[1]) not in seen]

    def _project_facts(self, index: ModuleIndex, module_name: str,
                       wrappers: frozenset[str] = frozenset()) -> tuple[list, list, list, frozenset[str]]:
        """(jit definitions, call facts with their nodes, wrappers, the names whose being jitted
        the three depend on: ``FactExtractor.names_read``) for the project-wide rules;
        ``wrappers``: names of other files' wrappers this file may call (a function of its own by
        that name is not one of them)."""
        if not self.project_enabled:
            return [], [], [], frozenset()
        jitted = self.options.jitted | (wrappers - index.module_defs.keys()) if wrappers else self.options.jitted
        extractor = FactExtractor(index, public_name(module_name), jitted, self.options.tree_packages)
        return ([d for d, _node in extractor.jit_defs()], extractor.call_facts(), extractor.wrapper_facts(),
                extractor.names_read())

    def _place(self, result: FileResult, module: cst.Module, raw: list, calls: list, source: str) -> list[CallFact]:
        """Positions, computed only when there is something to place: the findings go into
        ``result``; the call facts that have one are returned, located (only the top-level
        statements that hold them are generated: ``positions.locate`` with the text, and the
        first pass's ast of it when it made one)."""
        if not (raw or calls):
            return []
        wanted = [item[1] for item in raw]
        wanted.extend(e.node for item in raw if item[4] is not None for e in item[4].edits if e.node is not None)
        for _fact, node, arg_nodes in calls:
            wanted.append(node)
            wanted.extend(n for n in arg_nodes if n is not None)
        kept = self._kept_ast
        positions = locate(module, wanted, source, kept[1] if kept is not None and kept[0] is source else None)
        result.findings = self._locate(result.path, positions, raw)
        return [fact for call in calls if (fact := _locate_call(*call, positions)) is not None]

    def _no_context(self, path: str, source: str, module_name: str, result: FileResult,
                    wrappers: frozenset[str] = frozenset()) -> FileResult | None:
        """The result of a file that passes the prefilter but holds nothing for the libcst
        analysis (no name that makes a traced context, no call site or wrapper the project-wide
        rules record), from CPython's ast alone; else None (jitguard.lint.prepass)."""
        prepass = self._prepass
        assert prepass is not None
        context = prepass.triage(words(source), source, module_name)
        if context:
            return None  # very likely a traced context: straight to libcst
        tree = _ast_or_none(source)
        if tree is None:
            return None  # the full path reports what is wrong with the file
        scan = prepass.scan(tree, module_name, context is None)
        if scan.context:
            self._kept_ast = (source, tree)  # libcst's path comes next: its positions read this tree's lines
            leafnodes.keep_ast(source, tree)  # (and the aux data of its pytree registrations, if any)
            return None
        # a call site for the project-wide rules names a jitted function of the tree (or a wrapper
        # of another file, seeded); the file's possible wrappers are noted, as in _calls_only: with
        # no traced context the file jits nothing of its own, so it is a file that only calls the
        # tree's jitted functions, and it is read with libcst once another file may call one of them
        maybe: set[str] = set()
        if self.project_enabled and (wrappers or not result.mentions.isdisjoint(self.options.jitted)):
            jitted = self.options.jitted | wrappers
            summary = self._summary_out()
            recorded = may_record_calls(tree, jitted, ImportTable(module_name), self.options.tree_packages, maybe,
                                        no_context=True, summary_out=summary, nodes=scan.nodes)
            self._keep_summary(path, source, module_name, summary)
            if recorded:
                return None
            if not maybe.isdisjoint(wrappers):
                return None  # another file calls a wrapper of this one
        imports = ImportTable(module_name)
        imports.names.update(scan.module_imports)
        result.facts = _facts(module_name, imports, [], [], [], maybe_wrappers=maybe)
        return result

    def _calls_only(self, path: str, source: str, module_name: str, result: FileResult,
                    wrappers: frozenset[str] = frozenset()) -> FileResult | None:
        """The result of a file that passes the prefilter only because it imports a jitted
        function of the tree, when it can be had without libcst; else None.

        With no JAX word the file has no jit context of its own: all it can contribute are call
        facts (``FactExtractor.call_facts``) and its imports (re-exports for the project index).
        CPython's ast, about a seventh of libcst's parse time, reads the imports and tells whether
        any call could be recorded (``calls.may_record_calls``); only then is libcst needed.

        Its possible wrappers are noted in its facts (``maybe_wrappers``): when another file may
        call one, the runner lints it again with the names seeded (``wrappers``), and then it is
        read with libcst."""
        tree = _ast_or_none(source)
        if tree is None:
            return None  # the full path reports what is wrong with the file
        imports = ImportTable(module_name)
        maybe: set[str] = set()
        summary = self._summary_out()
        recorded = may_record_calls(tree, self.options.jitted | wrappers, imports, self.options.tree_packages, maybe,
                                    summary_out=summary)
        self._keep_summary(path, source, module_name, summary)
        if recorded:
            return None
        if not maybe.isdisjoint(wrappers):
            return None  # another file calls a wrapper of this one: its forwarding call is where JAX compiles
        result.facts = _facts(module_name, imports, [], [], [], maybe_wrappers=maybe)
        return result

    def _summary_out(self) -> list | None:
        """A list for ``may_record_calls``'s summary when the runner keeps them (:attr:`trees`)."""
        return [] if self.trees is not None else None

    def _keep_summary(self, path: str, source: str, module_name: str, summary: list | None) -> None:
        """Keep, under (path, WRAPPER_CHECK) in :attr:`trees`, the ``calls.RecordSummary`` of this
        text: the runner's wrapper check of the file (``may_record_calls`` of the same text, module
        and tree packages, runner._records_wrapper_calls) reads it instead of parsing the file again."""
        if summary and path and self.trees is not None:
            self.trees[path, WRAPPER_CHECK] = (_text_digest(source), module_name, self.options.tree_packages, summary[0])

    def _syntax_error(self, path: str, source: str, exc: cst.ParserSyntaxError) -> FileResult:
        """JG001 at CPython's position and message when it agrees the file is invalid (its messages
        and positions are the ones users know); libcst's otherwise (e.g. syntax newer than this Python)."""
        try:
            ast.parse(source)
        except SyntaxError as err:
            if err.lineno:
                return self._diag(path, "JG001", f"syntax error: {err.msg}", err.lineno, err.offset or 1)
        except (RecursionError, MemoryError, ValueError):
            pass
        return self._diag(path, "JG001", f"syntax error: {exc.message}", exc.raw_line, exc.raw_column + 1)

    def _precheck(self, path: str, source: str) -> FileResult | None:
        depth, span, longest = nesting_scan(source)
        if (
            depth <= SUSPICIOUS_DEPTH
            and span <= SUSPICIOUS_SPAN
            and longest <= SUSPICIOUS_LINE
            and source.count("\\\n") <= SUSPICIOUS_CONTINUATIONS
        ):
            return None
        try:
            tree = _quiet_ast_parse(source)
        except SyntaxError as exc:
            return self._diag(path, "JG001", f"syntax error: {exc.msg}", exc.lineno or 1, exc.offset or 1)
        except (RecursionError, MemoryError):
            return self._diag(path, "JG003", "file is too deeply nested for Python's own parser; not checked")
        deepest, line = ast_depth(tree)
        if deepest > MAX_AST_DEPTH:
            return self._diag(
                path, "JG003", f"an expression nested {deepest} levels deep (limit {MAX_AST_DEPTH}); not checked", line
            )
        return None

    @staticmethod
    def _locate(path: str, positions, raw: list) -> list[Finding]:
        """Findings at the positions of the reported nodes (and of their fixes' nodes)."""
        findings: list[Finding] = []
        for code, node, message, help, fix in raw:
            rng = positions.get(node)
            if rng is None:
                continue
            findings.append(Finding(path, rng.start.line, rng.start.column + 1, code, message, rng.end.line,
                                    rng.end.column + 1, help, _locate_fix(fix, positions)))
        findings.sort()
        return findings

    @staticmethod
    def _diag(path: str, code: str, message: str, line: int = 1, column: int = 1) -> FileResult:
        fixes = {
            "JG001": "Fix the syntax error; jitguard checks the file once it parses",
            "JG002": "Save the file as UTF-8 text (or declare its encoding with a `# -*- coding: ... -*-` line)",
            "JG003": "Split the file or the expression; if it is generated code, exclude it in [tool.jitguard] exclude",
        }
        return FileResult(path, [Finding(path, max(line, 1), max(column, 1), code, message, help=fixes[code])])


def _locate_fix(fix: Fix | None, positions) -> Fix | None:
    """The fix with every node-addressed edit turned into positions; None if a node has none."""
    if fix is None or fix.located:
        return fix
    edits = []
    for edit in fix.edits:
        if edit.node is None:
            edits.append(edit)
            continue
        rng = positions.get(edit.node)
        if rng is None:
            return None
        edits.append(edit.at(rng.start.line, rng.start.column + 1, rng.end.line, rng.end.column + 1))
    return Fix(tuple(edits), fix.applicability, fix.message)


def _locate_call(fact: CallFact, node: cst.Call, arg_nodes: tuple, positions) -> CallFact | None:
    """The call fact with its position and its list-literal arguments' spans (the nodes a fix
    replaces); None if the call has no position."""
    rng = positions.get(node)
    if rng is None:
        return None
    args = []
    for arg, arg_node in zip(fact.args, arg_nodes):
        arg_rng = positions.get(arg_node) if arg_node is not None else None
        if arg_rng is not None:
            arg = replace(arg, span=(arg_rng.start.line, arg_rng.start.column + 1, arg_rng.end.line,
                                     arg_rng.end.column + 1))
        args.append(arg)
    where = Location(rng.start.line, rng.start.column + 1, rng.end.line, rng.end.column + 1)
    return replace(fact, args=tuple(args), where=where)


class _WithoutHolds(ModuleIndex):
    """The module's index with no NONEDISPATCH hold (jitguard.lint.analysis.noneguards): what the
    findings are when another module calls the private jitted object with None."""

    none_dispatch = False


def _pending_unless_named(module: cst.Module, source: str, hidden: list, names: set[str], trace_calls: dict | None) -> dict:
    """``trace_calls`` with a pending row per hidden violation: [line, column, [], ["?name", ...],
    code], dropped once every file is read unless another file refers to one of ``names`` through
    its imports (undertrace_project.drop_proven). Without JG301's facts the file counts as unread there."""
    out = dict(trace_calls) if trace_calls is not None else {"local_imports": True}
    positions = locate(module, [item[1] for item in hidden], source)
    rows = list(out.get("pending", []))
    for code, node, *_rest in hidden:
        rng = positions.get(node)
        if rng is not None:
            rows.append([rng.start.line, rng.start.column + 1, [], sorted(f"?{n}" for n in names), code])
    out["pending"] = rows
    return out


def _repeat_facts(index: ModuleIndex, packages: frozenset[str]) -> list[OutCall]:
    """One OutCall per (imported class, calling function) whose methods this module runs again and
    again on a new instance (shapes.imported_repeats), for the class's own module."""
    grouped: dict[tuple[str, str], dict[str, str]] = {}
    for qualname, method, caller, why in shapes.imported_repeats(index, packages) if packages else ():
        grouped.setdefault((qualname, caller), {}).setdefault(method, why)
    return [OutCall(qualname, caller, {}, None, (), tuple(sorted(pairs.items())))
            for (qualname, caller), pairs in grouped.items()]


def _facts(module_name: str, imports: ImportTable, defs: list, calls: list, outcalls: list,
           wrappers: list | None = None, maybe_wrappers: set[str] | frozenset[str] = frozenset(),
           jitting: tuple[str, ...] = ()) -> FileFacts | None:
    """What one file contributes to the project-wide rules (jitguard.lint.analysis.project)."""
    if not (defs or calls or outcalls or wrappers or maybe_wrappers or jitting or (module_name and imports.names)):
        return None
    reexports = {f"{public_name(module_name)}.{k}": v for k, v in imports.names.items() if v != k} if module_name else {}
    return FileFacts(tuple(outcalls), tuple(defs), tuple(wrappers or ()), tuple(calls), reexports,
                     maybe_wrappers=tuple(sorted(maybe_wrappers)), jitting_classes=jitting)


FIRST = "first check"  # FileLinter.trees[path, FIRST]: see FileLinter._same_as_before
WRAPPER_CHECK = "wrapper check"  # FileLinter.trees[path, WRAPPER_CHECK]: see FileLinter._keep_summary
WALK = "shared walk"  # FileLinter.trees[path, WALK]: see FileLinter._keep_walk


def kept_wrapper_check(trees: dict | None, path: str, data: bytes | None, module_name: str,
                       tree_packages: frozenset[str], names: frozenset[str]) -> bool | None:
    """``may_record_calls`` of ``data`` (the file's content now) with ``names``, from the summary
    the first lint kept of the same text, module name and tree packages (FileLinter._keep_summary);
    None when there is none."""
    kept = trees.get((path, WRAPPER_CHECK)) if trees else None
    if kept is None or data is None:
        return None
    digest, name, packages, summary = kept
    if name != module_name or packages != tree_packages:
        return None
    try:
        source = decode(data)
    except (SyntaxError, UnicodeDecodeError, LookupError):
        return None
    return summary.may_record(names) if _text_digest(source) == digest else None


def _text_digest(source: str) -> bytes:
    return hashlib.blake2b(source.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _quiet_ast_parse(source: str) -> ast.Module:
    """CPython's parser without its SyntaxWarnings (invalid escapes...), which are not ours to print."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ast.parse(source)


def _ast_or_none(source: str) -> ast.Module | None:
    try:
        return _quiet_ast_parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
