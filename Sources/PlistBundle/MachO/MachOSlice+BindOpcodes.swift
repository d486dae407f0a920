/// Reading the names a slice binds through the opcode streams of `LC_DYLD_INFO` and
/// `LC_DYLD_INFO_ONLY`.
///
/// `dyld_info_command` (`<mach-o/loader.h>`, 48 bytes) gives the offset and size, from the
/// start of the slice, of five streams; three bind symbols: `bind_off`/`bind_size` at 16,
/// `weak_bind_off`/`weak_bind_size` at 24 and `lazy_bind_off`/`lazy_bind_size` at 32. A
/// stream is a sequence of one-byte opcodes (the high nibble, `BIND_OPCODE_MASK`) with an
/// immediate (the low nibble), some followed by ULEB128 or SLEB128 operands or a
/// NUL-terminated symbol name:
///
/// | opcode | operands |
/// | --- | --- |
/// | `0x00` `DONE` | ends the stream (the lazy stream holds one `DONE` after each entry) |
/// | `0x10` `SET_DYLIB_ORDINAL_IMM`, `0x30` `SET_DYLIB_SPECIAL_IMM`, `0x50` `SET_TYPE_IMM` | none |
/// | `0x20` `SET_DYLIB_ORDINAL_ULEB`, `0x70` `SET_SEGMENT_AND_OFFSET_ULEB`, `0x80` `ADD_ADDR_ULEB` | ULEB |
/// | `0x40` `SET_SYMBOL_TRAILING_FLAGS_IMM` | the name; the immediate holds its flags |
/// | `0x60` `SET_ADDEND_SLEB` | SLEB |
/// | `0x90` `DO_BIND`, `0xB0` `DO_BIND_ADD_ADDR_IMM_SCALED` | none |
/// | `0xA0` `DO_BIND_ADD_ADDR_ULEB` | ULEB |
/// | `0xC0` `DO_BIND_ULEB_TIMES_SKIPPING_ULEB` | ULEB, ULEB |
/// | `0xD0` `THREADED` | immediate 0 `SET_BIND_ORDINAL_TABLE_SIZE_ULEB` (ULEB), 1 `APPLY` |
///
/// A name counts as imported when a `DO_BIND*` binds it. In the weak-bind stream a name
/// flagged `BIND_SYMBOL_FLAGS_NON_WEAK_DEFINITION` (8) is a definition of this image, not an
/// import, and is left out. Addresses are not computed: only the names are wanted, so a
/// repeat count in `DO_BIND_ULEB_TIMES_SKIPPING_ULEB` costs nothing.
extension MachOSlice {
  /// One of the three bind streams of `dyld_info_command`.
  enum BindStream {
    case bind, weakBind, lazyBind

    /// The stream's name in messages.
    var name: String {
      switch self {
      case .bind: "bind"
      case .weakBind: "weak-bind"
      case .lazyBind: "lazy-bind"
      }
    }

    /// The stream's offset field in `dyld_info_command`.
    var field: String {
      switch self {
      case .bind: "bind_off"
      case .weakBind: "weak_bind_off"
      case .lazyBind: "lazy_bind_off"
      }
    }

    /// Where its names are recorded as coming from.
    var source: MachOImports.Source {
      switch self {
      case .bind: .bind
      case .weakBind: .weakBind
      case .lazyBind: .lazyBind
      }
    }
  }

  /// `BIND_SYMBOL_FLAGS_NON_WEAK_DEFINITION`.
  private static let nonWeakDefinition: UInt8 = 0x8

  /// Adds the names bound by the stream whose offset and size are at `field` of the
  /// `dyld_info_command` `lc` to `imports`.
  ///
  /// - Throws: `.malformed` at the absolute offset: the stream leaves the slice (at the offset
  ///   field), or, inside the stream, an unknown opcode or threaded sub-opcode, a ULEB128 or
  ///   SLEB128 that overflows 64 bits or runs past the stream's end, a name with no NUL before
  ///   the end, or a bind before any name was set. The names bound before it stay in
  ///   `imports`. `.limitExceeded` when the names pass `maxSymbolNameBytes`.
  static func readBindOpcodes(
    _ body: ByteWindow, command lc: ByteWindow, field: Int, kind: BindStream,
    into imports: inout MachOImports
  ) throws(BundleError) {
    let offset = Int(try lc.u32(field))
    let size = Int(try lc.u32(field + 4))
    guard size > 0 else { return }
    guard body.contains(offset, size) else {
      throw .malformed(
        "the \(kind.name) opcodes (\(kind.field) \(offset), size \(size)) run past the end of "
          + "the slice (\(body.count) bytes)", at: lc.absolute(field))
    }
    var reader = OpcodeReader(window: try body.window(offset, size), stream: kind.name)
    // The name set last, its flags, and whether it was already recorded.
    var symbol: (name: String, flags: UInt8, recorded: Bool)?
    func bind(at position: Int) throws(BundleError) {
      guard let current = symbol else {
        throw .malformed(
          "the \(kind.name) opcodes bind before naming a symbol "
            + "(BIND_OPCODE_SET_SYMBOL_TRAILING_FLAGS_IMM)", at: reader.window.absolute(position))
      }
      guard !current.recorded else { return }
      symbol?.recorded = true
      if kind == .weakBind, current.flags & nonWeakDefinition != 0 { return }
      try imports.insert(
        current.name[...], from: kind.source, at: reader.window.absolute(position))
    }
    while !reader.atEnd {
      let position = reader.position
      let byte = try reader.byte()
      let immediate = byte & 0x0f
      switch byte & 0xf0 {
      case 0x00:
        // The lazy stream ends each entry with DONE; the others end at the first.
        guard kind == .lazyBind else { return }
      case 0x10, 0x30, 0x50:
        break
      case 0x90, 0xb0:
        try bind(at: position)
      case 0x20, 0x70, 0x80:
        _ = try reader.uleb()
      case 0x40:
        symbol = (try reader.cString(), immediate, false)
      case 0x60:
        _ = try reader.sleb()
      case 0xa0:
        _ = try reader.uleb()
        try bind(at: position)
      case 0xc0:
        _ = try reader.uleb()
        _ = try reader.uleb()
        try bind(at: position)
      case 0xd0:
        switch immediate {
        case 0x00: _ = try reader.uleb()
        case 0x01: break
        default:
          throw .malformed(
            "the \(kind.name) opcodes hold BIND_OPCODE_THREADED with unknown sub-opcode "
              + "\(immediate)", at: reader.window.absolute(position))
        }
      default:
        throw .malformed(
          "the \(kind.name) opcodes hold unknown opcode 0x\(String(byte, radix: 16))",
          at: reader.window.absolute(position))
      }
    }
  }
}

/// Reads a dyld opcode stream: bytes, LEB128 numbers and NUL-terminated strings, each checked
/// against the stream's end.
struct OpcodeReader {
  /// The stream.
  let window: ByteWindow
  /// The stream's name in messages (`bind`, `lazy-bind`).
  let stream: String
  /// The offset of the next byte in the stream.
  private(set) var position = 0

  /// Creates a reader at the start of `window`.
  init(window: ByteWindow, stream: String) {
    self.window = window
    self.stream = stream
  }

  /// True when every byte was read.
  var atEnd: Bool { position >= window.count }

  /// The next byte.
  mutating func byte() throws(BundleError) -> UInt8 {
    let value = try window.u8(position)
    position += 1
    return value
  }

  /// An unsigned LEB128 number.
  ///
  /// - Throws: `.malformed` at its first byte when it does not fit 64 bits or the stream ends
  ///   inside it.
  mutating func uleb() throws(BundleError) -> UInt64 {
    let start = position
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard !atEnd else { throw truncated("ULEB128", at: start) }
      let byte = try self.byte()
      let bits = UInt64(byte & 0x7f)
      if shift >= 64 && bits != 0 || shift == 63 && bits > 1 {
        throw .malformed(
          "the \(stream) opcodes hold a ULEB128 number too large for 64 bits",
          at: window.absolute(start))
      }
      if shift < 64 { value |= bits << shift }
      if byte & 0x80 == 0 { return value }
      shift += 7
    }
  }

  /// A signed LEB128 number.
  ///
  /// - Throws: `.malformed` at its first byte when it does not fit 64 bits or the stream ends
  ///   inside it.
  mutating func sleb() throws(BundleError) -> Int64 {
    let start = position
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard !atEnd else { throw truncated("SLEB128", at: start) }
      let byte = try self.byte()
      let bits = UInt64(byte & 0x7f)
      // Past 64 bits only sign-extension bytes (all zeros or all ones) are allowed.
      if shift >= 64 && bits != 0 && bits != 0x7f || shift == 63 && bits != 0 && bits != 0x7f {
        throw .malformed(
          "the \(stream) opcodes hold a SLEB128 number too large for 64 bits",
          at: window.absolute(start))
      }
      if shift < 64 { value |= bits << shift }
      shift += 7
      if byte & 0x80 == 0 {
        if shift < 64, byte & 0x40 != 0 { value |= ~0 << shift }
        return Int64(bitPattern: value)
      }
    }
  }

  /// A NUL-terminated string; the position moves past its NUL.
  ///
  /// - Throws: `.malformed` at its first byte when no NUL comes before the stream's end.
  mutating func cString() throws(BundleError) -> String {
    guard let length = window.lengthOfCString(at: position),
      let text = window.cString(position, before: window.count)
    else {
      throw .malformed(
        "the \(stream) opcodes hold a symbol name with no NUL before the end of the stream",
        at: window.absolute(position))
    }
    position += length + 1
    return text
  }

  private func truncated(_ kind: String, at start: Int) -> BundleError {
    .malformed(
      "the \(stream) opcodes end inside a \(kind) number", at: window.absolute(start))
  }
}
