/// The symbols one Mach-O slice imports, where each name was read, and what could not be read.
///
/// A linked image names what it imports in up to three places (`<mach-o/loader.h>`,
/// `<mach-o/fixup-chains.h>`): the undefined externals of its symbol table (`LC_SYMTAB`), the
/// import table of `LC_DYLD_CHAINED_FIXUPS` (Xcode 13 and later, for iOS 15 and macOS 12
/// deployment targets), and the bind, weak-bind and lazy-bind opcode streams of
/// `LC_DYLD_INFO` / `LC_DYLD_INFO_ONLY` (older images). A stripped image may carry its imports
/// in the last two only. Each table is read on its own: one that breaks its format adds a
/// problem and keeps the names read before it broke, and the other tables still read.
package struct MachOImports: Sendable, Equatable {
  /// The places a name can be read from.
  package struct Source: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8

    /// Creates a set of sources from its bits.
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// An undefined external entry of `LC_SYMTAB`.
    package static let symbolTable = Source(rawValue: 1)
    /// An import of `LC_DYLD_CHAINED_FIXUPS`.
    package static let chainedFixups = Source(rawValue: 2)
    /// A bind of the `LC_DYLD_INFO` bind opcodes.
    package static let bind = Source(rawValue: 4)
    /// A bind of the weak-bind opcodes.
    package static let weakBind = Source(rawValue: 8)
    /// A bind of the lazy-bind opcodes.
    package static let lazyBind = Source(rawValue: 16)

    /// The sources' names, in a fixed order (`LC_SYMTAB`, `chained fixups`, `bind opcodes`,
    /// `weak-bind opcodes`, `lazy-bind opcodes`).
    package var names: [String] {
      [
        (Source.symbolTable, "LC_SYMTAB"), (.chainedFixups, "chained fixups"),
        (.bind, "bind opcodes"), (.weakBind, "weak-bind opcodes"),
        (.lazyBind, "lazy-bind opcodes"),
      ].compactMap { contains($0.0) ? $0.1 : nil }
    }
  }

  /// The imported names, each without one leading underscore (`stat`,
  /// `OBJC_CLASS_$_EKEventStore`, `$sSo12EKEventStoreCMa`).
  package private(set) var names: Set<String> = []
  /// Where each name was read.
  package private(set) var sources: [String: Source] = [:]
  /// The tables that did not read to their end, each with its reason and absolute offset; the
  /// names read before each stopped are kept.
  package var problems: [BundleError] = []
  /// Bytes of distinct names kept so far (bounded by `MachOSlice.maxSymbolNameBytes`).
  private var nameBytes = 0

  /// No imports.
  package init() {}

  /// The names `names`, as read from `source`: for rule examples.
  package init(_ names: Set<String>, from source: Source = .symbolTable) {
    for name in names { sources[name] = source }
    self.names = names
  }

  /// True when nothing was read and nothing failed.
  package var isEmpty: Bool { names.isEmpty && problems.isEmpty }

  /// Adds `rawName` as read from `source`, dropping one leading underscore; empty names are
  /// ignored.
  ///
  /// - Throws: `.limitExceeded` at `offset` when the distinct names kept pass
  ///   `MachOSlice.maxSymbolNameBytes` bytes.
  mutating func insert(
    _ rawName: Substring, from source: Source, at offset: Int
  ) throws(BundleError) {
    let name = rawName.hasPrefix("_") ? rawName.dropFirst() : rawName
    guard !name.isEmpty else { return }
    let key = String(name)
    if let known = sources[key] {
      sources[key] = known.union(source)
      return
    }
    nameBytes += key.utf8.count
    guard nameBytes <= MachOSlice.maxSymbolNameBytes else {
      throw .limit(
        "the imported symbols' names pass \(MachOSlice.maxSymbolNameBytes) bytes", at: offset)
    }
    sources[key] = source
    names.insert(key)
  }
}
