# Report: patrick-kidger/equinox#307 https://github.com/patrick-kidger/equinox/issues/307
# Class: 6 (churn: a jitted function defined inside a function that runs per episode)
# Rule: JG301
# Reduced: "Jitting leads to much slower execution times and then to a crash (LLVM: resource
# unavailable)": a policy-gradient agent's `train(t_optim, t_opt_state, t_params, t_eps_obs,
# t_eps_actions, t_eps_rewards)` is called once per episode; with the jit on `train` it is fast,
# with `# eqx.filter_jit <<< slow :(` on the `loss_fn` defined inside `train` it crawls and
# finally crashes: each `train` call makes a new `loss_fn` function object, so its jit cache is
# empty and it is retraced and recompiled every episode. Fix: jit the outer `train` (or define
# `loss_fn` once at module level). `eqx.filter_jit` is written as `jax.jit`, the rlax policy
# gradient loss and the optax step as plain jnp.
import jax
import jax.numpy as jnp


def policy(params, states):
    return states @ params


def get_future_rewards(rewards):
    return jnp.cumsum(rewards[::-1])[::-1]


def policy_gradient_loss(logits, actions, advantages):
    log_probs = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(log_probs, actions[:, None], axis=1)[:, 0] * advantages)


obs = jnp.ones((8, 4))
actions = jnp.zeros((8,), dtype=jnp.int32)
rewards = jnp.ones((8,))


# --- must be flagged ---


def train(t_params, t_eps_obs, t_eps_actions, t_eps_rewards):
    @jax.jit  # expect: JG301
    def loss_fn(l_params, l_states, l_rewards, l_actions):
        logits = policy(l_params, l_states)
        advantages = get_future_rewards(l_rewards)
        return policy_gradient_loss(logits, l_actions.reshape(-1), advantages)

    loss, grads = jax.value_and_grad(loss_fn)(t_params, t_eps_obs, t_eps_rewards, t_eps_actions)
    return t_params - 0.01 * grads, loss


def run_episodes(n):
    params = jnp.zeros((4, 2))
    for _ in range(n):
        params, _ = train(params, obs, actions, rewards)
    return params


# --- must not be flagged ---


def loss_fn_module(l_params, l_states, l_rewards, l_actions):
    logits = policy(l_params, l_states)
    advantages = get_future_rewards(l_rewards)
    return policy_gradient_loss(logits, l_actions.reshape(-1), advantages)


@jax.jit
def train_jitted(t_params, t_eps_obs, t_eps_actions, t_eps_rewards):
    loss, grads = jax.value_and_grad(loss_fn_module)(t_params, t_eps_obs, t_eps_rewards, t_eps_actions)
    return t_params - 0.01 * grads, loss


def run_episodes_jitted(n):
    params = jnp.zeros((4, 2))
    for _ in range(n):
        params, _ = train_jitted(params, obs, actions, rewards)
    return params


GROWS = [run_episodes]
BOUNDED = [run_episodes_jitted]
