/// Reading a slice's imports from every table that names them: `LC_SYMTAB`,
/// `LC_DYLD_CHAINED_FIXUPS` and the opcodes of `LC_DYLD_INFO` / `LC_DYLD_INFO_ONLY`.
///
/// Each table is read on its own and a broken one never makes the slice unreadable: its error
/// goes to `MachOImports.problems` and the names read before it broke are kept.
///
/// `LC_DYLD_CHAINED_FIXUPS` is a `linkedit_data_command` (`dataoff`, `datasize`, from the start
/// of the slice) pointing at a `dyld_chained_fixups_header` (`<mach-o/fixup-chains.h>`): seven
/// 32-bit fields, `fixups_version` (0), `starts_offset`, `imports_offset`, `symbols_offset`,
/// `imports_count`, `imports_format` and `symbols_format`, offsets from the header. The import
/// table holds `imports_count` entries in one of three formats:
///
/// | format | entry | name offset |
/// | --- | --- | --- |
/// | 1 `DYLD_CHAINED_IMPORT` | 4 bytes | bits 9–31 |
/// | 2 `DYLD_CHAINED_IMPORT_ADDEND` | 4 bytes, then a 32-bit addend | bits 9–31 |
/// | 3 `DYLD_CHAINED_IMPORT_ADDEND64` | 8 bytes, then a 64-bit addend | bits 32–63 |
///
/// (the low bits are the library ordinal, 8 or 16 bits, then the weak-import bit). A name
/// offset is from `symbols_offset`, a NUL-terminated string inside the fixups data.
/// `symbols_format` 0 is plain strings; 1 is zlib-compressed, which infoscope does not link, so
/// those names are not read and a problem says so.
extension MachOSlice {
  /// The import tables a slice's load commands point at, and the commands that were refused.
  struct ImportTables {
    var symbolTable: ByteWindow?
    var dyldInfo: ByteWindow?
    var chainedFixups: ByteWindow?
    var problems: [BundleError] = []

    /// Keeps the command `lc` (load command `index`) when it is large enough and the first of
    /// its kind; otherwise records why it is skipped.
    mutating func note(_ lc: ByteWindow, command: UInt32, index: Int) {
      let (name, minimum): (String, Int) =
        switch command {
        case LoadCommand.symtab: ("LC_SYMTAB", 24)
        case LoadCommand.dyldInfo: ("LC_DYLD_INFO", 48)
        case LoadCommand.dyldInfoOnly: ("LC_DYLD_INFO_ONLY", 48)
        default: ("LC_DYLD_CHAINED_FIXUPS", 16)
        }
      guard lc.count >= minimum else {
        problems.append(
          .malformed(
            "load command \(index) (\(name)) has cmdsize \(lc.count); expected at least "
              + "\(minimum), so its imports are not read", at: lc.absolute(4)))
        return
      }
      switch command {
      case LoadCommand.symtab:
        guard symbolTable == nil else { return second("LC_SYMTAB", lc) }
        symbolTable = lc
      case LoadCommand.dyldInfo, LoadCommand.dyldInfoOnly:
        guard dyldInfo == nil else { return second("LC_DYLD_INFO", lc) }
        dyldInfo = lc
      default:
        guard chainedFixups == nil else { return second("LC_DYLD_CHAINED_FIXUPS", lc) }
        chainedFixups = lc
      }
    }

    private mutating func second(_ name: String, _ lc: ByteWindow) {
      problems.append(
        .malformed("the slice has a second \(name); only the first is read", at: lc.absolute(0)))
    }
  }

  /// The imports of every table in `tables`, each read on its own (see the extension's
  /// documentation); never throws.
  static func readImports(
    _ body: ByteWindow, tables: ImportTables, is64Bit: Bool
  ) -> MachOImports {
    var imports = MachOImports()
    imports.problems = tables.problems
    if let lc = tables.symbolTable {
      do {
        try readSymbolTable(body, command: lc, is64Bit: is64Bit, into: &imports)
      } catch {
        imports.problems.append(error)
      }
    }
    if let lc = tables.chainedFixups {
      do {
        try readChainedFixups(body, command: lc, into: &imports)
      } catch {
        imports.problems.append(error)
      }
    }
    if let lc = tables.dyldInfo {
      // bind_off/bind_size, weak_bind_off/…, lazy_bind_off/… at 16, 24 and 32.
      let streams: [(field: Int, kind: BindStream)] = [
        (16, .bind), (24, .weakBind), (32, .lazyBind),
      ]
      for (field, kind) in streams {
        do {
          try readBindOpcodes(body, command: lc, field: field, kind: kind, into: &imports)
        } catch {
          imports.problems.append(error)
        }
      }
    }
    return imports
  }

  /// The known `imports_format` values: entry size and how to take the name offset.
  private static func importFormat(_ format: UInt32) -> (name: String, size: Int)? {
    switch format {
    case 1: ("DYLD_CHAINED_IMPORT", 4)
    case 2: ("DYLD_CHAINED_IMPORT_ADDEND", 8)
    case 3: ("DYLD_CHAINED_IMPORT_ADDEND64", 16)
    default: nil
    }
  }

  /// Adds the imports of the chained fixups `command` points at to `imports`.
  ///
  /// - Throws: `.malformed` at the field's absolute offset when the fixups data leaves the
  ///   slice, the header is cut short, `fixups_version` is not 0, `imports_format` or
  ///   `symbols_format` is unknown, the import table or the symbol strings leave the fixups
  ///   data, or a name offset leaves the strings or has no NUL before their end;
  ///   `.limitExceeded` when `imports_count` passes `maxSymbols` or the names pass
  ///   `maxSymbolNameBytes`; `.unrecognized` for zlib-compressed names (`symbols_format` 1).
  static func readChainedFixups(
    _ body: ByteWindow, command lc: ByteWindow, into imports: inout MachOImports
  ) throws(BundleError) {
    let dataOffset = Int(try lc.u32(8))
    let dataSize = Int(try lc.u32(12))
    guard body.contains(dataOffset, dataSize) else {
      throw .malformed(
        "the chained fixups (dataoff \(dataOffset), datasize \(dataSize)) run past the end of "
          + "the slice (\(body.count) bytes)", at: lc.absolute(8))
    }
    let data = try body.window(dataOffset, dataSize)
    guard dataSize >= 28 else {
      throw .malformed(
        "the chained fixups header needs 28 bytes but datasize is \(dataSize)",
        at: lc.absolute(12))
    }
    let version = try data.u32(0)
    guard version == 0 else {
      throw .malformed(
        "the chained fixups have fixups_version \(version); only version 0 is known",
        at: data.absolute(0))
    }
    let importsOffset = Int(try data.u32(8))
    let symbolsOffset = Int(try data.u32(12))
    let count = Int(try data.u32(16))
    let formatNumber = try data.u32(20)
    let symbolsFormat = try data.u32(24)
    guard let format = importFormat(formatNumber) else {
      throw .malformed(
        "the chained fixups have imports_format \(formatNumber); expected 1 "
          + "(DYLD_CHAINED_IMPORT), 2 (…_ADDEND) or 3 (…_ADDEND64)", at: data.absolute(20))
    }
    guard count <= maxSymbols else {
      throw .limit(
        "the chained fixups list \(count) imports; at most \(maxSymbols) are read",
        at: data.absolute(16))
    }
    guard data.contains(importsOffset, count * format.size) else {
      throw .malformed(
        "the chained fixups' import table (imports_offset \(importsOffset), \(count) entries "
          + "of \(format.size) bytes) runs past the end of the \(dataSize)-byte fixups data",
        at: data.absolute(8))
    }
    guard count > 0 else { return }
    switch symbolsFormat {
    case 0: break
    case 1:
      throw BundleError(
        .unrecognized,
        "the chained fixups' \(count) import names are zlib-compressed (symbols_format 1), "
          + "which infoscope does not read", offset: data.absolute(24))
    default:
      throw .malformed(
        "the chained fixups have symbols_format \(symbolsFormat); expected 0 (plain) or 1 "
          + "(zlib)", at: data.absolute(24))
    }
    guard symbolsOffset >= 0, symbolsOffset <= dataSize else {
      throw .malformed(
        "the chained fixups' symbols_offset \(symbolsOffset) is past the end of the "
          + "\(dataSize)-byte fixups data", at: data.absolute(12))
    }
    let strings = try data.window(symbolsOffset, dataSize - symbolsOffset)
    let table = try data.window(importsOffset, count * format.size)
    var seenOffsets: Set<Int> = []
    var bytesRead = 0
    for index in 0..<count {
      let entry = index * format.size
      let nameOffset: Int
      if formatNumber == 3 {
        nameOffset = Int(try table.u64(entry) >> 32)
      } else {
        nameOffset = Int(try table.u32(entry) >> 9)
      }
      // Each string is scanned once, and the bytes scanned are bounded.
      guard seenOffsets.insert(nameOffset).inserted else { continue }
      guard
        let name = try strings.importName(
          at: nameOffset, counting: &bytesRead, entry: table.absolute(entry))
      else {
        throw .malformed(
          "chained-fixup import \(index) names string \(nameOffset); expected a "
            + "NUL-terminated string inside the \(strings.count) bytes after symbols_offset",
          at: table.absolute(entry))
      }
      guard !name.isEmpty else { continue }
      try imports.insert(name[...], from: .chainedFixups, at: table.absolute(entry))
    }
  }
}

extension LoadCommand {
  /// `LC_DYLD_INFO`.
  static let dyldInfo: UInt32 = 0x22
  /// `LC_DYLD_INFO_ONLY`.
  static let dyldInfoOnly: UInt32 = 0x22 | requiredByDyld
  /// `LC_DYLD_CHAINED_FIXUPS`.
  static let dyldChainedFixups: UInt32 = 0x34 | requiredByDyld
}
