/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DUP_TARGET_H
#define DUP_TARGET_H

/* Call this file's kallsyms_dup_fn(); store its address in *addr. */
int kallsyms_dup_call_a(unsigned long *addr);
int kallsyms_dup_call_b(unsigned long *addr);

#endif
