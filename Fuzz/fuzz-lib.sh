# shellcheck shell=bash
# What Fuzz/fuzz, Fuzz/fuzz-minimize and Fuzz/fuzz-coverage share: the
# settings, the folders, the messages and the two builds. Sourced from the
# repository's root.
# shellcheck source=Fuzz/fuzz-settings.sh
source Fuzz/fuzz-settings.sh
bins=Fuzz/.build/release artifacts=Fuzz/artifacts
tool=$fuzz_command_scratch/release/notification-body

fail() { echo "Error: $1" >&2; exit 1; }
note() { echo "==> $*"; }
files() {  # folder: the names of its files, sorted
  if [[ -d $1 ]]; then find "$1" -maxdepth 1 -type f ! -name '.*' -printf '%f\n' | LC_ALL=C sort; fi
}
bytes() {  # folder: the total size of its files
  find "$1" -maxdepth 1 -type f ! -name '.*' -printf '%s\n' | awk '{ n += $1 } END { print n + 0 }'
}
# fuzz_merge <binary> <log> <argument>...: libFuzzer's -merge=1 (what the later
# folders add to the first's coverage goes into the first) with every run's
# limits, its scratch files in $artifacts/tmp and its output in <log>.
fuzz_merge() {
  local binary=$1 log=$2
  shift 2
  TMPDIR=$root/$artifacts/tmp "$binary" -merge=1 "${fuzz_limits[@]}" "$@" >"$log" 2>&1
}

build_fuzzers() {
  note "building ${fuzz_targets[*]} (release, libFuzzer + AddressSanitizer)"
  (cd Fuzz && env "${fuzz_build_env[@]}" swift build "${fuzz_build_flags[@]}")
  local target
  for target in "${fuzz_targets[@]}"; do check_fuzz_target "$bins/$target" address; done
}
# check_fuzz_target <binary> <address|coverage>: fails unless the target, run
# with -runs=0, shows every feature its build must have: coverage counters,
# the custom mutator, the work meter (linear-work) and the work features; in
# an address build also the allocation meter (no-leak). Fuzz/fuzz build and
# .clusterfuzzlite/build.sh both check with it.
check_fuzz_target() {
  local binary=$1 sanitizer=$2 output counters empty rc=0
  empty=$(mktemp -d)
  output=$(SWIFT_BACKTRACE=enable=off "$binary" -runs=0 -artifact_prefix="$empty/" "$empty" 2>&1) || rc=$?
  rm -rf "$empty"
  ((rc == 0)) || fail "$binary: exited $rc when run with -runs=0:"$'\n'"$output"
  counters=$(sed -n 's/^INFO: Loaded 1 modules *(\([0-9]*\) inline 8-bit counters).*/\1/p' <<<"$output")
  [[ ${counters:-0} -gt 0 ]] ||
    fail "$binary: no coverage counters; build with ${fuzz_sanitizer_flags[*]}"
  grep -q "^INFO: custom mutator: " <<<"$output" ||
    fail "$binary: libFuzzer does not call the targets' custom mutator"
  if [[ $sanitizer == address ]]; then
    grep -q "^INFO: no-leak: allocations heard" <<<"$output" ||
      fail "$binary: its allocation meter hears nothing, so no-leak is not checked; build with ${fuzz_sanitizer_flags[*]}"
  fi
  grep -q "^INFO: linear-work: the library's profile counters" <<<"$output" ||
    fail "$binary: no work meter in its library, so linear-work is not checked; build with ${fuzz_build_env[*]}"
  grep -q "^INFO: [0-9]* Extra Counters" <<<"$output" ||
    fail "$binary: libFuzzer sees no extra counters, so work per byte earns no feature"
  note "${binary##*/}: libFuzzer, $counters inline 8-bit counters, custom mutator, $([[ $sanitizer == address ]] &&
    echo "no-leak and ")linear-work checked"
}
build_command() {
  note "building notification-body (release, with the work meter, in $fuzz_command_scratch/)"
  env "${fuzz_build_env[@]}" swift build -c release --product notification-body \
    --scratch-path "$fuzz_command_scratch"
}

