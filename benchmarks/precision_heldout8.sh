#!/usr/bin/env bash
# Eighth blind held-out precision set (issue 10): 14 JAX projects from the package index, a mix of
# application code (CHIP-8 and Atari RL environments, a partial-observability RL benchmark with its
# agents and training loops, single-agent and multi-agent RL environment suites, an ARC environment,
# an RL utility library, a long-context LLM with its training code, diffusion-model training) and
# research libraries (normalizing flows, cellular automata, state-space model inference,
# exponential families, the forward Laplacian), in none of ../shared/corpus/dev-corpus.sh,
# benchmarks/precision_projects.sh and benchmarks/precision_heldout{,2,3,4,5,6,7}.sh, chosen before
# any was linted, pinned by version and sha256. Linted blind with the linter of the session start;
# docs/precision.md ("Eighth held-out set") triages every finding, and the false ones are reduced to
# tests/precision_cases/fresh8_*.py.
#
#   bash benchmarks/precision_heldout8.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout8
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout8.sh --check [DIR]   # fetch if needed, lint each, print counts
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~3 MB of wheels.
# Do not commit the projects or copies of their files.
set -euo pipefail
CHECK=0
if [[ ${1:-} == --check ]]; then CHECK=1; shift; fi
DIR=${1:-${JITGUARD_PRECISION_HELDOUT8:-$HOME/.cache/jitguard-precision-heldout8}}
source "$(dirname "$0")/_pinned_projects.sh"
fetch_and_check "$DIR" "$CHECK" <<'REQ'
bijx==1.3.2 --hash=sha256:c8d8f87ccde69e90a9468027763202e9d4e4815f5c2692e218ba97ad3def6731
cax==0.4.4 --hash=sha256:f2a54be7e2910e4436dfc0760dc9a66c736804f310798831a0c1976712555b0b
cuthbert==0.1.1 --hash=sha256:5eb3566003305a361908a72b3cf5234190cda33d1f6b86bf31f97a79dd8a22a2
diffusionlab==4.0.1 --hash=sha256:27db22c87ac53ead4c5e486bbd2d63988b7c1dabb4fafc6850744a7821983191
efax==2.6.0 --hash=sha256:decfa1e93994817eaad48de853a1aac0d05658a2a9f20ba4d34192876d17aca4
folx==0.2.30 --hash=sha256:4953ed8c2846835673b595a75e28074b0e208d4cf501bd6ae63277c69a08b379
jaxarc==1.0.3 --hash=sha256:2099c18588beb7afd194a401d41840ecd25fe7ef4797b530a17ce1b714309b28
jaxnasium==0.1.1 --hash=sha256:e11f43bc4715f66ed5672fbf2c5f1b3693263ed4dee601bc00629ba142b62343
jaxtari==0.2.0 --hash=sha256:90b60fb76c86246805fe992a84c3e2f028c28489732a7c17cbaed32f87e17976
mapox==0.2.0 --hash=sha256:61cb1aa2660316cae40ed008fe8f4c719ba35689ae0715a8f28fbda34081f6cb
megalodon-jax==0.2.2 --hash=sha256:014ca8ea66f2f4f99ff6173835a472ddb026950a4c88abcfea5556b365895a8f
octax==0.1.1 --hash=sha256:77a3606921763ad022be7969c1a2006e88ea5fc2105ba875bfd5d7170ce8009b
pobax==0.0.1 --hash=sha256:a50f8a3cf6121cbf9ae47ae3e8e83ba39604c3cdb0fa54a2fb84cdda0a84bf02
stoa-env==0.1.2 --hash=sha256:e3e90674d81ae66ff87c9fca06afc93f45252304600f05f121fcb5d34aef1e6c
REQ
