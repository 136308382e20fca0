#!/usr/bin/env python3
"""Turn the bench logs into one table: metric, stock, patched, ratio.

Kernel figures come from the KUnit suite's "kallsyms_bench: METRIC k=v ..."
lines and from initramfs/init; table sizes from each kernel's kallsyms.o;
userspace figures from tools/testing/kallsyms ("kallsyms_user: ..." lines).
"""
import argparse
import re
import subprocess
import sys

LINE = re.compile(r'(kallsyms_bench|kallsyms_user): (\S+)((?: \S+=\S+)*)')


def parse_lines(path):
    out = {}
    try:
        text = open(path, errors='replace').read()
    except OSError:
        return out
    for m in LINE.finditer(text):
        metric = m.group(2)
        kvs = dict(kv.split('=', 1) for kv in m.group(3).split())
        # A module timing names its module: keep the first module's
        # (kallsyms_many in the boots), not the small ones timed after.
        if 'mod' in kvs and out.get(metric, {}).get('mod', kvs['mod']) != kvs['mod']:
            continue
        out.setdefault(metric, {}).update(kvs)
    return out


def kunit_totals(path):
    try:
        text = open(path, errors='replace').read()
    except OSError:
        return None
    tot = [0, 0, 0]
    for m in re.finditer(r'# Totals: pass:(\d+) fail:(\d+) skip:(\d+)', text):
        for i in range(3):
            tot[i] += int(m.group(i + 1))
    return 'pass %d fail %d skip %d' % tuple(tot)


def table_bytes(obj):
    """Sizes of the kallsyms tables in the assembled kallsyms object: the
    distance to the next label, or to the end of .rodata for the last."""
    try:
        nm = subprocess.run(['nm', '-n', obj], capture_output=True, text=True,
                            check=True).stdout
        sec = subprocess.run(['objdump', '-h', obj], capture_output=True,
                             text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return {}
    end = None
    for line in sec.splitlines():
        f = line.split()
        if len(f) > 2 and f[1] == '.rodata':
            end = int(f[2], 16)
    syms = []
    for line in nm.splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in 'rRdD' and f[2].startswith('kallsyms_'):
            syms.append((int(f[0], 16), f[2]))
    sizes = {}
    for i, (a, n) in enumerate(syms):
        nxt = syms[i + 1][0] if i + 1 < len(syms) else end
        if nxt is not None:
            sizes[n] = nxt - a
    return sizes


LOOKUP_TABLES = ('kallsyms_seqs_of_names', 'kallsyms_token_pairs',
                 'kallsyms_sub_markers', 'kallsyms_name_nbuckets',
                 'kallsyms_name_tag_bits', 'kallsyms_name_bucket_base',
                 'kallsyms_name_buckets', 'kallsyms_name_entries')


def fmt(v):
    if v is None:
        return '-'
    if isinstance(v, float):
        return '%.3f' % v if v < 100 else '%.0f' % v
    return str(v)


def num(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def comparable(label):
    """Times, instruction counts and sizes get a ratio; counts do not."""
    last = label.split()[-1]
    return (last.endswith(('_ns', '_us')) or last in ('insns', 'bytes', 'bytes_per_sym')
            or label.startswith(('bytes ', 'name lookup bytes', 'all tables')))


# What users wait for, as scripts/bars.gp draws it: (label, metric, key)
BARS = (('bpftrace: attach to all of xfs.ko', 'bpftrace_xfs', 'min_us'),
        ('bpftrace -l kprobe:*', 'bpftrace_list', 'min_us'),
        ('bpftrace: attach to vfs_read', 'bpftrace_one', 'min_us'),
        ('bpftrace: a kstack by name', 'bpftrace_kstack', 'min_us'),
        ('read available_filter_functions', 'available_filter_functions', 'min_us'),
        ('read it with xfs loaded too', 'available_filter_functions_xfs', 'min_us'),
        ('modprobe xfs', 'modprobe_xfs', 'min_us'),
        ('load a 10000-function module', 'module_load_kallsyms_many', 'min_us'),
        ('read /proc/kallsyms, 10000 BPF progs', 'proc_bpf_10000', 'root_us'),
        ('load a livepatch, {relocs} relocations', 'klp_relocs_load', 'min_us'))


def write_bars(path, data, stock, new):
    with open(path, 'w') as f:
        for label, metric, key in BARS:
            a = num(data[stock].get(metric, {}).get(key))
            b = num(data[new].get(metric, {}).get(key))
            if a and b:
                label = label.format(**data[stock][metric])
                f.write('"%s" %.1f %.1f\n' % (label, a / 1000, b / 1000))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--arch', default='x86_64')
    ap.add_argument('--map', default='')
    ap.add_argument('--user', action='append', default=[])
    ap.add_argument('--user-run', action='append', default=[],
                    help='NAME=PATH: kallsyms_bench -w on the map with a run added')
    ap.add_argument('--bars', help='FILE: the tasks users wait for, stock and the '
                    'second kernel in ms, for scripts/bars.gp')
    ap.add_argument('kernels', nargs='+', help='NAME=DIR')
    args = ap.parse_args()

    names = [k.split('=', 1)[0] for k in args.kernels]
    dirs = dict(k.split('=', 1) for k in args.kernels)
    rows = []   # (label, {kernel: value})

    data = {n: parse_lines(dirs[n] + '/results.txt') for n in names}
    sizes = {n: table_bytes(dirs[n] + '/kallsyms.o') for n in names}

    syms = {n: data[n].get('lookup_name', {}).get('syms') for n in names}
    rows.append(('symbols in vmlinux', syms))
    rows.append(('KUnit cases', {n: kunit_totals(dirs[n] + '/results.txt') for n in names}))
    mod, longest = {}, {}
    for n in names:
        try:
            text = open(dirs[n] + '/boot.log', errors='replace').read()
        except OSError:
            text = ''
        m = re.search(r'^(?:\[[ .0-9]+\] )?(ok|not ok) \d+ kallsyms_module(.*)$', text, re.M)
        mod[n] = (m.group(1) + m.group(2)).strip() if m else None
        m = re.search(r'^(?:\[[ .0-9]+\] )?(ok|not ok) \d+ longest-symbol', text, re.M)
        longest[n] = m.group(1) if m else None
    rows.append(('KUnit kallsyms_module (companion module loaded)', mod))
    rows.append(('KUnit longest-symbol (511-byte name, 517-byte __pfx_)', longest))
    for metric, keys in (('lookup_name', ('pass_avg_ns',)),
                         ('lookup_name_most', ('pass_avg_ns',)),
                         ('lookup_name_aimed', ('pass_avg_ns',)),
                         ('on_each_match', ('pass_avg_ns',)),
                         ('addr_to_name', ('pass_avg_ns',)),
                         ('stack_trace_entry', ('pass_avg_ns',)),
                         ('on_each_symbol', ('pass_avg_ns',)),
                         ('proc_read', ('pass_avg_ns',)),
                         ('proc_user', ('lines', 'bytes')),
                         ('klp_relocs_load', ('min_us',)),
                         ('klp_module_load', ('funcs', 'min_us')),
                         ('kprobe_events_module', ('events', 'min_us')),
                         ('module_load_kallsyms_many', ('syms', 'min_us')),
                         ('module_load_kallsyms_many_vars', ('syms', 'min_us')),
                         ('available_filter_functions', ('min_us',)),
                         ('modprobe_xfs', ('syms', 'min_us')),
                         ('modprobe_r_xfs', ('min_us',)),
                         ('available_filter_functions_xfs', ('lines', 'module_lines', 'min_us')),
                         ('module_lookup_name', ('pass_avg_ns',)),
                         ('module_addr_to_name', ('pass_avg_ns',)),
                         ('module_on_each_match', ('pass_avg_ns',)),
                         ) + tuple(
                            ('ftrace_lookup_symbols_' + n, ('min_ns',))
                            for n in ('1', '10', '1000', '10000', 'all')) + tuple(
                            ('proc_bpf_' + n, ('load_us', 'root_us', 'user_us'))
                            for n in ('0', '1000', '10000')) + (
                         ('bpftrace_list', ('lines', 'min_us')),) + tuple(
                            ('bpftrace_' + n, ('probes', 'min_us'))
                            for n in ('one', 'vfs', 'kstack', 'xfs')):
        for k in keys:
            vals = {n: data[n].get(metric, {}).get(k) for n in names}
            if any(v is not None for v in vals.values()):
                rows.append(('%s %s' % (metric, k), vals))
    st = {}
    for n in names:
        try:
            m = re.search(r'kallsyms_selftest: The time spent on each symbol is '
                          r'\(ns\): min=(\d+), max=(\d+), avg=(\d+)',
                          open(dirs[n] + '/results.txt', errors='replace').read())
        except OSError:
            m = None
        st[n] = m.group(3) if m else None
    if any(st.values()):
        rows.append(('kallsyms_selftest lookup_name avg_ns', st))
    for r in (0, 1, 2):
        key = 'kptr_restrict=%d' % r
        vals = {n: data[n].get(key, {}).get('stext_line') for n in names}
        if any(vals.values()):
            rows.append(('/proc/kallsyms _stext, kptr_restrict=%d' % r, vals))

    for t in ('kallsyms_names', 'kallsyms_markers', 'kallsyms_token_table',
              'kallsyms_token_index', 'kallsyms_offsets', 'kallsyms_addr_base', 'kallsyms_addr_shift',
              'kallsyms_addr_nbuckets', 'kallsyms_addr_buckets') + LOOKUP_TABLES:
        vals = {n: sizes[n].get(t) for n in names}
        if any(v is not None for v in vals.values()):
            rows.append(('bytes %s' % t, vals))
    look = {}
    for n in names:
        tot = sum(sizes[n].get(t, 0) for t in LOOKUP_TABLES)
        s = num(syms[n])
        look[n] = round(tot / s, 3) if s and sizes[n] else None
    rows.append(('name lookup bytes per symbol', look))
    # The memory rule of the series: all kallsyms tables, whole.
    rows.append(('bytes all kallsyms tables', {n: sum(sizes[n].values()) or None
                                               for n in names}))
    rows.append(('all tables bytes per symbol',
                 {n: round(sum(sizes[n].values()) / num(syms[n]), 3)
                  if num(syms[n]) and sizes[n] else None for n in names}))

    user = [('user', u) for u in args.user] + [('user +run', u) for u in args.user_run]
    for prefix, u in user:
        name, path = u.split('=', 1)
        for metric, kv in parse_lines(path).items():
            for k, v in kv.items():
                label = '%s %s %s' % (prefix, metric, k)
                row = next((r for r in rows if r[0] == label), None)
                if row is None:
                    row = (label, {})
                    rows.append(row)
                row[1][name] = v

    if args.bars:
        write_bars(args.bars, data, names[0], names[1])

    base = names[0]
    head = ['metric'] + [h for n in names for h in ([n] if n == base else [n, 'ratio'])]
    print('kallsyms bench (%s); ratio = %s / patched, above 1 means faster or smaller'
          % (args.arch, base))
    print('pass_avg_ns: the average call of the fastest of three passes, '
          'calls timed in batches of 256')
    accel = set()
    for n in names:
        try:
            accel.add(open(dirs[n] + '/accel').read().strip())
        except OSError:
            pass
    if accel:
        print('kernels ran under QEMU, accelerator: %s' % ', '.join(sorted(accel)))
    if 'tcg-icount' in accel:
        print('tcg-icount: the guest clock advances 1 ns per guest instruction, so the '
              'kernel rows in ns and us count guest instructions; they see no caches '
              'and do not move with code placement or host load')
    if args.map:
        print('userspace input: %s' % args.map)
    if args.user_run:
        print('user +run: the same map with 20000 more symbols called __func__.0 '
              '(gen-map.py MAP 0 20000), kallsyms_bench -w')
    print()
    print('| ' + ' | '.join(head) + ' |')
    print('|' + '---|' * len(head))
    for label, vals in rows:
        cells = [label]
        b = num(vals.get(base))
        for n in names:
            v = vals.get(n)
            cells.append(fmt(v))
            if n != base:
                x = num(v)
                cells.append('%.2fx' % (b / x) if comparable(label) and b and x else '')
        print('| ' + ' | '.join(cells) + ' |')


if __name__ == '__main__':
    sys.exit(main())
