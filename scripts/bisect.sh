#!/bin/bash
# bisect.sh: build every prefix of the series and run the KUnit suite on
# it under UML (each patch must build and pass on its own).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
b=$top/build/bisect
export CCACHE_BASEDIR=$top/build CCACHE_NOHASHDIR=1
n=$(grep -cv '^\s*\(#\|$\)' "$top/patches/series")
fail=0
for ((i = 1; i <= n; i++)); do
	"$top/scripts/mktree.sh" "$b/linux" "$i" >/dev/null || exit 1
	if (cd "$b/linux" && ./tools/testing/kunit/kunit.py run \
		--kunitconfig=lib/tests/.kunitconfig --build_dir="$b/uml" \
		--jobs="$(nproc)" --make_options CC="ccache gcc") > "$b/kunit-$i.log" 2>&1; then
		echo "bisect: ok   $i: $(git -C "$b/linux" log -1 --format=%s)"
	else
		echo "bisect: FAIL $i: $(git -C "$b/linux" log -1 --format=%s) (see $b/kunit-$i.log)"
		fail=1
	fi
done
exit $fail
