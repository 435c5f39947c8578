# Report: gdsfactory/klujax#34 https://github.com/gdsfactory/klujax/issues/34
# Class: 3 (a library result computed inside the trace is a tracer, constants as inputs notwithstanding)
# Rule: JG104
# Reduced: `klujax.analyze()` returns `KLUSymbolic(int(raw_symbol))` where `raw_symbol` is the
# output of `analyze_p.bind(...)`; SAX models such as `coupler_ring(wl)` call `sax.circuit(...)`
# in their body, so when circulax's equinox-jitted Newton step traces the model, `analyze` runs
# inside the trace and `int()` raises ConcretizationTypeError. The primitive is replaced by a jnp
# reduction of the sparsity pattern (also a tracer under jit), the circuit's solve by a small
# expression; the chain model -> circuit -> analyze keeps its shape, `jax.jit` stands for
# `eqx.filter_jit`. Fix: the recommended pattern, the circuit built once outside the
# trace and the model closing over it.
import jax
import jax.numpy as jnp


class KLUSymbolic:
    def __init__(self, handle):
        self.handle = handle


# --- must be flagged ---


def analyze(Ai, Aj, n_col):
    raw_symbol = jnp.sum(Ai * n_col + Aj).astype(jnp.uint32)
    return KLUSymbolic(int(raw_symbol))  # expect: JG104


NETLIST = {"rows": [0, 1, 2, 2], "cols": [0, 1, 1, 2], "n": 3}


def circuit(netlist):
    Ai = jnp.asarray(netlist["rows"])
    Aj = jnp.asarray(netlist["cols"])
    symbolic = analyze(Ai, Aj, netlist["n"])

    def circuit_fn(wl=1.55):
        return jnp.cos(2 * jnp.pi * wl * jnp.arange(netlist["n"])) * (symbolic.handle % 7 + 1)

    return circuit_fn, symbolic


def coupler_ring(wl=1.55):
    circuit_fn, _ = circuit(NETLIST)
    return circuit_fn(wl=wl)


@jax.jit
def newton_step(wl):
    return coupler_ring(wl) - 0.5


def bug():
    return newton_step(1.55)


# --- must not be flagged ---


_circuit_fn, _ = circuit(NETLIST)


def coupler_ring_prebuilt(wl=1.55):
    return _circuit_fn(wl=wl)


@jax.jit
def newton_step_prebuilt(wl):
    return coupler_ring_prebuilt(wl) - 0.5


def fixed():
    return newton_step_prebuilt(1.55)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
