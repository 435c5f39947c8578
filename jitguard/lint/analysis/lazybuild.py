"""Jitted functions built into a module global by a function that runs again and again.

``def ensure(): global _step; if <guard>: _step = jax.jit(lambda x: ...)`` called before every use
of ``_step`` builds the jit once only when the guard reads what the build changes (``if _step is
None:``, a record of the last build that the function assigns). A guard that reads nothing the
build assigns, and nothing else in the module reassigns either (only constants of this module,
pure calls), has the same value at every run: it held at the first (else the global would never be
built and calling it would fail), so it holds at every run, and each run jits a new function
object, which compiles again at its next call (JG301; vmc_jax#59, where the guard compared another
module's attribute that nothing assigned). Without a guard, the build runs at every run too.

Judged only where every name the guard reads is known here: a parameter, an import read as a
value (another module may change it), a method of an instance or a function of another module
makes the guard possibly changing, and the build is not reported.
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi, walk
from jitguard.lint.analysis.stagedflags import enclosing_tests
from jitguard.lint.analysis.walk import children, iter_nodes, own_nodes


def rebuilt_globals(index, repeated: dict, is_new_function):
    """(the transform call, its name, the global, the function, why it repeats, guarded) for each
    ``G = jax.jit(<new function>)`` into a global ``G`` that the module calls, in a function of
    ``repeated`` whose guard around it cannot change (``is_new_function(index, expr, scope,
    loops)``: JG301's test of a function made anew)."""
    called = {c.func.value for c, _f, _k, _l in index.calls if isinstance(c.func, cst.Name)}
    for scope, why in repeated.items():
        declared = _declared_globals(scope)
        if not declared or declared.isdisjoint(called):
            continue
        for node, name, target in _builds(index, scope, declared & called, is_new_function):
            tests = enclosing_tests(scope.node.body, node)
            if tests is None or any(_may_change(index, scope, test, declared) for test, _needed in tests):
                continue
            yield node.value, name, target, scope, why, bool(tests)


def _builds(index, scope, names: set[str], is_new_function):
    """``G = <jit transform>(<new function>, ...)`` statements of ``scope`` for a global of ``names``:
    (the assignment, the transform, ``G``)."""
    for node in own_nodes(scope.node.body):
        if not isinstance(node, cst.Assign) or len(node.targets) != 1 or not isinstance(node.value, cst.Call):
            continue
        target = node.targets[0].target
        if not isinstance(target, cst.Name) or target.value not in names:
            continue
        name = _transform(index, node.value.func, scope)
        args = [a.value for a in node.value.args if a.keyword is None and not a.star]
        if name in jaxapi.JIT_TRANSFORMS and args and is_new_function(index, args[0], scope, ()):
            yield node, name, target.value


def _declared_globals(scope) -> set[str]:
    found = walk.own_nodes_of(scope.node.body, _GLOBAL)
    return {item.name.value for node in found if isinstance(node, cst.Global) for item in node.names}


_GLOBAL = frozenset({cst.Global})


def _transform(index, func: cst.BaseExpression, scope) -> str | None:
    """The jit transform ``func`` names: directly, or a class attribute of the module bound to one
    or to ``functools.partial`` of one (``Defs.pmap_for_devices = partial(jax.pmap, devices=...)``;
    a partial is no descriptor, so reading it through the class gives that partial)."""
    name = index.transform_of(func, scope)
    if name is not None or not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
        return name
    klass = index.classes.get(func.value.value)
    value = class_attribute(klass, func.attr.value) if klass is not None else None
    if isinstance(value, cst.Call) and index.imports.resolve(value.func) == "functools.partial":
        first = next((a.value for a in value.args if a.keyword is None and not a.star), None)
        value = first
    return index.transform_of(value, None) if value is not None else None


def class_attribute(klass, name: str) -> cst.BaseExpression | None:
    """The value of ``name = value`` in the class body (its last such binding)."""
    found = None
    for stmt in klass.node.body.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Assign) and any(
                        isinstance(t.target, cst.Name) and t.target.value == name for t in small.targets):
                    found = small.value
    return found


def _may_change(index, scope, test: cst.BaseExpression, assigned: set[str], depth: int = 2) -> bool:
    """May the value of ``test`` (in ``scope``) differ between runs of ``scope``? False only when
    every value it reads is a constant of this module that nothing reassigns (nor ``scope``
    assigns: ``assigned``), and every call is a pure function of its arguments (a builtin, a
    function of a standard module below) or a module function / a static method of a module class
    whose own body reads only such values (its own locals and parameters aside)."""
    for read in _reads(test):
        if read is None:
            return True  # something not followed here (a comprehension, a lambda)
        if isinstance(read, cst.Call):
            if _unknown_call(index, scope, read, assigned, depth):
                return True
        elif _changing(index, scope, read, assigned):
            return True
    return False


def _reads(tree: cst.CSTNode):
    """What ``tree`` reads: each name or attribute chain (outermost only; not a call's function,
    a keyword's name or an attribute's own name) and each call; None for what is not followed."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Lambda, *_COMPREHENSIONS)):
            yield None
        elif isinstance(node, cst.Name) or (isinstance(node, cst.Attribute) and _head(node) is not None):
            yield node
        elif isinstance(node, cst.Attribute):
            stack.append(node.value)
        elif isinstance(node, cst.Call):
            yield node
            stack.extend(a.value for a in node.args)
        elif isinstance(node, cst.Arg):
            stack.append(node.value)
        else:
            stack.extend(children(node))


_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)
# standard modules whose functions compute from their arguments alone
_PURE_MODULES = ("collections.", "math.", "operator.", "builtins.")
_PURE_BUILTINS = frozenset({"len", "set", "frozenset", "tuple", "list", "sorted", "isinstance", "bool", "int",
                            "str", "any", "all", "min", "max", "abs"})


def _unknown_call(index, scope, call: cst.Call, assigned: set[str], depth: int) -> bool:
    func = call.func
    if isinstance(func, cst.Name) and func.value in _PURE_BUILTINS and index.lookup_function(func.value, scope) is None:
        return False
    resolved = index.imports.resolve(func) or ""
    if resolved.startswith(_PURE_MODULES):
        return False
    callee = _module_callee(index, scope, func)
    if callee is None or depth == 0:
        return True
    own = {p.name for p in callee.params} | {
        t.target.value for node in own_nodes(callee.node.body) if isinstance(node, cst.Assign)
        for t in node.targets if isinstance(t.target, cst.Name)}
    for read in _reads(callee.node.body):
        if read is None:
            return True
        if isinstance(read, cst.Call):
            if _unknown_call(index, callee, read, assigned, depth - 1):
                return True
        elif _head(read) not in own and _changing(index, None, read, assigned):
            return True
    return False


def _module_callee(index, scope, func: cst.BaseExpression):
    """A plain function of the module, or a staticmethod of a module class read through the class."""
    if isinstance(func, cst.Name):
        found = index.lookup_function(func.value, scope)
        return found if found is not None and found.parent is None and found.cls is None else None
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value in index.classes:
        method = index.classes[func.value.value].methods.get(func.attr.value)
        if method is not None and any(isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod"
                                      for d in method.node.decorators):
            return method
    return None


def _head(expr: cst.BaseExpression) -> str | None:
    while isinstance(expr, cst.Attribute):
        expr = expr.value
    return expr.value if isinstance(expr, cst.Name) else None


def _changing(index, scope, expr: cst.BaseExpression, assigned: set[str]) -> bool:
    """Is the value ``expr`` (a name or an attribute chain) read possibly different between runs:
    a name the building function assigns (``assigned``) or another function rebinds (``global``),
    a parameter, an import read as a value, an attribute chain some code of the module assigns,
    or a name not defined at the module's top level?"""
    head = _head(expr)
    if head in ("True", "False", "None"):
        return False
    if head is None or head in assigned or (scope is not None and scope.param(head) is not None):
        return True
    if head in index.imports.names:
        return True  # another module's value: it may be assigned there
    if head not in index.classes and head not in index.module_defs and head not in _module_names(index):
        return True
    if head in _rebound_globals(index):
        return True
    if head not in index.classes:
        return _mutated(index, head)  # a module-level object: any store into it, any method called on it
    return isinstance(expr, cst.Attribute) and _attribute_assigned(index, expr)


def _module_names(index) -> set[str]:
    return {name for name, _value in index._module_assigns}


def _rebound_globals(index) -> set[str]:
    """Names some function of the module declares ``global`` (and so may rebind)."""
    out: set[str] = set()
    for info in index.functions:
        if isinstance(info.node, cst.FunctionDef):
            out |= _declared_globals(info)
    return out


def _mutated(index, head: str) -> bool:
    """Does code of the module store into the object the module-level name ``head`` holds
    (``head[k] = v``, ``head.x = v``, ``del head[k]``) or call a method on it (``head.add(v)``)?"""
    for node in iter_nodes(index.module):
        if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.Del)):
            if isinstance(node, cst.Assign):
                targets = [t.target for t in node.targets]
            else:
                targets = [node.target]
            if any(not isinstance(t, cst.Name) and _base(t) == head for t in targets):
                return True
            if isinstance(node, cst.AugAssign) and _base(node.target) == head:
                return True
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and _base(node.func) == head:
            return True
    return False


def _base(expr: cst.BaseExpression) -> str | None:
    """The name at the base of ``a.b[k].c``."""
    while isinstance(expr, (cst.Attribute, cst.Subscript)):
        expr = expr.value
    return expr.value if isinstance(expr, cst.Name) else None


def _attribute_assigned(index, expr: cst.Attribute) -> bool:
    """Does code of the module assign the chain ``expr`` (``A.b = ...``, outside a class body;
    ``setattr`` anywhere counts as possibly)?"""
    wanted = index.module.code_for_node(expr)
    for node in iter_nodes(index.module):
        if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
            targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            if any(isinstance(t, cst.Attribute) and index.module.code_for_node(t) == wanted for t in targets):
                return True
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "setattr":
            return True
    return False
