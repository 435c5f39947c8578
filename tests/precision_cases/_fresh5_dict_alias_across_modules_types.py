"""The dict alias of fresh5_dict_alias_across_modules (another module, as in the package)."""

import jax

State = dict[str, jax.Array]
