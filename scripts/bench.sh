#!/bin/bash
# bench.sh: stock (the base with the series' fixes and its KUnit suite)
# against the patched series, in one run, with the same config. See
# README.md.
set -euo pipefail
. "$(dirname "$0")/base.sh"
b=$B/bench
tree=$b/linux
arch=${BENCH_ARCH:-x86_64}
mkdir -p "$b"
t0=$SECONDS
step() { echo ">>> [$((SECONDS - t0)) s] $*"; }

# Kernels: NAME PATCHES INDEX.  "stock" is the base with the first $STOCK
# patches (base.sh): the KUnit suite and the fixes, among them the
# self-test's, without which its thread spins beside the suite's timing
# cases at boot.  KCONFIG=check (the default) boots the small kernels of
# make check's boot step, reusing the two it built (check-stock and
# check-index) and adding check-noindex; KCONFIG=bench the
# distribution-sized ones (three builds of over an hour each here).
export KCONFIG=${KCONFIG:-check}
pre=$([ "$KCONFIG" = check ] && echo check- || true)
kernels=("stock $STOCK -" "index all y" "no-index all n")
kname() { # kname NAME: the kernel's folder under build/kernels
	case $pre$1 in check-no-index) echo check-noindex ;; *) echo "$pre$1" ;; esac
}
# Under TCG, the guests time their own instruction counts (see qemu.sh).
export QEMU_ICOUNT=1

boot_x86() { # boot_x86 NAME
	local k=$B/kernels/$(kname "$1") dst=$b/$1 accel
	rm -rf "$dst" && mkdir -p "$dst"
	cp "$k"/{System.map,config,kallsyms.o} "$dst/"
	"$top/scripts/initramfs.sh" "$dst/initramfs.cpio.gz" "$k"
	step "booting $1 under QEMU"
	# ... and the suite checks and times one name in 64 there.
	[ "$1" = no-index ] && export KERNEL_ARGS=kallsyms_kunit.stride=64
	accel=$("$top/scripts/qemu.sh" "$k/bzImage" "$dst/initramfs.cpio.gz" "$dst/boot.log")
	unset KERNEL_ARGS
	echo "$accel" > "$dst/accel"
	grep -E 'kallsyms_bench:|kallsyms_selftest:|# (Totals|kallsyms)|^ *(not )?ok [0-9]+ ' "$dst/boot.log" \
		> "$dst/results.txt" || true
}

run_um() { # run_um NAME INDEX
	local dst=$b/$1 opts=(--kconfig_add CONFIG_KALLSYMS_KUNIT_BENCHMARK=y)
	[ "$2" = n ] && opts+=(--kconfig_add CONFIG_EXPERT=y --kconfig_add CONFIG_KALLSYMS_NAME_INDEX=n)
	mkdir -p "$dst"
	(cd "$tree" && ./tools/testing/kunit/kunit.py run --kunitconfig=lib/tests/.kunitconfig \
		--build_dir="$b/uml-$1" --jobs="$(nproc)" --make_options CC="ccache gcc" \
		--raw_output=all "${opts[@]}") > "$dst/boot.log" 2>&1 || true
	grep -E 'kallsyms_bench:|# (Totals|kallsyms)|^ *(not )?ok [0-9]+ ' "$dst/boot.log" > "$dst/results.txt" || true
}

# The x86_64 kernels are build/kernels/NAME (scripts/kernel.sh), shared
# with make check's boot step: those it built are reused.
for k in "${kernels[@]}"; do
	read -r name patches index <<< "$k"
	if [ "$arch" = um ]; then
		step "kernel '$name': base + $patches patch(es), name index: $index"
		"$top/scripts/mktree.sh" "$tree" "$patches" >/dev/null
		run_um "$name" "$index"
	else
		"$top/scripts/kernel.sh" "$(kname "$name")" "$patches" "$index"
	fi
done
if [ "$arch" != um ]; then
	# Under TCG each guest counts its own instructions (qemu.sh), whatever
	# else the host runs, so the three boot at once; with KVM, one by one.
	pids=()
	for k in "${kernels[@]}"; do
		if [ -w /dev/kvm ]; then boot_x86 "${k%% *}"; else boot_x86 "${k%% *}" & pids+=($!); fi
	done
	for p in "${pids[@]}"; do wait "$p"; done
fi

# The userspace harness: stock's sources, and the series' tree.
"$top/scripts/mktree.sh" "$tree" "$STOCK" >/dev/null
rm -rf "$b/stock-src"; mkdir -p "$b/stock-src"
git -C "$tree" archive HEAD scripts kernel include tools | tar -x -C "$b/stock-src"
"$top/scripts/mktree.sh" "$tree" all >/dev/null

user=()
if [ -d "$tree/tools/testing/kallsyms" ]; then
	step "userspace harness on $MAP"
	for v in "stock $b/stock-src y" "index $tree y" "no-index $tree n"; do
		read -r name src index <<< "$v"
		mkdir -p "$b/user-$name/lat"
		make -s -C "$tree/tools/testing/kallsyms" bench KSRC="$src" INDEX="$index" \
			OUT="$b/user-$name" MAP="$MAP" BENCH_FLAGS="-d $b/user-$name/lat" \
			> "$b/user-$name.txt" 2>&1 ||
			{ cat "$b/user-$name.txt"; exit 1; }
		user+=("$name=$b/user-$name.txt")
	done
fi

# The worst case of a lookup by name, also on the map with a run of
# 20000 more symbols of one name.
userrun=()
if [ ${#user[@]} -gt 0 ]; then
	step "userspace worst case, with a 20000-symbol run added to $MAP"
	"$tree/tools/testing/kallsyms/gen-map.py" "$MAP" 0 20000 > "$b/run.map"
	for v in "stock $b/stock-src y" "index $tree y" "no-index $tree n"; do
		read -r name src index <<< "$v"
		make -s -C "$tree/tools/testing/kallsyms" bench KSRC="$src" INDEX="$index" \
			OUT="$b/user-run-$name" MAP="$b/run.map" BENCH_FLAGS=-w \
			> "$b/user-run-$name.txt" 2>&1 ||
			{ cat "$b/user-run-$name.txt"; exit 1; }
		userrun+=("$name=$b/user-run-$name.txt")
	done
fi

step "results"
# The per-call latency distributions of the userspace runs, as a plot.
[ ${#user[@]} -eq 0 ] || gnuplot -e "dir='$b'; out='$b/latency.svg'; map='($(basename "$MAP"))'" \
	"$top/scripts/latency.gp"
python3 "$top/scripts/table.py" --arch "$arch" --map "$MAP" --bars "$b/bars.dat" \
	stock="$b/stock" index="$b/index" no-index="$b/no-index" \
	${user[@]/#/--user } ${userrun[@]/#/--user-run } | tee "$b/results.md"
# What users wait for (bpftrace, available_filter_functions, modprobe,
# livepatch), stock against the series, as bars.
[ ! -s "$b/bars.dat" ] || gnuplot -e "data='$b/bars.dat'; out='$b/bars.svg'" \
	-e "head='stock $BASE against the series ($arch, $(cat "$b/index/accel" 2>/dev/null))'" \
	"$top/scripts/bars.gp"

# ARCHES="arm64 i386nr powerpc": the suite through kunit.py on each, stock
# and the series in both modes, and its table (scripts/kunit-arch.sh).
for a in ${ARCHES:-}; do
	step "kunit.py on $a"
	"$top/scripts/kunit-arch.sh" "$a" || exit 1
	cp "$B/arch/$a.md" "$b/results-$a.md"
done
echo ">>> table written to $b/results.md, plots to $b/latency.svg" \
	"and bars.svg ($((SECONDS - t0)) s in all)"
