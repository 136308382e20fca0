#!/bin/bash
# bench.sh: stock (base + the KUnit suite + the self-test fix) against the patched series, in
# one run, with the same config. See README.md.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
b=$top/build/bench
tree=$b/linux
arch=${BENCH_ARCH:-x86_64}
export CCACHE_BASEDIR=$top/build CCACHE_NOHASHDIR=1
mkdir -p "$b"
t0=$SECONDS
step() { echo ">>> [$((SECONDS - t0)) s] $*"; }

# Kernels: NAME PATCHES INDEX.  "stock" is the base with the KUnit suite
# and the self-test fix (patch 2), without which the self-test's thread
# spins beside the suite's timing cases at boot.
kernels=("stock 2 -" "index all y" "no-index all n")

build_x86() { # build_x86 NAME INDEX
	local name=$1 index=$2 out=$b/x86 dst=$b/$1
	# Without the index every lookup by name scans the whole table, and
	# upstream's self-test, which looks up every symbol, would take most
	# of an hour under TCG: that kernel goes without it (see boot_x86).
	if [ -f "$out/.config" ]; then
		if [ "$index" = n ]; then
			"$tree/scripts/config" --file "$out/.config" \
				--disable KALLSYMS_NAME_INDEX --disable KALLSYMS_SELFTEST
		else
			"$tree/scripts/config" --file "$out/.config" \
				--enable KALLSYMS_NAME_INDEX --enable KALLSYMS_SELFTEST
		fi
	fi
	"$top/scripts/build-x86.sh" "$tree" "$out"
	mkdir -p "$dst"
	cp "$out/arch/x86/boot/bzImage" "$out/System.map" "$dst/"
	cp "$out/.config" "$dst/config"
	cp "$out/lib/tests/kallsyms_kunit_mod.ko" "$dst/" 2>/dev/null || true
	# The tables as assembled, for their sizes (see table.py).
	cp "$(ls "$out"/.tmp_vmlinux*.kallsyms.o | sort | tail -1)" "$dst/kallsyms.o"
	"$top/scripts/initramfs.sh" "$dst/initramfs.cpio.gz" "$dst/config" \
		$(ls "$dst"/*.ko 2>/dev/null)
}

boot_x86() { # boot_x86 NAME
	local dst=$b/$1 accel
	step "booting $1 under QEMU (TCG takes a few minutes)"
	# ... and the suite checks and times one name in 64 there.
	[ "$1" = no-index ] && export KERNEL_ARGS=kallsyms_kunit.stride=64
	accel=$("$top/scripts/qemu.sh" "$dst/bzImage" "$dst/initramfs.cpio.gz" "$dst/boot.log")
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

for k in "${kernels[@]}"; do
	read -r name patches index <<< "$k"
	step "kernel '$name': base + $patches patch(es), name index: $index"
	"$top/scripts/mktree.sh" "$tree" "$patches" >/dev/null
	if [ "$name" = stock ]; then
		# Keep a copy of the stock sources for the userspace harness.
		rm -rf "$b/stock-src"; mkdir -p "$b/stock-src"
		git -C "$tree" archive HEAD scripts kernel include tools | tar -x -C "$b/stock-src"
	fi
	if [ "$arch" = um ]; then run_um "$name" "$index"; else build_x86 "$name" "$index"; fi
done
if [ "$arch" != um ]; then
	for k in "${kernels[@]}"; do boot_x86 "${k%% *}"; done
fi

user=()
if [ -d "$tree/tools/testing/kallsyms" ]; then
	step "userspace harness on $MAP"
	for v in "stock $b/stock-src y" "index $tree y" "no-index $tree n"; do
		read -r name src index <<< "$v"
		make -s -C "$tree/tools/testing/kallsyms" bench KSRC="$src" INDEX="$index" \
			OUT="$b/user-$name" MAP="$MAP" > "$b/user-$name.txt" 2>&1 ||
			{ cat "$b/user-$name.txt"; exit 1; }
		user+=("$name=$b/user-$name.txt")
	done
fi

step "results"
python3 "$top/scripts/table.py" --arch "$arch" --map "$MAP" \
	stock="$b/stock" index="$b/index" no-index="$b/no-index" \
	${user[@]/#/--user } | tee "$b/results.md"
echo ">>> table written to build/bench/results.md ($((SECONDS - t0)) s in all)"
