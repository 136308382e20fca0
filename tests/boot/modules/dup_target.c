// SPDX-License-Identifier: GPL-2.0
/*
 * kallsyms_dup_target: a module with two functions named kallsyms_dup_fn.
 *
 * Reading /sys/module/kallsyms_dup_target/parameters/calls calls both and
 * prints, one line each, the function's address and what it returned
 * (1 from dup_a.c, 2 from dup_b.c, 42 once livepatched): the boot check
 * matches them against /proc/kallsyms and kallsyms_sympos.ko's report.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sysfs.h>
#include "dup_target.h"

/* A name found once, for a kprobe on "kallsyms_dup_target:<name>". */
static noinline int kallsyms_dup_target_calls(char *buf, const struct kernel_param *kp)
{
	unsigned long a, b;
	int ra = kallsyms_dup_call_a(&a);
	int rb = kallsyms_dup_call_b(&b);

	return sysfs_emit(buf, "%lx %d\n%lx %d\n", a, ra, b, rb);
}

static const struct kernel_param_ops calls_ops = {
	.get = kallsyms_dup_target_calls,
};
module_param_cb(calls, &calls_ops, NULL, 0400);

MODULE_DESCRIPTION("Two same-name functions for the kallsyms boot check");
MODULE_LICENSE("GPL");
