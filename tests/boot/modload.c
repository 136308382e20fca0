// SPDX-License-Identifier: GPL-2.0
/*
 * modload: time loading and unloading modules.
 *
 *   modload ROUNDS MODULE.ko...
 *
 * Loads the modules in the order given (dependencies first) with
 * finit_module(), then unloads them in the reverse order with
 * delete_module(), ROUNDS times, and prints the fastest round of each
 * module and of all of them together:
 *
 *   kallsyms_bench: modload_NAME syms=S loads=R min_us=L unload_min_us=U
 *   kallsyms_bench: modload_all mods=M syms=S loads=R min_us=L unload_min_us=U
 *
 * S counts the module's lines in /proc/kallsyms. A module that does not
 * load in the first round (no such device, say) is named and left out.
 * Under QEMU with -icount shift=0 the clock counts guest instructions.
 *
 * As PID 1 (the arm64 initramfs of scripts/modload-arm64.sh) it mounts
 * /proc and /dev, runs "modload 3" on the modules that /modules/order
 * lists and "modload 25 /modules/kallsyms_many_vars.ko", and powers off.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/syscall.h>

#define MAX_MODS 256

struct mod {
	const char *path;
	char name[64];
	long syms;
	long long load_ns, unload_ns;	/* the fastest round */
	int ok;
};

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* The kernel's name of a module: its file's, '-' as '_' */
static void mod_name(struct mod *m)
{
	const char *base = strrchr(m->path, '/');
	char *p;

	snprintf(m->name, sizeof(m->name), "%s", base ? base + 1 : m->path);
	p = strstr(m->name, ".ko");
	if (p)
		*p = '\0';
	for (p = m->name; *p; p++)
		if (*p == '-')
			*p = '_';
}

/* Lines of @name in /proc/kallsyms */
static long count_syms(const char *name)
{
	char line[512], tag[80];
	long n = 0;
	FILE *f = fopen("/proc/kallsyms", "r");

	if (!f)
		return -1;
	snprintf(tag, sizeof(tag), "\t[%s]\n", name);
	while (fgets(line, sizeof(line), f))
		if (strstr(line, tag))
			n++;
	fclose(f);
	return n;
}

static long long load(struct mod *m)
{
	long long t0, t1;
	int fd = open(m->path, O_RDONLY | O_CLOEXEC);
	long ret;

	if (fd < 0)
		return -errno;
	t0 = now_ns();
	ret = syscall(SYS_finit_module, fd, "", 0);
	t1 = now_ns();
	close(fd);
	return ret ? -errno : t1 - t0;
}

static long long unload(struct mod *m)
{
	long long t0 = now_ns();

	if (syscall(SYS_delete_module, m->name, O_NONBLOCK))
		return -errno;
	return now_ns() - t0;
}

static int run(int rounds, int n, char **paths)
{
	static struct mod mods[MAX_MODS];
	long long load_min = -1, unload_min = -1, sum, usum, t;
	long syms = 0;
	int i, r, loaded = 0;

	if (n > MAX_MODS)
		n = MAX_MODS;
	for (i = 0; i < n; i++) {
		mods[i] = (struct mod){ .path = paths[i], .ok = 1,
					.load_ns = -1, .unload_ns = -1 };
		mod_name(&mods[i]);
	}
	for (r = 0; r < rounds; r++) {
		sum = usum = 0;
		for (i = 0; i < n; i++) {
			if (!mods[i].ok)
				continue;
			t = load(&mods[i]);
			if (t < 0) {
				if (r) {
					printf("modload: %s: %s in round %d\n",
					       mods[i].path, strerror(-t), r + 1);
					return 1;
				}
				printf("modload: %s left out: %s\n",
				       mods[i].path, strerror(-t));
				mods[i].ok = 0;
				continue;
			}
			sum += t;
			if (mods[i].load_ns < 0 || t < mods[i].load_ns)
				mods[i].load_ns = t;
			if (!r)
				mods[i].syms = count_syms(mods[i].name);
		}
		for (i = n - 1; i >= 0; i--) {
			if (!mods[i].ok)
				continue;
			t = unload(&mods[i]);
			if (t < 0) {
				printf("modload: unloading %s: %s\n",
				       mods[i].name, strerror(-t));
				return 1;
			}
			usum += t;
			if (mods[i].unload_ns < 0 || t < mods[i].unload_ns)
				mods[i].unload_ns = t;
		}
		if (load_min < 0 || sum < load_min)
			load_min = sum;
		if (unload_min < 0 || usum < unload_min)
			unload_min = usum;
	}
	for (i = 0; i < n; i++) {
		if (!mods[i].ok)
			continue;
		loaded++;
		syms += mods[i].syms;
		printf("kallsyms_bench: modload_%s syms=%ld loads=%d min_us=%lld unload_min_us=%lld\n",
		       mods[i].name, mods[i].syms, rounds,
		       mods[i].load_ns / 1000, mods[i].unload_ns / 1000);
	}
	if (n > 1)
		printf("kallsyms_bench: modload_all mods=%d syms=%ld loads=%d min_us=%lld unload_min_us=%lld\n",
		       loaded, syms, rounds, load_min / 1000, unload_min / 1000);
	return 0;
}

/* PID 1: the modules of /modules/order, then the data-only one */
static int init(void)
{
	static char *paths[MAX_MODS];
	char line[256], *one[] = { "/modules/kallsyms_many_vars.ko" };
	int n = 0, fd;
	FILE *f;

	mount("proc", "/proc", "proc", 0, NULL);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	fd = open("/dev/console", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 1);
		dup2(fd, 2);
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	f = fopen("/modules/order", "r");
	while (f && n < MAX_MODS && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (asprintf(&paths[n], "/modules/%s", line) > 0)
			n++;
	}
	if (f)
		fclose(f);
	run(3, n, paths);
	run(25, 1, one);
	printf("kallsyms_bench: done\n");
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}

int main(int argc, char **argv)
{
	if (getpid() == 1)
		return init();
	if (argc < 3) {
		fprintf(stderr, "usage: modload ROUNDS MODULE.ko...\n");
		return 2;
	}
	return run(atoi(argv[1]), argc - 2, argv + 2);
}
