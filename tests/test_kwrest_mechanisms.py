"""KWREST: the value of a traced function's ``**kwargs`` (issues 10 and 11).

Facts (JAX 0.10.2, CPU; each code below is also run under JAX here):

* ``jax.jit`` traces every keyword argument ``static_argnames`` does not name, also those a
  ``**config`` parameter collects: ``config`` is a Python dict (its keys, ``len``, ``in`` are
  static), its values are tracers, except under the keys ``static_argnames`` names, which hold the
  caller's Python values;
* the per-key kinds survive ``helper(x, **config)`` (a helper's named parameters are bound by
  key), ``.get``, ``[]``, ``.pop``, ``.copy()``, ``dict(config)`` and ``{**config, ...}``;
* a key no call passes is absent: ``config.get("k", d)`` gives ``d``. As for a defaulted
  parameter, that is what the linter assumes only when every call is in sight (a private
  decorated function, or ``jax.jit(f)`` called in the same function); for a public one any
  keyword may come, a tracer (a latent error as soon as a caller passes it).

The value model (``lattice.REST``, ``lattice.keyed``, ``lattice.spread``, ``TraceState.keywords``,
``walker._open_kwargs``, ``callsem._map_known_keywords``) holds these; no rule knows of them.
"""

from __future__ import annotations

import pytest

from jitguard.lint.analysis import lattice
from jitguard.lint.analysis.lattice import REST, Origin, Taint
from tests.test_fresh2_mechanisms import _exec, _expected, _lint

# -- the lattice: open records ------------------------------------------------------------------

_O = Origin("config", "parameter of jitted `f`, not in static_argnames")
_T = Taint(_O)


def test_an_open_record_gives_its_rest_for_keys_it_does_not_list():
    kwargs = lattice.open_record({"mode": None}, Taint(Origin("config", "w", collects=True)), _O)
    assert lattice.keyed(kwargs, "mode") == (True, None)
    known, value = lattice.keyed(kwargs, "lr")
    assert known and value is not None and value.origin.name == "lr" and value.origin.keyword == "config"
    assert lattice.field(kwargs, "lr") == (False, None)  # an attribute is no key


def test_a_closed_record_does_not_answer_for_keys_it_lacks():
    closed = lattice.record({"a": _T}, mapping=True)
    assert lattice.keyed(closed, "b") == (False, None)


def test_spread_overrides_in_order_and_an_open_part_may_override_any_key():
    assert dict(lattice.spread([(("a", _T),), (("a", None),)])) == {"a": None}
    opened = dict(lattice.spread([(("a", None),), ((REST, _T),), (("b", None),)]))
    assert opened == {"a": _T, "b": None, REST: _T}
    assert dict(lattice.spread([((REST, None),), (("k", _T),)])) == {"k": _T, REST: None}
    assert lattice.spread([(("a", _T),), None]) is None  # a part whose keys are not known


def test_open_records_meeting_join_key_by_key():
    a = (("mode", None), (REST, _T))
    b = (("lr", _T), ("mode", None))
    joined = dict(lattice.join_fields(a, b))
    assert joined == {"lr": _T, "mode": None, REST: _T}
    assert dict(lattice.join_fields((("mode", None), (REST, None)), (("mode", _T), (REST, None)))) == \
        {"mode": _T, REST: None}


# -- the linter on code that runs under JAX ------------------------------------------------------

FLAGGED = '''
    from functools import partial

    import jax
    import jax.numpy as jnp


    @jax.jit
    def h(x, **config):
        mode = config.get("mode")
        if mode:  # expect JG101
            return x + 1
        return x


    @jax.jit
    def g(x, **config):
        return jnp.zeros(config["n"]) + x  # expect JG105


    def helper(x, debug=False, **rest):
        if debug:  # expect JG101
            return x * 2
        return x


    @partial(jax.jit, static_argnames=("mode",))
    def spread(x, **config):
        return helper(x, **config)


    @jax.jit
    def public(x, **config):
        if config.get("verbose", False):  # expect JG101
            return x - 1
        return x
'''

LEGAL = '''
    from functools import partial

    import jax
    import jax.numpy as jnp

    DEFAULTS = {"mode": "fast"}


    @partial(jax.jit, static_argnames=("mode", "n"))
    def static_keys(x, **config):
        if config.get("mode") == "fast":
            x = x + 1
        return x + jnp.zeros(config["n"])


    def helper(x, debug=False, **rest):
        if debug:
            return x * 2
        return x


    @jax.jit
    def popped(x, **config):
        config.pop("debug", None)
        return helper(x, **config)


    @partial(jax.jit, static_argnames=("mode",))
    def merged(x, **config):
        settings = {**DEFAULTS, **config}
        copied = dict(settings).copy()
        if copied["mode"] == "fast":
            x = x + 1
        return x + settings.get("shift", 0.0)


    @jax.jit
    def _private(x, **config):
        if config.get("verbose", False):
            x = x - 1
        return x * config["scale"]


    def run(x):
        return _private(x, scale=2.0)


    def local(x):
        step = jax.jit(lambda y, **kw: y + (1.0 if kw.get("flag") else 0.0))
        return step(x)
'''


def test_traced_keywords_are_reported():
    assert _lint_text("flagged", FLAGGED) == _expected("flagged", FLAGGED)


def test_static_absent_and_popped_keywords_are_not():
    assert _lint_text("legal", LEGAL) == []


def test_the_message_names_the_keyword_and_the_fix_marks_it_static(tmp_path):
    from jitguard.lint.codes import all_codes, opt_in_codes
    from jitguard.lint.engine import LintOptions
    from jitguard.lint.runner import lint_files
    import textwrap

    path = tmp_path / "h.py"
    path.write_text(textwrap.dedent(FLAGGED))
    [result] = lint_files([str(path)], LintOptions(frozenset(all_codes()) - opt_in_codes()))
    first = min(result.findings, key=lambda f: f.line)
    assert "`mode` is traced (collected by `**config`" in first.message
    assert 'static_argnames=("mode",)' in (first.help or "")


def _lint_text(name, text):
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as d:
        return _lint(Path(d), **{name: text})


def test_the_codes_behave_under_jax_as_claimed():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    bad, good = _exec(FLAGGED), _exec(LEGAL)
    x = jnp.ones(3)
    with pytest.raises(jax.errors.TracerBoolConversionError):
        bad["h"](x, mode=1)
    assert float(bad["h"](x)[0]) == 1.0  # no `mode`: .get gives None, a Python value
    with pytest.raises(TypeError):
        bad["g"](x, n=3)
    with pytest.raises(jax.errors.TracerBoolConversionError):
        bad["spread"](x, mode="a", debug=True)
    with pytest.raises(jax.errors.TracerBoolConversionError):
        bad["public"](x, verbose=True)
    assert good["static_keys"](x, mode="fast", n=3).shape == (3,)
    assert float(good["popped"](x, debug=True)[0]) == 1.0
    assert float(good["merged"](x, shift=jnp.float32(1.0))[0]) == 3.0
    assert float(good["run"](x)[0]) == 2.0
    assert float(good["local"](x)[0]) == 1.0
