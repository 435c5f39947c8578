from __future__ import annotations

from jitguard.lint.analysis.project import CallSite
from jitguard.lint.diagnostics import Edit, Fix
from jitguard.lint.rules.base import Reporter, Rule, Scope


class UnhashableStaticArgument(Rule):
    code = "JG203"
    scope = Scope.PROJECT
    name = "unhashable-static-argument"
    summary = "A list, dict, set or array passed where the jitted function expects a static argument."
    jax_error = "ValueError: Non-hashable static arguments are not supported."
    fix_available = "yes"
    what = """
        Flags a call of a jitted function (in this file or another file of the checked tree)
        that passes an unhashable value at a static position: a list, dict or set literal or
        comprehension, `list(...)`/`dict(...)`/`set(...)`, a tuple holding one of those, an array
        from `np.array`/`jnp.zeros`/..., an instance of a mutable `@dataclass` of the same module,
        or a name bound to one of those in the same scope. A plain function of the same file that
        passes its parameter on, unchanged, to a static position (`def run(x, size): return
        resize(x, size)`) counts as the jitted function for that parameter.
        """
    why = """
        JAX looks static arguments up in its compile cache by hash, so they must be hashable; an
        unhashable one raises `ValueError` at the call. Pass a tuple, a frozenset or a frozen
        (hashable) config object — or, if the value is data, make the parameter traced.
        `jitguard check --fix` turns a list literal at a static position into a tuple.
        """
    example = """
        @partial(jax.jit, static_argnames=("sizes",))
        def split(x, sizes):
            return jnp.split(x, sizes)

        parts = split(jnp.arange(6.0), sizes=[2, 4])
        """
    use_instead = """
        @partial(jax.jit, static_argnames=("sizes",))
        def split(x, sizes):
            return jnp.split(x, sizes)

        parts = split(jnp.arange(6.0), sizes=(2, 4))
        """

    def check_project(self, sites: list[CallSite], ctx: Reporter) -> None:
        for site in sites:
            verdict = self._verdict(site)
            if verdict:
                message, help, replacement = verdict
                fix = None
                if replacement and site.arg.span is not None:
                    fix = Fix.safe(Edit(replacement, *site.arg.span), message="Pass a tuple")
                ctx.report(site, message, help, fix)

    def _verdict(self, site: CallSite):
        kind = site.arg.unhashable
        if not site.static or not kind:
            return None
        fix = "Pass a tuple (or frozenset, or a frozen dataclass) instead"
        if kind == "an array" or kind.startswith("an array"):
            fix = "Arrays are data: make the parameter traced (drop it from static_argnums/static_argnames)"
        if "dataclass" in kind:
            fix = "Make the class hashable: `@dataclass(frozen=True)`"
        replacement = site.arg.as_tuple  # a list literal: `--fix` makes it a tuple
        if replacement:
            fix = f"Pass a tuple: `{replacement}` (`jitguard check --fix` does it)"
        return (
            f"`{site.arg.text}` is {kind}, passed as static argument `{site.param}` of jitted `{site.function}`: "
            "static arguments must be hashable (JAX raises an error at the call)",
            fix,
            replacement,
        )
