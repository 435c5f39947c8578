# Report: https://gimle-asgard.pages.dev/advanced/jax-jit (Asgard docs, "JAX & JIT Compatibility": why the trace operator breaks JIT)
# Class: 4 (Python control flow on a traced value inside a compiled closure: a convergence `break`)
# Rule: JG101
# Reduced: Asgard compiles circuits to JAX functions (`JAXCircuitCompiler().compile(circuit,
# jit=True)`); a circuit with a trace operator (feedback loop) is solved by fixed-point iteration
# that "converges by checking `if diff < tolerance: break`. This condition depends on a JAX value,
# which JIT cannot evaluate at trace time", so such circuits must be compiled with `jit=False`.
# Here the compiler keeps that shape (a class whose `compile` returns the solver closure, jitted
# on request); the circuit is a contraction `y = a * y + x`. Fix: the same iteration with
# `lax.while_loop`, which the docs' rule of thumb leaves out.
import jax
import jax.numpy as jnp
from jax import lax


class TraceCircuit:
    def __init__(self, gain):
        self.gain = gain


# --- must be flagged ---


class JAXCircuitCompiler:
    def __init__(self, tolerance=1e-6, max_iter=100):
        self.tolerance = tolerance
        self.max_iter = max_iter

    def compile(self, circuit, jit=False):
        def fn(x):
            y = jnp.zeros_like(x)
            for _ in range(self.max_iter):
                y_new = circuit.gain * y + x
                diff = jnp.max(jnp.abs(y_new - y))
                y = y_new
                if diff < self.tolerance:  # expect: JG101
                    break
            return y

        return jax.jit(fn) if jit else fn


def bug():
    fn = JAXCircuitCompiler().compile(TraceCircuit(0.5), jit=True)
    return fn(jnp.ones(3))


# --- must not be flagged ---


class WhileLoopCircuitCompiler:
    def __init__(self, tolerance=1e-6, max_iter=100):
        self.tolerance = tolerance
        self.max_iter = max_iter

    def compile(self, circuit, jit=False):
        def fn(x):
            def cond(carry):
                i, _, diff = carry
                return (i < self.max_iter) & (diff >= self.tolerance)

            def body(carry):
                i, y, _ = carry
                y_new = circuit.gain * y + x
                return i + 1, y_new, jnp.max(jnp.abs(y_new - y))

            _, y, _ = lax.while_loop(cond, body, (0, jnp.zeros_like(x), jnp.inf))
            return y

        return jax.jit(fn) if jit else fn


def fixed():
    fn = WhileLoopCircuitCompiler().compile(TraceCircuit(0.5), jit=True)
    return fn(jnp.ones(3))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
