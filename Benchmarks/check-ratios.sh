#!/usr/bin/env bash
# Checks time where it can be checked on any machine: as the ratio of one of
# our benchmarks to a reference measured in the same run (a peer, or the
# naive way), never as an absolute figure. Each pair's limit leaves room for
# the spread of its ratio over runs alone and runs beside a parallel build
# on a 2-core machine (a ratio of cache misses moved up to 8x), and fails
# on a change of complexity, which at these sizes moves a ratio by 100x or
# more. A ratio past its limit is measured
# again, up to three runs in all, and fails only if it fails in each.
# Compares p90s; the README's tables give p50s from separate runs.
# RATIOS_FILTER=REGEX checks only the pairs whose line matches it.
set -uo pipefail
cd "$(dirname "$0")"
source ./swift-package.sh

# target | ours | reference | the ratio ours/reference may not pass | why
# | the metric compared (the wall clock if none)
# A reference `@metric` is that metric of `ours` itself, in nanoseconds,
# compared with `ours`' own metric: two parts of one benchmark, measured
# side by side in one process.
pairs=$(
  cat <<'EOF'
LinkedList|index iteration 20k: LinkedListCollection (cold index)|index iteration 20k: direct node walk|30|reads through the index: O(1) each, 2-3x a walk alone, up to 11.5x beside a parallel build; a walk from the head per read is thousands of times
LinkedList|window reads by subscript, 40 frames, side by side|@walk time|3|50-row windows moved by 25 rows, as ForEach reads them: the run slides, so only new rows are walked: 1.3-1.4x alone, up to 2.3x beside a parallel build; a walk from its block's checkpoint per read is 18-23x (the slide itself is held by a count in the unit tests)|list time
LinkedList|last 50 rows of 20k: LinkedListCollection (warm)|last 50 rows of 20k: walking adapter|1|a warm window: no walk from the head
ChatHistory|chat prepend 50, 1M messages: invalidate(prepending:)|chat prepend 50, 10k messages: invalidate(prepending:)|4|the index kept, shifted: 1.96x between 10k and 1M (the checkpoints moved when a block is added); a new collection walks from the head, 96x
ChatHistory|chat prepend 50, 1M messages: invalidate(prepending:)|chat prepend 50, 1M messages: a new collection|0.02|no walk from the head: 0.0007x
OrderedStoreVsPeers|lookup hit 100k: OrderedStore|lookup hit 100k: OrderedDictionary|15|a hash lookup, as the peer's: 0.5-0.8x alone, up to 7.7x beside a parallel build; a linear search is thousands of times
OrderedStoreVsPeers|lookup miss 100k: OrderedStore|lookup miss 100k: OrderedDictionary|15|a hash lookup, as the peer's: 0.4-0.5x alone, up to 2.8x beside a parallel build
OrderedStoreVsPeers|iterate 100k: OrderedStore|iterate 100k: OrderedDictionary|5|contiguous reads, as the peer's
OrderedStoreVsPeers|removeFirst x1k at 100k: OrderedStore|removeFirst x1k at 100k: OrderedDictionary|0.1|O(1) against the peer's O(n)
OrderedStoreVsPeers|drag 1 row by 3 at 1M: OrderedStore|drag 1 row by 3 at 1M: Array (remove + insert)|1|O(distance) against O(n)
OrderedStoreVsPeers|drag 1 row by 3 and back at 1M: OrderedStore|drag 1 row by 3 and back at 1M: OrderedDictionary (moveSubrange)|4|fresh random rows, the table read cold: the passed rows' entries found together, 0.53-0.81x alone, up to 1.29x beside a parallel build and 2.9x once beside the fuzzers; one row dragged again and again swung 0.6-1.6x with the hash seed; a drag of O(n) is the change this guards
OrderedStoreVsPeers|drag 1 row by 1,000 and back at 1M: OrderedStore|drag 1 row by 1,000 and back at 1M: OrderedDictionary (moveSubrange)|0.8|the rows' entries found in bucket order: 0.39-0.59x
OrderedStoreVsPeers|drag 1 row by 80,000 and back at 1M: OrderedStore|drag 1 row by 80,000 and back at 1M: OrderedDictionary (moveSubrange)|0.67|a vectorized pass over the table: 0.2-0.25x; the peer's time varies 2x between runs
OrderedStoreVsPeers|drag 1 row by 100,000 and back at 1M: OrderedStore|drag 1 row by 100,000 and back at 1M: OrderedDictionary (move(indices:to:))|0.67|the same pass: 0.15-0.26x
OrderedStoreVsPeers|drag 1 row by 400,000 and back at 1M: OrderedStore|drag 1 row by 400,000 and back at 1M: OrderedDictionary (move(indices:to:))|0.5|0.06-0.11x: one pass over the table; a full copy (the cliff a second reference made) is 2x
OrderedStoreVsPeers|move 3 scattered rows to 300,000 at 1M: OrderedStore|move 3 scattered rows to 300,000 at 1M: OrderedDictionary (move(indices:to:))|0.67|the rows between moved run by run, in place, and one pass over the table: 0.06-0.11x
OrderedStoreVsPeers|move 3 scattered keys before a key 300,000 rows away at 1M: OrderedStore (move(keys:before:))|move 3 scattered keys before a key 300,000 rows away at 1M: OrderedDictionary (move(indices:to:))|0.67|the moves by offsets and one hash lookup per key, on both sides
OrderedStoreVsPeers|move 3 scattered keys before a key 300,000 rows away at 1M: OrderedStore (move(keys:before:))|move 3 scattered keys before a key 300,000 rows away at 1M: OrderedDictionary (moveSubrange)|0.67|the peer moves one key at a time
ListMutations|sectioned move 3 keys across 1,000 sections, 1M rows: bare|sectioned move 3 keys across 1,000 sections, 1M rows: an applier that scans|0.5|moveItems(keys:before:inSection:): a lookup per key in each section until one holds it, then the stores' own moves: 0.11x
ListMutations|pager drag a row by 5 and back, 1M rows: move|pager drag a row by 5 and back, 1M rows: remove + insert|1|one edit and one publication against two of each: 0.58-0.67x; a tuple per loaded item read was 1.4x
OrderedStoreVsPeers|move 3 rows at 100k: OrderedStore|move 3 rows at 100k: OrderedDictionary (move(indices:to:))|0.67|the same at 100k, 3-byte entries: 0.34-0.42x
OrderedStoreVsPeers|move first to last at 1M: OrderedStore|move first to last at 1M: Array (remove + insert)|1|about 100x faster than the array in every run so far
ArrayConversion|OutlineCollection 1.1M: in place|OutlineCollection 1.1M: the flattened rows, conversion not measured|3|a window's rows by iterating its slice: 1.2-1.7x the array; a descent per row is 8x
Outline|window reads by subscript, 40 frames: OutlineCollection|window reads by subscript, 40 frames: flattened array|30|a window read by steps from the last row: 13 ns a row, 16x the array; a descent per frame made it 44x
Outline|1,000 row lookups: OutlineCollection|1,000 row lookups: flattened array|400|fresh random rows: a descent each, one cache miss a level, and none at the last when each of the folder's children is one row (read by offset): 0.31-0.48 us, 20-32x the array's cache miss; 17-30x alone, up to 190x beside a parallel build (dependent misses, where the array's overlap); a scan per lookup is 10,000x or more
Outline|1,000 row lookups, an empty folder among the files: OutlineCollection|1,000 row lookups: flattened array|400|the same rows, the last level still read by offset: 0.30-0.50 us at p50
Outline|1,000 row lookups, an open folder among the files: OutlineCollection|1,000 row lookups: flattened array|400|the same rows with every level searched: 0.39-0.53 us at p50
Outline|1,000 row lookups reading the node: OutlineCollection|1,000 row lookups reading the node: flattened array|200|the node read too: 0.42-0.66 us, 13-20x the array, whose independent reads overlap their misses
Outline|toggle a top-level node (collapse + expand): OutlineCollection|toggle a top-level node (collapse + expand): flatten on change|1|O(log n) against O(n)
Outline|memory, all expanded: OutlineCollection|memory, all expanded: flattened array|4|one pass, as flattening
Outline|move a 1,111-node folder to another folder and back: move|move a 1,111-node folder to another folder and back: reload both parents|0.25|the moved nodes' counts up their two paths: 0.02x; the reload reads both parents' children and opens the folder again
Outline|expandAll of 1.1M rows: in a VirtualList|expandAll of 1.1M rows: OutlineCollection|1.6|the list applies the rows below each root as insertions, O(roots + window) on top of the outline's own work: 0.77-1.32x over 6 runs beside a fuzzer (each 1.1M rows allocated afresh)
Outline|memory, all expanded: OutlineCollection|memory, all expanded: flattened array|0.5|bytes held: 0.43x (22 against 50 MB at 1.1M rows)|memoryLeakedBytes
WindowingQuery|prepend 100 items to 1M: VariableLengthLayout|prepend 100 items to 1M: rebuild of the sums (the layout before)|1|O(k log n) against O(n)
WindowingQuery|mount 1M estimated rows: VariableLengthLayout|mount 1M estimated rows: an array of the offsets|0.2|no length per row until measured: 0.018x; a tree over every row is 10x
WindowingQuery|10,000 measurements of 10k rows (a storm): WindowingEngine, one batch|10,000 measurements of 10k rows (a storm): WindowingEngine, one by one|0.3|one anchoring and a chunk rebuilt once: 0.012-0.06x alone, up to 0.14x beside a parallel build (149 us; TanStack Virtual publishes 1.35 ms); one by one is 1x
WindowingQuery|1,000 frames at 1M rows, the window's heights reported by two hosts side by side|@changed rows time|2|an unchanged length is read and dropped: the whole window each frame against its changes alone|whole window time
WindowingQuery|a frame's entering rows measured as one batch, 100 frames up: 1000k rows|a frame's entering rows measured as one batch, 100 frames up: 10k rows|3|O(rows measured x log n) a frame: 1M rows against 10k
Diff|1M items, one appended: IdentityDifference|1M items, one appended: difference(from:)|1.5|a pass of id comparisons, as Myers' for one change: 0.4x; hashing every row is 50x
Diff|1M items, one moved by 899,900: IdentityDifference|1M items, one moved by 899,900: difference(from:)|1|two edits found by comparing ids: 0.16x; hashing the rows in between is 12x
Diff|1M items, one moved by 899,900: SectionedDifference + batch()|1M items, one moved by 899,900: IdentityDifference|2|the list as one section, its middle matched by the flat diff's short edit script: p90 of 50 samples 0.73-2.08x over 3 runs; hashing the middle was 45x
Diff|1M items, one moved by 899,900: SectionedDifference + stagedBatches()|1M items, one moved by 899,900: IdentityDifference|2|the one stage that moves, its list as runs: 0.63-1.38x over 3 runs; a source per row made it 2.1-3.4x
Diff|1M items, no change: SectionedDifference + batch()|1M items, no change: IdentityDifference|2|a pass of comparisons, as the flat diff's: 0.85-1.30x over 3 runs
Diff|1M items, no change: SectionedDifference + stagedBatches()|1M items, no change: IdentityDifference|2|no stage built: 0.82-1.07x over 3 runs; every stage built and dropped was 14x
Diff|DifferenceKit's scenario, 100k UUIDs: IdentityDifference|DifferenceKit's scenario, 100k UUIDs: Dictionary match|0.5|a table made for the match: 0.12x (DifferenceKit itself is about 1x the Dictionary match)
Diff|DifferenceKit's scenario, 1000k UUIDs: IdentityDifference|DifferenceKit's scenario, 1000k UUIDs: Dictionary match|0.5|0.2x
Diff|DifferenceKit's scenario, 1000k UUIDs: SectionedDifference + batch()|DifferenceKit's scenario, 1000k UUIDs: Dictionary match|0.5|the sections' common ends compared, their middles through the flat diff's table
Diff|DifferenceKit's scenario, 1000k UUIDs: IdentityDifference|DifferenceKit's scenario, 1000k UUIDs: Dictionary match|0.8|bytes allocated: 0.58x, 17.5 per row of the two snapshots|mallocBytesCount
SQLitePaging|walk 1,000,000 rows uncapped: Pager, keyset|@loader time|8|the walk against its loader's own time: 2.8-3.0x alone, up to 4.1x beside a parallel build; a cost per load growing with the pages loaded makes it 100x
SQLitePaging|100 loads with 9,900 pages loaded: Pager, keyset, uncapped|100 loads with 10 pages loaded: Pager, keyset, uncapped|2.5|a load costs the same at any number of pages loaded: 0.8-1.3x; an O(pages) load is 4x at 9,900 pages
EOF
)
if [ -n "${RATIOS_FILTER:-}" ]; then
  pairs=$(grep -E -- "$RATIOS_FILTER" <<<"$pairs") \
    || { echo "check-ratios: no pair matches $RATIOS_FILTER" >&2; exit 1; }
fi

# Runs the suites of the given pairs into a fresh folder; prints the folder.
run_suites() {
  local results target args=()
  results=$(mktemp -d "$work/run.XXXX")
  for target in $(cut -d'|' -f1 <<<"$1" | sort -u); do args+=(--target "$target"); done
  # Only the benchmarks the pairs name run, each matched whole.
  while IFS= read -r name; do
    args+=(--filter "$(sed 's/[][\\.^$*+?(){}|]/\\&/g' <<<"$name")")
  done < <(awk -F'|' '{ print $2; if ($3 !~ /^@/) print $3 }' <<<"$1" | sort -u)
  if ! swift_package --allow-writing-to-directory "$results" benchmark \
    "${args[@]}" --no-progress --format metricP90AbsoluteThresholds --path "$results" \
    >"$results/log" 2>&1; then
    tail -20 "$results/log" >&2
    echo "check-ratios: the benchmarks did not run" >&2
    return 1
  fi
  echo "$results"
}

# The p90 of a metric (the wall clock, in ns, by default) of one benchmark,
# from the file package-benchmark wrote for it (spaces in its name written
# as `_`).
p90() {
  local file="$results/$1.${2// /_}.p90.json"
  [ -f "$file" ] || { echo "check-ratios: no result for $1: $2" >&2; return 1; }
  awk -F: -v metric="\"${3:-wallClock}\"" '$1 ~ metric { gsub(/[ ,]/, "", $2); print $2 }' "$file"
}

# Checks each pair against the run in $results; prints a line per pair and
# the pairs that failed to $work/failed.
check_pairs() {
  local target ours reference limit why metric a b verdict
  : >"$work/failed"
  while IFS='|' read -r target ours reference limit why metric; do
    metric=${metric:-wallClock}
    if [[ $reference == @* ]]; then
      a=$(p90 "$target" "$ours" "$metric") && b=$(p90 "$target" "$ours" "${reference#@}") || b=""
    else
      a=$(p90 "$target" "$ours" "$metric") && b=$(p90 "$target" "$reference" "$metric") || b=""
    fi
    if [ -n "$b" ] && awk -v a="$a" -v b="$b" -v limit="$limit" 'BEGIN { exit !(b > 0 && a / b <= limit) }'; then
      verdict=ok
    else
      verdict=FAIL
      printf '%s|%s|%s|%s|%s|%s\n' "$target" "$ours" "$reference" "$limit" "$why" "$metric" >>"$work/failed"
    fi
    awk -v a="${a:-0}" -v b="${b:-0}" -v limit="$limit" -v v="$verdict" -v name="$target: $ours" -v why="$why" \
      'BEGIN { printf "%-4s %.3gx (limit %sx) %s [%s]\n", v, (b > 0 ? a / b : 0), limit, name, why }'
  done <<<"$1"
}

# A ratio past its limit is measured again, with its suite alone, up to
# twice: noise moves one run, a change of complexity moves every run.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
remaining=$pairs
for attempt in 1 2 3; do
  [ "$attempt" -eq 1 ] || echo "check-ratios: measuring again ($attempt of 3): $(cut -d'|' -f1,2 <<<"$remaining" | tr '\n' ';')"
  results=$(run_suites "$remaining") || exit 1
  check_pairs "$remaining"
  remaining=$(cat "$work/failed")
  [ -n "$remaining" ] || break
done

if [ -n "$remaining" ]; then
  echo "check-ratios: a ratio past its limit in three runs, or a missing result" >&2
  exit 1
fi
echo "check-ratios: every ratio within its limit"
