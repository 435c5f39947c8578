"""The facts that cross a function or a file: one module, typed, each with its JSON form.

A file's analysis (``jitguard.lint.analysis.calls``, ``taint``, ``jitcontext``) produces these;
the project-wide rules (``jitguard.lint.analysis.project``) and the seeding of other files
(``jitguard.lint.analysis.crossmodule``) read them; worker processes pickle them and the cache
stores their JSON form. Every class is a frozen dataclass: what one file found is never
changed by another's analysis.

``FACTS_SCHEMA`` is the version of the JSON shape: bump it whenever a field is added, removed
or changes meaning. ``FileFacts.from_json`` refuses another version (``ValueError``), so a cache
written by another version is ignored, never misread.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

FACTS_SCHEMA = 13


@dataclass(frozen=True)
class ParamFact:
    """One parameter of a function, as other files see it."""

    name: str
    kind: str  # "positional", "vararg", "kwonly", "kwarg"
    has_default: bool = False

    def to_json(self) -> list:
        return [self.name, self.kind, self.has_default]

    @classmethod
    def from_json(cls, data: list) -> "ParamFact":
        name, kind, has_default = data
        return cls(str(name), str(kind), bool(has_default))


def _params(data) -> tuple[ParamFact, ...]:
    return tuple(ParamFact.from_json(p) for p in data)


@dataclass(frozen=True)
class JitDef:
    """A function compiled by jit/pmap (``@jax.jit``, ``g = jax.jit(f, ...)``, a jitted method), or
    a wrapper that passes some of its parameters on to one (``forwards`` set, see ``Wrapper``)."""

    qualname: str
    display: str
    params: tuple[ParamFact, ...]
    static: tuple[str, ...] = ()  # sorted parameter names JAX keeps static
    static_unknown: bool = False  # static_argnums given in a form we cannot read
    bound_self: bool = False  # jax.jit(self.method): self is bound, not an argument
    bound_positional: int = 0  # arguments bound by functools.partial
    is_method: bool = False
    transform: str = "jax.jit"
    python_static: bool = False  # equinox.filter_jit: every non-array value is static
    forwards: tuple[str, ...] | None = None  # a wrapper: the parameters it passes on
    path: str = ""  # the file that defines it (set by the project index)

    def positional(self) -> list[str]:
        return [p.name for p in self.params if p.kind == "positional"]

    def param_names(self) -> set[str]:
        return {p.name for p in self.params}

    def to_json(self) -> dict:
        out = {
            "qualname": self.qualname, "display": self.display, "params": [p.to_json() for p in self.params],
            "static": list(self.static), "static_unknown": self.static_unknown, "bound_self": self.bound_self,
            "bound_positional": self.bound_positional, "is_method": self.is_method, "transform": self.transform,
            "python_static": self.python_static,
        }
        if self.forwards is not None:
            out["forwards"] = list(self.forwards)
        if self.path:
            out["path"] = self.path
        return out

    @classmethod
    def from_json(cls, data: dict) -> "JitDef":
        forwards = data.get("forwards")
        return cls(
            data["qualname"], data["display"], _params(data["params"]), tuple(data["static"]),
            bool(data["static_unknown"]), bool(data["bound_self"]), int(data["bound_positional"]),
            bool(data["is_method"]), data["transform"], bool(data["python_static"]),
            tuple(forwards) if forwards is not None else None, data.get("path", ""),
        )


@dataclass(frozen=True)
class Forward:
    """One argument of a wrapper's call that is one of the wrapper's parameters, unchanged."""

    kw: str | None  # the keyword it is passed as, or None
    pos: int | None  # its position among the call's arguments, when positional
    param: str  # the wrapper's parameter

    def to_json(self) -> list:
        return [self.kw, self.pos, self.param]

    @classmethod
    def from_json(cls, data: list) -> "Forward":
        kw, pos, param = data
        return cls(kw, pos, param)


@dataclass(frozen=True)
class WrapperCall:
    """A call, in a wrapper's body, of a (possibly) jitted function."""

    callee: str
    bound: bool  # called as a bound method (self.step(...))
    args: tuple[Forward, ...]

    def to_json(self) -> dict:
        return {"callee": self.callee, "bound": self.bound, "args": [a.to_json() for a in self.args]}

    @classmethod
    def from_json(cls, data: dict) -> "WrapperCall":
        return cls(data["callee"], bool(data["bound"]), tuple(Forward.from_json(a) for a in data["args"]))


@dataclass(frozen=True)
class Wrapper:
    """A plain module-level function that passes some of its parameters, unchanged, straight to
    a jitted function (``def run(img, size): return resize(img, size)``)."""

    qualname: str
    display: str
    params: tuple[ParamFact, ...]
    calls: tuple[WrapperCall, ...]

    def to_json(self) -> dict:
        return {"qualname": self.qualname, "display": self.display, "params": [p.to_json() for p in self.params],
                "calls": [c.to_json() for c in self.calls]}

    @classmethod
    def from_json(cls, data: dict) -> "Wrapper":
        return cls(data["qualname"], data["display"], _params(data["params"]),
                   tuple(WrapperCall.from_json(c) for c in data["calls"]))


Span = tuple[int, int, int, int]  # start line, start column, end line, end column (1-based columns)


@dataclass(frozen=True)
class ArgFact:
    """One argument of a call site worth a second look, and what makes it so."""

    kw: str | None
    pos: int | None
    text: str  # the argument's source, shortened
    scalar: str | None = None  # a Python scalar literal: "int", "float", ...; or "strong float32"
    unhashable: str | None = None  # "a list", "a dict (`cfg`)", ...
    loop_scalars: tuple[tuple[str, str], ...] | None = None  # ((text, scalar kind), ...) of a literal loop
    loop_values: str | None = None  # the text of that literal collection
    fresh: str | None = None  # a new instance of this identity-hashed class each iteration
    varies: tuple[str, ...] | None = None  # the loop-carried names its value depends on
    py_number: bool = False  # surely a Python int/float (static under equinox.filter_jit)
    shape: bool = False  # its shape changes from one iteration to the next
    as_tuple: str | None = None  # a list literal, written as a tuple (the fix of JG203)
    span: Span | None = None  # where the argument is (filled in with the call's position)
    # a registered pytree built in the loop whose metadata field gets a Python number that changes
    # with it: "a new `M` whose metadata field `scale` gets `s`" (the loop names are in ``varies``)
    meta_varies: str | None = None

    def to_json(self) -> dict:
        out: dict[str, Any] = {"kw": self.kw, "pos": self.pos, "text": self.text}
        for name in ("scalar", "unhashable", "loop_values", "fresh", "as_tuple", "meta_varies"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        if self.loop_scalars is not None:
            out["loop_scalars"] = [list(p) for p in self.loop_scalars]
        if self.varies is not None:
            out["varies"] = list(self.varies)
        if self.py_number:
            out["py_number"] = True
        if self.shape:
            out["shape"] = True
        if self.span is not None:
            out["span"] = list(self.span)
        return out

    @classmethod
    def from_json(cls, data: dict) -> "ArgFact":
        loop_scalars = data.get("loop_scalars")
        varies = data.get("varies")
        span = data.get("span")
        return cls(
            data["kw"], data["pos"], data["text"], data.get("scalar"), data.get("unhashable"),
            tuple((str(t), str(k)) for t, k in loop_scalars) if loop_scalars is not None else None,
            data.get("loop_values"), data.get("fresh"), tuple(varies) if varies is not None else None,
            bool(data.get("py_number", False)), bool(data.get("shape", False)), data.get("as_tuple"),
            tuple(int(x) for x in span) if span is not None else None,  # type: ignore[arg-type]
            data.get("meta_varies"),
        )


@dataclass(frozen=True)
class Location:
    """Where a call is, and the codes its line's ``# noqa`` names."""

    line: int
    column: int
    end_line: int
    end_column: int
    noqa: tuple[str, ...] = ()

    def to_json(self) -> list:
        return [self.line, self.column, self.end_line, self.end_column, list(self.noqa)]

    @classmethod
    def from_json(cls, data: list) -> "Location":
        line, column, end_line, end_column, noqa = data
        return cls(int(line), int(column), int(end_line), int(end_column), tuple(noqa))


@dataclass(frozen=True)
class CallFact:
    """A call to a function of user code that may reach a jitted function, with its arguments
    worth a second look."""

    callee: str  # qualified name, as this file sees it
    bound: bool  # called as a bound method (self.step(...))
    in_loop: bool
    args: tuple[ArgFact, ...]
    where: Location | None = None  # None until the engine located the call
    # made from traced code (inside a jitted/vmapped/... function): part of the caller's trace,
    # so it compiles nothing of its own and cannot churn
    traced: bool = False
    # the wrapper (qualname) whose body makes this call, passing its parameters on: where JAX
    # compiles for the calls of that wrapper (the churn rules report there)
    wrapper: str | None = None
    # not traced here, but every run of the function that makes it is under a trace when this holds
    # across the tree: (qualified classes whose __call__ / private functions "mod._f()" whose calls
    # run only under a trace, attribute names no other module may read); undertrace.trace_condition,
    # decided by undertrace_project.traced_sites
    under: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    # the same call (callee and arguments, nothing they read touched between) ran earlier in the same
    # iteration and filled JAX's cache for it: it compiles nothing new (samecall; schema 13)
    repeat: bool = False

    @property
    def line(self) -> int:
        return self.where.line if self.where is not None else 0

    @property
    def column(self) -> int:
        return self.where.column if self.where is not None else 0

    @property
    def end_line(self) -> int:
        return self.where.end_line if self.where is not None else 0

    @property
    def end_column(self) -> int:
        return self.where.end_column if self.where is not None else 0

    @property
    def noqa(self) -> tuple[str, ...]:
        return self.where.noqa if self.where is not None else ()

    def to_json(self) -> dict:
        return {"callee": self.callee, "bound": self.bound, "in_loop": self.in_loop, "traced": self.traced,
                "args": [a.to_json() for a in self.args],
                "where": self.where.to_json() if self.where is not None else None, "wrapper": self.wrapper,
                "under": [list(u) for u in self.under] if self.under is not None else None,
                **({"repeat": True} if self.repeat else {})}

    @classmethod
    def from_json(cls, data: dict) -> "CallFact":
        where = data.get("where")
        under = data.get("under")
        return cls(data["callee"], bool(data["bound"]), bool(data["in_loop"]),
                   tuple(ArgFact.from_json(a) for a in data["args"]),
                   Location.from_json(where) if where is not None else None, bool(data.get("traced", False)),
                   data.get("wrapper"), tuple(tuple(str(x) for x in u) for u in under) if under is not None else None,
                   bool(data.get("repeat", False)))


@dataclass(frozen=True)
class TracedArg:
    """A traced value passed from traced code to a function of another file (one argument)."""

    name: str  # the local name of the value at the call
    why: str  # why it is traced (the Origin's sentence)
    flaglike: bool  # it comes from a parameter that looks like a Python flag
    root: str  # the jitted function's parameter behind it
    root_fn: str  # that jitted function's display name ("" if unknown)
    opaque: bool = False
    boolean: bool = False

    def to_json(self) -> list:
        return [self.name, self.why, self.flaglike, self.root, self.root_fn, self.opaque, self.boolean]

    @classmethod
    def from_json(cls, data: list) -> "TracedArg":
        name, why, flaglike, root, root_fn, opaque, boolean = data
        return cls(name, why, bool(flaglike), root, root_fn, bool(opaque), bool(boolean))


@dataclass(frozen=True)
class RemoteJit:
    """``jax.jit(other_module.f, static_argnums=...)``: a transform applied here to a function
    another file defines."""

    callee: str  # the function's qualified name
    transform: str  # e.g. "jax.jit"
    static_nums: tuple[int, ...] = ()
    static_names: tuple[str, ...] = ()
    bound_positional: int = 0
    bound_keywords: tuple[str, ...] = ()
    filtered: bool = False  # equinox.filter_jit and the like

    def to_json(self) -> dict:
        return {"callee": self.callee, "transform": self.transform, "static_nums": list(self.static_nums),
                "static_names": list(self.static_names), "bound_positional": self.bound_positional,
                "bound_keywords": list(self.bound_keywords), "filtered": self.filtered}

    @classmethod
    def from_json(cls, data: dict) -> "RemoteJit":
        return cls(data["callee"], data["transform"], tuple(int(n) for n in data["static_nums"]),
                   tuple(data["static_names"]), int(data["bound_positional"]), tuple(data["bound_keywords"]),
                   bool(data["filtered"]))


@dataclass(frozen=True)
class OutCall:
    """A call from traced code of one file into a function of another: the arguments that carry
    traced values (by position "0", "1", ... or keyword), or the remote transform (``context``)."""

    callee: str
    caller: str  # display name of the calling function ("" for a remote transform)
    args: Mapping[str, TracedArg] = field(default_factory=dict)
    context: RemoteJit | None = None
    # what each such call passes, for the literals a parameter holds in every trace (CALLS_SEED_KEY):
    # (the positional arguments' literal code or None, (keyword, code or None) pairs, starred)
    shapes: tuple = ()
    # ``callee`` a class of another file whose methods this call's function runs again and again on
    # a new instance (shapes.imported_repeats): (method, why) pairs (REPEATED_SEED_KEY; schema 11)
    repeats: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict:
        out: dict[str, Any] = {"callee": self.callee, "caller": self.caller,
                               "args": {k: v.to_json() for k, v in self.args.items()}}
        if self.context is not None:
            out["context"] = self.context.to_json()
        if self.shapes:
            out["shapes"] = [call_shape_json(shape) for shape in self.shapes]
        if self.repeats:
            out["repeats"] = [list(pair) for pair in self.repeats]
        return out

    @classmethod
    def from_json(cls, data: dict) -> "OutCall":
        context = data.get("context")
        return cls(data["callee"], data["caller"], {k: TracedArg.from_json(v) for k, v in data["args"].items()},
                   RemoteJit.from_json(context) if context is not None else None,
                   tuple(call_shape_from_json(s) for s in data.get("shapes", ())),
                   tuple((str(m), str(w)) for m, w in data.get("repeats", ())))


def call_shape_json(shape: tuple) -> list:
    positional, keywords, starred = shape
    return [list(positional), [list(kw) for kw in keywords], starred]


def call_shape_from_json(data: list) -> tuple:
    positional, keywords, starred = data
    return tuple(positional), tuple((k, v) for k, v in keywords), bool(starred)


@dataclass(frozen=True)
class ParamSeed:
    """A parameter of a function of this file that another file's traced code passes a traced
    value to."""

    arg: TracedArg
    caller: str
    caller_path: str

    def to_json(self) -> dict:
        return {"arg": self.arg.to_json(), "caller": self.caller, "caller_path": self.caller_path}

    @classmethod
    def from_json(cls, data: dict) -> "ParamSeed":
        return cls(TracedArg.from_json(data["arg"]), data["caller"], data["caller_path"])


@dataclass(frozen=True)
class JitSeed:
    """A function of this file that another file jits (``jax.jit(this_module.f)``)."""

    context: RemoteJit
    caller_path: str

    def to_json(self) -> dict:
        return {"context": self.context.to_json(), "caller_path": self.caller_path}

    @classmethod
    def from_json(cls, data: dict) -> "JitSeed":
        return cls(RemoteJit.from_json(data["context"]), data["caller_path"])


# The seeds of one function, as the runner keeps them (JSON: it hashes them into the cache key):
# {"*": JitSeed JSON, "0" / "name": ParamSeed JSON, ...}
JIT_SEED_KEY = "*"
# Under this key (never a function's name), the seeds of a file name the wrappers of other files
# it may call: {WRAPPER_SEED_KEY: {wrapper name: True, ...}} (crossmodule.wrapper_callers). The
# file's calls of these names are recorded like calls of jitted names; the file that defines a
# possible wrapper (FileFacts.maybe_wrappers) gets its own names, and is then read with libcst.
WRAPPER_SEED_KEY = "<wrappers>"
# Under this key of a function's seeds (never a parameter's name): the shapes of the calls other
# files' traced code makes of it (OutCall.shapes, as JSON: each argument a literal's code,
# NOT_NONE or None), for what its parameters hold in every such trace (callnone.shape_values)
CALLS_SEED_KEY = "<calls>"
# In a call's shape, the code of an argument that is an array module (``xp=jnp``): this prefix and
# the module's qualified name (moduledefaults.ARRAY_MODULES); read as NOT_NONE for the literals
MODULE_CODE = "<module>"
# Under this key of a file's seeds (never a function's name): the methods of its classes that other
# files run again and again on new instances, {"Class.method": why, ...} (OutCall.repeats)
REPEATED_SEED_KEY = "<repeated>"


def decode_seed(key: str, data: dict) -> ParamSeed | JitSeed:
    return JitSeed.from_json(data) if key == JIT_SEED_KEY else ParamSeed.from_json(data)


# What a value is at Python level, as a helper's return summary says it (ReturnSummary.kind):
VALUE_KINDS = ("numpy", "jax", "scalar", "str", "none", "list", "dict", "tuple", "record", "callable")


@dataclass(frozen=True)
class TypeGuard:
    """A function whose body returns a type test of one of its parameters
    (``return not isinstance(x, Tracer)``): what a True / False result says of that parameter."""

    param: str
    true_not_traced: bool  # when the function returns True, the argument is no tracer
    false_not_traced: bool  # when it returns False, the argument is no tracer

    def to_json(self) -> list:
        return [self.param, self.true_not_traced, self.false_not_traced]

    @classmethod
    def from_json(cls, data: list) -> "TypeGuard":
        param, true_not, false_not = data
        return cls(str(param), bool(true_not), bool(false_not))


@dataclass(frozen=True)
class ReturnSummary:
    """What a module-level function returns, whatever it is given (its Python-level kind, per
    field): ``make_data()`` returns ``("numpy", "numpy")``, ``solve()`` a NamedTuple ``Output`` of
    ``jax`` arrays. ``kind`` is one of ``VALUE_KINDS`` or "unknown"; ``fields`` (for "tuple": by
    position "0", "1", ...; for "record": by field name) holds each part's kind. Computed by
    ``jitguard.lint.analysis.callsem.return_summaries``."""

    qualname: str
    kind: str
    fields: tuple[tuple[str, str], ...] = ()
    record: str | None = None  # the NamedTuple/dataclass's name, for kind "record"
    guard: TypeGuard | None = None

    def field_kind(self, name: str) -> str:
        return next((k for f, k in self.fields if f == name), "unknown")

    def to_json(self) -> dict:
        out: dict[str, Any] = {"qualname": self.qualname, "kind": self.kind}
        if self.fields:
            out["fields"] = [list(f) for f in self.fields]
        if self.record is not None:
            out["record"] = self.record
        if self.guard is not None:
            out["guard"] = self.guard.to_json()
        return out

    @classmethod
    def from_json(cls, data: dict) -> "ReturnSummary":
        guard = data.get("guard")
        return cls(data["qualname"], data["kind"], tuple((str(f), str(k)) for f, k in data.get("fields", ())),
                   data.get("record"), TypeGuard.from_json(guard) if guard is not None else None)


def _strings(mapping: dict) -> dict[str, str]:
    """A copy of a {str: str} table read from the cache, or ValueError (a damaged entry): checked by
    type in C (``FileFacts.from_json`` runs for every cached file of a warm run; a re-exports table
    holds a file's every import)."""
    if not isinstance(mapping, dict) or not set(map(type, mapping)) | set(map(type, mapping.values())) <= {str}:
        raise ValueError("a re-exports table that is not {str: str}")
    return dict(mapping)


@dataclass(frozen=True)
class FileFacts:
    """What one file contributes to the project-wide analysis."""

    outcalls: tuple[OutCall, ...] = ()
    defs: tuple[JitDef, ...] = ()
    wrappers: tuple[Wrapper, ...] = ()
    calls: tuple[CallFact, ...] = ()
    # pkg.mod.f -> where f comes from, for every name this file imports (re-exports)
    reexports: Mapping[str, str] = field(default_factory=dict)
    # what this file's module-level functions return (those with a known kind or a type guard)
    returns: tuple[ReturnSummary, ...] = ()
    # how this file uses the instances of the classes it names, and the JG301 findings that rest on
    # such a class's __call__ (jitguard.lint.analysis.undertrace); its functions whose every return
    # is a fixed collection ("fixed_returns", schema 10); None: not read with libcst
    trace_calls: Mapping | None = None
    # module-level functions that may pass a parameter on to a jitted name (a wrapper), in a file
    # not read with libcst (calls.may_record_calls): read once another file may call one of them
    maybe_wrappers: tuple[str, ...] = ()
    # classes with a method (not ``__init__``) that applies jax.jit: a file that imports one and
    # calls its methods in a loop is read with libcst (crossmodule.wrapper_callers), its
    # ``OutCall.repeats`` then tell this file which methods run again and again (schema 11)
    jitting_classes: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {
            "schema": FACTS_SCHEMA,
            "outcalls": [o.to_json() for o in self.outcalls],
            "defs": [d.to_json() for d in self.defs],
            "wrappers": [w.to_json() for w in self.wrappers],
            "calls": [c.to_json() for c in self.calls],
            "reexports": dict(self.reexports),
            "returns": [r.to_json() for r in self.returns],
            "trace_calls": self.trace_calls,
            "maybe_wrappers": list(self.maybe_wrappers),
            "jitting_classes": list(self.jitting_classes),
        }

    @classmethod
    def from_json(cls, data: dict) -> "FileFacts":
        if data.get("schema") != FACTS_SCHEMA:
            raise ValueError(f"facts schema {data.get('schema')!r}, not {FACTS_SCHEMA}")
        return cls(
            tuple(OutCall.from_json(o) for o in data["outcalls"]),
            tuple(JitDef.from_json(d) for d in data["defs"]),
            tuple(Wrapper.from_json(w) for w in data["wrappers"]),
            tuple(CallFact.from_json(c) for c in data["calls"]),
            _strings(data["reexports"]),
            tuple(ReturnSummary.from_json(r) for r in data.get("returns", ())),
            data.get("trace_calls"),
            tuple(str(n) for n in data.get("maybe_wrappers", ())),
            tuple(str(n) for n in data.get("jitting_classes", ())),
        )


__all__ = [
    "FACTS_SCHEMA", "ArgFact", "CallFact", "FileFacts", "Forward", "JitDef", "JitSeed", "Location", "OutCall",
    "ParamFact", "ParamSeed", "RemoteJit", "REPEATED_SEED_KEY", "ReturnSummary", "TracedArg", "TypeGuard", "VALUE_KINDS", "WRAPPER_SEED_KEY",
    "Wrapper", "WrapperCall", "decode_seed",
]
