#!/bin/bash -eu
# ClusterFuzzLite's build: the two targets of Fuzz/Package.swift with the
# flags of `Fuzz/fuzz build` (release, libFuzzer, the run's sanitizer), plus
# a static Swift runtime because the runner image has none; then each
# target's dictionary, options and seed corpus beside it in $OUT.

# OSS-Fuzz's Swift setup; puts a Swift-aware llvm-symbolizer in $OUT.
# shellcheck source=/dev/null
. precompile_swift

cd "$SRC/notification-body/Fuzz"
if [ "$SANITIZER" = coverage ]; then
  flags=(--sanitize=fuzzer -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping)
else
  flags=(--sanitize=fuzzer -Xswiftc "-sanitize=fuzzer,$SANITIZER")
fi
swift build -c release --static-swift-stdlib "${flags[@]}"

for target in FuzzInvariants FuzzDifferential; do
  cp ".build/release/$target" "$OUT/$target"
  cp notification-body.dict "$OUT/$target.dict"
  # As Fuzz/fuzz runs them. Leak checking is off: the Swift runtime's caches
  # look like leaks.
  cat >"$OUT/$target.options" <<OPTIONS
[libfuzzer]
timeout = 2
max_len = 16384
rss_limit_mb = 4096

[asan]
detect_leaks = 0
quarantine_size_mb = 16
OPTIONS
  (cd "../corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
done
