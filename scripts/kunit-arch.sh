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
# build folder, so that noindex rebuilds only what the option changes.
# Each run leaves build/BASE/arch/ARCH-KERNEL/: kunit.log (kunit.py's
# output), results.txt (the kernel's, with the timing lines) and kallsyms.o
# (the tables); ARCH.md is scripts/table.py's table of the kernels run,
# ARCH-compare.txt bench_compare.py's figures, stock against the series.
# Prints each run's verdict and a few figures (no verdict on them), and
# exits 1 if a run failed.
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
		s=$(src "$k")
		out=$d/$arch-$k b=$d/build-$arch-$s t0=$SECONDS
		rm -rf "$out" "$b/test.log" && mkdir -p "$out"
		(cd "$d/src-$s" && PATH=$d/bin:$PATH ./tools/testing/kunit/kunit.py run \
			--kunitconfig=lib/tests/.kunitconfig --build_dir="$b" \
			--kconfig_add CONFIG_KALLSYMS_KUNIT_BENCHMARK=y --timeout=3600 \
			--jobs="$(nproc)" --make_options CC="ccache ${cross}gcc" \
			"${opts[@]}" "${extra[@]}") > "$out/kunit.log" 2>&1
		rc=$?
		cp "$b/test.log" "$out/results.txt" 2>/dev/null
		cp "$(ls -t "$b"/.tmp_vmlinux*.kallsyms.o | head -1)" "$out/kallsyms.o" 2>/dev/null
		echo tcg-icount > "$out/accel"
		verdict=$(grep -a 'Testing complete\|^\[.*\] Ran\|passed:' "$out/kunit.log" | tail -1)
		echo "kunit-arch: $arch $k: ${verdict:-no result} ($((SECONDS - t0)) s)"
		[ "$rc" = 0 ] || { echo "kunit-arch: $arch $k FAILED (see $out/kunit.log)"; fail=1; }
	done
	python3 "$top/scripts/table.py" --arch "$arch" \
		$(for k in $kernels; do echo "$k=$d/$arch-$k"; done) > "$d/$arch.md"
	# The suite's own comparison of the timing lines, stock against the series.
	[ ! -s "$d/$arch-stock/results.txt" ] || [ ! -s "$d/$arch-index/results.txt" ] ||
		"$d/src-series/tools/testing/kallsyms/bench_compare.py" --threshold 1.01 \
			--base "$d/$arch-stock/results.txt" --new "$d/$arch-index/results.txt" \
			> "$d/$arch-compare.txt"
	grep -E '^\| (symbols in|lookup_name pass_avg|addr_to_name pass_avg|all tables bytes per)' \
		"$d/$arch.md" | sed "s/^/kunit-arch: $arch /"
done
exit $fail
