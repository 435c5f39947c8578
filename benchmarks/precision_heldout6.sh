#!/usr/bin/env bash
# Sixth blind held-out precision set (issue 10): 14 JAX application-style projects from the package
# index (the code a new user writes: training scripts and loops, RL agents with their training
# code, LLM, diffusion and generative-model training, PINN training, a training framework with
# its examples), in none of ../shared/corpus/dev-corpus.sh, benchmarks/precision_projects.sh and
# benchmarks/precision_heldout{,2,3,4}.sh, chosen before any was linted, pinned by version and
# sha256. Linted blind with the linter of the session start; docs/precision.md ("Sixth held-out
# set") triages every finding, and the false ones are reduced to tests/precision_cases/fresh6_*.py.
#
#   bash benchmarks/precision_heldout6.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout6
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout6.sh --check [DIR]   # fetch if needed, lint each, print counts
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~6 MB of wheels.
# Do not commit the projects or copies of their files.
set -euo pipefail
CHECK=0
if [[ ${1:-} == --check ]]; then CHECK=1; shift; fi
DIR=${1:-${JITGUARD_PRECISION_HELDOUT6:-$HOME/.cache/jitguard-precision-heldout6}}
source "$(dirname "$0")/_pinned_projects.sh"
fetch_and_check "$DIR" "$CHECK" <<'REQ'
ajax-rl==0.4.0 --hash=sha256:0f8ffbde826764ce23b568a013de4939410bd5066d0b946d2e2c36dd8c31d4fa
avitai-artifex==0.1.15 --hash=sha256:c6ee8dd13a2ab04b16b8678905ca7c6ec12443a3b2e02ec59e85af56cd534710
cleanrl==1.2.0 --hash=sha256:002f6dac6cd0efb5889cd9096a252da1b4bc98a8f52ccb1f47a7215c18b30369
dantinox==0.4.14 --hash=sha256:1bca1ed8096013bdfb35b3390beee0f037c8c4e761c0d9ed16dd4a0deb1dbf17
jax-linear-attention==0.1.0 --hash=sha256:71a97f11450ea09fcfaaa80298f0e42024bd42c81ec4495136928150bab8dc89
kauldron==1.4.4 --hash=sha256:6d586b65de003369101c73bd55bbb64df38a396e511257be5a6e08658019fbc8
learned-optimization==0.0.1 --hash=sha256:d274b71dcbccb130a1e124ea28cfec82edebc43f11240f564372ddb116194370
lerax==0.0.5 --hash=sha256:cfbb48c0d2a326c6bee86f1f8d0982ceb18c5ecfaea90de941b1879f128d31ff
memorax==1.0.1 --hash=sha256:ac1b5a5e029a11fc10a97595ab148c36dc766c7447e69bc531d642acec0f5f1f
nano-moe-jax==0.1.0 --hash=sha256:77ae7fd51f363b3c8178e03959da02a5d2c7271694738dad0ebf468b1edb2b51
nnx-ppo==0.3.0 --hash=sha256:733a3282ce08cd592176895026a2d5e3da988bc8de5bbc9a5061e7595cb222ed
orlax==0.2.0 --hash=sha256:9f49fa96d6c1f2869e7aac940cf962b0b1a375ba9d376c7c9be32caf7fe59c31
phijax==0.2.0b5 --hash=sha256:8443ab4381bcfd087ae574ae4067c555c2398f3516711c9beadfb611653dc175
skrl==2.1.1 --hash=sha256:ef39a87ef2f34fc1c4963a0b2b56022add7c6b29937bcbc63d2f4c37a8c46c00
REQ
