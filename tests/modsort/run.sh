#!/bin/bash
# run.sh KSRC MODULE.ko[.xz]...: instructions (callgrind) to sort the
# values of each module's core symbols with KSRC's lib/sort.c sort_r()
# and with the radix loop of the module index (radix-vs-sort_r.c).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd) ksrc=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/linux"
cat > "$tmp/linux/types.h" <<'H'
#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
typedef uint8_t u8; typedef uint16_t u16; typedef uint32_t u32; typedef uint64_t u64;
#ifndef __always_inline
#define __always_inline inline __attribute__((__always_inline__))
#endif
#define IS_ENABLED(x) 0
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
H
echo '#define EXPORT_SYMBOL(x)' > "$tmp/linux/export.h"
echo 'static inline void cond_resched(void) {}' > "$tmp/linux/sched.h"
cat > "$tmp/linux/sort.h" <<'H'
#include <linux/types.h>
typedef int (*cmp_r_func_t)(const void *a, const void *b, const void *priv);
typedef void (*swap_r_func_t)(void *a, void *b, int size, const void *priv);
typedef int (*cmp_func_t)(const void *a, const void *b);
typedef void (*swap_func_t)(void *a, void *b, int size);
void sort_r(void *base, size_t num, size_t size, cmp_r_func_t cmp_func,
	    swap_r_func_t swap_func, const void *priv);
H
gcc -O2 -I"$tmp" -c "$ksrc/lib/sort.c" -o "$tmp/sort.o"
gcc -O2 -o "$tmp/sb" "$here/radix-vs-sort_r.c" "$tmp/sort.o"
echo "| module | symbols | sort_r() | radix |"
echo "|---|---|---|---|"
for m in "$@"; do
	python3 "$here/values.py" "$m" > "$tmp/values"
	row="| $(basename "$m" | sed 's/\.xz$//') | $(head -1 "$tmp/values")"
	for mode in q r; do
		n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
			--toggle-collect=run "$tmp/sb" $mode < "$tmp/values" 2>&1 |
			sed -n 's/.*Collected : //p')
		row="$row | $n"
	done
	echo "$row |"
done
