#!/usr/bin/env bash
# Third blind held-out precision set (issue 10): 10 JAX projects from the package index that are
# in none of ../shared/corpus/dev-corpus.sh, benchmarks/precision_projects.sh,
# benchmarks/precision_heldout.sh and benchmarks/precision_heldout2.sh, chosen for variety
# (unsupervised environment design for RL, nested sampling, Gaussian processes, multibody physics
# simulation, cryo-EM image simulation, a vision model zoo, linear solvers, an equivariant graph
# network, wavelet transforms, PDE solvers), pinned by version and sha256. Linted blind with the
# linter of the session start; docs/precision.md ("Third held-out set") triages every finding,
# and the false ones are reduced to tests/precision_cases/fresh3_*.py.
#
#   bash benchmarks/precision_heldout3.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout3
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout3.sh --check [DIR]   # fetch if needed, lint each, print counts
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~4 MB of wheels.
# Do not commit the projects or copies of their files.
set -euo pipefail
CHECK=0
if [[ ${1:-} == --check ]]; then CHECK=1; shift; fi
DIR=${1:-${JITGUARD_PRECISION_HELDOUT3:-$HOME/.cache/jitguard-precision-heldout3}}
source "$(dirname "$0")/_pinned_projects.sh"
fetch_and_check "$DIR" "$CHECK" <<'REQ'
cryojax==0.6.0 --hash=sha256:288c27b1c999bdef1ef9b267393e5ef2e2934f4339ac1cfac48227282693e497
egnn-jax==0.3 --hash=sha256:21abca26b84a7ee9a048444fdcbc6cc54f3833133c26d9ea70d3c9c03f17159b
equimo==2.7.0 --hash=sha256:539a0137134b41b14730e0cc14f805c2b1c2e9c944ef41cb845fc620c92d86d2
exponax==0.2.0 --hash=sha256:7e013aecd3f6af641a509a8a72b8b0f18067c6ca24194146ed52b370a026be34
jaxns==3.0.0 --hash=sha256:a7ba19385bc0acb8a2c2e0c0c22f6896ca40ab18bab647c4f66706a967cb64fd
jaxsim==0.9.0 --hash=sha256:677ad750cb786dc364597d33f7455924831eb5c5668207e71fdddd61aed1b22b
jaxued==0.0.1 --hash=sha256:273e055b17e402ee94bcf246ff31d43a2c6833d0781184e2c850ce5de5283d6e
jaxwt==0.1.1 --hash=sha256:465844856b53d7f2dfaeafdd84b51a64b69ee8d300cd2498748b7c146cc24d5b
lineax==0.1.1 --hash=sha256:2e399f1674773ab2ba54d76175a618977a554f47abd0a345198d53d92c07beb2
tinygp==0.3.1 --hash=sha256:893169e1722b67279c33a17559cefa3179d05e0b9bd0db15b2a38d06b79138a4
REQ
