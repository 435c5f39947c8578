# Report: google-research/long-range-arena#7 https://github.com/google-research/long-range-arena/issues/7
# Class: 5 (what reaches a static position: the model kwargs dict from the config)
# Rule: JG203
# Reduced: "ValueError: Non-hashable static arguments are not supported": training the Transformer
# on listops from the README command fails in `train.py` because `create_model` was jitted with the
# module, input shape and `model_kwargs` (a dict built from `config.model_kwargs.to_dict()` and
# updated with vocabulary and layer sizes) as static arguments. The repository's later
# `create_model(flax_module, model_kwargs, key, input_shape)` closes over the dict in a nested
# `@functools.partial(jax.jit, backend='cpu') def _create_model(key)` that it calls once. The
# Flax module is reduced to a class whose `init_params` builds an embedding and a classifier.
import functools

import jax
import jax.numpy as jnp


class TransformerEncoder:
    @staticmethod
    def init_params(key, input_shape, vocab_size, emb_dim, num_classes, **unused):
        k1, k2 = jax.random.split(key)
        return {
            "embed": jax.random.normal(k1, (vocab_size, emb_dim)),
            "classifier": jax.random.normal(k2, (emb_dim, num_classes)) / input_shape[1],
        }


CONFIG_MODEL_KWARGS = {"num_layers": 4, "dropout_rate": 0.1}

# --- must be flagged ---


@functools.partial(jax.jit, static_argnums=(1, 2, 3))
def create_model(key, flax_module, input_shape, model_kwargs):
    return flax_module.init_params(key, input_shape, **model_kwargs)


def main_static():
    model_kwargs = dict(CONFIG_MODEL_KWARGS)
    model_kwargs.update({"vocab_size": 14, "emb_dim": 32, "num_classes": 10})
    init_rng = jax.random.key(0)
    return create_model(init_rng, TransformerEncoder, (4, 16), model_kwargs)  # expect: JG203


# --- must not be flagged ---


def create_model_closure(flax_module, model_kwargs, key, input_shape):
    @functools.partial(jax.jit, backend="cpu")
    def _create_model(key):
        return flax_module.init_params(key, input_shape, **model_kwargs)

    return _create_model(key)


def main_closure():
    model_kwargs = dict(CONFIG_MODEL_KWARGS)
    model_kwargs.update({"vocab_size": 14, "emb_dim": 32, "num_classes": 10})
    init_rng = jax.random.key(0)
    return create_model_closure(TransformerEncoder, model_kwargs, init_rng, (4, 16))


RAISES = [(main_static, "ValueError")]
RUNS = [main_closure]
