#!/bin/bash
# modload-arm64.sh [stock|series|NAME=DIFF]...: module load times on arm64,
# stock (the base + patches 1-2) against the series (or the series plus an
# experiment's diff, booted as NAME), under QEMU's virt machine
# with -icount shift=0 (the guest clock counts instructions, 1 ns each).
# Kernels: tinyconfig + configs/arm64-modules.config, built in one tree
# and one O= folder (build/BASE/arm64/); each boots an initramfs whose
# /init is tests/boot/modload.c: it loads every in-tree module of the
# kernel in modules.order (the livepatch samples aside), unloads them, and
# times both, then the data-only module kallsyms_many_vars.ko.
# Prints the kallsyms_bench: lines of each kernel (build/BASE/arm64/NAME/boot.log).
set -euo pipefail
. "$(dirname "$0")/base.sh"
cross=aarch64-linux-gnu-
command -v ${cross}gcc >/dev/null && command -v qemu-system-aarch64 >/dev/null || {
	apt-get install -y -q gcc-aarch64-linux-gnu libc6-dev-arm64-cross \
		qemu-system-arm >/dev/null; }
tree=$B/arm64/linux out=$B/arm64/obj
mk() { make -C "$tree" O="$out" ARCH=arm64 CROSS_COMPILE=$cross \
	CC="ccache ${cross}gcc" -j"$(nproc)" "$@"; }

[ $# -gt 0 ] || set -- stock series
for name in "$@"; do
	diff=
	case $name in stock) n=$STOCK ;; series) n=all ;;
		*=*) n=all diff=$(realpath "${name#*=}") name=${name%%=*} ;; esac
	dst=$B/arm64/$name
	"$top/scripts/mktree.sh" "$tree" "$n" >/dev/null
	[ -z "$diff" ] || git -C "$tree" apply "$diff"
	mkdir -p "$out"
	mk -s tinyconfig
	"$tree/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" \
		"$top/configs/arm64-modules.config" >/dev/null
	mk -s olddefconfig
	echo ">>> arm64 kernel '$name': base + $n patch(es)"
	start=$(date +%s)
	mk -s Image modules
	echo ">>> built in $(( $(date +%s) - start )) s"

	rm -rf "$dst" && mkdir -p "$dst/root/modules"
	cp "$out/arch/arm64/boot/Image" "$out/System.map" "$dst/"
	make -s -C "$out" INSTALL_MOD_PATH="$dst/inst" modules_install
	# The data-only module, built against this kernel
	ext=$B/arm64/ext && rm -rf "$ext" && mkdir -p "$ext"
	cp "$top"/tests/boot/modules/kallsyms_many{,_vars}.c "$ext/"
	echo 'obj-m += kallsyms_many_vars.o' > "$ext/Kbuild"
	mk -s M="$ext" modules
	cp "$ext/kallsyms_many_vars.ko" "$dst/root/modules/"
	rel=$(cat "$out/include/config/kernel.release")
	grep -v '^kernel/samples/livepatch/\|^kernel/lib/tests/' "$dst/inst/lib/modules/$rel/modules.order" |
	while read -r m; do
		cp "$dst/inst/lib/modules/$rel/$m" "$dst/root/modules/"
		basename "$m"
	done > "$dst/root/modules/order"
	${cross}gcc -O2 -Wall -static -o "$dst/root/init" "$top/tests/boot/modload.c"
	mkdir -p "$dst/root/"{dev,proc}
	(cd "$dst/root" && find . | cpio -o -H newc --quiet | gzip -1) > "$dst/initramfs.cpio.gz"

	timeout 3600 qemu-system-aarch64 -M virt -cpu cortex-a57 -m 1G -smp 1 \
		-icount shift=0,sleep=off -nographic -no-reboot -kernel "$dst/Image" \
		-initrd "$dst/initramfs.cpio.gz" -append "console=ttyAMA0 panic=-1" \
		> "$dst/boot.log" 2>&1 || true
	grep '^kallsyms_bench:' "$dst/boot.log" | sed "s/^/$name: /"
done
