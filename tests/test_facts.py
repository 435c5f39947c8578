"""The typed facts (jitguard.lint.analysis.facts): what real files contribute round-trips through
the cache's JSON, is frozen, and a cache written with another facts schema is never misread."""

from __future__ import annotations

import dataclasses
import json
import textwrap
from pathlib import Path

import pytest

from jitguard.lint.analysis import facts as F
from jitguard.lint.cache import Cache
from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.engine import FileLinter, LintOptions, jitted_names
from jitguard.lint.runner import lint_files

DEFAULT = frozenset(all_codes()) - opt_in_codes()

TREE = {
    "pkg/__init__.py": "from .train import step\n",
    "pkg/helpers.py": """\
        def clip(x, lo):
            if x > lo:
                return x
            return lo


        def scale(x, k):
            return x * k
        """,
    "pkg/train.py": """\
        from functools import partial

        import jax
        import jax.numpy as jnp

        from pkg import helpers


        @partial(jax.jit, static_argnames=("sizes",))
        def step(x, sizes, lr=0.1):
            return helpers.scale(x, lr)


        def run(x, sizes):
            return step(x, sizes)


        clip_jit = jax.jit(helpers.clip, static_argnums=(1,))
        """,
    "pkg/main.py": """\
        import jax.numpy as jnp

        from pkg.train import step

        for n in range(3):
            step(jnp.ones(n), [1, 2], lr=1e-3)
            step(jnp.ones(n), (1,), lr=jnp.float32(2.0))
        """,
}


def write(root: Path) -> list[str]:
    paths = []
    for name, text in TREE.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
        paths.append(str(path))
    return sorted(paths)


def linted(tmp_path: Path) -> dict[str, F.FileFacts]:
    paths = write(tmp_path)
    jitted = frozenset(n for p in paths for n in jitted_names(Path(p).read_text()))
    options = LintOptions(DEFAULT, jitted=jitted, jit_modules=frozenset({"train"}), tree_packages=frozenset({"pkg"}))
    linter = FileLinter(options)
    out = {}
    for path in paths:
        module = Path(path).relative_to(tmp_path).with_suffix("").as_posix().replace("/", ".")
        result = linter.lint_path(path, module)
        assert not result.errors, result.errors
        if result.facts is not None:
            out[Path(path).name] = result.facts
    return out


def test_the_facts_of_real_files_round_trip_through_json(tmp_path: Path) -> None:
    found = linted(tmp_path)
    train, main = found["train.py"], found["main.py"]
    # every kind of fact is there, typed
    [step] = [d for d in train.defs if d.qualname == "pkg.train.step"]
    assert step.static == ("sizes",) and step.params[2] == F.ParamFact("lr", "positional", True)
    [wrapper] = train.wrappers
    assert wrapper.qualname == "pkg.train.run" and wrapper.calls[0].args == (F.Forward(None, 0, "x"), F.Forward(None, 1, "sizes"))
    remote = [o for o in train.outcalls if o.context is not None]
    assert remote and remote[0].context == F.RemoteJit("pkg.helpers.clip", "jax.jit", (1,))
    assert any(o.callee == "pkg.helpers.scale" and "0" in o.args for o in train.outcalls)
    assert {c.callee for c in main.calls} == {"pkg.train.step"}
    lists = [a for c in main.calls for a in c.args if a.as_tuple]
    assert lists and all(a.span is not None for a in lists)
    assert any(a.scalar == "strong float32" for c in main.calls for a in c.args)
    assert all(c.where is not None and c.line > 0 for c in main.calls)
    for facts in found.values():
        text = json.dumps(facts.to_json())
        assert F.FileFacts.from_json(json.loads(text)) == facts


def test_facts_are_frozen(tmp_path: Path) -> None:
    facts = linted(tmp_path)["main.py"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        facts.calls[0].args[0].text = "changed"  # type: ignore[misc]


def test_another_facts_schema_is_refused_and_the_file_linted_again(tmp_path: Path) -> None:
    facts = linted(tmp_path)["train.py"]
    data = facts.to_json()
    data["schema"] = F.FACTS_SCHEMA + 1
    with pytest.raises(ValueError):
        F.FileFacts.from_json(data)
    # through the cache: an entry whose facts have another schema is a miss, not a misread
    paths = write(tmp_path / "tree")
    options = LintOptions(DEFAULT)
    cache_dir = tmp_path / "cache"
    [res] = [r for r in lint_files(paths, options) if r.path.endswith("train.py")]
    cache = Cache(cache_dir, "key")
    cache.put(res.path, res, "digest")
    assert cache.get(res.path, "digest").facts == res.facts
    entry = next(iter(cache._entries.values()))
    assert cache.get(res.path, "digest").facts == res.facts  # (its facts kept as JSON text, decoded when read)
    facts = json.loads(entry[2])
    facts["schema"] = F.FACTS_SCHEMA + 1
    entry[2] = json.dumps(facts)
    assert cache.get(res.path, "digest") is None  # (the text no longer has the entry's fingerprint)


def test_seeds_round_trip() -> None:
    arg = F.TracedArg("x", "parameter of jitted `f`", False, "x", "f", opaque=True)
    seed = F.ParamSeed(arg, "f", "a.py")
    jit = F.JitSeed(F.RemoteJit("m.g", "jax.jit", (0,), ("n",), 1, ("k",), False), "b.py")
    assert F.decode_seed("0", json.loads(json.dumps(seed.to_json()))) == seed
    assert F.decode_seed(F.JIT_SEED_KEY, json.loads(json.dumps(jit.to_json()))) == jit


def test_repeated_methods_of_another_files_classes_round_trip() -> None:
    """A class whose methods jit (its file's facts) and the methods another file repeats on new
    instances of it (that file's outcall): both survive the cache's JSON."""
    out = F.OutCall("pkg.frames.Rotation", "direct", {}, None, (), (("transform", "in a loop in `direct`"),))
    facts = F.FileFacts(outcalls=(out,), jitting_classes=("Rotation",))
    assert F.FileFacts.from_json(json.loads(json.dumps(facts.to_json()))) == facts


RETURNS = """\
    from typing import NamedTuple

    import jax
    import jax.numpy as jnp
    import numpy as np


    class Output(NamedTuple):
        value: jax.Array
        steps: int


    def make_data(n=20):
        x = np.linspace(0.0, 1.0, n)
        return x, 3.0 * x + 0.5


    def solve(x):
        return Output(jnp.zeros(3) + x, 3)


    def not_tracer(x):
        return not isinstance(x, jax.core.Tracer)


    def either(flag):
        if flag:
            return 1
        return "one"
    """


def test_return_summaries_say_what_helpers_return(tmp_path: Path) -> None:
    """ReturnSummary: per position or field, the Python-level kind a helper returns (checked by
    running the helpers), a helper returning a type test of its parameter (TypeGuard), and no
    summary where the returns disagree; the facts round-trip through JSON."""
    import libcst as cst

    from jitguard.lint.analysis.callsem import return_summaries
    from jitguard.lint.analysis.imports import ImportTable
    from jitguard.lint.analysis.jitcontext import ModuleIndex

    source = textwrap.dedent(RETURNS)
    module = cst.parse_module(source)
    imports = ImportTable("m")
    imports.add_module(module)
    summaries = return_summaries(ModuleIndex(module, imports), "m")
    assert summaries["m.make_data"] == F.ReturnSummary("m.make_data", "tuple", (("0", "numpy"), ("1", "numpy")))
    assert summaries["m.solve"] == F.ReturnSummary("m.solve", "record", (("value", "jax"), ("steps", "scalar")), "Output")
    assert summaries["m.not_tracer"].guard == F.TypeGuard("x", True, False)
    assert "m.either" not in summaries
    facts = F.FileFacts(returns=tuple(summaries.values()))
    assert F.FileFacts.from_json(json.loads(json.dumps(facts.to_json()))) == facts
    jax = pytest.importorskip("jax")
    import numpy as np

    path = tmp_path / "returns_module.py"
    path.write_text(source)
    from tests.rule_examples import load_module

    real = load_module(path)
    assert all(isinstance(a, np.ndarray) for a in real.make_data())
    out = real.solve(1.0)
    assert isinstance(out.value, jax.Array) and type(out.steps) is int
    assert real.not_tracer(jax.numpy.ones(2)) and jax.jit(lambda x: jax.numpy.float32(real.not_tracer(x)))(1.0) == 0
