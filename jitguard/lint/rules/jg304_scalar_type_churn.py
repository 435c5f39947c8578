from __future__ import annotations

from jitguard.lint.analysis.project import CallSite
from jitguard.lint.rules._sites import by_call, names, python_level
from jitguard.lint.rules.base import Reporter, Rule, Scope

_DESCRIBE = {
    "int": "a Python int (weak int32)",
    "float": "a Python float (weak float32)",
    "bool": "a Python bool",
    "complex": "a Python complex (weak complex64)",
}


class ScalarTypeChurn(Rule):
    code = "JG304"
    scope = Scope.PROJECT
    name = "scalar-type-churn"
    summary = "The same traced parameter gets Python scalars of different types at different call sites (opt-in)."
    default_enabled = False
    what = """
        Opt-in (select it with `--select JG304` or `extend-select = ["JG304"]`): the cost is
        bounded — one extra compile per scalar type, not one per step — so it is a one-off cost
        more often than a hazard (tests that call a function with `1` and with `jnp.int32(1)` on
        purpose). Flags call sites of a jitted function that pass Python scalar literals of different types
        at the same traced position — `f(x, 1)` here, `f(x, 1.0)` there, or `0.5` here and
        `jnp.float32(0.5)` there — across the checked tree, and calls in a loop over a literal
        list of mixed scalars (`for s in [1, 0.5]: f(x, s)`). When ints and floats mix, the int sites are flagged (`2` -> `2.0` keeps the value);
        otherwise the first call site sets the type. One finding per call, naming every
        argument; calls made inside traced code are part of their caller's trace and never flagged.
        Not flagged, by decision: a running value that starts as a Python scalar (or a weakly typed
        leaf, `jnp.full(n, -1)`) and is then fed back from the jitted function's strongly typed
        result (`total = 0.0`, then `total = step(total, x)` in a loop). Under JAX 0.10.2 that is
        exactly two compiles — one weak-typed, one strong — for 2, 5 or 50 steps, and one when
        the result stays weak (`total + 1.0`): a bounded one-off cost, not churn. Start such
        values typed (`np.float32(0.0)`, `jnp.full(n, -1, dtype=jnp.int32)`) to save the second
        compile.
        """
    why = """
        A Python `int` is traced as a weak-typed int32 and a Python `float` as a weak-typed
        float32: two different input types, so two compiles of the same function, and
        different numerics (integer arithmetic). A strongly typed scalar (`jnp.float32(0.5)`)
        is yet another input type than the weak-typed Python `0.5`. Use one type everywhere (`1.0`), or cast
        inside the function.
        """
    example = """
        @jax.jit
        def scale(x, factor):
            return x * factor


        a = scale(jnp.ones(3), 2)
        b = scale(jnp.ones(3), 2.5)
        """
    use_instead = """
        @jax.jit
        def scale(x, factor):
            return x * factor


        a = scale(jnp.ones(3), 2.0)
        b = scale(jnp.ones(3), 2.5)
        """

    def check_project(self, sites: list[CallSite], ctx: Reporter) -> None:
        verdicts = {id(site): (message, help) for site, message, help in self._verdicts(list(python_level(sites)))}
        for group in by_call(s for s in sites if id(s) in verdicts):
            message, help = verdicts[id(group[0])]
            if len(group) > 1:  # one finding per call, naming every argument
                message += f"; so {'do' if len(group) > 2 else 'does'} {names(s.param for s in group[1:])}"
            ctx.report(group[0], message, help)

    def _verdicts(self, sites: list[CallSite]):
        groups: dict[tuple[str, str], list[CallSite]] = {}
        for site in sites:
            if not site.static and site.arg.scalar:
                groups.setdefault((site.jitdef.qualname, site.param), []).append(site)
        out = [self._mixed_loop(site) for site in sites if not site.static and site.arg.loop_scalars]
        for (_fn, param), group in groups.items():
            group.sort(key=lambda s: (s.path, s.call.line, s.call.column))
            kinds = {s.arg.scalar for s in group}
            if len(kinds) < 2:
                continue
            # the type to converge on: float when only ints and floats mix (int -> float keeps the
            # value); otherwise what the first call site passes
            kind0 = "float" if kinds <= {"int", "float"} else group[0].arg.scalar
            first = next(s for s in group if s.arg.scalar == kind0)
            for site in group:
                kind = site.arg.scalar
                if kind == kind0:
                    continue
                out.append((
                    site,
                    f"`{param}` of jitted `{site.function}` gets {_describe(kind)} here but {_describe(kind0)} at "
                    f"{first.path}:{first.call.line}: two input types, two compiles",
                    f"Pass the same type at every call site (e.g. `{site.arg.text}` -> "
                    f"`{_convert(site.arg.text, kind0)}`), or cast inside the function",
                ))
        return out


    @staticmethod
    def _mixed_loop(site: CallSite):
        values = site.arg.loop_scalars
        kinds = {kind for _text, kind in values}
        kind0 = "float" if kinds <= {"int", "float"} else values[0][1]
        text, kind = next((t, k) for t, k in values if k != kind0)
        listed = " and ".join(_describe(k) for k in sorted(kinds, key=lambda k: k != kind0))
        return (
            site,
            f"`{site.param}` of jitted `{site.function}` gets {listed} from the loop over "
            f"`{site.arg.loop_values}`: {len(kinds)} input types, {len(kinds)} compiles",
            f"Write every value of the loop in one type (e.g. `{text}` -> `{_convert(text, kind0)}`), "
            "or cast inside the function",
        )


def _describe(kind: str) -> str:
    if kind.startswith("strong "):
        return f"a {kind.split()[1]} scalar array (strong type)"
    return _DESCRIBE[kind]


def _convert(text: str, kind: str) -> str:
    if kind.startswith("strong "):
        return f"jnp.{kind.split()[1]}({text})"
    if "(" in text and text.endswith(")"):
        text = text[text.index("(") + 1 : -1]  # jnp.float32(0.5) -> 0.5
    if kind == "float":
        try:
            float(text)
            return text if any(c in text for c in ".eEjn") else text + ".0"
        except ValueError:
            pass
    if kind == "float" and text in ("True", "False"):
        return "1.0" if text == "True" else "0.0"
    return f"{kind}({text})"
