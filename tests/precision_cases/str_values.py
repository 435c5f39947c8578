"""A str is never a tracer: JAX cannot trace a str (a str argument of `jax.jit` is a TypeError at
the call), so characters and pieces of a str are Python values wherever they flow.

Seen as: pgx `int(card)` in a helper that parses a deal string, reported as "traced" because the
parser was wrapped in `jax.jit` in a test module (there JAX raises at the call instead, on the str
argument: a different error, in dead code).
"""

import jax
import jax.numpy as jnp


def card_to_int(card: str) -> int:
    if card == "K":
        return 12
    if card == "Q":
        return 11
    if card == "J":
        return 10
    if card == "T":
        return 9
    if card == "A":
        return 0
    return int(card) - 1


def deal_to_key(deal: str, offset):
    key = jnp.zeros(52, dtype=jnp.int32)
    for player, hand in enumerate(deal[2:].split()):
        for suit, cards in enumerate(hand.split(".")):
            for card in cards:
                key = key.at[card_to_int(card) + suit * 13].set(player + offset)
    return key


DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"

parse = jax.jit(deal_to_key, static_argnums=0)

RUNS = [
    lambda: parse(DEAL, 1),
    lambda: jax.vmap(deal_to_key, in_axes=(None, 0))(DEAL, jnp.arange(2)),
]
