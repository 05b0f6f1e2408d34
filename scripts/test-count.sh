#!/bin/sh
# Runs `swift test` with the given arguments and ends on one line that counts the tests that ran:
# "N passed, M failed". Fails when a test failed, when none ran, or when swift test failed.
log=$(mktemp "${TMPDIR:-/tmp}/tabnav-test.XXXXXX") || exit 1
trap 'rm -f "$log" "$log.status"' EXIT
{ "${SWIFT:-swift}" test "$@" 2>&1; echo $? > "$log.status"; } | tee "$log"
status=$(cat "$log.status")
# XCTest: "Test Case 'Suite.test' passed (…)"; swift-testing: "✔ Test name() passed after …".
passed=$(grep -Ec "^Test Case '.*' passed|^. Test .* passed after" "$log")
failed=$(grep -Ec "^Test Case '.*' failed|^. Test .* failed after" "$log")
echo "$passed passed, $failed failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
