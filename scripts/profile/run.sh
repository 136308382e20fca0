#!/bin/bash
# run.sh KERNEL WHAT [TOP]: where the guest instructions of one path go, per
# function, on build/kernels/KERNEL (scripts/kernel.sh) under QEMU TCG
# -icount. WHAT is one of
#   proc   five full reads of /proc/kallsyms by cat (per line)
#   procmod  the same with kallsyms_many.ko loaded (20006 more lines)
#   procbpf  the same with 10000 BPF programs loaded (tests/boot/bpfprogs.c)
#   aff    five full reads of available_filter_functions, with
#          kallsyms_many.ko and xfs.ko loaded (per line)
#   affvmlinux  the same without modules
#   stack  the KUnit case that saves stack traces, checks each entry and
#          symbolizes it with sprint_symbol() in three timed passes (per
#          pass over an entry; the check's lookups counted too)
#   addr   the KUnit case that checks the lookups at every symbol address
#          and times kallsyms_lookup() there in three passes (per timed
#          lookup; the check's lookups counted too)
# Prints a table of the TOP (25) functions; the counts are in
# build/profile/KERNEL-WHAT/.
set -euo pipefail
. "$(dirname "$0")/../base.sh"
name=$1 what=$2 rows=${3:-25}
k=$B/kernels/$name dst=$B/profile/$name-$what
rm -rf "$dst" && mkdir -p "$dst"
gcc -O2 -Wall -shared -fPIC -fvisibility=hidden -o "$dst/insns.so" \
	"$top/scripts/profile/insns.c"
addr() { awk -v s="$1" '$3 == s { print "0x" $1; exit }' "$k/System.map"; }
case $what in
stack)	mark=$(addr kallsyms_test_stack_trace) end=$(addr kunit_print_ok_not_ok)
	export KERNEL_ARGS="kallsyms_profile=$what kunit.filter_glob=kallsyms.kallsyms_test_stack_trace" ;;
addr)	mark=$(addr kallsyms_test_lookup_addr) end=$(addr kunit_print_ok_not_ok)
	export KERNEL_ARGS="kallsyms_profile=$what kunit.filter_glob=kallsyms.kallsyms_test_lookup_addr" ;;
proc|procmod|procbpf|aff|affvmlinux) mark=$(addr tracing_mark_write) end=$mark
	export KERNEL_ARGS="kallsyms_profile=$what kunit.enable=0" ;;
*)	echo "run.sh: no such path: $what" >&2; exit 1 ;;
esac
"$top/scripts/initramfs.sh" "$dst/initramfs.cpio.gz" "$k"
QEMU_ICOUNT=1 QEMU_ARGS="-plugin $dst/insns.so,mark=$mark,end=$end,out=$dst/insns.txt" \
	"$top/scripts/qemu.sh" "$k/bzImage" "$dst/initramfs.cpio.gz" "$dst/boot.log" "$dst" >/dev/null
case $what in
stack)	unit=entry
	sed -n 's/.*kallsyms_bench: stack_trace_entry.* calls=\([0-9]*\).*/\1/p' "$dst/boot.log" |
		awk '{ print 3 * $1 }' > "$dst/units" ;;
addr)	unit=lookup
	sed -n 's/.*kallsyms_bench: addr_to_name.* calls=\([0-9]*\).*/\1/p' "$dst/boot.log" |
		awk '{ print 3 * $1 }' > "$dst/units" ;;
*)	unit=line ;;
esac
python3 "$top/scripts/profile/split.py" "$dst/insns.txt" "$dst/kallsyms" \
	--per "$(cat "$dst/units")" "$unit" --top "$rows"
