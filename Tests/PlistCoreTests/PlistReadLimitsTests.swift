import Foundation
import Testing

@testable import PlistCore

/// `PlistReadLimits`: every reader stops at each cap with `.limitExceeded` naming the limit and
/// its value, and reads a document that stays within them.
@Suite struct PlistReadLimitsTests {
  /// One document per format: an array of the strings "a" and "bb", and one data value of 3
  /// bytes, so 4 values (the array and its 3 elements).
  static func document(_ format: PlistFormat) throws -> [UInt8] {
    switch format {
    case .xml:
      return Array(
        "<plist><array><string>a</string><string>bb</string><data>AAEC</data></array></plist>"
          .utf8)
    case .ascii:
      return Array("(a, bb, <000102>)".utf8)
    default:
      let root = PlistNode(.array(["a", "bb", PlistNode(.data(Data([0, 1, 2])))]))
      return try BinaryPlistWriter.write(root)
    }
  }

  static let formats: [PlistFormat] = [.xml, .ascii, .binary]

  func expectLimit(
    _ bytes: [UInt8], _ limits: PlistReadLimits, naming name: String, value: Int
  ) {
    let error = #expect(throws: PlistError.self) {
      try PlistReader.read(bytes: bytes, limits: limits)
    }
    #expect(error?.kind == .limitExceeded)
    // The message says what the limit is in words, never by its name in the code.
    let words = [
      "maxObjects": "values", "maxStringBytes": "a string", "maxDataBytes": "a data value",
    ]
    #expect(error?.message.contains(words[name] ?? name) == true)
    #expect(error?.message.contains("PlistReadLimits") == false)
    #expect(error?.message.contains("\(value)") == true)
  }

  @Test(arguments: formats)
  func readsADocumentAtEveryCap(format: PlistFormat) throws {
    let limits = PlistReadLimits(maxObjects: 4, maxStringBytes: 2, maxDataBytes: 3)
    let document = try PlistReader.read(bytes: try Self.document(format), limits: limits)
    #expect(document.format == format)
    #expect(document.root.value.arrayValue?.count == 3)
  }

  @Test(arguments: formats)
  func refusesMoreValuesThanMaxObjects(format: PlistFormat) throws {
    let limits = PlistReadLimits(maxObjects: 3)
    expectLimit(try Self.document(format), limits, naming: "maxObjects", value: 3)
  }

  @Test(arguments: formats)
  func refusesAStringLongerThanMaxStringBytes(format: PlistFormat) throws {
    let limits = PlistReadLimits(maxStringBytes: 1)
    expectLimit(try Self.document(format), limits, naming: "maxStringBytes", value: 1)
  }

  @Test(arguments: formats)
  func refusesDataLargerThanMaxDataBytes(format: PlistFormat) throws {
    let limits = PlistReadLimits(maxDataBytes: 2)
    expectLimit(try Self.document(format), limits, naming: "maxDataBytes", value: 2)
  }

  @Test(arguments: [
    "<plist><dict><key>long</key><true/></dict></plist>", "{ long = 1; }", "long;",
  ])
  func refusesAKeyLongerThanMaxStringBytes(text: String) {
    expectLimit(
      Array(text.utf8), PlistReadLimits(maxStringBytes: 3), naming: "maxStringBytes", value: 3)
  }

  @Test func refusesALongUTF16StringInABinaryDocument() throws {
    let bytes = try BinaryPlistWriter.write(PlistNode(.string("éé")))  // 4 bytes in UTF-8
    expectLimit(bytes, PlistReadLimits(maxStringBytes: 3), naming: "maxStringBytes", value: 3)
  }

  @Test func defaultsOpenTheDensest100MBDocument() {
    // The densest text is one-letter ASCII values, 2 bytes each ("a,"): 50 million in 100 MB.
    #expect(PlistReadLimits.standard.maxObjects == 67_108_864)
    #expect(PlistReadLimits.standard.maxObjects > 100_000_000 / 2)
    #expect(PlistReadLimits.standard.maxStringBytes == 256 << 20)
    #expect(PlistReadLimits.standard.maxDataBytes == 256 << 20)
    #expect(PlistLimits.maxDepth == 100_000)
  }
}
