"""JG203 unhashable-static-argument: examples that must and must not be flagged."""

import collections
import types
from functools import partial

from dataclasses import KW_ONLY, dataclass, field, replace
import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnames=("sizes",))
def split(x, sizes):
    return jnp.split(x, sizes)


@partial(jax.jit, static_argnums=(1,))
def pad_to(x, config):
    return jnp.pad(x, config["width"]) if isinstance(config, dict) else jnp.pad(x, config)


# --- must be flagged -------------------------------------------------------------------------


def list_literal(x):
    return split(x, sizes=[2, 4])  # expect: JG203


def dict_literal(x):
    return pad_to(x, {"width": 2})  # expect: JG203


def name_bound_to_a_list(x):
    boundaries = [1, 3]
    return split(x, sizes=boundaries)  # expect: JG203


def numpy_array(x):
    return split(x, sizes=np.array([2, 4]))  # expect: JG203


def list_call(x):
    return split(x, sizes=list((2, 4)))  # expect: JG203


def tuple_holding_a_list(x):
    return pad_to(x, ((1, 1), [0, 0]))  # expect: JG203


@dataclass
class PadConfig:
    width: int = 1


def mutable_dataclass(x):
    return pad_to(x, PadConfig())  # expect: JG203


def split_in_chunks(x, sizes):  # a plain function that passes `sizes` on to the static one of split
    return split(x, sizes)  # expect: JG203 (JAX raises here; the message names the call below)


def through_a_wrapper(x):
    return split_in_chunks(x, [2, 4])


Sizes = collections.namedtuple("Sizes", ["cuts", "note"])


def namedtuple_holding_a_list(x):
    return split(x, sizes=Sizes([2, 4], "even"))  # a namedtuple hashes its fields  # expect: JG203


@dataclass(frozen=True)
class Options:
    table: object


def frozen_dataclass_holding_a_dict(x):
    opts = Options({"width": 2})
    return pad_to(x, opts)  # expect: JG203


def simple_namespace(x):
    return pad_to(x, types.SimpleNamespace(width=2))  # defines __eq__, no __hash__  # expect: JG203


def scale(x, factors):
    return x * len(factors)


def jit_at_the_call(x):
    scaled = jax.jit(scale, static_argnums=(1,))
    return scaled(x, [1.0, 2.0])  # expect: JG203


@partial(jax.jit, static_argnums=(2,))
def weighted(z, alpha, power):
    return jnp.sum(z * alpha) ** power


def mapped_over_a_partial(rows):
    return jax.vmap(partial(weighted, 0.5, 2))(rows)  # the mapped row lands at `power`  # expect: JG203


mapped_weighted = jax.vmap(weighted)  # vmap maps every argument: `power` becomes a tracer too
pmapped_weighted = jax.pmap(weighted)  # so does pmap, outside its static_broadcasted_argnums


def mapped_through_a_bound_transform(rows):
    return mapped_weighted(rows, jnp.full(3, 0.5), jnp.full(3, 2))  # expect: JG203


def pmapped_through_a_bound_transform(rows):
    return pmapped_weighted(rows[:1], jnp.full(1, 0.5), jnp.full(1, 2))  # expect: JG203


@partial(jax.tree_util.register_dataclass, data_fields=["values"], meta_fields=["offsets"])
@dataclass
class Ragged:
    values: jax.Array
    offsets: object


@jax.jit
def total(r):
    return jnp.sum(r.values)


def array_in_pytree_metadata(x):
    first = total(Ragged(x, jnp.array([0, 2])))  # compiles and runs
    return first + total(Ragged(x, jnp.array([0, 2])))  # the second call compares the arrays  # expect: JG203


@partial(jax.jit, static_argnames=("parts",))
def chunk(x, parts):
    return jnp.stack(jnp.split(x, parts))


@jax.jit
def chunk_twice(x, parts):
    return chunk(x, parts) * 2  # `parts` is a tracer here  # expect: JG203


def chunk_by(x, parts):
    return chunk(x, parts)  # a tracer under jax.jit(chunk_by)(x, 2) below  # expect: JG203


def chunk_jitted_at_the_call(x):
    return jax.jit(chunk_by)(x, 2)


def add(x, y):
    return x + y


def jaxpr_of_a_local_jit(x):
    add_jit = jax.jit(add, static_argnames=("y",))
    return jax.make_jaxpr(add_jit)(x, 2)  # make_jaxpr traces `y` too  # expect: JG203


class Padder:
    def __init__(self):
        self.config = {"width": 2}

    def pad(self, x):
        return pad_to(x, self.config)  # a dict set in __init__  # expect: JG203


@dataclass(unsafe_hash=True)
class Scaled:
    factor: object


OFFSETS = jnp.zeros(3)


def shifted(x, scaled):
    return x + 1.0


def hashed_dataclass_holding_a_module_array(x):
    scaled = Scaled(OFFSETS)  # unsafe_hash=True hashes the field: an array
    return jax.jit(shifted, static_argnums=(1,))(x, scaled)  # expect: JG203


@dataclass(frozen=True)
class Stack:
    widths: object

    @partial(jax.jit, static_argnums=0)
    def apply(self, x):
        return x * len(self.widths)


def static_self_holding_a_list(x):
    stack = Stack([1, 2])
    return stack.apply(x)  # `stack` is the static `self`, and hashes a list  # expect: JG203


def make_stepper(rate):
    @partial(jax.jit, static_argnums=(1,))
    def step(x, size):
        return x * size * rate

    return step


def adapted_size():
    return jnp.exp(jnp.log(2.0))


def static_argument_of_a_made_jit(x):
    step = make_stepper(0.5)
    size = adapted_size()  # a JAX array
    return step(x, size)  # expect: JG203


@partial(jax.tree_util.register_dataclass, data_fields=[], meta_fields=["mask"])
@dataclass
class Masked:
    mask: object

    @staticmethod
    def build():
        made = Masked(mask=np.ones(4))
        return made


def count(m):
    return 1.0


def metadata_array_from_a_factory():
    first, second = Masked.build(), Masked.build()
    jax.jit(count)(first)
    return jax.jit(count)(second)  # every jit of `count` shares one cache: the masks are compared  # expect: JG203


@dataclass(frozen=True)
class Layers:
    sizes: object
    name: str


def make_layers(container):
    return Layers(container([1, 2]), "mlp")


def renamed(layers):
    renamed_layers = replace(layers, name="renamed")
    return layers.name, renamed_layers


def built_by_helpers(x):
    _old, layers = renamed(make_layers(list))  # `sizes` is `list([1, 2])`
    return jax.jit(shifted, static_argnums=(1,))(x, layers)  # expect: JG203


@dataclass(frozen=True)
class Trimmed:
    depth: int
    cached: int = field(init=False, default=0)  # not an argument of __init__
    sizes: object = ()
    _: KW_ONLY
    notes: list = field(default_factory=list, hash=False)


def list_after_an_init_false_field(x):
    return jax.jit(shifted_depth, static_argnums=(1,))(x, Trimmed(2, [1, 2]))  # lands in `sizes`, hashed  # expect: JG203


class Gain:
    def __init__(self, scale, tag):
        self.scale = scale
        self.tag = tag

    @partial(jax.jit, static_argnums=0)
    def apply(self, x):
        return x * self.scale

    def __hash__(self):
        return hash((self.scale, self.tag))  # a tuple hashes each element

    def __eq__(self, other):
        return isinstance(other, Gain) and (self.scale, self.tag) == (other.scale, other.tag)


@partial(jax.jit, static_argnums=(1,))
def amplify(x, gain):
    return x * jnp.sum(jnp.asarray(gain.scale))


def own_hash_over_an_array_attribute(x):
    gain = Gain(jnp.array(2.0), "a")
    return gain.apply(x)  # expect: JG203


def own_hash_over_a_list_attribute(x):
    return amplify(x, Gain([2.0], "b"))  # expect: JG203


class Tiler:
    @classmethod
    @partial(jax.jit, static_argnums=(0, 2))
    def tile(cls, x, reps):  # a classmethod binds the class to `cls`, also through `Tiler.tile(...)`
        return jnp.tile(x, reps)


def classmethod_through_the_class(x):
    return Tiler.tile(x, [2])  # expect: JG203


# --- must not be flagged ---------------------------------------------------------------------


def classmethod_given_an_array_first(x):
    return Tiler.tile(x, (2,)), Tiler().tile(x, 3)  # `x` is `x`, not `cls`




def tuple_value(x):
    return split(x, sizes=(2, 4))


def string_and_int(x):
    return pad_to(x, 2)


def list_at_a_traced_position(x):
    return split(jnp.asarray([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), sizes=(3,)), jnp.sum(x)



@dataclass(frozen=True)
class FrozenPad:
    width: int = 1


def frozen_dataclass(x):
    return pad_to(x, FrozenPad().width)


def split_evenly(x, pieces):  # `pieces` reaches split only after a conversion
    pieces = tuple(pieces)
    return split(x, pieces)


def wrapper_given_hashable_values(x):
    return split_in_chunks(x, (2, 4)), split_evenly(x, [2, 4])


def namedtuple_holding_a_tuple(x):
    return jax.jit(scale, static_argnums=(1,))(x, Sizes((2, 4), "even"))


@dataclass(frozen=True, eq=False)
class ByIdentity:
    table: object


def identity_hashed_dataclass(x):
    by_table = jax.jit(lambda x, t: x * len(t.table), static_argnums=(1,))
    return by_table(x, ByIdentity([1.0])) + jax.jit(scale, static_argnums=(1,))(x, (1.0, 2.0))


def mapped_through_a_lambda(rows):
    return jax.vmap(lambda z: weighted(z, 0.5, 2))(rows), jax.vmap(partial(weighted, alpha=0.5, power=2))(rows)


mapped_weighted_static_power = jax.vmap(weighted, in_axes=(0, None, None))  # unmapped: passed as they are
pmapped_weighted_static_power = jax.pmap(weighted, static_broadcasted_argnums=(2,))


def bound_transforms_keeping_power_static(rows):
    return (mapped_weighted_static_power(rows, 0.5, 2),
            pmapped_weighted_static_power(rows[:1], jnp.full(1, 0.5), 2))


def tuple_in_pytree_metadata(x):
    return total(Ragged(x, (0, 2))) + total(Ragged(x, (0, 2)))


@partial(jax.jit, static_argnames=("parts",))
def chunk_static(x, parts):
    return chunk(x, parts) * 2


@jax.jit
def chunk_default(x, parts=2):  # JAX passes the default unchanged when the call leaves it out
    return chunk(x, parts) * 2


class TuplePadder:
    def __init__(self):
        self.config = {"width": 2}
        self.widths = (1, 1)

    def freeze(self):
        self.config = self.config["width"]

    def pad(self, x):
        self.freeze()
        return pad_to(x, self.config), pad_to(x, self.widths)


def chunk_by_static(x, parts):
    return chunk(x, parts)


def chunk_jitted_with_static_parts(x):
    return jax.jit(chunk_by_static, static_argnames=("parts",))(x, 2), chunk_by_static(x, 2)


def chunks_outside_jit(x):
    return chunk_static(x, 2), chunk_default(x)


def jaxpr_with_the_static_argument(x):
    add_jit = jax.jit(add, static_argnames=("y",))
    return jax.make_jaxpr(add_jit, static_argnums=1)(x, 2).consts


def hashed_dataclass_holding_a_tuple(x):
    return jax.jit(shifted, static_argnums=(1,))(x, Scaled((1.0, 2.0))) + jax.jit(shifted, static_argnums=(1,))(x, Scaled(jnp.sin))


def static_self_holding_a_tuple(x):
    stack = Stack((1, 2))
    return stack.apply(x)


def float_for_a_made_jit(x):
    step = make_stepper(0.5)
    return step(x, float(adapted_size()))


def weight(m):  # each look-alike jits its own functions: a jit's cache outlives the call
    return 2.0


def metadata_array_same_instance():
    masked = Masked.build()
    jax.jit(weight)(masked)
    return jax.jit(weight)(masked)  # the same instance: its metadata is the same object


def first_count(m):
    return 1.0


def second_count(m):
    return 2.0


def metadata_array_other_functions():
    return jax.jit(first_count)(Masked.build()) + jax.jit(second_count)(Masked.build())


def built_by_helpers_with_a_tuple(x):
    _old, layers = renamed(make_layers(tuple))
    return jax.jit(shifted, static_argnums=(1,))(x, layers), pad_to(x, layers.sizes)


@dataclass(frozen=True)
class Sized:
    depth: int
    sizes: list = field(default_factory=list, hash=False)  # == compares it (a list compares), hash leaves it out
    labels: list = field(default_factory=list, compare=False)  # neither hashed nor compared


def make_sized(depth, sizes):
    return Sized(depth, sizes)


@partial(jax.jit, static_argnums=1)
def shifted_depth(x, cfg):
    return x * cfg.depth


def list_in_an_unhashed_field(x):
    first = shifted_depth(x, make_sized(2, [1, 2]))
    second = shifted_depth(x, Sized(2, [3], ["a"]))
    return first + second + shifted_depth(x, Sized(3, sizes=[4], labels=["b"]))


def keyword_only_field_after_an_init_false_one(x):
    return shifted_depth(x, Trimmed(2, (1, 2), notes=[1])) + shifted_depth(x, Trimmed(3, notes=[2]))


def one_element_arrays_in_pytree_metadata(x, scale):
    first = total(Ragged(x, np.zeros(1))) + total(Ragged(x, np.zeros(1)))
    second = total(Ragged(x, np.array(scale))) + total(Ragged(x, np.array(scale)))
    return first + second + total(Ragged(x, np.full((1,), 2.0))) + total(Ragged(x, np.ones((1, 1))))


# --- results of jax.numpy / jax.random / lax calls are JAX arrays (shape queries are not) ------

def jax_call_result(x):
    return split(x, sizes=jnp.add(1, 1))  # expect: JG203


def legacy_key(x):
    return pad_to(x, jax.random.PRNGKey(0))  # expect: JG203


def typed_key_through_a_name(x):
    key = jax.random.key(0)
    return pad_to(x, key)  # expect: JG203


def jax_call_results_made_static(x):
    return (split(x, sizes=int(jnp.add(2, 1))), split(x, sizes=jnp.shape(x)), split(x, sizes=3),
            pad_to(x, jax.lax.fori_loop(0, 2, lambda i, c: c, 1)))


# --- arrays made by arithmetic, NumPy's random draws with a size, or a helper returning them ----


@partial(jax.jit, static_argnums=(1,))
def offset(x, amount):
    return x + amount


def scaled_array(x):
    return offset(x, jnp.ones(3) * 2)  # arithmetic with a JAX array gives a JAX array  # expect: JG203


def generator_draw(x):
    rng = np.random.default_rng(0)
    return offset(x, rng.integers(0, 9, size=3))  # a size: a NumPy array  # expect: JG203


def scalar_draws_made_static(x):
    rng = np.random.default_rng(0)
    return offset(x, rng.integers(0, 9)) + offset(x, rng.normal()) + offset(x, np.random.uniform(0.0, 1.0))


@jax.tree_util.register_pytree_node_class
class Rotary:
    def __init__(self, cos, sin):
        self.cos = cos
        self.sin = sin

    def tree_flatten(self):
        return (), (self.cos, self.sin)  # both in the aux data: metadata

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*aux)


def rotary_caches(n):
    freqs = jnp.outer(jnp.arange(n), jnp.ones(2))
    return jnp.cos(freqs), jnp.sin(freqs)


def rotary_norm(rope):
    return 1.0


def metadata_arrays_from_a_helper():
    first = jax.jit(rotary_norm)(Rotary(*rotary_caches(4)))
    return first + jax.jit(rotary_norm)(Rotary(*rotary_caches(4)))  # `==` of two (4, 2) arrays  # expect: JG203


def metadata_random_draw(x):
    first = total(Ragged(x, jax.random.uniform(jax.random.key(0), (2,))))
    return first + total(Ragged(x, jax.random.uniform(jax.random.key(1), (2,))))  # expect: JG203


def rotary_scalars(angle):
    return jnp.cos(angle), jnp.sin(angle)


def rotary_second(rope):
    return 2.0


def ragged_scalar_total(r):
    return jnp.sum(r.values)


def metadata_scalar_arrays():  # 0-d arrays: their `==` has a truth value (a new program, no error)
    first = jax.jit(rotary_second)(Rotary(*rotary_scalars(0.5)))
    second = jax.jit(rotary_second)(Rotary(*rotary_scalars(0.25)))
    x = jnp.arange(3.0)
    draws = jax.jit(ragged_scalar_total)(Ragged(x, jax.random.uniform(jax.random.key(0))))
    return first + second + draws + jax.jit(ragged_scalar_total)(Ragged(x, jax.random.uniform(jax.random.key(1))))


# --- what reaches a static position: classes without a hash, tracers from traced code --------


class ComparesByValue:
    def __eq__(self, other):
        return type(self) is type(other) and vars(self) == vars(other)


class WidthConfig(ComparesByValue):  # inherits __eq__ without __hash__: no hash
    width = 1


class HashedPadConfig(ComparesByValue):
    width = 1

    def __hash__(self):
        return hash(self.width)


@partial(jax.jit, static_argnums=(1,))
def pad_by(x, config):
    return jnp.pad(x, config.width)


def class_inheriting_eq_without_hash(x):
    return pad_by(x, WidthConfig())  # expect: JG203


def class_inheriting_eq_with_its_own_hash(x):
    return pad_by(x, HashedPadConfig())


@jax.jit
def sizes_from_a_traced_array(x):
    cuts = jnp.array([1, 2])
    return split(x, sizes=tuple(cuts))  # expect: JG203


@jax.jit
def sizes_from_the_shape(x):
    return split(x, sizes=(1, x.shape[0] - 1))


class TupleGain(Gain):
    def __init__(self, scale, tag):
        self.scale = tuple(scale)  # converted: hashable
        self.tag = tag

    def __hash__(self):
        return hash((self.scale, self.tag))


def own_hash_over_python_values(x):
    gain = Gain(2.0, "a")
    return gain.apply(x) + amplify(x, Gain(3.0, jnp.ones(2).shape)) + amplify(x, TupleGain([2.0], "b"))


# --- a legacy PRNG key is an array of two uint32 words --------------------------------------


@jax.tree_util.register_dataclass
@dataclass
class Seeded:
    mean: jax.Array
    key: jax.Array = field(metadata=dict(static=True))  # metadata: compared by the jit cache


@jax.tree_util.register_dataclass
@dataclass
class SeededData:
    mean: jax.Array
    key: jax.Array  # a data field: traced like the other arrays


@jax.jit
def noisy(prior):
    return prior.mean + jax.random.normal(prior.key, (3,))


def legacy_keys_in_metadata():
    first = noisy(Seeded(jnp.zeros(3), key=jax.random.PRNGKey(0)))  # compiles; its key is cached
    return first, noisy(Seeded(jnp.ones(3), key=jax.random.PRNGKey(7)))  # expect: JG203


def legacy_keys_as_data():
    keys = jax.random.split(jax.random.PRNGKey(0))
    return noisy(SeededData(jnp.zeros(3), keys[0])), noisy(SeededData(jnp.ones(3), keys[1]))


# --- the aux data of a hand-written flatten function is metadata too -------------------------


@dataclass
class Draw:
    scale: jax.Array
    key: jax.Array


@dataclass
class DrawKeyAsChild:
    scale: jax.Array
    key: jax.Array


def _flatten_draw(d):
    return (d.scale,), d.key  # the key in the aux data: part of the tree structure


def _flatten_draw_key_as_child(d):
    return (d.scale, d.key), None


jax.tree_util.register_pytree_node(Draw, _flatten_draw, lambda key, children: Draw(children[0], key))
jax.tree_util.register_pytree_node(DrawKeyAsChild, _flatten_draw_key_as_child,
                                   lambda _aux, children: DrawKeyAsChild(*children))


@jax.jit
def drawn(d):
    return d.scale * jax.random.normal(d.key, (3,))


def keys_in_flatten_aux_data():
    first = drawn(Draw(jnp.ones(()), jax.random.PRNGKey(0)))  # compiles; its key is cached
    return first, drawn(Draw(jnp.ones(()), jax.random.PRNGKey(1)))  # expect: JG203


def keys_as_flatten_children():
    return drawn(DrawKeyAsChild(jnp.ones(()), jax.random.PRNGKey(0))), drawn(
        DrawKeyAsChild(jnp.ones(()), jax.random.PRNGKey(1)))


# --- dataclass fields the call does not pass, and fields __post_init__ replaces ----------------


@dataclass(frozen=True)
class Stage:
    depth: int
    options: dict = field(default_factory=dict)  # a new dict when the call leaves it out


@dataclass(frozen=True)
class FrozenStage:
    depth: int
    options: tuple = ()

    def __post_init__(self):  # what the instance holds (and hashes) is a tuple, whatever was given
        object.__setattr__(self, "options", tuple(sorted(dict(self.options).items())))


@partial(jax.jit, static_argnums=1)
def staged(x, stage):
    return x * stage.depth


def default_factory_dict_left_out(x):
    return staged(x, Stage(2))  # expect: JG203


def dict_replaced_in_post_init(x):
    return staged(x, FrozenStage(2, {"mode": "fast"})) + staged(x, Stage(2, options=(("mode", "fast"),)))


# --- a name bound in the calling function is that function's, not the module's ----------------


def local_rebinding_shadows_the_jit(x):
    split = lambda v, sizes: jnp.split(v, list(sizes))  # noqa: E731  (Python makes `split` local here)
    return split(x, sizes=[2, 4])


def loop_target_shadows_the_jit(x):
    pieces = []
    for split in (jnp.array_split, jnp.split):
        pieces.append(split(x, [2, 4]))
    return pieces


def declared_global(x):
    global split  # the module's jitted `split` after all
    return split(x, sizes=[2, 4])  # expect: JG203


# --- the callable given to jax.jit is hashed when the jitted function is called ---------------


@dataclass
class Amplifier:  # a mutable dataclass: `__eq__` from the fields, `__hash__` None
    gain: jax.Array

    def __call__(self, x):
        return self.gain * x


@dataclass(eq=False)
class AmplifierById:  # eq=False: identity equality and hash
    gain: jax.Array

    def __call__(self, x):
        return self.gain * x


class Shifted:  # `__eq__` without `__hash__`: Python sets `__hash__` to None
    def __eq__(self, other):
        return isinstance(other, Shifted)

    def __call__(self, x):
        return x + 1.0


def jit_of_a_mutable_dataclass_instance(x):
    amplifier = Amplifier(jnp.ones(3))
    fast = jax.jit(amplifier)
    return fast(x)  # expect: JG203


def jit_of_an_instance_with_eq_only(x):
    return jax.jit(Shifted())(x)  # expect: JG203


def jit_of_an_identity_hashed_instance(x):
    fast = jax.jit(AmplifierById(jnp.ones(3)))
    return fast(x)


# --- a custom_jvp/custom_vjp over a jit traces the jit's static arguments under staging --------


@jax.custom_jvp
@partial(jax.jit, static_argnums=1)
def power(x, n):
    return x**n


power.defjvp(lambda primals, tangents: (power(*primals), primals[1] * power(primals[0], primals[1] - 1) * tangents[0]))


@partial(jax.custom_jvp, nondiff_argnums=(1,))
@partial(jax.jit, static_argnums=1)
def power_nd(x, n):
    return x**n


power_nd.defjvp(lambda n, primals, tangents: (power_nd(primals[0], n), n * power_nd(primals[0], n - 1) * tangents[0]))


@jax.custom_vjp
@partial(jax.jit, static_argnames=("k",))
def largest(x, k=2):
    return jax.lax.top_k(x, k)[0]


largest.defvjp(lambda x, k=2: (largest(x, k), x), lambda x, g: (jnp.zeros_like(x),))


@jax.jit
def largest_sum(x):
    return jnp.sum(largest(x, k=1))  # expect: JG203


def cubed_through_jit(x):
    return jax.jit(power, static_argnums=1)(x, 3)  # expect: JG203


def custom_rule_eagerly_or_with_nondiff(x):
    staged = jax.jit(lambda v: power_nd(v, 3))(x)
    return power(x, 3) + staged + jax.grad(lambda v: jnp.sum(power(v, 3)))(x) + jnp.sum(largest(x, 1))


# --- metadata arrays made anew by a helper the module runs more than once -------------------


@partial(jax.tree_util.register_dataclass, data_fields=["points"], meta_fields=["cells"])
@dataclass
class Grid:
    points: jax.Array
    cells: object


@jax.jit
def spread(g):
    return g.points * 2.0


BOX = jnp.array([1.0, 2.0])


def place(points, box, width=0.5):
    grid = Grid(points, jnp.floor(box / width))  # a new two-element array on every run
    return spread(grid)  # expect: JG203


def placed_twice():
    place(jnp.zeros(2), BOX)
    return place(jnp.ones(2), BOX)  # the second run compares the first run's array with its own


@jax.jit
def spread_again(g):
    return g.points * 3.0


def place_module_box(points):
    return spread_again(Grid(points, BOX))  # the same array object on every run: compared as itself


@jax.jit
def spread_once_more(g):
    return g.points * 4.0


def place_scalar(points, size, width=0.5):
    return spread_once_more(Grid(points, jnp.floor(size / width)))  # one element: its `==` has a truth value


def placed_twice_legally():
    place_module_box(jnp.zeros(2))
    place_module_box(jnp.ones(2))
    place_scalar(jnp.zeros(2), 1.0)
    return place_scalar(jnp.ones(2), 2.0)


RAISES = [
    (placed_twice, "ValueError"),
    (legacy_keys_in_metadata, "ValueError"),
    (keys_in_flatten_aux_data, "ValueError"),
    (lambda: default_factory_dict_left_out(jnp.arange(3.0)), "ValueError"),
    (lambda: largest_sum(jnp.arange(3.0)), "ValueError"),
    (lambda: cubed_through_jit(jnp.arange(3.0)), "ValueError"),
    (lambda: jit_of_a_mutable_dataclass_instance(jnp.arange(3.0)), "TypeError"),
    (lambda: jit_of_an_instance_with_eq_only(jnp.arange(3.0)), "TypeError"),
    (lambda: declared_global(jnp.arange(6.0)), "ValueError"),
    (lambda: own_hash_over_an_array_attribute(jnp.arange(3.0)), "ValueError"),
    (lambda: own_hash_over_a_list_attribute(jnp.arange(3.0)), "ValueError"),
    (lambda: class_inheriting_eq_without_hash(jnp.arange(3.0)), "ValueError"),
    (lambda: sizes_from_a_traced_array(jnp.arange(3.0)), "ValueError"),
    (lambda: jax_call_result(jnp.arange(3.0)), "ValueError"),
    (lambda: legacy_key(jnp.arange(3.0)), "ValueError"),
    (lambda: typed_key_through_a_name(jnp.arange(3.0)), "ValueError"),
    (lambda: scaled_array(jnp.arange(3.0)), "ValueError"),
    (lambda: generator_draw(jnp.arange(3.0)), "ValueError"),
    (metadata_arrays_from_a_helper, "ValueError"),
    (lambda: metadata_random_draw(jnp.arange(3.0)), "ValueError"),
    (lambda: list_after_an_init_false_field(jnp.arange(3.0)), "ValueError"),
    (lambda: built_by_helpers(jnp.arange(3.0)), "ValueError"),
    (lambda: hashed_dataclass_holding_a_module_array(jnp.arange(3.0)), "ValueError"),
    (lambda: static_self_holding_a_list(jnp.arange(3.0)), "ValueError"),
    (lambda: static_argument_of_a_made_jit(jnp.arange(3.0)), "ValueError"),
    (metadata_array_from_a_factory, "ValueError"),
    (lambda: jaxpr_of_a_local_jit(1.0), "ValueError"),
    (lambda: chunk_jitted_at_the_call(jnp.arange(6.0)), "ValueError"),
    (lambda: Padder().pad(jnp.arange(6.0)), "ValueError"),
    (lambda: chunk_twice(jnp.arange(6.0), 2), "ValueError"),
    (lambda: array_in_pytree_metadata(jnp.arange(6.0)), "ValueError"),
    (lambda: namedtuple_holding_a_list(jnp.arange(6.0)), "ValueError"),
    (lambda: frozen_dataclass_holding_a_dict(jnp.arange(6.0)), "ValueError"),
    (lambda: simple_namespace(jnp.arange(6.0)), "ValueError"),
    (lambda: jit_at_the_call(jnp.arange(6.0)), "ValueError"),
    (lambda: mapped_over_a_partial(jnp.ones((3, 2))), "ValueError"),
    (lambda: mapped_through_a_bound_transform(jnp.ones((3, 2))), "ValueError"),
    (lambda: pmapped_through_a_bound_transform(jnp.ones((3, 2))), "ValueError"),
    (lambda: list_call(jnp.arange(6.0)), "ValueError"),
    (lambda: tuple_holding_a_list(jnp.arange(6.0)), "ValueError"),
    (lambda: mutable_dataclass(jnp.arange(6.0)), "ValueError"),
    (lambda: list_literal(jnp.arange(6.0)), "ValueError"),
    (lambda: dict_literal(jnp.arange(6.0)), "ValueError"),
    (lambda: name_bound_to_a_list(jnp.arange(6.0)), "ValueError"),
    (lambda: numpy_array(jnp.arange(6.0)), "ValueError"),
    (lambda: through_a_wrapper(jnp.arange(6.0)), "ValueError"),
    (lambda: classmethod_through_the_class(jnp.arange(6.0)), "ValueError"),
]

RUNS = [
    placed_twice_legally,
    legacy_keys_as_data,
    keys_as_flatten_children,
    lambda: dict_replaced_in_post_init(jnp.arange(3.0)),
    lambda: custom_rule_eagerly_or_with_nondiff(jnp.arange(3.0)),
    lambda: jit_of_an_identity_hashed_instance(jnp.arange(3.0)),
    lambda: local_rebinding_shadows_the_jit(jnp.arange(6.0)),
    lambda: loop_target_shadows_the_jit(jnp.arange(6.0)),
    lambda: own_hash_over_python_values(jnp.arange(3.0)),
    lambda: class_inheriting_eq_with_its_own_hash(jnp.arange(3.0)),
    lambda: sizes_from_the_shape(jnp.arange(3.0)),
    lambda: jax_call_results_made_static(jnp.arange(3.0)),
    lambda: scalar_draws_made_static(jnp.arange(3.0)),
    metadata_scalar_arrays,
    lambda: list_in_an_unhashed_field(jnp.arange(3.0)),
    lambda: keyword_only_field_after_an_init_false_one(jnp.arange(3.0)),
    lambda: one_element_arrays_in_pytree_metadata(jnp.arange(3.0), 2.0),
    lambda: built_by_helpers_with_a_tuple(jnp.arange(3.0)),
    lambda: hashed_dataclass_holding_a_tuple(jnp.arange(3.0)),
    lambda: static_self_holding_a_tuple(jnp.arange(3.0)),
    lambda: float_for_a_made_jit(jnp.arange(3.0)),
    metadata_array_same_instance,
    metadata_array_other_functions,
    lambda: jaxpr_with_the_static_argument(1.0),
    lambda: chunk_jitted_with_static_parts(jnp.arange(6.0)),
    lambda: TuplePadder().pad(jnp.arange(6.0)),
    lambda: chunks_outside_jit(jnp.arange(6.0)),
    lambda: tuple_in_pytree_metadata(jnp.arange(6.0)),
    lambda: namedtuple_holding_a_tuple(jnp.arange(6.0)),
    lambda: identity_hashed_dataclass(jnp.arange(6.0)),
    lambda: mapped_through_a_lambda(jnp.ones((3, 2))),
    lambda: bound_transforms_keeping_power_static(jnp.ones((3, 2))),
    lambda: frozen_dataclass(jnp.arange(6.0)),
    lambda: tuple_value(jnp.arange(6.0)),
    lambda: string_and_int(jnp.arange(6.0)),
    lambda: list_at_a_traced_position(jnp.arange(6.0)),
    lambda: wrapper_given_hashable_values(jnp.arange(6.0)),
    lambda: classmethod_given_an_array_first(jnp.arange(6.0)),
]
