# Report: XanaduAI/MrMustard#546 https://github.com/XanaduAI/MrMustard/pull/546
# Class: 2 (traced value reaches Python control flow through a library helper)
# Rule: JG101; mined as JG103 (the `and`/`or` operand), relabelled: the corpus reports `if a and/or b:` on a traced operand as JG101
# Reduced: "Adding a Jax backend": `attenuator_Abc(eta)` builds the (A, b, c) triple of an
# attenuator channel and first validates its parameters with `for e in eta: if math.real(e) > 1
# or math.real(e) < 0: raise ValueError("Transmissivity must be a float in the interval [0, 1]")`.
# With the jax backend the triples are computed under `jax.jit`, `eta` is traced, and Python's
# `or` needs the truth value of `real(e) > 1`: "We cannot do jitting if we want to use `if /
# else` that use values of the incoming variables." The PR skips the data-dependent check while
# jitting; the look-alike keeps the check on the concrete input, outside the jitted function.
import jax
import jax.numpy as math
import numpy as np


def _vacuum_b_vector(n):
    return math.zeros((n,), math.complex64)


# --- must be flagged ---


def attenuator_Abc(eta):
    eta = math.atleast_1d(math.asarray(eta, math.complex64))
    n_modes = len(eta)
    for e in eta:
        if math.real(e) > 1 or math.real(e) < 0:  # expect: JG101
            raise ValueError("Transmissivity must be a float in the interval ``[0, 1]``")
    O_n = math.zeros((n_modes, n_modes), math.complex64)
    eta1 = math.diag(math.sqrt(eta))
    eta2 = math.eye(n_modes) - math.diag(eta)
    A = math.block([[O_n, eta1, O_n, O_n], [eta1, O_n, O_n, eta2], [O_n, O_n, O_n, eta1], [O_n, eta2, eta1, O_n]])
    return A, _vacuum_b_vector(n_modes * 4), 1.0 + 0j


def crashes():
    return jax.jit(attenuator_Abc)(np.array([0.3, 0.8]))


# --- must not be flagged ---


@jax.jit
def _attenuator_Abc_traced(eta):
    eta = math.atleast_1d(math.asarray(eta, math.complex64))
    n_modes = len(eta)
    O_n = math.zeros((n_modes, n_modes), math.complex64)
    eta1 = math.diag(math.sqrt(eta))
    eta2 = math.eye(n_modes) - math.diag(eta)
    A = math.block([[O_n, eta1, O_n, O_n], [eta1, O_n, O_n, eta2], [O_n, O_n, O_n, eta1], [O_n, eta2, eta1, O_n]])
    return A, _vacuum_b_vector(n_modes * 4), 1.0 + 0j


def attenuator_Abc_checked(eta):
    eta_np = np.atleast_1d(np.asarray(eta))
    if np.any(eta_np.real > 1) or np.any(eta_np.real < 0):
        raise ValueError("Transmissivity must be a float in the interval ``[0, 1]``")
    return _attenuator_Abc_traced(eta_np)


def works():
    return attenuator_Abc_checked(np.array([0.3, 0.8]))


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
