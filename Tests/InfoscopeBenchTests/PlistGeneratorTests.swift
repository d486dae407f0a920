import Foundation
import Testing

import enum PlistCore.PlistReader
import enum TestSupport.ProcessRunner
import struct TestSupport.TemporaryFolder

@testable import infoscope_bench

@Suite struct PlistGeneratorTests {
  private func generated(_ size: BenchSize, name: String) throws -> Data {
    let path = TemporaryFolder.uniqueURL("bench-test", suffix: "-\(name).xml").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try PlistGenerator.generate(size, to: path)
    return try #require(FileManager.default.contents(atPath: path))
  }

  @Test func splitMixMatchesTheReferenceSequence() {
    // SplitMix64 seeded with 0: the reference implementation's first two outputs.
    var random = SplitMix64(seed: 0)
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
  }

  @Test func generatesTheSameBytesEveryTime() throws {
    let size = try #require(BenchSize.named("5k"))
    #expect(try generated(size, name: "a") == generated(size, name: "b"))
  }

  @Test(arguments: ["5k", "1m"])
  func generatesAboutTheRequestedSize(label: String) throws {
    let size = try #require(BenchSize.named(label))
    let count = try generated(size, name: label).count
    #expect(count > size.targetBytes * 8 / 10)
    #expect(count < size.targetBytes * 12 / 10)
  }

  /// No dictionary holds a key twice, as in a real bundle's property lists: `convert` would
  /// warn of every repeat, which is work the bench would time. (Version 1 picked two ATS
  /// exception domains at random, sometimes the same.)
  @Test func repeatsNoKey() throws {
    let size = try #require(BenchSize.named("1m"))
    let document = try PlistReader.read(bytes: [UInt8](try generated(size, name: "repeats")))
    #expect(document.root.repeatedKeys.map(\.key) == [])
    #expect(document.root.census.nodes > 10_000)
  }

  @Test func writesApplesHeaderAndTabIndentation() throws {
    let size = try #require(BenchSize.named("5k"))
    let text = String(decoding: try generated(size, name: "layout"), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == #"<?xml version="1.0" encoding="UTF-8"?>"#)
    #expect(lines[2] == #"<plist version="1.0">"#)
    #expect(lines[3] == "<dict>")
    #expect(lines[4] == "\t<key>BuildMachineOSBuild</key>")
    #expect(text.hasSuffix("</dict>\n</plist>\n"))
  }

  @Test func escapesMarkupCharacters() {
    #expect(XMLEmitter.escape("Fête & Co <b>") == "Fête &amp; Co &lt;b&gt;")
    #expect(XMLEmitter.escape("写真 📝") == "写真 📝")
  }

  @Test(.enabled(if: Self.plutil != nil, "the toolchain's plutil is not on PATH"))
  func generatesWellFormedPropertyLists() throws {
    let size = try #require(BenchSize.named("1m"))
    let path = TemporaryFolder.uniqueURL("bench-test", suffix: "-lint.xml").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try PlistGenerator.generate(size, to: path)
    let lint = try ProcessRunner.run(
      URL(fileURLWithPath: try #require(Self.plutil)), ["-lint", path])
    #expect(lint.status == 0)
  }

  private static let plutil = Spawner.which("plutil")
}
