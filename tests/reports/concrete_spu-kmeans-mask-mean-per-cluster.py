# Report: secretflow/spu#148 https://github.com/secretflow/spu/issues/148
# Class: 4 (a data-dependent boolean mask and one-argument `jnp.where` in a jitted k-means step)
# Rule: JG105
# Reduced: the k-means update, both of its attempts: method 1
# `centroids = centroids.at[j].set(X[labels == j].mean(axis=0))` (NonConcreteBooleanIndexError)
# and method 2 `jnp.array([jnp.mean(X[jnp.where(labels == j)], axis=0) for j in range(n_clusters)])`
# ("The size argument of jnp.nonzero must be statically specified"). The thread runs them under
# SPU's compiler, which jits them; here `jax.jit` with the cluster and iteration counts static.
# The surrounding fit (distances, argmin) is a plain k-means loop; the issue shows only the two
# lines. Fix (the maintainers' direction, `where` as a select): a masked mean.
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


@functools.partial(jax.jit, static_argnums=(1, 2))
def kmeans_method1(X, n_clusters, n_iter):
    centroids = X[:n_clusters]
    for _ in range(n_iter):
        labels = jnp.argmin(jnp.sum((X[:, None, :] - centroids[None]) ** 2, axis=-1), axis=1)
        for j in range(n_clusters):
            centroids = centroids.at[j].set(X[labels == j].mean(axis=0))  # expect: JG105
    return centroids


@functools.partial(jax.jit, static_argnums=(1, 2))
def kmeans_method2(X, n_clusters, n_iter):
    centroids = X[:n_clusters]
    for _ in range(n_iter):
        labels = jnp.argmin(jnp.sum((X[:, None, :] - centroids[None]) ** 2, axis=-1), axis=1)
        centroids = jnp.array([jnp.mean(X[jnp.where(labels == j)], axis=0) for j in range(n_clusters)])  # expect: JG105
    return centroids


X = jnp.array([[0.0, 0.0], [0.1, 0.0], [5.0, 5.0], [5.1, 5.0], [0.0, 0.2]])


def bug1():
    return kmeans_method1(X, 2, 2)


def bug2():
    return kmeans_method2(X, 2, 2)


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=(1, 2))
def kmeans_masked(X, n_clusters, n_iter):
    centroids = X[:n_clusters]
    for _ in range(n_iter):
        labels = jnp.argmin(jnp.sum((X[:, None, :] - centroids[None]) ** 2, axis=-1), axis=1)
        for j in range(n_clusters):
            in_cluster = labels == j
            total = jnp.sum(jnp.where(in_cluster[:, None], X, 0.0), axis=0)
            centroids = centroids.at[j].set(total / jnp.maximum(jnp.sum(in_cluster), 1))
    return centroids


def fixed():
    return kmeans_masked(X, 2, 2)


RAISES = [(bug1, "NonConcreteBooleanIndexError"), (bug2, "ConcretizationTypeError")]
RUNS = [fixed]
