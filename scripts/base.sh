# base.sh: sourced by the other scripts; sets what BASE selects.
#
#   BASE=7.3   (default) mainline: Debian's linux-source-7.3 and patches/
#   BASE=6.12  the 6.12.y backport: Debian's linux-source-6.12 and
#              backports/6.12/
#
# Sets top (the repository), B (build/BASE, where everything of this base
# is built), PATCHES (the folder of the series and its quilt `series` file),
# STOCK (how many of its patches the "stock" kernels get: the fixes and the
# KUnit suite, which measure stock), TARBALL (the base's source) and PKG
# (its Debian package), and exports the ccache settings that let a fresh
# clone reuse an earlier clone's objects.
BASE=${BASE:-7.3}
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
case $BASE in
7.3)	PATCHES=$top/patches STOCK=2 ;;
6.12)	PATCHES=$top/backports/6.12 STOCK=2 ;;
*)	echo "BASE=$BASE: only 7.3 (mainline) and 6.12 (the backport)" >&2; exit 1 ;;
esac
PKG=linux-source-$BASE
TARBALL=/usr/src/$PKG.tar.xz
B=$top/build/$BASE
# Paths below build/ are hashed relative to the compiler's directory.
export CCACHE_BASEDIR=$top/build CCACHE_NOHASHDIR=1
export BASE
