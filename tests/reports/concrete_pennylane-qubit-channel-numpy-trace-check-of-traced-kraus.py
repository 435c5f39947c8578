# Report: PennyLaneAI/pennylane#5285 https://github.com/PennyLaneAI/pennylane/issues/5285
# Class: 4 (NumPy and Python on traced values, deeper: a constructor's NumPy check on traced operators)
# Rule: JG104
# Reduced: "Incompatibility qml.QubitChannel and the mixed device with jax.jit": inside
# `@jax.jit @qml.qnode(dev, interface="jax") def noise_channel(p)`, the Kraus operators
# `k0 = jnp.sqrt(1 - p) * jnp.eye(2)`, `k1 = jnp.sqrt(p) * jnp.eye(2)` are traced, and
# `qml.QubitChannel([k0, k1], wires=[0])` raises TracerArrayConversionError: its constructor
# (pennylane/ops/channel.py, from PR #778) checks trace preservation with plain NumPy,
# `np.sum(np.array([a @ b for a, b in zip(K_dag, K_list)]), axis=0)`. Fix (later
# QubitChannel/QutritChannel): skip the check when any Kraus matrix is abstract. The mixed
# device's evolution is written out as the channel applied to |0><0|.
import jax
import jax.numpy as jnp
import numpy as np


class QubitChannel:
    def __init__(self, K_list, wires):
        if not all(K.shape == K_list[0].shape for K in K_list):
            raise ValueError("All Kraus matrices must have the same shape.")
        K_dag = [K.conj().T for K in K_list]
        Kraus_sum = np.sum(np.array([a @ b for a, b in zip(K_dag, K_list)]), axis=0)  # expect: JG104
        if not np.allclose(Kraus_sum, np.eye(K_list[0].shape[0])):
            raise ValueError("Only trace preserving channels can be applied.")
        self.K_list = K_list
        self.wires = wires

    def apply(self, rho):
        return sum(K @ rho @ K.conj().T for K in self.K_list)


rho0 = jnp.array([[1.0, 0.0], [0.0, 0.0]])


# --- must be flagged ---


@jax.jit
def noise_channel(p):
    k0 = jnp.sqrt(1 - p) * jnp.eye(2)
    k1 = jnp.sqrt(p) * jnp.eye(2)
    channel = QubitChannel([k0, k1], wires=[0])
    return channel.apply(rho0)


def crashes():
    return noise_channel(0.1)


# --- must not be flagged ---


class QubitChannelFixed:
    def __init__(self, K_list, wires):
        if not all(K.shape == K_list[0].shape for K in K_list):
            raise ValueError("All Kraus matrices must have the same shape.")
        if not any(isinstance(K, jax.core.Tracer) for K in K_list):
            K_arr = jnp.asarray(K_list)
            Kraus_sum = jnp.einsum("ajk,ajl->kl", K_arr.conj(), K_arr)
            if not jnp.allclose(Kraus_sum, jnp.eye(K_list[0].shape[0])):
                raise ValueError("Only trace preserving channels can be applied.")
        self.K_list = K_list
        self.wires = wires

    def apply(self, rho):
        return sum(K @ rho @ K.conj().T for K in self.K_list)


@jax.jit
def noise_channel_fixed(p):
    k0 = jnp.sqrt(1 - p) * jnp.eye(2)
    k1 = jnp.sqrt(p) * jnp.eye(2)
    return QubitChannelFixed([k0, k1], wires=[0]).apply(rho0)


def works():
    return noise_channel_fixed(0.1)


RAISES = [(crashes, "TracerArrayConversionError")]
RUNS = [works]
