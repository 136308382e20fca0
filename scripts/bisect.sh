#!/bin/bash
# bisect.sh: every prefix of the series must build and pass the KUnit suite
# under UML on its own, and no prefix may make the default config's lookups
# slower: the userspace harness of the whole series, run on each prefix's
# kernel/kallsyms.c and scripts/kallsyms.c, prints their instructions.
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

insns() { # insns PREFIX: lookup instructions and table bytes at PREFIX
	make -s -C "$b/harness/tools/testing/kallsyms" bench KSRC="$b/linux" \
		OUT="$b/user-$1" MAP="$MAP" 2>/dev/null |
		awk '$1 == "kallsyms_user:" && $2 ~ /^(mode=|lookup_name$|lookup$|tables_rodata$)/ {
			for (i = 2; i <= NF; i++)
				if ($i ~ /^(mode|insns|bytes)=/)
					printf " %s%s", $2 ~ /=/ ? "" : $2 "_", $i
		     } END { print "" }'
}

for ((i = 0; i <= n; i++)); do
	"$top/scripts/mktree.sh" "$b/linux" "$i" >/dev/null || exit 1
	what=$(git -C "$b/linux" log -1 --format=%s)
	echo "bisect: $i: $what:$(insns "$i")"
	[ "$i" = 0 ] && continue
	# Before the suite exists: build and boot with the self-test on.
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
