#!/usr/bin/env bash
# Precision projects: 12 JAX application projects (RL environments and algorithms, diffusion and
# model training code, simulation), pinned by version and sha256, none of them in the development
# corpus (../shared/corpus/dev-corpus.sh). docs/precision.md triages every finding jitguard makes
# on them; re-run it after a change to the analysis and compare.
#
#   bash benchmarks/precision_projects.sh [DIR]    # default: $HOME/.cache/jitguard-precision-projects
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_projects.sh --check [DIR]   # fetch if needed, lint each, print counts
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~20 MB. Do not commit
# the projects or copies of their files.
set -euo pipefail
CHECK=0
if [[ ${1:-} == --check ]]; then CHECK=1; shift; fi
DIR=${1:-${JITGUARD_PRECISION_PROJECTS:-$HOME/.cache/jitguard-precision-projects}}
source "$(dirname "$0")/_pinned_projects.sh"
fetch_and_check "$DIR" "$CHECK" <<'REQ'
craftax==1.6.1 --hash=sha256:09c2a78870a68f4af45709de73c77cf5b6df9e754cefbe9f05a1b8fb66243959
dopamine-rl==4.1.2 --hash=sha256:bd03119a54caf839fb61cf22179bad0bde712bc8ccf62aebd93ebce5381e54aa
dynamax==1.0.3 --hash=sha256:af9b7a119610d6debfa3e6b09f0c537623efc3625bc4cc22b03b2065db746a7d
flashbax==0.1.3 --hash=sha256:798b0056dd0f525269ad9689a402dd0a515db7cb6976c761aa95004ff37e9697
flaxdiff==0.2.11 --hash=sha256:ddc833f6aa80692cf367331f84d9c85c7745bb40cf33c9827edfa9f355ade1d0
jax-md==0.2.29 --hash=sha256:b4e27fe280458bc862f32c5343f47c946be68ccb863e0b3feb310e0a8524c92c
jaxmarl==0.2.0 --hash=sha256:48c7747ee9ff144404c9ca70df07cc3a6b9f3cadca0ca945385e791fecedb327
jumanji==1.1.2 --hash=sha256:bd2be95bf51538618616903efafac57e595e81eba1792eed6de84c61bbbbad36
kinetix-env==3.0.2 --hash=sha256:6eb909475f075f666b6d2fbfe5268d9b3bb3ca2f917939a05d3e232b4efb9eeb
navix==4.0.0 --hash=sha256:e2b79c06bea8779a21291263d5313dd0460443ddda5b690087381e19923dbc51
rejax==0.1.3 --hash=sha256:86c7468b5b3c9b520b813d0e89137f36e1472d14c327ae86c5328b6e0ca629c0
sbx-rl==0.28.0 --hash=sha256:1493cc24ef96ecaf267ef2563d19c87fe02a9dc0ca39df59020378f720e4a951
REQ
