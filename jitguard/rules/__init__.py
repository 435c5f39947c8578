"""The rules. Each is one small class in its own module; ALL_RULES is the registry.

To add a rule: write a ``Rule`` subclass with its metadata and ``visit_<Node>`` hooks, add it
here, add ``rules/<CODE>.py`` (examples that must and must not be flagged) at the repository root,
and run ``python -m jitguard.docs`` to write its page under ``docs/rules/``.
"""

from __future__ import annotations

from jitguard.rules.base import Rule
from jitguard.rules.jg101_traced_condition import TracedCondition
from jitguard.rules.jg102_traced_while import TracedWhile
from jitguard.rules.jg103_traced_truth import TracedTruthValue
from jitguard.rules.jg104_concretization import Concretization
from jitguard.rules.jg105_value_dependent_shape import ValueDependentShape
from jitguard.rules.jg201_static_argnums_range import StaticArgnumsOutOfRange
from jitguard.rules.jg202_unknown_argnames import UnknownArgnames
from jitguard.rules.jg203_unhashable_static import UnhashableStaticArgument
from jitguard.rules.jg204_static_and_donated import StaticAndDonated
from jitguard.rules.jg205_prefer_static_argnames import PreferStaticArgnames
from jitguard.rules.jg301_jit_new_function import JitOfNewFunction
from jitguard.rules.jg302_loop_varying_static import LoopVaryingStatic
from jitguard.rules.jg303_loop_varying_shape import LoopVaryingShape
from jitguard.rules.jg304_scalar_type_churn import ScalarTypeChurn

ALL_RULES: tuple[type[Rule], ...] = (
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
    JitOfNewFunction,
    LoopVaryingStatic,
    LoopVaryingShape,
    ScalarTypeChurn,
)
RULES_BY_CODE: dict[str, type[Rule]] = {r.code: r for r in ALL_RULES}

__all__ = ["ALL_RULES", "RULES_BY_CODE", "Rule"]
