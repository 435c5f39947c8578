from __future__ import annotations

from jitguard.lint.rules._jitargs import jit_args
from jitguard.lint.rules.base import Rule, Scope


class StaticArgnumsOutOfRange(Rule):
    code = "JG201"
    scope = Scope.MODULE
    name = "argnums-out-of-range"
    summary = "`static_argnums`/`donate_argnums` names a position the function does not have."
    jax_error = "ValueError: Jitted function has static_argnums=(2,), but only accepts 2 positional arguments."
    what = """
        Flags a `static_argnums` or `donate_argnums` index that is past the function's positional
        parameters (counting them as JAX does: keyword-only parameters are not positional,
        negative indices count from the end, `*args` accepts any index), also for a JAX function
        jitted directly (`jax.jit(jnp.nonzero, static_argnums=1)`: `size` is keyword-only), whose
        parameters are read from the installed JAX's signatures.
        """
    why = """
        JAX rejects the `jax.jit(...)` call itself, so for a decorator the module fails at import
        time. Usually a parameter was removed or reordered, or a keyword-only parameter was
        meant: name it with `static_argnames` instead, which survives reordering.
        """
    example = """
        @partial(jax.jit, static_argnums=(2,))
        def scale(x, factor):
            return x * factor
        """
    use_instead = """
        @partial(jax.jit, static_argnames=("factor",))
        def scale(x, factor):
            return x * factor
        """

    def check_module(self, index, ctx) -> None:
        for args, _site in jit_args(index, library=True):
            for kind in ("static", "donate"):
                nums, node = args.nums(kind)
                n = len(args.positional)
                bad = [i for i in nums if (i >= n and not args.has_varargs) or i < -n]
                if bad and node is not None:
                    fn = args.display()
                    names = ", ".join(args.positional) or "none"
                    ctx.report(
                        node,
                        f"`{kind}_argnums={tuple(nums)!r}` but `{fn}` accepts {n} positional argument"
                        f"{'s' if n != 1 else ''} ({names}): JAX raises ValueError when jit is applied",
                        f"Use an index below {n}, or name the parameter: `{kind}_argnames=(\"...\",)`",
                    )
