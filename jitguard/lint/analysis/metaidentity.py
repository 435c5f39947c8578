"""New identity-compared objects in the metadata of a registered pytree.

Under ``jax.jit`` a registered pytree at a traced position is flattened: its data fields become
tracers, its metadata fields (``dataclasses.field(metadata=dict(static=True))`` on a
``register_dataclass`` class, ``meta_fields=``, ``pytree_node=False``, ``eqx.field(static=True)``,
the aux data of ``tree_flatten``) go into the tree structure, which JAX compares with ``==`` to
find a compiled program. An object that compares by identity (an instance of a class without
``__eq__``, a lambda, a ``functools.partial``, a nested ``def``) put there anew each time makes a
new tree structure each time: one compile per object (checked under JAX 0.10.2: a new instance,
lambda or partial in a ``register_dataclass`` meta field compiles again at every call, the same
object once; rules/JG302.py). ``shapes.fresh_maker`` asks :func:`fresh_metadata` about calls of a
class of the module; its description then says so with :data:`MARK`, which JG302 reads to report
such a value at a traced position too (a static position needs no pytree to recompile).
"""

from __future__ import annotations

from jitguard.lint.analysis.memo import PerIndex

# the words a description of such a value carries (shapes.fresh_maker writes them, JG302 reads them)
MARK = "whose metadata field"

_CACHE = PerIndex()


# the words a description of an instance of a pytree class made anew by each run of a function
# carries: the class is part of the tree structure, so each new class is a new program (checked
# under JAX 0.10.2: n calls of a factory defining a register_dataclass class, n compiles;
# rules/JG302.py); JG302 reads them to report such a value at a traced position
NEW_CLASS = "of a pytree class defined anew"


# the words a description of the function ``jax.vjp`` or ``jax.linearize`` returns carries: a
# pytree (``jax.tree_util.Partial``, ``VJP``) whose tree structure holds a callable that call made,
# so passed to a jitted function it is a new tree structure, and a compile, per call of the
# transform, while the same returned function passed again compiles once (checked under JAX
# 0.10.2, ``has_aux`` too: rules/JG302_transform_functions.py); JG302 reads them at a traced position
TRANSFORM_FUNCTION = "whose tree structure holds a function that call made"


def function_in_structure(fresh: str | None) -> bool:
    """Does the description of a fresh value say it is a function a differentiation transform
    returned, a pytree whose structure is new with each call of the transform?"""
    return bool(fresh) and TRANSFORM_FUNCTION in fresh.split("|", 1)[0]


def new_pytree_class(fresh: str | None) -> bool:
    """Does the description of a fresh value say it is an instance of a pytree class made anew?"""
    return bool(fresh) and NEW_CLASS in fresh.split("|", 1)[0]


def in_metadata(fresh: str | None) -> bool:
    """Does the description of a fresh value (``ArgFact.fresh``) say it is in a pytree's metadata?"""
    return bool(fresh) and MARK in fresh.split("|", 1)[0]


def fresh_metadata(view, klass, call, depth: int, maker) -> str | None:
    """``Model(w, Activation())`` with ``Model`` a registered pytree of the module whose metadata
    field ``act`` receives the second argument: what the call makes, when an argument landing in
    a metadata field is a new identity-compared value (``maker(view, expr, depth)``: its words,
    as ``shapes.fresh_maker`` gives them), or None."""
    positions, keywords = metadata_arguments(view.index, klass)
    if not positions and not keywords:
        return None
    position = 0
    for arg in call.args:
        if arg.star:
            return None  # which field an argument after a splat fills is not known
        if arg.keyword is not None:
            field = keywords.get(arg.keyword.value)
        else:
            field = positions.get(position)
            position += 1
        if field is None:
            continue
        found = maker(view, arg.value, depth + 1)
        if found:
            return f"a new `{klass.name}` {MARK} `{field}` holds {found}"
    return None


def metadata_arguments(index, klass) -> tuple[dict[int, str], dict[str, str]]:
    """The constructor arguments of ``klass`` that land in its metadata: (position -> field,
    keyword -> field). Empty when the class is no registered pytree with metadata."""
    per_index = _CACHE.table(index)
    found = per_index.get(klass.name)
    if found is None:
        found = per_index[klass.name] = _metadata_arguments(index, klass)
    return found


def _metadata_arguments(index, klass) -> tuple[dict[int, str], dict[str, str]]:
    from jitguard.lint.analysis import pytrees

    node = klass.node
    imports = index.imports
    # register_dataclass(meta_fields=...), @register_pytree_node_class: (positions, parameter names)
    spec = pytrees.metadata_parameters(index.module, imports, index.source).get(klass.name)
    if spec is not None:
        positions, names = spec  # of __init__'s parameters for a node class, else of the fields
        if "__init__" not in klass.methods and not _plain_bases(node, index):
            return {}, {n: n for n in names}
        return dict(zip(positions, names)), {n: n for n in names}
    # per-field declarations: field(metadata=dict(static=True)) on a register_dataclass class,
    # static_field(), pytree_node=False, eqx.field(static=True) (read by the module index)
    meta = set(klass.static_fields) | pytrees._class_metadata(node, imports)
    if not meta or "__init__" in klass.methods:
        return {}, {}
    positions, names = pytrees._field_parameters(node, meta)
    keywords = {n: n for n in names}
    if not _plain_bases(node, index):
        return {}, keywords  # fields of a base class of the module come first: positions unknown
    return dict(zip(positions, names)), keywords


def _plain_bases(node, index) -> bool:
    """No base class of this module (whose fields would come first in the constructor)."""
    import libcst as cst  # here: JG302 imports this module for `in_metadata` alone

    for base in node.bases:
        value = base.value
        if isinstance(value, cst.Name) and value.value in index.classes:
            return False
    return True



def factory_construction(index, call, scope):
    """``Linear.create(8, 8, key, kernel_init=normal_init(0.02))`` with ``create`` a classmethod
    of a class of the module (or ``make_linear(...)`` a plain function of the module) whose only
    ``return`` builds an instance of one class of the module, ``return cls(w, b, kernel_init)``:
    (that class, the constructor call with each argument that is one of the factory's parameters
    replaced by what this call passes there, its default when it passes nothing, every other
    argument by a Python constant). Python binds the factory's parameters to the call's
    arguments, so the object this call gives a parameter is the one the constructor stores (in a
    metadata field: part of the tree structure, rules/JG302_factory_metadata.py). None when the
    call is not such a factory's, or an argument's parameter is not known (a splat)."""
    import libcst as cst

    from jitguard.lint.analysis.walk import own_nodes

    factory, klass_of_cls = _factory(index, call, scope)
    if factory is None or any(a.star for a in call.args):
        return None
    returns = [r.value for r in own_nodes(factory.node.body) if isinstance(r, cst.Return)]
    if len(returns) != 1 or not isinstance(returns[0], cst.Call) or not isinstance(returns[0].func, cst.Name):
        return None
    built = returns[0]
    cls_param = factory.positional[0].name if klass_of_cls is not None else None
    klass = klass_of_cls if built.func.value == cls_param else index.classes.get(built.func.value)
    if klass is None or any(a.star for a in built.args):
        return None
    params = factory.positional[1:] if klass_of_cls is not None else factory.positional
    given = dict(zip((p.name for p in params), (a.value for a in call.args if a.keyword is None)))
    given.update({a.keyword.value: a.value for a in call.args if a.keyword is not None})
    defaults = {p.name: p.default for p in factory.params if getattr(p, "default", None) is not None}
    args = []
    for arg in built.args:
        value = arg.value
        if isinstance(value, cst.Name) and factory.param(value.value) is not None:
            value = given.get(value.value, defaults.get(value.value))
        else:
            value = None
        args.append(arg.with_changes(value=value if value is not None else cst.Integer("0")))
    return klass, built.with_changes(args=args)


def _factory(index, call, scope):
    """(the factory ``call`` runs, the class ``cls`` is when a classmethod) or (None, None)."""
    import libcst as cst

    func = call.func
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value in index.classes:
        klass = index.classes[func.value.value]
        method = klass.methods.get(func.attr.value)
        if method is None or not isinstance(method.node, cst.FunctionDef) or not method.positional \
                or [_decorator_name(d) for d in method.node.decorators] != ["classmethod"] \
                or index.has_subclass(klass):  # (`cls` may then be that subclass)
            return None, None
        return method, klass
    if isinstance(func, cst.Name) and func.value not in index.classes:
        info = index.lookup_function(func.value, scope)
        if info is None or info.is_method or not isinstance(info.node, cst.FunctionDef) or info.node.decorators:
            return None, None
        return info, None
    return None, None


def _decorator_name(decorator) -> str | None:
    import libcst as cst

    return decorator.decorator.value if isinstance(decorator.decorator, cst.Name) else None

