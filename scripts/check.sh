#!/bin/bash
# check.sh: apply the series and run every test; see README.md.
#
# Mainline (BASE=7.3, the default) gets every step, then the backport
# (backports/6.12/) gets its own: git am, checkpatch, KUnit under UML in both
# modes and the userspace harness (BACKPORT=no leaves them out). With
# BASE=6.12, the backport gets every step, its boot too.
set -uo pipefail
. "$(dirname "$0")/base.sh"
build=$B/check
tree=$build/linux
start=$(date +%s)

"$top/scripts/mktree.sh" "$tree" all || exit 1

pass=0 fail=0 failed=()
step() { # step NAME COMMAND...
	local name=$1 t0=$SECONDS
	shift
	echo ">>> [$name] $*"
	if "$@"; then
		pass=$((pass + 1)); echo ">>> [$name] ok ($((SECONDS - t0)) s)"
	else
		fail=$((fail + 1)); failed+=("$name"); echo ">>> [$name] FAILED"
	fi
}

kunit() { # kunit BUILD_DIR [kunit.py options]
	local dir=$1
	shift
	(cd "$tree" && ./tools/testing/kunit/kunit.py run \
		--kunitconfig=lib/tests/.kunitconfig --build_dir="$dir" \
		--jobs="$(nproc)" --make_options CC="ccache gcc" "$@")
}

insn_ceilings() { # the index mode's instructions per lookup, against ceilings
	make -s -C "$tree/tools/testing/kallsyms" bench OUT="$build/user" MAP="$MAP" \
		2>/dev/null | awk -v ceilings="$top/configs/insn-ceilings" '
	BEGIN {
		while ((getline l < ceilings) > 0)
			if (l !~ /^(#|$)/) { split(l, f); max[f[1]] = f[2] }
	}
	$1 == "kallsyms_user:" && ($2 in max) {
		for (i = 3; i <= NF; i++)
			if ($i ~ /^insns=/) {
				n = substr($i, 7); seen[$2] = 1
				ok = n + 0 <= max[$2] + 0
				printf "insns: %s %s, ceiling %s: %s\n", $2, n, max[$2], ok ? "ok" : "OVER"
				if (!ok) bad = 1
			}
	}
	END {
		for (m in max) if (!(m in seen)) { print "insns: no figure for " m; bad = 1 }
		exit bad
	}'
}

shape_cross() { # shape_cross PREFIX [VAR=VALUE]: stock's tables and both modes
	local m=(make -s -C "$tree/tools/testing/kallsyms" shape CROSS="$1" MAP="$MAP" "${@:2}")
	"${m[@]}" OUT="$build/user" INDEX=y && "${m[@]}" OUT="$build/user" INDEX=n &&
		"${m[@]}" KSRC="$build/stock-src" OUT="$build/user-stock"
}

mutants_apply() { # each deliberate bug of make mutants still applies
	local m
	for m in "$top"/tests/boot/mutants/*.patch; do
		git -C "$tree" apply --check "$m" || { echo "does not apply: $m"; return 1; }
	done
}

scope=${CHECK_SCOPE:-full}
step checkpatch "$top/scripts/checkpatch.sh"
step mutants-apply mutants_apply
# Both modes with EXPERT, which CONFIG_KALLSYMS_NAME_INDEX=n needs and which
# changes other defaults, so that the second, built in a copy of the first's
# folder, rebuilds only what the option changes (31 s, not 210 s, without
# ccache).
step kunit-name-index kunit "$build/uml-index" --kconfig_add CONFIG_EXPERT=y
[ -d "$build/uml-noindex" ] || cp -a "$build/uml-index" "$build/uml-noindex"
step kunit-no-index kunit "$build/uml-noindex" \
	--kconfig_add CONFIG_EXPERT=y --kconfig_add CONFIG_KALLSYMS_NAME_INDEX=n
if [ -d "$tree/tools/testing/kallsyms" ]; then
	# both modes, the edge cases, the tool's errors, the shape-based decode
	step userspace make -s -C "$tree/tools/testing/kallsyms" check \
		OUT="$build/user" MAP="$MAP"
fi
if [ -d "$tree/tools/testing/kallsyms" ] && [ "$scope" = full ]; then
	# lookup instructions under the ceilings of configs/insn-ceilings
	step insn-ceilings insn_ceilings
	# the shape-based reader on stock tables: what the series keeps
	rm -rf "$build/stock-src" && mkdir -p "$build/stock-src"
	git -C "$tree" archive base scripts kernel | tar -x -C "$build/stock-src"
	step shape-stock make -s -C "$tree/tools/testing/kallsyms" shape \
		KSRC="$build/stock-src" OUT="$build/user-stock" MAP="$MAP"
	# the same, stock's and both modes, as other targets' toolchains
	# assemble the tables: 64-bit big-endian, arm64, 32-bit absolute
	# (where the harness has CROSS: not the 6.12 backport's yet)
	if grep -q '^CROSS ?=' "$tree/tools/testing/kallsyms/Makefile"; then
		step shape-ppc64 shape_cross powerpc64-linux-gnu-
		step shape-arm64 shape_cross aarch64-linux-gnu-
		step shape-i386 shape_cross i686-linux-gnu- PC_RELATIVE=n
	fi
	# fuzz_lookup with and without the name index, and fuzz_parser
	step fuzz make -s -C "$tree/tools/testing/kallsyms" fuzz \
		OUT="$build/user" MAP="$MAP" FUZZ_SECONDS="$FUZZ_SECONDS"
fi

# make series' folders, one per maintainer tree: each applies with git am
# to the base after the series it depends on
[ "$scope" != full ] || step series "$top/scripts/series.sh" --check

# x86_64 under QEMU, stock and patched: livepatch, upstream's livepatch
# selftests, sympos, kprobes, /proc/kallsyms, kptr_restrict, KUnit and
# upstream's self-test (see scripts/boot-check.sh). BOOT=no skips it.
[ "${BOOT:-yes}" = no ] || [ "$scope" != full ] || step boot "$top/scripts/boot-check.sh"
# ARCHES="arm64 i386nr powerpc": the suite through kunit.py on each, stock
# and both modes (scripts/kunit-arch.sh); not by default, see README.
[ -z "${ARCHES:-}" ] || [ "$scope" != full ] ||
	step arches "$top/scripts/kunit-arch.sh" $ARCHES

# The backport, after mainline.
if [ "$BASE" = 7.3 ] && [ "${BACKPORT:-yes}" != no ]; then
	step backport-6.12 env BASE=6.12 CHECK_SCOPE=backport "$0"
fi

echo ">>> make check ($BASE, $scope) took $(( $(date +%s) - start )) s"
[ $fail -eq 0 ] || echo ">>> failed: ${failed[*]}"
echo "check ($BASE): $pass passed, $fail failed"
[ $fail -eq 0 ]
