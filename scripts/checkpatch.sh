#!/bin/bash
# checkpatch.sh: every patch of the series must be checkpatch --strict clean.
set -euo pipefail
. "$(dirname "$0")/base.sh"
# checkpatch runs scripts/spdxcheck.py with python3: use Debian's, which
# has python3-ply and python3-git.
export PATH=/usr/bin:$PATH
tree=$B/check/linux
[ -d "$tree/.git" ] || "$top/scripts/mktree.sh" "$tree" 0 >/dev/null
fail=0
while read -r p; do
	[[ -z "$p" || "$p" == \#* ]] && continue
	# --no-signoff: the patches carry none, whoever sends them adds theirs.
	# UNKNOWN_COMMIT_ID: the base, from Debian's tarball, has no upstream
	# history in which checkpatch could find the commit of a Fixes: tag.
	if out=$(cd "$tree" && scripts/checkpatch.pl --strict --quiet --no-signoff \
		--ignore UNKNOWN_COMMIT_ID "$PATCHES/$p" 2>&1); then
		echo "checkpatch: ok   $p"
	else
		echo "checkpatch: FAIL $p"; echo "$out"; fail=1
	fi
done < "$PATCHES/series"
exit $fail
