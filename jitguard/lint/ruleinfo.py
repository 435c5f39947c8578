"""What ``jitguard check`` must know about the rules before it lints anything, without importing
them: their codes, names, scopes, whether they are on by default, and where each class lives.

The rule modules import libcst and the analysis (a third of a second of start-up); a run whose
files all come from the cache (the pre-commit hook on unchanged or lightly changed files) needs
only this table. ``tests/test_cache.py`` checks that it equals the registry
(``jitguard.lint.rules.ALL_RULES``), so a rule added there and not here fails a test.
"""

from __future__ import annotations

import importlib
from typing import NamedTuple

_RULES_PACKAGE = "jitguard.lint.rules"
DOCS_URL = "https://github.com/jitguard/jitguard/blob/main/docs/rules/{code}.md"


class RuleInfo(NamedTuple):
    code: str
    module: str  # under jitguard.lint.rules
    cls: str
    name: str  # kebab-case, like ruff's rule names
    scope: str  # jitguard.lint.rules.base.Scope's value
    default_enabled: bool

    def load(self) -> type:
        """The rule class (imports its module)."""
        return getattr(importlib.import_module(f"{_RULES_PACKAGE}.{self.module}"), self.cls)

    @property
    def url(self) -> str:
        return DOCS_URL.format(code=self.code)


RULES: tuple[RuleInfo, ...] = (
    RuleInfo("JG005", "jg005_unused_noqa", "UnusedNoqa", "unused-noqa", "suppression", False),
    RuleInfo("JG101", "jg101_traced_condition", "TracedCondition", "traced-condition", "traced", True),
    RuleInfo("JG102", "jg102_traced_while", "TracedWhile", "traced-while", "traced", True),
    RuleInfo("JG103", "jg103_traced_truth", "TracedTruthValue", "traced-truth-value", "traced", True),
    RuleInfo("JG104", "jg104_concretization", "Concretization", "traced-concretization", "traced", True),
    RuleInfo("JG105", "jg105_value_dependent_shape", "ValueDependentShape", "value-dependent-shape", "traced", True),
    RuleInfo("JG201", "jg201_static_argnums_range", "StaticArgnumsOutOfRange", "argnums-out-of-range", "module", True),
    RuleInfo("JG202", "jg202_unknown_argnames", "UnknownArgnames", "unknown-argnames", "module", True),
    RuleInfo("JG203", "jg203_unhashable_static", "UnhashableStaticArgument", "unhashable-static-argument", "project", True),
    RuleInfo("JG204", "jg204_static_and_donated", "StaticAndDonated", "static-and-donated", "module", True),
    RuleInfo("JG205", "jg205_prefer_static_argnames", "PreferStaticArgnames", "prefer-static-argnames", "module", False),
    RuleInfo("JG206", "jg206_untraceable_argument", "UntraceableArgument", "untraceable-argument", "module", True),
    RuleInfo("JG301", "jg301_jit_new_function", "JitOfNewFunction", "jit-of-new-function", "module", True),
    RuleInfo("JG302", "jg302_loop_varying_static", "LoopVaryingStatic", "loop-varying-static-argument", "project", True),
    RuleInfo("JG303", "jg303_loop_varying_shape", "LoopVaryingShape", "loop-varying-shape", "project", True),
    RuleInfo("JG304", "jg304_scalar_type_churn", "ScalarTypeChurn", "scalar-type-churn", "project", False),
)
BY_CODE: dict[str, RuleInfo] = {r.code: r for r in RULES}


def project_codes() -> frozenset[str]:
    """The codes of the project-wide rules (``Scope.PROJECT``: they run once per run over every
    call site of the tree; their findings can land in files other than the ones that cause them)."""
    return frozenset(r.code for r in RULES if r.scope == "project")


def project_rules(codes) -> list:
    """Instances of the enabled project-wide rules (imports only their modules)."""
    return [r.load()() for r in RULES if r.scope == "project" and r.code in codes]
