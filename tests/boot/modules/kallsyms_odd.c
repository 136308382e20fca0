// SPDX-License-Identifier: GPL-2.0
/*
 * kallsyms_odd: what odd.py rewrites into modules with odd symtabs, which
 * the boot check loads on stock and on the series (initramfs/check.sh,
 * odd_mods): a function, called through a pointer so that it stays, and a
 * variable.
 */
#include <linux/module.h>

static noinline int kallsyms_odd_fn(int x)
{
	return x + 1;
}

static int (*kallsyms_odd_ptr)(int) __used = kallsyms_odd_fn;
static int kallsyms_odd_var __used = 1;

MODULE_DESCRIPTION("The base of the boot check's modules with odd symtabs");
MODULE_LICENSE("GPL");
