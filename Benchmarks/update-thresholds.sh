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
rm -rf Thresholds
swift package --disable-sandbox --allow-writing-to-package-directory \
  benchmark thresholds update "${args[@]}"
for file in Thresholds/*_*; do
  mv "$file" "${file//_/ }"
done
echo "Check with: swift package --disable-sandbox benchmark thresholds check ${args[*]}"
