#!/usr/bin/env bash
# The runtime guard on a matrix of JAX versions: one virtual environment per version
# (under ${JITGUARD_VENVS:-/tmp/jitguard-jax-venvs}, never in the repository), the
# runtime test suite in each, and a Markdown table of the results on stdout.
#
#   benchmarks/jax_versions.sh                 # setup + test: 0.4.38 0.6.2 0.8.3 0.10.2
#   benchmarks/jax_versions.sh setup 0.6.2     # only create/refresh that venv
#   benchmarks/jax_versions.sh test 0.8.3      # only test in an existing venv
#
# Below the supported floor (0.4.38 here) the suite is not expected to pass; what is
# checked there instead is the promise of docs/guard.md: a guarded function runs
# unguarded, with exactly one RuntimeWarning that names what is missing.
set -u
here="${JITGUARD_REPO:-$(cd "$(dirname "$0")/.." && pwd)}"  # the checkout under test
venvs="${JITGUARD_VENVS:-/tmp/jitguard-jax-venvs}"
python="${PYTHON:-python3}"
mode="all"
case "${1:-}" in setup|test|all) mode="$1"; shift ;; esac
versions=("$@")
[ ${#versions[@]} -eq 0 ] && versions=(0.4.38 0.6.2 0.8.3 0.10.2)
mkdir -p "$venvs"

setup() {
  local v="$1" dir="$venvs/jax-$1"
  if [ ! -x "$dir/bin/python" ]; then "$python" -m venv "$dir" || return 1; fi
  "$dir/bin/python" -m pip install -q --disable-pip-version-check \
    "jax==$v" "jaxlib==$v" numpy pytest libcst ipython >"$dir.pip.log" 2>&1 \
    || { tail -5 "$dir.pip.log" >&2; return 1; }
}

# The floor check: unguarded with one warning (run where the suite is not expected to pass).
floor_check() {
  local dir="$1"
  PYTHONPATH="$here" "$dir/bin/python" - <<'PY'
import warnings
import jax
import jax.numpy as jnp
import jitguard
from jitguard.runtime import hooks
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    f = jitguard.jit(lambda x: x * 2, max_compiles=1, on_excess="raise")
    g = jitguard.guard(jax.jit(lambda x: x + 1), max_compiles=0, on_excess="log")
    try:
        outs = [float(f(jnp.ones(n)).sum()) for n in (1, 2, 3)] + [float(g(jnp.ones(2)).sum())]
    except jitguard.RecompilationError:
        outs = "refused"
ours = [w for w in caught if "jitguard" in str(w.message)]
if hooks.supported:
    assert outs == "refused" and not ours, (outs, [str(w.message) for w in ours])
    print("guarded (2nd shape refused), no warning")
else:
    assert outs == [2.0, 4.0, 6.0, 4.0], outs
    assert len(ours) == 1, [str(w.message) for w in ours]
    print("unguarded, 1 warning: " + str(ours[0].message).split("(")[1].split(")")[0])
PY
}

run_tests() {
  local v="$1" dir="$venvs/jax-$1" out
  [ -x "$dir/bin/python" ] || { echo "| $v | no venv (run setup) | |"; return; }
  local actual floor
  actual="$("$dir/bin/python" -c 'import jax, jaxlib; print(jax.__version__, jaxlib.__version__)' 2>/dev/null)"
  floor="$(floor_check "$dir" 2>&1 | tail -1)"
  case "$floor" in unguarded*)  # below the floor: the suite is not expected to pass
    echo "| $actual | not run (unguarded) | $floor |"; return ;;
  esac
  local log="$venvs/jax-$v.pytest.log" failing
  (cd "$here" && PYTHONPATH="$here" "$dir/bin/python" -m pytest tests/runtime -q -rfE \
        -p no:cacheprovider >"$log" 2>&1)
  out="$(grep -E "[0-9]+ (passed|failed|error)" "$log" | tail -1)"
  failing="$(grep -E "^(FAILED|ERROR) " "$log" | sed -E 's/^(FAILED|ERROR) tests\/runtime\/([^:]+)::.*/\2/' | sort | uniq -c | awk '{printf "%s%s x%s", (NR>1?", ":""), $2, $1}')"
  [ -n "$failing" ] && out="$out (failing: $failing)"
  echo "| $actual | $out | $floor |"
}

if [ "$mode" != test ]; then
  for v in "${versions[@]}"; do setup "$v" || echo "setup of jax $v failed" >&2; done
fi
if [ "$mode" != setup ]; then
  echo "| jax, jaxlib | tests/runtime | below-floor promise (guarded f runs, warnings) |"
  echo "|---|---|---|"
  for v in "${versions[@]}"; do run_tests "$v"; done
fi
