#!/usr/bin/env python3
"""Writes small built-in fuzz seeds of one kind into a folder: make-seeds.py KIND DIR.

Used by run.sh for kinds the shared corpus has no files of (Mach-O, CMS, ZIP, xcconfig, key
paths) and for every kind when the corpus is absent. Every seed is made here, from nothing.
"""
import io, os, plistlib, struct, subprocess, sys, tempfile, zipfile

XML = b"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>CFBundleIdentifier</key>
\t<string>com.example.app</string>
\t<key>CFBundleVersion</key>
\t<string>1</string>
\t<key>LSRequiresIPhoneOS</key>
\t<true/>
\t<key>Count</key>
\t<integer>-42</integer>
\t<key>Ratio</key>
\t<real>1.5</real>
\t<key>When</key>
\t<date>2024-01-02T03:04:05Z</date>
\t<key>Blob</key>
\t<data>AAECAw==</data>
\t<key>List</key>
\t<array><string>a &amp; b</string><dict/></array>
</dict>
</plist>
"""
VALUE = {"CFBundleIdentifier": "com.example.app", "Count": -42, "Ratio": 1.5,
         "Blob": b"\x00\x01\x02", "List": ["a", {"b": True}], "Big": 1 << 40}
ASCII = [b'{ CFBundleIdentifier = "com.example.app"; List = (a, "b c", <0fbd>); '
         b'Nested = { k = v; }; }\n',
         b'/* comment */\n"greeting" = "Hello \\U00e9";\n"key";\n',
         b'{ a = <*I12>; b = <*R1.5>; c = <*BY>; d = <*D2024-01-02 03:04:05 +0000>; }']
PBXPROJ = b"""// !$*UTF8*$!
{
\tarchiveVersion = 1;
\tobjectVersion = 56;
\tobjects = {
\t\tP1 = {isa = PBXProject; buildConfigurationList = L1; targets = (T1); mainGroup = G1; };
\t\tG1 = {isa = PBXGroup; children = (F1); sourceTree = "<group>"; };
\t\tF1 = {isa = PBXFileReference; path = Base.xcconfig; sourceTree = "<group>"; };
\t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
\t\tT1 = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildConfigurationList = L2; };
\t\tL2 = {isa = XCConfigurationList; buildConfigurations = (C2); };
\t\tC1 = {isa = XCBuildConfiguration; name = Debug; buildSettings = { SDKROOT = iphoneos; }; };
\t\tC2 = {isa = XCBuildConfiguration; name = Debug; baseConfigurationReference = F1; buildSettings = { GENERATE_INFOPLIST_FILE = YES; INFOPLIST_FILE = Info.plist; INFOPLIST_KEY_CFBundleDisplayName = "$(PRODUCT_NAME)"; "INFOPLIST_KEY_UIStatusBarStyle[sdk=iphoneos*]" = Light; PRODUCT_BUNDLE_IDENTIFIER = "com.example.$(TARGET_NAME:lower)"; MARKETING_VERSION = 1.0; }; };
\t};
\trootObject = P1;
}
"""
JSON = [b'{"images":[{"filename":"icon.png","idiom":"universal","platform":"ios","size":"1024x1024"},'
        b'{"appearances":[{"appearance":"luminosity","value":"dark"}],"idiom":"universal",'
        b'"platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}',
        b'{"images":[{"idiom":"mac","scale":"2x","size":"16x16","filename":"icon.png"}]}']
JSON_PLIST = [b'[0, -0, 1.5e-3, -12.25E+2, 9223372036854775807, 18446744073709551615, '
              b'18446744073709551616, -9223372036854775808, true, false, [], {}]',
              b'{"s": "\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\ud83d\\ude00", "dup": 1, "dup": [2]}',
              b'\n{\n  "a" : {\n    "b" : [\n      { "c" : "\xc3\xa9" }\n    ]\n  }\n}\n']
XCCONFIG = [b'#include "Base.xcconfig"\n// comment\nPRODUCT_NAME = App\n'
            b'OTHER_LDFLAGS = $(inherited) -ObjC\nINFOPLIST_KEY_X[sdk=iphoneos*][arch=arm64] = y\n',
            b'#include? "Missing.xcconfig"\nA = $(B:lower)_$(C)\nB=${A}\n']
KEYPATHS = [b"CFBundleURLTypes[0].CFBundleURLSchemes[1]", b'"a.b".c', b"a[12]",
            b'NSAppTransportSecurity."exception.example.com"', b""]


def u32(v): return struct.pack("<I", v)


def macho():
    """A 64-bit arm64 executable with LC_BUILD_VERSION, LC_LOAD_DYLIB and LC_UUID, thin and fat,
    signed, and with a symbol table."""
    name = b"/usr/lib/libSystem.B.dylib\0"
    name += b"\0" * (-len(name) % 8)
    dylib = u32(0xC) + u32(24 + len(name)) + u32(24) + u32(0) + u32(0x10000) + u32(0x10000) + name
    build = u32(0x32) + u32(24) + u32(2) + u32(0x110000) + u32(0x110000) + u32(0)
    uuid = u32(0x1B) + u32(24) + bytes(range(16))
    cmds = build + dylib + uuid
    header = u32(0xFEEDFACF) + u32(0x0100000C) + u32(0) + u32(2) + u32(3) + u32(len(cmds)) \
        + u32(0x200085) + u32(0)
    thin = header + cmds + b"\0" * 64
    # The same with LC_CODE_SIGNATURE: a SuperBlob holding an XML entitlements blob.
    ents = b'<?xml version="1.0"?><plist version="1.0"><dict><key>get-task-allow</key><true/>' \
        b'</dict></plist>'
    blob = struct.pack(">II", 0xFADE7171, 8 + len(ents)) + ents
    superblob = struct.pack(">III", 0xFADE0CC0, 12 + 8 + len(blob), 1) + struct.pack(">II", 5, 20)
    superblob += blob
    offset = 32 + len(cmds) + 16
    signed_cmds = cmds + u32(0x1D) + u32(16) + u32(offset + 8) + u32(len(superblob))
    signed_header = u32(0xFEEDFACF) + u32(0x0100000C) + u32(0) + u32(2) + u32(4) \
        + u32(len(signed_cmds)) + u32(0x200085) + u32(0)
    signed = signed_header + signed_cmds + b"\0" * 8 + superblob
    fat = struct.pack(">II", 0xCAFEBABE, 1) + struct.pack(">iiIII", 0x0100000C, 0, 4096,
                                                          len(thin), 12)
    fat += b"\0" * (4096 - len(fat)) + thin
    # The same with LC_SYMTAB: nlist_64 entries (imports and a defined symbol) and strings.
    strings = b" \0_stat\0_mach_absolute_time\0_OBJC_CLASS_$_NSUserDefaults\0_main\0"
    names = [(2, 0x01), (8, 0x01), (28, 0x01), (57, 0x0F)]
    symtab_cmds = cmds + u32(0x2) + u32(24)
    symoff = 32 + len(symtab_cmds) + 16 + 16  # header, commands (16 more to come), padding
    stroff = symoff + 16 * len(names)
    symtab_cmds += u32(symoff) + u32(len(names)) + u32(stroff) + u32(len(strings))
    symtab_header = u32(0xFEEDFACF) + u32(0x0100000C) + u32(0) + u32(2) + u32(4) \
        + u32(len(symtab_cmds)) + u32(0x200085) + u32(0)
    table = b"".join(u32(strx) + bytes([kind, 1 if kind == 0x0F else 0, 0, 0]) + b"\0" * 8
                     for strx, kind in names)
    with_symbols = symtab_header + symtab_cmds + b"\0" * 16 + table + strings
    return [thin, fat, signed, with_symbols]


def imports():
    """Inputs of the MachOImports target: a flags byte, 16 fields, then the payload (see the
    target's header): chained fixups, bind opcodes, a symbol table, and all three."""
    def wrap(flags, fields, payload):
        fields = dict(fields)
        return bytes([flags]) + b"".join(u32(fields.get(i, 0)) for i in range(16)) + payload
    names = b"\0_OBJC_CLASS_$_EKEventStore\0_stat\0"
    fixups = struct.pack("<7I", 0, 28, 32, 40, 2, 1, 0) + u32(0)
    fixups += u32(1 | (1 << 9)) + u32(1 | (28 << 9)) + names
    bind = b"\x11\x40_OBJC_CLASS_$_CNContactStore\0\x51\x72\x10\x90\x00"
    lazy = b"\x72\x08\x11\x40_stat\0\x90\x00\x72\x10\x11\x40_lstat\0\x90\x00"
    weak = b"\x40_weak\0\x90\x48_strong\0\x90\xd0\x04\xd1\x00"
    streams = bind + lazy + weak
    strings = b" \0_stat\0_OBJC_CLASS_$_HKHealthStore\0"
    table = u32(2) + bytes([1, 0, 0, 0]) + b"\0" * 8 + u32(8) + bytes([1, 0, 0, 0]) + b"\0" * 8
    return [
        wrap(4, {14: 0, 15: len(fixups)}, fixups),
        wrap(2, {6: 0, 7: len(bind), 10: len(bind), 11: len(lazy), 8: len(bind) + len(lazy),
                 9: len(weak)}, streams),
        wrap(1, {0: 0, 1: 2, 2: len(table), 3: len(strings)}, table + strings),
        wrap(7, {0: 0, 1: 2, 2: len(table), 3: len(strings), 6: len(table + strings),
                 7: len(bind), 14: len(table + strings + bind), 15: len(fixups)},
             table + strings + bind + fixups),
        wrap(12, {14: 0, 15: len(fixups)}, fixups),
    ]


def cms():
    """A signed provisioning profile made with the openssl command (skipped without it)."""
    profile = plistlib.dumps({"Name": "Seed", "TeamIdentifier": ["ABCDE12345"],
                              "Entitlements": {"application-identifier": "ABCDE12345.com.x"},
                              "ExpirationDate": __import__("datetime").datetime(2030, 1, 1)})
    with tempfile.TemporaryDirectory() as tmp:
        key, cert, src = (os.path.join(tmp, n) for n in ("k.pem", "c.pem", "p.plist"))
        open(src, "wb").write(profile)
        try:
            subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout",
                            key, "-out", cert, "-days", "1", "-subj", "/CN=Seed"],
                           check=True, capture_output=True)
            out = subprocess.run(["openssl", "cms", "-sign", "-binary", "-nodetach", "-in", src,
                                  "-signer", cert, "-inkey", key, "-outform", "DER"],
                                 check=True, capture_output=True).stdout
        except (OSError, subprocess.CalledProcessError):
            return []
    return [out]


def zips():
    out = []
    for method in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", method) as z:
            z.writestr("Payload/App.app/Info.plist", XML)
            z.writestr("Payload/App.app/PkgInfo", b"APPL????")
            z.writestr("Payload/App.app/", b"")
        out.append(buf.getvalue())
    return out


def car():
    """A compiled asset catalog: a BOM store with a CAR header, a key format, one asset
    (AppIcon) and two renditions (one a multi-size list), in CoreUI's layout."""
    be = lambda v: struct.pack(">I", v)
    le16 = lambda v: struct.pack("<H", v)
    pad = lambda b, n: b + b"\0" * (n - len(b))
    blocks = [b""]
    def add(data):
        blocks.append(data)
        return len(blocks) - 1
    header = add(b"RATC" + u32(800) + u32(17) + u32(0) + u32(2) + pad(b"CoreUI", 128)
                 + pad(b"seed", 256) + b"\0" * 16 + u32(0) + u32(2) + u32(0) + u32(2))
    fmt = add(b"tmfk" + u32(0) + u32(3) + u32(12) + u32(15) + u32(17))
    meta = add(b"META" + b"\0" * 256 + pad(b"17.0", 256) + pad(b"ios", 256) + b"\0" * 256)
    def csi(name, w, h, scale, layout, flags, tail=b""):
        return (b"ISTC" + u32(1) + u32(flags) + u32(w) + u32(h) + u32(scale * 100) + b"BGRA"
                + u32(0) + u32(0) + le16(layout) + le16(0) + pad(name, 128)
                + u32(0) + u32(1) + u32(0) + u32(len(tail)) + tail)
    sism = b"SISM" + u32(1) + u32(1) + u32(60) + u32(60) + le16(3) + le16(0)
    def tree(entries):
        paths = struct.pack(">HHII", 1, len(entries), 0, 0)
        for key, value in entries:
            v = add(value)
            k = add(key)
            paths += be(v) + be(k)
        return add(b"tree" + be(1) + be(add(paths)) + be(4096) + be(len(entries)) + b"\0")
    facets = tree([(b"AppIcon", le16(0) + le16(0) + le16(1) + le16(17) + le16(6849))])
    rends = tree([(le16(0) + le16(1) + le16(6849), csi(b"AppIcon", 0, 0, 0, 1010, 0, sism)),
                  (le16(2) + le16(1) + le16(6849), csi(b"Icon@2x.png", 120, 120, 2, 12, 8))])
    names = [(b"CARHEADER", header), (b"RENDITIONS", rends), (b"FACETKEYS", facets),
             (b"KEYFORMAT", fmt), (b"EXTENDED_METADATA", meta)]
    body, table = b"", [(0, 0)]
    for block in blocks[1:]:
        table.append((512 + len(body), len(block)))
        body += block
    variables = be(len(names)) + b"".join(be(i) + bytes([len(n)]) + n for n, i in names)
    index = be(len(table)) + b"".join(be(a) + be(b) for a, b in table)
    vars_at = 512 + len(body)
    head = (b"BOMStore" + be(1) + be(len(blocks) - 1) + be(vars_at + len(variables))
            + be(len(index)) + be(vars_at) + be(len(variables)))
    return [pad(head, 512) + body + variables + index]


def seeds(kind):
    if kind == "xml": return [XML]
    if kind == "binary":
        return [plistlib.dumps(VALUE, fmt=plistlib.FMT_BINARY), plistlib.dumps([1, "x", 2.0],
                                                                              fmt=plistlib.FMT_BINARY)]
    if kind == "ascii": return ASCII
    if kind == "pbxproj": return [PBXPROJ]
    if kind == "json": return JSON
    if kind == "json-plist": return JSON_PLIST
    if kind == "xcconfig": return XCCONFIG
    if kind == "keypath": return KEYPATHS
    if kind == "macho": return macho()
    if kind == "imports": return imports()
    if kind == "cms": return cms()
    if kind == "zip": return zips()
    if kind == "car": return car()
    if kind == "values":
        return [b"42", b"-9223372036854775808", b"18446744073709551615", b"0x1F", b"1,234",
                b"1.5e-3", b"-inf", b"nan", b"yes", b"2024-02-29T12:30:00Z",
                b"2024-02-30", b"2001-01-01T00:00:00.5+02:00", b"<de ad be ef>", b"base64:3q2+7w==",
                b"line one\nline two\n\tindented\n", b"\xc3\x28 \xff"]
    if kind == "theme":
        # Our own theme files, from the repository's Themes/ folder.
        themes = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Themes")
        return [open(os.path.join(themes, f), "rb").read()
                for f in sorted(os.listdir(themes)) if f.endswith(".theme")]
    sys.exit(f"make-seeds.py: unknown seed kind {kind}")


if __name__ == "__main__":
    kind, folder = sys.argv[1], sys.argv[2]
    os.makedirs(folder, exist_ok=True)
    for i, data in enumerate(seeds(kind)):
        with open(os.path.join(folder, f"builtin-{kind}-{i}"), "wb") as f:
            f.write(data)
