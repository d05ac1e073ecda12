# shellcheck shell=bash
# The planted-bug runner's fuzzing layer (Fuzz/planted-bugs sources it; a
# test drives it with stand-in fuzzers): every target on the planted bug,
# each alone on its own core, the first find stopping the others. Reads
# $work, $builds, $tree, $logs, $seconds, $cores, $fuzzing_only, the
# targets in $targets, and fuzz-settings.sh's flags; calls fail().

# fuzz <target>: writes $work/<target>.verdict, "<caught: 0|1> <seconds>
# <kind of artifact|stopped>", on every way out of its own subshell: a job
# whose fuzzer the runner stops, or whose last steps it interrupts, still
# leaves its verdict ("stopped" when nothing was found). The fuzzer's pid
# stays in $work/<target>.pid while it runs, so that stop_fuzzers ends the
# fuzzer itself, never only the subshell that waits for it.
fuzz() (
  t=$1 start=${EPOCHREALTIME/./} rc=0 verdict="0 0.0 stopped"
  trap 'rm -f "$work/$t.pid"; echo "$verdict" >"$work/$t.verdict"' EXIT
  rm -rf "$work/$t" && mkdir -p "$work/$t/new" "$work/$t/artifacts"
  "$builds/fuzz/release/$t" -dict="$tree/$fuzz_dict" "${fuzz_limits[@]}" "$fuzz_max_len" -seed=1 \
    -max_total_time="$seconds" -artifact_prefix="$work/$t/artifacts/" "$work/$t/new" "$work/corpus/$t" \
    >"$logs/$t.log" 2>&1 &
  echo $! >"$work/$t.pid"
  # A stop that came before the pid was written has not seen it: end it here.
  [[ ! -e $work/stop ]] || kill $! 2>/dev/null || true
  wait $! || rc=$?
  took=$((${EPOCHREALTIME/./} - start)) && took=$((took / 1000000)).$((took / 100000 % 10))
  kind=$(find "$work/$t/artifacts" -type f -printf '%f\n' | head -1 | sed 's/-.*//') || kind=""
  if [[ -z $kind && -e $work/stop ]]; then verdict="0 $took stopped"
  else verdict="$([[ -n $kind || $rc -ne 0 ]] && echo 1 || echo 0) $took ${kind:-exit-$rc}"; fi
)

# stop_at_first_find: with every layer, a target's find ends the others still fuzzing.
stop_at_first_find() {
  ((!fuzzing_only)) && grep -qs '^1 ' "$work"/*.verdict || return 0
  touch "$work/stop"
  stop_fuzzers
}

# stop_fuzzers: ends every fuzzer whose pid a fuzz job has written; each
# job then writes its verdict as it does when its fuzzer ends by itself.
stop_fuzzers() {
  local file pid
  for file in "$work"/*.pid; do
    pid=$(cat "$file" 2>/dev/null) && [[ -n $pid ]] && kill "$pid" 2>/dev/null || true
  done
}

# fuzz_every_target: each target alone on its own core, no more at a time
# than there are cores; then every target has its verdict, or the run fails
# saying which has none.
fuzz_every_target() {
  rm -f "$work"/*.verdict "$work"/*.pid "$work/stop"
  local target
  for target in "${targets[@]}"; do
    while (($(jobs -rp | wc -l) >= cores)); do wait -n || true; stop_at_first_find; done
    if [[ -e $work/stop ]]; then echo "0 0.0 stopped" >"$work/$target.verdict"; else fuzz "$target" & fi
  done
  while (($(jobs -rp | wc -l))); do wait -n || true; stop_at_first_find; done
  for target in "${targets[@]}"; do
    [[ -s $work/$target.verdict ]] || fail "$target's fuzzing left no verdict in $work/; see $logs/$target.log"
  done
}
