import PlistCore

extension MachOFile {
  /// What the executable holds, as a read-only property-list tree: what `infoscope print
  /// --file EXECUTABLE` prints and the inspector browses.
  ///
  /// The root dictionary holds `format` (`Mach-O` or `Mach-O universal`) and `slices`, one
  /// dictionary per architecture in header order: `architecture`, `fileType`, `bits`,
  /// `byteOrder`, `offset` and `size` (bytes), `buildVersions` (each `command`, `platform`,
  /// `minimumOS`, `sdk`), `segments` (each `name`, `fileSize`, `sections` as
  /// `name (size bytes)`), `linkedLibraries` (each `path`, `kind`, `currentVersion`,
  /// `compatibilityVersion`), `codeSignature` (`identifier`, `teamIdentifier`, `flags`,
  /// `hash`, `codeDirectoryVersion`, `entitlements`) when the slice is signed, and
  /// `importedSymbols`, sorted. Empty lists are left out.
  package var document: PlistDocument {
    PlistDocument(
      root: dictionary([
        ("format", string(isUniversal ? "Mach-O universal" : "Mach-O")),
        ("slices", PlistNode(.array(slices.map(\.tree)))),
      ]), format: .binary)
  }
}

extension MachOSlice {
  /// One slice as a tree (see `MachOFile.document`).
  var tree: PlistNode {
    var entries: [(String, PlistNode)] = [
      ("architecture", string(architecture)),
      ("fileType", string(fileType.name)),
      ("bits", integer(is64Bit ? 64 : 32)),
      ("byteOrder", string(isBigEndian ? "big-endian" : "little-endian")),
      ("offset", integer(offset)),
      ("size", integer(size)),
    ]
    if !buildVersions.isEmpty {
      entries.append(
        (
          "buildVersions",
          PlistNode(
            .array(
              buildVersions.map { version in
                dictionary([
                  ("command", string(Self.commandName(version))),
                  ("platform", string(Self.platformName(version))),
                  ("minimumOS", string(version.minimumOS)),
                  ("sdk", string(version.sdk)),
                ])
              }))
        ))
    }
    if !segments.isEmpty {
      entries.append(
        (
          "segments",
          PlistNode(
            .array(
              segments.map { segment in
                var fields: [(String, PlistNode)] = [
                  ("name", string(segment.name)),
                  ("fileSize", integer(segment.fileSize)),
                ]
                if !segment.sections.isEmpty {
                  fields.append(
                    (
                      "sections",
                      PlistNode(
                        .array(segment.sections.map { string("\($0.name) (\($0.size) bytes)") }))
                    ))
                }
                return dictionary(fields)
              }))
        ))
    }
    if !linkedLibraries.isEmpty {
      entries.append(
        (
          "linkedLibraries",
          PlistNode(
            .array(
              linkedLibraries.map { library in
                dictionary([
                  ("path", string(library.path)),
                  ("kind", string(library.kind.rawValue)),
                  ("currentVersion", string(library.currentVersion)),
                  ("compatibilityVersion", string(library.compatibilityVersion)),
                ])
              }))
        ))
    }
    if let signature = codeSignature {
      var fields: [(String, PlistNode)] = []
      if let directory = signature.codeDirectory {
        fields.append(("identifier", string(directory.identifier)))
        if let team = directory.teamIdentifier { fields.append(("teamIdentifier", string(team))) }
        fields.append(("flags", PlistNode(.array(directory.flags.names.map(string)))))
        fields.append(("hash", string(directory.hashTypeName)))
        fields.append(
          ("codeDirectoryVersion", string("0x" + String(directory.version, radix: 16))))
      }
      if let entitlements = signature.entitlements { fields.append(("entitlements", entitlements)) }
      entries.append(("codeSignature", dictionary(fields)))
    }
    if !importedSymbols.isEmpty {
      entries.append(("importedSymbols", PlistNode(.array(importedSymbols.sorted().map(string)))))
    }
    return dictionary(entries)
  }

  /// `LC_BUILD_VERSION`, or the `LC_VERSION_MIN_*` command the version came from.
  static func commandName(_ version: MachOBuildVersion) -> String {
    guard version.source == .versionMin else { return "LC_BUILD_VERSION" }
    let names: [UInt32: String] = [1: "MACOSX", 2: "IPHONEOS", 3: "TVOS", 4: "WATCHOS"]
    return "LC_VERSION_MIN_" + (names[version.platformNumber] ?? "\(version.platformNumber)")
  }

  /// `iOS`, `iOS simulator`, `Mac Catalyst`, … or `platform N` for numbers not modelled.
  static func platformName(_ version: MachOBuildVersion) -> String {
    let base = version.platform.map(\.rawValue) ?? "platform \(version.platformNumber)"
    return version.isSimulator ? base + " simulator" : base
  }
}

private func string(_ text: String) -> PlistNode { PlistNode(.string(text)) }

private func integer(_ number: Int) -> PlistNode { PlistNode(.integer(PlistInteger(number))) }

private func integer(_ number: UInt64) -> PlistNode { PlistNode(.integer(PlistInteger(number))) }

private func dictionary(_ entries: [(String, PlistNode)]) -> PlistNode {
  PlistNode(.dictionary(PlistDictionary(entries.map { PlistEntry(key: $0.0, node: $0.1) })))
}
