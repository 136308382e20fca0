#!/bin/bash
# bisect.sh: every prefix of the series must build and pass the KUnit suite
# under UML on its own (before the suite exists: build and boot with the
# self-test on), and no prefix may make lookups slower than its parent. The
# userspace harness of the whole series, run on each prefix's
# kernel/kallsyms.c and scripts/kallsyms.c, prints:
# - the instructions of kallsyms_lookup_name() and kallsyms_lookup() on MAP
#   (callgrind): each may grow by 1% at most over the parent's;
# - the worst lookup by name on MAP with 20000 more symbols of one name
#   (gen-map.py MAP 0 20000), present and absent names, in ns: native time,
#   so only a doubling (and 5 us more) over the parent's counts as slower.
set -uo pipefail
. "$(dirname "$0")/base.sh"
b=$B/bisect
n=$(grep -cv '^\s*\(#\|$\)' "$PATCHES/series")
fail=0

# The harness as the whole series has it (tools/include with it).
"$top/scripts/mktree.sh" "$b/linux" all >/dev/null || exit 1
rm -rf "$b/harness" && mkdir -p "$b/harness"
# kernel/kallsyms_index.h: the hash with which the harness aims names
# at the index (tools/testing/kallsyms/ref.c).
git -C "$b/linux" archive HEAD tools/testing/kallsyms tools/include kernel/kallsyms_index.h |
	tar -x -C "$b/harness"
"$b/harness/tools/testing/kallsyms/gen-map.py" "$MAP" 0 20000 > "$b/run.map" || exit 1

figures() { # figures PREFIX: "name=value" of the lookups at PREFIX
	local k=$b/harness/tools/testing/kallsyms
	make -s -C "$k" bench KSRC="$b/linux" OUT="$b/user-$1" MAP="$MAP" 2>/dev/null |
		awk '$1 == "kallsyms_user:" {
			for (i = 2; i <= NF; i++)
				if ($2 ~ /^(lookup_name|lookup|tables_rodata)$/ && $i ~ /^(insns|bytes)=/ ||
				    $2 ~ /^mode=/ && i == 2)
					printf " %s%s", $2 ~ /=/ ? "" : $2 "_", $i
		     }'
	make -s -C "$k" bench KSRC="$b/linux" OUT="$b/user-run-$1" \
		MAP="$b/run.map" BENCH_FLAGS=-w 2>/dev/null |
		awk '$1 == "kallsyms_user:" && $2 == "worst_lookup_name" {
			for (i = 3; i <= NF; i++)
				if ($i ~ /^(present|absent)_ns=/)
					printf " run_worst_%s", $i
		     } END { print "" }'
}

slower() { # slower PARENT CHILD: the figures that got slower, if any
	awk -v p="$1" -v c="$2" 'BEGIN {
		split(p, pf, " "); split(c, cf, " ")
		for (i in pf) { split(pf[i], kv, "="); old[kv[1]] = kv[2] }
		for (i in cf) {
			split(cf[i], kv, "="); k = kv[1]; v = kv[2]
			if (!(k in old) || k ~ /^(mode|tables_rodata_bytes)$/)
				continue
			if (k ~ /_insns$/ && v > old[k] * 1.01 ||
			    k ~ /_ns$/ && v > old[k] * 2 && v > old[k] + 5000)
				printf " %s %s -> %s", k, old[k], v
		}
	}'
}

prev=
for ((i = 0; i <= n; i++)); do
	"$top/scripts/mktree.sh" "$b/linux" "$i" >/dev/null || exit 1
	what=$(git -C "$b/linux" log -1 --format=%s)
	now=$(figures "$i")
	echo "bisect: $i: $what:$now"
	if [ -n "$prev" ] && [ -n "$(slower "$prev" "$now")" ]; then
		echo "bisect: SLOWER $i:$(slower "$prev" "$now")"
		fail=1
	fi
	prev=$now
	[ "$i" = 0 ] && continue
	kunitconfig=lib/tests/.kunitconfig
	if [ ! -e "$b/linux/$kunitconfig" ]; then
		kunitconfig=$b/before-suite.kunitconfig
		printf 'CONFIG_KUNIT=y\nCONFIG_KUNIT_EXAMPLE_TEST=y\nCONFIG_KALLSYMS=y\nCONFIG_KALLSYMS_SELFTEST=y\n' > "$kunitconfig"
	fi
	if (cd "$b/linux" && ./tools/testing/kunit/kunit.py run \
		--kunitconfig="$kunitconfig" --build_dir="$b/uml" \
		--jobs="$(nproc)" --make_options CC="ccache gcc") > "$b/kunit-$i.log" 2>&1; then
		echo "bisect: ok   $i"
	else
		echo "bisect: FAIL $i (see $b/kunit-$i.log)"
		fail=1
	fi
done
exit $fail
