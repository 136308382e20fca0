// SPDX-License-Identifier: GPL-2.0
/*
 * bpfprogs N LIST COMMAND [ARG...]: load N trivial BPF programs (socket
 * filters that return 0, named p0 to pN-1, JIT-compiled), write to LIST
 * the line that each should have in /proc/kallsyms as root reads it with
 * kptr_restrict=0, in load order, from the program's own address and tag
 * (BPF_OBJ_GET_INFO_BY_FD), then run COMMAND while they stay loaded: their
 * descriptors stay open across the exec.
 *
 * Built static for the guest of the boot check and the bench.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

static int bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

static void die(const char *what, unsigned int i)
{
	fprintf(stderr, "bpfprogs: %s (program %u): %s\n", what, i, strerror(errno));
	exit(1);
}

int main(int argc, char **argv)
{
	const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	unsigned int i, n;
	struct rlimit rl;
	FILE *list;

	if (argc < 4) {
		fprintf(stderr, "usage: bpfprogs N LIST COMMAND [ARG...]\n");
		return 2;
	}
	n = strtoul(argv[1], NULL, 0);
	/* one descriptor per program */
	rl.rlim_cur = rl.rlim_max = n + 64;
	if (n + 64 > 1024 && setrlimit(RLIMIT_NOFILE, &rl))
		die("setrlimit", n);
	list = fopen(argv[2], "w");
	if (!list)
		die(argv[2], 0);

	for (i = 0; i < n; i++) {
		struct bpf_prog_info info;
		union bpf_attr attr;
		__u64 addr = 0;
		int fd, k;

		memset(&attr, 0, sizeof(attr));
		attr.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
		attr.insns = (uintptr_t)insns;
		attr.insn_cnt = sizeof(insns) / sizeof(insns[0]);
		attr.license = (uintptr_t)"GPL";
		snprintf(attr.prog_name, sizeof(attr.prog_name), "p%u", i);
		fd = bpf(BPF_PROG_LOAD, &attr);
		if (fd < 0)
			die("BPF_PROG_LOAD", i);
		/* bpf(2) sets close-on-exec; the program must outlive the exec */
		if (fcntl(fd, F_SETFD, 0))
			die("fcntl", i);

		memset(&info, 0, sizeof(info));
		info.nr_jited_ksyms = 1;
		info.jited_ksyms = (uintptr_t)&addr;
		memset(&attr, 0, sizeof(attr));
		attr.info.bpf_fd = fd;
		attr.info.info_len = sizeof(info);
		attr.info.info = (uintptr_t)&info;
		if (bpf(BPF_OBJ_GET_INFO_BY_FD, &attr) || !addr)
			die("BPF_OBJ_GET_INFO_BY_FD", i);

		/* kernel/bpf/core.c: bpf_prog_ksym_set_name() */
		fprintf(list, "%016llx t bpf_prog_", (unsigned long long)addr);
		for (k = 0; k < BPF_TAG_SIZE; k++)
			fprintf(list, "%02x", info.tag[k]);
		fprintf(list, "_%s\t[bpf]\n", info.name);
	}
	if (fclose(list))
		die(argv[2], n);
	execvp(argv[3], argv + 3);
	die(argv[3], n);
}
