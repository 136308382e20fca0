#!/usr/bin/env python3
"""What the module symbol indexes cost in memory, on a distribution's modules.

    modmem.py DIR...     (every .ko, .ko.xz, .ko.zst below each DIR)

For each x86_64 module file, counts the symbols of its core symtab as
layout_symtab() keeps them (kernel/module/kallsyms.c, is_core_symbol()),
with CONFIG_KALLSYMS_ALL and without it, and what the module already takes
outside its init memory: its allocated sections whose names do not start
with ".init" (as module_init_layout_section() decides them with
CONFIG_MODULE_UNLOAD), without .modinfo and __versions (the loader drops
them) and the per-CPU section (allocated elsewhere), plus the core symtab,
its names and types. Prints a markdown table: the total index room if every
module were loaded, and the median, 90th percentile and worst share of a
module's own memory, for each layout of the room:

  stock      no index
  u32        4-byte entries, as the indexes built at first use had
  sized      1-, 2- or 4-byte entries by the symtab's size, as built at
             load (struct mod_kallsyms_index, 32 bytes, included)
"""
import lzma
import os
import struct
import sys

SHN_UNDEF, SHN_LORESERVE = 0, 0xff00
SHF_ALLOC, SHF_EXECINSTR = 0x2, 0x4
ELF_SYM = 24


def sections(data):
    (shoff,) = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    shdrs = []
    for i in range(shnum):
        name, typ, flags, _, off, size, link, info, align, entsize = struct.unpack_from(
            "<IIQQQQIIQQ", data, shoff + i * shentsize)
        shdrs.append(dict(name=name, type=typ, flags=flags, off=off, size=size,
                          link=link, align=align))
    strs = shdrs[shstrndx]
    for s in shdrs:
        end = data.index(b"\0", strs["off"] + s["name"])
        s["name"] = data[strs["off"] + s["name"]:end].decode()
    return shdrs


def count(data, kallsyms_all):
    """(core symbols with symbol 0, their name bytes, module memory)"""
    shdrs = sections(data)
    symtab = next(s for s in shdrs if s["type"] == 2)  # SHT_SYMTAB
    strtab = shdrs[symtab["link"]]
    pcpu = next((i for i, s in enumerate(shdrs) if s["name"] == ".data..percpu"), None)
    livepatch = any(s["name"].startswith(".klp.rela.") for s in shdrs)
    mem = sum(s["size"] for s in shdrs
              if s["flags"] & SHF_ALLOC and not s["name"].startswith(".init")
              and s["name"] not in (".modinfo", "__versions", ".data..percpu"))
    nsyms, nbytes = 1, 1
    for i in range(1, symtab["size"] // ELF_SYM):
        st_name, _, _, shndx, _, _ = struct.unpack_from(
            "<IBBHQQ", data, symtab["off"] + i * ELF_SYM)
        keep = livepatch
        if not keep and shndx != SHN_UNDEF and shndx < len(shdrs) and st_name:
            sec = shdrs[shndx]
            if kallsyms_all and shndx == pcpu:
                keep = True
            else:
                keep = (sec["flags"] & SHF_ALLOC
                        and (kallsyms_all or sec["flags"] & SHF_EXECINSTR)
                        and not sec["name"].startswith(".init"))
        if keep:
            nsyms += 1
            end = data.index(b"\0", strtab["off"] + st_name)
            nbytes += end - strtab["off"] - st_name + 1
    return nsyms, nbytes, mem + nsyms * (ELF_SYM + 1) + nbytes


def name_bits(n):
    return max(n.bit_length() - 2, 1)


def room(n, layout):
    if layout == "stock":
        return 0
    if layout == "u32":
        return (2 * n + (1 << name_bits(n)) + 1) * 4
    width = 1 if n < 256 else 2 if n < 65536 else 4
    return 32 + (2 * n + (1 << name_bits(n)) + 1) * width


def read(path):
    with open(path, "rb") as f:
        raw = f.read()
    if path.endswith(".xz"):
        return lzma.decompress(raw)
    if path.endswith(".zst"):
        import subprocess
        return subprocess.run(["zstd", "-dc", path], capture_output=True, check=True).stdout
    return raw


def main():
    files = sorted(os.path.join(d, f) for top in sys.argv[1:]
                   for d, _, fs in os.walk(top) for f in fs
                   if f.endswith((".ko", ".ko.xz", ".ko.zst")))
    rows = {True: [], False: []}
    for path in files:
        data = read(path)
        for kall in rows:
            rows[kall].append(count(data, kall) + (os.path.basename(path),))
    print(f"{len(files)} modules\n")
    print("| KALLSYMS_ALL | core symbols | layout | room, all loaded | median | p90 | worst |")
    print("|---|---|---|---|---|---|---|")
    for kall, mods in rows.items():
        for layout in ("u32", "sized"):
            shares = sorted(room(n, layout) / mem for n, _, mem, _ in mods)
            total = sum(room(n, layout) for n, _, _, _ in mods)
            worst = max(mods, key=lambda m: room(m[0], layout) / m[2])
            pick = lambda q: shares[min(len(shares) - 1, int(q * len(shares)))]
            print(f"| {'y' if kall else 'n'} | {sum(m[0] for m in mods)} | {layout} | "
                  f"{total / 1024:.0f} KiB | {100 * pick(0.5):.2f}% | "
                  f"{100 * pick(0.9):.2f}% | {100 * shares[-1]:.2f}% ({worst[3]}) |")


if __name__ == "__main__":
    main()
