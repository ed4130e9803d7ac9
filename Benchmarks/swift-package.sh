# Sourced by the check scripts: `swift_package ARGS...` runs
# `swift package --disable-sandbox ARGS...` and returns its status, once
# more if SwiftPM itself died by a signal. SwiftPM crashes now and then on
# Linux, inside libdispatch, while it hosts the benchmark plugin: that says
# nothing of the code measured. A benchmark that traps makes the plugin
# fail without a signal, and is not run again.
swift_package() {
  swift package --disable-sandbox "$@"
  local status=$?
  if [ "$status" -gt 128 ]; then
    echo "swift package died by signal $((status - 128)); running it once more" >&2
    swift package --disable-sandbox "$@"
    status=$?
  fi
  return "$status"
}
