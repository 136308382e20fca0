// SPDX-License-Identifier: GPL-2.0
/*
 * One of the two functions named kallsyms_dup_fn in kallsyms_dup_target.ko
 * (the other is in dup_a.c): a same-name pair inside one module, for
 * livepatch's sympos and for kprobes' "not unique" check.
 */
#include <linux/compiler.h>
#include "dup_target.h"

static int value = 2;

static noinline int kallsyms_dup_fn(void)
{
	/* Not a constant that the caller could fold. */
	return READ_ONCE(value);
}

int kallsyms_dup_call_b(unsigned long *addr)
{
	*addr = (unsigned long)kallsyms_dup_fn;
	return kallsyms_dup_fn();
}
