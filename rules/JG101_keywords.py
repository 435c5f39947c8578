"""JG101 on the `**kwargs` of a jitted function: `jax.jit` traces every keyword the dict collects.

A keyword argument of a jitted function arrives as a tracer (its leaves do) whether the function
names the parameter or collects it with `**kwargs`; only `static_argnames` keeps one a Python
value, also a name no parameter has, which then applies to the keyword `**kwargs` collects. So
`opts["negate"]` and `opts.get("negate")` are traced unless `static_argnames` names `"negate"`
(or `functools.partial` binds it before the jit: a Python value the jit never sees).
"""

from functools import partial

import jax

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def signed(x, **opts):
    return -x if opts["negate"] else x  # expect: JG101


@jax.jit
def maybe_scaled(x, **opts):
    if opts.get("scale"):  # expect: JG101
        return x * opts["scale"]
    return x


@partial(jax.jit, static_argnames=("mode",))
def moded(x, **config):
    if config["mode"] == "abs" and config["clip"] > 0:  # expect: JG101
        return abs(x)
    return x


# --- must not be flagged ---------------------------------------------------------------------


@partial(jax.jit, static_argnames=("negate",))
def signed_static(x, **opts):
    return -x if opts["negate"] else x


@partial(jax.jit, static_argnames=("mode",))
def moded_static(x, **config):
    if config.get("mode", "abs") == "abs":
        return abs(x)
    return x


def signed_plain(x, **opts):
    return -x if opts["negate"] else x


signed_bound = jax.jit(partial(signed_plain, negate=True))  # partial binds a Python value


@jax.jit
def keyword_names(x, **opts):
    for _name in opts:  # the keys are the keywords' names: Python strings
        x = x + 1
    return -x if "negate" in opts else x


RAISES = [
    (lambda: signed(1.0, negate=True), "TracerBoolConversionError"),
    (lambda: maybe_scaled(1.0, scale=2.0), "TracerBoolConversionError"),
    (lambda: moded(1.0, mode="abs", clip=1.0), "TracerBoolConversionError"),
]

RUNS = [
    lambda: signed_static(1.0, negate=True),
    lambda: moded_static(-1.0, mode="abs"),
    lambda: moded_static(-1.0),
    lambda: keyword_names(1.0, negate=1.0),
    lambda: signed_bound(1.0),
]
