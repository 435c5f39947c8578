"""Helper module of fresh4_wrapped_static_field_across_modules.py: a registered dataclass whose
static fields are declared by `dataclasses.field(...)` calls wrapped over several lines."""

import dataclasses
import enum

import jax


class SourceOfTruth(enum.Enum):
    CORE = "core"
    EDGE = "edge"


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class EdgeParams:
    source_of_truth: SourceOfTruth = dataclasses.field(
        metadata={"static": True}
    )
    num_guesses: int = dataclasses.field(
        default=3,
        metadata={"static": True},
    )
    update: jax.Array = None
    scale: jax.Array = None
