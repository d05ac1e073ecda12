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

build_fuzzers() {
  note "building ${fuzz_targets[*]} (release, libFuzzer + AddressSanitizer)"
  (cd Fuzz && env "${fuzz_build_env[@]}" swift build "${fuzz_build_flags[@]}")
  mkdir -p "$artifacts/tmp/empty"
  local target output counters
  for target in "${fuzz_targets[@]}"; do
    output=$("$bins/$target" -runs=0 -artifact_prefix="$artifacts/tmp/" "$artifacts/tmp/empty" 2>&1) ||
      fail "$bins/$target: exited $? when run with -runs=0:"$'\n'"$output"
    counters=$(sed -n 's/^INFO: Loaded 1 modules *(\([0-9]*\) inline 8-bit counters).*/\1/p' <<<"$output")
    [[ ${counters:-0} -gt 0 ]] ||
      fail "$bins/$target: no coverage counters; build with ${fuzz_build_flags[*]}"
    grep -q "^INFO: no-leak: allocations heard" <<<"$output" ||
      fail "$bins/$target: its allocation meter hears nothing, so no-leak is not checked; build with ${fuzz_build_flags[*]}"
    grep -q "^INFO: linear-work: the library's profile counters" <<<"$output" ||
      fail "$bins/$target: no work meter in its library, so linear-work is not checked; build with ${fuzz_build_env[*]}"
    grep -q "^INFO: [0-9]* Extra Counters" <<<"$output" ||
      fail "$bins/$target: libFuzzer sees no extra counters, so work per byte earns no feature"
    note "$target: libFuzzer, $counters inline 8-bit counters, no-leak and linear-work checked"
  done
}
build_command() {
  note "building notification-body (release, with the work meter, in $fuzz_command_scratch/)"
  env "${fuzz_build_env[@]}" swift build -c release --product notification-body \
    --scratch-path "$fuzz_command_scratch"
}

