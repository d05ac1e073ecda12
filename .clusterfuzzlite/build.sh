#!/bin/bash -eu
# The engines' build (ClusterFuzzLite's, and OSS-Fuzz's through
# Fuzz/oss-fuzz/build.sh): the targets of Fuzz/Package.swift built with the
# `swift` on PATH (Swift 6.2 or later: SwiftPM's --sanitize=fuzzer), the
# settings of Fuzz/fuzz-settings.sh and a static Swift runtime, since the
# runner image has none. Each target is checked as `Fuzz/fuzz build` checks
# it, and the build fails when one lacks a feature. Into $OUT go, for each
# target, <target>.options, <target>.dict and <target>_seed_corpus.zip:
#
#   SANITIZER=address   FuzzLibrary, FuzzDifferential (release, as the nightly
#                       fuzzes them) and FuzzLibrary_debug, FuzzDifferential_debug
#                       (debug: the library's assertions live)
#   SANITIZER=coverage  FuzzLibrary, FuzzDifferential with coverage mapping
#
# Any other sanitizer fails: Swift has no -sanitize=undefined on Linux, and
# no MemorySanitizer. Fuzz/README.md ("Past one machine") says more.

# OSS-Fuzz's Swift setup: a Swift-aware llvm-symbolizer into $OUT. Its
# SWIFTFLAGS are not used: their -parse-as-library leaves the targets'
# main.swift without its entry point.
# shellcheck source=/dev/null
. precompile_swift

# The checkout, where both Dockerfiles (and Fuzz/fuzz engine-build) put it.
cd "$SRC/notification-body"
# shellcheck source=Fuzz/fuzz-lib.sh
. Fuzz/fuzz-lib.sh

case $SANITIZER in
  address) builds=("release:" "debug:_debug") sanitizer_flags=("${fuzz_sanitizer_flags[@]}") ;;
  coverage) builds=("release:") sanitizer_flags=("${fuzz_coverage_flags[@]}") ;;
  *) fail "SANITIZER=$SANITIZER: this project builds with address or coverage only" ;;
esac
# The C modules compiled by the toolchain's own clang, whose sanitizer
# runtimes swiftc links; the image's CC is another LLVM.
CC=$(dirname "$(command -v swift)")/clang
export CC

# "-timeout=2" as "timeout = 2".
options() { for option in "$@"; do option=${option#-}; echo "${option%%=*} = ${option#*=}"; done; }
for build in "${builds[@]}"; do
  configuration=${build%%:*} suffix=${build#*:}
  scratch=$WORK/swift-$SANITIZER-$configuration
  note "building ${fuzz_targets[*]} ($configuration, $SANITIZER) in $scratch"
  (cd Fuzz && env "${fuzz_build_env[@]}" swift build -c "$configuration" --static-swift-stdlib \
    --scratch-path "$scratch" "${sanitizer_flags[@]}")
  for target in "${fuzz_targets[@]}"; do
    name=$target$suffix
    cp "$scratch/$configuration/$target" "$OUT/$name"
    check_fuzz_target "$OUT/$name" "$SANITIZER"
    cp "$fuzz_dict" "$OUT/$name.dict"
    {
      echo "[libfuzzer]"
      options "${fuzz_limits[@]}" "$fuzz_max_len"
      echo
      echo "[asan]"
      IFS=: read -ra asan <<<"$fuzz_asan_options"
      options "${asan[@]}"
    } >"$OUT/$name.options"
    rm -f "$OUT/${name}_seed_corpus.zip"
    (cd "corpus/$target" && zip -q -r "$OUT/${name}_seed_corpus.zip" .)
  done
done
