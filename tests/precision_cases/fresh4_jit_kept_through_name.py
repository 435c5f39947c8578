"""One jitted function per element of a fixed collection, bound to a name and then kept.

`jax.jit(f)` in a loop is a new function object (and a new cache entry) at each iteration; when
each object is kept in a container the loop builds and called later, every element is compiled
once at its first call and reused: the compiles are one per element, however often the kept
functions run. Keeping it through a local name (`k = jax.jit(jax.vmap(k)); kernels.append(k)`)
is the same as `kernels.append(jax.jit(...))` (checked on JAX 0.10.2: 2 surfaces compile 2
kernels, run for 2 steps or 4). Binding the name and calling it in the loop
(`out.append(k(x))`) keeps an array, not the function: that one compiles every time
(true_jit_in_loop cases).

Seen as (held-out 4): a finite-element problem builds one vmapped, jitted surface kernel per
boundary in a setup method (`kernel_face = jax.jit(jax.vmap(kernel_face));
self.kernel_face.append(kernel_face)`) and its assembly loop calls `self.kernel_face[i]`.
"""

import jax
import jax.numpy as jnp


class Problem:
    def __init__(self, scales):
        self.scales = list(scales)
        self.prepare()

    def prepare(self):
        def get_kernels(ind):
            scale = self.scales[ind]

            def kernel(x):
                return jnp.sin(x) * scale

            def kernel_jac(x):
                return jax.jacfwd(kernel)(x)

            return kernel, kernel_jac

        self.kernels = []
        self.jacs = {}
        for i in range(len(self.scales)):
            kernel, kernel_jac = get_kernels(i)
            kernel = jax.jit(jax.vmap(kernel))
            kernel_jac = jax.jit(kernel_jac)
            self.kernels.append(kernel)
            self.jacs[i] = kernel_jac

    def assemble(self, x):
        return [k(x) for k in self.kernels] + [self.jacs[i](x) for i in range(len(self.scales))]


_PROBLEM = Problem((1.0, 2.0))


def steps(n):
    x = jnp.ones((3,))
    out = None
    for _ in range(n):
        out = _PROBLEM.assemble(x)
    return out


RUNS = [lambda: steps(2)]
BOUNDED = [steps]
