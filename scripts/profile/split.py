#!/usr/bin/env python3
"""split.py INSNS SYMBOLS [--per N UNIT] [--top K]: the guest instructions
that insns.so counted per translation block, added up per function.

SYMBOLS is a System.map or a copy of the guest's /proc/kallsyms (module
functions then get their names too). A block counts for the function its
first instruction is in; user space is one row, "[user]". With --per, a
column gives the instructions per UNIT (N of them ran in the window)."""
import argparse
import bisect


def symbols(path):
    syms = []
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) >= 3 and p[1] in 'tTwW':
                mod = p[3] if len(p) > 3 else ''
                syms.append((int(p[0], 16), p[2] + (' ' + mod if mod else '')))
    syms.sort()
    return [a for a, _ in syms], [n for _, n in syms]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('insns')
    ap.add_argument('symbols')
    ap.add_argument('--per', nargs=2, metavar=('N', 'UNIT'))
    ap.add_argument('--top', type=int, default=25)
    a = ap.parse_args()
    addrs, names = symbols(a.symbols)
    per = {}
    with open(a.insns) as f:
        for line in f:
            if line.startswith('#'):
                continue
            va, n = line.split()
            va, n = int(va, 16), int(n)
            if va < 1 << 47:
                name = '[user]'
            else:
                i = bisect.bisect_right(addrs, va) - 1
                name = names[i] if i >= 0 else '[unknown]'
            per[name] = per.get(name, 0) + n
    total = sum(per.values())
    n = float(a.per[0]) if a.per else 0
    head = '| function | instructions | share |'
    head += f' per {a.per[1]} |' if a.per else ''
    print(head)
    print('|---' * (head.count('|') - 1) + '|')
    rows = sorted(per.items(), key=lambda kv: -kv[1])
    for name, c in rows[:a.top]:
        line = f'| {name} | {c} | {100 * c / total:.1f}% |'
        print(line + (f' {c / n:.0f} |' if n else ''))
    rest = sum(c for _, c in rows[a.top:])
    line = f'| (the other {max(len(rows) - a.top, 0)}) | {rest} | {100 * rest / total:.1f}% |'
    print(line + (f' {rest / n:.0f} |' if n else ''))
    line = f'| total | {total} | 100% |'
    print(line + (f' {total / n:.0f} |' if n else ''))


if __name__ == '__main__':
    main()
