#!/bin/bash
# qemu.sh BZIMAGE INITRD LOG [DIR]: boot an x86_64 kernel, console to LOG;
# $KERNEL_ARGS is added to the command line, $QEMU_ARGS to QEMU's; DIR, if given, is shared with
# the guest (9p, tag "out"; /init mounts it on /out), and so is the host's
# root, read-only (tag "host", on /host).
# KVM is used when /dev/kvm works for this kernel (probed once per run and
# cached in $QEMU_ACCEL_CACHE); otherwise TCG. With QEMU_ICOUNT=1 (make
# bench), TCG runs with -icount shift=0: the guest's clocks advance 1 ns
# per guest instruction, so what the guest times is its own instruction
# count, the same on a busy host and wherever the linker puts the code
# (plain TCG's speed depends on that: it does not chain translated blocks
# across guest pages). Prints the accelerator: kvm, tcg or tcg-icount.
set -euo pipefail
kernel=$1 initrd=$2 log=$3 share=()
[ -n "${4:-}" ] && share=(-virtfs "local,path=$4,mount_tag=out,security_model=none")
# The host's root, read-only (tag "host", on /host): the guest runs
# Debian's bpftrace with the host's libraries.
share+=(-virtfs "local,path=/,mount_tag=host,security_model=none,readonly=on,multidevs=remap")
cache=${QEMU_ACCEL_CACHE:-/tmp/kallsyms-qemu-accel}
# Every built-in KUnit suite runs: kallsyms and longest-symbol (the
# 511-byte symbol that x86_64 gives a 517-byte __pfx_ twin).
append="console=ttyS0 nokaslr panic=-1 rdinit=/init ${KERNEL_ARGS:-}"

# One vCPU: the timed code is single-threaded, and with two under QEMU's
# multi-threaded TCG, a vCPU runs stale code that ftrace has patched:
# stock 7.3 oopses on an int3 too (results/7.3/smp-int3.md).
run() { # run ACCEL TIMEOUT
	local accel=(-accel tcg -cpu max)
	[ "$1" = kvm ] && accel=(-accel kvm -cpu max)
	[ "$1" = tcg-icount ] && accel+=(-icount shift=0,sleep=off)
	timeout "$2" qemu-system-x86_64 "${accel[@]}" -smp 1 -m 2G -nographic \
		-no-reboot "${share[@]}" ${QEMU_ARGS:-} -kernel "$kernel" -initrd "$initrd" -append "$append" \
		</dev/null >"$log" 2>&1
}

accel=$(cat "$cache" 2>/dev/null || true)
if [ -z "$accel" ]; then
	# A KVM kernel prints its banner within seconds; seen here: KVM that
	# hangs in decompression, so give it 30 s and fall back to TCG.
	accel=tcg
	if [ -w /dev/kvm ]; then
		run kvm 30 || true
		grep -q 'Linux version' "$log" && accel=kvm
	fi
	echo "$accel" > "$cache"
	echo ">>> QEMU accelerator: $accel" >&2
fi
[ "$accel" = tcg ] && [ "${QEMU_ICOUNT:-}" = 1 ] && accel=tcg-icount
run "$accel" 1800
grep -q 'kallsyms_bench: done' "$log" || { echo ">>> boot failed, see $log" >&2; exit 1; }
echo "$accel"
