/// One segment of a Mach-O slice, from an `LC_SEGMENT` or `LC_SEGMENT_64` load command, with
/// the names and sizes of its sections.
///
/// Layout (`<mach-o/loader.h>`): `segment_command` is cmd, cmdsize, `segname[16]`, then
/// vmaddr, vmsize, fileoff, filesize (4 bytes each, 8 in `segment_command_64`), maxprot,
/// initprot, nsects, flags; `nsects` `section` (68 bytes) or `section_64` (80 bytes) records
/// follow, each starting with `sectname[16]`, `segname[16]`, addr and size.
package struct MachOSegment: Sendable, Hashable {
  /// One section of the segment.
  package struct Section: Sendable, Hashable {
    /// `sectname`, such as `__text` or `__bundle`.
    package var name: String
    /// `size` in bytes.
    package var size: UInt64

    /// Creates a section.
    package init(name: String, size: UInt64) {
      self.name = name
      self.size = size
    }
  }

  /// `segname`, such as `__TEXT`, `__DATA` or `__LLVM`.
  package var name: String
  /// `fileoff`: where the segment's bytes start in the slice.
  package var fileOffset: UInt64
  /// `filesize` in bytes.
  package var fileSize: UInt64
  /// `vmsize` in bytes.
  package var virtualSize: UInt64
  /// The sections, in load-command order.
  package var sections: [Section]
  /// Absolute file offset of the load command.
  package var offset: Int

  /// Creates a segment.
  package init(
    name: String, fileOffset: UInt64 = 0, fileSize: UInt64 = 0, virtualSize: UInt64 = 0,
    sections: [Section] = [], offset: Int = 0
  ) {
    self.name = name
    self.fileOffset = fileOffset
    self.fileSize = fileSize
    self.virtualSize = virtualSize
    self.sections = sections
    self.offset = offset
  }

  /// The name of the segment the compiler puts embedded bitcode in (`-fembed-bitcode`).
  package static let bitcodeName = "__LLVM"

  /// True for the bitcode segment.
  package var isBitcode: Bool { name == Self.bitcodeName }

  /// True when every section of the segment holds at most one byte: the placeholder that
  /// `-fembed-bitcode-marker` (Xcode's debug builds) leaves instead of real bitcode.
  package var isBitcodeMarker: Bool {
    isBitcode && sections.allSatisfy { $0.size <= 1 }
  }
}

extension MachOSlice {
  /// The most sections read from one segment command.
  package static let maxSectionsPerSegment = 10_000

  /// The bitcode segment (`__LLVM`), when the slice has one.
  package var bitcodeSegment: MachOSegment? { segments.first(where: \.isBitcode) }

  /// Reads an `LC_SEGMENT` or `LC_SEGMENT_64` command.
  ///
  /// - Throws: `.malformed` naming the offset when the command is shorter than its header or
  ///   than the `nsects` sections it announces; `.limitExceeded` past
  ///   `maxSectionsPerSegment`.
  static func segment(
    _ lc: ByteWindow, command: UInt32, index: Int
  ) throws(BundleError) -> MachOSegment {
    let wide = command == LoadCommand.segment64
    let headerSize = wide ? 72 : 56
    let sectionSize = wide ? 80 : 68
    guard lc.count >= headerSize else {
      throw .malformed(
        "load command \(index) (\(wide ? "LC_SEGMENT_64" : "LC_SEGMENT")) has cmdsize "
          + "\(lc.count); expected at least \(headerSize)", at: lc.absolute(4))
    }
    func field(_ at: Int) throws(BundleError) -> UInt64 {
      wide ? try lc.u64(at) : UInt64(try lc.u32(at))
    }
    let step = wide ? 8 : 4
    let virtualSize = try field(24 + step)
    let fileOffset = try field(24 + 2 * step)
    let fileSize = try field(24 + 3 * step)
    let countOffset = 24 + 4 * step + 8
    let count = Int(try lc.u32(countOffset))
    guard count <= maxSectionsPerSegment else {
      throw .limit(
        "load command \(index) lists \(count) sections; at most \(maxSectionsPerSegment) are "
          + "read", at: lc.absolute(countOffset))
    }
    guard count <= (lc.count - headerSize) / sectionSize else {
      throw .malformed(
        "load command \(index) lists \(count) sections, more than its \(lc.count) bytes hold",
        at: lc.absolute(countOffset))
    }
    var sections: [MachOSegment.Section] = []
    sections.reserveCapacity(count)
    for i in 0..<count {
      let base = headerSize + i * sectionSize
      let size = wide ? try lc.u64(base + 40) : UInt64(try lc.u32(base + 36))
      sections.append(.init(name: try fixedName(lc, at: base), size: size))
    }
    return MachOSegment(
      name: try fixedName(lc, at: 8), fileOffset: fileOffset, fileSize: fileSize,
      virtualSize: virtualSize, sections: sections, offset: lc.absolute(0))
  }

  /// A 16-byte name field, NUL-padded (or not, when all 16 bytes are used); bytes outside
  /// printable ASCII are shown as `\x..` escapes.
  private static func fixedName(_ lc: ByteWindow, at offset: Int) throws(BundleError) -> String {
    var name = ""
    for byte in try lc.slice(offset, 16) {
      if byte == 0 { break }
      if byte >= 0x20 && byte < 0x7f {
        name.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        name += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
      }
    }
    return name
  }
}

extension MachOFile {
  /// A thin iOS file for rule examples, which describe a bundle without building Mach-O bytes.
  ///
  /// - Parameters:
  ///   - slices: the architectures, each with its platform (`PLATFORM_*` number), minimum OS
  ///     and SDK (`"major.minor"`), and segment names.
  ///   - fileType: the header's file type.
  /// - Returns: a universal file when there is more than one slice.
  package static func example(
    slices: [(
      architecture: String, platform: UInt32, minimumOS: String, sdk: String,
      segments: [String]
    )],
    fileType: MachOFileType = .execute
  ) -> MachOFile {
    let cpu: [String: (UInt32, UInt32)] = [
      "arm64": (CPUType.arm64, 0), "arm64e": (CPUType.arm64, 2), "x86_64": (CPUType.x86_64, 3),
      "i386": (CPUType.x86, 3), "armv7": (CPUType.arm, 9), "arm64_32": (CPUType.arm64_32, 1),
    ]
    return MachOFile(
      slices: slices.map { spec in
        let (type, subtype) = cpu[spec.architecture] ?? (0, 0)
        var slice = MachOSlice(
          offset: 0, size: 0, cpuType: type, cpuSubtype: subtype,
          architecture: spec.architecture, is64Bit: spec.architecture != "i386",
          isBigEndian: false, fileType: fileType, flags: 0,
          buildVersions: [
            MachOBuildVersion(
              source: .buildVersion, platformNumber: spec.platform,
              minimumOS: MachOBuildVersion.versionWord(spec.minimumOS),
              sdk: MachOBuildVersion.versionWord(spec.sdk), offset: 0)
          ],
          linkedLibraries: [], codeSignature: nil)
        slice.segments = spec.segments.map { name in
          name == MachOSegment.bitcodeName
            ? MachOSegment(name: name, sections: [.init(name: "__bundle", size: 4096)])
            : MachOSegment(name: name)
        }
        return slice
      }, isUniversal: slices.count > 1)
  }
}

extension MachOBuildVersion {
  /// Encodes `"major.minor.patch"` (missing parts 0) as an `xxxx.yy.zz` word; parts that do not
  /// fit are clamped.
  package static func versionWord(_ text: String) -> UInt32 {
    let parts = text.split(separator: ".").map { UInt32($0) ?? 0 }
    func part(_ i: Int, _ limit: UInt32) -> UInt32 { i < parts.count ? min(parts[i], limit) : 0 }
    return part(0, 0xffff) << 16 | part(1, 0xff) << 8 | part(2, 0xff)
  }
}
