// SPDX-License-Identifier: GPL-2.0
/*
 * klp_relocs: a livepatch module with many livepatch relocations, for the
 * boot check and the bench. klp_relocs.py gen writes klp_relocs.h from
 * the kernel's System.map: KLP_RELOCS_SYMS functions of vmlinux, each
 * declared as the symbol ".klp.sym.vmlinux.<name>,<sympos>", and
 * KLP_RELOCS_SECTIONS arrays, each in a section of its own and with
 * KLP_RELOCS_REPEAT references to every function. After the build,
 * klp_relocs.py elf turns the relocation sections of the arrays into
 * ".klp.rela.vmlinux." sections: livepatch resolves them when the module
 * loads, as it does those that kpatch-build or klp-convert write.
 *
 *   insmod klp_relocs.ko
 *	only loads: the relocations are resolved, nothing is patched;
 *   insmod klp_relocs.ko enable=1
 *	also patches cmdline_proc_show(): /proc/cmdline then lists every
 *	function as "<name> <sympos> <address>", with the address that all
 *	its references got, or "<name> <sympos> mismatch".
 */
#include <linux/module.h>
#include <linux/livepatch.h>
#include <linux/seq_file.h>

#include "klp_relocs.h"

static bool enable;
module_param(enable, bool, 0400);
MODULE_PARM_DESC(enable, "patch cmdline_proc_show() (default: only load)");

static unsigned int relocs = KLP_RELOCS_SECTIONS * KLP_RELOCS_REPEAT * KLP_RELOCS_SYMS;
module_param(relocs, uint, 0444);
MODULE_PARM_DESC(relocs, "livepatch relocations of the module (read only)");

static unsigned int syms = KLP_RELOCS_SYMS;
module_param(syms, uint, 0444);
MODULE_PARM_DESC(syms, "functions they refer to (read only)");

static void **klp_relocs_sections[] = { KLP_RELOCS_SECTION_LIST };

static int klp_relocs_cmdline_show(struct seq_file *m, void *v)
{
	unsigned int i, s, r;
	void *addr;

	for (i = 0; i < KLP_RELOCS_SYMS; i++) {
		addr = klp_relocs_sections[0][i];
		for (s = 0; s < KLP_RELOCS_SECTIONS; s++)
			for (r = 0; r < KLP_RELOCS_REPEAT; r++)
				if (klp_relocs_sections[s][r * KLP_RELOCS_SYMS + i] != addr)
					addr = NULL;
		if (addr)
			seq_printf(m, "%s %u %px\n", klp_relocs_names[i],
				   klp_relocs_pos[i], addr);
		else
			seq_printf(m, "%s %u mismatch\n", klp_relocs_names[i],
				   klp_relocs_pos[i]);
	}
	return 0;
}

static struct klp_func funcs[] = {
	{
		.old_name = "cmdline_proc_show",
		.new_func = klp_relocs_cmdline_show,
	}, { }
};

static struct klp_object objs[] = {
	{
		.funcs = funcs,
	}, { }
};

static struct klp_patch patch = {
	.mod = THIS_MODULE,
	.objs = objs,
};

static int __init klp_relocs_init(void)
{
	return enable ? klp_enable_patch(&patch) : 0;
}

static void __exit klp_relocs_exit(void)
{
}

module_init(klp_relocs_init);
module_exit(klp_relocs_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Livepatch module with many livepatch relocations");
MODULE_INFO(livepatch, "Y");
