import Foundation
import PlistCore
import TestSupport
import Testing

/// Reads the corpus file at `path` (relative to the corpus folder) through `PlistReader`.
private func readCorpus(_ path: String) throws -> PlistDocument {
  let data = try Data(contentsOf: Corpus.directory.appendingPathComponent(path))
  return try PlistReader.read(data, file: path)
}

private func dictionary(_ node: PlistNode?) throws -> PlistDictionary {
  try #require(node?.value.dictionaryValue)
}

private func strings(_ node: PlistNode) -> [String]? {
  node.value.arrayValue?.compactMap { $0.value.stringValue }
}

/// Every old-style file of the corpus that must read: project files, `.strings` files, the
/// OpenStep files under binary/, and the valid (EDGE) OpenStep peer tests.
private let validASCIIFiles: [Corpus.Entry] = Corpus.entries.filter { entry in
  let p = entry.path
  if p.hasPrefix("pbxproj/") || p.hasSuffix(".strings") { return true }
  if p.hasPrefix("binary/"), p.hasSuffix(".ostep") || p.contains("oldStyle") { return true }
  return p.hasPrefix("peer-tests/swift-foundation__openstep-") && entry.note.hasPrefix("EDGE")
}

/// Every malformed or fuzz old-style peer test.
private let malformedASCIIFiles: [Corpus.Entry] = Corpus.entries.filter { entry in
  let p = entry.path
  guard p.hasPrefix("peer-tests/"), !entry.note.hasPrefix("EDGE") else { return false }
  return p.contains("invalid-text-") || p.contains("__openstep-") || p.contains("oplist")
}

@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct ASCIIPlistCorpusTests {
  @Test func findsTheCorpusFiles() {
    #expect(validASCIIFiles.count == 23)
    #expect(malformedASCIIFiles.count == 37)
  }

  @Test(arguments: validASCIIFiles)
  func readsEveryValidASCIIFile(entry: Corpus.Entry) throws {
    let doc = try readCorpus(entry.path)
    #expect(doc.format == .ascii)
    #expect(doc.root.location.line == 1 || doc.root.location.line == 2)
    #expect(doc.root.value.childCount != nil)
  }

  // MARK: - Project files

  /// objectVersion, number of objects and rootObject, counted with `plutil -convert json` and
  /// Python, and by `grep -c "isa = "` on each file.
  @Test(arguments: [
    ("IceCubesApp__IceCubesApp.xcodeproj__project.pbxproj", "70", 187, "9FBFE631292A715500C250E9"),
    ("Ice__Ice.xcodeproj__project.pbxproj", "70", 32, "716683222A767E6A006ABF84"),
    ("Swiftfin__Swiftfin.xcodeproj__project.pbxproj", "71", 312, "5377CBE9263B596A003A4E83"),
    ("WhisperKit__WhisperAX.xcodeproj__project.pbxproj", "60", 154, "167B34562B05431E0076F261"),
    (
      "home-assistant-iOS__HomeAssistant.xcodeproj__project.pbxproj", "76", 890,
      "B657A8DE1CA646EB00121384"
    ),
    ("iina__iina.xcodeproj__project.pbxproj", "54", 1964, "84EB1ECE1D2F51D3004FA5A1"),
    ("mastodon-ios__Mastodon.xcodeproj__project.pbxproj", "60", 1405, "DB427DCA25BAA00100D1B89D"),
  ])
  func readsProjectFiles(name: String, objectVersion: String, objects: Int, root: String) throws {
    let doc = try readCorpus("pbxproj/" + name)
    let top = try dictionary(doc.root)
    #expect(top.keys == ["archiveVersion", "classes", "objectVersion", "objects", "rootObject"])
    #expect(top["archiveVersion"]?.value == .string("1"))
    #expect(top["objectVersion"]?.value == .string(objectVersion))
    #expect(try dictionary(top["objects"]).count == objects)
    #expect(top["rootObject"]?.value == .string(root))
    #expect(try dictionary(top["objects"])[root] != nil)
  }

  @Test func keepsSDKConditionalBuildSettingKeys() throws {
    let doc = try readCorpus("pbxproj/IceCubesApp__IceCubesApp.xcodeproj__project.pbxproj")
    let path = try KeyPath(parsing: "objects.9FBFE649292A715600C250E9.buildSettings")
    let settings = try dictionary(doc.root.node(at: path))
    #expect(settings.count == 65)
    #expect(
      settings["INFOPLIST_KEY_UIStatusBarStyle[sdk=iphoneos*]"]?.value
        == .string("UIStatusBarStyleDefault"))
    #expect(
      settings["INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphonesimulator*]"]?.value
        == .string("YES"))
    #expect(
      settings["INFOPLIST_KEY_NSCameraUsageDescription"]?.value
        == .string("Upload photos & videos to attach to your Mastodon posts."))
    #expect(
      settings["INFOPLIST_KEY_NSHumanReadableCopyright"]?.value
        == .string("© 2024 Thomas Ricouard")
    )
  }

  @Test func decodesEscapesInProjectStrings() throws {
    let doc = try readCorpus("pbxproj/iina__iina.xcodeproj__project.pbxproj")
    let objects = try dictionary(try dictionary(doc.root)["objects"])
    let copyrights = objects.entries.compactMap {
      $0.node.value.dictionaryValue?["buildSettings"]?.value.dictionaryValue?[
        "INFOPLIST_KEY_NSHumanReadableCopyright"]?.value.stringValue
    }
    #expect(copyrights.count == 4)
    #expect(
      copyrights.first == "Copyright © 2017-2024\nCollider LI, et al.\nReleased under GPLv3.")
  }

  @Test func locatesProjectFileNodesAfterTheHeaderComment() throws {
    let doc = try readCorpus("pbxproj/Ice__Ice.xcodeproj__project.pbxproj")
    #expect(Array(doc.text.prefix(14)) == Array("// !$*UTF8*$!\n".utf8))
    #expect(doc.root.location.line == 2)
    #expect(doc.root.location.column == 1)
    #expect(doc.root.location.start == 14)
    #expect(doc.root.location.contentStart == 15)
    let top = try dictionary(doc.root)
    #expect(top.entries[0].keyLocation == SourceLocation(line: 3, column: 2, start: 17, end: 31))
    let version = try #require(top["objectVersion"])
    #expect(version.location.line == 6)
    #expect(top.entries[4].keyLocation.line == 461)
  }

  // MARK: - OpenStep and .strings files

  @Test func readsLibplistOpenStepFiles() throws {
    // Apple reads unquoted numbers as strings (plutil agrees); libplist would type them.
    let o1 = try dictionary(readCorpus("binary/libplist__o1.ostep").root)
    #expect(o1.keys == ["test", "foo", "more"])
    #expect(strings(try #require(o1["test"])) == ["1", "1"])
    let foo = try #require(o1["foo"]?.value.arrayValue)
    #expect(foo.count == 5)
    #expect(strings(foo[0]) == ["-1337"])
    let more = try dictionary(o1["more"])
    #expect(more["a"]?.value == .string("yo"))
    let b = try #require(more["b"]?.value.arrayValue)
    #expect(try dictionary(b[0])["c"]?.value == .string("0.25"))
    let deepest = try #require(
      b[1].node(at: try KeyPath(parsing: "b[1].b[0].cd")))
    #expect(deepest.value == .string("-0.25"))

    let o3 = try #require(readCorpus("binary/libplist__o3.ostep").root.value.arrayValue)
    #expect(o3.count == 2)
    #expect(try dictionary(o3[0]).keys == ["AFirstKey", "ASecondKey"])
    #expect(try dictionary(o3[1])["CFirstKey"]?.value == .string("C First Value"))
    #expect(try dictionary(o3[1])["CSecondKey"]?.value == .string("C Second Corrected Value"))
  }

  @Test(
    arguments: [
      (
        "info-plist/IceCubesApp__IceCubesActionExtension__pl.lproj__InfoPlist.strings", 1,
        "CFBundleDisplayName", "Otwórz w Ice Cubes"
      ),
      (
        "info-plist/home-assistant-iOS__App__Base.lproj__InfoPlist.strings", 11,
        "NSLocalNetworkUsageDescription",
        "Locate and communicate with your Home Assistant instance."
      ),
      ("info-plist/home-assistant-iOS__App__cs.lproj__InfoPlist.strings", 19, nil, nil),
      (
        "info-plist/iina__ja.lproj__InfoPlist.strings", 1, "NSHumanReadableCopyright",
        "Copyright © 2017-2024\nCollider LI, et al.\nReleased under GPLv3."
      ),
      ("info-plist/iina__sr-CS.lproj__InfoPlist.strings", 0, nil, nil),
      (
        "info-plist/mastodon-ios__Base.lproj__infoPlist.strings", 4, "NSCameraUsageDescription",
        "Used to take photo for post status"
      ),
      ("binary/Swiftfin__et.lproj__Localizable.strings", 7, "absolute", "Absoluutne"),
      ("binary/UTM__Settings.bundle__en.lproj__Root.strings", 49, "Click & Hold", "Click & Hold"),
      ("binary/libplist__test.strings", 12, "BAR", "Foo"),
    ] as [(String, Int, String?, String?)])
  func readsStringsFiles(path: String, keys: Int, key: String?, value: String?) throws {
    let dict = try dictionary(readCorpus(path).root)
    // Key counts from plutil, which keeps one entry per key.
    #expect(Set(dict.keys).count == keys)
    if let key { #expect(dict[key]?.value == value.map(PlistValue.string)) }
  }

  @Test func readsUTF16StringsFiles() throws {
    let doc = try readCorpus("binary/Swiftfin__et.lproj__Localizable.strings")
    #expect(doc.encoding == .utf16LittleEndian)
  }

  @Test func readsUTF16OpenStepDictionary() throws {
    let doc = try readCorpus("peer-tests/swift-foundation__openstep-dict-utf16.txt")
    #expect(doc.encoding == .utf16LittleEndian)
    let dict = try dictionary(doc.root)
    #expect(dict.keys == ["test key", "testData", "nested array"])
    #expect(dict["test key"]?.value == .string("value"))
    #expect(dict["testData"]?.value == .data(Data([0xFE, 0xED, 0xFA, 0xCE])))
    #expect(strings(try #require(dict["nested array"])) == ["a", "b", "c"])
    #expect(dict["testData"]?.location == SourceLocation(line: 2, column: 14, start: 35, end: 46))
  }

  @Test func readsStringsBodyWithTrickyComments() throws {
    let doc = try readCorpus("peer-tests/swift-foundation__openstep-strings-comments-utf16.txt")
    let dict = try dictionary(doc.root)
    #expect(dict.keys == ["string1", "string2", "string3"])
    #expect(
      dict.entries.map(\.node.value) == [
        .string("Good morning"), .string("Good afternoon"), .string("Good evening"),
      ])
  }

  @Test func readsEscapeLiterals() throws {
    let doc = try readCorpus("peer-tests/swift-foundation__openstep-escapes-literals.txt")
    #expect(
      strings(doc.root) == ["\u{7}", "\u{8}", "\u{C}", "\n", "\r", "\t", "\u{B}", "\"", "\\n"])
  }

  @Test func readsVariableWidthUnicodeEscapes() throws {
    let doc = try readCorpus(
      "peer-tests/swift-foundation__openstep-unicode-escape-variable-width.txt")
    let values = try #require(strings(doc.root))
    #expect(
      values.map { $0.unicodeScalars.map(\.value) } == [
        [0x1, 0x7A], [0x12, 0x7A], [0x123, 0x7A], [0x1234],
      ])
  }

  @Test func readsOctalEscapes() throws {
    let doc = try readCorpus("binary/swift-foundation__oldStyle-octal-escapes.plist")
    let values = try #require(strings(doc.root))
    // '\0' '\00' '\000' … '\77' '\077', then '\100' … '\775' (all but \376 and \377).
    #expect(values.count == 580)
    let scalars = values.compactMap {
      $0.unicodeScalars.count == 1 ? $0.unicodeScalars.first?.value : nil
    }
    #expect(scalars.count == 580)
    #expect(Array(scalars.prefix(6)) == [0, 0, 0, 1, 1, 1])
    #expect(scalars[136] == 0x40)  // '\100'
    #expect(scalars[199] == 0x7F)  // '\177'
    #expect(scalars[200] == 0xA0)  // '\200' in NeXTSTEP
    #expect(scalars[325] == 0xFF)  // '\375'
    #expect(scalars[326] == 0x00)  // '\400' keeps 8 bits, as Apple does
    #expect(scalars[579] == 0xFF)  // '\775'
  }

  // MARK: - Malformed files

  @Test(arguments: malformedASCIIFiles)
  func rejectsEveryMalformedFileWithALocation(entry: Corpus.Entry) throws {
    let error = try #require(throws: PlistError.self) { try readCorpus(entry.path) }
    #expect(error.file == entry.path)
    if entry.path.contains("broken-utf-16") {
      // Fails while transcoding, before there is text with lines: located by offset.
      #expect(error.kind == .encoding)
      #expect(error.offset == 2)
    } else {
      #expect(error.line >= 1)
      #expect(error.column >= 1)
    }
  }

  @Test(arguments: [
    ("go-plist__invalid-text-01-truncated-array.txt", 1, 2, "unterminated array"),
    ("go-plist__invalid-text-04-unclosed-nested-array.txt", 1, 6, "expected ',' or ')'"),
    (
      "go-plist__invalid-text-05-unclosed-dictionary.txt", 1, 5,
      "expected ';' after the value of key \"0\""
    ),
    (
      "go-plist__invalid-text-11-bad-extended-character.txt", 1, 2,
      "expected a key or '}', found '¬'"
    ),
    (
      "go-plist__invalid-text-12-missing-equals-in-dictionary.txt", 1, 5,
      "expected '=' or ';' after the key \"A\""
    ),
    (
      "go-plist__invalid-text-13-missing-semicolon-in-dictionary.txt", 1, 7,
      "expected ';' after the value of key \"A\", found '}'"
    ),
    ("go-plist__invalid-text-15-invalid-gnustep-int.txt", 1, 5, "expected a value after '<*I'"),
    ("go-plist__invalid-text-16-invalid-gnustep-date.txt", 1, 4, "expected a date"),
    ("go-plist__invalid-text-23-uneven-data.txt", 1, 2, "odd number of hex digits"),
    ("go-plist__invalid-text-24-truncated-block-comment.txt", 1, 1, "unterminated comment"),
    ("go-plist__invalid-text-25-truncated-quoted-string.txt", 1, 1, "unterminated quoted string"),
    // go-plist's own TODO calls this one valid; one base64 digit is 6 bits, not a byte, so
    // no decoder can give data for it: we reject it.
    ("go-plist__invalid-text-31-invalid-gnustep-base64-data.txt", 1, 3, "invalid base64 data"),
    (
      "go-plist__invalid-text-33-gnustep-extended-value-terminated-before-type.txt", 1, 3,
      "expected a type letter"
    ),
    (
      "go-plist__invalid-text-37-poorly-terminated-gnustep-quoted-value.txt", 1, 4,
      "unterminated quoted GNUstep value"
    ),
    ("swift-foundation__openstep-bad-unicode-escape-2.txt", 1, 2, "expected 1 to 4 hex digits"),
    ("swift-foundation__openstep-bad-unicode-escape-6.txt", 1, 2, "expected 1 to 4 hex digits"),
    (
      "swift-foundation__openstep-junk-after-plist.txt", 2, 1,
      "expected the end of the file after the property list, found 'e'"
    ),
    ("libplist__fuzz-oplist-crashes__cf-4503815405830144.ostep", 1, 5, "invalid UTF-8"),
    ("libplist__fuzz-oplist-crashes__cf-4716194114699264.ostep", 1, 2, "unterminated data"),
  ])
  func locatesMalformedFiles(name: String, line: Int, column: Int, message: String) throws {
    let error = try #require(throws: PlistError.self) { try readCorpus("peer-tests/" + name) }
    #expect((error.line, error.column) == (line, column))
    #expect(error.message.contains(message))
  }

  // MARK: - Mutations

  /// Truncates every valid ASCII corpus file at strides and flips bytes along it.
  ///
  /// Each read must return or throw, never trap or hang. Bounded to a few thousand reads.
  @Test func survivesTruncationAndByteFlips() throws {
    var reads = 0
    var failures = 0
    for entry in validASCIIFiles + malformedASCIIFiles {
      let original = [UInt8](try entry.data())
      guard !original.isEmpty else { continue }
      let cuts = min(40, original.count)
      let stride = max(1, original.count / cuts)
      var seed = UInt64(truncatingIfNeeded: original.count) &* 0x9E37_79B9_7F4A_7C15
      for cut in Swift.stride(from: 0, to: original.count, by: stride) {
        reads += 1
        do { _ = try PlistReader.read(Data(original[0..<cut])) } catch { failures += 1 }
        var flipped = original
        for _ in 0..<3 {
          seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          let at = Int(seed >> 33) % flipped.count
          flipped[at] = UInt8(truncatingIfNeeded: seed >> 17)
        }
        reads += 1
        do { _ = try PlistReader.read(Data(flipped)) } catch { failures += 1 }
      }
    }
    #expect(reads > 1_000)
    #expect(failures > 0)
  }
}
