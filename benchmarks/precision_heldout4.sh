#!/usr/bin/env bash
# Fourth blind held-out precision set (issue 10): 14 JAX projects from the package index that are
# in none of ../shared/corpus/dev-corpus.sh, benchmarks/precision_projects.sh and
# benchmarks/precision_heldout{,2,3}.sh, chosen for variety (reinforcement learning agents and
# training loops, goal-conditioned RL environments, federated learning, a vision model zoo, audio
# front ends, normalizing-flow MCMC, probabilistic programming, factor graphs, computational
# imaging, finite elements, smoothed particle hydrodynamics, tokamak transport simulation,
# gravitational waveforms, Lie groups), pinned by version and sha256. Linted blind with the linter
# of the session start; docs/precision.md ("Fourth held-out set") triages every finding, and the
# false ones are reduced to tests/precision_cases/fresh4_*.py.
#
#   bash benchmarks/precision_heldout4.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout4
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout4.sh --check [DIR]   # fetch if needed, lint each, print counts
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~20 MB of wheels.
# Do not commit the projects or copies of their files.
set -euo pipefail
CHECK=0
if [[ ${1:-} == --check ]]; then CHECK=1; shift; fi
DIR=${1:-${JITGUARD_PRECISION_HELDOUT4:-$HOME/.cache/jitguard-precision-heldout4}}
source "$(dirname "$0")/_pinned_projects.sh"
fetch_and_check "$DIR" "$CHECK" <<'REQ'
audax==0.0.3 --hash=sha256:fa033fc638e183216e94a0116160fd10492cd224d106fa1c8741ddab7c87f17d
coax==0.1.13 --hash=sha256:6f1b6e326603a1170e4f33b34a0f6f89980e4f41db37ba1b31a526c896ec3161
fedjax==0.0.17 --hash=sha256:42be1d21a57843ccdf3f2af802fe6f8fcdf8530da9b2812b178d18af8ac8c0a1
flaxmodels==0.1.3 --hash=sha256:fc560089f2dcc46e04c99f7e44619f532bb7a436ef29409b5a84a63074e445da
flowmc==0.6.5 --hash=sha256:3ec89c9c6f0df577be4dd97da3f6f35d5762e5d2ca98af81909b80cce52323a0
jax-fem==0.0.12 --hash=sha256:b2d499b45be73d368d024467c2b6dee65034e39065c3f9720530b02a63cdb7a5
jax-sph==0.1.0 --hash=sha256:1cc2ba9d94db09b6222c70e595c808250793d8c509f5aec9447a66557986052c
jaxgcrl==0.2.8 --hash=sha256:6de10a6524f2d07aab59216b888d684d6bc0d0727ed3561d49a70240528ed259
jaxlie==1.5.0 --hash=sha256:44cc55aab07f9ee49e681e7f2a957338337f548fa4d53e81450f563273757a96
oryx==0.2.9 --hash=sha256:04f1ee0f50df4b2cac928ec28d7cc8c46065f3d6d8daf6d2d06cec75262b2822
pgmax==0.6.1 --hash=sha256:c5f781bdfb1ad861905b23ce3bfe40edf23a1afece5baff5e123292397b30bb0
ripplegw==0.5.0 --hash=sha256:b5e11b04eaac71fe10731681e645f28ff5a60fe512218231230ad011f2313112
scico==0.0.7 --hash=sha256:0fd6ba6b1d1e321d8bba39d8000ec1101fa6109db26a08f58af952c5e7cde4c1
torax==1.4.3 --hash=sha256:a6a5619b030438f436a3e23842128f6d5bb641315deab8942b1e4a7915ab3d1d
REQ
