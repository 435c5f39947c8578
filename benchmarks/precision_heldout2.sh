#!/usr/bin/env bash
# Second blind held-out precision set (issue 10): 10 JAX projects from the package index that are
# in none of ../shared/corpus/dev-corpus.sh, benchmarks/precision_projects.sh and
# benchmarks/precision_heldout.sh, chosen for variety (variational Monte Carlo for quantum
# many-body physics, a second-order optimizer, an NN library, probabilistic programming, neuron
# simulation, normalizing flows on equinox, evolutionary RL, diffusion models, exoplanet
# spectroscopy, LLM training and serving), pinned by version and sha256. Linted blind with the
# linter of the session start; /work/notes/fresh2-triage.md triages every finding, and the false
# ones are reduced to tests/precision_cases/fresh2_*.py.
#
#   bash benchmarks/precision_heldout2.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout2
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout2.sh --check [DIR]   # fetch if needed, lint each, print counts
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~13 MB of wheels.
# Do not commit the projects or copies of their files.
set -euo pipefail
CHECK=0
if [[ ${1:-} == --check ]]; then CHECK=1; shift; fi
DIR=${1:-${JITGUARD_PRECISION_HELDOUT2:-$HOME/.cache/jitguard-precision-heldout2}}
source "$(dirname "$0")/_pinned_projects.sh"
fetch_and_check "$DIR" "$CHECK" <<'REQ'
diffuse-jax==0.1.1 --hash=sha256:66b151732c88e21f91e98da13ac23d2fb573847faf023400e4290765ea06dd85
easydel==0.3.0 --hash=sha256:a91deae549b24a25d66c59dcd2f0d2b8a48e0d1e9b1e40fb111b624a9c3a8a6d
evorl-jax==0.1.1 --hash=sha256:d50c44337612bffc09ecc128b52a8f2e6119bf62186080d2e0fd13824f137bff
exojax==2.6.0 --hash=sha256:c4f8e52913b97130829899affa41ff4da761b26527ff456ac27447143df68def
flowjax==19.1.2 --hash=sha256:0c42c668f8591992869ed5954cb67774a60dd0042bbcc749c3bebb604964a600
genjax==1.0.14 --hash=sha256:04634bce70015dae58586afa06750e6b095b89f162efb6a15f7de1f1eda7ed3b
jaxley==0.14.0 --hash=sha256:9b3afc48bcfc121177ac474d814a82214f27e92cd8a0d65f93016d88f260000c
kfac-jax==0.0.8 --hash=sha256:0592f5bef991f27820f05b0641f0d281be8b5eadc403ceb730f685b75f431ac6
netket==3.23.0 --hash=sha256:760d2a02daa4e00cd27d4afa25ac3c8d83ba66f00c3d535c1a0fe6269408097a
penzai==0.2.5 --hash=sha256:3b2823b7403c37cfb033ccb27a1b81d8e05df02fb16f246344e962427b2ac43a
REQ
