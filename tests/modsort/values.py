# values of the core symtab of a module, laid out as the loader would: text
# sections at one base, the others at another (sizes from the ELF file)
import lzma, struct, sys
sys.path.insert(0, __import__('os').path.join(__import__('os').path.dirname(__file__), '../../scripts'))
import modmem
data = lzma.decompress(open(sys.argv[1], 'rb').read())
sh = modmem.sections(data)
symtab = next(s for s in sh if s['type'] == 2)
base = {}
text, other = 0xffffffffc0200000, 0xffffffffc0800000
for i, s in enumerate(sh):
    if s['flags'] & 2 and not s['name'].startswith('.init'):
        al = max(s['align'], 1)
        if s['flags'] & 4:
            text = (text + al - 1) // al * al; base[i] = text; text += s['size']
        else:
            other = (other + al - 1) // al * al; base[i] = other; other += s['size']
vals = []
for i in range(1, symtab['size'] // 24):
    st_name, info, _, shndx, value, _ = struct.unpack_from('<IBBHQQ', data, symtab['off'] + i * 24)
    if shndx in base and st_name:
        vals.append(base[shndx] + value)
print(len(vals)); print('\n'.join(str(v) for v in vals))
