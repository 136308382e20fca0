#!/bin/bash
# build-x86.sh SRC OUT: x86_64 defconfig + configs/x86_64.config, built with ccache.
set -euo pipefail
src=$(realpath "$1"); out=$(realpath -m "$2")
top=$(cd "$(dirname "$0")/.." && pwd)
export CCACHE_BASEDIR=$top/build CCACHE_NOHASHDIR=1
mk() { make -C "$src" O="$out" ARCH=x86_64 CC="ccache gcc" -j"$(nproc)" "$@"; }
mkdir -p "$out"
if [ ! -f "$out/.config" ]; then
	mk -s x86_64_defconfig
	"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "$top/configs/x86_64.config" >/dev/null
fi
mk -s olddefconfig
echo ">>> building $src -> $out (x86_64; a cold build takes about 20 minutes on 2 cores)"
start=$(date +%s)
mk -s bzImage modules
echo ">>> built in $(( $(date +%s) - start )) s"
