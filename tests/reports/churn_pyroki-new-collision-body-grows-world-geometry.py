# Report: chungmin99/pyroki#24 https://github.com/chungmin99/pyroki/issues/24
# Class: 6 (churn that comes from data: the number of collision bodies grows at run time)
# Rule: JG303
# Reduced: "Online planning with new collision object": in the online planning demo, adding a
# newly detected collision object to the world's collision list makes the jitted solver
# "re-warm" (recompile), too slow for online planning. The maintainer: the recompilation comes
# from the shape change; pad the world geometry a priori to a fixed number of bodies and pass a
# validity mask that zeroes the padded bodies' cost. Reduced: spheres as rows (x, y, z, r), the
# solver one gradient step on a collision + target cost, one new sphere per planning step.
import jax
import jax.numpy as jnp

MAX_BODIES = 8
TARGET = jnp.array([0.4, 0.1, 0.3])


def collision_cost(cfg, world):
    dist = jnp.linalg.norm(cfg[None, :] - world[:, :3], axis=-1) - world[:, 3]
    return jnp.sum(jnp.maximum(0.05 - dist, 0.0))


@jax.jit
def plan_step(cfg, world):
    cost = lambda c: collision_cost(c, world) + jnp.sum((c - TARGET) ** 2)
    return cfg - 0.1 * jax.grad(cost)(cfg)


# --- must be flagged ---


def online_planning(n):
    bodies = [jnp.array([0.5, 0.0, 0.3, 0.1])]
    cfg = jnp.zeros(3)
    for step in range(n):
        bodies.append(jnp.array([0.1 * step, 0.2, 0.3, 0.05]))  # a newly detected object
        world = jnp.stack(bodies)
        cfg = plan_step(cfg, world)  # expect: JG303
    return cfg


# --- must not be flagged ---


@jax.jit
def masked_plan_step(cfg, padded_world, valid):
    """pyroki#24: a fixed number of bodies; the padded ones' distances are masked out."""

    def total(c):
        dist = jnp.linalg.norm(c[None, :] - padded_world[:, :3], axis=-1) - padded_world[:, 3]
        return jnp.sum(jnp.where(valid, jnp.maximum(0.05 - dist, 0.0), 0.0)) + jnp.sum((c - TARGET) ** 2)

    return cfg - 0.1 * jax.grad(total)(cfg)


def online_planning_padded(n):
    padded_world = jnp.zeros((MAX_BODIES, 4)).at[0].set(jnp.array([0.5, 0.0, 0.3, 0.1]))
    valid = jnp.arange(MAX_BODIES) < 1
    cfg = jnp.zeros(3)
    for step in range(n):
        padded_world = padded_world.at[step + 1].set(jnp.array([0.1 * step, 0.2, 0.3, 0.05]))
        valid = jnp.arange(MAX_BODIES) < step + 2
        cfg = masked_plan_step(cfg, padded_world, valid)
    return cfg


GROWS = [online_planning]
BOUNDED = [online_planning_padded]
