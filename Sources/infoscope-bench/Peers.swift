import Foundation

/// One implementation the bench measures: ours or a peer, and how to run it.
struct Implementation: Sendable {
  /// Short stable identifier (`ours`, `foundation`, `plistlib`, `libplist`, `plistutil`, `plutil`).
  var id: String
  /// What the table calls it.
  var name: String
  /// True for infoscope's own codec.
  var isOurs: Bool
  /// True when the time is the whole command's wall time (process start, file reading and
  /// writing included), not an in-process measurement.
  var wholeCommand: Bool
  /// Why it cannot run here, or nil when it can.
  var absentReason: String?
  /// True when its parse-plus-write writes the other format, so it is shown but not compared.
  var writesOtherFormat = false
  /// The command line for one measured run, or nil when it does not do this operation.
  ///
  /// Arguments: operation, format, input path, measurement budget in seconds.
  var command: @Sendable (BenchOperation, BenchFormat, String, Double) -> [String]?
}

/// Finds and describes the implementations present on this machine.
enum Peers {
  /// Every implementation, present or not, ours first.
  ///
  /// - Parameters:
  ///   - bench: the absolute path of this executable (children re-run it with `--child`).
  ///   - spawner: used to probe Python and libplist.
  /// - Returns: our implementation first, then each peer, absent ones marked so.
  static func discover(bench: String, spawner: Spawner) -> [Implementation] {
    let python = pythonExecutable(spawner)
    // The peers write their output into the scratch folder, never onto a system path such as
    // /dev/null (a tool that writes by renaming a temporary file would replace it).
    let output = spawner.scratch + "/peer-output"
    var list: [Implementation] = []
    for (id, name) in [
      ("ours", "infoscope (ours)"), ("foundation", "Foundation PropertyListSerialization"),
    ] {
      list.append(
        Implementation(id: id, name: name, isOurs: id == "ours", wholeCommand: false) {
          op, format, path, budget in
          [bench, "--child", id, op.rawValue, format.rawValue, path, String(budget)]
        })
    }
    list.append(
      Implementation(
        id: "plistlib", name: "Python plistlib", isOurs: false, wholeCommand: false,
        absentReason: python == nil ? "python3 not found" : nil
      ) { op, format, path, budget in
        python.map {
          [$0, "-c", plistlibScript, op.rawValue, format.rawValue, path, String(budget)]
        }
      })
    var libplistName = "libplist (ctypes)"
    var libplistAbsent: String? = "python3 not found (libplist is driven through ctypes)"
    if let python {
      let probe = spawner.run([python, "-c", libplistScript, "probe", "xml", "/dev/null", "0"])
      if let probe, probe.status == 0 {
        libplistName = "libplist (ctypes, \(probe.stdout.trimmed))"
        libplistAbsent = nil
      } else {
        libplistAbsent = "libplist shared library not found"
      }
    }
    list.append(
      Implementation(
        id: "libplist", name: libplistName, isOurs: false, wholeCommand: false,
        absentReason: libplistAbsent
      ) { op, format, path, budget in
        python.map {
          [$0, "-c", libplistScript, op.rawValue, format.rawValue, path, String(budget)]
        }
      })
    // plistutil copies its input unchanged when asked for the format it is already in, so its
    // parse-plus-write converts to the other format, and is shown but not used in ratios.
    let plistutil = Spawner.which("plistutil")
    list.append(
      Implementation(
        id: "plistutil", name: "plistutil", isOurs: false, wholeCommand: true,
        absentReason: plistutil == nil ? "plistutil not installed (Debian libplist-utils)" : nil,
        writesOtherFormat: true
      ) { op, format, path, _ in
        guard op == .roundtrip, let plistutil else { return nil }
        return [plistutil, "-i", path, "-o", output, "-f", format == .xml ? "bin" : "xml"]
      })
    let plutil = Spawner.which("plutil")
    list.append(
      Implementation(
        id: "plutil", name: "plutil (toolchain)", isOurs: false, wholeCommand: true,
        absentReason: plutil == nil ? "plutil not found beside swift" : nil
      ) { op, format, path, _ in
        guard let plutil else { return nil }
        switch op {
        case .parse: return [plutil, "-lint", path]
        case .roundtrip:
          return [plutil, "-convert", format == .xml ? "xml1" : "binary1", "-o", output, path]
        }
      })
    return list
  }

  /// The real Python interpreter (not a version-manager shim), or nil.
  static func pythonExecutable(_ spawner: Spawner) -> String? {
    guard let shim = Spawner.which("python3"),
      let result = spawner.run([shim, "-c", "import sys; print(sys.executable)"]),
      result.status == 0
    else { return nil }
    let path = result.stdout.trimmed
    return path.isEmpty ? shim : path
  }

  /// Times `plistlib.loads` (and `dumps` for a round trip) in-process.
  ///
  /// Arguments: operation, format, file, budget seconds.
  static let plistlibScript = """
    import sys, time, plistlib
    op, fmt, path, budget = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
    data = open(path, 'rb').read()
    out = plistlib.FMT_XML if fmt == 'xml' else plistlib.FMT_BINARY
    best, spent, n = float('inf'), 0.0, 0
    while True:
        t = time.perf_counter()
        v = plistlib.loads(data)
        if op == 'roundtrip':
            w = plistlib.dumps(v, fmt=out, sort_keys=False)
        t = time.perf_counter() - t
        v = w = None
        best, spent, n = min(best, t), spent + t, n + 1
        if spent >= budget or n >= 10000:
            break
    print('seconds=%r iterations=%d' % (best, n))
    """

  /// Times libplist's `plist_from_xml`/`plist_from_bin` (and `plist_to_*` for a round trip).
  ///
  /// Called through ctypes; frees outside the timed part. `probe` prints the library's file name.
  static let libplistScript = """
    import sys, time, ctypes, ctypes.util
    op, fmt, path, budget = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
    name = ctypes.util.find_library('plist-2.0') or ctypes.util.find_library('plist')
    if name is None:
        sys.exit('libplist not found')
    if op == 'probe':
        print(name)
        sys.exit(0)
    lib = ctypes.CDLL(name)
    P = ctypes.c_void_p
    parse = lib.plist_from_xml if fmt == 'xml' else lib.plist_from_bin
    parse.argtypes = [ctypes.c_char_p, ctypes.c_uint32, ctypes.POINTER(P)]
    parse.restype = None
    write = lib.plist_to_xml if fmt == 'xml' else lib.plist_to_bin
    write.argtypes = [P, ctypes.POINTER(P), ctypes.POINTER(ctypes.c_uint32)]
    write.restype = None
    free_name = 'plist_to_xml_free' if fmt == 'xml' else 'plist_to_bin_free'
    release = getattr(lib, free_name, None) or ctypes.CDLL(None).free
    release.argtypes = [P]
    lib.plist_free.argtypes = [P]
    data = open(path, 'rb').read()
    best, spent, n = float('inf'), 0.0, 0
    while True:
        root, out, size = P(), P(), ctypes.c_uint32()
        t = time.perf_counter()
        parse(data, len(data), ctypes.byref(root))
        if op == 'roundtrip' and root.value:
            write(root, ctypes.byref(out), ctypes.byref(size))
        t = time.perf_counter() - t
        if not root.value:
            sys.exit('libplist could not parse the file')
        if out.value:
            release(out)
        lib.plist_free(root)
        best, spent, n = min(best, t), spent + t, n + 1
        if spent >= budget or n >= 10000:
            break
    print('seconds=%r iterations=%d' % (best, n))
    """
}

extension String {
  /// The string without surrounding white space and newlines.
  var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
