/// Reading the undefined external symbols of a slice from its `LC_SYMTAB` symbol table.
///
/// `symtab_command` (`<mach-o/loader.h>`) gives `symoff`, `nsyms`, `stroff` and `strsize`,
/// offsets from the start of the slice's header. The table holds `nlist_64` entries (16 bytes:
/// `n_strx`, `n_type`, `n_sect`, `n_desc`, `n_value`) in a 64-bit slice and `nlist` entries
/// (12 bytes) in a 32-bit one (`<mach-o/nlist.h>`). An entry is an import when it is not a
/// debugging entry (`N_STAB` clear), its kind is `N_UNDF` and `N_EXT` is set.
///
/// The linker keeps these entries in linked executables and dylibs, and `strip` usually keeps
/// them, but an image may name some imports only in its chained fixups or bind opcodes, which
/// `MachOSlice+Imports.swift` reads too. Functions called through a pointer looked up at run
/// time (`dlsym`) and Objective-C methods never appear as imports.
extension MachOSlice {
  /// The most symbol table entries (or chained-fixup imports) read from one slice.
  package static let maxSymbols = 1_000_000
  /// The most bytes of symbol names read from one slice's string table.
  package static let maxSymbolNameBytes = 64 << 20

  /// Adds the undefined external symbols of the table `command` describes to `imports`.
  ///
  /// - Parameters:
  ///   - body: the slice, in its byte order.
  ///   - command: the `LC_SYMTAB` command (at least 24 bytes).
  ///   - is64Bit: true for `nlist_64` entries.
  ///   - imports: where the names go, each without one leading underscore; empty names (and
  ///     `n_strx` 0, which `<mach-o/nlist.h>` defines as no name) are left out. The names read
  ///     before an error stay.
  /// - Throws: `.malformed` naming the field's absolute offset when the entries or the string
  ///   table leave the slice, or a name's index leaves the string table or has no NUL before
  ///   its end; `.limitExceeded` when `nsyms` is over `maxSymbols` or the names read pass
  ///   `maxSymbolNameBytes`.
  static func readSymbolTable(
    _ body: ByteWindow, command: ByteWindow, is64Bit: Bool, into imports: inout MachOImports
  ) throws(BundleError) {
    let lc = command
    let symbolOffset = Int(try lc.u32(8))
    let count = Int(try lc.u32(12))
    let stringOffset = Int(try lc.u32(16))
    let stringSize = Int(try lc.u32(20))
    guard count <= maxSymbols else {
      throw .limit(
        "LC_SYMTAB lists \(count) symbols; at most \(maxSymbols) are read", at: lc.absolute(12))
    }
    let entrySize = is64Bit ? 16 : 12
    guard body.contains(symbolOffset, count * entrySize) else {
      throw .malformed(
        "the symbol table (symoff \(symbolOffset), \(count) entries of \(entrySize) bytes) "
          + "runs past the end of the slice (\(body.count) bytes)", at: lc.absolute(8))
    }
    guard body.contains(stringOffset, stringSize) else {
      throw .malformed(
        "the string table (stroff \(stringOffset), strsize \(stringSize)) runs past the end "
          + "of the slice (\(body.count) bytes)", at: lc.absolute(16))
    }
    let entries = try body.window(symbolOffset, count * entrySize)
    let strings = try body.window(stringOffset, stringSize)
    var seenIndices: Set<Int> = []
    var bytesRead = 0
    for index in 0..<count {
      let entry = index * entrySize
      let type = try entries.u8(entry + 4)
      guard type & SymbolType.stab == 0,
        type & SymbolType.typeMask == SymbolType.undefined,
        type & SymbolType.external != 0
      else { continue }
      let stringIndex = Int(try entries.u32(entry))
      // `n_strx` 0 is a symbol without a name (`<mach-o/nlist.h>`).
      guard stringIndex != 0, seenIndices.insert(stringIndex).inserted else { continue }
      guard
        let name = try strings.importName(
          at: stringIndex, counting: &bytesRead, entry: entries.absolute(entry))
      else {
        throw .malformed(
          "symbol \(index) names string \(stringIndex); expected a NUL-terminated string "
            + "inside the \(stringSize)-byte string table", at: entries.absolute(entry))
      }
      guard !name.isEmpty else { continue }
      try imports.insert(name[...], from: .symbolTable, at: entries.absolute(entry))
    }
  }
}

extension MachOFile {
  /// The undefined external symbols of every slice, together (see
  /// `MachOSlice.importedSymbols`).
  package var importedSymbols: Set<String> {
    slices.reduce(into: Set<String>()) { $0.formUnion($1.importedSymbols) }
  }

  /// A thin arm64 iOS executable that imports `symbols`, links `libraries` and has nothing
  /// else: for rule examples, which describe a bundle without building Mach-O bytes.
  ///
  /// - Parameters:
  ///   - symbols: the imported names, without the leading underscore (read from `LC_SYMTAB`).
  ///   - libraries: install names of linked libraries (`LC_LOAD_DYLIB`).
  /// - Returns: the file, with one slice at offset 0 and size 0.
  package static func example(
    importing symbols: Set<String>, linking libraries: [String] = []
  ) -> MachOFile {
    var slice = MachOSlice(
      offset: 0, size: 0, cpuType: CPUType.arm64, cpuSubtype: 0, architecture: "arm64",
      is64Bit: true, isBigEndian: false, fileType: .execute, flags: 0, buildVersions: [],
      linkedLibraries: libraries.map { LinkedLibrary(path: $0, kind: .load) },
      codeSignature: nil)
    slice.imports = MachOImports(symbols)
    return MachOFile(slices: [slice], isUniversal: false)
  }
}

extension ByteWindow {
  /// The import name at `offset` of this string table, read in one scan, its bytes counted in
  /// `bytesRead` against `MachOSlice.maxSymbolNameBytes` (the symbol table and the chained
  /// fixups share this reading).
  ///
  /// - Parameters:
  ///   - offset: the name's offset in the table.
  ///   - bytesRead: the name bytes read so far from the slice's table; the name's are added.
  ///   - entry: the absolute offset of the entry naming it, for the error.
  /// - Returns: the name (empty for an empty string), or nil when `offset` is outside the
  ///   table or no NUL ends the name before the table does.
  /// - Throws: `.limitExceeded` when the names read pass `maxSymbolNameBytes`.
  func importName(
    at offset: Int, counting bytesRead: inout Int, entry: Int
  ) throws(BundleError) -> String? {
    guard offset >= 0, offset < count else { return nil }
    let from = start &+ offset
    guard let nul = bytes[from..<(start &+ count)].firstIndex(of: 0) else { return nil }
    bytesRead += nul - from
    guard bytesRead <= MachOSlice.maxSymbolNameBytes else {
      throw .limit(
        "the imported symbols' names pass \(MachOSlice.maxSymbolNameBytes) bytes", at: entry)
    }
    return String(decoding: bytes[from..<nul], as: UTF8.self)
  }

  /// The number of bytes before the first NUL at or after `offset`, or nil when `offset` is
  /// outside the window or no NUL comes before its end.
  func lengthOfCString(at offset: Int) -> Int? {
    guard offset >= 0, offset < count else { return nil }
    let from = start &+ offset
    guard let nul = bytes[from..<(start &+ count)].firstIndex(of: 0) else { return nil }
    return nul - from
  }
}
