"""The sweep module of `fresh22_function_passed_where_a_class_is_tested.py`: it vmaps the
spectrum with a lambda first."""

import jax

from tests.precision_cases.fresh22_function_passed_where_a_class_is_tested import spectrum


def sweep(step_fn, params, state0, dt, n_steps, renorm_every=1):
    def one(p, s0):
        return spectrum(lambda s: step_fn(s, p), s0, dt, n_steps, renorm_every=renorm_every)

    return jax.vmap(one)(params, state0)
