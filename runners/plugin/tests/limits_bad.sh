#!/bin/bash
# Issue 26 item 1 (test cli.limits_bad_field): a limits file with a bad field is a bad input: exit 2 (usage, as a bad
# --baseline file) and one stderr line naming the file, the field and the value; nothing runs.
#   limits_bad.sh DCCONF BAD_FILE
dcconf=$1 file=$2
err=$("$dcconf" run --backend fast --limits "$file" --cases 1 2>&1 >/dev/null)
rc=$?
echo "exit $rc: $err"
[ $rc -eq 2 ] || { echo "FAIL: exit $rc, expected 2"; exit 1; }
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || { echo "FAIL: not one line"; exit 1; }
case "$err" in
  *"$file: operations.nd2nz.fields.params.dstNzNStride.min = -1: "*) echo PASS ;;
  *) echo "FAIL: the line does not name file, field and value"; exit 1 ;;
esac
