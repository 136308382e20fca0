#!/bin/bash
# series.sh: write outgoing/, the series ready to mail.
#
# The patches are authored and signed off by the sender: git config
# user.name/user.email, or GIT_AUTHOR_NAME/GIT_AUTHOR_EMAIL. The cover
# letter takes its subject (first line) and body (the rest) from COVER, then
# the bench table BENCH_TABLE. SERIES_PREFIX is the subject prefix, e.g.
# "RFC PATCH v2". Ends by applying outgoing/ to the base with `git am`.
set -euo pipefail

. "$(dirname "$0")/base.sh"
tree=$B/series/linux
out=$top/outgoing/$BASE
prefix=${SERIES_PREFIX:-PATCH}
if [ "$BASE" = 6.12 ]; then
	cover=${COVER:-$PATCHES/cover-letter.txt}
	bench=${BENCH_TABLE:-$top/results/6.12/bench-x86_64-icount.md}
else
	cover=${COVER:-$top/scripts/cover-letter.txt}
	bench=${BENCH_TABLE:-$top/results/7.3/boot-check-x86_64.md}
fi
placeholder='kallsyms series <kallsyms@localhost>'	# mktree.sh's identity

# Only the sender can sign off: never make an identity up.
name=${GIT_AUTHOR_NAME:-$(git -C "$top" config user.name || true)}
email=${GIT_AUTHOR_EMAIL:-$(git -C "$top" config user.email || true)}
if [ -z "$name" ] || [ -z "$email" ] || [ "$name <$email>" = "$placeholder" ]; then
	echo "series: set your own identity first (git config --global user.name and" \
	     "user.email, or GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL): the patches are" \
	     "authored and signed off by whoever sends them" >&2
	exit 1
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

# diff.noprefix in the sender's config would make patches `git am` rejects.
rm -f "$out"/*.patch
git -c diff.noprefix=false format-patch -q --cover-letter --thread --base=base \
	--subject-prefix="$prefix" -o "$out" base..series

# Fill the cover letter: COVER's first line replaces *** SUBJECT HERE ***,
# its other lines, then BENCH_TABLE, replace *** BLURB HERE ***.
[ -f "$cover" ] || echo "series: no $cover: the cover letter keeps its placeholders" >&2
letter=$out/0000-cover-letter.patch
awk -v cover="$cover" -v bench="$bench" '
BEGIN {
	subj = "*** SUBJECT HERE ***"; body = "*** BLURB HERE ***"
	if ((getline subj < cover) > 0) {
		body = ""
		while ((getline l < cover) > 0) body = body l "\n"
		sub(/^\n+/, "", body); sub(/\n+$/, "", body)
	}
	if ((getline l < bench) > 0) {
		body = body "\n\n" l
		while ((getline l < bench) > 0) body = body "\n" l
	}
}
(i = index($0, "*** SUBJECT HERE ***")) { $0 = substr($0, 1, i - 1) subj }
$0 == "*** BLURB HERE ***" { $0 = body }
{ print }' "$letter" > "$letter.new"
mv "$letter.new" "$letter"

# What is mailed must apply to the base as it is (no 3-way fallback on this
# repository's objects) and give the branch's tree.
mails=("$out"/0*.patch)
mails=("${mails[@]:1}")		# not 0000-cover-letter.patch
git checkout -q --detach base
if ! git am -q --no-3way "${mails[@]}" || ! git diff --quiet series HEAD; then
	git am --abort 2>/dev/null || true
	git checkout -q -f series
	echo "series: outgoing/ does not apply to base $(git rev-parse base)" >&2
	exit 1
fi
git checkout -q series
echo "series: ${#mails[@]} patches in outgoing/, applies to base $(git rev-parse base)"
