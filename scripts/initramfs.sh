#!/bin/bash
# initramfs.sh OUT.cpio.gz KDIR [check]: busybox, initramfs/init, KDIR's
# config and modules (a build/kernels/NAME folder), tests/boot/bpfprogs.c,
# seekread.c, setpriv, kmod (modprobe) and bpftrace. With "check":
# initramfs/check.sh, upstream's livepatch selftests, and the host
# programs those scripts expect (bash, kmod's insmod, procps' sysctl,
# coreutils' date and stat, diffutils' diff, glibc's getconf) with their
# libraries.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "$1") kdir=$2 check=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"	# the guest's /, which unprivileged readers must enter
mkdir -p "$tmp"/{bin,dev,proc,sys,tmp,out,host,modules}
cp /bin/busybox "$tmp/bin/busybox"
cp "$top/initramfs/init" "$tmp/init"
cp "$kdir/config" "$tmp/config"
cp "$kdir"/modules/*.ko "$tmp/modules/"
# In-tree modules, installed (kernel.sh), for modprobe; and the list of
# those that tests/boot/modload.c times, in modules.order (the livepatch
# samples and the KUnit suite's module aside)
[ ! -d "$kdir/lib" ] || cp -r "$kdir/lib" "$tmp/"
for d in "$tmp"/lib/modules/*/; do
	[ -e "$d/modules.order" ] || continue
	grep -v '^kernel/samples/livepatch/\|^kernel/lib/tests/' "$d/modules.order" |
		sed "s|^|/${d#"$tmp"/}|; s|//|/|"
done > "$tmp/modules/order"

libs() { # libs PROGRAM: copy the shared libraries PROGRAM loads
	local f
	for f in $(ldd "$1" | grep -o '/[^ ]*'); do
		mkdir -p "$tmp$(dirname "$f")"
		cp -L "$f" "$tmp$f"
	done
}

# tests/boot/bpfprogs.c, seekread.c, modload.c and procstress.c, static,
# and util-linux' setpriv (nobody's reads)
for p in bpfprogs seekread modload procstress; do
	gcc -O2 -Wall -static -o "$tmp/bin/$p" "$top/tests/boot/$p.c"
done
cp "$(command -v setpriv)" "$tmp/bin/setpriv"
libs "$tmp/bin/setpriv"
# kmod: modprobe of in-tree modules with their dependencies (and, in the
# check, insmod and the rest, installed before busybox's applets)
cp "$(command -v kmod)" "$tmp/bin/kmod"
libs "$tmp/bin/kmod"
ln -s kmod "$tmp/bin/modprobe"
# Debian's bpftrace: the binary here (its BEGIN and END probes are uprobes
# on it, and tmpfs takes them), its libraries (LLVM's, some 200 MB) from
# the host's root, which /init mounts read-only on /host over 9p.
cp "$(command -v bpftrace)" "$tmp/bin/bpftrace.bin"
printf '%s\n' '#!/bin/sh' \
	'LD_LIBRARY_PATH=/host/usr/lib/x86_64-linux-gnu exec /bin/bpftrace.bin "$@"' \
	> "$tmp/bin/bpftrace"
chmod 755 "$tmp/bin/bpftrace"

if [ "$check" = check ]; then
	cp "$top/initramfs/check.sh" "$tmp/check.sh"
	cp -r "$kdir/selftests" "$tmp/selftests"
	mkdir -p "$tmp/selftests/livepatch/test_modules"
	mv "$tmp"/modules/test_klp_*.ko "$tmp/selftests/livepatch/test_modules/"
	libs "$tmp/selftests/livepatch/test_klp-call_getpid"
	# Installed as /bin/NAME before busybox installs its applets, so
	# that these are the ones upstream's scripts run.
	for p in bash sysctl date stat diff getconf; do
		cp "$(command -v "$p")" "$tmp/bin/$p"
		libs "$tmp/bin/$p"
	done
	for p in insmod rmmod modinfo lsmod; do ln -s kmod "$tmp/bin/$p"; done
fi
(cd "$tmp" && find . | cpio -o -H newc --quiet | gzip -1) > "$out"
