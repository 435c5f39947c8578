# Report: PyAutoLabs/PyAutoArray#286 https://github.com/PyAutoLabs/PyAutoArray/issues/286
# Class: 1 (values inside containers and objects: a grid built by a method keeps the default array module, NumPy, while it holds tracers)
# Rule: JG104
# Reduced: "The source-plane variant (`al.FitPositionsSource`) blocks at compile time because
# `Grid2DIrregular` derived constructors do not propagate the `xp` backend, so model_data ends up
# with `_xp=np` while holding JAX tracers": `grid_2d_via_deflection_grid_from` returns
# `Grid2DIrregular(values=self - deflection_grid)`, and `squared_distances_to_coordinate_from` on
# it raises TracerArrayConversionError under `jax.jit`. Here the positions are a grid made with
# `xp=jnp`, the traced deflections move them to the source plane through the derived constructor,
# and the distances to the source centre use the new grid's module: NumPy. Fix (the issue's):
# the derived constructors pass `xp=self._xp` on.
import jax
import jax.numpy as jnp
import numpy as np


def deflections(einstein_radius, values):
    r = jnp.sqrt(jnp.sum(values**2, axis=1, keepdims=True))
    return einstein_radius * values / r


# --- must be flagged ---


class Grid2DIrregular:
    def __init__(self, values, xp=np):
        self.values = values
        self._xp = xp

    def grid_2d_via_deflection_grid_from(self, deflection_grid):
        return Grid2DIrregular(values=self.values - deflection_grid)

    def squared_distances_to_coordinate_from(self, coordinate):
        xp = self._xp
        return xp.square(self.values[:, 0] - coordinate[0]) + xp.square(self.values[:, 1] - coordinate[1])  # expect: JG104


POSITIONS = Grid2DIrregular(jnp.array([[1.0, 0.5], [-0.8, -0.6], [0.2, 1.1]]), xp=jnp)


@jax.jit
def log_likelihood(einstein_radius):
    source_plane = POSITIONS.grid_2d_via_deflection_grid_from(deflections(einstein_radius, POSITIONS.values))
    return -0.5 * jnp.sum(source_plane.squared_distances_to_coordinate_from((0.0, 0.0)))


def fit():
    return log_likelihood(1.1)


# --- must not be flagged ---


class Grid2DIrregularXp:
    def __init__(self, values, xp=np):
        self.values = values
        self._xp = xp

    def grid_2d_via_deflection_grid_from(self, deflection_grid):
        return Grid2DIrregularXp(values=self.values - deflection_grid, xp=self._xp)

    def squared_distances_to_coordinate_from(self, coordinate):
        xp = self._xp
        return xp.square(self.values[:, 0] - coordinate[0]) + xp.square(self.values[:, 1] - coordinate[1])


@jax.jit
def log_likelihood_xp(einstein_radius, image_positions):
    grid = Grid2DIrregularXp(image_positions, xp=jnp)
    traced_back = grid.grid_2d_via_deflection_grid_from(deflections(einstein_radius, image_positions))
    return -0.5 * traced_back.squared_distances_to_coordinate_from((0.0, 0.0)).sum()


def fit_xp():
    image_positions = jnp.array([[1.0, 0.5], [-0.8, -0.6], [0.2, 1.1]])
    return log_likelihood_xp(1.1, image_positions)


RAISES = [(fit, "TracerArrayConversionError")]
RUNS = [fit_xp]
