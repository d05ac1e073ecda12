#!/bin/bash -eu
# ClusterFuzzLite's build: the targets of Fuzz/Package.swift with the flags of
# `Fuzz/fuzz build` (release, libFuzzer, the run's sanitizer), plus a static
# Swift runtime because the runner image has none; then each target's
# dictionary, options and seed corpus beside it in $OUT. The targets, the
# dictionary and the options come from Fuzz/fuzz-settings.sh, their one home.

# OSS-Fuzz's Swift setup; puts a Swift-aware llvm-symbolizer in $OUT.
# shellcheck source=/dev/null
. precompile_swift

cd "$SRC/notification-body"
# shellcheck source=Fuzz/fuzz-settings.sh
. Fuzz/fuzz-settings.sh
if [ "$SANITIZER" = coverage ]; then
  flags=(--sanitize=fuzzer -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping)
else
  flags=(--sanitize=fuzzer -Xswiftc "-sanitize=fuzzer,$SANITIZER")
fi
(cd Fuzz && env "${fuzz_build_env[@]}" swift build -c release --static-swift-stdlib "${flags[@]}")

# "-timeout=2" as "timeout = 2"; "a=1:b=2" as "a = 1" and "b = 2".
options() { for option in "$@"; do option=${option#-}; echo "${option%%=*} = ${option#*=}"; done; }
for target in "${fuzz_targets[@]}"; do
  cp "Fuzz/.build/release/$target" "$OUT/$target"
  cp "$fuzz_dict" "$OUT/$target.dict"
  {
    echo "[libfuzzer]"
    options "${fuzz_limits[@]}" "$fuzz_max_len"
    echo
    echo "[asan]"
    IFS=: read -ra asan <<<"$fuzz_asan_options"
    options "${asan[@]}"
  } >"$OUT/$target.options"
  (cd "corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
done
