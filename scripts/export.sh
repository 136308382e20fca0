#!/bin/bash
# export.sh TREE: write the commits of TREE since the base tag to patches/.
# The output depends only on the commits' contents, so exporting an
# unchanged tree changes no file.
set -euo pipefail

tree=$1
. "$(dirname "$0")/base.sh"

mkdir -p "$PATCHES"
[ ! -f "$PATCHES/series" ] || mv "$PATCHES/series" "$PATCHES/series.old"
rm -f "$PATCHES"/*.patch
git -C "$tree" -c core.abbrev=7 format-patch -q --zero-commit --no-signature --no-base \
	--subject-prefix=PATCH -o "$PATCHES" base..HEAD
# The series file, with the "# tree:" lines of the old one (see
# scripts/series.sh) kept before the same patches, known by their subjects.
(cd "$PATCHES" && ls -1 *.patch) | awk -v old="$PATCHES/series.old" '
BEGIN {
	while ((getline l < old) > 0) {
		if (l ~ /^# tree:/) { marker = marker l "\n"; continue }
		if (l ~ /^[0-9]+-/ && marker != "") { mark[substr(l, 6)] = marker; marker = "" }
	}
}
{ printf "%s%s\n", mark[substr($0, 6)], $0 }' > "$PATCHES/series"
rm -f "$PATCHES/series.old"
echo ">>> exported $(grep -c '^[0-9]' "$PATCHES/series") patch(es)"
