# Report: graphcore-research/pyscf-ipu#20 https://github.com/graphcore-research/pyscf-ipu/issues/20
# Class: 5 (what reaches a static position: an object defining __eq__ without __hash__)
# Rule: JG203
# Reduced: the options come from argparse (`argparse.Namespace`, which defines `__eq__` and so
# is unhashable); passing them at a static position fails. Fix (the issue's): convert the
# namespace to a namedtuple after parsing.
import argparse
import collections
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


@functools.partial(jax.jit, static_argnums=(1,))
def nanoDFT(x, opts):
    return x * opts.its


def main(argv=("--its", "3")):
    parser = argparse.ArgumentParser()
    parser.add_argument("--its", type=int, default=20)
    opts = parser.parse_args(list(argv))
    return nanoDFT(jnp.ones(2), opts)  # expect: JG203


# --- must not be flagged ---


def main_namedtuple(argv=("--its", "3")):
    parser = argparse.ArgumentParser()
    parser.add_argument("--its", type=int, default=20)
    args = parser.parse_args(list(argv))
    Opts = collections.namedtuple("Opts", vars(args).keys())
    opts = Opts(**vars(args))
    return nanoDFT(jnp.ones(2), opts)


RAISES = [(main, "ValueError")]
RUNS = [main_namedtuple]
