// SPDX-License-Identifier: GPL-2.0
/*
 * kallsyms_many: a module of 10000 functions, kallsyms_many_fn_0000 to
 * kallsyms_many_fn_9999, 10000 variables, kallsyms_many_var_0000 to
 * kallsyms_many_var_9999, and two aliases: some 20000 symbols (30000
 * with the functions' __pfx_ ones) for timing module loads, the lookups
 * of module symbols and available_filter_functions (initramfs/init), and
 * for the module checks of the KUnit suite (kallsyms_kunit_mod's others=
 * parameter).
 *
 * Each function returns a different constant so that the compiler folds
 * none of them into another.
 *
 * kallsyms_many_vars.c builds this file with variables only, 20000 of
 * them: loading that module times what symbols cost the loader, without
 * the ftrace records, and their lookups, that functions bring.
 */
#include <linux/module.h>

#ifdef KALLSYMS_MANY_VARS_ONLY
#define ONE(n)								\
	static int kallsyms_many_var_##n __used = 0x##n;		\
	static long kallsyms_many_long_##n __used = 0x##n;
#else
#define ONE(n)								\
	static int kallsyms_many_var_##n __used = 0x##n;		\
	static noinline __used int kallsyms_many_fn_##n(int x)		\
	{ return x ^ 0x##n; }
#endif
#define TEN(n) ONE(n##0) ONE(n##1) ONE(n##2) ONE(n##3) ONE(n##4)	\
	ONE(n##5) ONE(n##6) ONE(n##7) ONE(n##8) ONE(n##9)
#define HUNDRED(n) TEN(n##0) TEN(n##1) TEN(n##2) TEN(n##3) TEN(n##4)	\
	TEN(n##5) TEN(n##6) TEN(n##7) TEN(n##8) TEN(n##9)
#define THOUSAND(n) HUNDRED(n##0) HUNDRED(n##1) HUNDRED(n##2)		\
	HUNDRED(n##3) HUNDRED(n##4) HUNDRED(n##5) HUNDRED(n##6)		\
	HUNDRED(n##7) HUNDRED(n##8) HUNDRED(n##9)

THOUSAND(0) THOUSAND(1) THOUSAND(2) THOUSAND(3) THOUSAND(4)
THOUSAND(5) THOUSAND(6) THOUSAND(7) THOUSAND(8) THOUSAND(9)

#ifndef KALLSYMS_MANY_VARS_ONLY
/*
 * Two more names at the addresses of others, defined after them: address
 * lookups must answer with the first in the symtab, as the scan did.
 */
static int kallsyms_many_alias_fn(int x) __used __alias(kallsyms_many_fn_4321);
static int kallsyms_many_alias_var __used __alias(kallsyms_many_var_1234);
#endif

#ifndef KALLSYMS_MANY_VARS_ONLY
MODULE_DESCRIPTION("20000 symbols for the kallsyms series' module checks");
#endif
MODULE_LICENSE("GPL");
