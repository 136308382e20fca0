#!/bin/bash
# kunit-arch.sh ARCH...: the kallsyms KUnit suite through kunit.py on other
# architectures, with KALLSYMS_ALL and the timing cases, for each kernel of
# KERNELS (default: all three):
#   stock    the base and the first $STOCK patches (the fixes and the suite)
#   index    the series
#   noindex  the series with CONFIG_KALLSYMS_NAME_INDEX=n
# ARCH is a kunit.py --arch (arm64, powerpc: 64-bit big-endian, s390, ...)
# or i386nr (i386 without CONFIG_RELOCATABLE: absolute kallsyms_offsets).
# QEMU runs TCG with -icount shift=0, so that the timing lines count guest
# instructions (1 ns each). kunit.py's configs have no modules and no
# ftrace: those cases skip. index and noindex share one source tree and one
# build folder, so that noindex rebuilds only what the option changes. Logs
# in build/BASE/arch/ARCH-KERNEL.log; prints each run's verdict and exits 1
# if one failed.
set -uo pipefail
. "$(dirname "$0")/base.sh"
d=$B/arch
kernels=${KERNELS:-stock index noindex}
mkdir -p "$d/bin"

# kunit.py puts "-accel kvm" first on QEMU's command line, and with it
# qemu-system-i386 refuses -icount where /dev/kvm does not work: run QEMU
# through wrappers that keep only TCG and add -icount.
for q in aarch64 i386 ppc64 s390x x86_64; do
	cat > "$d/bin/qemu-system-$q" <<-EOF
	#!/bin/bash
	a=()
	while [ \$# -gt 0 ]; do
		if [ "\$1" = -accel ] && [ "\$2" != tcg ]; then shift 2; continue; fi
		a+=("\$1"); shift
	done
	exec /usr/bin/qemu-system-$q "\${a[@]}" -icount shift=0,sleep=off
	EOF
	chmod +x "$d/bin/qemu-system-$q"
done

src() { [ "$1" = stock ] && echo stock || echo series; }
for s in $(for k in $kernels; do src "$k"; done | sort -u); do
	n=all
	[ "$s" = stock ] && n=$STOCK
	"$top/scripts/mktree.sh" "$d/src-$s" "$n" >/dev/null || exit 1
done

fail=0
for arch in "$@"; do
	opts=(--arch="${arch%nr}")
	cross=
	case $arch in
	arm64)	cross=aarch64-linux-gnu- ;;
	powerpc) cross=powerpc64-linux-gnu- ;;
	s390)	cross=s390x-linux-gnu- ;;
	i386nr)	opts+=(--kconfig_add CONFIG_RELOCATABLE=n) ;;
	esac
	[ -z "$cross" ] || opts+=(--cross_compile="$cross")
	for k in $kernels; do
		extra=()
		[ "$k" != noindex ] || extra=(--kconfig_add CONFIG_EXPERT=y
			--kconfig_add CONFIG_KALLSYMS_NAME_INDEX=n)
		log=$d/$arch-$k.log t0=$SECONDS
		(cd "$d/src-$(src "$k")" && PATH=$d/bin:$PATH ./tools/testing/kunit/kunit.py run \
			--kunitconfig=lib/tests/.kunitconfig --build_dir="$d/$arch-$(src "$k")" \
			--kconfig_add CONFIG_KALLSYMS_KUNIT_BENCHMARK=y --timeout=3600 \
			--jobs="$(nproc)" --make_options CC="ccache ${cross}gcc" \
			"${opts[@]}" "${extra[@]}") > "$log" 2>&1
		rc=$?
		verdict=$(grep -a 'Testing complete\|^\[.*\] Ran\|passed:' "$log" | tail -1)
		echo "kunit-arch: $arch $k: ${verdict:-no result} ($((SECONDS - t0)) s)"
		[ "$rc" = 0 ] || { echo "kunit-arch: $arch $k FAILED (see $log)"; fail=1; }
	done
done
exit $fail
