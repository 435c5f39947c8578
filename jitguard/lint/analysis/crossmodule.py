"""Following traced values into other modules of the checked tree.

A jitted function in ``train.py`` that calls ``helpers.safe_log(x)`` with a traced ``x`` makes
``x`` traced inside ``helpers.py`` too. Each file's analysis records such calls ("outcalls"); the
runner maps them onto the functions the other files define and checks those files with the
parameters seeded as traced. On one process files are linted importers first
(``importers_first``), so a helper's seeds are usually known before its parse; files that receive
seeds only after theirs (import cycles, parallel runs) are parsed a second time, in rounds that
stop when nothing new is learned (at most a few).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from pathlib import Path

from typing import TYPE_CHECKING

from jitguard.lint.analysis.facts import (
    CALLS_SEED_KEY,
    JIT_SEED_KEY,
    REPEATED_SEED_KEY,
    WRAPPER_SEED_KEY,
    FileFacts,
    JitSeed,
    ParamSeed,
    call_shape_from_json,
    call_shape_json,
    decode_seed,
)
from jitguard.lint.diagnostics import FileResult

if TYPE_CHECKING:  # the analysis (and libcst) is imported only to apply seeds, never to find them
    from jitguard.lint.analysis.jitcontext import ModuleIndex

MAX_ROUNDS = 3


def package_reexports(modules: dict[str, str], cached=None, remember=None, read=None) -> dict[str, str]:
    """``pkg.f`` -> ``pkg.losses.f`` for every ``from .losses import f`` in the tree's __init__.py
    files. Those files rarely mention jit, so the prefilter skips them; CPython's ast reads their
    imports cheaply (no libcst parse). ``cached(path, package)`` may give a file's part from an
    earlier run (None: read it); ``remember(path, package, part)`` keeps a part read now; ``read``:
    :func:`init_reexports`, or what computes it elsewhere (the runner's forked process)."""
    out: dict[str, str] = {}
    for package, path in modules.items():
        if not path.endswith("__init__.py"):
            continue
        part = cached(path, package) if cached is not None else None
        if part is None:
            part = (read or init_reexports)(package, path)
            if remember is not None:
                remember(path, package, part)
        out.update(part)
    return out


def init_reexports(package: str, path: str) -> dict[str, str]:
    """What the package's ``__init__.py`` at ``path`` re-exports (imports libcst: ImportTable)."""
    from jitguard.lint.analysis.imports import ImportTable

    try:
        tree = ast.parse(Path(path).read_bytes())
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    table = ImportTable(f"{package}.__init__")
    table.add_ast_module(tree)
    return {f"{package}.{local}": full for local, full in table.names.items() if full != local}


def seeds_from(results: list[FileResult], known: dict[str, dict], modules: dict[str, str],
               reexports: Mapping[str, str] | None = None) -> dict[str, dict]:
    """New seeds per file: {path: {function name: {position, keyword or "*": seed}}}, each seed
    the JSON form of a ``facts.ParamSeed`` (or ``facts.JitSeed`` under "*"): the runner hashes
    the seeds of a file into its cache key.

    ``modules`` maps dotted module names of the checked tree to paths; ``known`` holds the seeds
    already applied (same shape as the result) and is updated in place."""
    reexports = dict(reexports or {})
    for res in results:
        if res.facts is not None:
            reexports.update(res.facts.reexports)
    new: dict[str, dict] = {}
    for res in results:
        dispatch(res, known, modules, reexports, new)
    return new


def dispatch(res: FileResult, known: dict[str, dict], modules: dict[str, str], reexports: Mapping[str, str],
             new: dict[str, dict]) -> None:
    """Add the seeds one file's outcalls give other files to ``known``, and those not known yet to ``new``."""
    facts: FileFacts | None = res.facts
    for out in facts.outcalls if facts is not None else ():
        target = _locate(out.callee, modules, reexports)
        if target is None:
            continue
        path, name = target
        if out.repeats:
            _dispatch_repeats(res.path, out, path, name, known, new)
            continue
        have = known.setdefault(path, {}).setdefault(name, {})
        if out.context is not None and JIT_SEED_KEY not in have:
            # jax.jit(other_module.f) here: all of f's non-static parameters are traced there
            have[JIT_SEED_KEY] = JitSeed(out.context, res.path).to_json()
            new.setdefault(path, {}).setdefault(name, {})[JIT_SEED_KEY] = have[JIT_SEED_KEY]
        for key, arg in out.args.items():
            if key not in have:
                have[key] = ParamSeed(arg, out.caller, res.path).to_json()
                new.setdefault(path, {}).setdefault(name, {})[key] = have[key]
        shapes = [call_shape_json(shape) for shape in out.shapes]
        if any(shape not in have.get(CALLS_SEED_KEY, ()) for shape in shapes):
            merged = have.get(CALLS_SEED_KEY, []) + [s for s in shapes if s not in have.get(CALLS_SEED_KEY, ())]
            have[CALLS_SEED_KEY] = sorted(merged, key=repr)  # a stable order: the seeds are hashed
            new.setdefault(path, {}).setdefault(name, {})[CALLS_SEED_KEY] = have[CALLS_SEED_KEY]


def _dispatch_repeats(caller_path: str, out, path: str, name: str, known: dict[str, dict], new: dict[str, dict]) -> None:
    """The methods of class ``name`` of ``path`` that ``out`` (of the file ``caller_path``) runs
    again and again: seeds under REPEATED_SEED_KEY, the first reason found for each kept."""
    have = known.setdefault(path, {}).setdefault(REPEATED_SEED_KEY, {})
    for method, why in out.repeats:
        key = f"{name}.{method}"
        if key not in have:
            have[key] = f"{why} ({caller_path})"
            new.setdefault(path, {}).setdefault(REPEATED_SEED_KEY, {})[key] = have[key]


# -- calls of another file's wrapper ------------------------------------------------------------
# A wrapper (calls.FactExtractor._find_wrappers: ``def run(x, sizes): return step(x, sizes)`` with
# ``step`` jitted) is known only once its file is read, and the text scan of jitted names does not
# find it: a file that calls it from another module records no call of it in the first lint. The
# runner lints such files again, seeded with the wrapper names they may call (WRAPPER_SEED_KEY):
# only the files whose import statements name a wrapper (or its module, and call `.name(`).



def wrapper_callers(results: list[FileResult], module_of: Mapping[str, str], read,
                    reexports: Mapping[str, str] | None = None, keep=None, imports=None,
                    merged: bool = False) -> dict[str, set[str]]:
    """{path: the names under which the file may call a wrapper defined in another file of the
    tree}, and, for a file whose possible wrappers were not read with libcst
    (``FileFacts.maybe_wrappers``), those of its own names that another file may call.

    A file whose facts hold its imports is matched through them (``from .wrap import run as go``:
    ``go``; ``from pkg import wrap``: the wrappers of ``pkg.wrap``, called as attributes), followed
    through ``reexports`` (and each result's own); a file without facts (no import of a jitted name)
    through its import statements, read from its text with ``read(path)`` (bytes or None). ``module_of``
    maps paths to public module names; ``keep({path: names})``, if given, is asked once, with every
    file with facts that may call wrappers, and returns the paths to keep (the runner: those that
    may record a call of those names; it answers them all at once, on its workers); a file without facts is kept: its
    new lint records its imports (cheaply, without libcst, when it calls nothing worth recording),
    which a re-export of the wrapper (``from .wrap import run`` in ``pkg/__init__.py``) needs. A filter only: the callee of each call is
    resolved when its facts are made, and joined to the wrapper's qualified name by the project index.
    ``imports(path, module)``, if given, gives :func:`import_rows` of a file without facts instead
    of ``read`` (the runner: kept in its cache with the file's digest). ``merged``: ``reexports``
    already holds every result's own re-exports, merged in the order of ``results`` (the runner
    merges them once for all its project-wide steps); it is not copied."""
    table = _Wrappers(results, module_of, reexports, merged)
    out: dict[str, set[str]] = {}
    if not table.paths:
        return out
    candidates: list[tuple[str, dict[str, set[str]]]] = []
    asked: dict[str, set[str]] = {}
    for res in results:
        if res.facts is not None:
            found = table.imported(res.facts.reexports, res.path)
            if found and keep is not None:
                asked[res.path] = set(found)
        else:
            module = module_of.get(res.path, "")
            rows = imports(res.path, module) if imports is not None else import_rows(read(res.path), module)
            found = table.named(rows, res.path) if rows else {}
        if found:
            candidates.append((res.path, found))
    kept = keep(asked) if keep is not None else set(asked)
    for path, found in candidates:
        if path in asked and path not in kept:
            continue
        for local, qualnames in found.items():
            out.setdefault(path, set()).add(local)
            for qualname in qualnames:
                if qualname in table.maybe:
                    out.setdefault(table.paths[qualname], set()).add(qualname.rpartition(".")[2])
    return out


class _Wrappers:
    """The wrappers of the tree (and possible wrappers), by qualified name and by module."""

    def __init__(self, results: list[FileResult], module_of: Mapping[str, str],
                 reexports: Mapping[str, str] | None, merged: bool = False) -> None:
        self.paths: dict[str, str] = {}  # qualified name -> the file that defines it
        self.maybe: set[str] = set()  # those not read with libcst yet
        self.by_module: dict[str, set[str]] = {}  # module -> its wrappers' names
        self.reexports: Mapping[str, str] = reexports if merged and reexports is not None else dict(reexports or {})
        for res in results:
            facts = res.facts
            if facts is None:
                continue
            if not merged:
                self.reexports.update(facts.reexports)
            module = module_of.get(res.path)
            if not module:
                continue
            # (a class whose methods jit: its importers' loops are read, as a wrapper's callers are)
            for name in [w.qualname.rpartition(".")[2] for w in facts.wrappers] + list(facts.maybe_wrappers) + list(
                    facts.jitting_classes):
                qualname = f"{module}.{name}"
                self.paths[qualname] = res.path
                self.by_module.setdefault(module, set()).add(name)
                if name in facts.maybe_wrappers:
                    self.maybe.add(qualname)
        self._resolved: dict[str, str] = {}
        self._hits: dict[str, tuple] = {}
        self.last: dict[str, set[str]] = {}  # wrapper name -> its qualified names
        for qualname in self.paths:
            self.last.setdefault(qualname.rpartition(".")[2], set()).add(qualname)
        self.modules: dict[str, set[str]] = {}  # a module's last component -> the modules with wrappers
        for module in self.by_module:
            self.modules.setdefault(module.rpartition(".")[2], set()).add(module)

    def _resolve(self, qualname: str) -> str:
        found = self._resolved.get(qualname)  # (many files import the same names)
        if found is None:
            found = self._resolved[qualname] = self._follow(qualname)
        return found

    def _follow(self, qualname: str) -> str:
        for _ in range(4):  # pkg.run -> pkg.wrap.run through a package's re-export
            nxt = self.reexports.get(qualname)
            if nxt is None or nxt == qualname:
                break
            qualname = nxt
        return qualname

    def imported(self, imports: Mapping[str, str], path: str) -> dict[str, set[str]]:
        """{local name: wrapper qualnames} of one file's imports (``FileFacts.reexports``)."""
        found: dict[str, set[str]] = {}
        for key, full in imports.items():
            hits = self._hits.get(full)
            if hits is None:
                hits = self._hits[full] = self._hits_of(full)
            if not hits:  # (most imports: one lookup)
                continue
            for name, qualname in hits:
                if self.paths[qualname] != path:
                    found.setdefault(name or key.rpartition(".")[2], set()).add(qualname)
        return found

    def _hits_of(self, full: str) -> tuple[tuple[str | None, str], ...]:
        """What importing ``full`` may bring: (None, the wrapper it names) and, for a module with
        wrappers, (each wrapper's name, its qualified name) (`wrap.run(...)`)."""
        target = self._resolve(full)
        hits: list[tuple[str | None, str]] = [(None, target)] if target in self.paths else []
        hits.extend((name, f"{target}.{name}") for name in self.by_module.get(target, ()))
        return tuple(hits)

    def named(self, rows, path: str) -> dict[str, set[str]]:
        """{local name: wrapper qualnames} of the file's import statements, read from its text
        (:func:`import_rows`): the file's imports are not in its facts. An imported name also
        matches every wrapper of that name (a filter: the call's callee is resolved later)."""
        imports: dict[str, str] = {}
        found: dict[str, set[str]] = {}
        for source, entries in rows:
            for name, alias in entries:
                if source == "":  # import pkg.wrap as w: w.run(...)
                    imports[alias or name] = name
                    continue
                # by the imported name alone too: a package's re-export (`from pkg import run`) or a
                # relative import whose package is unknown may not be resolvable before the lint
                found.setdefault(alias or name, set()).update(
                    q for q in self.last.get(name, ()) if self.paths[q] != path)
                if source is None:
                    continue
                if name == "*":
                    for wrapper in self.by_module.get(self._resolve(source), ()):
                        imports[wrapper] = f"{self._resolve(source)}.{wrapper}"
                else:
                    imports[alias or name] = f"{source}.{name}"
        for local, qualnames in self.imported(imports, path).items():
            found.setdefault(local, set()).update(qualnames)
        return {name: qualnames for name, qualnames in found.items() if qualnames}


def dispatch_wrappers(callers: Mapping[str, set[str]], known: dict[str, dict], new: dict[str, dict]) -> None:
    """Add the wrapper names of ``callers`` (wrapper_callers) to the seeds ``known``, and those not
    known yet to ``new`` (as ``dispatch`` does for traced values)."""
    for path, names in callers.items():
        have = known.setdefault(path, {}).setdefault(WRAPPER_SEED_KEY, {})
        for name in sorted(names):
            if name not in have:
                have[name] = True
                new.setdefault(path, {}).setdefault(WRAPPER_SEED_KEY, {})[name] = True


_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]*(\([^)]*\)|[^\n]*)|import[ \t]+([^\n]*))", re.MULTILINE)


def import_rows(data: bytes | None, module_name: str) -> list | None:
    """:func:`import_statements` of a file's bytes as a JSON-able list (None if not readable)."""
    if data is None:
        return None
    return [[module, [list(e) for e in entries]] for module, entries in
            import_statements(data.decode("utf-8", "replace"), module_name)]


def import_statements(text: str, module_name: str):
    """The import statements of ``text``, at any indentation (imports inside functions too), read
    from the text (no parse): ``(module, [(name, alias), ...])`` for ``from module import name as
    alias`` (relative imports resolved against ``module_name``; module None when they cannot be,
    alias None when there is none, name "*" for a star import), ``("", [(dotted, alias), ...])``
    for ``import dotted as alias``."""
    from jitguard.lint.prepass import resolve_relative

    for m in _IMPORT.finditer(text):
        dots, base, names, plain = m.groups()
        if plain is not None:  # import a.b as c, d
            yield "", [_alias(part) for part in plain.split("#")[0].split(",") if part.split()]
            continue
        module = (resolve_relative(module_name, len(dots), base) if module_name else None) if dots else base
        listed = re.sub(r"#[^\n]*", "", names).strip().strip("()")
        yield module or None, [_alias(part) for part in listed.split(",") if part.split()]


def _alias(part: str) -> tuple[str, str | None]:
    words = part.split()
    return words[0], words[2] if len(words) > 2 and words[1] == "as" else None


def importers_first(paths: list[str], modules: dict[str, str], module_names: dict[str, str], read) -> list[str]:
    """``paths`` ordered so that a file comes before the files it imports (as far as cycles allow).

    Seeds flow from a jitted caller to the helpers it imports: linting importers first gives each
    file its seeds before its parse, instead of a second parse afterwards. ``modules`` maps public
    module names to paths, ``module_names`` paths to their dotted names, ``read(path)`` gives the
    text (a cheap scan of import statements, not a parse). Only ``paths`` are ordered: an imported
    file that is not one of them (its result came from the cache) is left out, never added."""
    wanted = set(paths)
    edges: dict[str, list[str]] = {}
    for path in paths:
        targets = []
        for module, entries in import_statements(read(path), module_names[path]):
            if module is None:
                continue
            candidates = [e[0] for e in entries] if not module else [module, *(f"{module}.{e[0]}" for e in entries)]
            targets.extend(modules[c] for c in candidates if modules.get(c, path) != path and modules[c] in wanted)
        edges[path] = targets
    order: list[str] = []
    seen: set[str] = set()
    for root in paths:  # iterative depth-first search; post-order puts imports before importers
        if root in seen:
            continue
        seen.add(root)
        stack = [(root, iter(edges.get(root, ())))]
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                order.append(node)
            elif child not in seen:
                seen.add(child)
                stack.append((child, iter(edges.get(child, ()))))
    order.reverse()
    return order


def outcall_paths(facts: FileFacts | None, modules: dict[str, str], reexports: Mapping[str, str]) -> set[str]:
    """The files the outcalls of ``facts`` land in, as :func:`dispatch` locates them (with the
    re-exports known so far): those a seeded check of them may follow."""
    found = set()
    for out in facts.outcalls if facts is not None else ():
        target = _locate(out.callee, modules, reexports)
        if target is not None:
            found.add(target[0])
    return found


def _locate(qual: str, modules: dict[str, str], reexports: Mapping[str, str]) -> tuple[str, str] | None:
    """pkg.helpers.safe_log -> (path of pkg/helpers.py, "safe_log"), through __init__ re-exports."""
    for _ in range(4):
        nxt = reexports.get(qual)  # mylib.f where mylib/__init__.py says `from .losses import f`
        if nxt is not None:
            qual = nxt
            continue
        module, _, name = qual.rpartition(".")
        return (modules[module], name) if module in modules else None
    return None


def apply_seeds(index: ModuleIndex, seeds: dict[str, dict]) -> None:
    """Mark the seeded parameters of this module's functions as traced (``seeds`` as
    ``seeds_from`` makes them)."""
    from jitguard.lint.analysis import callnone, dispatch
    from jitguard.lint.analysis.lattice import Origin
    from jitguard.lint.analysis.moduledefaults import note_remote_call

    from jitguard.lint.analysis.shapes import REMOTE_REPEATS

    for name, by_key in seeds.items():
        if name == REPEATED_SEED_KEY:  # {"Class.method": why}: run again and again by another file
            table = REMOTE_REPEATS.table(index)
            for key, why in sorted(by_key.items()):
                table.setdefault(tuple(key.rsplit(".", 1)), why)
            continue
        info = index.module_defs.get(name) if name != WRAPPER_SEED_KEY else None
        skip = 0
        if info is None and name != WRAPPER_SEED_KEY:
            info, skip = _constructor(index, name), 1
        if info is None:
            continue
        decoded = {key: decode_seed(key, data) for key, data in by_key.items() if key != CALLS_SEED_KEY}
        jit = decoded.pop(JIT_SEED_KEY, None)
        if isinstance(jit, JitSeed) and not skip:
            index.mark_remote_jit(info, jit.context, jit.caller_path)
        state = index.traces.of(info)
        dispatch.SEEDED.table(index)[info] = True  # traced calls of another file: what they pass is not in sight
        positional = info.positional[skip:]
        for key, seed in decoded.items():
            if not isinstance(seed, ParamSeed):
                continue
            param = positional[int(key)] if key.isdigit() and int(key) < len(positional) else info.param(key)
            if param is None:
                continue
            arg = seed.arg
            root_fn = arg.root_fn or seed.caller
            root = Origin(arg.root, f"parameter of jitted `{root_fn}`, not in static_argnames", None, arg.flaglike)
            origin = Origin(
                param.name,
                f"parameter of `{info.display()}`, called from `{seed.caller}` ({seed.caller_path}) "
                f"with traced `{arg.name}`",
                info,
                arg.flaglike,
                root,
            )
            flags = frozenset(f for f, on in (("opaque", arg.opaque), ("boolean", arg.boolean)) if on)
            state.trace(param.name, origin, flags)
        if skip:
            continue  # (a constructor: the literals other files pass are not held)
        if callnone.holds_literals(index, info):  # the literals every traced call of another file gives
            shapes = [call_shape_from_json(s) for s in by_key.get(CALLS_SEED_KEY, ())] or [None]
            for shape in shapes:
                values = callnone.shape_values(index.module, info, shape) if shape is not None else None
                callnone.hold(state.constants, info.params, values)
                note_remote_call(index, info, shape)  # MODULEARG: the array module each passes


def _constructor(index: ModuleIndex, name: str):
    """The ``__init__`` that building an instance of class ``name`` of this module runs (its own,
    or a base's of this module), when the class is plain to see (objects.plain_attributes: no
    ``__new__``, no metaclass or base out of sight that may build it otherwise); None otherwise.
    Another file's traced code that calls ``name(x)`` with a traced ``x`` runs it on the tracer
    (JAX 0.10.2: ``if rate < floor: raise`` in it raises TracerBoolConversionError)."""
    from jitguard.lint.analysis.objects import plain_attributes

    klass = index.classes.get(name)
    if klass is None or plain_attributes(index, klass) is None:
        return None
    init = index.find_method(klass, "__init__")
    return init if init is not None and init.is_method and init.positional else None

