# Report: fishjojo/pyscfad#71 https://github.com/fishjojo/pyscfad/issues/71
# Class: 4 (NumPy on traced values, deeper: a C-library wrapper converts its inputs)
# Rule: JG104
# Reduced: "Using pyscfad gto basis in jax models": a wrapper module `PySCFOrbital` with
# `__call__(self, xyz): return self.mol.eval_gto("GTOval_sph", xyz)` is used inside a JAX model
# and differentiated with respect to the electron coordinates; it fails with
# TracerArrayConversionError because pyscf's `eval_gto` prepares its arguments for libcint
# with `coords = numpy.asarray(coords, dtype=numpy.double, order='F')` (and likewise for
# `mol._atm/_bas/_env`). The maintainer's fix: use `pyscfad.gto`, whose `eval_gto` is written
# in jax.numpy. The molecule, a numpy eval_gto (libcint replaced by the same s-type Gaussian
# sum in NumPy) and the jax.numpy version are written out.
import jax
import jax.numpy as jnp
import numpy


class Mole:
    def __init__(self, centers, exponents):
        self._env = numpy.asarray(centers, dtype=numpy.double)
        self._bas = numpy.asarray(exponents, dtype=numpy.double)

    def eval_gto(self, eval_name, coords):
        env = numpy.asarray(self._env, dtype=numpy.double, order="C")
        bas = numpy.asarray(self._bas, dtype=numpy.double, order="C")
        coords = numpy.asarray(coords, dtype=numpy.double, order="F")  # expect: JG104
        r2 = ((coords[:, None, :] - env[None, :, :]) ** 2).sum(-1)
        return numpy.exp(-bas[None, :] * r2)


class MoleAD(Mole):
    def eval_gto(self, eval_name, coords):
        r2 = ((coords[:, None, :] - jnp.asarray(self._env)[None, :, :]) ** 2).sum(-1)
        return jnp.exp(-jnp.asarray(self._bas)[None, :] * r2)


class PySCFOrbital:
    def __init__(self, mol):
        self.mol = mol
        self.Nelec = 2

    def __call__(self, xyz):
        return self.mol.eval_gto("GTOval_sph", xyz)


centers = [[0.0, 0.0, 0.0], [0.0, 0.0, 1.4]]
exponents = [1.24, 1.24]
xyz = jnp.linspace(-1.0, 1.0, 30).reshape(10, 3)


def orbital_sum(model, xyz):
    return model(xyz).sum()


# --- must be flagged ---


def crashes():
    model = PySCFOrbital(Mole(centers, exponents))
    return jax.grad(orbital_sum, argnums=1)(model, xyz)


# --- must not be flagged ---


def works():
    model = PySCFOrbital(MoleAD(centers, exponents))
    return jax.grad(orbital_sum, argnums=1)(model, xyz)


RAISES = [(crashes, "TracerArrayConversionError")]
RUNS = [works]
