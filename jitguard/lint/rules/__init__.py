"""The rules. Each is one small class in its own module; ALL_RULES is the registry.

To add a rule: write a ``Rule`` subclass with its metadata, its ``scope`` and its checks (see
``jitguard.lint.rules.base``), add it
here and to the table of ``jitguard.lint.ruleinfo`` (what a run reads without importing the rules;
a test compares the two), add ``rules/<CODE>.py`` (examples that must and must not be flagged) at the repository root,
and run ``python -m jitguard.lint.docs`` to write its page under ``docs/rules/``.
"""

from __future__ import annotations

from jitguard.lint.rules.base import Rule
from jitguard.lint.rules.jg005_unused_noqa import UnusedNoqa
from jitguard.lint.rules.jg101_traced_condition import TracedCondition
from jitguard.lint.rules.jg102_traced_while import TracedWhile
from jitguard.lint.rules.jg103_traced_truth import TracedTruthValue
from jitguard.lint.rules.jg104_concretization import Concretization
from jitguard.lint.rules.jg105_value_dependent_shape import ValueDependentShape
from jitguard.lint.rules.jg201_static_argnums_range import StaticArgnumsOutOfRange
from jitguard.lint.rules.jg202_unknown_argnames import UnknownArgnames
from jitguard.lint.rules.jg203_unhashable_static import UnhashableStaticArgument
from jitguard.lint.rules.jg204_static_and_donated import StaticAndDonated
from jitguard.lint.rules.jg205_prefer_static_argnames import PreferStaticArgnames
from jitguard.lint.rules.jg206_untraceable_argument import UntraceableArgument
from jitguard.lint.rules.jg301_jit_new_function import JitOfNewFunction
from jitguard.lint.rules.jg302_loop_varying_static import LoopVaryingStatic
from jitguard.lint.rules.jg303_loop_varying_shape import LoopVaryingShape
from jitguard.lint.rules.jg304_scalar_type_churn import ScalarTypeChurn

ALL_RULES: tuple[type[Rule], ...] = (
    UnusedNoqa,
    TracedCondition,
    TracedWhile,
    TracedTruthValue,
    Concretization,
    ValueDependentShape,
    StaticArgnumsOutOfRange,
    UnknownArgnames,
    UnhashableStaticArgument,
    StaticAndDonated,
    PreferStaticArgnames,
    UntraceableArgument,
    JitOfNewFunction,
    LoopVaryingStatic,
    LoopVaryingShape,
    ScalarTypeChurn,
)
RULES_BY_CODE: dict[str, type[Rule]] = {r.code: r for r in ALL_RULES}

__all__ = ["ALL_RULES", "RULES_BY_CODE", "Rule"]
