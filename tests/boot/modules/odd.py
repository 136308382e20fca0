#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""odd.py DIR: write DIR/odd-*.ko, modules whose symtabs are odd, from
DIR/kallsyms_odd.ko and DIR/kallsyms_odd_empty.ko (x86_64 ELF). The boot
check loads each on stock and on the series (initramfs/check.sh, odd_mods):
both must refuse it with the same error, or load it and show the same
symbols and lookups.

  odd-nosyms      the symtab cut to the null symbol (of the module without
                  code or data, which no relocation refers to)
  odd-dups        70000 more symbols named kallsyms_odd_fn, in the function
                  (global ones, after the globals, where the symtab's
                  sh_info says they go)
  odd-noname      every defined symbol's name empty
  odd-longname    kallsyms_odd_fn renamed to 600 characters
  odd-badname     a name's offset one past the end of the string table
                  (7.3 refuses it; 6.12 does not check, and both kernels
                  read the byte after the table, of the same file)
  odd-badshndx    a symbol in the section one past the last
  odd-plain       kallsyms_odd.ko as it is, to compare with

New symtab and string table contents go at the end of the file; only the
section headers that point at them change.
"""
import struct
import sys

SHT_SYMTAB, SHT_RELA = 2, 4
EM_X86_64, STB_GLOBAL = 62, 1
SHDR = struct.Struct('<IIQQQQIIQQ')   # Elf64_Shdr
SYM = struct.Struct('<IBBHQQ')        # Elf64_Sym


class Elf:
    def __init__(self, path):
        self.data = bytearray(open(path, 'rb').read())
        assert self.data[:5] == b'\x7fELF\x02' and self.data[5] == 1 and \
            struct.unpack_from('<H', self.data, 0x12)[0] == EM_X86_64, \
            path + ': not an x86_64 ELF file'
        # appended sections would come after a signature, unsigning it
        assert not self.data.endswith(b'~Module signature appended~\n'), \
            path + ': signed'
        self.shoff, = struct.unpack_from('<Q', self.data, 0x28)
        self.shnum, = struct.unpack_from('<H', self.data, 0x3c)
        self.sym = next(i for i in range(self.shnum)
                        if self.shdr(i)[1] == SHT_SYMTAB)
        self.str = self.shdr(self.sym)[6]

    def shdr(self, i):
        return list(SHDR.unpack_from(self.data, self.shoff + i * SHDR.size))

    def set_shdr(self, i, h):
        SHDR.pack_into(self.data, self.shoff + i * SHDR.size, *h)

    def section(self, i):
        h = self.shdr(i)
        return bytes(self.data[h[4]:h[4] + h[5]])

    def replace(self, i, content):
        """Give section i new content, at the end of the file."""
        while len(self.data) % 8:
            self.data.append(0)
        h = self.shdr(i)
        h[4], h[5] = len(self.data), len(content)
        self.data += content
        self.set_shdr(i, h)

    def syms(self):
        s = self.section(self.sym)
        return [list(SYM.unpack_from(s, o)) for o in range(0, len(s), SYM.size)]

    def set_syms(self, syms):
        self.replace(self.sym, b''.join(SYM.pack(*s) for s in syms))

    def name(self, s):
        t = self.section(self.str)
        return t[s[0]:t.index(b'\0', s[0])].decode()

    def find(self, name):
        return next(i for i, s in enumerate(self.syms()) if self.name(s) == name)

    def write(self, path):
        open(path, 'wb').write(self.data)


def main(d):
    base = d + '/kallsyms_odd.ko'

    e = Elf(d + '/kallsyms_odd_empty.ko')
    assert all(e.shdr(i)[1] != SHT_RELA or not e.shdr(i)[5]
               for i in range(e.shnum)), 'kallsyms_odd_empty.ko has relocations'
    h = e.shdr(e.sym)
    h[5], h[7] = SYM.size, 1      # one symbol, the null one, and no local
    e.set_shdr(e.sym, h)
    e.write(d + '/odd-nosyms.ko')

    e = Elf(base)
    e.write(d + '/odd-plain.ko')
    syms = e.syms()
    fn = syms[e.find('kallsyms_odd_fn')]
    info = STB_GLOBAL << 4 | fn[1] & 0xf
    for i in range(70000):
        syms.append([fn[0], info] + fn[2:4] + [fn[4] + i % max(fn[5], 1), 1])
    e.set_syms(syms)
    e.write(d + '/odd-dups.ko')

    e = Elf(base)
    syms = e.syms()
    for s in syms:
        if s[3]:        # defined: an undefined one is resolved by its name
            s[0] = 0
    e.set_syms(syms)
    e.write(d + '/odd-noname.ko')

    e = Elf(base)
    syms = e.syms()
    strtab = e.section(e.str)
    syms[e.find('kallsyms_odd_fn')][0] = len(strtab)
    e.replace(e.str, strtab + b'kallsyms_odd_fn_' + b'x' * 584 + b'\0')
    e.set_syms(syms)
    e.write(d + '/odd-longname.ko')

    e = Elf(base)
    syms = e.syms()
    syms[e.find('kallsyms_odd_var')][0] = len(e.section(e.str))
    e.set_syms(syms)
    e.write(d + '/odd-badname.ko')

    e = Elf(base)
    syms = e.syms()
    syms[e.find('kallsyms_odd_var')][3] = e.shnum
    e.set_syms(syms)
    e.write(d + '/odd-badshndx.ko')


if __name__ == '__main__':
    main(sys.argv[1])
