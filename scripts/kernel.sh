#!/bin/bash
# kernel.sh NAME N INDEX [MUTANT]: the x86_64 kernel of the base + the
# first N patches (or all), with CONFIG_KALLSYMS_NAME_INDEX=INDEX (y, n, or
# - when the option does not exist yet), and the deliberate bug MUTANT (a
# diff, see scripts/mutants.sh) on top if given, in build/kernels/NAME:
#   bzImage System.map config kallsyms.o (the tables, as assembled)
#   series-symbols  names defined in the C files the patches change
#   modules/  the series' KUnit module, samples/livepatch, upstream's
#             livepatch test modules, tests/boot/modules (and the odd-*.ko
#             that its odd.py makes)
#   lib/modules/  every in-tree module, installed, for modprobe
#   selftests/livepatch/  upstream's scripts and test_klp-call_getpid
# SMALL_MODULES=N also builds N copies of tests/boot/modules/kallsyms_small.c
# (N modules more for /proc/kallsyms, see initramfs/init).
# KCONFIG=check (the small config of make check and make bench) or bench
# (the default here; make bench KCONFIG=bench: the distribution-sized
# one), see build-x86.sh. A kernel whose inputs (patched tree, config,
# module sources, these scripts) are unchanged is reused.
# All kernels of one KCONFIG build in one tree and one O= folder, so that a
# switch costs an incremental build and ccache sees the same paths.
set -euo pipefail
name=$1 n=$2 index=$3 mutant=${4:-}
. "$(dirname "$0")/base.sh"
kconfig=${KCONFIG:-bench}
tree=$B/x86/linux out=$B/x86/obj-$kconfig dst=$B/kernels/$name

"$top/scripts/mktree.sh" "$tree" "$n" >/dev/null
# The inputs: the patched tree's git tree hash (not the patch files, so
# that a reworded commit message rebuilds nothing), the mutant, the
# config and module sources, and the scripts that build them.
stamp=$( { echo "$n $index ${SMALL_MODULES:-0}"; git -C "$tree" rev-parse 'HEAD^{tree}'
	[ -z "$mutant" ] || cat "$mutant"
	echo "$kconfig"; cat "$top"/configs/x86_64*.config "$0" "$top/scripts/build-x86.sh" \
		"$top"/tests/boot/modules/*; } | sha256sum | cut -c1-16)
if [ "$(cat "$dst/stamp" 2>/dev/null)" = "$stamp" ]; then
	echo ">>> kernel '$name': reusing build/kernels/$name"
	exit 0
fi

echo ">>> kernel '$name': base + $n patch(es), name index: $index"
[ -z "$mutant" ] || git -C "$tree" apply "$(realpath "$mutant")"
"$top/scripts/build-x86.sh" "$tree" "$out" "$index" "$kconfig"

rm -rf "$dst"
mkdir -p "$dst/modules" "$dst/selftests"
cp "$out/arch/x86/boot/bzImage" "$out/System.map" "$dst/"
cp "$out/.config" "$dst/config"
# The tables of the last link pass: the newest file, as a pass that an
# earlier kernel needed (a third one, say) may have left an older one.
cp "$(ls -t "$out"/.tmp_vmlinux*.kallsyms.o | head -1)" "$dst/kallsyms.o"
cp "$out/samples/livepatch/livepatch-sample.ko" "$dst/modules/"
cp "$out/lib/tests/kallsyms_kunit_mod.ko" "$dst/modules/" 2>/dev/null || true
# In-tree modules (XFS in the check config) as modprobe finds them, with
# their dependencies, in lib/modules/RELEASE.
make -s -C "$out" INSTALL_MOD_PATH="$dst" modules_install
# The names that the C files the patches change define: where the code
# changes, so may their order in /proc/kallsyms (see boot-compare.py).
git -C "$tree" diff --name-only base HEAD -- '*.c' | while read -r f; do
	[ ! -f "$out/${f%.c}.o" ] || nm --defined-only "$out/${f%.c}.o"
done | awk '{ print $3 }' | sort -u > "$dst/series-symbols"

# Out-of-tree modules, built in copies so that the tree stays clean.
ext() { # ext SRC_DIR: build the modules of SRC_DIR against this kernel
	local b=$B/x86/ext/$(basename "$1")
	rm -rf "$b" && mkdir -p "$b" && cp -r "$1"/. "$b"
	[ ! -e "$b/klp_relocs.py" ] || "$b/klp_relocs.py" gen "$out/System.map" > "$b/klp_relocs.h"
	make -s -C "$out" M="$b" CC="ccache gcc" KALLSYMS_SMALL="${SMALL_MODULES:-0}" \
		-j"$(nproc)" modules
	[ ! -e "$b/klp_relocs.py" ] || "$b/klp_relocs.py" elf "$b/klp_relocs.ko"
	cp "$b"/*.ko "$dst/modules/"
}
ext "$tree/tools/testing/selftests/livepatch/test_modules"
ext "$top/tests/boot/modules"
# modules with odd symtabs, made from two of those (initramfs/check.sh)
"$top/tests/boot/modules/odd.py" "$dst/modules"

lp=$tree/tools/testing/selftests/livepatch
mkdir -p "$dst/selftests/livepatch"
cp "$lp"/functions.sh "$lp"/test-*.sh "$dst/selftests/livepatch/"
gcc -O2 -Wall -o "$dst/selftests/livepatch/test_klp-call_getpid" "$lp/test_klp-call_getpid.c"
echo "$stamp" > "$dst/stamp"
echo ">>> kernel '$name' in build/kernels/$name"
