#!/bin/bash
# mutants.sh: show that the boot check catches the bugs it is there for.
# Each tests/boot/mutants/*.patch (for either BASE: they apply to both)
# is a deliberate bug on top of the whole series; its "Expect:" line names
# the guest step that must fail. Every
# mutant kernel is booted like the patched one and compared with stock;
# this passes when each comparison fails, and in the expected step.
set -euo pipefail
. "$(dirname "$0")/base.sh"
export KCONFIG=check
bad=0

"$top/scripts/kernel.sh" check-stock "$STOCK" -
[ -s "$B/boot/check-stock/boot.log" ] || "$top/scripts/boot.sh" check-stock
for m in "$top"/tests/boot/mutants/*.patch; do
	name=mutant-$(basename "$m" .patch)
	expect=$(sed -n 's/^Expect: //p' "$m")
	# "splat": the kernel log's check (lockdep, might_sleep()), else a step
	want="^FAIL: \[patched\] step $expect\$"
	[ "$expect" != splat ] || want='^FAIL: \[patched\] kernel log: '
	"$top/scripts/kernel.sh" "$name" all y "$m"
	"$top/scripts/boot.sh" "$name"
	log=$B/boot/$name/compare.txt
	if python3 "$top/scripts/boot-compare.py" \
		"$B/boot/check-stock:$B/kernels/check-stock" \
		"$B/boot/$name:$B/kernels/$name" > "$log"; then
		echo "MUTANT SURVIVED: $name passed the boot check"; bad=1
	elif ! grep -q "$want" "$log"; then
		echo "MUTANT $name failed elsewhere but not in step $expect"; bad=1
	else
		echo "mutant $name caught, in step $expect:"
	fi
	grep '^FAIL' "$log" | sed 's/^/	/'
done
[ $bad -eq 0 ] && echo "mutants: every mutant caught"
exit $bad
