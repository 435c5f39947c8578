from __future__ import annotations

from jitguard.lint.rules._jitargs import jit_args
from jitguard.lint.rules.base import Rule, Scope


class StaticAndDonated(Rule):
    code = "JG204"
    scope = Scope.MODULE
    name = "static-and-donated"
    summary = "A parameter is both static and donated."
    jax_error = "ValueError: static_argnames and donate_argnames cannot intersect."
    what = """
        Flags a parameter that `static_argnums`/`static_argnames` make static and
        `donate_argnums`/`donate_argnames` donate, directly or through the other form.
        """
    why = """
        Donation hands an argument's device buffer to the computation; a static argument is a
        Python value baked into the compiled program and has no buffer. JAX rejects the
        combination when jit is applied.
        """
    example = """
        @partial(jax.jit, static_argnums=(1,), donate_argnames=("state",))
        def update(x, state):
            return x + state
        """
    use_instead = """
        @partial(jax.jit, donate_argnames=("state",))
        def update(x, state):
            return x + state
        """

    def check_module(self, index, ctx) -> None:
        for args, site in jit_args(index):
            both = args.resolved("static") & args.resolved("donate")
            if both:
                node = args.names("donate")[1] or args.nums("donate")[1] or site
                names = ", ".join(f"`{n}`" for n in sorted(both))
                ctx.report(
                    node,
                    f"{names} of `{args.info.display()}` is both static and donated: JAX raises ValueError when jit is applied",
                    "Donate only traced array arguments; drop it from one of the two lists",
                )
