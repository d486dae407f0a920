import Foundation

extension CommandBench {
  /// Our `infoscope` at `binary`, doing each job the way a user types it.
  static func ours(binary: String) -> CommandImplementation {
    CommandImplementation(
      id: "ours", name: "infoscope (ours)",
      command: { job, document, out in
        switch job {
        case .print: .run([binary, "print", document.path])
        case .convertXML: .run([binary, "convert", document.path, "--to", "xml", "-o", out])
        case .convertBinary:
          .run([binary, "convert", document.path, "--to", "binary", "-o", out])
        case .convertJSON: .run([binary, "convert", document.path, "--to", "json", "-o", out])
        case .get: .run([binary, "get", document.path, document.keyPath])
        case .lint: .run([binary, "lint", document.path])
        }
      },
      succeeded: { job, status in status == 0 || (job == .lint && status == 1) })
  }

  /// The peers present or not, in the table's order: plistutil, Python's plistlib, the
  /// toolchain's plutil, libplist's C API through ctypes.
  ///
  /// - Parameter python: the Python interpreter, or nil when there is none.
  /// - Returns: the four peers, each with its reason when absent.
  static func peers(python: String?) -> [CommandImplementation] {
    [plistutil(), plistlib(python: python), plutil(), libplist(python: python)]
  }

  /// libplist-utils' `plistutil` (2.2.0 here): it converts between XML and binary, nothing else.
  static func plistutil() -> CommandImplementation {
    let path = Spawner.which("plistutil")
    return CommandImplementation(
      id: "plistutil", name: "plistutil",
      absentReason: path == nil ? "not installed (Debian libplist-utils)" : nil,
      command: { job, document, out in
        guard let path else { return .cannot("not installed") }
        switch job {
        case .convertXML, .convertBinary:
          let wanted: BenchFormat = job == .convertXML ? .xml : .binary
          guard document.format != wanted else {
            return .cannot("copies a file already in that format unchanged, without parsing it")
          }
          return .run([path, "-i", document.path, "-o", out, "-f", wanted == .xml ? "xml" : "bin"])
        case .print:
          return .cannot("no print: 2.2.0 has no -p (it prints its usage and exits 0)")
        case .convertJSON: return .cannot("no JSON: 2.2.0 writes only xml and bin")
        case .get: return .cannot("no key path look-up")
        case .lint: return .cannot("no check-only mode")
        }
      })
  }

  /// Python's `plistlib` as a whole process: `python3 -c SCRIPT JOB IN OUT KEYPATH`.
  static func plistlib(python: String?) -> CommandImplementation {
    CommandImplementation(
      id: "plistlib", name: "Python plistlib",
      absentReason: python == nil ? "python3 not found" : nil,
      command: { job, document, out in
        guard let python else { return .cannot("python3 not found") }
        return .run(
          [python, "-c", plistlibScript, job.rawValue, document.path, out, document.slashKeyPath])
      })
  }

  /// The Swift toolchain's `plutil` (Apple's open-source one, in Swift mode on Linux).
  static func plutil() -> CommandImplementation {
    let path = Spawner.which("plutil")
    return CommandImplementation(
      id: "plutil", name: "plutil (toolchain)",
      absentReason: path == nil ? "not found beside swift" : nil,
      command: { job, document, out in
        guard let path else { return .cannot("not found") }
        switch job {
        case .print: return .run([path, "-p", document.path])
        case .convertXML: return .run([path, "-convert", "xml1", "-o", out, document.path])
        case .convertBinary: return .run([path, "-convert", "binary1", "-o", out, document.path])
        case .convertJSON: return .run([path, "-convert", "json", "-o", out, document.path])
        case .get: return .run([path, "-extract", document.plutilKeyPath, "raw", document.path])
        case .lint: return .run([path, "-lint", document.path])
        }
      })
  }

  /// libplist's C API as a whole process: Python loads `libplist-2.0.so.3` with ctypes, reads
  /// the file, parses it, writes it (`plist_to_xml`, `plist_to_bin`) or looks a value up.
  static func libplist(python: String?) -> CommandImplementation {
    CommandImplementation(
      id: "libplist", name: "libplist C API (ctypes)",
      absentReason: python == nil ? "python3 not found (libplist is driven through ctypes)" : nil,
      command: { job, document, out in
        guard let python else { return .cannot("python3 not found") }
        switch job {
        case .print: return .cannot("no text print in libplist 2.2 (plist_print came in 2.3)")
        case .convertJSON:
          return .cannot("no JSON writer in libplist 2.2 (plist_to_json came in 2.3)")
        default:
          return .run(
            [python, "-c", libplistScript, job.rawValue, document.path, out, document.slashKeyPath]
          )
        }
      })
  }

  /// The plistlib peer: load the file, then print it (`pprint`), dump it as XML, binary or JSON
  /// (data as base64, dates as ISO 8601, as ours), print one value, or stop (lint: a syntax
  /// check only).
  ///
  /// Arguments: job, input, output, key path (keys and indexes joined by `/`).
  static let plistlibScript = """
    import sys, plistlib
    job, src, out, path = sys.argv[1:5]
    with open(src, 'rb') as f:
        v = plistlib.load(f)
    if job == 'print':
        import pprint
        pprint.pprint(v, sort_dicts=False)
    elif job == 'convert-xml':
        with open(out, 'wb') as f:
            plistlib.dump(v, f, sort_keys=False)
    elif job == 'convert-binary':
        with open(out, 'wb') as f:
            plistlib.dump(v, f, fmt=plistlib.FMT_BINARY, sort_keys=False)
    elif job == 'convert-json':
        import json, base64, datetime
        def other(x):
            if isinstance(x, bytes):
                return base64.b64encode(x).decode('ascii')
            if isinstance(x, datetime.datetime):
                return x.strftime('%Y-%m-%dT%H:%M:%SZ')
            if isinstance(x, plistlib.UID):
                return {'CF$UID': x.data}
            raise TypeError(type(x).__name__)
        with open(out, 'w', encoding='utf-8') as f:
            json.dump(v, f, default=other, ensure_ascii=False, indent=2)
    elif job == 'get':
        for part in path.split('/'):
            v = v[int(part)] if isinstance(v, list) else v[part]
        print(v)
    """

  /// The libplist peer: read the file, `plist_from_bin` or `plist_from_xml` by its magic, then
  /// `plist_to_xml`/`plist_to_bin` and write, or walk to one string value and print it, or stop
  /// (lint: a syntax check only).
  ///
  /// Arguments: job, input, output, key path (keys and indexes joined by `/`).
  static let libplistScript = """
    import sys, ctypes, ctypes.util
    job, src, out, path = sys.argv[1:5]
    name = ctypes.util.find_library('plist-2.0') or ctypes.util.find_library('plist')
    if name is None:
        sys.exit('libplist not found')
    lib = ctypes.CDLL(name)
    P = ctypes.c_void_p
    data = open(src, 'rb').read()
    parse = lib.plist_from_bin if data[:8] == b'bplist00' else lib.plist_from_xml
    parse.argtypes = [ctypes.c_char_p, ctypes.c_uint32, ctypes.POINTER(P)]
    parse.restype = None
    root = P()
    parse(data, len(data), ctypes.byref(root))
    if not root.value:
        sys.exit('libplist could not parse ' + src)
    if job in ('convert-xml', 'convert-binary'):
        write = lib.plist_to_xml if job == 'convert-xml' else lib.plist_to_bin
        write.argtypes = [P, ctypes.POINTER(P), ctypes.POINTER(ctypes.c_uint32)]
        write.restype = None
        buf, size = P(), ctypes.c_uint32()
        write(root, ctypes.byref(buf), ctypes.byref(size))
        if not buf.value:
            sys.exit('libplist could not write')
        with open(out, 'wb') as f:
            f.write(ctypes.string_at(buf, size.value))
    elif job == 'get':
        lib.plist_get_node_type.argtypes = [P]
        lib.plist_get_node_type.restype = ctypes.c_int
        lib.plist_dict_get_item.argtypes = [P, ctypes.c_char_p]
        lib.plist_dict_get_item.restype = P
        lib.plist_array_get_item.argtypes = [P, ctypes.c_uint32]
        lib.plist_array_get_item.restype = P
        lib.plist_get_string_val.argtypes = [P, ctypes.POINTER(ctypes.c_char_p)]
        node = root.value
        for part in path.split('/'):
            if lib.plist_get_node_type(node) == 4:
                node = lib.plist_array_get_item(node, int(part))
            else:
                node = lib.plist_dict_get_item(node, part.encode())
            if not node:
                sys.exit('no value at ' + path)
        text = ctypes.c_char_p()
        lib.plist_get_string_val(node, ctypes.byref(text))
        print(text.value.decode())
    """
}
