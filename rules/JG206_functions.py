"""JG206 untraceable-argument, functions as leaves: examples that must and must not be flagged.

A function of JAX's API used as a value (`jax.nn.relu`, a `custom_jvp` object; `jnp.tanh`, a
jitted function) has no array form: passed at a traced position of `jax.jit`, or held by a pytree
child of such an argument, it raises TypeError at the call, as any function does. So does a
function among the residuals a `jax.custom_vjp` forward rule returns, where the function is
differentiated (JAX traces the residuals as arrays); called without differentiation, the forward
rule never runs. A lax loop traces its initial carry the same way, eagerly too: a function in
`while_loop`'s `init_val`, `fori_loop`'s or `scan`'s `init` raises TypeError (also a parameter
that every call of the enclosing function fills with a function); closed over, it is fine.
`odeint` traces the extra arguments it passes to the dynamics function the same way, also a
stax network's apply function (`jax.example_libraries.stax` layers are `(init_fun, apply_fun)`
pairs of plain functions).
"""

from functools import partial

import jax
import jax.numpy as jnp
from jax.example_libraries import stax
from jax.experimental.ode import odeint
from jax.nn import gelu

net_init, net_apply = stax.serial(stax.Dense(2), stax.Tanh)
_, net_params = net_init(jax.random.PRNGKey(0), (-1, 2))


def dynamics(y, t, params, apply_fn):
    return -apply_fn(params, y)


def dynamics_closed(y, t, params):
    return -net_apply(params, y)


@jax.jit
def apply(x, act):
    return act(x)


@jax.tree_util.register_pytree_node_class
class Layer:
    def __init__(self, w, activation=jax.nn.relu):
        self.w, self.activation = w, activation  # one statement stores both

    def tree_flatten(self):
        return (self.w, self.activation), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)

    def __call__(self, x):
        return self.activation(self.w * x)


@jax.tree_util.register_pytree_node_class
class StaticLayer(Layer):  # the activation in the aux data: static
    def tree_flatten(self):
        return (self.w,), self.activation

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], aux)


def run(layer, x):
    return layer(x)


def shift(z):
    return z + 1.0


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def smooth(x, fn):
    return fn(jnp.sin(x))


def smooth_fwd(x, fn):
    return smooth(x, fn), (x, fn)  # the function among the residuals


def smooth_bwd(fn, res, g):
    x, _ = res
    return (g * jnp.cos(x),)


smooth.defvjp(smooth_fwd, smooth_bwd)


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def smooth_ok(x, fn):
    return fn(jnp.sin(x))


def smooth_ok_fwd(x, fn):
    return smooth_ok(x, fn), (x,)


def smooth_ok_bwd(fn, res, g):
    (x,) = res
    return (g * jnp.cos(x),)


smooth_ok.defvjp(smooth_ok_fwd, smooth_ok_bwd)


def smooth_loss(x):
    return smooth(x, shift).sum()  # expect: JG206


# --- must be flagged -------------------------------------------------------------------------


def jax_function_argument(x):
    return apply(x, jnp.tanh)  # expect: JG206


def imported_jax_function_argument(x):
    return apply(x, gelu)  # expect: JG206


def default_activation_among_the_children(x):
    return jax.jit(run)(Layer(jnp.ones(3)), x)  # expect: JG206


def jax_function_among_the_children(x):
    layer = Layer(jnp.ones(3), jnp.tanh)
    return jax.jit(run)(layer, x)  # expect: JG206


def function_residual_under_grad(x):
    return jax.grad(lambda v: smooth(v, shift).sum())(x)  # expect: JG206


def function_residual_under_vjp(x):
    return jax.vjp(lambda v: smooth(v, fn=jnp.tanh), x)  # expect: JG206


def function_residual_in_a_differentiated_def(x):
    return jax.grad(smooth_loss)(x)


def descend(step, x):
    init = (x, 0, step)  # the step function rides in the carry
    return jax.lax.while_loop(lambda c: c[1] < 3, lambda c: (c[2](c[0]), c[1] + 1, c[2]), init)  # expect: JG206


def descend_halving(x):
    return descend(lambda v: v / 2, x)


def function_in_a_fori_loop_carry(x):
    return jax.lax.fori_loop(0, 3, lambda i, c: (c[1](c[0]), c[1]), (x, jnp.tanh))  # expect: JG206


def function_in_a_scan_carry(xs):
    return jax.lax.scan(lambda c, v: (c, c[1](v)), init=(0.0, jax.nn.relu), xs=xs)  # expect: JG206


def network_among_odeint_args(y0):
    return odeint(dynamics, y0, jnp.linspace(0.0, 1.0, 3), net_params, net_apply)  # expect: JG206


def stax_apply_to_a_jit(x):
    return apply(x, net_apply)  # expect: JG206


# --- must not be flagged ---------------------------------------------------------------------

@partial(jax.jit, static_argnums=1)
def apply_net_static(x, act):
    return act(net_params, x)



def descend_closed(step, x):
    return jax.lax.while_loop(lambda c: c[1] < 3, lambda c: (step(c[0]), c[1] + 1), (x, 0))


def descend_closed_halving(x):
    return descend_closed(lambda v: v / 2, x)


def arrays_in_a_loop_carry(xs, scale):
    return jax.lax.scan(lambda c, v: (c + v, scale * v), 0.0, xs)


def arrays_passed_for_the_scale(xs):
    return arrays_in_a_loop_carry(xs, 2.0) + arrays_in_a_loop_carry(xs, jnp.float32(3.0))


@partial(jax.jit, static_argnames=("act",))
def apply_static(x, act):
    return act(x)


def jax_function_static(x):
    return apply_static(x, jnp.tanh) + apply_static(x, gelu)


def jax_function_result(x):
    return jax.jit(jnp.multiply)(x, jnp.tanh(x))  # the function called: its result is an array


def activation_in_the_aux_data(x):
    return jax.jit(run)(StaticLayer(jnp.ones(3)), x) + jax.jit(run)(StaticLayer(jnp.ones(3), jnp.tanh), x)


def local_name_shadows_the_import(x):
    gelu = jnp.ones(3)  # an array bound to the imported function's name
    return jax.jit(jnp.multiply)(x, gelu)


def custom_vjp_not_differentiated_or_residuals_arrays(x):
    a = smooth(x, shift) + jax.jit(lambda v: smooth(v, shift))(x) + jax.vmap(lambda v: smooth(v, shift))(x)
    return a + jax.grad(lambda v: smooth_ok(v, shift).sum())(x)


RAISES = [
    (lambda: descend_halving(jnp.ones(3)), "TypeError"),
    (lambda: function_in_a_fori_loop_carry(jnp.ones(3)), "TypeError"),
    (lambda: function_in_a_scan_carry(jnp.ones(3)), "TypeError"),
    (lambda: function_residual_under_grad(jnp.ones(3)), "TypeError"),
    (lambda: function_residual_under_vjp(jnp.ones(3)), "TypeError"),
    (lambda: function_residual_in_a_differentiated_def(jnp.ones(3)), "TypeError"),
    (lambda: jax_function_argument(jnp.ones(3)), "TypeError"),
    (lambda: imported_jax_function_argument(jnp.ones(3)), "TypeError"),
    (lambda: default_activation_among_the_children(jnp.ones(3)), "TypeError"),
    (lambda: jax_function_among_the_children(jnp.ones(3)), "TypeError"),
    (lambda: network_among_odeint_args(jnp.ones(2)), "TypeError"),
    (lambda: stax_apply_to_a_jit(jnp.ones(2)), "TypeError"),
]

RUNS = [
    lambda: odeint(dynamics_closed, jnp.ones(2), jnp.linspace(0.0, 1.0, 3), net_params),
    lambda: apply_net_static(jnp.ones(2), net_apply),
    lambda: descend_closed_halving(jnp.ones(3)),
    lambda: arrays_passed_for_the_scale(jnp.ones(3)),
    lambda: jax_function_static(jnp.ones(3)),
    lambda: jax_function_result(jnp.ones(3)),
    lambda: activation_in_the_aux_data(jnp.ones(3)),
    lambda: local_name_shadows_the_import(jnp.ones(3)),
    lambda: custom_vjp_not_differentiated_or_residuals_arrays(jnp.ones(3)),
]
