#!/usr/bin/env bash
# Records the static thresholds that `swift package benchmark thresholds check`
# compares against, for the suites fast enough to check routinely.
#
# package-benchmark 1.38.1 writes `Thresholds/<target>.<name>.p90.json` with
# spaces in the name replaced by `_`, but reads the name with its spaces; so
# the files are renamed back (no benchmark name here contains `_` or `/`).
set -euo pipefail
cd "$(dirname "$0")"
targets=(OrderedStoreVsPeers WindowingQuery Outline LinkedList PagingTriggers)
args=()
for target in "${targets[@]}"; do args+=(--target "$target"); done
# The thresholds being replaced, to compare with: re-recording blesses
# whatever the code does now, so a regression recorded here passes CI.
previous=$(mktemp -d)
trap 'rm -rf "$previous"' EXIT
[ -d Thresholds ] && cp -a Thresholds/. "$previous"/
rm -rf Thresholds
BENCHMARK_COUNTS_ONLY=1 swift package --disable-sandbox --allow-writing-to-package-directory \
  benchmark thresholds update "${args[@]}"
for file in Thresholds/*_*; do
  mv "$file" "${file//_/ }"
done
# Wall clock is not recorded: it is a property of the machine as much as of
# the code. CI's fresh machine measured a peer's 1M-element memmove at 6.4x
# and the scheduler-bound paging suite at 7x what this VM recorded, past any tolerance that would still catch a regression. What the
# check holds is what the code alone decides: allocations, bytes and page
# loads. Costs in time are proven by the unit tests that count calls.
for file in Thresholds/*.json; do
  awk '!/"wallClock"/ { line[++n] = $0 }
    END { for (i = 1; i <= n; i++) {
      if (i < n && line[i + 1] ~ /^}/) sub(/,$/, "", line[i]); print line[i] } }' \
    "$file" >"$file.tmp" && mv "$file.tmp" "$file"
  # A benchmark that measures only time has nothing left to check.
  if [ "$(tr -d ' \n' <"$file")" = "{}" ]; then rm "$file"; fi
done
# Every metric that more than doubled (or first appeared), to read before
# committing: an intended change says why in its commit; anything else is
# a regression to fix, not to record.
for file in Thresholds/*.json; do
  old="$previous/$(basename "$file")"
  [ -f "$old" ] || { echo "new: $file"; continue; }
  awk -v name="$(basename "$file" .p90.json)" '
    FNR == NR { if (match($0, /"[A-Za-z]+" *: *[0-9]+/)) { split(substr($0, RSTART, RLENGTH), kv, /"|: */); was[kv[2]] = kv[4] + 0 }; next }
    match($0, /"[A-Za-z]+" *: *[0-9]+/) {
      split(substr($0, RSTART, RLENGTH), kv, /"|: */); now = kv[4] + 0
      if (kv[2] in was && now > 2 * was[kv[2]] && now > was[kv[2]] + 2)
        printf "more than doubled: %s %s %.0f -> %.0f\n", name, kv[2], was[kv[2]], now
    }' "$old" "$file"
done
echo "Check with: swift package --disable-sandbox benchmark thresholds check ${args[*]}"
