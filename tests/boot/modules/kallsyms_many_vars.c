// SPDX-License-Identifier: GPL-2.0
/* kallsyms_many_vars: 20000 variables, no functions (see kallsyms_many.c) */
#define KALLSYMS_MANY_VARS_ONLY
#include "kallsyms_many.c"

MODULE_DESCRIPTION("20000 variables for timing module loads");
