from __future__ import annotations

from jitguard.lint.analysis.project import CallSite
from jitguard.lint.rules._sites import by_call, names, python_level, report_all, the_loop
from jitguard.lint.rules.base import Reporter, Rule, Scope


class LoopVaryingShape(Rule):
    code = "JG303"
    scope = Scope.PROJECT
    name = "loop-varying-shape"
    summary = "A jitted function is called in a loop with an argument whose shape changes each iteration."
    what = """
        Flags a call of a jitted function inside a loop whose argument's shape depends on the
        loop: a slice bounded by the loop variable (`x[:i]`, `x[i:j]`), an array created with a
        loop-dependent size (`jnp.zeros(n)`, `np.random.randn(n)`, `np.linspace(a, b, n)`: the
        parameter that sets the size, by position or keyword; arithmetic on such an array keeps
        its shape), a list grown in the loop and
        converted to an array, or an array grown by concatenating to itself
        (`x = jnp.concatenate([x, y])`). Helpers and generators of the module are followed: a
        helper whose result's shape is set by an argument that changes (`make_batch(n)` returning
        `np.ones((n, 3))`, per element of a returned tuple), and a generator whose batches change
        shape — the partial last batch of `yield data[start:end]` under `while start < n`,
        `end = min(start + k, n)`, or `data[i:i + k]` under `for i in range(0, len(data), k)`
        (the range bounds the start of a window, not its end) — are flagged, and so are a loop over a list of arrays of
        different shapes (a comprehension, or appends in a loop; also the list a plain function of
        the module returns from every `return`: `for x in recordings(n)`), sizes drawn at random
        (`np.random.randint`, `rng.integers`, also inside a helper; a choice among fixed buckets
        is bounded), and a boolean mask whose selection changes with the loop (`x[x > t]`,
        `np.nonzero(x > t)`), with what is sized by such a selection (`np.ones(len(idx))`, a
        comprehension over `idx` stacked into an array); an int index of such a selection or of a
        prefix (`x[x > t][0]`, `x[:i][-1]`) takes the varying axis away and is not flagged.
        `x[i:i + k]` with a fixed `k`, windows whose
        bounds move together under a test that bounds their end (`while end <= n`: the remainder
        is dropped), and anything passed through a padding or bucketing function, keep a fixed set
        of shapes and are not flagged; so do sizes rounded to a multiple or a power of two by hand
        (`-(-n // 8) * 8`, `1 << (n - 1).bit_length()`, or a helper of the module returning one),
        and the length of an array read inside a helper (`len(x)`, like `x.shape[0]`). The
        sub-series of each position in a season, aligned to end at the last element (`x[i + n % s
        :: s]` for `i in range(s)`, `n` the length of `x`), all hold `n // s` elements: not
        flagged. Arguments
        unpacked from a tuple (`energy(*graph)`, with `graph` a tuple literal or what a helper of
        the module returns, always a tuple of one length) are read element by element at the
        positions they fill; a `*args` of unknown length is not read.
        Through a helper that passes the value on to the jitted function (`def inference(frames):
        return model_apply(frames)`, called in a loop), the finding is on the helper's call of
        the jitted function, where JAX compiles, and its message names the loop's call of the
        helper ("the loop that calls `inference` at line 33"); one finding there names every
        such loop. `# noqa` on that line silences it for every caller. A second call of the
        same jitted function with the same arguments in the same iteration (a warm-up, then the
        timed call), nothing between them rebinding, changing or handing on what they read,
        finds the program the first call compiled: only the first call is flagged.
        """
    why = """
        XLA compiles one program per input shape. A shape that changes every iteration means a
        trace and a compile every iteration. Pad to a fixed size, or to a few bucket sizes
        (`jitguard.pad_to_bucket(x, axis, buckets)`), and pass the true length as an argument.
        """
    example = """
        @jax.jit
        def prefix_sum(x):
            return x.sum()


        def all_prefixes(x):
            return [prefix_sum(x[:i]) for i in range(1, x.shape[0] + 1)]
        """
    use_instead = """
        @jax.jit
        def prefix_sum(x, n):
            return jnp.where(jnp.arange(x.shape[0]) < n, x, 0).sum()


        def all_prefixes(x):
            return [prefix_sum(x, i) for i in range(1, x.shape[0] + 1)]


        sums = all_prefixes(jnp.arange(4.0))
        """

    def check_project(self, sites: list[CallSite], ctx: Reporter) -> None:
        findings = []
        for group in by_call(python_level(sites)):
            varying = [s for s in group if not s.static and s.arg.shape and s.call.in_loop]
            if not varying:
                continue
            site = varying[0]
            params = names(s.param for s in varying)
            plural = len(varying) > 1
            findings.append((
                site,
                f"argument{'s' if plural else ''} {params} of jitted `{site.function}` change{'' if plural else 's'} "
                f"shape with {the_loop(site)} ({names(s.arg.text for s in varying)}): one XLA compile per distinct shape",
                "Pad to a fixed size, or to a few buckets with `jitguard.pad_to_bucket(x, axis, buckets)` "
                "(e.g. powers of two: `jitguard.buckets.pow2(lo, hi)`), and pass the true length as a traced argument",
            ))
        report_all(ctx, findings)
