#!/usr/bin/env bash
# Held-out precision projects: 9 JAX projects from the package index that are in neither the
# development corpus (../shared/corpus/dev-corpus.sh) nor benchmarks/precision_projects.sh, chosen
# to be diverse application code (RL environments, quality-diversity/neuroevolution, LLM training,
# score-based diffusion, optimal transport, Gaussian processes, equivariant graph nets, rigid-body
# physics, quantum dynamics), pinned by version and sha256. No rule was tuned on them: they measure
# precision the way an outside evaluator would. docs/precision.md ("Held-out projects") triages
# every finding.
#
#   bash benchmarks/precision_heldout.sh [DIR]    # default: $HOME/.cache/jitguard-precision-heldout
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout.sh --check [DIR]   # fetch if needed, lint each, print counts
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~35 MB. Do not commit
# the projects or copies of their files.
set -euo pipefail
CHECK=0
if [[ ${1:-} == --check ]]; then CHECK=1; shift; fi
DIR=${1:-${JITGUARD_PRECISION_HELDOUT:-$HOME/.cache/jitguard-precision-heldout}}
source "$(dirname "$0")/_pinned_projects.sh"
fetch_and_check "$DIR" "$CHECK" <<'REQ'
dynamiqs==0.3.7 --hash=sha256:ca71ddfee2455de154196014141562d4e73618818afc4a6ebcf6033d886703a4
e3nn-jax==0.21.0 --hash=sha256:c1e69de4651d6e8a134c0a2b29285e71d58943717c3f37dc0e29dde8f5b39719
gpjax==1.0.0 --hash=sha256:8ae37d585d10839fc97283aa9ec17990ea4ea1419a8af936bb7ead891eb8ae45
maxtext==0.2.5 --hash=sha256:2fe8e4ffc3a06bd06f94daeaaf5fe3ecee748bb6f661c0f426e07e2ca10c9406
mujoco-mjx==3.17.0 --hash=sha256:96e4e009dfac1da2c35494a61ccbdeccecef39c6c8fec62a259c18a0b35ddd02
ott-jax==0.6.0 --hash=sha256:89d7ee73ae105a56385b66a43e9acd5ae070e66d991efc56047ab47cc756f3e6
qdax==0.5.0 --hash=sha256:52fc4a6b4b87f5f66e73bd02a82aab94b17ed0c0e9b84c57110b07d7741a7fa9
sbgm==0.0.38 --hash=sha256:1eba9765f54a1622fc5fdb0f1aba6d420a36f72f942e73db59c29ab1888e6ac9
xminigrid==0.9.3 --hash=sha256:564823b12e09fb8eac9acb6c1fdc5ab678112a1ae45848ff9911c449b8c27389
REQ
