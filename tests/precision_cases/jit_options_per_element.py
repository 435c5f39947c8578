"""`jax.jit` inside a loop over a short per-model list whose every element is a different program
(a different number of inputs, different `out_shardings`) compiles once per element, exactly as a
jit hoisted out of the loop would: the cost is bounded by the list, not by any step count, and
hoisting saves no compile.

Seen as (held-out): maxtext `rescan_train_state_params`: `for layer_name, num_layers in
layer_groups:` (one or two groups: dense and MoE layers), `compiled_stack =
jax.jit(stack_layers, out_shardings=sharding[layer_name])`, then
`compiled_stack(*[decoder.pop(f"{layer_name}_{i}") for i in range(num_layers)])`.
"""

import jax
import jax.numpy as jnp


def rescan(params, shardings, scan_axis, layer_groups):
    for layer_name, num_layers in layer_groups:

        def stack_layers(*layers):
            return jax.tree_util.tree_map(lambda *xs: jnp.stack(xs, axis=scan_axis), *layers)

        compiled_stack = jax.jit(stack_layers, out_shardings=shardings[layer_name])
        layer_list = [params.pop(f"{layer_name}_{i}") for i in range(num_layers)]
        scanned = compiled_stack(*layer_list)
        params[layer_name] = scanned
    return params


def layer_groups(config):
    groups = [("dense", config["first_dense"])]
    if config["layers"] > config["first_dense"]:
        groups.append(("moe", config["layers"] - config["first_dense"]))
    return groups


def run(n):
    device = jax.sharding.SingleDeviceSharding(jax.devices()[0])
    params = {"dense_0": jnp.ones(2)}
    params.update({f"moe_{i}": jnp.ones(2) for i in range(n)})
    config = {"first_dense": 1, "layers": n + 1}
    return rescan(params, {"dense": device, "moe": device}, 0, layer_groups(config))


RUNS = [lambda: run(3)]
BOUNDED = [run]
