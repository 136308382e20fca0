// SPDX-License-Identifier: GPL-2.0
/*
 * kallsyms_odd_empty: no code and no data, so no relocation refers to its
 * symtab, which odd.py can then cut to the null symbol alone.
 */
#include <linux/module.h>

MODULE_DESCRIPTION("The base of the boot check's module without symbols");
MODULE_LICENSE("GPL");
