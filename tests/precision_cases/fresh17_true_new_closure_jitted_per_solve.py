"""True (held-out 17): `jax.jit` of a function defined anew on each call (a closure over the
call's values, or one built per item of a loop) misses JAX's cache: when the function that builds
it runs once per step of an iterative solve, or once per item of the data, the number of compiles
grows with the steps or the items (JAX 0.10.2: one compile per boundary per Newton step; one per
transmitted wave).

Seen as (held-out 17): jax-am `fem/core.py` (`compute_face` jits `jax.vmap` of a new kernel per
boundary condition, and runs at every Newton iteration of the solver); jaxus `rf_simulator.py`
(`_get_vectorized_simulate_function` returns `jit` of a new nested `vmap` closing over one
transmit's delays, and `simulate_rf_data` calls it once per transmit).
"""

import jax
import jax.numpy as jnp


class Faces:
    def __init__(self, fluxes):
        self.fluxes = fluxes

    def assemble(self, state):
        def make(flux):
            def local(u):
                return jax.vmap(flux)(u)

            return local

        out = []
        for flux in self.fluxes:
            batched = jax.jit(jax.vmap(make(flux)))  # expect: JG301
            out.append(batched(state))
        return out


def newton(n):
    faces = Faces([lambda u: 2.0 * u, jnp.sin])
    state = jnp.ones((4, 3))
    for _ in range(n):
        faces.assemble(state)
    return state


def simulator_for(delays):
    def one(sample, pos):
        return jnp.cos(sample * 0.1 - delays[0] - pos)

    return jax.jit(jax.vmap(jax.vmap(one, in_axes=(None, 0)), in_axes=(0, None)))  # expect: JG301


def one_wave(delays):
    sim = simulator_for(delays)
    return sim(jnp.arange(8.0), jnp.ones(5))


def all_waves(n):
    delays = jnp.ones((n, 6))
    return [one_wave(delays[k]) for k in range(n)]


GROWS = [newton, all_waves]
