from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi, jaxsig
from jitguard.lint.analysis.jitcontext import arguments_at, keyword, literal_ints, literal_strs, positional_args
from jitguard.lint.analysis.taint import Context
from jitguard.lint.rules._jitargs import Signature, library_function
from jitguard.lint.rules.base import Rule, Scope

_SHAPE_FIX = (
    "Shapes must be static under jit: build the array at a static size (e.g. `x.shape[0]` or a "
    "static argument) and mask the rest with `jnp.where(jnp.arange(size) < n, x, 0)`; or mark the size "
    "static"
)


class ValueDependentShape(Rule):
    code = "JG105"
    scope = Scope.TRACED
    name = "value-dependent-shape"
    summary = "An array shape that depends on traced values (boolean masks, `nonzero` without `size=`, traced sizes and slice bounds)."
    jax_error = "NonConcreteBooleanIndexError / ConcretizationTypeError"
    what = """
        Flags operations whose output shape would depend on the values of traced arrays:
        boolean-mask indexing `x[x > 0]` (and `x.at[mask]`; also `x[mask]` with `mask` a parameter
        at which every call of the jit in sight passes a boolean array), `jnp.nonzero`/`argwhere`/
        `flatnonzero`/`unique`/one-argument `jnp.where` without `size=`, `jnp.roots` without
        `strip_zeros=False` (it drops the traced coefficients' leading zeros), a sparse matrix made
        from a traced dense one (`sparse.BCOO.fromdense`, `bcoo_fromdense`, `BCSR.fromdense`,
        `bcsr_fromdense`) without `nse=` or with a traced `nse` (the number of stored elements sizes
        its buffers), `jnp.zeros(n)`/
        `jnp.arange(n)`/`reshape`/`jax.random.normal(key, (n,))` with a traced size (also an
        integer JAX names otherwise whose value sets the output's shape: `lax.top_k(x, k)`,
        `jnp.split(x, points)`, `jnp.diff(x, n)`, `jnp.eye(n)`, `x.diagonal(offset)`, ...: found by
        running every public function and array method of the installed JAX with two static
        values, outputs of two shapes), and slices
        with traced bounds (`x[i:i + k]`), also through NumPy functions that hand a tracer to its
        own method (`np.reshape(x, (n, m))`). A JAX function given to a transform or to a function
        that calls it with traced values (`jax.jit(jax.nn.one_hot)(labels, 5)`,
        `jax.vmap(jnp.nonzero)(x)`, `jnp.apply_along_axis(jnp.where, 1, x)`) is checked at the
        call: every argument jit does not keep static is traced, so one reaching a size parameter,
        a size-bounded function without `size=`, or an omitted size the function computes from its
        traced input (`num_segments` of `jax.ops.segment_sum`) is reported there. In staged code
        (jit, a lax loop body, and what they call) the size-bounded functions fail without `size=`
        even on a constant (a NumPy array closed over or bound with `functools.partial`): JAX
        stages the operation, so its input is a tracer inside it.
        """
    why = """
        XLA compiles for static shapes. A shape that depends on data cannot be known while the
        function is traced, so JAX raises at run time. Give the size statically (`size=`,
        `fill_value=`), keep the full shape and mask (`jnp.where(mask, x, 0)`,
        `jnp.sum(x, where=mask)`), or use `lax.dynamic_slice` with a static slice size.
        """
    example = """
        @jax.jit
        def positive_mean(x, start):
            window = x[start:start + 4]
            return window[window > 0].mean()
        """
    use_instead = """
        @jax.jit
        def positive_mean(x, start):
            window = lax.dynamic_slice(x, (start,), (4,))
            return jnp.mean(window, where=window > 0)
        """

    def visit_Subscript(self, node: cst.Subscript, ctx: Context) -> None:
        if ctx.is_sequence(node.value) and ctx.taint(node.value) is None:
            return  # a Python list/tuple: JG104 reports it
        for el in node.slice:
            sl = el.slice
            if isinstance(sl, cst.Index):
                taint = ctx.taint(sl.value)
                if taint is not None and taint.boolean:
                    ctx.report(
                        sl.value,
                        f"boolean-mask indexing has a value-dependent shape: {ctx.describe(sl.value, taint)}",
                        "Keep the shape and mask: `jnp.where(mask, x, 0)`, `jnp.sum(x, where=mask)`; or gather a "
                        "static number of indices with `jnp.nonzero(mask, size=N, fill_value=...)`",
                    )
                    return
                continue
            for part in (sl.lower, sl.upper, sl.step):
                taint = ctx.array_taint(part)
                if taint is not None:
                    ctx.report(
                        part,
                        f"slice bound is traced, so the slice has no static size: {ctx.describe(part, taint)}",
                        "Use `lax.dynamic_slice(x, (start,), (size,))` or `lax.dynamic_slice_in_dim` with a static "
                        "size, or mask with `jnp.where`",
                    )
                    return

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        name = ctx.resolve(node.func)
        args = positional_args(node)
        if name in jaxapi.VALUE_DEPENDENT_SHAPE or (name == "jax.numpy.where" and len(node.args) == 1):
            self._value_dependent(node, ctx, name.rsplit(".", 1)[1], [a.value for a in node.args])
            return
        if self._bounded_by_option(node, ctx, name, args):
            return
        if name is not None and name.startswith("numpy.") and name[6:] in jaxapi.NUMPY_DISPATCHES_TO_METHOD:
            # np.reshape(x, shape) on a tracer is x.reshape(shape): the jnp function's sizes apply
            spec = jaxapi.SHAPE_ARGUMENTS.get(f"jax.numpy.{name[6:]}")
            if spec is not None and args and ctx.array_taint(args[0].value) is not None:
                self._shape_args(node, ctx, f"np.{name[6:]}", arguments_at(node, spec),
                                 extra=f" (`np.{name[6:]}` hands a traced array to its own `.{name[6:]}()`)")
            return
        if isinstance(node.func, cst.Attribute) and not (name or "").startswith(("jax.", "numpy.")):
            method = node.func.attr.value
            if method in jaxapi.VALUE_DEPENDENT_METHODS:
                self._value_dependent(node, ctx, method, [node.func.value])
            elif method in jaxapi.SHAPE_METHODS:
                self._shape_args(node, ctx, f".{method}()", [a.value for a in node.args if a.keyword is None])
            elif method in jaxapi.SHAPE_FUNCTIONS_BY_NAME:  # no array method: the module function
                self._shape_args(node, ctx, f"{method}", arguments_at(node, jaxapi.SHAPE_FUNCTIONS_BY_NAME[method]))
            elif method in jaxapi.SHAPE_INT_METHODS and keyword(node, "total_repeat_length") is None:
                receiver = ctx.array_taint(node.func.value)
                if receiver is not None and not receiver.foreign:  # x.diagonal(offset), x.repeat(n) on an array
                    positions, keywords = jaxapi.SHAPE_INT_METHODS[method]
                    self._shape_args(node, ctx, f".{method}()", arguments_at(node, (positions, keywords)))
            return
        if name == "jax.numpy.repeat":  # a static total_repeat_length= lets `repeats` be traced
            total = keyword(node, "total_repeat_length")
            repeats = args[1].value if len(args) > 1 else keyword(node, "repeats")
            sizes = [total] if total is not None else [repeats] if repeats is not None else []
            self._shape_args(node, ctx, "jnp.repeat", sizes, extra="; or pass `total_repeat_length=` statically")
            return
        spec = jaxapi.SHAPE_ARGUMENTS.get(name or "")
        if spec is None:
            return
        exprs = arguments_at(node, spec)
        short = _short(name)
        self._shape_args(node, ctx, short, exprs)

    def _value_dependent(self, node: cst.Call, ctx: Context, short: str, exprs: list, option: str = "size") -> None:
        if keyword(node, option) is not None:
            return
        fix = (f"Pass a static bound: `{short}(..., size=N, fill_value=...)`; or keep the shape and mask with "
               "`jnp.where(mask, x, fill)`") if option == "size" else (
               f"Pass a static bound: `{short}(..., {option}=N)` with a Python int (the entries past the nonzeros "
               "are padding)")
        for expr in exprs:
            taint = ctx.taint(expr)
            if taint is not None:
                ctx.report(node, f"`{short}` without `{option}=` has a value-dependent shape: "
                           f"{ctx.describe(expr, taint)}", fix)
                return
        # a constant input (a NumPy array, a literal): in staged code JAX stages the operation out all
        # the same, so its input is a tracer inside it (the call's own result taint says it is staged)
        staged = ctx.taint(node)
        if exprs and staged is not None and ctx.resolve(node.func) is not None:
            ctx.report(node, f"`{short}` without `{option}=` has a value-dependent shape, even of a constant: "
                       f"{staged.origin.why}", fix)

    def _bounded_by_option(self, node: cst.Call, ctx: Context, name: str | None, args) -> bool:
        """``jnp.roots`` (a boolean option bounds the output) and the sparse constructors from a
        dense array (``nse=`` sizes the buffers: left out, counted from the traced values; given,
        it must not be traced): checked here; True when ``name`` is one of them."""
        if name in jaxapi.VALUE_DEPENDENT_UNLESS:
            self._unless_option(node, ctx, name, args)
            return True
        if name not in jaxapi.SPARSE_FROM_DENSE:
            return False
        nse = keyword(node, "nse")
        if nse is None:
            self._value_dependent(node, ctx, _short(name), [a.value for a in args[:1]], option="nse")
        else:
            self._shape_args(node, ctx, _short(name), [nse])
        return True

    def _unless_option(self, node: cst.Call, ctx: Context, name: str, args) -> None:
        """``jnp.roots(p)`` of a traced ``p``: the output's length depends on the values unless the
        option that bounds it is given that value (``strip_zeros=False``); a literal of another
        value, or the option left out, keeps the default."""
        option, bounding = jaxapi.VALUE_DEPENDENT_UNLESS[name]
        given = keyword(node, option)
        if given is not None and not (isinstance(given, cst.Name) and given.value == str(not bounding)):
            return  # bounded, or not a literal of the default: not read
        if not args or args[0].star:
            return
        taint = ctx.taint(args[0].value)
        if taint is None:
            return
        short = name.rsplit(".", 1)[1]
        ctx.report(node, f"`{short}` with `{option}={not bounding}` (the default) has a value-dependent shape: "
                   f"{ctx.describe(args[0].value, taint)}",
                   f"Pass `{option}={bounding}`: the output keeps one length whatever the values")

    def _shape_args(self, node: cst.Call, ctx: Context, short: str, exprs: list, extra: str = "") -> None:
        for expr in exprs:
            taint = ctx.taint(expr)
            if taint is not None and not taint.opaque:
                hint = ctx.static_hint(taint)
                fix = _SHAPE_FIX + (f" with {hint}" if hint else "") + extra
                ctx.report(node, f"`{short}` gets a traced size: {ctx.describe(expr, taint)}", fix)
                return

    # -- JAX functions given to something that calls them with traced values -------------------
    def check_module(self, index, ctx) -> None:
        for (call, scope, _klass, _loops), name in zip(index.calls, index.callees):
            target = _traced_call(index, call, scope, name)
            if target is not None:
                _check_library_call(call, ctx, *target)


_JIT_STATIC = {"jax.jit": "static_argnums", "jax.pjit": "static_argnums", "jax.experimental.pjit.pjit": "static_argnums",
               "jax.pmap": "static_broadcasted_argnums"}


def _traced_call(index, call: cst.Call, scope, name: str | None):
    """For a call that runs a JAX function on traced values -- ``jax.jit(fn, ...)(args)`` (also
    through a name bound to the jitted function), ``jax.vmap(fn)(args)``, ``jnp.apply_along_axis(fn,
    axis, arr, ...)``, ``lax.map(fn, xs)`` -- (how it is called, the function's qualified name, the
    ``functools.partial`` around it or None, [(argument, traced)], {keyword: traced}); else None.
    ``name``: what ``call.func`` resolves to in ``scope`` (``ModuleIndex.callees``)."""
    caller = jaxapi.CALLS_WITH_TRACERS.get(name or "")
    if caller is not None:
        return _caller_call(index, call, scope, name, caller)
    return _transformed_call(index, call, scope)


def _caller_call(index, call: cst.Call, scope, name: str, caller):
    """``jnp.apply_along_axis(fn, axis, arr, ...)``, ``lax.map(fn, xs)``, ...: a JAX function
    ``name`` (described by ``caller``, its ``jaxapi.CALLS_WITH_TRACERS`` entry) that calls the
    library function it is given with traced values; ``_traced_call``'s tuple, or None."""
    position, kw, n_traced, extra, passes_kwargs = caller
    args = positional_args(call)
    fn = args[position].value if len(args) > position else keyword(call, kw)
    found = library_function(index, fn, scope) if fn is not None else None
    if found is None:
        return None
    positional = [(None, True)] * n_traced  # the slices/elements the caller passes
    if extra is not None:
        positional += [(a.value, False) for a in args[extra:]]
    keywords = {a.keyword.value: False for a in call.args if a.keyword is not None and passes_kwargs}
    if any(a.star for a in call.args):
        return None
    short = _short(name)
    return f"`{short}` calls it with traced values", *found, positional, keywords


def _transformed_call(index, call: cst.Call, scope):
    """``jax.jit(fn, ...)(args)`` or ``jax.vmap(fn)(args)`` (also through a name bound to the
    transformed function) of a library function; ``_traced_call``'s tuple with the static argument
    names last, or None."""
    transform_call = call.func
    if isinstance(transform_call, cst.Name):
        transform_call = index.binding(transform_call.value, scope)
    if not isinstance(transform_call, cst.Call):
        return None
    transform = index.transform_of(transform_call.func, scope)
    if transform not in _JIT_STATIC and transform != "jax.vmap":
        return None
    targs = positional_args(transform_call)
    found = library_function(index, targs[0].value, scope) if targs else None
    if found is None or any(a.star for a in call.args):
        return None
    if transform in _JIT_STATIC:
        static = _jit_static_arguments(index, transform, transform_call)
        if static is None:
            return None
        static_nums, static_names = static
    elif any(a.keyword is not None and a.keyword.value == "in_axes" for a in transform_call.args) or len(targs) > 1:
        return None  # vmap with in_axes: some arguments may be passed unmapped
    else:
        static_nums, static_names = set(), set()
    args = positional_args(call)
    positional = [(a.value, i not in static_nums and i - len(args) not in static_nums) for i, a in enumerate(args)]
    keywords = {a.keyword.value: a.keyword.value not in static_names for a in call.args if a.keyword is not None}
    how = (f"`{transform}` traces every argument it does not keep static" if transform in _JIT_STATIC
           else f"`{transform}` calls it with traced values")
    return how, *found, positional, keywords, static_names


def _jit_static_arguments(index, transform: str, transform_call: cst.Call) -> tuple[set[int], set[str]] | None:
    """The static positions and names a ``jax.jit``/``pjit``/``pmap`` call gives, or None when one
    of them is not a literal (the static arguments are then unknown)."""
    static_nums: set[int] = set()
    static_names: set[str] = set()
    for option, reader, out in ((_JIT_STATIC[transform], literal_ints, static_nums),
                                ("static_argnames", literal_strs, static_names)):
        node = keyword(transform_call, option)
        if node is not None:
            values = reader(index.constant(node))
            if values is None:
                return None  # not literal: the static positions are unknown
            out.update(values)
    return static_nums, static_names


def _check_library_call(call: cst.Call, ctx, how: str, qual: str, partial, positional, keywords,
                        static_names=frozenset()) -> None:
    sig = Signature(jaxsig.SIGNATURES[qual])
    bound = positional_args(partial)[1:] if partial is not None else []
    bound_keywords = {a.keyword.value for a in partial.args if a.keyword is not None} if partial is not None else set()
    # each parameter the call gives, and whether it is traced there (what partial binds is not)
    given: dict[str, bool] = {}
    values = [False] * len(bound) + [traced for _expr, traced in positional]
    names = sig.positional
    for i, traced in enumerate(values):
        if i < len(names):
            given[names[i]] = traced
        elif not sig.varargs:
            return  # more arguments than the function takes: another error
    for name in bound_keywords:
        given[name] = False
    for name, traced in keywords.items():
        given[name] = traced
    for name in static_names:
        if name in given:
            given[name] = False
    short = _short(qual)
    traced_input = any(given.values())
    # a size-bounded output without size=
    one_arg_where = qual == "jax.numpy.where" and len(values) == 1 and not {"x", "y"} & given.keys()
    if (qual in jaxapi.VALUE_DEPENDENT_SHAPE or one_arg_where) and "size" not in given and traced_input:
        ctx.report(
            call,
            f"`{short}` without `size=` has a value-dependent shape: {how}",
            f"Bind a static bound first: `functools.partial({short}, size=N, fill_value=...)`",
        )
        return
    # a traced argument at a size parameter
    spec = jaxapi.SHAPE_ARGUMENTS.get(qual)
    if spec is not None:
        positions, kws = spec
        sized = {names[i] for i in positions if i < len(names)} | set(kws)
        for name in sorted(sized & {n for n, traced in given.items() if traced}):
            ctx.report(
                call,
                f"`{short}` gets a traced size `{name}`: {how}",
                f"Mark `{name}` static (`static_argnames=(\"{name}\",)`), or bind it with "
                f"`functools.partial({short}, {name}=...)` first",
            )
            return
    # an omitted size the function computes from its (traced) input
    omitted = jaxapi.SIZE_FROM_VALUES.get(qual)
    if omitted is not None and omitted not in given and given and all(given.values()):
        ctx.report(
            call,
            f"`{short}` without `{omitted}=` computes it from the values of its input, which are traced: {how}",
            f"Pass `{omitted}` statically: `functools.partial({short}, {omitted}=N)`",
        )


# -- axes JAX needs static (reported by JG104: JAX converts the axis to a Python int) -----------
def traced_axis(node: cst.Call, name: str | None, ctx: Context, through: bool = True) -> tuple[cst.CSTNode, str, str] | None:
    """A traced value at an axis parameter JAX needs static: ``jnp.sum(x, axis)``, ``x.min(axis)``,
    ``np.squeeze(x, axis)`` on a tracer (``jaxapi.STATIC_AXES``, generated by running JAX). Returns
    (node, message, fix) for JG104, or None."""
    spec, short = None, ""
    made = ctx.through_partial(node) if through and isinstance(node.func, (cst.Name, cst.Call)) else None
    if made is not None and isinstance(made.func, (cst.Name, cst.Attribute)):
        # `reduce(x)` with `reduce = functools.partial(jnp.max, axis=axis)`: the call it makes
        found = traced_axis(made, ctx.resolve(made.func), ctx, through=False)
        return (node, *found[1:]) if found is not None else None
    args = positional_args(node)
    if name is not None and name.startswith("jax.numpy."):
        spec, short = jaxapi.STATIC_AXES.get(name), f"jnp.{name[10:]}"
    elif name is not None and name.startswith("numpy."):
        if name[6:] in jaxapi.NUMPY_DISPATCHES_TO_METHOD and args and ctx.array_taint(args[0].value) is not None:
            spec, short = jaxapi.STATIC_AXES.get(f"jax.numpy.{name[6:]}"), f"np.{name[6:]}"
    elif isinstance(node.func, cst.Attribute) and node.func.attr.value in jaxapi.STATIC_AXIS_METHODS \
            and not _update_ref(node.func.value):
        receiver = ctx.array_taint(node.func.value)
        if receiver is not None and not receiver.foreign:
            spec, short = jaxapi.STATIC_AXIS_METHODS[node.func.attr.value], f".{node.func.attr.value}"
    if spec is None:
        return None
    return _first_traced(node, [(expr, "the axis") for expr in arguments_at(node, spec)], short, ctx)


def _update_ref(receiver: cst.BaseExpression) -> bool:
    """ATMETHOD: ``x.at[i]``, whose ``.max(v)``/``.min(v)`` are scatter updates: their argument is
    the values to combine in (traced or not), not an axis (JAX 0.10.2: ``x.at[i].max(v)`` under jit
    with a traced ``v`` runs; tests/precision_cases/fresh11_scatter_max_values.py)."""
    return (isinstance(receiver, cst.Subscript) and isinstance(receiver.value, cst.Attribute)
            and receiver.value.attr.value == "at")


def traced_static_int(node: cst.Call, name: str | None, ctx: Context, through: bool = True
                      ) -> tuple[cst.CSTNode, str, str] | None:
    """A traced value at another integer parameter JAX needs static (``jnp.triu(m, k)``,
    ``jnp.round(x, decimals)``: ``jaxapi.STATIC_INTS``, generated by running JAX; also
    through ``functools.partial(jnp.triu, k=k)``). Returns (node, message, fix) for JG104, or None."""
    made = ctx.through_partial(node) if through and isinstance(node.func, (cst.Name, cst.Call)) else None
    if made is not None and isinstance(made.func, (cst.Name, cst.Attribute)):
        found = traced_static_int(made, ctx.resolve(made.func), ctx, through=False)
        return (node, *found[1:]) if found is not None else None
    option = _traced_option(node, name, ctx) if name in jaxapi.TRANSFORM_OPTIONS else None
    if option is not None:
        return option
    if name in jaxapi.TRANSFORM_ARGNUMS:
        return _traced_argnums(node, name, ctx)
    spec = jaxapi.STATIC_INTS.get(name) if name is not None else None
    if spec is None and isinstance(node.func, cst.Attribute) and node.func.attr.value in jaxapi.STATIC_INT_METHODS:
        return _traced_method_int(node, node.func, ctx)
    if not spec or not (spec[0] or spec[1]):
        return None
    positional = Signature(jaxsig.SIGNATURES[name]).positional if name in jaxsig.SIGNATURES else []
    args = positional_args(node)
    given = [(args[i].value, positional[i]) for i in spec[0] if i < len(args) and i < len(positional)]
    given += [(a.value, a.keyword.value) for a in node.args if a.keyword is not None and a.keyword.value in spec[1]]
    # SEQINTS: parameters found only with a sequence (not an int too): each element read as an int
    sequences = set(jaxsig.STATIC_INT_SEQUENCES.get(name, ((), ()))[1]) - set(jaxsig.STATIC_INTS.get(name, ((), ()))[1])
    return (_first_traced(node, [(e, f"`{p}`") for e, p in given if p not in sequences], _short(name), ctx)
            or _first_traced(node, [(e, f"`{p}`") for e, p in given if p in sequences], _short(name), ctx,
                             reads="JAX converts each element to a Python int", python="tuple of Python ints"))


def _traced_argnums(node: cst.Call, name: str, ctx: Context) -> tuple[cst.CSTNode, str, str] | None:
    """``jax.grad(f, argnums)`` (``value_and_grad``, ``jacfwd``, ``jacrev``, ``hessian``) with a
    traced ``argnums``: the transform reads it as Python ints (``jaxapi.TRANSFORM_ARGNUMS``)."""
    position, keyword = jaxapi.TRANSFORM_ARGNUMS[name]
    args = positional_args(node)
    given = [(args[position].value, f"`{keyword}`")] if position < len(args) else []
    given += [(a.value, f"`{keyword}`") for a in node.args if a.keyword is not None and a.keyword.value == keyword]
    return _first_traced(node, given, _short(name), ctx)


def _traced_option(node: cst.Call, name: str, ctx: Context) -> tuple[cst.CSTNode, str, str] | None:
    """``jax.vmap(f, in_axes=ax)`` (``out_axes``, ``axis_name``, ``pmap``'s argnums, a scan's
    ``reverse``, ...) with a traced value: an option JAX reads as a Python value when it builds the
    transform or loop (``jaxapi.TRANSFORM_OPTIONS``), also inside a tuple (``in_axes=(0, ax)``)."""
    args = positional_args(node)
    given = [(args[position].value, f"`{keyword}`") for position, keyword in jaxapi.TRANSFORM_OPTIONS[name]
             if position is not None and position < len(args)]
    keywords = {keyword for _position, keyword in jaxapi.TRANSFORM_OPTIONS[name]}
    given += [(a.value, f"`{a.keyword.value}`") for a in node.args if a.keyword is not None and a.keyword.value in keywords]
    return _first_traced(node, given, _short(name), ctx, reads="JAX reads it as a Python value")


def _traced_method_int(node: cst.Call, func: cst.Attribute, ctx: Context) -> tuple[cst.CSTNode, str, str] | None:
    """``x.round(decimals)``, ``x.argpartition(kth)`` on an array: a traced integer where the method
    needs a static one (``jaxapi.STATIC_INT_METHODS``)."""
    receiver = ctx.array_taint(func.value)
    if receiver is None or receiver.foreign:
        return None
    positions, keywords = jaxapi.STATIC_INT_METHODS[func.attr.value]
    args = positional_args(node)
    given = [(args[i].value, f"`{keywords[n]}`") for n, i in enumerate(positions) if i < len(args)]
    given += [(a.value, f"`{a.keyword.value}`") for a in node.args if a.keyword is not None and a.keyword.value in keywords]
    return _first_traced(node, given, f".{func.attr.value}", ctx)


def _first_traced(node: cst.Call, given: list[tuple[cst.BaseExpression, str]], short: str, ctx: Context,
                  reads: str = "JAX converts it to a Python int", python: str | None = None
                  ) -> tuple[cst.CSTNode, str, str] | None:
    """JG104's finding for the first traced value among ``given`` ((argument, what it is: "the
    axis", "`k`")), arguments JAX converts to a Python int; None when none is traced."""
    for expr, what in given:
        taint = ctx.array_taint(expr) or _traced_position(ctx.taint(expr))
        if taint is not None and not taint.foreign:
            hint = ctx.static_hint(taint)
            needs = "axis" if what == "the axis" else what
            return (
                node,
                f"`{short}()` needs a static {needs} ({reads}): {ctx.describe(expr, taint)}",
                f"Pass {what} as a {python or 'Python ' + ('int' if reads.endswith('int') else 'value')}"
                + (f"; mark it static with {hint}" if hint else ""),
            )
    return None


def _traced_position(value, depth: int = 2):
    """A tuple that knows its positions (``axis=(0,)`` passed to a jit: each a tracer): its first
    position holding a traced array, which JAX cannot convert either; also inside a tuple at a
    position (``lax.pad``'s ``((w, w, 0), ...)``: SEQINTS), ``depth`` levels down."""
    if value is None or value.mapping or not value.fields:
        return None
    for _key, t in value.fields:
        if t is None or t.opaque or t.foreign:
            continue
        if not t.container:
            return t
        found = _traced_position(t, depth - 1) if depth > 0 else None
        if found is not None:
            return found
    return None


def _short(qual: str) -> str:
    """``jax.numpy.x`` as ``jnp.x``, ``jax.lax.x`` as ``lax.x``, for messages."""
    return qual.replace("jax.numpy.", "jnp.").replace("jax.lax.", "lax.").replace("jax.experimental.sparse.", "sparse.")
