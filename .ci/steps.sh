# Sourced by .ci/run: timed steps, jobs run a few at a time as their
# dependencies allow, and the summary table.
#
#   step NAME COMMAND...      runs COMMAND as one step, timed; a failure
#                             stops the job (or the run) it is in.
#   job FUNCTION [DEP...]     declares a job: FUNCTION (a sequence of steps),
#                             to run once every DEP (an earlier job) passed.
#   run_jobs                  runs the declared jobs, $ci_workers at a time,
#                             the first declared first among those ready;
#                             each job's log is printed whole when it ends.
#                             Fails if a job failed; its dependants never
#                             start.
#
# Every step's time goes to $ci_dir/times (name, job, start, seconds,
# CPU seconds of its processes, status), read at the end into a table in
# the log and in
# $ci_dir/summary.md (and $GITHUB_STEP_SUMMARY where CI provides one).
# .ci/step-budget holds each step's seconds on a clean clone of this kind of
# machine: the summary warns when the run passes $ci_warn_seconds and names
# the steps that grew. Time never fails the run.

ci_dir=${CI_DIR:-.build/ci}
ci_warn_seconds=${CI_WARN_SECONDS:-2400}
ci_workers=${CI_WORKERS:-3}
ci_job=main
ci_jobs=()
declare -A ci_needs=()
rm -rf "$ci_dir"
mkdir -p "$ci_dir"
: >"$ci_dir/times"
ci_started=$SECONDS

# The command runs in the background and is waited for, so `set -e` holds
# inside it: a function tested by `||` would run with errexit off.
step() {
  local name=$1 start=$SECONDS status=0 cpu cpu_file=$ci_dir/cpu.$BASHPID
  shift
  printf '\n== %s\n' "$name"
  ci_children_cpu >"$cpu_file"
  "$@" &
  wait $! || status=$?
  ci_children_cpu >>"$cpu_file"
  cpu=$(awk 'NR == 1 { a = $1 } NR == 2 { print $1 - a }' "$cpu_file")
  printf '%s\t%s\t%d\t%d\t%d\t%d\n' "$name" "$ci_job" $((start - ci_started)) \
    $((SECONDS - start)) "$cpu" "$status" >>"$ci_dir/times"
  printf -- '-- %s: %d s%s\n' "$name" $((SECONDS - start)) "$([ "$status" -eq 0 ] || echo ", FAILED ($status)")"
  return "$status"
}

# User and system seconds of this shell's waited-for children, from the
# second line of `times` ("1m2.5s 0m3.1s"), which must run in this shell:
# in a pipe or a substitution it would speak of a new one.
ci_children_cpu() {
  local file=$ci_dir/times.$BASHPID
  times >"$file"
  awk 'NR == 2 {
    for (i = 1; i <= 2; i++) { split($i, t, "m"); total += t[1] * 60 + t[2] }
    printf "%d\n", total
  }' "$file"
  rm -f "$file"
}

job() {
  local name=$1
  shift
  ci_jobs+=("$name")
  ci_needs[$name]="$*"
}

run_jobs() {
  local -A state=() job_of=()
  local name dep pid status running=0 failed=0 waiting
  for name in "${ci_jobs[@]}"; do state[$name]=pending; done
  while :; do
    for name in "${ci_jobs[@]}"; do
      [ "${state[$name]}" = pending ] && [ "$running" -lt "$ci_workers" ] || continue
      waiting=0
      for dep in ${ci_needs[$name]}; do
        case ${state[$dep]} in
          passed) ;;
          failed | skipped) state[$name]=skipped ;;
          *) waiting=1 ;;
        esac
      done
      [ "${state[$name]}" = pending ] && [ "$waiting" -eq 0 ] || continue
      (
        ci_job=$name
        "$name"
      ) >"$ci_dir/job-$name.log" 2>&1 &
      job_of[$!]=$name
      state[$name]=running
      running=$((running + 1))
    done
    [ "$running" -gt 0 ] || break
    status=0
    wait -n -p pid || status=$?
    name=${job_of[$pid]}
    running=$((running - 1))
    if [ "$status" -eq 0 ]; then state[$name]=passed; else state[$name]=failed; fi
    printf '\n==== job %s: %s\n' "$name" "${state[$name]}"
    cat "$ci_dir/job-$name.log"
  done
  for name in "${ci_jobs[@]}"; do
    [ "${state[$name]}" = passed ] || {
      echo "job $name: ${state[$name]}" >&2
      failed=1
    }
  done
  return "$failed"
}

# The table of every step, the total, and the budget's warnings.
ci_summary() {
  set +e
  local total=$((SECONDS - ci_started))
  {
    echo "| step | job | start (s) | seconds | CPU s | budget | status |"
    echo "|---|---|---:|---:|---:|---:|---|"
    while IFS=$'\t' read -r name job start seconds cpu status; do
      local budget
      budget=$(ci_budget "$name")
      printf '| %s | %s | %d | %d | %d | %s | %s |\n' "$name" "$job" "$start" "$seconds" "$cpu" \
        "${budget:--}" "$([ "$status" -eq 0 ] && echo ok || echo "FAILED ($status)")"
    done <"$ci_dir/times"
    printf '\nTotal: %d s (%d min %d s), %d CPU s.\n' "$total" $((total / 60)) $((total % 60)) \
      "$(awk -F'\t' '{ s += $5 } END { print s + 0 }' "$ci_dir/times")"
    if [ "$total" -gt "$ci_warn_seconds" ]; then
      printf '\n**Warning**: the run took more than %d s. Steps past their budget (.ci/step-budget):\n' \
        "$ci_warn_seconds"
      ci_grown || echo "none: the time went to the machine, not to a step"
    fi
  } >"$ci_dir/summary.md"
  printf '\n==== summary\n'
  cat "$ci_dir/summary.md"
  [ -z "${GITHUB_STEP_SUMMARY:-}" ] || cat "$ci_dir/summary.md" >>"$GITHUB_STEP_SUMMARY"
}

ci_budget() {
  awk -F'|' -v name="$1" '!/^#/ && $2 == name { print $1 }' .ci/step-budget 2>/dev/null || true
}

# A step has grown when it takes a quarter and half a minute more than its
# budget; prints each such step, and fails when there is none.
ci_grown() {
  local found=1 name start seconds status budget
  while IFS=$'\t' read -r name _ start seconds _ status; do
    budget=$(ci_budget "$name")
    [ -n "$budget" ] || {
      echo "- $name: $seconds s, no budget"
      found=0
      continue
    }
    if [ "$seconds" -gt $((budget * 5 / 4 + 30)) ]; then
      echo "- $name: $seconds s, budget $budget s"
      found=0
    fi
  done <"$ci_dir/times"
  return "$found"
}
