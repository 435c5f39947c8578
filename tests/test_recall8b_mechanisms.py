"""The mechanisms of the recall session of 2026-12-06, eighth session (docs/recall.md,
"fix-recall8b"), written in shapes of our own (none keyed on the reports they came from:
PyAutoArray#286, pyscfad#71): the lines marked ``# flag`` get the code and nothing else is
reported, and each program runs under JAX 0.10.2 as its oracle says (a raised error, or it runs).

* The instance a method returns: ``obj.method(x)`` whose every ``return`` builds ``Cls(...)`` is
  an instance of ``Cls`` (``ModuleIndex.instance_class``), so a method called on the result is
  ``Cls``'s, run with ``self`` the value the construction made (its fields traced where the
  construction got tracers, its stored array module the one the construction gave).
* The class of an attribute stored from a constructor's parameter, per value
  (``jitguard/lint/analysis/storedclasses.py``): a transform passes an untransformed argument
  unchanged (``jax.grad(f, argnums=1)(model, x)``, a static position of jit), and
  ``self.kernel.apply(x)`` runs the ``apply`` of the class of the object that value was built
  with, whatever other instances of the same class hold in eager code."""

from __future__ import annotations

import textwrap

from tests.mechanisms import case_tests

PRELUDE = """\
import jax
import jax.numpy as jnp
import numpy as onp
"""

# the classes, written into each case (`{mark}`: where a flagged case expects the finding)
CLOUD = """

class Cloud:
    def __init__(self, coords, backend=onp):
        self.coords = coords
        self.backend = backend

    def moved(self, delta):
        return Cloud(self.coords + delta)

    def moved_keeping(self, delta):
        return Cloud(self.coords + delta, backend=self.backend)

    def norm2(self):
        np_like = self.backend
        return np_like.sum(np_like.square(self.coords)){mark}


class Builder:
    def cloud_from(self, coords):
        return Cloud(coords * 2.0)

    @classmethod
    def cloud_of(cls, coords):
        return Cloud(coords - 1.0)
"""


CASES: dict[str, tuple[str | None, str, str | None]] = {
    # a method of a module-level instance, under jit, with a traced argument
    "method_of_module_instance": ("JG104", """
        BASE = Cloud(jnp.zeros(3), backend=jnp)


        @jax.jit
        def run(delta):
            out = BASE.moved(delta)
            return out.norm2()


        def main():
            return run(jnp.ones(3))
        """, "TracerArrayConversionError"),
    # chained on an instance built in the jitted function
    "chained_on_local_instance": ("JG104", """
        @jax.jit
        def run(coords, delta):
            return Cloud(coords, backend=jnp).moved(delta).norm2()


        def main():
            return run(jnp.ones(3), jnp.ones(3))
        """, "TracerArrayConversionError"),
    # a method of another class (and a classmethod) that builds the instance
    "built_by_another_class": ("JG104", """
        @jax.jit
        def run(coords):
            return Builder().cloud_from(coords).norm2()


        def main():
            return run(jnp.ones(3))
        """, "TracerArrayConversionError"),
    "built_by_classmethod": ("JG104", """
        def main():
            norm_of_made = jax.jit(lambda coords: Builder.cloud_of(coords).norm2())
            return norm_of_made(jnp.ones(3))
        """, "TracerArrayConversionError"),
    # look-alikes: the module passed on, and the same chain run eagerly
    "module_passed_on": (None, """
        @jax.jit
        def run(coords, delta):
            return Cloud(coords, backend=jnp).moved_keeping(delta).norm2()


        def main():
            return run(jnp.ones(3), jnp.ones(3))
        """, None),
    "eager_chain": (None, """
        def main():
            return Cloud(onp.ones(3)).moved(onp.ones(3)).norm2()
        """, None),
}

CASES = {name: (code, CLOUD.format(mark="  # flag" if code else "") + textwrap.dedent(body), expected)
         for name, (code, body, expected) in CASES.items()}

test_flags_marked_lines, test_runs_under_jax = case_tests(CASES, PRELUDE, "recall8b")


# -- the class of an attribute stored from a constructor's parameter, per value ---------------
KERNELS = """

class HostKernel:
    def __init__(self, width):
        self.width = onp.asarray(width)

    def apply(self, pts):
        pts = onp.asarray(pts, dtype=onp.float64){mark}
        return onp.exp(-pts / self.width){mark}


class JaxKernel:
    def __init__(self, width):
        self.width = width

    def apply(self, pts):
        return jnp.exp(-pts / self.width)


class Smoother:
    def __init__(self, kernel, scale=1.0):
        self.kernel = kernel
        self.scale = scale

    def __call__(self, pts):
        return self.scale * self.kernel.apply(pts)

    def total(self, pts):
        return self.kernel.apply(pts).sum()


def loss(model, pts):
    return model(pts).sum()
"""

STORED: dict[str, tuple[str | None, str, str | None]] = {
    # grad's undifferentiated argument, called (`__call__`), with an eager instance of another kind
    "called_model_under_grad": ("JG104", """
        def main():
            model = Smoother(HostKernel(2.0))
            eager = Smoother(JaxKernel(2.0))
            return jax.grad(loss, argnums=1)(model, jnp.ones(3)), eager(jnp.ones(3))
        """, "TracerArrayConversionError"),
    # a static position of jit, a method of the object
    "method_of_static_model": ("JG104", """
        def total(model, pts):
            return model.total(pts)


        def main():
            return jax.jit(total, static_argnums=0)(Smoother(HostKernel(2.0)), jnp.ones(3))
        """, "TracerArrayConversionError"),
    # the attribute read in the transformed function itself
    "attribute_read_in_transformed_function": ("JG104", """
        def direct(model, pts):
            return model.kernel.apply(pts).sum()


        def main():
            model = Smoother(HostKernel(2.0), scale=3.0)
            return jax.value_and_grad(direct, argnums=1)(model, jnp.ones(3))
        """, "TracerArrayConversionError"),
    # look-alikes: the NumPy kernel only in eager code, the transform given the jax.numpy one
    "host_kernel_only_eager": (None, """
        def main():
            host = Smoother(HostKernel(2.0))
            host(onp.ones(3))
            model = Smoother(JaxKernel(2.0))
            return jax.grad(loss, argnums=1)(model, jnp.ones(3))
        """, None),
    "host_kernel_method_eager": (None, """
        def main():
            grad_loss = jax.grad(loss, argnums=1)
            traced = grad_loss(Smoother(JaxKernel(1.0)), jnp.ones(3))
            return traced, Smoother(HostKernel(1.0)).total(onp.ones(3))
        """, None),
}
STORED = {name: (code, KERNELS.format(mark="  # flag" if code else "") + textwrap.dedent(body), expected)
          for name, (code, body, expected) in STORED.items()}

test_stored_flags_marked_lines, test_stored_runs_under_jax = case_tests(STORED, PRELUDE, "recall8b_stored")
