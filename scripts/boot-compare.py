#!/usr/bin/env python3
"""boot-compare.py STOCK PATCHED: judge the two boots of scripts/boot-check.sh.

Each argument is a build/boot/NAME folder (boot.log, out/) and its kernel's
build/kernels/NAME folder (System.map, config), given as BOOT:KERNEL. Every
check runs on both kernels; a check that fails on stock is a broken check,
not a broken series, and is reported as such. Exits 1 on any failure and
prints the failing step with its log lines or a diff.
"""
import re
import sys
from collections import Counter

SUITES = ('kallsyms', 'longest-symbol', 'kallsyms_module')
SELFTEST_BAD = re.compile(r'kallsyms_selftest: .*(failed|mismatch|Never found|\?!|abort)')
failures = []


def fail(what, lines=()):
    failures.append(what)
    print('FAIL: ' + what)
    for line in list(lines)[:40]:
        print('\t' + line.rstrip('\n'))


class Boot:
    def __init__(self, name, arg):
        self.name = name
        self.dir, self.kdir = arg.split(':')
        with open(self.dir + '/boot.log', errors='replace') as f:
            self.log = [re.sub(r'\r$', '', l.rstrip('\n')) for l in f]
        self.config = open(self.kdir + '/config').read()
        # and the __pfx_ padding symbols objtool gives their functions
        self.series = {p + n for n in open(self.kdir + '/series-symbols').read().split()
                       for p in ('', '__pfx_')}
        self.sysmap = {}
        self.mapnames = Counter()
        for line in open(self.kdir + '/System.map'):
            addr, typ, sym = line.split()[:3]
            self.sysmap.setdefault((int(addr, 16), sym), set()).add(typ)
            self.mapnames[sym] += 1

    def in_map(self, addr, typ, sym):
        """At its System.map address, with its type there; 'A' is how
        scripts/kallsyms --absolute-percpu shows per-CPU variables."""
        types = self.sysmap.get((int(addr, 16), sym), ())
        return typ in types or (typ == 'A' and types)

    def proc(self, who, restrict):
        """/proc/kallsyms as read by WHO (root, user): (addr, type, name, mod)."""
        out = []
        with open('%s/out/kallsyms-%s-%d' % (self.dir, who, restrict)) as f:
            for line in f:
                f4 = line.rstrip('\n').split('\t')
                addr, typ, sym = f4[0].split(' ')
                out.append((addr, typ, sym, f4[1] if len(f4) > 1 else ''))
        return out


def check_boot(b):
    """The guest's steps, KUnit, upstream's self-test and /proc/kallsyms
    against System.map, for one kernel. Returns the 'says' lines."""
    tag = '[%s] ' % b.name
    says = []
    steps = 0
    # No splat: the kernels have lockdep and atomic-sleep debugging, so
    # code that sleeps or takes a lock where it may not says so here; and
    # no work item of the code the patches change on a workqueue that the
    # kernel says is deprecated.
    splats = [l for l in b.log if re.search(
        r'BUG:|WARNING:|possible (circular|recursive) locking|inconsistent lock state|'
        r'sleeping function called from invalid context|scheduling while atomic', l)]
    for l in b.log:
        m = re.search(r'work func (\S+) enqueued on deprecated workqueue', l)
        if m and m.group(1) in b.series:
            splats.append(l)
    if splats:
        fail(tag + 'kernel log: %d splat line(s)' % len(splats), splats)
    for i, line in enumerate(b.log):
        m = re.search(r'boot-check: (\S+) (ok|FAILED|says)(.*)', line)
        if not m:
            continue
        if m.group(2) == 'says':
            says.append(m.group(1) + ' says' + m.group(3))
            continue
        steps += 1
        if m.group(2) == 'FAILED':
            log = []
            for l in b.log[i + 1:]:
                if not l.startswith('\t'):
                    break
                log.append(l)
            fail(tag + 'step ' + m.group(1), log)
    if not any('boot-check: done' in l for l in b.log):
        fail(tag + 'the guest did not finish; the end of boot.log:', b.log[-30:])
    print('%s%d guest steps run' % (tag, steps))

    suites = {}
    for line in b.log:
        # KUnit's suite lines, after the printk time when there is one
        m = re.match(r'(?:\[[ 0-9.]*\] )?(not ok|ok) \d+ (\S+)$', line)
        if m:
            suites[m.group(2)] = m.group(1)
        if re.match(r'(?:\[[ 0-9.]*\])? *not ok ', line):
            fail(tag + 'KUnit: ' + line)
    for s in SUITES:
        if suites.get(s) != 'ok':
            fail(tag + 'KUnit suite %s: %s' % (s, suites.get(s, 'did not run')))
    print('%sKUnit suites: %s' % (tag, ', '.join('%s %s' % kv for kv in suites.items())))
    if 'CONFIG_KALLSYMS_SELFTEST=y' in b.config:
        bad = [l for l in b.log if SELFTEST_BAD.search(l)]
        if bad or not any('kallsyms_selftest: finish' in l for l in b.log):
            fail(tag + 'upstream kallsyms self-test', bad or ['no "finish" line'])
        else:
            print(tag + 'upstream kallsyms self-test: finished, no failure')

    root = b.proc('root', 0)
    addrs = {}
    for addr, _, sym, mod in root:
        if not mod:
            addrs.setdefault(sym, []).append(addr)
    klp, wrong = 0, []
    for line in open(b.dir + '/out/klp-relocs'):
        sym, pos, addr = line.split()
        want = addrs.get(sym, [])
        pos = int(pos)
        if pos == 0:    # livepatch's sympos 0: the name must be unique
            ok = want == [addr]
        else:
            ok = 0 < pos <= len(want) and want[pos - 1] == addr
        if not ok:
            wrong.append('%s,%d: %s, /proc/kallsyms has %s' % (sym, pos, addr, ' '.join(want)))
        klp += 1
    if wrong or not klp:
        fail(tag + 'livepatch relocations not at the /proc/kallsyms address', wrong)
    else:
        print('%sklp_relocs: %d functions, every reference at its /proc/kallsyms address'
              % (tag, klp))

    wrong = ['%s %s %s' % s[:3] for s in root if not s[3] and not b.in_map(*s[:3])]
    if wrong:
        fail(tag + '/proc/kallsyms lines not in System.map', wrong)
    print('%s/proc/kallsyms: %d lines, %d of vmlinux, all at their System.map address'
          % (tag, len(root), sum(1 for s in root if not s[3])))
    return says


def shape(lines):
    """How a /proc/kallsyms read shows addresses: all zero, all real, mixed."""
    zero = sum(1 for s in lines if int(s[0], 16) == 0)
    return 'zero' if zero == len(lines) else 'real' if zero == 0 else 'mixed'


def main():
    stock, patched = Boot('stock', sys.argv[1]), Boot('patched', sys.argv[2])
    try:
        says = [check_boot(b) for b in (stock, patched)]
        compare(stock, patched, says)
    except OSError as e:
        fail('a file the guest should have written: %s' % e)
    if failures:
        print('boot check: %d failure(s)' % len(failures))
        return 1
    print('boot check: every step passed on stock and patched')
    return 0


def compare(stock, patched, says):

    # What the kernel answered (livepatch's errors, kprobes' errors, counts,
    # which file a sympos patched, skipped selftests) is stock's answer.
    if says[0] != says[1]:
        fail('the kernels answered differently (- stock, + patched)',
             ['-' + s for s in says[0] if s not in says[1]] +
             ['+' + s for s in says[1] if s not in says[0]])
    else:
        print('guest answers: %d, the same on both kernels' % len(says[0]))
        for s in says[0]:
            print('\t' + s)

    # kptr_restrict: who sees which addresses, and every other byte the same.
    for b in (stock, patched):
        root = b.proc('root', 0)
        for who in ('root', 'user'):
            for r in (0, 1, 2):
                p = b.proc(who, r)
                if [s[1:] for s in p] != [s[1:] for s in root]:
                    fail('[%s] %s, kptr_restrict=%d: other lines than root at 0'
                         % (b.name, who, r))
                b.shapes = getattr(b, 'shapes', []) + ['%s/%d:%s' % (who, r, shape(p))]
        if any(s.startswith('user') and not s.endswith('zero') for s in b.shapes):
            fail('[%s] an unprivileged reader sees addresses: %s' % (b.name, b.shapes))
    if stock.shapes != patched.shapes:
        fail('kptr_restrict: stock %s, patched %s' % (stock.shapes, patched.shapes))
    else:
        print('kptr_restrict: %s on both' % ' '.join(stock.shapes))

    # Names, types, module column and order: those of stock, but for the
    # names defined in the files the patches change (their code, and with
    # it their order, may change) and those whose count differs between
    # the two System.maps (kallsyms' tables, which the series changes).
    changed = stock.series | patched.series | {
        n for n in stock.mapnames | patched.mapnames
        if stock.mapnames[n] != patched.mapnames[n]}

    def keyed(lines):
        """(type, name, module, n-th of that name), address"""
        seen, out = Counter(), []
        for addr, typ, sym, mod in lines:
            if sym not in changed:
                seen[typ, sym, mod] += 1
                out.append(((typ, sym, mod, seen[typ, sym, mod]), int(addr, 16)))
        return out
    a, b = keyed(stock.proc('root', 0)), keyed(patched.proc('root', 0))
    ka, kb = Counter(k for k, _ in a), Counter(k for k, _ in b)
    if ka != kb:
        fail('/proc/kallsyms: other names, types or modules (- stock, + patched)',
             ['-%s %s %s #%d' % k for k in ka - kb] + ['+%s %s %s #%d' % k for k in kb - ka])
        return
    # The same order, but where two neighbours share an address in either
    # kernel: scripts/kallsyms orders those by its tie rules, and where the
    # code changed (__stop_mcount_loc counts ftrace sites), so do ties.
    pos = {k: (i, addr) for i, (k, addr) in enumerate(b)}
    swapped = ['%s %s %s #%d' % k1 + ' before ' + '%s %s %s #%d' % k2
               for (k1, a1), (k2, a2) in zip(a, a[1:])
               if pos[k1][0] > pos[k2][0] and a1 != a2 and pos[k1][1] != pos[k2][1]]
    if swapped:
        fail('/proc/kallsyms: in another order than stock', swapped)
    else:
        print('/proc/kallsyms: %d lines the same on both in name, type, module and '
              'order; %d names left out, defined in files the patches change or '
              'counted differently in the System.maps (%s)'
              % (len(a), len(changed), ' '.join(sorted(changed)[:8]) + ' ...'))


if __name__ == '__main__':
    sys.exit(main())
