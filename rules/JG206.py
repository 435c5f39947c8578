"""JG206 untraceable-argument: examples that must and must not be flagged."""

import abc
import collections
import dataclasses
import typing
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def scale(x, mode):
    return x * 2.0 if isinstance(mode, float) else x


@partial(jax.jit, static_argnames=("mode",))
def scale_static(x, mode):
    return x * 2.0 if mode == "double" else x


class Plain:
    def __init__(self, w=2.0):
        self.w = w


class Child(Plain):  # its base is a plain class of this file too
    pass


@dataclass
class Config:
    rate: float = 0.1


class Described(abc.ABC):
    pass


Pair = collections.namedtuple("Pair", ["a", "b"])


def double(v):
    return 2 * v


class Runner:
    @jax.jit
    def step(self, x):  # `self` is traced too: JAX gets the instance as an argument
        return x + 1.0

    @partial(jax.jit, static_argnums=0)
    def run(self, x, mode):
        return x + 1.0


# --- must be flagged -------------------------------------------------------------------------


def string_literal(x):
    return scale(x, "double")  # expect: JG206


def string_by_keyword(x):
    return scale(x=x, mode=f"x{2}")  # expect: JG206


def string_through_a_variable(x):
    mode = "fast"
    return scale(x, mode)  # expect: JG206


def string_from_str(x, n):
    return scale(x, str(n))  # expect: JG206


def bytes_literal(x):
    return scale(x, b"raw")  # expect: JG206


def plain_instance(x):
    return jax.jit(lambda x, p: x * 2.0)(x, Plain())  # expect: JG206


def subclass_instance(x):
    return scale(x, Child())  # expect: JG206


def dataclass_instance(x):
    return scale(x, Config(0.5))  # expect: JG206


def abc_instance(x):
    return scale(x, Described())  # expect: JG206


def function_argument(x):
    return scale(x, double)  # expect: JG206


def lambda_argument(x):
    return scale(x, lambda v: v)  # expect: JG206


class Layer:
    pass


def class_object(x):
    return scale(x, Layer)  # the class itself  # expect: JG206


def tuple_holding_a_string(x):
    return scale(x, (1.0, "relu"))  # expect: JG206


def dict_holding_a_string(x):
    return scale(x, {"activation": "relu"})  # expect: JG206


def namedtuple_holding_a_string(x):
    return scale(x, Pair(1.0, "b"))  # expect: JG206


def non_static_position_of_a_static_jit(x):
    return scale_static("double", mode=x.shape)  # position 0 is not static  # expect: JG206


def jit_bound_to_a_name(x):
    step = jax.jit(double)
    return step("twice")  # expect: JG206


def method_argument(x):
    return Runner().run(x, "double")  # expect: JG206


def method_receiver(x):
    runner = Runner()
    return runner.step(x)  # expect: JG206


def called_from_traced_code(x):
    return jax.jit(lambda v: scale(v, "double"))(x)  # expect: JG206


class Rules(typing.NamedTuple):
    forward: object
    backward: object


def make_rules(rate):
    def forward(x):
        return x * rate

    def backward(x):
        return x / rate

    return forward, backward


RULES = Rules(*make_rules(2.0))


def apply_rules(rules, x):
    return rules.backward(rules.forward(x))


def namedtuple_of_made_functions(x):
    return jax.jit(apply_rules)(RULES, x)  # expect: JG206


def nested_function_argument(x):
    def double(z):
        return 2 * z

    return scale(x, double)  # expect: JG206


@jax.tree_util.register_pytree_node_class
class Scaled:
    STATIC = ("name",)

    def __init__(self, w, name="scaled", norm="l2"):
        self.w = w
        self.name = name
        self.norm = norm

    def tree_flatten(self):
        children = tuple(v for k, v in self.__dict__.items() if k not in self.STATIC)
        return children, (tuple(k for k in self.__dict__ if k not in self.STATIC), self.name)

    @classmethod
    def tree_unflatten(cls, aux, children):
        keys, name = aux
        obj = object.__new__(cls)
        obj.__dict__.update(zip(keys, children), name=name)
        return obj


def string_attribute_among_the_children(x):
    return scale(x, Scaled(x))  # expect: JG206


def plain_instance_as_a_primal(x):
    return jax.vjp(lambda v, p: v * p.w, x, Plain())  # expect: JG206


class Settings(dict):  # a subclass of dict: JAX's registry looks the exact type up
    pass


def dict_subclass_instance(x):
    return scale(x, Settings(rate=0.5))  # expect: JG206


def dict_subclass_bound_to_a_name(x):
    settings = Settings(rate=0.5)
    return scale(x, settings)  # expect: JG206


class Grid:
    @classmethod
    @jax.jit
    def zeros(shape):  # the classmethod binds the class to `shape`
        return jnp.zeros(shape)

    @classmethod
    @jax.jit
    def scaled(cls, x):  # the class at `cls`, traced
        return x * 2

    @classmethod
    def twice(cls, x):
        return cls.scaled(x)  # expect: JG206


def classmethod_over_jit(x):
    return Grid.zeros((2, 3))  # expect: JG206


def classmethod_over_jit_on_an_instance(x):
    return Grid().scaled(x)  # expect: JG206


def classmethod_over_jit_through_cls(x):
    return Grid.twice(x)


# --- must not be flagged ---------------------------------------------------------------------


def static_position(x):
    return scale_static(x, "double"), scale_static(x, mode="double")


def numbers_arrays_and_none(x):
    return scale(x, 2.0), scale(x, np.float32(2.0)), scale(x, np.ones(3)), scale(x, None), scale(x, True)


@jax.tree_util.register_pytree_node_class
class Registered:
    def __init__(self, w):
        self.w = w

    def tree_flatten(self):
        return (self.w,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


class RegisteredLater:
    def __init__(self, w=1.0):
        self.w = w


jax.tree_util.register_pytree_node(RegisteredLater, lambda r: ((r.w,), None), lambda aux, ch: RegisteredLater(*ch))


@partial(jax.tree_util.register_dataclass, data_fields=["rate"], meta_fields=[])
@dataclass
class RegisteredConfig:
    rate: float = 0.1


@jax.tree_util.register_static
class Options:
    pass


class Point(typing.NamedTuple):
    x: float
    y: float


def registered_pytrees(x):
    return (scale(x, Registered(2.0)), scale(x, RegisteredLater()), scale(x, RegisteredConfig()),
            scale(x, Options()), scale(x, Point(1.0, 2.0)), scale(x, Pair(1.0, 2.0)))


def containers_of_numbers(x):
    return scale(x, (1.0, 2.0)), scale(x, [1.0, None]), scale(x, {"rate": 0.5})


def unknown_values(x, mode, thing):
    return scale(x, mode), scale(x, thing()), scale(x, jnp.asarray(1.0))


def string_rebound_before_the_call(x):
    mode = "fast"
    mode = 1.0
    return scale(x, mode)


def starred_arguments(x):
    rest = (2.0,)
    return scale(x, *rest)


def not_jitted(x):
    return double("ab")


def number_attribute_among_the_children(x):
    return scale(x, Scaled(x, norm=2.0))


def plain_instance_closed_over_or_not_differentiated(x):
    return jax.vjp(lambda v: v * Plain().w, x), jax.grad(lambda v, p: jnp.sum(v) * p.w)(x, Plain())


def self_static(x):
    return Runner().run(x, 3.0)


def namedtuple_of_made_functions_static(x):
    return jax.jit(apply_rules, static_argnums=0)(RULES, x)  # hashed by the functions' identity


def made_arrays_in_a_namedtuple(x):
    def pair():
        return x, 2 * x

    return jax.jit(apply_rules, static_argnums=0)(Rules(jnp.sin, jnp.cos), x), scale(x, Rules(*pair()))


# --- JAX runtime objects (devices, meshes, shardings) and functions in registered data fields --

def a_device(x):
    return scale(x, jax.devices()[0])  # expect: JG206


def a_local_device(x):
    return scale(x, jax.local_devices()[0])  # expect: JG206


def a_mesh(x):
    mesh = jax.make_mesh((1,), ("d",))
    return scale(x, mesh)  # expect: JG206


def a_sharding(x):
    mesh = jax.sharding.Mesh(np.array(jax.devices()), ("d",))
    return scale(x, jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec()))  # expect: JG206


@dataclass
class WithHook:
    w: object
    hook: object


jax.tree_util.register_dataclass(WithHook, data_fields=["w", "hook"], meta_fields=[])


@dataclass
class WithStaticHook:
    w: object
    hook: object


jax.tree_util.register_dataclass(WithStaticHook, data_fields=["w"], meta_fields=["hook"])


@jax.tree_util.register_dataclass
@dataclass
class Hooked:
    w: object
    hook: object
    other: object = dataclasses.field(default=None, metadata=dict(static=True))


def function_in_a_data_field(x):
    return scale(x, WithHook(x, double))  # expect: JG206


def lambda_in_a_data_field(x):
    return scale(x, Hooked(x, hook=lambda v: v))  # expect: JG206


def runtime_objects_static(x):
    mesh = jax.make_mesh((1,), ("d",))
    return scale_static(x, jax.devices()[0]), scale_static(x, mesh), scale(x, jax.devices()[0].id)


def function_in_a_meta_field(x):
    return scale(x, WithStaticHook(x, double)), scale(x, Hooked(x, x, other=double)), scale(x, WithHook(x, x))


class StaticGrid:
    @classmethod
    @partial(jax.jit, static_argnums=(0, 1))
    def zeros(cls, shape):  # the class static (hashable): fine
        return jnp.zeros(shape)

    @staticmethod
    @jax.jit
    def scaled(x):  # a staticmethod binds nothing
        return x * 2


def classmethod_with_the_class_static(x):
    return StaticGrid.zeros((2, 3)).sum() + StaticGrid.scaled(x) + StaticGrid().scaled(x)


RAISES = [
    (lambda: classmethod_over_jit(jnp.ones(3)), "TypeError"),
    (lambda: classmethod_over_jit_on_an_instance(jnp.ones(3)), "TypeError"),
    (lambda: classmethod_over_jit_through_cls(jnp.ones(3)), "TypeError"),
    (lambda: a_device(jnp.ones(3)), "TypeError"),
    (lambda: a_local_device(jnp.ones(3)), "TypeError"),
    (lambda: a_mesh(jnp.ones(3)), "TypeError"),
    (lambda: a_sharding(jnp.ones(3)), "TypeError"),
    (lambda: function_in_a_data_field(jnp.ones(3)), "TypeError"),
    (lambda: lambda_in_a_data_field(jnp.ones(3)), "TypeError"),
    (lambda: namedtuple_of_made_functions(jnp.ones(3)), "TypeError"),
    (lambda: nested_function_argument(jnp.ones(3)), "TypeError"),
    (lambda: string_literal(jnp.ones(3)), "TypeError"),
    (lambda: string_by_keyword(jnp.ones(3)), "TypeError"),
    (lambda: string_through_a_variable(jnp.ones(3)), "TypeError"),
    (lambda: string_from_str(jnp.ones(3), 3), "TypeError"),
    (lambda: bytes_literal(jnp.ones(3)), "TypeError"),
    (lambda: plain_instance(jnp.ones(3)), "TypeError"),
    (lambda: subclass_instance(jnp.ones(3)), "TypeError"),
    (lambda: dataclass_instance(jnp.ones(3)), "TypeError"),
    (lambda: abc_instance(jnp.ones(3)), "TypeError"),
    (lambda: function_argument(jnp.ones(3)), "TypeError"),
    (lambda: lambda_argument(jnp.ones(3)), "TypeError"),
    (lambda: class_object(jnp.ones(3)), "TypeError"),
    (lambda: tuple_holding_a_string(jnp.ones(3)), "TypeError"),
    (lambda: dict_holding_a_string(jnp.ones(3)), "TypeError"),
    (lambda: namedtuple_holding_a_string(jnp.ones(3)), "TypeError"),
    (lambda: non_static_position_of_a_static_jit(jnp.ones(3)), "TypeError"),
    (lambda: jit_bound_to_a_name(jnp.ones(3)), "TypeError"),
    (lambda: method_argument(jnp.ones(3)), "TypeError"),
    (lambda: method_receiver(jnp.ones(3)), "TypeError"),
    (lambda: called_from_traced_code(jnp.ones(3)), "TypeError"),
    (lambda: string_attribute_among_the_children(jnp.ones(3)), "TypeError"),
    (lambda: plain_instance_as_a_primal(jnp.ones(3)), "TypeError"),
    (lambda: dict_subclass_instance(jnp.ones(3)), "TypeError"),
    (lambda: dict_subclass_bound_to_a_name(jnp.ones(3)), "TypeError"),
]

RUNS = [
    lambda: classmethod_with_the_class_static(jnp.ones(3)),
    lambda: runtime_objects_static(jnp.ones(3)),
    lambda: function_in_a_meta_field(jnp.ones(3)),
    lambda: namedtuple_of_made_functions_static(jnp.ones(3)),
    lambda: made_arrays_in_a_namedtuple(jnp.ones(3)),
    lambda: static_position(jnp.ones(3)),
    lambda: numbers_arrays_and_none(jnp.ones(3)),
    lambda: registered_pytrees(jnp.ones(3)),
    lambda: containers_of_numbers(jnp.ones(3)),
    lambda: unknown_values(jnp.ones(3), 2.0, lambda: 1.0),
    lambda: string_rebound_before_the_call(jnp.ones(3)),
    lambda: starred_arguments(jnp.ones(3)),
    lambda: not_jitted(jnp.ones(3)),
    lambda: self_static(jnp.ones(3)),
    lambda: number_attribute_among_the_children(jnp.ones(3)),
    lambda: plain_instance_closed_over_or_not_differentiated(jnp.ones(3)),
]
