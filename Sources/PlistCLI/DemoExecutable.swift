import PlistBundle

/// The executables of the demo bundle: tiny arm64 Mach-O files that carry only what infoscope
/// reads from a real one, so the demo shows signed entitlements as a user's app does.
///
/// Each file is a 64-bit little-endian `mach_header_64` (`MH_EXECUTE`, arm64), an
/// `LC_BUILD_VERSION` (iOS, minimum OS and SDK as given), and an `LC_CODE_SIGNATURE` pointing at
/// a SuperBlob (`cs_blobs.h`, big-endian) holding a CodeDirectory (version 0x20400, SHA-256
/// slots left zero: there is no code to hash), an empty requirements blob and the XML
/// entitlements. No `__TEXT` segment: the file runs nowhere and claims nothing else.
enum DemoExecutable {
  /// The bytes of one executable.
  ///
  /// - Parameters:
  ///   - identifier: the signing identifier (the bundle identifier).
  ///   - team: the team identifier (10 characters).
  ///   - minimumOS: the deployment target as `0xMMMMmmpp` (16.0 is `0x0010_0000`).
  ///   - sdk: the SDK version, same encoding.
  ///   - entitlements: the entitlements property list, as XML text.
  /// - Returns: the Mach-O file.
  static func build(
    identifier: String, team: String, minimumOS: UInt32, sdk: UInt32, entitlements: String
  ) -> [UInt8] {
    let signature = superBlob(identifier: identifier, team: team, entitlements: entitlements)
    let headerSize = 32
    let buildVersionSize: UInt32 = 24
    let codeSignatureSize: UInt32 = 16
    let commandsEnd = headerSize + Int(buildVersionSize + codeSignatureSize)
    let signatureOffset = (commandsEnd + 15) / 16 * 16
    var out: [UInt8] = []
    func le(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { out += $0 } }
    // mach_header_64: magic, cputype (arm64), cpusubtype, filetype (MH_EXECUTE), ncmds,
    // sizeofcmds, flags (MH_NOUNDEFS | MH_DYLDLINK | MH_TWOLEVEL | MH_PIE), reserved.
    for value in [
      MachOMagic.magic64, CPUType.arm64, 0, MachOFileType.execute.rawValue, 2,
      buildVersionSize + codeSignatureSize,
    ] {
      le(value)
    }
    le(0x0020_0085)
    le(0)
    // LC_BUILD_VERSION: platform 2 (iOS), minos, sdk, no tools.
    for value in [LoadCommand.buildVersion, buildVersionSize, 2, minimumOS, sdk, 0] { le(value) }
    // LC_CODE_SIGNATURE: dataoff, datasize.
    for value in [
      LoadCommand.codeSignature, codeSignatureSize, UInt32(signatureOffset),
      UInt32(signature.count),
    ] {
      le(value)
    }
    out += [UInt8](repeating: 0, count: signatureOffset - out.count)
    return out + signature
  }

  /// The SuperBlob: index of (slot, offset) pairs, then the blobs.
  private static func superBlob(
    identifier: String, team: String, entitlements: String
  )
    -> [UInt8]
  {
    let blobs: [(slot: UInt32, bytes: [UInt8])] = [
      (0, codeDirectory(identifier: identifier, team: team)),
      (2, blob(0xfade_0c01, be(0))),
      (5, blob(CodeSignature.entitlementsMagic, Array(entitlements.utf8))),
    ]
    let indexEnd = 12 + blobs.count * 8
    var out =
      be(CodeSignature.superBlobMagic)
      + be(UInt32(indexEnd + blobs.reduce(0) { $0 + $1.bytes.count }))
    out += be(UInt32(blobs.count))
    var offset = indexEnd
    for entry in blobs {
      out += be(entry.slot) + be(UInt32(offset))
      offset += entry.bytes.count
    }
    return blobs.reduce(out) { $0 + $1.bytes }
  }

  /// A CodeDirectory of version 0x20400: the 88-byte fixed part, the identifier and team
  /// strings, then five special slots and one code slot of 32 zero bytes.
  private static func codeDirectory(identifier: String, team: String) -> [UInt8] {
    let identOffset = 88
    let teamOffset = identOffset + identifier.utf8.count + 1
    let specialSlots: UInt32 = 5
    let hashOffset = teamOffset + team.utf8.count + 1 + Int(specialSlots) * 32
    let length = hashOffset + 32
    // magic, length, version, flags, hashOffset, identOffset, nSpecialSlots, nCodeSlots,
    // codeLimit.
    var out: [UInt8] = []
    for value in [
      CodeDirectory.magic, UInt32(length), 0x20400, 0, UInt32(hashOffset), UInt32(identOffset),
      specialSlots, 1, 0x4000,
    ] {
      out += be(value)
    }
    // hashSize 32, hashType 2 (SHA-256), platform 0, pageSize 2^12; spare2, scatterOffset.
    out += [32, 2, 0, 12] + be(0) + be(0)
    // teamOffset, spare3; then 64-bit codeLimit64, execSegBase, execSegLimit and
    // execSegFlags (CS_EXECSEG_MAIN_BINARY), each as two big-endian words.
    out += be(UInt32(teamOffset)) + be(0)
    for value: UInt32 in [0, 0, 0, 0, 0, 0x4000, 0, 1] { out += be(value) }
    out += Array(identifier.utf8) + [0] + Array(team.utf8) + [0]
    return out + [UInt8](repeating: 0, count: length - out.count)
  }

  /// A blob: its magic, its length (header included), the payload.
  private static func blob(_ magic: UInt32, _ payload: [UInt8]) -> [UInt8] {
    be(magic) + be(UInt32(8 + payload.count)) + payload
  }

  /// `value` as four big-endian bytes.
  private static func be(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
  }
}
