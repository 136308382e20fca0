#!/bin/bash
# build-x86.sh SRC OUT INDEX KCONFIG: an x86_64 kernel built with ccache.
# KCONFIG=check: tinyconfig + configs/x86_64-check.config, the small kernel
# of make check's boot step; KCONFIG=bench: x86_64_defconfig +
# configs/x86_64.config, the distribution-sized one of make bench. INDEX=n
# turns CONFIG_KALLSYMS_NAME_INDEX off, and with it upstream's self-test,
# which looks up every symbol by name and would take most of an hour under
# TCG without the index.
set -euo pipefail
src=$(realpath "$1"); out=$(realpath -m "$2"); index=${3:-y} kconfig=${4:-bench}
. "$(dirname "$0")/base.sh"
mk() { make -C "$src" O="$out" ARCH=x86_64 CC="ccache gcc" -j"$(nproc)" "$@"; }
case $kconfig in
check)	start_config=tinyconfig frag=$top/configs/x86_64-check.config ;;
bench)	start_config=x86_64_defconfig frag=$top/configs/x86_64.config ;;
esac
mkdir -p "$out"
# The config is made afresh each time; Kbuild rebuilds only what a changed
# option touches.
mk -s "$start_config"
"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "$frag" >/dev/null
if [ "$index" = n ]; then
	"$src/scripts/config" --file "$out/.config" \
		--disable KALLSYMS_NAME_INDEX --disable KALLSYMS_SELFTEST
fi
mk -s olddefconfig
# Every option of the fragment that this tree defines must have taken (an
# unmet dependency drops it silently); the series' own options are not
# defined on stock and are let go, and so are the two that INDEX=n turns off.
skip='^$'
[ "$index" != n ] || skip='^CONFIG_KALLSYMS_(NAME_INDEX|SELFTEST)='
known=$(find "$src" -name 'Kconfig*' -print0 | xargs -0 sed -n 's/^\s*\(menu\)\?config \([A-Z0-9_]*\).*/\2/p' | sort -u)
bad=$(grep -E '^CONFIG_[A-Z0-9_]+=' "$frag" | grep -vE "$skip" | while IFS== read -r opt val; do
	grep -qxF "${opt#CONFIG_}" <<< "$known" || continue
	if [ "$val" = n ]; then
		! grep -q "^$opt=" "$out/.config" || echo "$opt=$val"
	else
		grep -qxF "$opt=$val" "$out/.config" || echo "$opt=$val"
	fi
done)
[ -z "$bad" ] || { echo ">>> $frag: not taken: $bad" >&2; exit 1; }
echo ">>> building $src -> $out (x86_64, $kconfig config)"
start=$(date +%s)
mk -s bzImage modules
echo ">>> built in $(( $(date +%s) - start )) s"
