// SPDX-License-Identifier: GPL-2.0
/*
 * kallsyms_small: a module of 100 functions and 50 variables, some 250
 * symbols with the functions' __pfx_ ones, built 150 times under the names
 * kallsyms_small_001 to kallsyms_small_150 (see Kbuild): loaded 50 or 150
 * at a time, they give /proc/kallsyms as many modules as a desktop
 * distribution loads (initramfs/init, proc_modules_N).
 */
#include <linux/module.h>

#define ONE(n)								\
	static noinline __used int kallsyms_small_fn_##n(int x)		\
	{ return x ^ 0x##n; }
#define TWO(n)								\
	ONE(n##0) ONE(n##1)						\
	static int kallsyms_small_var_##n __used = 0x##n;
#define TEN(n) TWO(n##0) TWO(n##1) TWO(n##2) TWO(n##3) TWO(n##4)	\
	TWO(n##5) TWO(n##6) TWO(n##7) TWO(n##8) TWO(n##9)
#define FIFTY(n) TEN(n##0) TEN(n##1) TEN(n##2) TEN(n##3) TEN(n##4)

FIFTY(0)

MODULE_DESCRIPTION("One of 150 small modules for reading /proc/kallsyms");
MODULE_LICENSE("GPL");
