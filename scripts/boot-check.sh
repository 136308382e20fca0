#!/bin/bash
# boot-check.sh: boot the stock and the patched x86_64 kernel under QEMU,
# run the same checks in both (initramfs/check.sh: livepatch, upstream's
# livepatch selftests, sympos, kprobes, /proc/kallsyms, kptr_restrict) and
# judge them side by side (scripts/boot-compare.py). The kernels are small
# ones (scripts/kernel.sh with KCONFIG=check): stock is the base + patches
# 1-2 (the KUnit suite and the self-test's wait fix), patched is the whole
# series.
set -euo pipefail
. "$(dirname "$0")/base.sh"
export KCONFIG=check
t0=$SECONDS

# Under TCG the guests count their own instructions (-icount, see
# qemu.sh), so their timing lines are the same on a busy host: stock boots
# while the patched kernel builds, and the two run at once. With KVM, one
# thing after the other.
export QEMU_ICOUNT=1
kvm=$([ "$(cat "${QEMU_ACCEL_CACHE:-/tmp/kallsyms-qemu-accel}" 2>/dev/null)" = kvm ] && echo y || true)
"$top/scripts/kernel.sh" check-stock "$STOCK" -
if [ -n "$kvm" ]; then
	"$top/scripts/kernel.sh" check-index all y
	"$top/scripts/boot.sh" check-stock
	"$top/scripts/boot.sh" check-index
else
	"$top/scripts/boot.sh" check-stock & pid=$!
	"$top/scripts/kernel.sh" check-index all y
	echo ">>> kernels ready in $((SECONDS - t0)) s"
	"$top/scripts/boot.sh" check-index
	wait $pid
fi

python3 "$top/scripts/boot-compare.py" "$B/boot/check-stock:$B/kernels/check-stock" \
	"$B/boot/check-index:$B/kernels/check-index"
