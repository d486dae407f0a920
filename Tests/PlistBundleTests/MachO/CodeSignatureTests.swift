import PlistCore
import Testing

@testable import PlistBundle

@Suite struct CodeSignatureTests {
  static let xml = MachOFileTests.plist(
    """
    <dict>
    \t<key>application-identifier</key>
    \t<string>ABCDE12345.com.example.app</string>
    \t<key>com.apple.developer.team-identifier</key>
    \t<string>ABCDE12345</string>
    \t<key>get-task-allow</key>
    \t<false/>
    \t<key>keychain-access-groups</key>
    \t<array>
    \t\t<string>ABCDE12345.com.example.app</string>
    \t\t<string>ABCDE12345.shared</string>
    \t</array>
    </dict>
    """)

  static let der = DER.entitlements(
    .dict([
      ("application-identifier", .string("ABCDE12345.com.example.der")),
      ("com.apple.security.app-sandbox", .bool(true)),
      (
        "com.apple.security.application-groups",
        .array([.string("group.one"), .string("group.two")])
      ),
      ("get-task-allow", .bool(false)),
      ("nested", .dict([("inner", .bool(true)), ("count", .int(-300))])),
    ]))

  static func signed(_ signature: MachOBuilder.Signature) throws -> CodeSignature {
    let builder = MachOBuilder(
      commands: [MachOFileTests.iOS15SDK172], signature: signature)
    return try #require(try MachOFile.parse(builder.build().bytes).slices.first?.codeSignature)
  }

  @Test func readsXMLEntitlementsTeamAndIdentifier() throws {
    let signature = try Self.signed(
      .init(identifier: "com.example.app", flags: 0, xmlEntitlements: Self.xml))
    let directory = try #require(signature.codeDirectory)
    #expect(directory.identifier == "com.example.app")
    #expect(directory.teamIdentifier == "ABCDE12345")
    #expect(directory.version == 0x20400)
    #expect(directory.hashType == 2)
    #expect(directory.hashTypeName == "sha256")
    #expect(directory.hashSize == 32)
    #expect(directory.specialSlotCount == 5)
    #expect(directory.codeSlotCount == 1)
    #expect(directory.executableSegmentFlags == 1)
    #expect(!directory.isHardenedRuntime)
    #expect(!signature.isHardenedRuntime)
    #expect(signature.entitlementsXML == Self.xml)
    #expect(signature.derEntitlements == nil)
    let entitlements = try #require(signature.entitlements?.value.dictionaryValue)
    #expect(
      entitlements.keys == [
        "application-identifier", "com.apple.developer.team-identifier", "get-task-allow",
        "keychain-access-groups",
      ])
    #expect(entitlements["application-identifier"]?.value == .string("ABCDE12345.com.example.app"))
    #expect(entitlements["com.apple.developer.team-identifier"]?.value == .string("ABCDE12345"))
    #expect(entitlements["get-task-allow"]?.value == .boolean(false))
    #expect(
      entitlements["keychain-access-groups"]?.value
        == .array([
          PlistNode(.string("ABCDE12345.com.example.app")), PlistNode(.string("ABCDE12345.shared")),
        ]))
    #expect(signature.xmlEntitlements?.format == .xml)
    #expect(signature.blobs.map(\.slot) == [0, 2, 5])
    #expect(signature.blobs.map(\.magic) == [0xfade_0c02, 0xfade_0c01, 0xfade_7171])
  }

  @Test func readsHardenedRuntimeAndNamedFlags() throws {
    let signature = try Self.signed(.init(flags: 0x1_0002, xmlEntitlements: Self.xml))
    #expect(signature.isHardenedRuntime)
    let directory = try #require(signature.codeDirectory)
    #expect(directory.flags == [.runtime, .adhoc])
    #expect(directory.flags.names == ["adhoc", "runtime"])
    #expect(CodeSignatureFlags(rawValue: 0x4_0204).names == ["get-task-allow", "kill", "0x40000"])
  }

  @Test func readsOlderCodeDirectoryWithoutTeam() throws {
    let signature = try Self.signed(.init(teamIdentifier: nil, version: 0x20100, hashType: 1))
    let directory = try #require(signature.codeDirectory)
    #expect(directory.teamIdentifier == nil)
    #expect(directory.hashTypeName == "sha1")
    #expect(directory.executableSegmentFlags == nil)
    #expect(signature.entitlements == nil)
  }

  @Test func readsDEROnlyEntitlements() throws {
    let signature = try Self.signed(.init(derEntitlements: Self.der))
    #expect(signature.xmlEntitlements == nil)
    #expect(signature.entitlementsXML == nil)
    #expect(signature.codeDirectory?.specialSlotCount == 7)
    let entitlements = try #require(signature.entitlements?.value.dictionaryValue)
    #expect(
      entitlements.keys == [
        "application-identifier", "com.apple.security.app-sandbox",
        "com.apple.security.application-groups", "get-task-allow", "nested",
      ])
    #expect(entitlements["application-identifier"]?.value == .string("ABCDE12345.com.example.der"))
    #expect(entitlements["com.apple.security.app-sandbox"]?.value == .boolean(true))
    #expect(entitlements["get-task-allow"]?.value == .boolean(false))
    #expect(
      entitlements["com.apple.security.application-groups"]?.value
        == .array([PlistNode(.string("group.one")), PlistNode(.string("group.two"))]))
    let nested = try #require(entitlements["nested"]?.value.dictionaryValue)
    #expect(nested.keys == ["inner", "count"])
    #expect(nested["inner"]?.value == .boolean(true))
    #expect(nested["count"]?.value == .integer(PlistInteger(-300)))
  }

  @Test func prefersXMLWhenBothFormsArePresent() throws {
    let signature = try Self.signed(.init(xmlEntitlements: Self.xml, derEntitlements: Self.der))
    #expect(signature.blobs.map(\.slot) == [0, 2, 5, 7])
    let entitlements = try #require(signature.entitlements?.value.dictionaryValue)
    #expect(entitlements["application-identifier"]?.value == .string("ABCDE12345.com.example.app"))
    let der = try #require(signature.derEntitlements?.value.dictionaryValue)
    #expect(der["application-identifier"]?.value == .string("ABCDE12345.com.example.der"))
  }

  @Test func locatesDERNodesByAbsoluteOffset() throws {
    let builder = MachOBuilder(signature: .init(derEntitlements: Self.der))
    let (bytes, layout) = builder.build()
    let signature = try #require(try MachOFile.parse(bytes).slices.first?.codeSignature)
    let blob = try #require(layout.blobs[7])
    let root = try #require(signature.derEntitlements)
    // Payload = blob + 8; the outer element is 0x70 with a 2-byte length header, then the
    // 3-byte version INTEGER; the dictionary starts there.
    let payload = blob + 8
    #expect(Int(root.location.start) == payload + DER.length(Self.der.count - 2).count + 1 + 3)
    #expect(Int(root.location.end) == payload + Self.der.count)
    #expect(bytes[Int(root.location.start)] == 0xb0)
  }

  @Test func keepsInvalidXMLEntitlementsAsAPlistProblem() throws {
    let builder = MachOBuilder(signature: .init(xmlEntitlements: "<plist><dict><key>a</key>"))
    let (bytes, layout) = builder.build()
    let signature = try #require(try MachOFile.parse(bytes).slices.first?.codeSignature)
    #expect(signature.xmlEntitlements == nil)
    #expect(signature.codeDirectory != nil)
    let problem = try #require(signature.problems.first)
    #expect(signature.problems.count == 1)
    #expect(problem.slot == 5)
    #expect(problem.error.kind == .plist)
    #expect(problem.error.underlying != nil)
    #expect(problem.error.offset == (layout.blobs[5] ?? 0) + 8)
  }

  /// A failure to read one entitlements blob never discards the other.
  @Test func readsEachEntitlementsBlobOnItsOwn() throws {
    let brokenXML = try Self.signed(
      .init(xmlEntitlements: "<plist><dict><key>a</key>", derEntitlements: Self.der))
    #expect(brokenXML.problems.map(\.slot) == [5])
    #expect(
      brokenXML.entitlements?.value.dictionaryValue?["application-identifier"]?.value
        == .string("ABCDE12345.com.example.der"))
    let brokenDER = try Self.signed(
      .init(xmlEntitlements: Self.xml, derEntitlements: [0x30, 3, 2, 1, 1]))
    #expect(brokenDER.problems.map(\.slot) == [7])
    #expect(brokenDER.problems.first?.error.message.contains("[APPLICATION 16]") == true)
    #expect(brokenDER.derEntitlements == nil)
    #expect(
      brokenDER.entitlements?.value.dictionaryValue?["application-identifier"]?.value
        == .string("ABCDE12345.com.example.app"))
  }
}

@Suite struct SignedEntitlementsFileTests {
  static func files(_ signature: MachOBuilder.Signature) -> [BundleFile] {
    let builder = MachOBuilder(commands: [MachOFileTests.iOS15SDK172], signature: signature)
    return FileReaders.executable(builder.build().bytes, path: "App.app/App").files
  }

  @Test func showsTheDERTreeWhenTheXMLBlobIsBroken() throws {
    let files = Self.files(
      .init(xmlEntitlements: "<plist><dict><key>a</key>", derEntitlements: CodeSignatureTests.der))
    #expect(files.map(\.path) == ["App.app/App", "App.app/App#entitlements"])
    #expect(files[0].problem == nil)
    let entitlements = files[1]
    #expect(entitlements.role == .signedEntitlements)
    #expect(entitlements.document?.format == .binary)
    #expect(
      entitlements.document?.root.value.dictionaryValue?["application-identifier"]?.value
        == .string("ABCDE12345.com.example.der"))
    #expect(entitlements.problem?.kind == .plist)
    #expect(entitlements.problem?.path == "App.app/App#entitlements")
  }

  @Test func keepsTheProblemWhenNoBlobReads() throws {
    let files = Self.files(.init(derEntitlements: [0x30, 3, 2, 1, 1]))
    #expect(files.count == 2)
    #expect(files[1].document == nil)
    #expect(files[1].problem?.kind == .malformed)
    #expect(files[1].problem?.message.contains("bare dictionary") == true)
  }
}
