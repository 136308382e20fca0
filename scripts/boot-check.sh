#!/bin/bash
# boot-check.sh: boot the stock and the patched x86_64 kernel under QEMU,
# run the same checks in both (initramfs/check.sh: livepatch, upstream's
# livepatch selftests, sympos, kprobes, /proc/kallsyms, kptr_restrict) and
# judge them side by side (scripts/boot-compare.py). The kernels are those
# of make bench (scripts/kernel.sh), which reuses them: stock is the base +
# patches 1-2 (the KUnit suite and the self-test's wait fix), patched is the
# whole series.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
t0=$SECONDS

"$top/scripts/kernel.sh" stock 2 -
"$top/scripts/kernel.sh" index all y
echo ">>> kernels ready in $((SECONDS - t0)) s"

"$top/scripts/boot.sh" stock
"$top/scripts/boot.sh" index

python3 "$top/scripts/boot-compare.py" "$top/build/boot/stock:$top/build/kernels/stock" \
	"$top/build/boot/index:$top/build/kernels/index"
