"""The value lattice of the taint analysis: what a value inside traced code is, and how
operations combine values.

A value is ``None`` when it is static — known at trace time: a Python number, string or flag,
an array's shape/dtype/ndim, a module constant, a static parameter — and a :class:`Taint`
otherwise. A taint names its :class:`Origin` (the traced parameter behind it, and why it is
traced) and refines what kind of traced value it is:

* a traced array (no flag), or a traced boolean array, a mask (``boolean``);
* a Python container (list/tuple/dict) holding traced values (``container``): its length and
  truth value are static, its items are not;
* an object reached through an attribute, a string key or unpacking of traced data
  (``opaque``): an array leaf, a sub-object, None or a static field of a pytree — its truth
  value and its use as a Python number are not reported;
* the result of a function the analysis cannot see (``foreign``): maybe an array, maybe a
  plain Python value; comparisons and arithmetic on it stay opaque; its elements too;
* a Python dict (``mapping``, with ``container``): iterating it gives its keys, which are static;
* a child of a traced pytree (``child``, with ``opaque``): an element unpacked from a traced
  parameter (``actor, key = carry``). Like any opaque value it may be a leaf, a sub-tree or None,
  but never static metadata (a tuple has none, NamedTuple fields are leaves), and jit and the lax
  loops turn every leaf of their arguments and carries into an array (a Python ``False`` in a
  dict of a ``lax.scan`` carry is a traced bool in the body): so its string-keyed items are
  traced leaves, as those of the parameter itself are.

A container may also know the kind of each of its parts (``fields``): a tuple or dict literal, or
a NamedTuple/dataclass built in the code (also when a helper returns it), keeps each position,
key or field's own value — ``out.converged`` of ``out = Output(value, converged)`` is what was
passed as ``converged``, a traced mask or a Python number (:func:`record`, :func:`field`).
A traced value can also come from no parameter at all: in staged code (under ``jax.jit``, not
under ``vmap`` alone) every jax.numpy/lax result is a tracer, constants included (the walker's
call semantics make it, with an :class:`Origin` naming the call).

:func:`kind` names these. The functions below are the transfer functions of the walker
(``jitguard.lint.analysis.walker``): each takes the values of an operation's operands and
returns the value of its result. Python scalar literals passed to jitted functions are
classified by :func:`scalar_kind`: weakly typed (``int``, ``float``, ``bool``, ``complex``:
``WEAK_SCALARS``) or strongly typed (``jnp.float32(0.5)``: ``"strong float32"``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import libcst as cst

from jitguard.lint.analysis import jaxapi

if TYPE_CHECKING:
    from jitguard.lint.analysis.jitcontext import FunctionInfo


@dataclass(frozen=True)
class Origin:
    """Why a value is traced: the root name and a sentence for the message."""

    name: str
    why: str
    function: "FunctionInfo | None" = None
    flaglike: bool = False  # a parameter that looks like a Python flag (bool/str/None default)
    root: "Origin | None" = None  # for a helper's parameter: the jitted function's parameter behind it
    captured: str | None = None  # a JAX operation on this concrete array the staged function captures
    # the ``**kwargs`` parameter of a traced function whose other keywords this stands for (KWREST):
    # a value read under key ``k`` is the keyword ``k``'s own (:func:`keyword`), and ``keyword``
    # names the dict that collects it
    keyword: str | None = None
    collects: bool = False


TAINT_FLAGS = ("container", "boolean", "opaque", "foreign", "mapping", "child")

Fields = tuple[tuple[str, "Taint | None"], ...]  # known kinds per field, attribute, key or position
# the last field of a tuple whose positions are known up to a starred element of unknown length
# (``(a, b, *rest)``): the kind of any one element from there on
TAIL = "*"
# the last field of an open record, a dict whose keys are known only in part (the ``**kwargs`` of a
# jitted function: the keywords static_argnames names hold Python values, any other one a tracer):
# the kind of the value under any key not listed before it (``kw.get("k")``, ``kw["k"]``)
REST = "**"


@dataclass(frozen=True)
class Taint:
    origin: Origin
    container: bool = False  # a Python list/tuple/dict holding traced values (its truth value is static)
    boolean: bool = False  # a traced boolean array (a mask)
    # reached through an attribute, a string key or unpacking of traced data: it may be an array
    # leaf, or a sub-object, None or a static field of a pytree; its truth value and its use as
    # a Python number are not reported (a comparison or arithmetic on it is an array again)
    opaque: bool = False
    # returned by a function we cannot see (another module's): it may be a plain Python number or
    # bool, so comparisons and arithmetic on it stay opaque too (only jnp/lax make it an array)
    foreign: bool = False
    # a Python dict (a container): iterating it gives its keys, which are static
    mapping: bool = False
    # a child of a traced pytree (unpacked from a traced parameter, with ``opaque``): never static
    # metadata, so its string-keyed items are traced leaves (``a, b = carry; a["flag"]``)
    child: bool = False
    # the kind of each field, key or position where it is known: a NamedTuple or dataclass built
    # here, a dict or tuple literal (also returned by a helper); other names fall back to the flags
    fields: Fields | None = None

    @property
    def flags(self) -> frozenset[str]:
        return frozenset(f for f in TAINT_FLAGS if getattr(self, f))

    @classmethod
    def with_flags(cls, origin: Origin, flags: frozenset[str]) -> "Taint":
        return cls(origin, **{f: f in flags for f in TAINT_FLAGS})


Value = Taint | None  # None: static


class Kind(enum.Enum):
    STATIC = "static"
    ARRAY = "traced array"
    MASK = "traced boolean array"
    CONTAINER = "container of traced values"
    OBJECT = "object of traced data (array, sub-object or static field)"
    FOREIGN = "result of a function the analysis cannot see"


def kind(value: Value) -> Kind:
    """What a value is, most specific first."""
    if value is None:
        return Kind.STATIC
    if value.container:
        return Kind.CONTAINER
    if value.foreign:
        return Kind.FOREIGN
    if value.opaque:
        return Kind.OBJECT
    return Kind.MASK if value.boolean else Kind.ARRAY


def is_array(value: Value) -> bool:
    """Known to be a traced array (not a container, not an object we cannot see into)."""
    return value is not None and not value.container and not value.opaque


def reorigin(value: Value, swap: dict[Origin, Origin], depth: int = 4) -> Value:
    """``value`` with each origin in ``swap`` replaced (its fields' too, ``depth`` levels down):
    what a helper returns told from the origins of the call at hand."""
    if value is None:
        return None
    origin = swap.get(value.origin, value.origin)
    fields = value.fields
    if fields is not None and depth:
        fields = tuple((name, reorigin(part, swap, depth - 1)) for name, part in fields)
    if origin is value.origin and fields == value.fields:
        return value
    return replace(value, origin=origin, fields=fields)


# -- joins ----------------------------------------------------------------------------------
def join(*values: Value) -> Value:
    """The first traced value among ``values`` (what a value computed from them depends on)."""
    for v in values:
        if v is not None:
            return v
    return None


def merge(a: dict[str, Taint], b: dict[str, Taint]) -> dict[str, Taint]:
    """Two environments meeting after a branch: a name traced on either path is traced."""
    out = dict(a)
    for k, v in b.items():
        out.setdefault(k, v)
    return out


# -- containers -----------------------------------------------------------------------------
def container(value: Value) -> Value:
    """A Python container built from a traced value (``list(x)``, ``d.items()``, ``*rest``); built
    from something we cannot see into (foreign), its elements are foreign too (also from a record of
    values that may all be Python numbers: ``sorted([n, 2])`` of ``eqx.filter_jit`` ints)."""
    return None if value is None else Taint(value.origin, container=True, foreign=value.foreign)


def collection(value: Value) -> Value:
    """A literal or comprehension holding ``value`` among its elements."""
    return None if value is None else Taint(value.origin, container=True, opaque=value.opaque)


def record(fields: dict[str, Value], mapping: bool = False) -> Value:
    """A tuple, dict literal, NamedTuple or dataclass built from these values (by field, key or
    position): static when every one is, else a container that knows each one's kind."""
    traced = [v for v in fields.values() if v is not None]
    if not traced:
        return None
    # values that may all be Python numbers (foreign: an eqx.filter_jit int, another module's
    # result) make a record whose elements may be too, once its positions are lost (`list([n, 2])`)
    return Taint(traced[0].origin, container=True, opaque=traced[0].opaque, mapping=mapping,
                 foreign=all(v.foreign for v in traced), fields=tuple(fields.items()))


def field(value: Value, name: str) -> tuple[bool, Value]:
    """(True, its kind) when ``value`` knows the kind of its field/key/position ``name``."""
    if value is None or value.fields is None:
        return False, None
    for key, kind in value.fields:
        if key == name:
            return True, kind
    return False, None


def keyed(value: Value, name: str, flaglike: bool = False) -> tuple[bool, Value]:
    """(True, its kind) when the dict ``value`` knows the kind of the value under string key
    ``name``: a listed key's own, or for an open record (``REST``) the kind of any key not listed
    (a keyword of its own, :func:`keyword`)."""
    known, kind = field(value, name)
    if known or value is None or not value.mapping:
        return known, kind
    known, kind = field(value, REST)
    return known, keyword(kind, name, flaglike)


def keyword(value: Value, name: str, flaglike: bool = False) -> Value:
    """The value of keyword ``name`` of a traced function's ``**kwargs`` (``value``: the kind of any
    keyword it collects): traced as the parameter it stands for, named after the keyword, so a
    message says which one and its fix marks that one static (``static_argnames=("name",)``)."""
    if value is None or not value.origin.collects:
        return value
    o = value.origin
    return replace(value, origin=replace(o, name=name, why=f"collected by `**{o.name}`, {o.why}", keyword=o.name,
                                         collects=False, flaglike=flaglike))


def open_record(known: dict[str, Value], rest: Value, origin: Origin) -> Taint:
    """A dict of these listed keys, and of any other key holding a value of kind ``rest`` (a
    container even when every value is static: it stands for a parameter)."""
    return Taint(origin, container=True, mapping=True, fields=(*known.items(), (REST, rest)))


def mapping_part(value: Value) -> Fields | None:
    """What ``**value`` (or ``dict(value)``) adds to a dict: the keys it knows (open or not); of a
    static dict, Python values under keys we cannot see; None when its keys are not known."""
    if value is None:
        return ((REST, None),)
    return value.fields if value.mapping else None


def spread(parts: Iterable[Fields | None]) -> Fields | None:
    """The fields of ``{**a, "k": v, **b}`` / ``dict(a, k=v)``, later keys overriding earlier ones,
    from each part's fields (a dict that knows its keys, open or not; a single key; a static dict
    of keys we cannot see is ``((REST, None),)``); None when one part's keys are not known. An open
    part makes the result open, and may override any key listed before it with its ``REST``."""
    out: dict[str, Value] = {}
    rest: list[Value] = []
    opened = False
    for part in parts:
        if part is None:
            return None
        listed = dict(part)
        if REST in listed:
            tail = listed.pop(REST)
            out = {k: join(keyword(tail, k), v) for k, v in out.items()}
            rest.append(tail)
            opened = True
        out.update(listed)
    if opened:
        out[REST] = join(*rest)
    return tuple(out.items())


def positional(fields: Fields) -> bool:
    """The fields of a tuple or list literal: its positions, in order."""
    return all(name == str(i) for i, (name, _) in enumerate(fields))


def join_fields(a: Fields | None, b: Fields | None, depth: int = 3) -> Fields | None:
    """Two values of the same structure meeting (one parameter receiving both): each field is
    traced if it is in either, field by field (nested records too); None when the fields differ."""
    if a is None or b is None:
        return None
    if (REST in dict(a) or REST in dict(b)) and [n for n, _ in a] != [n for n, _ in b]:
        return _join_open(a, b)
    if [n for n, _ in a] != [n for n, _ in b]:
        if not (positional(a) and positional(b)):
            return None
        # tuples of two lengths (`*args` of `f(x, m)` and of `f(x, m, n)`): position by position,
        # the longer one's last positions as it has them
        longer, shorter = (a, b) if len(a) >= len(b) else (b, a)
        return join_fields(longer[:len(shorter)], shorter, depth) + longer[len(shorter):]
    out = []
    for (name, x), (_, y) in zip(a, b):
        if x is not None and y is not None and x.fields is not None and y.fields is not None and depth > 0:
            inner = join_fields(x.fields, y.fields, depth - 1)
            x = replace(x, fields=inner)
        out.append((name, join(x, y)))
    return tuple(out)


def _join_open(a: Fields, b: Fields) -> Fields | None:
    """Two dicts meeting, one open at least (``**kwargs`` from two callers): each key of either
    holds its kind in either (a key one of them does not list: that one's ``REST``, or nothing
    when it is closed), and any other key the ``REST`` of either."""
    da, db = dict(a), dict(b)
    if any(n.isdigit() for n in (*da, *db)):
        return None  # not dicts of string keys
    ra, rb = da.pop(REST, None), db.pop(REST, None)
    out = {k: join(da.get(k, keyword(ra, k)), db.get(k, keyword(rb, k))) for k in sorted(da.keys() | db.keys())}
    out[REST] = join(ra, rb)
    return tuple(out.items())


def key_of(value: Value) -> Value:
    """What iterating ``value`` gives, when that is decided by what it is: a dict's keys are
    static; anything else gives its elements."""
    if value is not None and value.mapping:
        return None
    rows = _rows_of_records(value)
    return rows if rows is not None else element(value)


def _rows_of_records(value: Value) -> Value:
    """Iterating a list or tuple whose every position is a record of one structure (a list of
    dict literals, ``[{"value": x, "extra": [i]}]``): each element has those fields, joined
    position by position; None when that is not known. ROWSTAIL: a list of unknown length whose
    every element is of one kind (filled by ``append``, a comprehension of one element expression:
    :data:`TAIL`) gives elements of that kind, so ``for r in kept: r.wire`` is the objects' ``wire``."""
    if value is None or not value.fields or value.mapping:
        return None
    names = [name for name, _ in value.fields]
    if not all(name.isdigit() for name in names[:-1]) or not (names[-1].isdigit() or names[-1] == TAIL):
        return None
    kinds = [kind for _, kind in value.fields]
    if any(kind is None or kind.fields is None for kind in kinds):
        return None
    fields = kinds[0].fields
    for kind in kinds[1:]:
        fields = join_fields(fields, kind.fields)
        if fields is None:
            return _rows_of_objects(kinds)
    return replace(kinds[0], fields=fields)


def _rows_of_objects(kinds: list[Taint]) -> Value:
    """MIXEDROWS: iterating a list or tuple of objects of different classes (``[Dagger(Rotation(t, 0)),
    Rotation(t, 0)]``): an attribute read on an element is that attribute of the elements that have it
    (on the others Python raises AttributeError before the value is used), joined over them; None
    when an element is a dict or a tuple (a key or position a row lacks is no error to count on)."""
    out: dict[str, Value] = {}
    for kind in kinds:
        if not _object_record(kind):
            return None
        for name, value in kind.fields:
            out[name] = join(out[name], value) if name in out else value
    return replace(kinds[0], fields=tuple(out.items()))


def _object_record(kind: Taint) -> bool:
    """An object that knows its attributes (a NamedTuple, dataclass or class instance built in the
    code): named fields, not a dict's keys nor a tuple's positions."""
    return kind.fields is not None and not kind.mapping and not any(
        name.isdigit() or name in (REST, TAIL) for name, _ in kind.fields)


def rows(value: Value) -> Value:
    """The kind of every element of a list or tuple whose elements are records or objects that
    know their fields (``[Rec(x, 0), Rec(y, 1)]``, a list filled by ``append`` of them): what
    ``extend`` or ``+=`` adds to another list; None when that is not known."""
    found = _rows_of_records(value)
    return found if found is not None and _object_record(found) else None


def values_of(value: Value) -> Value:
    """DICTROWS: the kind of every value of a dict whose values are objects that know their fields
    (a dict literal of them, or one filled by ``d[k] = Rec(...)``: its open ``REST``), joined as
    iterating a list of them does: what ``d.values()`` gives, and the second of ``d.items()``'s
    pairs; None when that is not known."""
    if value is None or not value.mapping or not value.fields:
        return None
    kinds = [kind for _, kind in value.fields]
    if any(kind is None or not _object_record(kind) for kind in kinds):
        return None
    return _rows_of_records(record({str(i): kind for i, kind in enumerate(kinds)}))


def filled(current: Value, given: Value) -> Value:
    """DICTROWS: a dict bound to ``{}`` and filled by ``d[k] = v`` of objects that know their fields
    holds those objects under any key (its open ``REST``, joined over what is stored); None when
    that is not known (the caller keeps a plain container)."""
    if given is None or not _object_record(given):
        return None
    if current is None:
        return Taint(given.origin, container=True, mapping=True, fields=((REST, given),))
    if not current.mapping or current.fields is None or REST not in dict(current.fields):
        return None
    held = dict(current.fields)[REST]
    if held is None or not _object_record(held):
        return None
    joined = _joined_rows(held, given)
    if joined is None:
        return None
    return replace(current, fields=tuple((k, joined if k == REST else v) for k, v in current.fields))


def _joined_rows(held: Taint, given: Taint) -> Value:
    """Two objects that know their fields held by one list or dict: of one structure, each field
    joined; of different classes, MIXEDROWS."""
    fields = join_fields(held.fields, given.fields)
    return replace(held, fields=fields) if fields is not None else _rows_of_objects([held, given])


def appended(current: Value, given: Value) -> Value:
    """APPENDROWS: a list bound to ``[]`` and filled by ``append`` of objects that know their
    fields (records of one structure, or objects of several classes): every element is such a
    record, so ``xs[-1].qubit`` and ``xs[0].qubit`` are the appended objects' ``qubit`` (a tail of
    unknown length, :data:`TAIL`); None when that is not known (the caller keeps a plain container)."""
    if given is None or not _object_record(given):
        return None
    if current is None:
        return record({TAIL: given})
    held = rows(current)  # what it holds already: objects, of a comprehension, a literal, appended
    if held is None:
        return None
    joined = _joined_rows(held, given)
    return None if joined is None else record({TAIL: joined})


def element(value: Value) -> Value:
    """One element of a traced array or container (iteration, unpacking of a call's result); an
    element of something we cannot see into (foreign) is foreign too."""
    if value is None:
        return None
    return Taint(value.origin, boolean=value.boolean, opaque=value.opaque or value.foreign, foreign=value.foreign)


def unpacked(value: Value) -> Value:
    """``a, b = carry`` with ``carry`` a parameter (or a child of one): rows of an array or
    children of a pytree, never its static metadata (``child``; not for what a function we cannot
    see returned, ``foreign``)."""
    if value is None:
        return None
    return Taint(value.origin, boolean=value.boolean, opaque=True, foreign=value.foreign, child=not value.foreign)


def leaf(value: Value) -> Value:
    """A leaf of a traced tree, as ``jax.tree.map`` passes it to its function."""
    return None if value is None else Taint(value.origin, opaque=value.opaque, foreign=value.foreign)


# -- attribute and item access --------------------------------------------------------------
def attribute(value: Value) -> Value:
    """``x.attr`` of a traced value, ``attr`` not static metadata (see ``jaxapi.STATIC_ATTRIBUTES``)."""
    return None if value is None else Taint(value.origin, opaque=True, foreign=value.foreign)


opaque = attribute  # a traced value whose type we cannot see into


def item(base: Taint, keyed: bool) -> Taint:
    """``base[i]``; ``keyed``: a string key, so a field of a pytree rather than an array row."""
    return Taint(base.origin, boolean=base.boolean and not base.container,
                 opaque=base.opaque or keyed or base.container, foreign=base.foreign)


def array(value: Taint, boolean: bool = False) -> Taint:
    """An array computed from a traced value (``jnp.sum(x)``, ``static[i]`` with ``i`` traced)."""
    return Taint(value.origin, boolean=boolean)


def foreign(value: Taint) -> Taint:
    """What a function of another module returns when given a traced value."""
    return Taint(value.origin, opaque=True, foreign=True)


def method_result(value: Taint, obj: Taint) -> Taint:
    """``obj.method(...)``: of an array, an array; of something we cannot see into, who knows."""
    return Taint(value.origin, opaque=obj.opaque or obj.container, foreign=obj.foreign)


def reduction(value: Taint, obj: Value) -> Taint:
    """``x.any()`` / ``x.all()``."""
    return Taint(value.origin, opaque=obj is not None and obj.opaque)


def mapped_result(result: Value, tree: Taint) -> Value:
    """``jax.tree.map(f, tree)``: traced only if ``f`` returns something traced for traced leaves."""
    if result is None:
        return None
    return Taint(result.origin, opaque=True, foreign=result.foreign or tree.foreign)


# -- operators ------------------------------------------------------------------------------
def binary(left: Value, right: Value, bitwise: bool, add: bool = False, numeric: bool = False) -> Value:
    """``left <op> right``; ``bitwise``: ``&``, ``|``, ``^`` (masks stay masks, dicts merge).
    ``add`` (``+``) no longer decides anything: any operator of Python containers is a container.
    ``numeric``: an operator no Python container nor None supports (``-``, ``/``, ``//``, ``%``,
    ``**``, ``@``, shifts); on a child of a traced pytree (CHILDARITH: a leaf, a sub-tree or None)
    it either raises TypeError or gives a traced array, so the result is an array."""
    t = join(left, right)
    if t is None:
        return None
    traced = [x for x in (left, right) if x is not None]
    if numeric and not bitwise and any(x.child and not x.foreign for x in traced):
        return Taint(t.origin)
    if all(x.container for x in traced):
        # tuple + tuple, list * 2, set(d) - set(keys), d1 | d2: Python containers in, a Python
        # container out (or a TypeError); no operator of Python containers makes an array
        return Taint(t.origin, container=True, opaque=any(x.opaque for x in traced),
                     foreign=any(x.foreign for x in traced), mapping=bitwise and all(x.mapping for x in traced))
    boolean = bitwise and all(x.boolean for x in traced)
    return Taint(t.origin, boolean=boolean, opaque=all(x.opaque for x in traced),
                 foreign=all(x.foreign for x in traced))


def negation(value: Value) -> Value:
    """``not x``."""
    return None if value is None else Taint(value.origin, boolean=True, opaque=value.opaque or value.container)


def unary(value: Value, invert: bool) -> Value:
    """``-x``, ``+x``, ``~x`` (``invert``: a mask stays a mask). Like a binary operation, it keeps
    what its operand may be: ``-n`` of a Python int is an int, of an array an array (``opaque``,
    ``foreign``: ``-(-rows // chunk)`` of an ``eqx.filter_jit`` int parameter is a Python int)."""
    if value is None:
        return None
    if value.child and not value.foreign:  # CHILDARITH: `-leaf` is an array; `-()`, `-None` raise
        return Taint(value.origin, boolean=invert and value.boolean)
    return Taint(value.origin, boolean=invert and value.boolean, opaque=value.opaque, foreign=value.foreign)


def boolean_operation(left: Value, right: Value) -> Value:
    """``left and right`` / ``left or right``: Python tests the left operand first, so if we
    cannot tell what it is, it may short-circuit."""
    t = join(left, right)
    if t is None:
        return None
    traced = [x for x in (left, right) if x is not None]
    first = left if left is not None else right
    return Taint(t.origin, boolean=all(x.boolean for x in traced), opaque=first.opaque or first.container)


def membership(left: Value) -> Value:
    """``key in batch``: a dict lookup with a static key is static."""
    if left is None:
        return None
    return Taint(left.origin, boolean=True, opaque=left.foreign, foreign=left.foreign)


def comparison(operands: Iterable[Value]) -> Value:
    """``a < b < c`` of values, some traced: a mask (opaque if every traced operand is foreign:
    ``pytree_size(x) < 2`` may compare plain Python ints)."""
    traced = [x for x in operands if x is not None]
    if not traced:
        return None
    all_foreign = all(x.foreign for x in traced)
    return Taint(traced[0].origin, boolean=True, opaque=all_foreign, foreign=all_foreign)


# -- Python scalars passed to jitted functions ----------------------------------------------
WEAK_SCALARS = ("int", "float", "bool", "complex")  # kinds of Python scalar literals


def scalar_kind(expr: cst.BaseExpression, resolve: Callable[[cst.BaseExpression], str | None] | None = None) -> str | None:
    """A Python scalar literal's kind (weakly typed: one of ``WEAK_SCALARS``), or
    ``"strong <dtype>"`` for ``jnp.float32(0.5)``; None for anything else."""
    if resolve is not None and isinstance(expr, cst.Call) and len(expr.args) == 1:
        name = resolve(expr.func) or ""
        module, _, dtype = name.rpartition(".")
        if module in ("jax.numpy", "numpy") and dtype in jaxapi.SCALAR_DTYPES:
            return f"strong {dtype}"  # jnp.float32(0.5): a strongly typed scalar array
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        expr = expr.expression
    if isinstance(expr, cst.Integer):
        return "int"
    if isinstance(expr, cst.Float):
        return "float"
    if isinstance(expr, cst.Imaginary):
        return "complex"
    if isinstance(expr, cst.Name) and expr.value in ("True", "False"):
        return "bool"
    return None
