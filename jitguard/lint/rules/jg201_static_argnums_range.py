from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi
from jitguard.lint.analysis.jitcontext import TransformUse, keyword, literal_ints, positional_args
from jitguard.lint.rules._jitargs import jit_args
from jitguard.lint.rules.base import Rule, Scope


class StaticArgnumsOutOfRange(Rule):
    code = "JG201"
    scope = Scope.MODULE
    name = "argnums-out-of-range"
    summary = "`static_argnums`/`donate_argnums` names a position the function (or a call of a pmap/checkpoint) does not have."
    jax_error = "ValueError: Jitted function has static_argnums=(2,), but only accepts 2 positional arguments."
    what = """
        Flags a `static_argnums` or `donate_argnums` index that is past the function's positional
        parameters (counting them as JAX does: keyword-only parameters are not positional,
        negative indices count from the end, `*args` accepts any index), also for a JAX function
        jitted directly (`jax.jit(jnp.nonzero, static_argnums=1)`: `size` is keyword-only), whose
        parameters are read from the installed JAX's signatures. For `jax.pmap`
        (`static_broadcasted_argnums`) and `jax.checkpoint`/`jax.remat` (`static_argnums`), which
        take static arguments from the call's positional arguments only, it also flags a call
        that passes fewer positional arguments than a static index needs: the static argument
        passed by keyword (`g(x, b=1)`) or left at its default, also through a stack of
        decorators (`@partial(jax.jit, static_argnums=1)` over `@partial(jax.checkpoint,
        static_argnums=1)`, `g = jax.jit(jax.checkpoint(f, static_argnums=1), ...)`, or `jax.jit`
        of a def decorated with the checkpoint): jit hands the call's arguments on as they came, a
        keyword as a keyword, a default not filled in. `jax.jit` maps `static_argnums` to
        parameter names and accepts them by keyword; alone, it is not flagged there.
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
        self._positional_statics(index, ctx)
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

    def _positional_statics(self, index, ctx) -> None:
        """A call of a pmapped/checkpointed function of the module that passes fewer positional
        arguments than its static positions need: JAX reads them from ``args`` only, ValueError at
        the call (``jaxapi.POSITIONAL_STATICS``)."""
        # every use _transformed_callee can find is one of the module's jit_uses (the aliases'
        # too): without a pmap/checkpoint given options there, no call needs resolving
        # (a stack of decorators records only its outermost transform there: a checkpoint under a
        # jit is found through the decorators themselves)
        if not any((use.options is not None and use.qualname in jaxapi.POSITIONAL_STATICS)
                   or len(getattr(f.node, "decorators", ())) > 1 for f, use, _s in index.jit_uses):
            return
        for call, scope, _klass, _loops in index.calls:
            found = _transformed_callee(index, call, scope)
            if found is None or any(a.star for a in call.args):
                continue
            info, use = found
            nums = literal_ints(index.constant(keyword(use.options, jaxapi.POSITIONAL_STATICS[use.qualname])))
            n = len(positional_args(call))
            if not nums or max(nums) < n:
                continue
            kw = jaxapi.POSITIONAL_STATICS[use.qualname]
            positional = [p.name for p in info.positional][use.bound_positional:]
            names = [positional[i] for i in sorted(set(nums)) if 0 <= i < len(positional) and i >= n]
            passed = [name for name in names if any(a.keyword is not None and a.keyword.value == name for a in call.args)]
            how = (f"passes `{'`, `'.join(passed)}` by keyword" if passed
                   else f"passes {n} positional argument{'s' if n != 1 else ''}, none for position {max(nums)}")
            short = use.qualname.rsplit(".", 1)[-1]
            ctx.report(
                call,
                f"this call of `{info.display()}` (`{short}` with `{kw}={tuple(nums)!r}`) {how}, but `{short}` reads "
                "static arguments from the positional arguments only: JAX raises ValueError at the call",
                f"Pass {'`' + '`, `'.join(names) + '`' if names else 'the static arguments'} positionally, in "
                "parameter order",
            )


def _transformed_callee(index, call: cst.Call, scope):
    """(function, transform use) when ``call`` calls a plain function of the module through a
    transform of ``jaxapi.POSITIONAL_STATICS`` with options (``g = jax.pmap(f, ...)``, or its only
    decorator); else None."""
    resolved = index.resolve_function(call.func, scope)
    if resolved is None or resolved[0].is_method:
        return None
    info, use, _bound = resolved
    if use is None:
        if not isinstance(call.func, cst.Name):
            return None
        use = _stacked_positional_static(index, info, call, len(positional_args(call)))
    elif (use.qualname in jaxapi.JIT_TRANSFORMS and use.options is not None and isinstance(call.func, cst.Name)
          and not use.bound_positional and not use.bound_keywords
          and index.binding(call.func.value, scope) is use.options):  # (the name, as the call sees it, is that jit)
        # the jit's function a checkpoint (a call of one, or a def decorated with one)
        use = (_wrapped_positional_static(index, use.options, scope)
               or _stacked_positional_static(index, info, call, len(positional_args(call))) or use)
    if use is None or use.options is None or use.qualname not in jaxapi.POSITIONAL_STATICS:
        return None
    return info, use


def _wrapped_positional_static(index, transform: cst.Call, scope, depth: int = 3):
    """``g = jax.jit(jax.checkpoint(f, static_argnums=1), static_argnums=1)``: the transform of
    ``jaxapi.POSITIONAL_STATICS`` that the jit's function argument is (through other jits, which
    hand the call's arguments on as they came), as a use with its own options; else None."""
    first = next((a.value for a in transform.args if a.keyword is None and not a.star), None)
    if not isinstance(first, cst.Call) or depth == 0:
        return None
    name = index.transform_of(first.func, scope)
    if name in jaxapi.POSITIONAL_STATICS:
        return TransformUse(name, first)
    return _wrapped_positional_static(index, first, scope, depth - 1) if name in jaxapi.JIT_TRANSFORMS else None


def _stacked_positional_static(index, info, call: cst.Call, n: int):
    """The decorator of ``info`` of ``jaxapi.POSITIONAL_STATICS`` with a static index the call's
    ``n`` positional arguments do not reach, when every decorator is a transform that hands the
    call's arguments on as they came (jit, pjit, pmap, checkpoint: a keyword stays a keyword, a
    default is not filled in; JAX 0.10.2, ``rules/JG201.py``), so the call reaches it unchanged;
    else None (also the first such decorator when none fails)."""
    uses = index.decorator_transforms(info)
    if not uses or not all(u is not None and (u.qualname in jaxapi.JIT_TRANSFORMS or u.qualname in jaxapi.POSITIONAL_STATICS)
                           for u in uses):
        return None
    statics = [u for u in uses if u.options is not None and u.qualname in jaxapi.POSITIONAL_STATICS]
    failing = (u for u in statics if max(literal_ints(index.constant(keyword(u.options, jaxapi.POSITIONAL_STATICS[u.qualname]))) or [-1]) >= n)
    return next(failing, statics[0] if statics else None)
