# Report: secretflow/secretflow#406 https://github.com/secretflow/secretflow/issues/406
# Class: 3 (everything created inside jit is traced: labels computed in the step, then a boolean mask)
# Rule: JG105
# Reduced: "Weird jax operations in spu": a k-means step run as JAX code (SPU traces it like
# `jax.jit`) updates centroids with `for j in range(n_clusters): centroids =
# centroids.at[j].set(X[labels == j].mean(axis=0))` -> NonConcreteBooleanIndexError; the second
# attempt `jnp.array([jnp.mean(X[jnp.where(labels == j)], axis=0) for j in range(n_clusters)])`
# fails with "The size argument of jnp.nonzero must be statically specified". `labels` is
# computed inside the traced step, so the number of members of each cluster is a value, not a
# shape. Maintainer: `where` is a select (`jnp.where(x > 0, x, 0)`), so sum the selected points
# and divide by the count instead of gathering them.
import jax
import jax.numpy as jnp

X = jnp.array([[0.0, 0.0], [0.1, 0.2], [5.0, 5.0], [5.2, 4.9], [9.0, 0.5], [8.8, 0.4]])
INIT = jnp.array([[0.5, 0.5], [4.0, 4.0], [8.0, 1.0]])


def assign(X, centroids):
    d = ((X[:, None, :] - centroids[None, :, :]) ** 2).sum(-1)
    return jnp.argmin(d, axis=1)


# --- must be flagged ---


@jax.jit
def step_mask(X, centroids):
    labels = assign(X, centroids)
    for j in range(centroids.shape[0]):
        centroids = centroids.at[j].set(X[labels == j].mean(axis=0))  # expect: JG105
    return centroids


@jax.jit
def step_where(X, centroids):
    labels = assign(X, centroids)
    return jnp.array([jnp.mean(X[jnp.where(labels == j)], axis=0) for j in range(centroids.shape[0])])  # expect: JG105


def method1():
    return step_mask(X, INIT)


def method2():
    return step_where(X, INIT)


# --- must not be flagged ---


@jax.jit
def step_select(X, centroids):
    labels = assign(X, centroids)
    for j in range(centroids.shape[0]):
        member = (labels == j)[:, None]
        total = jnp.where(member, X, 0.0).sum(axis=0)
        centroids = centroids.at[j].set(total / jnp.maximum(member.sum(), 1))
    return centroids


def works():
    return step_select(X, INIT)


RAISES = [(method1, "NonConcreteBooleanIndexError"), (method2, "ConcretizationTypeError")]
RUNS = [works]
