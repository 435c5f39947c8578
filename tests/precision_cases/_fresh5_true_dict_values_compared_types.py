"""The dict alias of fresh5_true_dict_values_compared (another module)."""

import jax

State = dict[str, jax.Array]
