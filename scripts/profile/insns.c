// SPDX-License-Identifier: GPL-2.0
/*
 * insns.so: a QEMU TCG plugin that counts the guest instructions executed
 * in each translation block, between two executions of one guest address.
 *
 *   qemu-system-x86_64 ... -plugin insns.so,mark=0xADDR,out=FILE
 *
 * Every block gets an inline counter of its executions. The first time the
 * block that starts at ADDR (a kernel function's entry) executes, the
 * window opens: every counter is copied. It closes, with a second copy,
 * when the block at END (end=0xEND; without it, ADDR again) executes
 * next. At exit, FILE gets one line per block, "VADDR INSNS": the
 * instructions it executed in the window. scripts/profile/split.py adds
 * them up per function.
 *
 * The API is QEMU's plugin API version 1 (QEMU 7.2, Debian 12), declared
 * here for the few calls made, so that no QEMU source is needed.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_info;

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
		void (*cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb));
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
		void (*cb)(unsigned int vcpu, void *udata), int flags,
		void *udata);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
		int op, void *ptr, uint64_t imm);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
		void (*cb)(qemu_plugin_id_t id, void *udata), void *udata);

#define CB_NO_REGS	0	/* QEMU_PLUGIN_CB_NO_REGS */
#define INLINE_ADD_U64	0	/* QEMU_PLUGIN_INLINE_ADD_U64 */

EXPORT int qemu_plugin_version = 1;

/* One translation of a block; a block translated again gets another. */
struct block {
	uint64_t vaddr;
	uint64_t insns;
	uint64_t count;		/* executions, by the inline add */
	uint64_t at[2];		/* count when the window opened, closed */
};

static struct block **blocks;
static size_t nblocks, cap;
static uint64_t mark, end;
static unsigned int marks;
static const char *out = "insns.txt";

/* @udata: 1 at ADDR, 2 at END, 3 at both */
static void on_mark(unsigned int vcpu, void *udata)
{
	uintptr_t at = (uintptr_t)udata;
	size_t i;

	if (!(at & (1 << marks)))
		return;
	for (i = 0; i < nblocks; i++)
		blocks[i]->at[marks] = blocks[i]->count;
	marks++;
}

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	struct block *b = calloc(1, sizeof(*b));

	if (!b)
		abort();
	if (nblocks == cap) {
		cap = cap ? 2 * cap : 65536;
		blocks = realloc(blocks, cap * sizeof(*blocks));
		if (!blocks)
			abort();
	}
	b->vaddr = qemu_plugin_tb_vaddr(tb);
	b->insns = qemu_plugin_tb_n_insns(tb);
	/* A block translated after the window opened counts from zero. */
	blocks[nblocks++] = b;
	qemu_plugin_register_vcpu_tb_exec_inline(tb, INLINE_ADD_U64,
						 &b->count, 1);
	if (b->vaddr == mark || b->vaddr == end)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_mark, CB_NO_REGS,
				(void *)(uintptr_t)((b->vaddr == mark) |
						    (b->vaddr == end) << 1));
}

static void write_out(qemu_plugin_id_t id, void *udata)
{
	FILE *f = fopen(out, "w");
	size_t i;

	if (!f)
		return;
	fprintf(f, "# marks %u\n", marks);
	for (i = 0; i < nblocks; i++) {
		struct block *b = blocks[i];
		uint64_t last = marks >= 2 ? b->at[1] : b->count;
		uint64_t n = last - b->at[0];

		if (n)
			fprintf(f, "%" PRIx64 " %" PRIu64 "\n", b->vaddr,
				n * b->insns);
	}
	fclose(f);
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
			       const struct qemu_info *info, int argc,
			       char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "mark=", 5))
			mark = strtoull(argv[i] + 5, NULL, 0);
		else if (!strncmp(argv[i], "end=", 4))
			end = strtoull(argv[i] + 4, NULL, 0);
		else if (!strncmp(argv[i], "out=", 4))
			out = argv[i] + 4;
	}
	if (!end)
		end = mark;
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_trans);
	qemu_plugin_register_atexit_cb(id, write_out, NULL);
	return 0;
}
