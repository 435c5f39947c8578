from __future__ import annotations

import difflib

from jitguard.lint.rules._jitargs import jit_args
from jitguard.lint.rules.base import Rule, Scope


class UnknownArgnames(Rule):
    code = "JG202"
    scope = Scope.MODULE
    name = "unknown-argnames"
    summary = "`static_argnames`/`donate_argnames` lists a name that is not a parameter, or a positional-only one."
    jax_error = "ValueError: Jitted function has invalid argnames {'traning'} in static_argnames. Function does not take these args."
    what = """
        Flags an entry of `static_argnames` or `donate_argnames` that names no parameter of the
        jitted function (typically a typo or a renamed parameter), or a positional-only one
        (`def f(x, n, /)`): JAX binds names only to parameters that can be passed by name. JAX
        functions jitted directly (`jax.jit(jnp.nonzero, static_argnames=...)`) are checked
        against the installed JAX's signatures.
        """
    why = """
        JAX rejects the `jax.jit(...)` call, so for a decorator the module fails at import
        time. Before JAX checked this, the typo silently left the parameter traced. A
        positional-only parameter is made static by position: `static_argnums`.
        """
    example = """
        @partial(jax.jit, static_argnames=("traning",))
        def step(x, training=False):
            return x * 2 if training else x
        """
    use_instead = """
        @partial(jax.jit, static_argnames=("training",))
        def step(x, training=False):
            return x * 2 if training else x
        """

    def check_module(self, index, ctx) -> None:
        for args, _site in jit_args(index, library=True):
            for kind in ("static", "donate"):
                names, node = args.names(kind)
                posonly = [n for n in names if n in args.posonly]
                if posonly and node is not None:
                    where = [args.positional.index(n) for n in posonly if n in args.positional]
                    nums = f"`{kind}_argnums={tuple(where)!r}`" if where else f"`{kind}_argnums`"
                    ctx.report(
                        node,
                        f"`{kind}_argnames` names {', '.join(f'`{n}`' for n in posonly)}, positional-only in "
                        f"`{args.display()}`: JAX raises ValueError when jit is applied",
                        f"Name it by position: {nums}",
                    )
                    continue
                if args.has_varkw:
                    continue
                unknown = [n for n in names if n not in args.all_names]
                if unknown and node is not None:
                    close = difflib.get_close_matches(unknown[0], sorted(args.all_names), n=1)
                    hint = f"Did you mean `{close[0]}`? " if close else ""
                    ctx.report(
                        node,
                        f"`{kind}_argnames` names {', '.join(f'`{n}`' for n in unknown)}, not a parameter of "
                        f"`{args.display()}` ({', '.join(sorted(args.all_names)) or 'no parameters'}): "
                        "JAX raises ValueError when jit is applied",
                        f"{hint}Name an existing parameter, or drop the entry",
                    )
