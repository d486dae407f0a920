import Foundation
import Testing

@testable import PlistCore

/// Inputs that once crashed a reader, passed a limit or read wrongly, each found by fuzzing or
/// hostile-input review, kept with the right outcome.
@Suite struct FuzzRegressionTests {
  @Test func aStringsFileStartingWithTheWordBplistIsText() throws {
    let document = try PlistReader.read(bytes: Array("bplistx = 1;".utf8))
    #expect(document.format == .ascii)
    #expect(document.root.value.dictionaryValue?["bplistx"]?.value == .string("1"))
  }

  @Test(arguments: [
    "<*D9999-12-31 23:59:59 -0001>",
    "<plist><date>9999-12-31T23:59:60Z</date></plist>",
    "<date>-9999-00-01T00:00:00Z</date>",
  ])
  func refusesDatesCarriedPastTheSupportedRange(text: String) {
    // Zone offsets and carried-over fields once made dates no writer could write back.
    let error = #expect(throws: PlistError.self) { try PlistReader.read(bytes: Array(text.utf8)) }
    #expect((error?.line ?? 0) == 1)
  }

  @Test func sniffsUTF16WhenThePrefixSplitsASurrogatePair() throws {
    // The sniffed prefix (16,384 bytes) once ended inside a surrogate pair, so the document
    // was taken for ASCII.
    let padding = String(repeating: "a", count: 8_181)
    let text = "<string>" + padding + "🚘</string>"
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    #expect(bytes.count > 16_384)
    let document = try PlistReader.read(bytes: bytes)
    #expect(document.format == .xml)
    #expect(document.root.value == .string(padding + "🚘"))
  }

  @Test(
    arguments: [[0xFF, 0xFE, 0x41], [0x00, 0x00, 0xFE], [0xFE, 0xFF, 0x00, 0x3C, 0x00]] as [[UInt8]]
  )
  func shortInputsWithAByteOrderMarkThrow(bytes: [UInt8]) {
    #expect(throws: PlistError.self) { try PlistReader.read(bytes: bytes) }
  }

  @Test func refusesObjectsThatShareAnOffset() {
    // A 1 MB file whose offset table named one 1 MB data object a thousand times once grew to
    // a gigabyte; two entries with one offset show the same.
    var bytes = Array("bplist00".utf8)
    bytes += [0xA2, 0x01, 0x02]  // object 0 at 8: array of objects 1 and 2
    bytes += [0x43, 0x41, 0x42, 0x43]  // object 1 at 11: data "ABC"
    let table = bytes.count
    bytes += [8, 11, 11]  // objects 1 and 2 both at offset 11
    bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 3] + [0, 0, 0, 0, 0, 0, 0, 0]
    bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
    let error = #expect(throws: PlistError.self) { try PlistReader.read(bytes: bytes) }
    #expect(error?.message.contains("which an earlier object already has") == true)
    #expect(error?.offset == table + 2)
  }

  @Test func stopsContainersSharedToBlowUpTheTree() {
    // Forty arrays, each referring twice to the next: 2^40 nodes from a few hundred bytes.
    let count = 40
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for i in 0..<count {
      offsets.append(bytes.count)
      bytes += [0xA2, UInt8(i + 1), UInt8(i + 1)]
    }
    offsets.append(bytes.count)
    bytes += [0x09]  // true
    let table = bytes.count
    bytes += offsets.map { UInt8($0) }
    bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, UInt8(count + 1)]
    bytes += [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
    let error = #expect(throws: PlistError.self) { try PlistReader.read(bytes: bytes) }
    #expect(error?.kind == .limitExceeded)
  }
}
