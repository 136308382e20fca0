#!/bin/bash
# Install whatever the harness needs and is missing (Debian/Ubuntu, as root).
set -euo pipefail

BASE_PKG_VERSION=${BASE_PKG_VERSION:-6.12.117-1~deb12u1}
MAINLINE_PKG_VERSION=${MAINLINE_PKG_VERSION:-7.3.4-1~bpo13+1}

need=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'ok installed'; }

for p in build-essential flex bison bc libelf-dev libssl-dev cpio kmod rsync \
	 ccache python3 python3-ply python3-git git qemu-system-x86 busybox-static clang \
	 libclang-rt-14-dev valgrind xz-utils gnuplot-nox bpftrace b4 \
	 gcc-powerpc64-linux-gnu gcc-aarch64-linux-gnu gcc-i686-linux-gnu; do
	have_pkg "$p" || need+=("$p")
done

# make check ARCHES=... (scripts/kunit-arch.sh): cross compilers, QEMU
for a in ${ARCHES:-}; do
	case $a in
	arm64)	p="gcc-aarch64-linux-gnu qemu-system-arm" ;;
	powerpc) p="gcc-powerpc64-linux-gnu qemu-system-ppc" ;;
	s390)	p="gcc-s390x-linux-gnu qemu-system-misc" ;;
	i386*)	p= ;;	# the host gcc builds 32-bit kernels
	*)	p= ;;
	esac
	for p in $p; do have_pkg "$p" || need+=("$p"); done
done

if [ ! -f /usr/src/linux-source-6.12.tar.xz ]; then
	need+=("linux-source-6.12=$BASE_PKG_VERSION")
fi

# Mainline: Debian's linux-source-7.3 from trixie-backports, fetched with a
# private apt setup under /var/cache/kallsyms-series (the machine's own
# sources stay as they are) and unpacked, not installed: it is only the
# tarball. Its version goes next to it, for the base commit's message.
fetch_mainline() {
	local d=/var/cache/kallsyms-series/apt pkg ver
	local apt=(-o Dir::Etc::sourcelist="$d/sources.list" -o Dir::Etc::sourceparts=-
		   -o Dir::State::lists="$d/lists" -o Dir::Cache="$d/cache"
		   -o APT::Sandbox::User=root)
	mkdir -p "$d/lists/partial" "$d/cache/archives/partial"
	echo "deb http://deb.debian.org/debian trixie-backports main" > "$d/sources.list"
	echo ">>> fetching linux-source-7.3 ($MAINLINE_PKG_VERSION) from trixie-backports"
	apt-get "${apt[@]}" -qq update
	pkg=linux-source-7.3 ver=$MAINLINE_PKG_VERSION
	if ! apt-cache "${apt[@]}" show "$pkg=$ver" >/dev/null 2>&1; then
		# The pin left the archive: the newest 7.x, and git am will tell
		# whether the series still applies.
		pkg=$(apt-cache "${apt[@]}" pkgnames linux-source-7. | sort -V | tail -1)
		ver=$(apt-cache "${apt[@]}" show "$pkg" | awk '/^Version:/ { print $2; exit }')
		echo ">>> pinned linux-source-7.3=$MAINLINE_PKG_VERSION unavailable, taking $pkg $ver" >&2
	fi
	rm -rf "$d/x" && mkdir -p "$d/x"
	(cd "$d/x" && apt-get "${apt[@]}" -qq download "$pkg=$ver" && dpkg-deb -x ./*.deb .)
	mv "$d"/x/usr/src/linux-source-7.*.tar.xz /usr/src/linux-source-7.3.tar.xz
	echo "$ver" > /usr/src/linux-source-7.3.tar.xz.version
	rm -rf "$d/x"
}
[ -f /usr/src/linux-source-7.3.tar.xz ] || fetch_mainline

[ ${#need[@]} -eq 0 ] && exit 0

echo ">>> installing: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
if ! apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null; then
	# The pinned source version may have left the archive: take the newest
	# 6.12 and let `git am` tell whether the series still applies.
	echo ">>> pinned linux-source-6.12=$BASE_PKG_VERSION unavailable, trying the newest" >&2
	need=("${need[@]/linux-source-6.12=*/linux-source-6.12}")
	apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
