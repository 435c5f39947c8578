# Report: https://techqa.club/v/q/appending-to-list-alternative-workflow-for-jax-77354582 (Q&A page, "Appending to list alternative workflow for JAX", Stack Overflow question 77354582)
# Class: 2 (arguments JAX needs static: a function passed to a jitted function)
# Rule: JG206
# Reduced: "I am working on an differential equation solver written in JAX": `dxdt` and an Euler
# `integrator(f, t, x, dt)` are both `@jit`, and the loop calls `x = integrator(f, t, x, dt)` for
# each `t in t_arr` (the question's `f` is its `dxdt`; the page names it `f` without defining it).
# `integrator` traces every argument, and a function is not an array: TypeError ("Error
# interpreting argument ... as an abstract array ... PjitFunction"). The question asks how to
# replace the loop (the answer: `lax.scan` closing over the function); here the fix for the
# integrator itself: the function marked static (functions hash by identity, one compile).
from functools import partial

import jax.numpy as jnp
from jax import jit


@jit
def dxdt(t, x):
    return -(x**2)


# --- must be flagged ---


@jit
def integrator(f, t, x, dt):
    return x + f(t, x) * dt


def bug():
    t_arr = jnp.linspace(0, 10, 100)
    dt = t_arr[1] - t_arr[0]
    x_list = []
    x = 0.0
    for t in t_arr[:3]:
        x_list.append(x)
        x = integrator(dxdt, t, x, dt)  # expect: JG206
    return jnp.array(x_list)


# --- must not be flagged ---


@partial(jit, static_argnums=0)
def integrator_static(f, t, x, dt):
    return x + f(t, x) * dt


def fixed():
    t_arr = jnp.linspace(0, 10, 100)
    dt = t_arr[1] - t_arr[0]
    x_list = []
    x = 0.0
    for t in t_arr[:3]:
        x_list.append(x)
        x = integrator_static(dxdt, t, x, dt)
    return jnp.array(x_list)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
