# Shared by precision_projects.sh and precision_heldout*.sh (sourced, not run): fetch pinned
# pure-Python wheels into one --target folder each, or pinned source distributions extracted into
# one folder each, then optionally lint each and print counts.
#
#   fetch_and_check DIR CHECK [EXPECTED] [KIND] < requirements   # one "name==version --hash=sha256:..." per line
#
# KIND: wheel (the default: pip installs the pinned wheel, --target DIR/NAME) or sdist (the pinned
# source distribution, found through the package index's JSON API by its sha256, checked and
# extracted into DIR/NAME without its top folder by _fetch_sdist.py: examples/, scripts/ and
# notebooks included, nothing built or imported). A line that ends with the comment `# sdist` is
# fetched as a source distribution whatever KIND is, so one set can mix wheels and sdists
# (precision_heldout26.txt); pip reads the same line as a plain requirement with a comment.
#
# EXPECTED (optional): "name=count ..." (a project not named expects 0); with it, --check marks each
# project whose count differs, prints the total, and fails when any differs.

fetch_and_check() {
  local dir=$1 check=$2 expected=${3-} kind=${4:-wheel} py=${PYTHON:-python3}
  if [[ ! -f $dir/.complete ]]; then
    local work
    work=$(mktemp -d)
    cat > "$work/projects.txt"
    rm -rf "$dir"; mkdir -p "$dir"
    while read -r req; do
      local name=${req%%==*} one_kind=$kind
      if [[ $req == *"# sdist" ]]; then
        one_kind=sdist
        req=${req%%#*}
        req=${req%"${req##*[![:space:]]}"}
      fi
      if [[ $one_kind == sdist ]]; then
        "$py" "$(dirname "${BASH_SOURCE[0]}")/_fetch_sdist.py" "$dir/$name" "$req" < /dev/null
        continue
      fi
      echo "$req" > "$work/one.txt"
      "$py" -m pip install -q --no-deps --only-binary :all: --ignore-requires-python --no-compile \
          --require-hashes --target "$dir/$name" -r "$work/one.txt"
      rm -rf "$dir/$name/bin"
    done < "$work/projects.txt"
    rm -rf "$work"
    touch "$dir/.complete"
  else
    cat > /dev/null
  fi
  if [[ $check == 1 ]]; then
    local total=0 differs=0
    for p in "$dir"/*/; do
      local n name want
      name=$(basename "$p")
      n=$("$py" -m jitguard check "$p" --no-cache --output-format json --exit-zero -j 1 \
          | "$py" -c 'import json, sys; print(len(json.load(sys.stdin)))')
      total=$((total + n))
      if [[ -n $expected ]]; then
        want=$(tr ' ' '\n' <<< "$expected" | sed -n "s/^$name=//p")
        want=${want:-0}
        if [[ $n != "$want" ]]; then
          echo "$name $n (expected $want)"
          differs=1
          continue
        fi
      fi
      echo "$name $n"
    done
    if [[ -n $expected ]]; then
      echo "total $total"
      return $differs
    fi
  else
    echo "$dir"
  fi
}

# A pinned set's whole command line: `pinned_set DEFAULT_DIR EXPECTED "$@" < requirements` reads
# `[--check] [DIR]` from the script's arguments (DIR defaults to DEFAULT_DIR) and runs
# fetch_and_check with them.
pinned_set() {
  local default=$1 expected=$2 check=0
  shift 2
  if [[ ${1:-} == --check ]]; then check=1; shift; fi
  fetch_and_check "${1:-$default}" "$check" "$expected" "${PINNED_KIND:-wheel}"
}

# The same for a set pinned as source distributions (precision_heldout25.sh):
# `pinned_sdist_set DEFAULT_DIR EXPECTED "$@" < requirements`.
pinned_sdist_set() {
  PINNED_KIND=sdist pinned_set "$@"
}
