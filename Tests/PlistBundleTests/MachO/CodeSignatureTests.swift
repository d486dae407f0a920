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

  @Test func reportsInvalidXMLEntitlementsAsPlistError() throws {
    let builder = MachOBuilder(signature: .init(xmlEntitlements: "<plist><dict><key>a</key>"))
    let (bytes, layout) = builder.build()
    let error = try #require(throws: BundleError.self) { try MachOFile.parse(bytes) }
    #expect(error.kind == .plist)
    #expect(error.underlying != nil)
    #expect(error.offset == (layout.blobs[5] ?? 0) + 8)
  }
}
