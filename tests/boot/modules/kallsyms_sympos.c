// SPDX-License-Identifier: GPL-2.0
/*
 * kallsyms_sympos: a livepatch that replaces the sympos-th function of a
 * name that occurs more than once, for the boot check.
 *
 *   insmod kallsyms_sympos.ko sympos=N
 *	replaces the N-th c_show of vmlinux (/proc/cpuinfo's comes first,
 *	then /proc/crypto's) with one that prints "kallsyms_sympos";
 *   insmod kallsyms_sympos.ko target=kallsyms_dup_target sympos=N
 *	replaces the N-th kallsyms_dup_fn of that module with one that
 *	returns 42.
 *
 * On success it logs the address livepatch resolved. A sympos that does
 * not exist (or 0 for a name that is not unique) must fail to load.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/livepatch.h>
#include <linux/seq_file.h>

static char *target;
module_param(target, charp, 0400);
MODULE_PARM_DESC(target, "module to patch (default: vmlinux)");

static int sympos;
module_param(sympos, int, 0400);
MODULE_PARM_DESC(sympos, "position of the function among those of its name");

static int kallsyms_sympos_c_show(struct seq_file *m, void *v)
{
	seq_puts(m, "kallsyms_sympos\n");
	return 0;
}

static int kallsyms_sympos_dup_fn(void)
{
	return 42;
}

static struct klp_func vmlinux_funcs[] = {
	{ .old_name = "c_show", .new_func = kallsyms_sympos_c_show },
	{ }
};

static struct klp_func module_funcs[] = {
	{ .old_name = "kallsyms_dup_fn", .new_func = kallsyms_sympos_dup_fn },
	{ }
};

static struct klp_object objs[] = {
	{ .funcs = vmlinux_funcs },
	{ }
};

static struct klp_patch patch = {
	.mod = THIS_MODULE,
	.objs = objs,
};

static int __init kallsyms_sympos_init(void)
{
	struct klp_func *func;
	int ret;

	if (sympos < 0)
		return -EINVAL;
	if (target) {
		objs[0].name = target;
		objs[0].funcs = module_funcs;
	}
	func = objs[0].funcs;
	func->old_sympos = sympos;

	ret = klp_enable_patch(&patch);
	if (!ret)
		pr_info("%s:%s,%d patched at %px\n", target ?: "vmlinux",
			func->old_name, sympos, func->old_func);
	return ret;
}

static void __exit kallsyms_sympos_exit(void)
{
}

module_init(kallsyms_sympos_init);
module_exit(kallsyms_sympos_exit);
MODULE_DESCRIPTION("Livepatch of a same-name function by position");
MODULE_LICENSE("GPL");
MODULE_INFO(livepatch, "Y");
