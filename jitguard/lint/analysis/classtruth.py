"""Which classes of the checked tree have instances that are always true: a tree-wide text scan.

Under ``jax.jit`` an argument that is a registered pytree object (a dataclass registered with
``jax.tree_util.register_dataclass``, a ``flax.struct`` or ``equinox`` class, ...) arrives as an
instance of its class, rebuilt from its leaves: only the leaves are tracers. Its truth value is
Python's: an instance of a class that defines neither ``__bool__`` nor ``__len__`` (nor inherits
them) is always true, and None is false. So ``overrides or default`` and ``x.a if profiles else
{}`` on a parameter annotated ``Provider | None`` test only whether one was passed, at trace time
(checked on JAX 0.10.2: tests/precision_cases/fresh4_optional_pytree_truth_across_modules.py).
``jitguard.lint.analysis.instances`` decides this for the classes of the module; the class is
often defined in another module, so every file's scan (``textscan.metadata_names``) records its
top-level classes here, and each file's analysis gets the tree's records.

Standard library only (a warm run stays libcst-free). Each record is
``MARK + name + "|" + verdict + "|" + bases``: verdict ``plain`` (no ``__bool__``/``__len__`` in
its body, no metaclass, only decorators known not to add them) or ``own``; bases, the last
component of each base class, to resolve among the tree's classes (a base the tree does not
define is a library's: taken as plain, unless it is an array type). The runner qualifies each
record with the module that defines it (``qualify``), as ``MARK + module + "." + name + ...``.
"""

from __future__ import annotations

import re

MARK = "\x00class-truth:"
# `State = dict[str, jax.Array]` (or Dict/Mapping/..., `State: TypeAlias = ...`) at the top level:
# a type alias of a dict, recorded as MARK + name + "|mapping|". A parameter annotated with it
# holds a dict, a pytree node whose keys are part of the tree structure: iterating it gives its
# keys, static (checked on JAX 0.10.2: tests/precision_cases/fresh5_dict_alias_across_modules.py)
_MAPPING_ALIAS = re.compile(
    r"^(\w+)[ \t]*(?::[ \t]*(?:typing\.)?TypeAlias[ \t]*)?=[ \t]*(?:typing\.|collections\.abc\.|collections\.)?"
    r"(?:dict|Dict|Mapping|MutableMapping|OrderedDict)\[", re.MULTILINE)
_CLASS = re.compile(r"^class[ \t]+(\w+)[ \t]*(?:\(([^()]*)\))?[ \t]*:", re.MULTILINE)
_TOP_LEVEL = re.compile(r"\n[^\s#]")
# decorators (last component of their dotted name) that make a dataclass or register a pytree
# without giving the class a truth value of its own
_PLAIN_DECORATORS = frozenset({
    "dataclass", "register_dataclass", "register_pytree_node_class", "register_pytree_with_keys_class",
    "register_static", "pytree_dataclass", "final", "total_ordering",
})
# bases whose instances are arrays (their truth value is an array's)
_ARRAY_BASES = frozenset({"ndarray", "Array", "ArrayImpl", "generic"})
_PLAIN_BASES = frozenset({"object", "Protocol", "ABC", "Generic", "NamedTuple", "tuple", "list", "dict"})


# TREEGUARD: a top-level `def is_tracer(value):` whose body (after a docstring and the imports it
# makes for itself) is `return isinstance(value, jax.core.Tracer)` (or `not isinstance(...)`), a
# type test of its first parameter. Recorded as MARK + name + "|guard|" (True for a tracer) or
# "|guard-not|" (True for anything else): a call of it in another module narrows its argument as
# the test itself does (`if not is_tracer(x) and bool(jnp.any(x < 0)):` never converts a tracer:
# JAX 0.10.2, tests/precision_cases/heldout26_tracer_guard_from_another_module.py)
_GUARD = re.compile(
    r"^def[ \t]+(\w+)[ \t]*\([ \t\n]*(\w+)[^)]*\)[^:\n]*:[ \t]*(?:#[^\n]*)?\n"
    r"(?:[ \t]+(?:\"\"\"[\s\S]*?\"\"\"|'\'\'[\s\S]*?'\'\'|\"[^\"\n]*\"|'[^'\n]*')[ \t]*\n)?"
    r"(?:[ \t]*\n|[ \t]+(?:import|from)[ \t][^\n]*\n)*"
    r"[ \t]+return[ \t]+(not[ \t]+)?isinstance\([ \t]*\2[ \t]*,[ \t]*(?:[\w.]*\.)?Tracer[ \t]*\)[ \t]*(?:#[^\n]*)?$",
    re.MULTILINE)
GUARDS = "|guard"  # the key of table() under which the tracer guards are listed (no name)
# the last line of every _GUARD match (its `return` line starts right after a newline the match
# holds): a file without one has no guard, and _GUARD, whose lazy docstring part may try every
# later docstring of the file from each def line, is not run on it (3.7 s of CPU on the
# development corpus's 82 files that name Tracer and jax, one of which holds such a line)
_GUARD_RETURN = re.compile(
    r"^[ \t]+return[ \t]+(?:not[ \t]+)?isinstance\([ \t]*\w+[ \t]*,[ \t]*(?:[\w.]*\.)?Tracer[ \t]*\)[ \t]*(?:#[^\n]*)?$",
    re.MULTILINE)


def scan(source: str) -> set[str]:
    """The records of the module's top-level classes and dict aliases (see the module docstring),
    and of its tracer guards (TREEGUARD)."""
    # (every alias's line holds one of these: dict[, Dict[, OrderedDict[, Mapping[, MutableMapping[)
    out: set[str] = ({f"{MARK}{name}|mapping|" for name in _MAPPING_ALIAS.findall(source)}
                     if "ict[" in source or "apping[" in source else set())
    if "Tracer" in source and "jax" in source and _GUARD_RETURN.search(source):
        out |= {f"{MARK}{m.group(1)}|guard{'-not' if m.group(3) else ''}|" for m in _GUARD.finditer(source)}
    if "class" not in source:
        return out
    aliases = _decorator_aliases(source) if "=" in source else frozenset()
    for m in _CLASS.finditer(source):
        name, bases_text = m.group(1), m.group(2) or ""
        end = _TOP_LEVEL.search(source, m.end())
        body = source[m.end(): end.start() if end else len(source)]
        bases = [b.strip() for b in bases_text.split(",") if b.strip()]
        plain = ("__bool__" not in body and "__len__" not in body and "metaclass" not in bases_text
                 and all(_decorator_ok(d, aliases) for d in _decorators(source, m.start())))
        names = []
        for base in bases:
            last = base.split("[", 1)[0].rsplit(".", 1)[-1].strip()
            if not last.isidentifier() or last in _ARRAY_BASES:
                plain = False
            elif last not in _PLAIN_BASES:
                names.append(last)
        out.add(f"{MARK}{name}|{'plain' if plain else 'own'}|{','.join(names)}")
    return out


def _decorators(source: str, start: int) -> list[str]:
    """The decorator lines right above the ``class`` line at ``start``."""
    found = []
    end = start - 1  # the newline before the class line
    while end > 0:
        begin = source.rfind("\n", 0, end) + 1
        if not source.startswith("@", begin):
            break
        found.append(source[begin + 1:end])
        end = begin - 1
    return found


# DECORATORALIAS: `_pytree_base = jax.tree_util.register_pytree_node_class` at the top level:
# the name is that decorator, which registers the class and returns it unchanged (no __bool__ or
# __len__ added: JAX 0.10.2, tests/precision_cases/heldout26_optional_pytree_by_decorator_alias.py)
_ALIAS = re.compile(r"^(\w+)[ \t]*=[ \t]*([\w.]+)[ \t]*(?:#[^\n]*)?$", re.MULTILINE)


def _decorator_aliases(source: str) -> frozenset[str]:
    """Top-level names bound to a decorator known not to give a class a truth value."""
    if not any(name in source for name in _PLAIN_DECORATORS):  # (one ends each alias's line)
        return frozenset()
    return frozenset(m.group(1) for m in _ALIAS.finditer(source) if m.group(2).rsplit(".", 1)[-1] in _PLAIN_DECORATORS)


def _decorator_ok(text: str, aliases: frozenset[str] = frozenset()) -> bool:
    head = text.split("(", 1)[0].strip()
    return head.rsplit(".", 1)[-1] in _PLAIN_DECORATORS or head in aliases


def qualify(entries: set[str], module: str) -> set[str]:
    """The file's records with their module: ``MARK + module + "." + name + ...``; other entries as they are."""
    module = module[: -len(".__init__")] if module.endswith(".__init__") else module
    return {f"{MARK}{module}.{e[len(MARK):]}" if e.startswith(MARK) else e for e in entries}


def plain_names(entries) -> set[str]:
    """The names of the tree's classes recorded plain (a file's result depends on them: the cache
    keys on the names a file mentions)."""
    return {e[len(MARK):].split("|", 1)[0].rsplit(".", 1)[-1] for e in entries
            if e.startswith(MARK) and e.split("|", 2)[1] in ("plain", "mapping", "guard", "guard-not")}


def table(entries) -> dict[str, list[tuple[str, bool, tuple[str, ...]]]]:
    """last name -> [(qualified name, plain, base names)] of the tree's classes."""
    out: dict[str, list[tuple[str, bool, tuple[str, ...]]]] = {}
    for e in entries:
        if not e.startswith(MARK):
            continue
        qualname, verdict, bases = e[len(MARK):].split("|", 2)
        if verdict in ("guard", "guard-not"):  # a function, not a class: listed apart
            out.setdefault(GUARDS, []).append((qualname, verdict == "guard-not", ()))
            continue
        out.setdefault(qualname.rsplit(".", 1)[-1], []).append(
            (qualname, verdict == "plain", tuple(b for b in bases.split(",") if b)))
        if verdict == "mapping":
            out.setdefault(MAPPING_ALIASES, []).append((qualname, False, ()))
    return out


_SHARED: list = [None, None]  # the tree-wide entries last tabled (compared by identity), their table


def index_table(index) -> dict[str, list[tuple[str, bool, tuple[str, ...]]]]:
    """``table(index.static_field_names)``, the tree's part made once per run: every file's
    ``static_field_names`` holds the same tree-wide entries (``index.tree_fields``, which the
    engine adds to it), and its own fields never carry :data:`MARK`. The lists may come in
    another order than a table of the whole set gives; their readers test all or any of them."""
    entries, tree = index.static_field_names, index.tree_fields
    if not tree or not tree <= entries or any(e.startswith(MARK) for e in entries - tree):
        return table(entries)
    if _SHARED[0] is not tree:
        _SHARED[:] = [tree, table(tree)]
    return _SHARED[1]


MAPPING_ALIASES = "|mapping"  # the key of table() under which the dict aliases are listed (no name)


def mapping_alias(records: dict, qualname: str) -> bool:
    """Is ``qualname`` (as an import resolves it) a dict alias of the tree, and no class of that name?"""
    module, _, name = qualname.rpartition(".")
    found = [r for r in records.get(name, ()) if _same_module(r[0].rpartition(".")[0], module)]
    aliases = {r[0] for r in records.get(MAPPING_ALIASES, ())}
    return bool(found) and all(r[0] in aliases for r in found)


def always_true(records: dict, qualname: str) -> bool:
    """Is every instance of the tree's class ``qualname`` (as an import resolves it) always true?
    The classes of that name whose module is the one imported (also when the checked folder
    starts below the package root, or the import goes through a package's re-export) must all be
    plain, and each base the tree defines (by name, anywhere in it) as well."""
    module, _, name = qualname.rpartition(".")
    found = [r for r in records.get(name, ()) if _same_module(r[0].rpartition(".")[0], module)]
    return bool(found) and all(_plain(records, r, 0) for r in found)


def _same_module(recorded: str, imported: str) -> bool:
    """``recorded`` (from the tree's folders) is the module ``imported`` names: the same, one a
    dotted suffix of the other (a package folder without __init__.py), or a module of the package
    ``imported`` re-exports from."""
    if not recorded or not imported:
        return False
    return (recorded == imported or imported.endswith("." + recorded) or recorded.endswith("." + imported)
            or recorded.startswith(imported + "."))


def _plain(records: dict, record: tuple, depth: int) -> bool:
    _qual, plain, bases = record
    if not plain or depth > 8:
        return False
    return all(_plain(records, r, depth + 1) for base in bases for r in records.get(base, ()))


def tracer_guard(records: dict, qualname: str) -> bool | None:
    """For the tree's tracer guard ``qualname`` (as an import resolves it): True when it returns
    True for anything but a tracer (``not isinstance``), False when it returns True for a tracer;
    None when the tree defines no such function there (or defines it twice, differently)."""
    module, _, name = qualname.rpartition(".")
    found = {r[1] for r in records.get(GUARDS, ()) if r[0].rpartition(".")[2] == name
             and _same_module(r[0].rpartition(".")[0], module)}
    return next(iter(found)) if len(found) == 1 else None
