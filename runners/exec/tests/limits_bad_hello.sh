#!/bin/bash
# Test exec.limits_bad_hello: DCCONF run against fixtures/bad_limits_hello.sh exits 7 with one line naming the field.
#   limits_bad_hello.sh DCCONF FIXTURE
err=$("$1" run --backend "exec:bash $2" --cases 1 --quiet 2>&1 >/dev/null)
rc=$?
echo "exit $rc: $err"
[ $rc -eq 7 ] || { echo "FAIL: exit $rc, expected 7"; exit 1; }
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || { echo "FAIL: not one line"; exit 1; }
case "$err" in
  *"limits of backend 'bad-limits': format = \"nope\": expected \"dcconf.limits/1\""*) echo PASS ;;
  *) echo "FAIL: the line does not name the field and value"; exit 1 ;;
esac
