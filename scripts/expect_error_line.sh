#!/bin/bash
# A bad input is one stderr line and a documented exit status (the brief's "Nothing lost"). Runs COMMAND and passes
# (prints PASS) when it exits RC with exactly one stderr line containing TEXT.
#   expect_error_line.sh RC TEXT COMMAND [ARGS...]
# Used by plugin.limits_bad_field and exec.limits_bad_hello (docs/limits.md).
rc_wanted=$1 text=$2
shift 2
# A TMPDIR of its own: a dead dcconf's leftover in the shared one would add its cleanup note (docs/reliability.md).
TMPDIR="$(mktemp -d "${TMPDIR:-/tmp}/dcconf-expect-error.XXXXXX")" || exit 1
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
err=$("$@" 2>&1 >/dev/null)
rc=$?
echo "exit $rc: $err"
[ $rc -eq "$rc_wanted" ] || { echo "FAIL: exit $rc, expected $rc_wanted"; exit 1; }
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || { echo "FAIL: not one line"; exit 1; }
case "$err" in
  *"$text"*) echo PASS ;;
  *) echo "FAIL: the line does not contain: $text"; exit 1 ;;
esac
