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

ALL_RULES: tuple[type[Rule], ...] = (
    TracedCondition,
    TracedWhile,
    TracedTruthValue,
    Concretization,
    ValueDependentShape,
)
RULES_BY_CODE: dict[str, type[Rule]] = {r.code: r for r in ALL_RULES}

__all__ = ["ALL_RULES", "RULES_BY_CODE", "Rule"]
