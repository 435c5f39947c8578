"""The children of a class's own ``tree_flatten``: attributes that become leaves (JG206).

A class registered with ``jax.tree_util.register_pytree_node_class`` is flattened by its
``tree_flatten`` method: ``(children, aux_data)``. Under ``jax.jit`` every leaf of the children
becomes an abstract array; a string (or another value JAX has no array form for) among them raises
``TypeError: Error interpreting argument to <function> as an abstract array`` at the call, while
the aux data stays a Python value (JAX 0.10.2, tests/test_recall6_jg206.py). Read here, for the
class of ``Cls(...)``:

* its registration: exactly one of its own decorator, one module-level
  ``register_pytree_node_class(Cls)``, or the ``__init_subclass__`` of an ancestor that calls it on
  ``cls`` in its own body (every subclass is registered); the class and its ancestors form one chain
  of classes of the module (one base each, no metaclass, no ``__slots__``/``__setattr__``);
* the children ``tree_flatten`` returns (its one ``return``, a pair): a tuple or list of
  ``self.<attr>``; or every instance attribute but a collection of names, read from a
  comprehension over ``self.__dict__``/``vars(self)`` (``.items()``, ``.keys()``, ``.values()``,
  ``getattr(self, k)``) whose only filters are ``k not in <names>``, also through a local dict
  built that way (``dynamic[k] for k in sorted(dynamic)``, ``dynamic.values()``); the names are a
  literal list/tuple/set of strings, a class attribute holding one (``Sub._static = Base._static +
  [...]`` is followed), or a module constant;
* what ``__init__`` (the first one on the chain, with no ``return``) stores in each attribute, by a
  statement of its own body and nowhere else in the module: a value whose kind ``traceable`` reads,
  or a parameter: the argument the construction call passes there, or else its default.

Only these are read; a filter of another form, a registration of another kind, an attribute
assigned anywhere else, or a construction with ``*``/``**`` leaves the instance alone.
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis.walk import iter_nodes

_REGISTER_CLASS = frozenset({"jax.tree_util.register_pytree_node_class", "jax.tree.register_pytree_node_class"})
_PLAIN_BASES = frozenset({"object", "abc.ABC"})
_INERT = frozenset({"isinstance", "issubclass", "super", "type", "id", "repr", "str"})
_DICT_VIEWS = frozenset({"items", "keys", "values"})


def leaf_attribute(call: cst.Call, index, scope, kind_of) -> str | None:
    """For ``Cls(...)``: what the instance is when its ``tree_flatten`` puts an attribute holding a
    value JAX cannot trace among its children (``kind_of(expr, scope)`` reads the value); None when
    unsure."""
    if not isinstance(call.func, cst.Name) or any(a.star for a in call.args):
        return None
    name = call.func.value
    cache = index.__dict__.setdefault("_flatten_children", {})
    if name not in cache:
        cache[name] = _leaf_candidates(name, index)
    found = cache[name]
    how = "a pytree: its `tree_flatten` makes attribute `{}` a child"
    if found is None:
        return module_field(call, index, scope, kind_of, "an `equinox.Module`: its field `{}` is a pytree child, not static")
    init, candidates = found
    return _first_kind(call, scope, kind_of, init, candidates, name, how)


def module_field(call: cst.Call, index, scope, kind_of, how: str, static: bool = False) -> str | None:
    """For ``Cls(...)`` of an ``equinox.Module`` subclass of the module: what the instance is when
    one of its fields (not static ones, unless ``static``) holds a value ``kind_of`` reads."""
    from jitguard.lint.analysis.eqx_children import module_candidates

    if not isinstance(call.func, cst.Name) or any(a.star for a in call.args):
        return None
    name = call.func.value
    cache = index.__dict__.setdefault("_module_children", {})
    if (name, static) not in cache:
        cache[(name, static)] = module_candidates(name, index, lambda init: _stored(init, index, _foreign_self_targets(
            [index.classes[name]], index)), static)
    found = cache[(name, static)]
    return _first_kind(call, scope, kind_of, found[0], found[1], name, how) if found is not None else None


def _first_kind(call, scope, kind_of, init, candidates, name: str, how: str) -> str | None:
    for attr, value in candidates:
        kind = _kind(value, init, call, scope, kind_of)
        if kind is not None:
            return f"a `{name}` ({how.format(attr)}) holding {kind} in attribute `{attr}`"
    return None


def _leaf_candidates(name: str, index):
    """(the ``__init__`` run, [(attribute, value it stores)] for the attributes ``tree_flatten``
    makes children) for the class ``name``; None when unsure."""
    chain = _chain(name, index)
    if chain is None:
        return None
    flatten = _first_method(chain, "tree_flatten")
    init = _first_method(chain, "__init__")
    if flatten is None or init is None:
        return None
    children = _children(flatten)
    if children is None or not _registered(chain, index):
        return None
    explicit, static = children
    foreign = _foreign_self_targets(chain, index)
    stored = _stored(init, index, foreign)
    if stored is None:
        return None
    if explicit is None:
        names = _names(static, chain, index, foreign)
        if names is None:
            return None
        return init, [(a, v) for a, v in stored.items() if a not in names]
    return init, [(a, stored[a]) for a in explicit if a in stored]


# -- the class chain and its registration ---------------------------------------------------------

def _chain(name: str, index) -> list | None:
    out = []
    while True:
        klass = index.classes.get(name)
        if klass is None or sum(1 for s in index.module.body if isinstance(s, cst.ClassDef) and s.name.value == name) != 1:
            return None
        node = klass.node
        if node.keywords or len(node.bases) > 1 or any(b.star or b.keyword is not None for b in node.bases):
            return None
        if any(_defines(node, attr) for attr in ("__slots__", "__setattr__", "__getattribute__")):
            return None
        out.append(klass)
        if not node.bases:
            return out
        base = node.bases[0].value
        if index.resolve(base, None) in _PLAIN_BASES:
            return out
        if not isinstance(base, cst.Name) or base.value in {k.name for k in out}:
            return None
        name = base.value


def _defines(node: cst.ClassDef, attr: str) -> bool:
    for stmt in node.body.body:
        if isinstance(stmt, cst.FunctionDef) and stmt.name.value == attr:
            return True
        if isinstance(stmt, cst.SimpleStatementLine) and any(
                isinstance(s, cst.Assign) and any(isinstance(t.target, cst.Name) and t.target.value == attr for t in s.targets)
                for s in stmt.body):
            return True
    return False


def _registered(chain: list, index) -> bool:
    """Is the first class of ``chain`` registered exactly once, by a form read here (and never
    passed to another call that may register it otherwise)?"""
    name = chain[0].name
    count = 0
    for klass in chain:
        for dec in klass.node.decorators:
            if index.resolve(dec.decorator, None) not in _REGISTER_CLASS:
                return False  # another decorator may wrap or register the class
            count += klass is chain[0]
    for node in iter_nodes(index.module):
        if isinstance(node, cst.Call) and any(isinstance(a.value, cst.Name) and a.value.value == name for a in node.args):
            if index.resolve(node.func, None) in _REGISTER_CLASS:
                count += 1
            elif not (isinstance(node.func, cst.Name) and node.func.value in _INERT):
                return False
    hook = _first_method(chain[1:], "__init_subclass__")
    if hook is not None:
        if not _registers_cls(hook, index):
            return False
        count += 1
    return count == 1


def _registers_cls(hook, index) -> bool:
    """``def __init_subclass__(cls, ...)`` with ``register_pytree_node_class(cls)`` as a statement of
    its own body."""
    params = hook.node.params.params
    if not params:
        return False
    cls = params[0].name.value
    for stmt in hook.node.body.body:
        if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr):
            value = stmt.body[0].value
            if (isinstance(value, cst.Call) and index.resolve(value.func, hook) in _REGISTER_CLASS and len(value.args) == 1
                    and isinstance(value.args[0].value, cst.Name) and value.args[0].value.value == cls):
                return True
    return False


def _first_method(chain: list, name: str):
    for klass in chain:
        info = klass.methods.get(name)
        if info is not None:
            plain = isinstance(info.node, cst.FunctionDef) and all(
                isinstance(d.decorator, cst.Name) and d.decorator.value == "classmethod" for d in info.node.decorators)
            return info if plain else None
        if _defines(klass.node, name):
            return None
    return None


# -- the children tree_flatten returns ------------------------------------------------------------

def _children(flatten):
    """(attributes, None) for explicit children ``(self.a, self.b)``; (None, [name collections])
    for "every instance attribute but these"; None when unsure."""
    from jitguard.lint.analysis.instances import own_returns

    node = flatten.node
    if node.decorators or not node.params.params:
        return None
    returns = own_returns(node)
    if len(returns) != 1 or not isinstance(returns[0].value, cst.Tuple) or len(returns[0].value.elements) != 2:
        return None
    reader = _Reader(node.params.params[0].name.value, _locals(node))
    children = reader.value(returns[0].value.elements[0].value)
    if isinstance(children, tuple) and children[0] == "attrs":
        return children[1], None
    if isinstance(children, tuple) and children[0] == "dict":
        return None, children[1]
    return None


def _locals(node: cst.FunctionDef) -> dict[str, cst.BaseExpression | None]:
    """Names bound by a plain assignment in the body of ``node`` (None: bound more than once or
    another way)."""
    from jitguard.lint.analysis.traceable import bindings_in

    out = {}
    for n in iter_nodes(node.body):
        if isinstance(n, cst.Name) and n.value not in out:
            bindings = bindings_in(node.body, n.value)
            if bindings:
                out[n.value] = bindings[0] if len(bindings) == 1 else None
    return out


class _Reader:
    """Reads what an expression of ``tree_flatten`` holds: ("attrs", [names]) for explicit
    ``self.<attr>`` elements; ("dict", [collections]) for the instance dict less the names of the
    collections (its values, its keys, or items: ``part`` says which)."""

    def __init__(self, this: str, local: dict) -> None:
        self.this = this
        self.local = local

    def _follow(self, expr, depth):
        while isinstance(expr, cst.Name) and expr.value in self.local and depth < 6:
            expr = self.local[expr.value]
            depth += 1
        return expr

    def value(self, expr, depth: int = 0):
        """The values an expression gives: ("attrs", names), ("dict", collections) or None."""
        expr = self._follow(expr, depth)
        if expr is None or depth > 6:
            return None
        if isinstance(expr, (cst.Tuple, cst.List)):
            attrs = [e.value.attr.value for e in expr.elements
                     if isinstance(e.value, cst.Attribute) and self._is_self(e.value.value)]
            return ("attrs", attrs)
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value in ("tuple", "list") and len(expr.args) == 1:
            return self.value(expr.args[0].value, depth + 1)
        source = self.source(expr, depth + 1)
        if source is not None and source[0] == "values":
            return ("dict", source[1])
        if isinstance(expr, cst.DictComp):
            source = self._comprehension(expr.for_in, expr.value, depth)
            return ("dict", source) if source is not None else None
        if isinstance(expr, (cst.ListComp, cst.GeneratorExp)):
            source = self._comprehension(expr.for_in, expr.elt, depth)
            return ("dict", source) if source is not None else None
        return None

    def source(self, expr, depth: int):
        """(part, collections) for a view of the instance dict less some names: part "keys",
        "values" or "items"; None when not one."""
        expr = self._follow(expr, depth)
        if expr is None or depth > 6:
            return None
        if self._instance_dict(expr):
            return ("keys", [])
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value in ("sorted", "tuple", "list", "set") \
                and len(expr.args) == 1 and not expr.args[0].keyword:
            inner = self.source(expr.args[0].value, depth + 1)
            return ("keys", inner[1]) if inner is not None and inner[0] == "keys" else None
        if isinstance(expr, cst.Call) and not expr.args and isinstance(expr.func, cst.Attribute) and expr.func.attr.value in _DICT_VIEWS:
            inner = self.source(expr.func.value, depth + 1)
            if inner is not None and inner[0] == "keys":  # a dict: its keys when iterated
                return (expr.func.attr.value, inner[1])
            return None
        if isinstance(expr, cst.DictComp):
            names = self._comprehension(expr.for_in, expr.value, depth, key=expr.key)
            return ("keys", names) if names is not None else None
        return None

    def _comprehension(self, for_in: cst.CompFor, elt, depth: int, key=None):
        """The collections a one-clause comprehension over the instance dict (or a dict built from it)
        leaves out, when its element is the attribute's value; None when unsure."""
        if for_in.inner_for_in is not None or for_in.asynchronous is not None:
            return None
        source = self.source(for_in.iter, depth + 1)
        if source is None:
            return None
        part, names = source
        target = for_in.target
        excluded = list(names)
        if part == "items":
            if not (isinstance(target, cst.Tuple) and len(target.elements) == 2
                    and all(isinstance(e.value, cst.Name) for e in target.elements)):
                return None
            k, v = (e.value.value for e in target.elements)
            if not (isinstance(elt, cst.Name) and elt.value == v):
                return None
        elif part == "keys":
            if not isinstance(target, cst.Name):
                return None
            k = target.value
            if not self._value_of_key(elt, k, for_in.iter, depth):
                return None
        else:
            if not (isinstance(target, cst.Name) and isinstance(elt, cst.Name) and elt.value == target.value):
                return None
            k = None
        if key is not None and not (isinstance(key, cst.Name) and key.value == k):
            return None
        for cond in for_in.ifs:
            test = cond.test
            if not (k is not None and isinstance(test, cst.Comparison) and isinstance(test.left, cst.Name)
                    and test.left.value == k and len(test.comparisons) == 1
                    and isinstance(test.comparisons[0].operator, cst.NotIn)):
                return None
            excluded.append(test.comparisons[0].comparator)
        return excluded

    def _value_of_key(self, elt, k: str, iterated, depth: int) -> bool:
        """``getattr(self, k)``, ``self.__dict__[k]``, ``vars(self)[k]``, or ``d[k]`` for the dict ``d``
        whose keys are iterated."""
        if (isinstance(elt, cst.Call) and isinstance(elt.func, cst.Name) and elt.func.value == "getattr"
                and len(elt.args) == 2 and self._is_self(elt.args[0].value)
                and isinstance(elt.args[1].value, cst.Name) and elt.args[1].value.value == k):
            return True
        if not (isinstance(elt, cst.Subscript) and len(elt.slice) == 1 and isinstance(elt.slice[0].slice, cst.Index)
                and isinstance(elt.slice[0].slice.value, cst.Name) and elt.slice[0].slice.value.value == k):
            return False
        if self._instance_dict(elt.value):
            return True
        return isinstance(elt.value, cst.Name) and self._keys_of(iterated, elt.value.value, depth)

    def _keys_of(self, iterated, name: str, depth: int) -> bool:
        """Does ``iterated`` give the keys of the local dict ``name`` (``name``, ``sorted(name)``,
        ``name.keys()``, a local bound to one of these)?"""
        for _ in range(6):
            if isinstance(iterated, cst.Name):
                if iterated.value == name:
                    return True
                iterated = self.local.get(iterated.value)
            elif isinstance(iterated, cst.Call) and isinstance(iterated.func, cst.Name) and iterated.func.value in (
                    "sorted", "tuple", "list") and len(iterated.args) == 1:
                iterated = iterated.args[0].value
            elif isinstance(iterated, cst.Call) and not iterated.args and isinstance(iterated.func, cst.Attribute) \
                    and iterated.func.attr.value == "keys":
                iterated = iterated.func.value
            else:
                return False
        return False

    def _is_self(self, expr) -> bool:
        return isinstance(expr, cst.Name) and expr.value == self.this

    def _instance_dict(self, expr) -> bool:
        """``self.__dict__`` or ``vars(self)``."""
        if isinstance(expr, cst.Attribute) and expr.attr.value == "__dict__" and self._is_self(expr.value):
            return True
        return (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value == "vars"
                and len(expr.args) == 1 and self._is_self(expr.args[0].value))


# -- the names a collection holds -----------------------------------------------------------------

def _names(collections: list, chain: list, index, foreign: set[int]) -> set[str] | None:
    out: set[str] = set()
    for expr in collections:
        names = _strings(expr, chain, index, foreign, 0)
        if names is None:
            return None
        out |= names
    return out


def _strings(expr, chain: list, index, foreign: set[int], depth: int) -> set[str] | None:
    if depth > 6:
        return None
    if isinstance(expr, (cst.List, cst.Tuple, cst.Set)):
        out = set()
        for el in expr.elements:
            if not isinstance(el.value, cst.SimpleString) or isinstance(el, cst.StarredElement):
                return None
            out.add(el.value.evaluated_value)
        return out
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.Add, cst.BitOr)):
        left, right = _strings(expr.left, chain, index, foreign, depth + 1), _strings(expr.right, chain, index, foreign, depth + 1)
        return left | right if left is not None and right is not None else None
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value in ("set", "frozenset", "tuple", "list") \
            and len(expr.args) == 1:
        return _strings(expr.args[0].value, chain, index, foreign, depth + 1)
    if isinstance(expr, cst.Attribute):
        owner = expr.value
        if isinstance(owner, cst.Name) and owner.value in ("self", "cls") or (
                isinstance(owner, cst.Call) and isinstance(owner.func, cst.Name) and owner.func.value == "type"):
            return _class_attribute(expr.attr.value, chain, index, foreign, depth)
        if isinstance(owner, cst.Name):
            other = _chain(owner.value, index)
            return _class_attribute(expr.attr.value, other, index, foreign, depth) if other is not None else None
        return None
    if isinstance(expr, cst.Name):
        bindings = [s for s in index.module.body if _assigns(s, expr.value)]
        if len(bindings) != 1 or _assigned_elsewhere(expr.value, index):
            return None
        return _strings(bindings[0].body[0].value, chain, index, foreign, depth + 1)
    return None


def _assigns(stmt, name: str) -> bool:
    return (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign)
            and len(stmt.body[0].targets) == 1 and isinstance(stmt.body[0].targets[0].target, cst.Name)
            and stmt.body[0].targets[0].target.value == name)


def _class_attribute(attr: str, chain: list, index, foreign: set[int], depth: int) -> set[str] | None:
    """The names the class attribute ``attr`` holds, from the first class of ``chain`` that
    assigns it in its body (never assigned on an instance or elsewhere)."""
    if _attribute_targets(index, foreign).get(attr, 0):
        return None
    for klass in chain:
        found = [s for s in klass.node.body.body if _assigns(s, attr)]
        if len(found) > 1:
            return None
        if found:
            return _strings(found[0].body[0].value, chain[chain.index(klass):], index, foreign, depth + 1)
        if _defines(klass.node, attr):
            return None
    return None


def _assigned_elsewhere(name: str, index) -> bool:
    """Is the module-level ``name`` declared ``global`` or augmented anywhere?"""
    for n in iter_nodes(index.module):
        if isinstance(n, cst.Global) and any(g.name.value == name for g in n.names):
            return True
        if isinstance(n, cst.AugAssign) and isinstance(n.target, cst.Name) and n.target.value == name:
            return True
    return False


def _foreign_self_targets(chain: list, index) -> set[int]:
    """``self.<attr>`` targets in methods of classes outside ``chain``: they write the instances of
    those classes, not one built by the first class of the chain."""
    own = {id(k.node) for k in chain}
    out: set[int] = set()
    for klass in index.classes.values():
        if id(klass.node) in own:
            continue
        for method in klass.methods.values():
            params = method.node.params.params if isinstance(method.node, cst.FunctionDef) else ()
            if not params:
                continue
            this = params[0].name.value
            for n in iter_nodes(method.node.body):
                if isinstance(n, cst.Attribute) and isinstance(n.value, cst.Name) and n.value.value == this:
                    out.add(id(n))
    return out


def _attribute_targets(index, foreign: set[int]) -> dict[str, int]:
    """attribute name -> how many targets write ``<anything>.<attr>`` in the module (those in
    ``foreign`` left out); a ``setattr``/``delattr`` call anywhere: {"*": 1} (any may be written)."""
    counts: dict[str, int] = {}
    for n in iter_nodes(index.module):
        if isinstance(n, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.Del)):
            for t in iter_nodes(n.target):
                if isinstance(t, cst.Attribute) and id(t) not in foreign:
                    counts[t.attr.value] = counts.get(t.attr.value, 0) + 1
        elif isinstance(n, cst.Call) and isinstance(n.func, cst.Name) and n.func.value in ("setattr", "delattr"):
            return {"*": 1}
    return counts


# -- what __init__ stores ----------------------------------------------------------------------------

def _stored(init, index, foreign: set[int]) -> dict[str, cst.BaseExpression] | None:
    """attribute -> the value ``__init__`` stores in it by a plain ``self.<attr> = value`` statement
    of its own body, for the attributes assigned nowhere else in the module (in source order)."""
    from jitguard.lint.analysis.instances import own_returns

    node = init.node
    if own_returns(node) or not node.params.params:
        return None
    counts = _attribute_targets(index, foreign)
    if "*" in counts:
        return None
    this = node.params.params[0].name.value
    out: dict[str, cst.BaseExpression] = {}
    for stmt in node.body.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.Assign) and len(small.targets) == 1:
                for target, value in _pairs(small.targets[0].target, small.value):
                    if isinstance(target.value, cst.Name) and target.value.value == this and counts.get(target.attr.value) == 1:
                        out[target.attr.value] = value
    return out


def _pairs(target: cst.BaseExpression, value: cst.BaseExpression) -> list[tuple[cst.Attribute, cst.BaseExpression]]:
    """(attribute target, value) of ``x.a = v`` and of ``x.a, x.b = u, v`` (a tuple of attributes
    unpacking a tuple or list literal of as many elements, none starred)."""
    if isinstance(target, cst.Attribute):
        return [(target, value)]
    if not (isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List))):
        return []
    targets, values = target.elements, value.elements
    if len(targets) != len(values) or any(isinstance(e, cst.StarredElement) for e in (*targets, *values)):
        return []
    return [(t.value, v.value) for t, v in zip(targets, values) if isinstance(t.value, cst.Attribute)]


def _kind(value: cst.BaseExpression, init, call: cst.Call, scope, kind_of) -> str | None:
    """The kind of ``value`` stored by ``__init__`` for the instance ``call`` builds: a parameter
    is the argument passed there (else its default)."""
    if isinstance(value, cst.Name):
        param = init.param(value.value)
        if param is not None:
            if param.kind != "positional" and param.kind != "kwonly":
                return None
            arg = _argument(call, init, value.value)
            if arg is not None:
                return kind_of(arg, scope)
            return kind_of(param.default, init.parent) if param.default is not None else None
    return kind_of(value, init)


def _argument(call: cst.Call, init, name: str) -> cst.BaseExpression | None:
    positional = [p.name for p in init.positional][1:]
    for i, arg in enumerate(call.args):
        if arg.keyword is not None:
            if arg.keyword.value == name:
                return arg.value
        elif i < len(positional) and positional[i] == name:
            return arg.value
    return None


# -- children that hold arrays: traced leaves of a traced instance ----------------------------------

def array_children(index) -> dict[str, bool]:
    """Attribute names that a registered pytree class of the module makes children of its
    ``tree_flatten`` (read as for JG206: registration, children, what ``__init__`` alone stores)
    and fills with an array at every construction of the module (``Basis(np.array(...))``, a
    module constant bound to one; ``arrays.array_kind``), at least one. Under ``jax.jit`` an
    instance passed as an argument is flattened: such an attribute of the traced instance is a
    traced array, also when it held a NumPy array (JAX 0.10.2: tests/test_recall9_mechanisms.py).
    attribute -> whether every construction stores a boolean mask there (``np.arange(4) > 1``)."""
    cached = index.__dict__.get("_array_children")
    if cached is not None:
        return cached
    from jitguard.lint.analysis.arrays import array_kind, boolean_array

    found: dict[str, bool] = {}
    constructions: dict[str, list] = {}
    for call, func, _klass, _loops in index.calls:
        if isinstance(call.func, cst.Name) and call.func.value in index.classes:
            constructions.setdefault(call.func.value, []).append((call, func))
    cache = index.__dict__.setdefault("_flatten_children", {})
    for name, calls in constructions.items():
        if name not in cache:
            cache[name] = _leaf_candidates(name, index)
        if cache[name] is None or any(a.star for call, _f in calls for a in call.args):
            continue
        init, candidates = cache[name]
        for attr, value in candidates:
            if all(_kind(value, init, call, func, lambda e, s: array_kind(e, index, s)) for call, func in calls):
                found[attr] = all(_kind(value, init, call, func, lambda e, s: boolean_array(e, index, s) or None)
                                  for call, func in calls)
    index.__dict__["_array_children"] = found
    return found
