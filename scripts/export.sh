#!/bin/bash
# export.sh TREE: write the commits of TREE since the base tag to patches/.
# The output depends only on the commits' contents, so exporting an
# unchanged tree changes no file.
set -euo pipefail

tree=$1
. "$(dirname "$0")/base.sh"

mkdir -p "$PATCHES"
rm -f "$PATCHES"/*.patch
git -C "$tree" format-patch -q --zero-commit --no-signature --no-base \
	--subject-prefix=PATCH -o "$PATCHES" base..HEAD
(cd "$PATCHES" && ls -1 *.patch) > "$PATCHES/series"
echo ">>> exported $(wc -l < "$PATCHES/series") patch(es)"
