#!/bin/bash
# export.sh TREE: write the commits of TREE since the base tag to patches/.
# The output depends only on the commits' contents, so exporting an
# unchanged tree changes no file.
set -euo pipefail

tree=$1
top=$(cd "$(dirname "$0")/.." && pwd)

rm -f "$top"/patches/*.patch
git -C "$tree" format-patch -q --zero-commit --no-signature --no-base \
	--subject-prefix=PATCH -o "$top/patches" base..HEAD
(cd "$top/patches" && ls -1 *.patch) > "$top/patches/series"
echo ">>> exported $(wc -l < "$top/patches/series") patch(es)"
