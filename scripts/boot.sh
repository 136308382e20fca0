#!/bin/bash
# boot.sh NAME: boot build/kernels/NAME under QEMU with initramfs/check.sh
# and leave its log and the files it writes in build/boot/NAME.
set -euo pipefail
. "$(dirname "$0")/base.sh"
k=$B/kernels/$1 d=$B/boot/$1 t0=$SECONDS
rm -rf "$d" && mkdir -p "$d/out"
"$top/scripts/initramfs.sh" "$d/initramfs.cpio.gz" "$k" check
echo ">>> booting '$1' under QEMU, log in build/boot/$1/boot.log"
"$top/scripts/qemu.sh" "$k/bzImage" "$d/initramfs.cpio.gz" "$d/boot.log" "$d/out" \
	>/dev/null || true
echo ">>> '$1' booted and checked in $((SECONDS - t0)) s"
