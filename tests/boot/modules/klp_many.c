// SPDX-License-Identifier: GPL-2.0
/*
 * klp_many: a livepatch module that patches kallsyms_many_fn_0000 to
 * kallsyms_many_fn_0099 of kallsyms_many.ko, all with one function. With
 * kallsyms_many.ko loaded, its load finds each of the 100 in that
 * module's symbols (klp_find_object_symbol()), for the timing of
 * initramfs/init. The functions are never called.
 */
#include <linux/module.h>
#include <linux/livepatch.h>

static noinline int klp_many_fn(int x)
{
	return x;
}

#define ONE(n)	{ .old_name = "kallsyms_many_fn_" #n, .new_func = klp_many_fn },
#define TEN(n)	ONE(n##0) ONE(n##1) ONE(n##2) ONE(n##3) ONE(n##4)	\
		ONE(n##5) ONE(n##6) ONE(n##7) ONE(n##8) ONE(n##9)

static struct klp_func funcs[] = {
	TEN(000) TEN(001) TEN(002) TEN(003) TEN(004)
	TEN(005) TEN(006) TEN(007) TEN(008) TEN(009)
	{ }
};

static struct klp_object objs[] = {
	{
		.name = "kallsyms_many",
		.funcs = funcs,
	}, { }
};

static struct klp_patch patch = {
	.mod = THIS_MODULE,
	.objs = objs,
};

static int __init klp_many_init(void)
{
	return klp_enable_patch(&patch);
}

static void __exit klp_many_exit(void)
{
}

module_init(klp_many_init);
module_exit(klp_many_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Livepatch of 100 functions of kallsyms_many.ko");
MODULE_INFO(livepatch, "Y");
