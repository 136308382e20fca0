// SPDX-License-Identifier: GPL-2.0
/*
 * procstress SECONDS READERS [UID [READY]]: READERS processes read
 * /proc/kallsyms over and over for SECONDS while other processes load and
 * unload modules and BPF programs, once procstress has read the file
 * alone and created the file READY; the last reader runs as UID.  Each read()
 * asks for 1 to 65536 bytes; now and then a reader seeks back into what
 * it has read and must read the same bytes there again, or starts over
 * from offset 0.  Every full read is checked against the file as it was
 * when procstress started, when no module or BPF program of the workload
 * was loaded:
 * - the lines of vmlinux, which come first, are the same bytes (for UID,
 *   with the addresses it is shown: zeros unless it may see them);
 * - every other line is "ADDR T NAME\t[MODULE]";
 * - every line of a module loaded at the start is one of its lines then.
 * The lines of modules loaded at the start that a full read lacks, or
 * lists twice, are counted and printed, not failed: /proc/kallsyms walks
 * the modules by position, so a module that goes before them in the list
 * between two read() calls moves what is left to read, on any kernel.
 * Reader 0 pauses where a read() ends in the lines of a module or BPF
 * program loaded since the start, so that it may go before the next one:
 * a kernel that kept its place there without noticing would read freed
 * memory.  Each reader prints "procstress: ..." figures and stops at its
 * first wrong read, saying why; procstress exits 1 when one did.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ADDR_LEN	16

struct buf {
	char *p;
	size_t len, room;
};

static struct buf ref;		/* /proc/kallsyms at the start */
static size_t ref_vmlinux;	/* length of its vmlinux lines */
static char **mod_lines;	/* the lines of its modules, sorted */
static size_t nmod_lines;
static char **mod_tags;		/* "\t[MODULE]" of those modules, sorted */
static size_t nmod_tags;

static void grow(struct buf *b, size_t n)
{
	while (b->len + n + 1 > b->room) {
		b->room = b->room ? 2 * b->room : 1 << 20;
		b->p = realloc(b->p, b->room);
		if (!b->p) {
			perror("procstress: realloc");
			exit(2);
		}
	}
}

static void read_all(struct buf *b)
{
	int fd = open("/proc/kallsyms", O_RDONLY);
	ssize_t n;

	if (fd < 0) {
		perror("procstress: /proc/kallsyms");
		exit(2);
	}
	b->len = 0;
	do {
		grow(b, 65536);
		n = read(fd, b->p + b->len, 65536);
		if (n > 0)
			b->len += n;
	} while (n > 0);
	close(fd);
	b->p[b->len] = '\0';
}

/* The length of the lines before the first module line ("\t[") */
static size_t vmlinux_len(const char *p, size_t len)
{
	const char *t = memmem(p, len, "\t[", 2);

	if (!t)
		return len;
	while (t > p && t[-1] != '\n')
		t--;
	return t - p;
}

static int cmp_line(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

/* Zero the address of every line of p[0..len), as an unprivileged reader sees it */
static void zero_addrs(char *p, size_t len)
{
	char *end = p + len;

	for (; p < end; p = strchr(p, '\n') + 1)
		memset(p, '0', ADDR_LEN);
}

/* Whether the last of the lines p[0..len) has a zero address */
static int zeroed(const char *p, size_t len)
{
	const char *l;

	if (len < ADDR_LEN + 1)
		return 0;
	l = memrchr(p, '\n', len - 1);
	l = l ? l + 1 : p;
	return !strncmp(l, "0000000000000000", ADDR_LEN);
}

/* "ADDR T NAME" or "ADDR T NAME\t[MODULE]", NUL-terminated at the '\n' */
static int well_formed(const char *l)
{
	const char *tab;
	int i;

	for (i = 0; i < ADDR_LEN; i++)
		if (!l[i] || !strchr("0123456789abcdef", l[i]))
			return 0;
	if (l[ADDR_LEN] != ' ' || !l[ADDR_LEN + 1] || l[ADDR_LEN + 2] != ' ' ||
	    !l[ADDR_LEN + 3] || strchr(l + ADDR_LEN + 3, ' '))
		return 0;
	tab = strchr(l, '\t');
	return !tab || (tab[1] == '[' && strlen(tab) > 3 && tab[strlen(tab) - 1] == ']');
}

/* Check one full read; 0 when right. */
static int check(struct buf *b, const char *vm, size_t *missing, size_t *twice,
		 unsigned int *seen)
{
	size_t vlen = vmlinux_len(b->p, b->len);
	char *l, *nl, *key;
	char **hit;

	if (vlen != ref_vmlinux || memcmp(b->p, vm, vlen)) {
		fprintf(stderr, "procstress: the vmlinux lines differ (%zu bytes, %zu at the start)\n",
			vlen, ref_vmlinux);
		return 1;
	}
	memset(seen, 0, nmod_lines * sizeof(*seen));
	for (l = b->p + vlen; l < b->p + b->len; l = nl + 1) {
		nl = strchr(l, '\n');
		if (!nl) {
			fprintf(stderr, "procstress: a last line without '\\n'\n");
			return 1;
		}
		*nl = '\0';
		if (!well_formed(l) || !strchr(l, '\t')) {
			fprintf(stderr, "procstress: not a line of /proc/kallsyms after vmlinux's: %s\n",
				l);
			return 1;
		}
		key = l;
		hit = bsearch(&key, mod_lines, nmod_lines, sizeof(*mod_lines), cmp_line);
		if (hit) {
			/* count equal lines (aliases, as nobody sees them) at the first */
			while (hit > mod_lines && !strcmp(hit[-1], l))
				hit--;
			seen[hit - mod_lines]++;
			continue;
		}
		/* of a module loaded at the start: then so was this line */
		key = strchr(l, '\t');
		if (key && bsearch(&key, mod_tags, nmod_tags, sizeof(*mod_tags), cmp_line)) {
			fprintf(stderr, "procstress: a line that its module, loaded at the start, did not have then: %s\n",
				l);
			for (size_t i = 0; i < nmod_lines; i++)
				if (!strcmp(mod_lines[i] + ADDR_LEN + 3, l + ADDR_LEN + 3))
					fprintf(stderr, "procstress: at the start: %s\n", mod_lines[i]);
			return 1;
		}
	}
	for (size_t i = 0, j; i < nmod_lines; i = j) {
		for (j = i + 1; j < nmod_lines && !strcmp(mod_lines[i], mod_lines[j]); j++)
			;
		if (seen[i] < j - i)
			*missing += j - i - seen[i];
		else
			*twice += seen[i] - (j - i);
	}
	return 0;
}

/* Whether the last whole line of p[0..len) is of a module or BPF program
 * that was not loaded at the start */
static int transient(const char *p, size_t len)
{
	const char *end = memrchr(p, '\n', len), *l, *tag;
	char key[128];
	char *kp = key;

	if (!end)
		return 0;
	l = memrchr(p, '\n', end - p);
	l = l ? l + 1 : p;
	tag = memchr(l, '\t', end - l);
	if (!tag || end - tag >= (long)sizeof(key) || !strncmp(tag, "\t[__builtin__", 13))
		return 0;
	memcpy(key, tag, end - tag);
	key[end - tag] = '\0';
	return !bsearch(&kp, mod_tags, nmod_tags, sizeof(*mod_tags), cmp_line);
}

static unsigned int rnd(unsigned int *s, unsigned int n)
{
	*s = *s * 1103515245 + 12345;
	return (*s >> 8) % n;
}

/* A reader: full reads until @end; returns 0 when all were right */
static int reader(int k, time_t end)
{
	unsigned int s = 0x6b616c6c + k, reads = 0, seeks = 0, restarts = 0, pauses = 0;
	size_t full = 0, missing = 0, twice = 0;
	unsigned int *seen = calloc(nmod_lines + 1, sizeof(*seen));
	struct buf b = { 0 };
	char *vm = malloc(ref_vmlinux + 1);
	char piece[65536];

	if (!seen || !vm) {
		perror("procstress: malloc");
		return 1;
	}
	memcpy(vm, ref.p, ref_vmlinux);
	read_all(&b);
	if (zeroed(b.p, vmlinux_len(b.p, b.len)) && !zeroed(ref.p, ref_vmlinux)) {
		/* shown zeros for addresses, as a reader without CAP_SYSLOG */
		zero_addrs(vm, ref_vmlinux);
		for (size_t i = 0; i < nmod_lines; i++)
			memset(mod_lines[i], '0', ADDR_LEN);
		qsort(mod_lines, nmod_lines, sizeof(*mod_lines), cmp_line);
	}
	while (time(NULL) < end) {
		int fd = open("/proc/kallsyms", O_RDONLY);
		ssize_t n;

		if (fd < 0) {
			perror("procstress: reader");
			return 1;
		}
		/* one full read in four starts over, one reads a piece again */
		unsigned int what = rnd(&s, 4);
		size_t at = rnd(&s, ref.len);

		b.len = 0;
		for (;;) {
			size_t want = rnd(&s, 4) ? 1 + rnd(&s, 4096) : 65536;

			/* reader 0 reads the lines after vmlinux's a few at a time */
			if (k == 0 && b.len >= ref_vmlinux)
				want = 100;

			grow(&b, want);
			n = read(fd, b.p + b.len, want);
			reads++;
			if (n <= 0)
				break;
			b.len += n;
			/*
			 * Reader 0 stops for 20 ms where a read ends in the
			 * lines of a module or BPF program loaded since the
			 * start, which may then go before its next read().
			 */
			if (k == 0 && transient(b.p, b.len)) {
				usleep(20000);
				pauses++;
			}
			if (b.len < at || what > 1)
				continue;
			if (what == 0) {		/* start over */
				lseek(fd, 0, SEEK_SET);
				b.len = 0;
				restarts++;
				what = 2;
			} else {			/* read again */
				off_t off = rnd(&s, b.len);
				ssize_t m;

				what = 2;

				lseek(fd, off, SEEK_SET);
				m = read(fd, piece, sizeof(piece) < b.len - off ?
					 sizeof(piece) : b.len - off);
				seeks++;
				/* in the vmlinux lines, the same bytes */
				if (m > 0 && off < (off_t)ref_vmlinux &&
				    (size_t)m > ref_vmlinux - off)
					m = ref_vmlinux - off;
				if (m < 0 || (off < (off_t)ref_vmlinux &&
					      memcmp(piece, b.p + off, m))) {
					fprintf(stderr, "procstress: reader %d: a read again at %lld differs\n",
						k, (long long)off);
					return 1;
				}
				/*
				 * Going on from b.len is going on from where
				 * the file is now: past vmlinux's lines, modules
				 * that came or went may have moved it, so start
				 * over.
				 */
				if (b.len > ref_vmlinux) {
					lseek(fd, 0, SEEK_SET);
					b.len = 0;
				} else {
					lseek(fd, b.len, SEEK_SET);
				}
			}
		}
		close(fd);
		if (n < 0) {
			perror("procstress: read");
			return 1;
		}
		b.p[b.len] = '\0';
		if (check(&b, vm, &missing, &twice, seen)) {
			fprintf(stderr, "procstress: reader %d (uid %d): full read %zu is wrong\n",
				k, getuid(), full + 1);
			return 1;
		}
		full++;
	}
	if (!full)
		fprintf(stderr, "procstress: reader %d: no full read in the time given\n", k);
	printf("procstress: reader %d uid=%d full_reads=%zu reads=%u reads_again=%u restarts=%u pauses=%u start_module_lines=%zu missing=%zu twice=%zu\n",
	       k, getuid(), full, reads, seeks, restarts, pauses, nmod_lines, missing, twice);
	return !full;
}

int main(int argc, char **argv)
{
	int readers, uid = -1, k, status, bad = 0;
	time_t end;
	char *l;

	if (argc < 3) {
		fprintf(stderr, "usage: procstress SECONDS READERS [UID [READY]]\n");
		return 2;
	}
	end = time(NULL) + atoi(argv[1]);
	readers = atoi(argv[2]);
	if (argc > 3)
		uid = atoi(argv[3]);

	read_all(&ref);
	ref_vmlinux = vmlinux_len(ref.p, ref.len);
	mod_lines = malloc(ref.len / ADDR_LEN * sizeof(*mod_lines));
	mod_tags = malloc(ref.len / ADDR_LEN * sizeof(*mod_tags));
	if (!mod_lines || !mod_tags) {
		perror("procstress: malloc");
		return 2;
	}
	/* modules; BPF programs and ftrace's or kprobes' pages come and go */
	for (l = ref.p + ref_vmlinux; l < ref.p + ref.len; l = strchr(l, '\0') + 1) {
		char *nl = strchr(l, '\n'), *tag;

		if (!nl)
			break;
		*nl = '\0';
		tag = strchr(l, '\t');
		if (!tag || !strcmp(tag, "\t[bpf]") || !strncmp(tag, "\t[__builtin__", 13))
			continue;
		mod_lines[nmod_lines++] = l;
		if (!nmod_tags || strcmp(mod_tags[nmod_tags - 1], tag))
			mod_tags[nmod_tags++] = tag;
	}
	qsort(mod_lines, nmod_lines, sizeof(*mod_lines), cmp_line);
	qsort(mod_tags, nmod_tags, sizeof(*mod_tags), cmp_line);
	if (argc > 4 && close(open(argv[4], O_WRONLY | O_CREAT, 0644))) {
		perror(argv[4]);
		return 2;
	}

	fflush(stdout);
	for (k = 0; k < readers; k++) {
		if (fork() == 0) {
			if (k == readers - 1 && uid >= 0 && setuid(uid)) {
				perror("procstress: setuid");
				_exit(2);
			}
			status = reader(k, end);
			fflush(stdout);
			_exit(status);
		}
	}
	while (wait(&status) > 0)
		bad |= !WIFEXITED(status) || WEXITSTATUS(status);
	printf("procstress: %s\n", bad ? "FAILED" : "ok");
	return bad;
}
