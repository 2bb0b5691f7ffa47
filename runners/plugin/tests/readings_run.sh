#!/bin/bash
# Issue 27 (G-6, tests plugin.readings_*): an implementation of one behaviour passes the default run and the summary
# names its readings; a reading mixed inside a call fails; a reading switched between calls is INCONSISTENT.
#   readings_run.sh DCCONF READINGS_PLUGIN fixed|mix|mode|dtype WORKDIR [PRODUCT (atlas-a2)]
# fixtures/readings_plugin.c says what each mode does.
set -u
dcconf=$1 plugin=$2 mode=$3 work=$4 product=${5:-atlas-a2}
rm -rf "$work" && mkdir -p "$work"
run() {  # run OUT ARGS...: the default atlas-a2 run of the fixture in $mode, with report.json in OUT
  local out=$1
  shift
  DCCONF_READINGS_MODE=$mode "$dcconf" run --backend "plugin:$plugin" --product "$product" --seed 1 -v --out "$work/$out" \
    "$@" > "$work/$out.txt" 2>&1
}
ok=0
case $mode in
  fixed)
    run default; status=$?
    sed -n '/^readings (G-6)/,/AMB-22/p' "$work/default.txt"
    [ "$status" -eq 0 ] || { echo "the fixed-reading plugin failed the default run (exit $status)"; ok=1; }
    # every exercised ambiguity names exactly the fixture's reading; the others are "not exercised"
    wants=("AMB-9   shift-plus-one " "AMB-10  deq-trunc " "AMB-12  negscale-magnitude ")
    # atlas-a2 has the FIX DEQF16 cases with MCB; atlas-training the 8-bit results (the enhanced CO1->CO2 copy) and
    # the V* / MATRIX-VECTOR questions
    if [ "$product" = atlas-a2 ]; then wants+=("AMB-20  deqf16-mcb-half "); fi
    if [ "$product" = ascend950 ]; then wants=("AMB-21  cmp-pads-run " "AMB-22  cmp-stride-bytes "); fi
    if [ "$product" = atlas-training ]; then
      wants+=("AMB-8   offset-unsigned " "AMB-11  relu-after-offset " "AMB-13  vdeq-repeat " "AMB-19  enh-len-block ")
    fi
    for want in "${wants[@]}"; do
      grep -q "^  $want" "$work/default.txt" || { echo "summary lacks '$want'"; ok=1; }
    done
    bad=$(sed -n '/^readings (G-6)/,/AMB-22/p' "$work/default.txt" | grep '^  AMB-' |
          grep -v -E 'not exercised$| (offset-unsigned|shift-plus-one|deq-trunc|relu-after-offset|negscale-magnitude|vdeq-repeat|deq16-offset|enh-len-block|deqf16-mcb-half|cmp-pads-run|cmp-stride-bytes) ')
    [ -z "$bad" ] || { echo "readings the fixture does not follow: $bad"; ok=1; }
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["readings"]; sys.exit(r["AMB-10"]["fingerprint"] != "deq-trunc")' \
      "$work/default/report.json" || { echo "report.json readings.AMB-10 is not deq-trunc"; ok=1; }
    ;;
  mix)
    run default; status=$?
    grep -m2 "G-6: no single combination" "$work/default.txt"
    [ "$status" -eq 1 ] || { echo "a reading mixed inside a call passed the default run (exit $status)"; ok=1; }
    grep -q "G-6: no single combination of the open readings explains the output" "$work/default.txt" ||
      { echo "no G-6 failure line"; ok=1; }
    # every failure is the mix, and its picture highlights the bytes no single reading explains (issue 27 item 2)
    others=$(grep -E '^(FAIL|CRASH|TIMEOUT) ' "$work/default.txt" | grep -v "G-6: no single combination")
    [ -z "$others" ] || { echo "failures other than the G-6 mix: $others"; ok=1; }
    pages=$(grep -l "byte(s) no single reading explains together (G-6), highlighted" "$work"/default/failures/*.html 2>/dev/null)
    [ -n "$pages" ] || { echo "no failure picture draws the G-6 conflict"; ok=1; }
    grep -q "<th>readings its value follows</th>" $pages /dev/null || { echo "no G-6 byte table in the picture"; ok=1; }
    ;;
  mode)
    run default --path "CO1->GM"; status=$?
    grep "AMB-10" "$work/default.txt"
    [ "$status" -eq 0 ] || { echo "whole readings switched between calls failed the default run (exit $status)"; ok=1; }
    grep -q "^  AMB-10  INCONSISTENT" "$work/default.txt" || { echo "AMB-10 not INCONSISTENT"; ok=1; }
    run strict --path "CO1->GM" --strict-readings; status=$?
    [ "$status" -eq 1 ] || { echo "--strict-readings did not fail the INCONSISTENT run (exit $status)"; ok=1; }
    ;;
  dtype)
    run default; status=$?
    grep "AMB-8 " "$work/default.txt"
    [ "$status" -eq 0 ] || { echo "whole readings switched by dtype failed the default run (exit $status)"; ok=1; }
    grep -q "^  AMB-8   INCONSISTENT" "$work/default.txt" || { echo "AMB-8 not INCONSISTENT"; ok=1; }
    run strict --strict-readings; status=$?
    [ "$status" -eq 1 ] || { echo "--strict-readings did not fail the INCONSISTENT run (exit $status)"; ok=1; }
    ;;
esac
[ $ok -eq 0 ] && echo PASS || cat "$work"/*.txt | tail -40
exit $ok
