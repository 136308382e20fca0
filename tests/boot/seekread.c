// SPDX-License-Identifier: GPL-2.0
/*
 * seekread FILE OFFSET...: read FILE whole through one descriptor, then,
 * through the same descriptor, seek back to each OFFSET and read up to
 * 4096 bytes there; each piece must equal the whole read's bytes at that
 * offset.  For /proc/kallsyms this asks the iterator for lines before the
 * ones it last gave, which a cursor that only walks forward gets wrong.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	size_t size = 0, room = 1 << 20;
	char *all = malloc(room), piece[4096];
	int fd, i, bad = 0;
	ssize_t n;

	if (argc < 3 || !all) {
		fprintf(stderr, "usage: seekread FILE OFFSET...\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	while ((n = read(fd, all + size, room - size)) > 0) {
		size += n;
		if (size == room && !(all = realloc(all, room *= 2))) {
			perror("realloc");
			return 1;
		}
	}
	if (n < 0) {
		perror(argv[1]);
		return 1;
	}
	for (i = 2; i < argc; i++) {
		off_t off = strtoll(argv[i], NULL, 0);
		size_t want;

		if (off < 0 || (size_t)off > size) {
			fprintf(stderr, "seekread: offset %s outside the %zu bytes\n",
				argv[i], size);
			return 1;
		}
		want = size - off < sizeof(piece) ? size - off : sizeof(piece);
		if (lseek(fd, off, SEEK_SET) != off) {
			perror("lseek");
			return 1;
		}
		n = read(fd, piece, sizeof(piece));
		/* a read may stop at a line's end; it must not differ */
		if (n <= 0 && want) {
			fprintf(stderr, "seekread: nothing read at %s\n", argv[i]);
			bad = 1;
		} else if (memcmp(piece, all + off, n < (ssize_t)want ? n : want)) {
			fprintf(stderr, "seekread: other bytes at %s\n", argv[i]);
			bad = 1;
		}
	}
	return bad;
}
