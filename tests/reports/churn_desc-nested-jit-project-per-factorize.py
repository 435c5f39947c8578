# Report: PlasmaControl/DESC#1043 https://github.com/PlasmaControl/DESC/pull/1043
# Class: 6 (churn: jitted closures defined anew by a factory called repeatedly)
# Rule: JG301
# Reduced: "every time you call `factorize_linear_constraints` you get a new `project/recover`
# function which gets compiled each time, since its a new function each time. By making them
# classes with jitted methods the compile cache is shared between class instances". The
# null-space computation is a small SVD; each optimization run factorizes again. Fix (the PR's):
# module-level jitted functions that take the factorization as arguments.
import jax
import jax.numpy as jnp

A = jnp.array([[1.0, 1.0, 0.0]])
B = jnp.array([1.0])


def factorize_linear_constraints(A, b):
    Z = jnp.linalg.svd(A)[2][A.shape[0] :].T
    xp = jnp.linalg.pinv(A) @ b

    @jax.jit
    def project(x):
        return Z.T @ (x - xp)

    @jax.jit
    def recover(x_reduced):
        return xp + Z @ x_reduced

    return project, recover


# --- must be flagged ---


def optimize_many(n):
    out = []
    for i in range(n):
        project, recover = factorize_linear_constraints(A, B)
        out.append(recover(project(jnp.full(3, float(i)))))  # expect: JG301
    return out


# --- must not be flagged ---


@jax.jit
def _project(Z, xp, x):
    return Z.T @ (x - xp)


@jax.jit
def _recover(Z, xp, x_reduced):
    return xp + Z @ x_reduced


class Project:
    def __init__(self, Z, xp):
        self.Z, self.xp = Z, xp

    def __call__(self, x):
        return _project(self.Z, self.xp, x)


class Recover(Project):
    def __call__(self, x_reduced):
        return _recover(self.Z, self.xp, x_reduced)


def factorize_linear_constraints_shared(A, b):
    Z = jnp.linalg.svd(A)[2][A.shape[0] :].T
    xp = jnp.linalg.pinv(A) @ b
    return Project(Z, xp), Recover(Z, xp)


def optimize_many_shared(n):
    out = []
    for i in range(n):
        project, recover = factorize_linear_constraints_shared(A, B)
        out.append(recover(project(jnp.full(3, float(i)))))
    return out


GROWS = [optimize_many]
BOUNDED = [optimize_many_shared]
