# Report: XanaduAI/GradDFT#99 https://github.com/XanaduAI/GradDFT/issues/99
# Class: 1 (values inside containers and objects: a method's membership test on a traced array field)
# Rule: JG101
# Reduced: "TypeError: Attempted boolean conversion of traced array with shape bool[] in
# select_HF_omegas": the training kernel is jitted and takes the molecule, a registered pytree,
# so every array field of the molecule is a tracer inside it. `Molecule.select_HF_omegas`
# validates the requested range-separation parameters with `if o not in self.omegas:`; `in`
# on a JAX array is `(self.omegas == o).any()`, and `if` converts it to a Python bool:
# TracerBoolConversionError. The molecule is reduced to its two fields used here (the omegas
# its chi tensor was computed for, and chi), the energy to the selected chi summed. The fix
# selects the columns with array operations (no Python check of traced values).
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Molecule:
    omegas: jax.Array
    chi: jax.Array

    # --- must be flagged ---

    def select_HF_omegas(self, omegas):
        for o in omegas:
            if o not in self.omegas:  # expect: JG101
                raise ValueError(f"The molecule.chi tensor does not contain omega value {o}")
        indices = jnp.array([jnp.argmax(self.omegas == o) for o in omegas])
        return self.chi[:, indices]

    def HF_energy_density(self, omegas):
        return self.select_HF_omegas(omegas).sum()


@jax.jit
def kernel(molecule):
    return molecule.HF_energy_density([0.0, 0.4])


def train_step():
    molecule = Molecule(jnp.array([0.0, 0.4, 1.0]), jnp.ones((5, 3)))
    return kernel(molecule)


# --- must not be flagged ---


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class ArrayMolecule(Molecule):
    def select_HF_omegas(self, omegas):
        wanted = jnp.asarray(omegas)
        indices = jnp.argmin(jnp.abs(self.omegas[None, :] - wanted[:, None]), axis=1)
        return self.chi[:, indices]


def train_step_fixed():
    return kernel(ArrayMolecule(jnp.array([0.0, 0.4, 1.0]), jnp.ones((5, 3))))


RAISES = [(train_step, "TracerBoolConversionError")]
RUNS = [train_step_fixed]
