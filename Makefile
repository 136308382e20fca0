# kallsyms series harness: see README.md.
#
#   make check   apply the series, run every test (what .ci/run calls)
#   make bench   build stock and patched kernels, boot both, print a table
#   make mutants deliberate bugs that the boot step of make check must catch
#
# BASE=7.3 (default) works on mainline, patches/ on Debian's
# linux-source-7.3; BASE=6.12 on the backport, backports/6.12/ on
# linux-source-6.12. Everything is built under build/BASE/ (ignored by git).

SHELL := /bin/bash
BASE ?= 7.3
DEV := $(CURDIR)/build/$(BASE)/dev/linux
# The input of the userspace harness: a System.map or a /proc/kallsyms copy,
# optionally xz-compressed.
MAP ?= $(firstword $(wildcard $(CURDIR)/../shared/data/System.map-*.xz) /proc/kallsyms)
# bench: x86_64 under QEMU (the default) or um (quick, ~20k symbols).
BENCH_ARCH ?= x86_64
# check: seconds each fuzzer runs; BOOT=no leaves out the QEMU boot step.
FUZZ_SECONDS ?= 30
BOOT ?= yes

export MAP FUZZ_SECONDS BENCH_ARCH BOOT BASE

.PHONY: all check bench bisect mutants deps tree export checkpatch series clean
all: check

deps:
	@scripts/deps.sh

check: deps
	@scripts/check.sh

bench: deps
	@scripts/bench.sh

# The editable work tree: base commit + one commit per patch.
tree: deps
	@test ! -e $(DEV)/.git || \
		{ echo "$(DEV) exists; 'make export' your work, then remove it"; exit 1; }
	@scripts/mktree.sh $(DEV)

# Write the work tree's commits back into patches/.
export:
	@scripts/export.sh $(DEV)

checkpatch: deps
	@scripts/checkpatch.sh

# Every prefix of the series builds and passes the KUnit suite (UML);
# prints the lookup instructions of each prefix.
bisect: deps
	@scripts/bisect.sh

# Deliberate bugs (tests/boot/mutants) that the boot check must catch.
mutants: deps
	@scripts/mutants.sh

# outgoing/: the series signed off by you (git config user.name/email),
# with a cover letter, checked to apply to the base with git am.
series: deps
	@scripts/series.sh

clean:
	rm -rf $(CURDIR)/build
