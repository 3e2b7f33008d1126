#!/usr/bin/env bash
# tests/fuzz/run.sh -- runs fend's libFuzzer targets, one after the other, each for a bounded
# time on its seed corpus, and prints the executions each reached.
#
#   tests/fuzz/run.sh [-t SECONDS] [-b BUILD_DIR] [TARGET...]    (default: 60 s, every target)
#
# BUILD_DIR is where `./configure --enable-fuzzing CC=clang && make fuzz` ran (default: the
# current directory). TARGET is a name such as fuzz-fen. The committed corpus
# (tests/fuzz/corpus/<name>, beside this script) is only read: new inputs go to a temporary
# directory, and a crash, leak or timeout is written to the current directory
# (crash-<sha1>) and makes the script exit 1 after the other targets have run. One
# process each, in-process (no -jobs or -fork): the machine is shared.
#
# The targets remember checks that passed on exactly the same position (tests/fuzz/fuzz.c,
# "the memo"); the log says how many were skipped. FEND_FUZZ_MEMO=0 in the environment
# turns that off.
set -euo pipefail
export FEND_FUZZ_MEMO_STATS=1

here=$(cd "$(dirname "$0")" && pwd)
seconds=60
build=$(pwd)
while getopts 't:b:' opt; do
	case $opt in
	t) seconds=$OPTARG ;;
	b) build=$(cd "$OPTARG" && pwd) ;;
	*) echo "usage: $0 [-t SECONDS] [-b BUILD_DIR] [TARGET...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -eq 0 ]; then
	set -- $(cd "$here" && ls fuzz-*.c | sed 's/\.c$//')
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/fend-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
failed=()
summary=()
for name in "$@"; do
	bin=$build/tests/fuzz/$name
	[ -x "$bin" ] || { echo "$bin is missing: run make fuzz in a build configured with --enable-fuzzing CC=clang" >&2; exit 2; }
	corpus=$here/corpus/$name
	dict=()
	[ ! -f "$here/$name.dict" ] || dict=(-dict="$here/$name.dict")
	# <name>.options: "flag = value" lines (libFuzzer's own .options format) become -flag=value
	options=()
	[ ! -f "$here/$name.options" ] ||
		options=($(sed -n 's/^\([a-z_]*\) *= *\([0-9A-Za-z_.]*\) *$/-\1=\2/p' "$here/$name.options"))
	mkdir -p "$work/$name"
	echo "==== $name: $seconds s on $(ls "$corpus" 2>/dev/null | wc -l) seed inputs ===="
	status=0
	"$bin" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
		"${dict[@]}" "${options[@]}" "$work/$name" "$corpus" >"$work/$name.log" 2>&1 || status=$?
	grep -E '^(INFO: seed corpus|#[0-9]+ +DONE|Done [0-9]+ runs|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb|fuzz memo:)' \
		"$work/$name.log" || true
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$name.log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/$name.log")
	if [ "$status" != 0 ]; then
		echo "---- $name FAILED (exit $status); the end of its log: ----"
		tail -n 60 "$work/$name.log"
		failed+=("$name")
		summary+=("$name: FAILED")
	else
		summary+=("$name: ${execs:-?} executions in $seconds s (${rate:-?}/s)")
	fi
done
echo "==== fuzzing summary ===="
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
	echo "failed: ${failed[*]}" >&2
	exit 1
fi
