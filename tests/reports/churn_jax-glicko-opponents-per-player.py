# Report: jax-ml/jax#817 https://github.com/jax-ml/jax/issues/817
# Class: 6 (churn from data: each player has a different number of opponents)
# Rule: JG303
# Reduced: a Glicko rating benchmark with `jit` decorators ran 20 s in JAX against 121 ms in
# numba; "the vast majority of time here is spent recompiling the `jit`ted functions for new
# argument shapes": `calculate_approximate_likelihood` gets the arrays of each player's opponents,
# whose length is that player's number of games. The benchmark's code lives in another repository
# and is not in the thread: the Glicko step here is the textbook one (g, E, v, delta) and the
# opponent lists grow by one per player. Fix (the direction of the thread: shapes that repeat):
# pad each player's opponents to a fixed maximum and mask the padding.
import jax
import jax.numpy as jnp
import numpy as np

MAX_OPPONENTS = 16


@jax.jit
def calculate_approximate_likelihood(mu, opponent_mus, opponent_phis, scores):
    g = 1.0 / jnp.sqrt(1.0 + 3.0 * opponent_phis**2 / jnp.pi**2)
    e = 1.0 / (1.0 + jnp.exp(-g * (mu - opponent_mus)))
    v = 1.0 / jnp.sum(g**2 * e * (1.0 - e))
    return v, v * jnp.sum(g * (scores - e))


@jax.jit
def calculate_approximate_likelihood_masked(mu, opponent_mus, opponent_phis, scores, mask):
    g = 1.0 / jnp.sqrt(1.0 + 3.0 * opponent_phis**2 / jnp.pi**2)
    e = 1.0 / (1.0 + jnp.exp(-g * (mu - opponent_mus)))
    v = 1.0 / jnp.sum(mask * g**2 * e * (1.0 - e))
    return v, v * jnp.sum(mask * g * (scores - e))


def games_of(player):
    n_games = 3 + player
    return np.linspace(-1.0, 1.0, n_games), np.full(n_games, 0.5), (np.arange(n_games) % 2).astype(np.float64)


# --- must be flagged ---


def rate_players(n_players):
    out = []
    for player in range(n_players):
        opponent_mus, opponent_phis, scores = games_of(player)
        out.append(calculate_approximate_likelihood(0.0, opponent_mus, opponent_phis, scores))  # expect: JG303
    return out


# --- must not be flagged ---


def pad(values, size):
    padded = np.zeros(size, values.dtype)
    padded[: len(values)] = values
    return padded


def rate_players_padded(n_players):
    out = []
    for player in range(n_players):
        opponent_mus, opponent_phis, scores = games_of(player)
        mask = pad(np.ones(len(scores)), MAX_OPPONENTS)
        out.append(calculate_approximate_likelihood_masked(
            0.0, pad(opponent_mus, MAX_OPPONENTS), pad(opponent_phis, MAX_OPPONENTS), pad(scores, MAX_OPPONENTS), mask))
    return out


GROWS = [rate_players]
BOUNDED = [rate_players_padded]
