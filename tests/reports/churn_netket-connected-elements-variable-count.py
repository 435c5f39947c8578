# Report: netket/netket#477 https://github.com/netket/netket/issues/477
# Class: 6 (churn from data: the number of connected elements depends on the samples)
# Rule: JG303
# Reduced: "jitting a complex neural network": profiling showed an extra compilation at every
# optimisation step, because "the array of connected matrix elements has a variable batch size,
# due to different matrix elements being zero with different samples", and the jitted function
# sees a new shape each time. Here the operator keeps only the non-zero matrix elements of the
# sampled configurations (`np.nonzero`), the machine is a tiny RBM-like log-amplitude, and each
# step draws new samples. Fix (what netket does): keep every connected element up to the
# operator's fixed maximum (`max_conn_size`), with zero matrix elements as padding.
import jax
import jax.numpy as jnp
import numpy as np

N = 6


@jax.jit
def local_energy(w, sigma, sigma_p, mels, sections):
    logpsi = lambda s: jnp.sum(jnp.logaddexp(0.0, s @ w), axis=-1)
    ratios = jnp.exp(logpsi(sigma_p) - jnp.repeat(logpsi(sigma), sections, total_repeat_length=sigma_p.shape[0]))
    return jnp.sum(mels * ratios)


def sample(step, batch=4):
    return (np.arange(N)[None, :] < (step % N) + 1).repeat(batch, axis=0).astype(np.float32)


def flip(sigma, i):
    out = sigma.copy()
    out[i] = 1.0 - out[i]
    return out


# --- must be flagged ---


def get_conn_flattened(samples):
    rows, sites = np.nonzero(samples == 1.0)
    sigma_p = np.stack([flip(samples[r], i) for r, i in zip(rows, sites)])
    mels = -np.ones(len(rows), np.float32)
    sections = np.bincount(rows, minlength=samples.shape[0])
    return sigma_p, mels, sections


def optimise(n):
    w = jnp.full((N, 3), 0.1)
    energies = []
    for step in range(n):
        samples = sample(step)
        sigma_p, mels, sections = get_conn_flattened(samples)
        energies.append(local_energy(w, samples, sigma_p, mels, sections))  # expect: JG303
    return energies


# --- must not be flagged ---


def get_conn_padded(samples):
    sigma_p = np.stack([flip(s, i) for s in samples for i in range(N)])
    mels = np.where(samples.reshape(-1) == 1.0, -1.0, 0.0).astype(np.float32)
    sections = np.full(samples.shape[0], N)
    return sigma_p, mels, sections


def optimise_padded(n):
    w = jnp.full((N, 3), 0.1)
    energies = []
    for step in range(n):
        samples = sample(step)
        sigma_p, mels, sections = get_conn_padded(samples)
        energies.append(local_energy(w, samples, sigma_p, mels, sections))
    return energies


GROWS = [optimise]
BOUNDED = [optimise_padded]
