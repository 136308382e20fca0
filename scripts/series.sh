#!/bin/bash
# series.sh [--check]: write outgoing/BASE/TREE/, one series per maintainer
# tree, ready to mail.
#
# The series file's "# tree: NAME [after: DEP...]" lines cut the patches into
# series, one per tree that takes them (kallsyms, ftrace, livepatch,
# modules), each applying to the base after the series it names. Each
# folder gets its own cover letter: its subject and body from
# scripts/covers/NAME.txt (the kallsyms one followed by the results table
# BENCH_TABLE; a series file without "# tree:" lines, as the backport's,
# is one series whose cover letter is its folder's cover-letter.txt), the
# series it depends on, and To (maintainers) and Cc
# (reviewers, lists) from the tree's scripts/get_maintainer.pl on its
# patches. SERIES_PREFIX is the subject prefix, e.g. "RFC PATCH v2".
#
# The patches are authored and signed off by the sender: git config
# user.name/user.email, or GIT_AUTHOR_NAME/GIT_AUTHOR_EMAIL. With --check
# (make check), a placeholder sender and build/BASE/series-check/ instead:
# what is checked is that every series applies with `git am` to the base
# after the series it depends on, and nothing else.
set -euo pipefail

. "$(dirname "$0")/base.sh"
tree=$B/series/linux
out=$top/outgoing/$BASE
prefix=${SERIES_PREFIX:-PATCH}
if [ "$BASE" = 6.12 ]; then
	bench=${BENCH_TABLE:-$top/results/6.12/bench-x86_64-icount.md}
else
	bench=${BENCH_TABLE:-$top/results/7.3/boot-check-x86_64.md}
fi
placeholder='kallsyms series <kallsyms@localhost>'	# mktree.sh's identity

if [ "${1:-}" = --check ]; then
	name="make check" email=series-check@localhost
	tree=$B/series-check/linux out=$B/series-check/out
	# a clone of make check's tree (its base commit) spares an unpacking
	if [ ! -d "$tree/.git" ] && [ -d "$B/check/linux/.git" ]; then
		git clone -q --no-checkout "$B/check/linux" "$tree"
		git -C "$tree" config user.name "kallsyms series"
		git -C "$tree" config user.email kallsyms@localhost
	fi
else
	# Only the sender can sign off: never make an identity up.
	name=${GIT_AUTHOR_NAME:-$(git -C "$top" config user.name || true)}
	email=${GIT_AUTHOR_EMAIL:-$(git -C "$top" config user.email || true)}
	if [ -z "$name" ] || [ -z "$email" ] || [ "$name <$email>" = "$placeholder" ]; then
		echo "series: set your own identity first (git config --global user.name and" \
		     "user.email, or GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL): the patches are" \
		     "authored and signed off by whoever sends them" >&2
		exit 1
	fi
fi

# The base commit is made with mktree.sh's identity, not the sender's.
env -u GIT_AUTHOR_NAME -u GIT_AUTHOR_EMAIL -u GIT_COMMITTER_NAME -u GIT_COMMITTER_EMAIL \
	"$top/scripts/mktree.sh" "$tree"
cd "$tree"

# Rewrite each commit (same tree) with the sender as author and committer,
# the placeholder sign-off dropped and the sender's added.
export GIT_AUTHOR_NAME=$name GIT_AUTHOR_EMAIL=$email
export GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$email
head=$(git rev-parse base)
for c in $(git rev-list --reverse base..series); do
	head=$(git log -1 --format=%B "$c" |
		grep -vxF "Signed-off-by: $placeholder" |
		git interpret-trailers --trailer "Signed-off-by: $name <$email>" |
		git commit-tree "$c^{tree}" -p "$head" -F -)
done
git reset -q --hard "$head"
commits=($(git rev-list --reverse base..series))

# The trees: NAME, its first and last patch (1-based), and its dependencies.
names=() first=() last=() deps=()
n=0
while read -r line; do
	if [[ $line =~ ^#\ tree:\ ([a-z0-9-]+)(\ after:\ (.*))?$ ]]; then
		names+=("${BASH_REMATCH[1]}"); deps+=("${BASH_REMATCH[3]}")
		first+=($((n + 1))); last+=($n)
	elif [[ $line =~ ^[^#[:space:]] ]]; then
		n=$((n + 1)); [ ${#last[@]} -eq 0 ] || last[-1]=$n
	fi
done < "$PATCHES/series"
if [ ${#names[@]} -eq 0 ]; then	# a series file without trees: one series
	names=(all) first=(1) last=($n) deps=("")
fi

rm -rf "$out" && mkdir -p "$out"
for t in "${!names[@]}"; do
	tn=${names[$t]} dir=$out/${names[$t]}
	from=${commits[$((first[t] - 1))]} to=${commits[$((last[t] - 1))]}
	# To: the maintainers of what the patches touch; Cc: reviewers, lists.
	mkdir -p "$dir/tmp"
	git -c diff.noprefix=false format-patch -q -o "$dir/tmp" "$from^..$to"
	gm() { ./scripts/get_maintainer.pl --no-rolestats --no-git --no-git-fallback "$@" \
		"$dir"/tmp/*.patch 2>/dev/null | paste -sd, - ; }
	to_list=$(gm --m --nor --nol) cc_list=$(gm --nom --r --l)
	rm -rf "$dir/tmp"
	# --base names the base and, as prerequisite-patch-ids, the patches
	# of the series this one applies after.
	git -c diff.noprefix=false format-patch -q --cover-letter --thread --base=base \
		--subject-prefix="$prefix" ${to_list:+--to="$to_list"} ${cc_list:+--cc="$cc_list"} \
		-o "$dir" "$from^..$to"

	# The cover letter: scripts/covers/NAME.txt's first line replaces
	# *** SUBJECT HERE ***, its other lines, the dependencies and (for
	# kallsyms) BENCH_TABLE replace *** BLURB HERE ***.
	cover=$top/scripts/covers/$tn.txt
	[ "$tn" != all ] || cover=$PATCHES/cover-letter.txt	# the backport's
	[ -f "$cover" ] || echo "series: no $cover: its cover letter keeps its placeholders" >&2
	after=""
	for d in ${deps[$t]}; do
		for u in "${!names[@]}"; do
			[ "${names[$u]}" = "$d" ] || continue
			after="$after  - $d, $((last[u] - first[u] + 1)) patches (outgoing/$BASE/$d/)"$'\n'
		done
	done
	[ -z "$after" ] || after="This series applies to $(git log -1 --format=%s base | sed 's/^base: //')"$'\n'"after these series:"$'\n'"$after"
	table=/dev/null
	[ "$tn" != kallsyms ] && [ "$tn" != all ] || table=$bench
	letter=$dir/0000-cover-letter.patch
	awk -v cover="$cover" -v bench="$table" -v after="$after" '
	BEGIN {
		subj = "*** SUBJECT HERE ***"; body = "*** BLURB HERE ***"
		if ((getline subj < cover) > 0) {
			body = ""
			while ((getline l < cover) > 0) body = body l "\n"
			sub(/^\n+/, "", body); sub(/\n+$/, "", body)
		}
		if (after != "") body = body "\n\n" after
		sub(/\n+$/, "", body)
		if ((getline l < bench) > 0) {
			body = body "\n\n" l
			while ((getline l < bench) > 0) body = body "\n" l
		}
	}
	(i = index($0, "*** SUBJECT HERE ***")) { $0 = substr($0, 1, i - 1) subj }
	$0 == "*** BLURB HERE ***" { $0 = body }
	{ print }' "$letter" > "$letter.new"
	mv "$letter.new" "$letter"
done

# What is mailed must apply as it is, taken as a maintainer takes it: b4 am
# (Debian's b4), which must know the base-commit, then git am of what b4
# writes, with no 3-way fallback on this repository's objects. Each series
# applies to the base after the series it depends on, and all of them in
# order give the branch's tree.
b4out=$B/series-b4
applies() { # applies TREE-INDEX: apply its dependencies, then it
	local t=$1 d u
	for d in ${deps[$t]}; do
		for u in "${!names[@]}"; do
			[ "${names[$u]}" != "$d" ] || applies "$u" || return 1
		done
	done
	git log --format=%s base..HEAD | grep -qxF "$(git log -1 --format=%s \
		"${commits[$((first[t] - 1))]}")" && return 0	# applied already
	rm -rf "$b4out" && mkdir -p "$b4out"
	# on stdin: b4 0.12 takes a mailbox file's folded Subject: lines raw
	cat "$out/${names[$t]}"/0*.patch | b4 -n am -m - -o "$b4out" > "$b4out/log" 2>&1 &&
		grep -q "Base: using specified base-commit $(git rev-parse base)" "$b4out/log" ||
		{ cat "$b4out/log" >&2; return 1; }
	git am -q --no-3way "$b4out"/*.mbx || { git am --abort 2>/dev/null; return 1; }
}
bad=0
for t in "${!names[@]}"; do
	git checkout -q --detach base
	if applies "$t"; then
		k=$((last[t] - first[t] + 1))
		echo "series: ${names[$t]}: $k patch$([ $k = 1 ] || echo es) in $out/${names[$t]}," \
		     "$([ $k = 1 ] && echo applies || echo apply) to base${deps[$t]:+ after ${deps[$t]}}"
	else
		echo "series: ${names[$t]} does not apply to base${deps[$t]:+ after ${deps[$t]}}" >&2
		bad=1
	fi
done
git checkout -q --detach base
for t in "${!names[@]}"; do applies "$t" || bad=1; done
git diff --quiet series HEAD || { echo "series: the series in order do not give the branch's tree" >&2; bad=1; }
git checkout -q -f series
exit $bad
