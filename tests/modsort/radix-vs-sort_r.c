// SPDX-License-Identifier: GPL-2.0
/*
 * radix-vs-sort_r q|r < VALUES: sort the symbol indexes of VALUES (a count,
 * then one value a line, as values.py writes them) by value, with 16-bit
 * entries: q with lib/sort.c's sort_r(), r with the loop of the module
 * index's radix sort (kernel/module/kallsyms.c, mod_kallsyms_build_addrs()):
 * digits of up to 11 bits, the bits that all values share skipped, each
 * digit computed once. run() is what run.sh counts instructions of.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sort_r(void *base, size_t num, size_t size, void *cmp, void *swap,
	    const void *priv);

static unsigned long *val;
static unsigned int n;

static int cmp(const void *a, const void *b, const void *priv)
{
	unsigned long x = val[*(const uint16_t *)a], y = val[*(const uint16_t *)b];

	return x < y ? -1 : x > y;
}

__attribute__((noinline))
static uint16_t *run(char mode, uint16_t *src, uint16_t *dst, uint32_t *digit,
		     uint16_t *count, unsigned int width)
{
	unsigned long differ = 0;
	unsigned int i, d, shift, start;
	uint16_t *t;

	if (mode == 'q') {
		sort_r(src, n, sizeof(*src), cmp, NULL, NULL);
		return src;
	}
	for (i = 0; i < n; i++)
		differ |= val[i] ^ val[0];
	for (shift = 0; shift < 64 && differ >> shift; shift += width) {
		if (!((differ >> shift) & ((1UL << width) - 1)))
			continue;
		memset(count, 0, sizeof(*count) << width);
		for (i = 0; i < n; i++) {
			digit[i] = (val[src[i]] >> shift) & ((1U << width) - 1);
			count[digit[i]]++;
		}
		for (d = 0, start = 0; d < 1U << width; d++) {
			start += count[d];
			count[d] = start - count[d];
		}
		for (i = 0; i < n; i++)
			dst[count[digit[i]]++] = src[i];
		t = src;
		src = dst;
		dst = t;
	}
	return src;
}

int main(int argc, char **argv)
{
	unsigned int i, bits, width;
	uint16_t *a, *b, *count;
	uint32_t *digit;

	if (argc != 2 || scanf("%u", &n) != 1 || n > UINT16_MAX)
		return 2;
	val = malloc(n * sizeof(*val));
	for (i = 0; i < n; i++)
		if (scanf("%lu", &val[i]) != 1)
			return 2;
	/* as mod_kallsyms_name_bits() and MOD_KALLSYMS_DIGIT_BITS */
	bits = n > 3 ? 31 - __builtin_clz(n) - 1 : 1;
	width = bits < 11 ? bits : 11;
	a = malloc(n * sizeof(*a) + 1);
	b = malloc(n * sizeof(*b) + 1);
	digit = malloc(n * sizeof(*digit) + 1);
	count = malloc(sizeof(*count) << width);
	for (i = 0; i < n; i++)
		a[i] = i;
	a = run(argv[1][0], a, b, digit, count, width);
	for (i = 1; i < n; i++)
		if (val[a[i - 1]] > val[a[i]]) {
			puts("unsorted");
			return 1;
		}
	return 0;
}
