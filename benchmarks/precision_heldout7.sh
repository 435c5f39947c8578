#!/usr/bin/env bash
# Seventh blind held-out precision set (issue 10): 14 JAX projects from the package index, a mix of
# research codebases (a PINN framework, an acoustic simulator, a Fourier modal method, a linear/
# quadratic programming solver, coreset algorithms, gravitational-wave inference, stochastic
# kinetic models with Bayesian inference, graph nets, machine-learned interatomic potentials) and
# application code (RL agents and their training loops, unsupervised-environment-design training,
# generative simulation-based inference, a training framework), in none of
# ../shared/corpus/dev-corpus.sh, benchmarks/precision_projects.sh and
# benchmarks/precision_heldout{,2,3,4,5,6}.sh, chosen before any was linted, pinned by version and
# sha256. Linted blind with the linter of the session start; docs/precision.md ("Seventh held-out
# set") triages every finding, and the false ones are reduced to tests/precision_cases/fresh7_*.py.
#
#   bash benchmarks/precision_heldout7.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout7
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout7.sh --check [DIR]   # fetch if needed, lint each, print counts
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~2.5 MB of wheels.
# Do not commit the projects or copies of their files.
set -euo pipefail
CHECK=0
if [[ ${1:-} == --check ]]; then CHECK=1; shift; fi
DIR=${1:-${JITGUARD_PRECISION_HELDOUT7:-$HOME/.cache/jitguard-precision-heldout7}}
source "$(dirname "$0")/_pinned_projects.sh"
fetch_and_check "$DIR" "$CHECK" <<'REQ'
coreax==1.0.0 --hash=sha256:354730315736ac842175b27550e2da966a1722ee5bcba5341904cb8017a355a5
dopamax==0.2.1 --hash=sha256:2124e8f41c9184e70d583f2dfa771dbb76e7c02f529738f324db407ef32731f9
fmmax==1.7.1 --hash=sha256:537ccd7ceeb517107fe0404a2dc7d2d27562690505a5b698c9e3b118e90fda3a
gensbi==0.5.1 --hash=sha256:978be8efb93f174b7388a2c2ce57f8aa7e0d5a787baa812bf7db0feb69669f69
jimgw==0.6.0 --hash=sha256:91556bc056a4b3a075484c461cc62cfea1d999d1d51e43b04a7cda4bfef1c66d
jinns==1.10.2 --hash=sha256:aaf7bface07a13c1aaac3f27addb6fffa88cfd02144cf1958f4c129530f47822
jraphx==0.1.0 --hash=sha256:cb4deb7008531b7fcd222746bff31652d92852fd4f7ebe7fdb6f8f4534fb22f9
jsmfsb==1.1.7 --hash=sha256:941c050b79cad638f132ea5a86c93702308c85f8040f3b4b12ae19a916da6d06
jwave==0.2.1 --hash=sha256:16cfcbc1f00b64cc1bd95a1769ae421c2f439bef80aca3dacdebdc4bdafd5d35
minimax-lib==0.2.0 --hash=sha256:67c0f45e7992f0ef3571eb01e6cdf0ef27740a7d66e07e3371cecdbcb8acd84a
mlip==0.2.5 --hash=sha256:016185bf910ba62ce5be8e20a424d5c2a595cce6e09a371b7931648eb6ea7832
mpax==0.2.4 --hash=sha256:85a3df11f3ba7588b0f51990754db880f2ccd73f15081d1fddc59798abad191d
rl-blox==0.5.7 --hash=sha256:371bd347db29def468c39bd56377df514bae5152b8e76d893aed89bd32ab665e
xax==0.4.4 --hash=sha256:4c71ec3a47d4973ea60776518f852c3683c4a0284b22a5b421c5f3cb6a4dad4c
REQ
