#!/bin/bash
# build-x86.sh SRC OUT [INDEX]: x86_64 defconfig + configs/x86_64.config,
# built with ccache. INDEX=n turns CONFIG_KALLSYMS_NAME_INDEX off, and with
# it upstream's self-test, which looks up every symbol by name and would
# take most of an hour under TCG without the index.
set -euo pipefail
src=$(realpath "$1"); out=$(realpath -m "$2"); index=${3:-y}
top=$(cd "$(dirname "$0")/.." && pwd)
export CCACHE_BASEDIR=$top/build CCACHE_NOHASHDIR=1
mk() { make -C "$src" O="$out" ARCH=x86_64 CC="ccache gcc" -j"$(nproc)" "$@"; }
mkdir -p "$out"
# The config is made afresh each time; Kbuild rebuilds only what a changed
# option touches.
mk -s x86_64_defconfig
"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "$top/configs/x86_64.config" >/dev/null
if [ "$index" = n ]; then
	"$src/scripts/config" --file "$out/.config" \
		--disable KALLSYMS_NAME_INDEX --disable KALLSYMS_SELFTEST
fi
mk -s olddefconfig
echo ">>> building $src -> $out (x86_64; a cold build takes about 15 minutes on 2 cores)"
start=$(date +%s)
mk -s bzImage modules
echo ">>> built in $(( $(date +%s) - start )) s"
