# shellcheck shell=bash
# The one home of the fuzzing settings, sourced by Fuzz/fuzz,
# Fuzz/planted-bugs and .clusterfuzzlite/build.sh (which writes them into
# each target's .options file). The targets are also FuzzTarget's cases,
# which `notification-body seeds` writes for (SeedsTests checks that the two
# agree). Paths are from the repository's root.

fuzz_targets=(FuzzDifferential FuzzLibrary)
fuzz_dict=Fuzz/notification-body.dict
# Every fuzzing build's sanitizers: libFuzzer and AddressSanitizer for the
# Swift modules, and AddressSanitizer for the C modules too (--sanitize=address;
# without it SwiftPM compiles them with -fsanitize=fuzzer alone, unchecked).
fuzz_sanitizer_flags=(--sanitize=fuzzer --sanitize=address -Xswiftc "-sanitize=fuzzer,address")
# The local fuzzing build: those, in release.
fuzz_build_flags=(-c release "${fuzz_sanitizer_flags[@]}")
# The coverage build's flags (Fuzz/fuzz coverage, and the engines' build with
# SANITIZER=coverage): libFuzzer and LLVM's coverage mapping, no sanitizer.
fuzz_coverage_flags=(--sanitize=fuzzer -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping)
# ...with the work meter built into the library (Package.swift), so the
# targets check linear-work; so is the command that triages their findings.
fuzz_build_env=(NOTIFICATION_BODY_WORK_METER=1)
# The metered command's own build folder, apart from the plain .build.
fuzz_command_scratch=.build-meter
# The working corpus that run and nightly grow, a folder per target, outside
# the tracked tree (.gitignore); the nightly workflow caches it. corpus/
# changes only through minimize.
fuzz_working_corpus=Fuzz/working-corpus
# What the last nightly of that working corpus leaves for the next: its
# commit (where the next regression range starts) and its fuzz-report.json
# (whose causes the next report rechecks: which are fixed now).
fuzz_last_nightly=$fuzz_working_corpus/.last-nightly
# Every run of a target on inputs: fuzzing, merging, replaying, minimizing.
fuzz_limits=(-timeout=2 -rss_limit_mb=4096)
# Fuzzing also uses the dictionary and this input size.
fuzz_max_len=-max_len=16384

# A Swift trap must reach libFuzzer as a crash (exit 77), not the backtracer.
export SWIFT_BACKTRACE=enable=off
# ASan's quarantine otherwise grows the RSS past 500 MB within seconds; leak
# detection would report the Swift runtime's caches. Any ASAN_OPTIONS of the
# caller's own come after.
fuzz_asan_options=quarantine_size_mb=16:detect_leaks=0
export ASAN_OPTIONS="$fuzz_asan_options${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
