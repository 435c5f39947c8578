"""Issue 11, class 1 (values inside containers and objects), seventh session: OPDISPATCH, Python's
operators on instances of the analysed code's classes (docs/recall.md, 2026-12-06 seventh
session). Each case is written in shapes of our own: the lines marked ``# flag`` get the code and
nothing else is reported, and each program runs under JAX 0.10.2 as its oracle says. Then the JAX
facts the mechanism encodes, checked directly."""

from __future__ import annotations

import pytest


PRELUDE = """\
import jax
import jax.numpy as jnp


class Bag(dict):
    def heavy(self):
        out = []
        for key, weight in self.items():
            if weight > 1:  # FLAG_HEAVY
                out.append(key)
        return out

    def named(self):
        return [key for key in self if key != "skip"]


class Unit:
    def __init__(self, name):
        self.name = name

    def __rmul__(self, weight):
        return Bag({self.name: weight})


class Vec:
    def __init__(self, x):
        self.x = x

    def __add__(self, other):
        return Vec(self.x + other.x)

    def positive(self):
        if self.x > 0:  # FLAG_POSITIVE
            return self.x
        return -self.x

"""

# a base class whose loop runs the `step` of whatever instance it is called on
_INTEGRATOR_RUN = """
        class Integrator:
            def run(self, x, n):
                for _ in range(n): x = self.step(x)  # n steps, each by the instance's own `step`
                return x
"""

# a left operand whose forward dunder exists, and a right one with the reflected dunder only
_GAIN_AND_SIGNAL = """
        class Gain:
            def __init__(self, g):
                self.g = g

            def __mul__(self, other):
                return jnp.where(self.g > 0, self.g * other.level, 0.0)


        class Signal:
            def __init__(self, level):
                self.level = level

            def __rmul__(self, other):
                if other > 0:
                    return self.level * other
                return 0.0
"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- a tracer times an object: JAX's __mul__ gives NotImplemented, the object's __rmul__ runs;
    # it builds a dict subclass from the mapping, whose method reads the tracers from self.items()
    "reflected_tracer_times_object": ("JG101", """
        @jax.jit
        def heavy_count(w):
            return len((w * Unit("a")).heavy())


        def main():
            return heavy_count(jnp.float32(2.0))
        """, "TracerBoolConversionError"),
    # the same with a Python number: the weight is a Python float, the branch runs in Python
    "reflected_number_times_object": (None, """
        @jax.jit
        def heavy_count(w):
            return w * len((2.0 * Unit("a")).heavy())


        def main():
            return heavy_count(jnp.float32(2.0))
        """, None),
    # the keys of the dict subclass are static
    "dict_subclass_keys": (None, """
        @jax.jit
        def names(w):
            return w * len((w * Unit("a")).named())


        def main():
            return names(jnp.float32(2.0))
        """, None),
    # -- the left operand's __add__ runs with both operands; the method of what it returns reads
    # the traced field
    "forward_add_of_instances": ("JG101", """
        @jax.jit
        def total(x):
            return (Vec(x) + Vec(1.0)).positive()


        def main():
            return total(jnp.float32(2.0))
        """, "TracerBoolConversionError"),
    # built from Python numbers inside jit: the sum is a Python float
    "forward_add_of_static_instances": (None, """
        @jax.jit
        def total(x):
            return x * (Vec(1.0) + Vec(2.0)).positive()


        def main():
            return total(jnp.float32(2.0))
        """, None),
    # -- x @ op: JAX's __matmul__ gives NotImplemented, op.__rmatmul__ runs with the tracer
    "reflected_matmul": ("JG101", """
        class Projector:
            def __init__(self, m):
                self.m = m

            def __rmatmul__(self, other):
                if jnp.any(other < 0):  # flag
                    other = jnp.abs(other)
                return other @ self.m


        @jax.jit
        def project(x):
            return x @ Projector(jnp.eye(2))


        def main():
            return project(jnp.ones((3, 2)))
        """, "TracerBoolConversionError"),
    # -- the left instance's own __mul__ runs first: the right operand's __rmul__ never does
    "forward_before_reflected": (None, _GAIN_AND_SIGNAL + """


        @jax.jit
        def amplify(g):
            return Gain(g) * Signal(2.0)


        def main():
            return amplify(jnp.float32(2.0))
        """, None),
    # a parameter that may hold an instance of a class defining the forward dunder: not read as
    # a number, so the reflected dunder is not taken
    "forward_through_parameter": (None, _GAIN_AND_SIGNAL + """


        def apply(gain):
            return gain * Signal(2.0)


        @jax.jit
        def amplify(g):
            return apply(Gain(g))


        def main():
            return amplify(jnp.float32(2.0))
        """, None),
    # -- JG301 through a class hierarchy: the base's loop calls `self.step`, the subclass's
    # override jits a new function object at every call: one compile per iteration
    "base_loop_runs_override": ("JG301", _INTEGRATOR_RUN + """

        class Doubler(Integrator):
            def step(self, x):
                return jax.jit(lambda y: y * 2.0)(x)  # flag


        def main(n=2):
            return Doubler().run(jnp.ones(3), n)
        """, "GROWS"),
    # the override jits a module-level function: one function object, one compile
    "base_loop_runs_stable_override": (None, """
        def _double(y):
            return y * 2.0


        _double_jit = jax.jit(_double)

        """ + _INTEGRATOR_RUN + """

        class Doubler(Integrator):
            def step(self, x):
                return _double_jit(x)


        def main(n=2):
            return Doubler().run(jnp.ones(3), n)
        """, "BOUNDED"),
    # the subclass with the per-call jit is never run through the base's loop here
    "override_never_run_by_the_loop": (None, _INTEGRATOR_RUN + """
            def step(self, x):
                return x * 2.0


        class Doubler(Integrator):
            def step(self, x):
                return jax.jit(lambda y: y * 2.0)(x)


        def main(n=2):
            once = Doubler().step(jnp.ones(3))
            return Integrator().run(once, n)
        """, "BOUNDED"),
}


_PRELUDE_MARKS = {"reflected_tracer_times_object": "FLAG_HEAVY", "forward_add_of_instances": "FLAG_POSITIVE"}


def _prelude_for(name: str) -> str:
    """The prelude with the marker of the line this case's finding lands on made ``# flag``."""
    mark = _PRELUDE_MARKS.get(name)
    text = PRELUDE
    for m in ("FLAG_HEAVY", "FLAG_POSITIVE"):
        text = text.replace(f"# {m}", "# flag" if m == mark else "")
    return text.replace("  \n", "\n")


@pytest.mark.parametrize("name", sorted(CASES))
def test_marked_lines_are_flagged(tmp_path, name):
    from tests.mechanisms import assert_flags_marked_lines

    import textwrap

    source = _prelude_for(name) + textwrap.dedent(CASES[name][1])
    assert_flags_marked_lines(tmp_path, name, source, CASES[name][0] or "JG000")


@pytest.mark.parametrize("name", sorted(CASES))
def test_programs_behave_under_jax(name):
    from tests.mechanisms import assert_main_under_jax

    import textwrap

    source = _prelude_for(name) + textwrap.dedent(CASES[name][1])
    assert_main_under_jax(source, f"recallgaps_{name}", CASES[name][2])


def test_jax_arrays_give_notimplemented_to_objects_they_do_not_know():
    """A JAX array's (and a tracer's) forward dunder returns NotImplemented for a plain object, so
    Python runs the object's reflected dunder with the array as ``other``; a Python number does the
    same."""
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp

    class Probe:
        def __rmul__(self, other):
            return ("rmul", type(other))

        def __radd__(self, other):
            return ("radd", type(other))

        def __rmatmul__(self, other):
            return ("rmatmul", type(other))

    assert jnp.ones(2).__mul__(Probe()) is NotImplemented
    seen = []

    def f(x):
        seen.extend([x * Probe(), x + Probe(), x @ Probe(), 2.0 * Probe()])
        return x

    jax.jit(f)(jnp.ones(2))
    assert [s[0] for s in seen] == ["rmul", "radd", "rmatmul", "rmul"]
    assert all(issubclass(s[1], jax.core.Tracer) for s in seen[:3]) and seen[3][1] is float


def test_a_dict_subclass_built_from_a_mapping_holds_its_tracers():
    jax = pytest.importorskip("jax")

    class Sub(dict):
        def first(self):
            return next(iter(self.items()))[1]

    seen = []

    def f(c):
        seen.append(Sub(Sub({"a": c})).first())
        return c

    jax.jit(f)(1.0)
    assert isinstance(seen[0], jax.core.Tracer)


def test_a_left_instance_with_its_own_dunder_runs_it_first():
    """Python runs the left operand's forward dunder; the right operand's reflected one only when
    that returns NotImplemented (or a subclass on the right overrides it)."""

    class Left:
        def __mul__(self, other):
            return "left"

    class Right:
        def __rmul__(self, other):
            return "right"

    class SubLeft(Left):
        def __rmul__(self, other):
            return "sub"

    assert Left() * Right() == "left"
    assert 2 * Right() == "right"
    assert Left() * SubLeft() == "sub"


# -- JG302 across modules: a jitted method with static_argnums inherited from another module's class
BASE = """
    from functools import partial

    import jax


    class Scaler:
        @partial(jax.jit, static_argnums=(0, 2))
        def shifted(self, x, k, offset):
            return x * k + offset

        @partial(jax.jit, static_argnums=(0, 2))
        def scaled(self, x, k):
            return x * k
    """

APP = """
    import jax.numpy as jnp
    from PKG.base import Scaler


    class Shifted(Scaler):
        pass


    def per_step_scale(n):
        stepper, y = Shifted(), jnp.ones(3)
        for factor in range(n):
            y = stepper.scaled(y, factor)  # the finding
        return y


    def per_step_offset(n):
        stepper, y = Shifted(), jnp.ones(3)
        for shift in range(n):
            y = stepper.shifted(y, 2, shift)
        return y
    """


def _write_inherited(root, pkg: str) -> None:
    import textwrap

    folder = root / pkg
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in {"__init__.py": "", "base.py": BASE, "app.py": APP}.items():
        (folder / name).write_text(textwrap.dedent(text).lstrip().replace("PKG", pkg))


def test_an_inherited_jitted_method_of_another_module_with_a_changing_static_argument(tmp_path):
    import json
    import textwrap
    from pathlib import Path

    from tests.conftest import run_jitguard

    pkg = "rg_inherited"
    _write_inherited(tmp_path, pkg)
    proc = run_jitguard(tmp_path, "check", "--output-format", "json", "-j", "1", pkg, no_cache=True)
    assert proc.returncode in (0, 1), proc.stderr
    found = sorted((Path(f["path"]).name, f["line"], f["code"]) for f in json.loads(proc.stdout))
    line = next(i for i, text in enumerate(textwrap.dedent(APP).lstrip().splitlines(), 1) if "# the finding" in text)
    assert found == [("app.py", line, "JG302")]


def test_an_inherited_jitted_method_compiles_per_static_value():
    """The subclass instance runs the base's jitted method (Python's attribute lookup): each new
    static value compiles again; a changing traced argument does not."""
    pytest.importorskip("jax")
    import textwrap

    from tests.jaxrun import cold_compiles
    from tests.mechanisms import exec_program

    base = exec_program(textwrap.dedent(BASE), "rg_base")
    namespace = dict(base)
    exec(compile(textwrap.dedent(APP).replace("from PKG.base import Scaler\n", ""), "<rg_app>", "exec"), namespace)
    assert cold_compiles(namespace["per_step_scale"], 4) > cold_compiles(namespace["per_step_scale"], 2)
    assert cold_compiles(namespace["per_step_offset"], 4) == cold_compiles(namespace["per_step_offset"], 2)
