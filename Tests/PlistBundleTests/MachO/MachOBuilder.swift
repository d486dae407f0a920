@testable import PlistBundle

/// Builds Mach-O files byte by byte for tests.
///
/// A file is a header, load commands, and a `__LINKEDIT` segment holding a code signature
/// SuperBlob (a CodeDirectory, an empty requirements blob, and XML and/or DER entitlements).
/// `build()` also returns where everything landed, so hostile tests can patch a field and
/// expect the exact error offset.
struct MachOBuilder {
  enum Command {
    case dylib(LinkedLibrary.Kind, String, current: UInt32 = 0x1_0000, compat: UInt32 = 0x1_0000)
    case buildVersion(platform: UInt32, minOS: UInt32, sdk: UInt32, tools: Int = 1)
    case versionMin(command: UInt32, version: UInt32, sdk: UInt32)
    /// A command with this number and payload (`cmdsize` = 8 + payload, padded).
    case raw(command: UInt32, payload: [UInt8])
  }

  struct Signature {
    var identifier = "com.example.app"
    var teamIdentifier: String? = "ABCDE12345"
    var flags: UInt32 = 0
    var version: UInt32 = 0x20400
    var hashType: UInt8 = 2
    var xmlEntitlements: String?
    var derEntitlements: [UInt8]?
  }

  /// Where the parts of a built file are (absolute offsets).
  struct Layout {
    var headerSize = 0
    var sizeOfCommands = 0
    /// Offsets of the load commands, in order (the `__LINKEDIT` segment and
    /// `LC_CODE_SIGNATURE` last when signed).
    var commandOffsets: [Int] = []
    var signatureCommand: Int?
    var signatureOffset: Int?
    var signatureSize = 0
    /// Absolute offset of each blob by slot.
    var blobs: [UInt32: Int] = [:]
  }

  var cpuType: UInt32 = 0x0100_000c
  var cpuSubtype: UInt32 = 0
  var is64Bit = true
  var bigEndian = false
  var fileType: UInt32 = 2
  var commands: [Command] = []
  var signature: Signature?

  static let xmlHeader = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """

  var alignment: Int { is64Bit ? 8 : 4 }

  func build() -> (bytes: [UInt8], layout: Layout) {
    var layout = Layout()
    layout.headerSize = is64Bit ? 32 : 28
    var encoded = commands.map(encode)
    let signatureBytes = signature.map(Self.superBlob)
    let segmentSize = is64Bit ? 72 : 56
    let fixedSize = encoded.reduce(0) { $0 + $1.count }
    let sizeOfCommands = fixedSize + (signatureBytes == nil ? 0 : segmentSize + 16)
    let linkedit = (layout.headerSize + sizeOfCommands + 15) / 16 * 16
    if let (blob, slots) = signatureBytes {
      encoded.append(linkeditSegment(offset: linkedit, size: blob.count))
      var command = ByteWriter(bigEndian: bigEndian)
      for value in [0x1d, 16, UInt32(linkedit), UInt32(blob.count)] { command.u32(value) }
      encoded.append(command.bytes)
      layout.signatureOffset = linkedit
      layout.signatureSize = blob.count
      layout.blobs = slots.mapValues { $0 + linkedit }
    }
    var out = ByteWriter(bigEndian: bigEndian)
    out.u32(is64Bit ? 0xfeed_facf : 0xfeed_face)
    for value in [cpuType, cpuSubtype, fileType, UInt32(encoded.count), UInt32(sizeOfCommands)] {
      out.u32(value)
    }
    out.u32(0x0020_0085)
    if is64Bit { out.u32(0) }
    layout.sizeOfCommands = sizeOfCommands
    for command in encoded {
      layout.commandOffsets.append(out.bytes.count)
      out.bytes += command
    }
    if let (blob, _) = signatureBytes {
      layout.signatureCommand = layout.commandOffsets.last
      out.pad(to: 16)
      out.bytes += blob
    }
    out.pad(to: 16)
    return (out.bytes, layout)
  }

  private func encode(_ command: Command) -> [UInt8] {
    var writer = ByteWriter(bigEndian: bigEndian)
    func finish(_ cmd: UInt32, _ body: ByteWriter) -> [UInt8] {
      var body = body
      body.pad(to: alignment)
      var head = ByteWriter(bigEndian: bigEndian)
      head.u32(cmd)
      head.u32(UInt32(8 + body.bytes.count))
      return head.bytes + body.bytes
    }
    switch command {
    case let .dylib(kind, path, current, compat):
      let numbers: [LinkedLibrary.Kind: UInt32] = [
        .load: 0xc, .weak: 0x8000_0018, .reexport: 0x8000_001f, .lazy: 0x20,
        .upward: 0x8000_0023,
      ]
      for value in [24, 2, current, compat] { writer.u32(value) }
      writer.cString(path)
      return finish(numbers[kind] ?? 0xc, writer)
    case let .buildVersion(platform, minOS, sdk, tools):
      for value in [platform, minOS, sdk, UInt32(tools)] { writer.u32(value) }
      for _ in 0..<tools {
        writer.u32(3)
        writer.u32(0x0409_0100)
      }
      return finish(0x32, writer)
    case let .versionMin(command, version, sdk):
      writer.u32(version)
      writer.u32(sdk)
      return finish(command, writer)
    case let .raw(command, payload):
      writer.bytes = payload
      return finish(command, writer)
    }
  }

  private func linkeditSegment(offset: Int, size: Int) -> [UInt8] {
    var writer = ByteWriter(bigEndian: bigEndian)
    writer.u32(is64Bit ? 0x19 : 0x1)
    writer.u32(is64Bit ? 72 : 56)
    writer.fixed("__LINKEDIT", width: 16)
    if is64Bit {
      for value in [0x1_0000_8000, 0x4000, UInt64(offset), UInt64(size)] { writer.u64(value) }
    } else {
      for value in [0x8000, 0x4000, UInt32(offset), UInt32(size)] { writer.u32(value) }
    }
    for value: UInt32 in [1, 1, 0, 0] { writer.u32(value) }
    return writer.bytes
  }

  /// The SuperBlob and the offset of each blob in it, by slot.
  static func superBlob(_ signature: Signature) -> ([UInt8], [UInt32: Int]) {
    var blobs: [(UInt32, [UInt8])] = [(0, codeDirectory(signature)), (2, requirements())]
    if let xml = signature.xmlEntitlements {
      blobs.append((5, blob(0xfade_7171, Array(xml.utf8))))
    }
    if let der = signature.derEntitlements {
      blobs.append((7, blob(0xfade_7172, der)))
    }
    var writer = ByteWriter(bigEndian: true)
    let indexEnd = 12 + blobs.count * 8
    let total = indexEnd + blobs.reduce(0) { $0 + $1.1.count }
    writer.u32(0xfade_0cc0)
    writer.u32(UInt32(total))
    writer.u32(UInt32(blobs.count))
    var offset = indexEnd
    var slots: [UInt32: Int] = [:]
    for (slot, bytes) in blobs {
      writer.u32(slot)
      writer.u32(UInt32(offset))
      slots[slot] = offset
      offset += bytes.count
    }
    for (_, bytes) in blobs { writer.bytes += bytes }
    return (writer.bytes, slots)
  }

  static func blob(_ magic: UInt32, _ payload: [UInt8]) -> [UInt8] {
    var writer = ByteWriter(bigEndian: true)
    writer.u32(magic)
    writer.u32(UInt32(8 + payload.count))
    writer.bytes += payload
    return writer.bytes
  }

  static func requirements() -> [UInt8] {
    var writer = ByteWriter(bigEndian: true)
    for value: UInt32 in [0xfade_0c01, 12, 0] { writer.u32(value) }
    return writer.bytes
  }

  /// A CodeDirectory of `signature.version` (0x20400 layout: 88 fixed bytes), then the
  /// identifier, the team identifier, and zeroed hash slots.
  static func codeDirectory(_ signature: Signature) -> [UInt8] {
    let fixed = signature.version >= 0x20400 ? 88 : signature.version >= 0x20200 ? 52 : 44
    let identOffset = fixed
    let teamOffset = signature.teamIdentifier.map { _ in
      identOffset + signature.identifier.utf8.count + 1
    }
    let stringsEnd =
      identOffset + signature.identifier.utf8.count + 1
      + (signature.teamIdentifier.map { $0.utf8.count + 1 } ?? 0)
    let special: UInt32 = signature.derEntitlements == nil ? 5 : 7
    let hashOffset = stringsEnd + Int(special) * 32
    let length = hashOffset + 32
    var writer = ByteWriter(bigEndian: true)
    for value in [
      0xfade_0c02, UInt32(length), signature.version, signature.flags, UInt32(hashOffset),
      UInt32(identOffset), special, 1, 0x4000,
    ] {
      writer.u32(value)
    }
    for value in [32, signature.hashType, 0, 12] { writer.u8(value) }
    writer.u32(0)
    if fixed >= 52 {
      writer.u32(0)
      writer.u32(UInt32(teamOffset ?? 0))
    }
    if fixed >= 88 {
      writer.u32(0)
      writer.u64(0)
      writer.u64(0)
      writer.u64(0x4000)
      writer.u64(1)
    }
    writer.cString(signature.identifier)
    if let team = signature.teamIdentifier { writer.cString(team) }
    writer.bytes += [UInt8](repeating: 0, count: length - writer.bytes.count)
    return writer.bytes
  }

  /// A universal file holding `slices` (each aligned to 2^`alignShift`), with 32- or 64-bit
  /// `fat_arch` entries; the CPU type and subtype of each entry come from its slice's header.
  static func fat(_ slices: [[UInt8]], wide: Bool = false, alignShift: UInt32 = 5) -> [UInt8] {
    let align = 1 << Int(alignShift)
    var offset = (8 + slices.count * (wide ? 32 : 20) + align - 1) / align * align
    var header = ByteWriter(bigEndian: true)
    header.u32(wide ? 0xcafe_babf : 0xcafe_babe)
    header.u32(UInt32(slices.count))
    var offsets: [Int] = []
    for slice in slices {
      let little = slice[0] == 0xcf || slice[0] == 0xce
      let read = ByteWindow(slice, bigEndian: !little)
      header.u32((try? read.u32(4)) ?? 0)
      header.u32((try? read.u32(8)) ?? 0)
      if wide {
        header.u64(UInt64(offset))
        header.u64(UInt64(slice.count))
        header.u32(alignShift)
        header.u32(0)
      } else {
        header.u32(UInt32(offset))
        header.u32(UInt32(slice.count))
        header.u32(alignShift)
      }
      offsets.append(offset)
      offset = (offset + slice.count + align - 1) / align * align
    }
    var out = header.bytes
    for (slice, start) in zip(slices, offsets) {
      out += [UInt8](repeating: 0, count: start - out.count)
      out += slice
    }
    return out
  }
}
