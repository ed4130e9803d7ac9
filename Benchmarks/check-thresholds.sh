#!/usr/bin/env bash
# Checks the fast suites against the static thresholds recorded by
# `update-thresholds.sh` (the tolerances are `regressionThresholds` in
# BenchmarkSupport). Fails only on a regression: package-benchmark also exits
# non-zero when a result is better than its threshold, which says only that
# the thresholds could be re-recorded.
set -uo pipefail
cd "$(dirname "$0")"
source ./swift-package.sh
targets=(OrderedStoreVsPeers WindowingQuery Outline LinkedList PagingTriggers)
args=()
for target in "${targets[@]}"; do args+=(--target "$target"); done
# Only the benchmarks with recorded thresholds run, each once after its
# warm-up (BenchmarkSupport's measureCountsOnceIfAsked): counts repeat.
for file in Thresholds/*.p90.json; do
  name=${file#Thresholds/*.}
  args+=(--filter "$(sed 's/[][\\.^$*+?(){}|]/\\&/g' <<<"${name%.p90.json}")")
done
log=$(mktemp)
BENCHMARK_COUNTS_ONLY=1 swift_package benchmark thresholds check "${args[@]}" --no-progress \
  >"$log" 2>&1
status=$?
grep -a -v "^Warning: Custom threshold tolerance" "$log" | grep -a -E -A14 "^Deviations (worse|better)" || true
if [ "$status" -eq 0 ]; then
  echo "check-thresholds: every benchmark within its thresholds"
elif grep -aq "is BETTER than the defined thresholds" "$log" \
  && ! grep -aq "Deviations worse than threshold" "$log"; then
  echo "check-thresholds: no regression (some results are better than their thresholds)"
else
  tail -20 "$log"
  echo "check-thresholds: a regression past the thresholds, or a failed run (exit $status)" >&2
  exit 1
fi
