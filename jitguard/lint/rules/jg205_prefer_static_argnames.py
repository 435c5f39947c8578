from __future__ import annotations

from jitguard.lint.analysis.jitcontext import keyword
from jitguard.lint.diagnostics import Edit, Fix
from jitguard.lint.rules._jitargs import jit_args
from jitguard.lint.rules.base import Rule, Scope


class PreferStaticArgnames(Rule):
    code = "JG205"
    scope = Scope.MODULE
    name = "prefer-static-argnames"
    summary = "`static_argnums` where `static_argnames` would say the same by name (opt-in, with a fix)."
    default_enabled = False
    fix_available = "yes"
    what = """
        Opt-in (select it with `--select JG205` or `extend-select = ["JG205"]`). Flags
        `static_argnums=...` on a jitted function whose static positions are all named
        positional-or-keyword parameters, and offers the equivalent `static_argnames=(...)`.
        """
    why = """
        Positions break silently when a parameter is added or reordered (the wrong argument
        becomes static, or JAX raises at import). Names survive refactoring and read better at
        the definition. JAX treats both forms the same: it fills in one from the other.
        `jitguard check --select JG205 --fix` rewrites them.
        """
    example = """
        @partial(jax.jit, static_argnums=(1, 2))
        def tile(x, rows, cols):
            return jnp.tile(x, (rows, cols))
        """
    use_instead = """
        @partial(jax.jit, static_argnames=("rows", "cols"))
        def tile(x, rows, cols):
            return jnp.tile(x, (rows, cols))
        """

    def check_module(self, index, ctx) -> None:
        for args, _site in jit_args(index):
            options = args.use.options
            nums, node = args.nums("static")
            if node is None or not nums or keyword(options, "static_argnames") is not None:
                continue
            n = len(args.positional)
            if any(i >= n or i < -n for i in nums):
                continue  # JG201's business
            posonly = {p.value for p in (p.name for p in args.info.node.params.posonly_params)}
            names = [args.positional[i] for i in nums]
            if any(name in posonly for name in names):
                continue  # positional-only parameters cannot be named
            arg = next(a for a in options.args if a.keyword is not None and a.keyword.value == "static_argnums")
            tuple_text = "(" + ", ".join(f'"{name}"' for name in names) + ("," if len(names) == 1 else "") + ")"
            ctx.report(
                arg,
                f"`static_argnums` by position on `{args.info.display()}`: name them, `static_argnames={tuple_text}`",
                f"Use `static_argnames={tuple_text}` (`jitguard check --select JG205 --fix` does it)",
                fix=Fix.safe(Edit.replace(arg, f"static_argnames={tuple_text}"), message="Name the static arguments"),
            )
