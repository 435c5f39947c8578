# Report: huggingface/diffusers#1015 https://github.com/huggingface/diffusers/issues/1015
# Class: 5 (a value that changes per call at a static position)
# Rule: JG302
# Reduced: the Flax Stable Diffusion pipeline compiled `_generate` with `guidance_scale` (and
# size, number of steps) among its static arguments, so every new slider value in the demo
# recompiled the whole pipeline ("we currently have the sliders disabled"). Fix (#1096): pass
# `guidance_scale` as an array. `pmap`'s static_broadcasted_argnums is reduced to `jit`'s
# static_argnums; the UNet to one matrix.
import jax
import jax.numpy as jnp

W = jnp.ones((4, 4)) * 0.1


def unet(latents, embeds):
    return latents @ W + embeds


def _generate(prompt_embeds, latents, guidance_scale):
    noise_uncond = unet(latents, jnp.zeros_like(prompt_embeds))
    noise_text = unet(latents, prompt_embeds)
    return noise_uncond + guidance_scale * (noise_text - noise_uncond)


# --- must be flagged ---

p_generate = jax.jit(_generate, static_argnums=(2,))


def demo(n):
    images = []
    for i in range(n):
        guidance_scale = 7.5 + 0.5 * i  # the user moves the slider
        images.append(p_generate(jnp.ones((1, 4)), jnp.ones((1, 4)), guidance_scale))  # expect: JG302
    return images


# --- must not be flagged ---

p_generate_traced = jax.jit(_generate)


def demo_traced(n):
    images = []
    for i in range(n):
        guidance_scale = 7.5 + 0.5 * i
        images.append(p_generate_traced(jnp.ones((1, 4)), jnp.ones((1, 4)), jnp.array(guidance_scale)))
    return images


GROWS = [demo]
BOUNDED = [demo_traced]
