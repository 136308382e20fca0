#!/bin/bash
# Install whatever the harness needs and is missing (Debian/Ubuntu, as root).
set -euo pipefail

BASE_PKG_VERSION=${BASE_PKG_VERSION:-6.12.117-1~deb12u1}

need=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'ok installed'; }

for p in build-essential flex bison bc libelf-dev libssl-dev cpio kmod rsync \
	 ccache python3 python3-ply python3-git git qemu-system-x86 busybox-static clang \
	 libclang-rt-14-dev valgrind xz-utils gnuplot-nox; do
	have_pkg "$p" || need+=("$p")
done

if [ ! -f /usr/src/linux-source-6.12.tar.xz ]; then
	need+=("linux-source-6.12=$BASE_PKG_VERSION")
fi

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
