#!/bin/bash
# initramfs.sh OUT.cpio.gz [FILE...]: busybox, initramfs/init and FILEs.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "$1"); shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp"/{bin,dev,proc,sys}
cp /bin/busybox "$tmp/bin/busybox"
cp "$top/initramfs/init" "$tmp/init"
for f in "$@"; do cp "$f" "$tmp/"; done
(cd "$tmp" && find . | cpio -o -H newc --quiet | gzip -1) > "$out"
