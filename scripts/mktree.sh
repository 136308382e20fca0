#!/bin/bash
# mktree.sh DIR [N]
#
# Make DIR a git tree of the base (Debian's linux-source-BASE, see
# base.sh) with the first N patches of its series applied by `git am` (all
# by default).
# An existing DIR is reset to the base commit first, which only touches
# files the series changes, so builds in O= folders stay incremental.
set -euo pipefail

dir=$(realpath -m "$1")
n=${2:-all}
. "$(dirname "$0")/base.sh"

if [ ! -d "$dir/.git" ]; then
	echo ">>> unpacking $TARBALL into $dir"
	rm -rf "$dir"
	mkdir -p "$dir"
	tar -C "$dir" --strip-components=1 -xf "$TARBALL"
	cd "$dir"
	# Debian's tarball ignores everything at the top level (for its own
	# packaging repository); drop that stanza so new files can be added.
	l=$(grep -n '^# Debian packaging: ignore everything' .gitignore | cut -d: -f1)
	[ -n "$l" ] && sed -i "$((l - 1)),\$d" .gitignore
	git init -q
	git config user.name "kallsyms series"
	git config user.email "kallsyms@localhost"
	git config core.autocrlf false
	git config gc.auto 0
	git add -A
	ver=$(cat "$TARBALL.version" 2>/dev/null ||
	      dpkg-query -W -f='${Version}' "$PKG" 2>/dev/null || echo unknown)
	# A fixed identity and date: the same tarball gives the same base
	# commit on every machine, for the base-commit trailer of make series.
	GIT_AUTHOR_NAME="kallsyms series" GIT_AUTHOR_EMAIL=kallsyms@localhost \
	GIT_COMMITTER_NAME="kallsyms series" GIT_COMMITTER_EMAIL=kallsyms@localhost \
	GIT_AUTHOR_DATE="@1731801600 +0000" GIT_COMMITTER_DATE="@1731801600 +0000" \
		git -c commit.gpgSign=false commit -q --no-verify \
		-m "base: Debian $PKG $ver ($(make -s kernelversion))"
	git tag base
fi

cd "$dir"
git am --abort >/dev/null 2>&1 || true
git checkout -q -f --detach base
git clean -q -fd
git branch -q -f series base
git checkout -q series

mapfile -t patches < <(grep -v '^\s*\(#\|$\)' "$PATCHES/series")
[ "$n" = all ] && n=${#patches[@]}
for ((i = 0; i < n; i++)); do
	git am -q --whitespace=nowarn "$PATCHES/${patches[$i]}"
done
echo ">>> $dir: base + $n patch(es), HEAD $(git log -1 --format='%h %s')"
