import TestSupport
import Testing

@testable import PlistBundle

@Suite struct ZipLimitsTests {
  @Test func defaultsAreTheDocumentedConstants() {
    let limits = ZipLimits.standard
    #expect(limits.maxEntrySize == 536_870_912)
    #expect(limits.maxTotalSize == 2_147_483_648)
    #expect(limits.maxCompressionRatio == 1000)
    #expect(limits.ratioCheckThreshold == 1_048_576)
    #expect(limits.maxEntryCount == 200_000)
  }

  @Test func refusesAnEntryLargerThanTheEntryCap() throws {
    let bytes = try ZipBuilder().file("big", [UInt8](repeating: 1, count: 2000), method: .store)
      .build()
    let archive = try ZipArchive(bytes: bytes, name: "a.zip", limits: ZipLimits(maxEntrySize: 1000))
    #expect(
      throws: BundleError(
        .limitExceeded, "the entry declares 2000 bytes, more than the limit of 1000 bytes",
        path: "big")
    ) { try archive.contents(at: "big", limit: .max) }
    #expect(archive.bytesRead == 0)
  }

  @Test func refusesAnEntryLargerThanTheCallersLimit() throws {
    let bytes = try ZipBuilder().file("Info.plist", text: String(repeating: "x", count: 300))
      .build()
    let archive = try ZipArchive(bytes: bytes, name: "a.zip")
    #expect(
      throws: BundleError(
        .limitExceeded, "the entry declares 300 bytes, more than the limit of 299 bytes",
        path: "Info.plist")
    ) { try archive.contents(at: "Info.plist", limit: 299) }
    #expect(try archive.contents(at: "Info.plist", limit: 300).count == 300)
  }

  /// 8 MiB of zeros deflate to about 8 KiB, a ratio of about 1030:1: refused by the default
  /// limits before a byte is decompressed.
  @Test func refusesAZipBombWithTheDefaultLimits() throws {
    let bytes = try ZipBuilder().file("bomb", [UInt8](repeating: 0, count: 8 << 20)).build()
    #expect(bytes.count < 20_000)
    let archive = try ZipArchive(bytes: bytes, name: "bomb.ipa")
    let entry = try #require(archive.entry(at: "bomb"))
    #expect(entry.size / entry.compressedSize > 1000)
    #expect {
      try archive.contents(of: entry, limit: .max)
    } throws: { error in
      guard let error = error as? BundleError else { return false }
      return error.kind == .limitExceeded && error.path == "bomb"
        && error.message
          == "the entry declares 8388608 bytes compressed into \(entry.compressedSize), a ratio "
          + "above 1000:1 that marks a ZIP bomb"
    }
    #expect(archive.bytesRead == 0)
  }

  @Test func appliesTheRatioOnlyAboveItsThreshold() throws {
    let zeros = [UInt8](repeating: 0, count: 100_000)
    let bytes = try ZipBuilder().file("zeros", zeros).build()
    let lenient = try ZipArchive(
      bytes: bytes, name: "a.zip", limits: ZipLimits(maxCompressionRatio: 10))
    #expect(try lenient.contents(at: "zeros", limit: .max) == zeros)
    let strict = try ZipArchive(
      bytes: bytes, name: "a.zip",
      limits: ZipLimits(maxCompressionRatio: 10, ratioCheckThreshold: 50_000))
    #expect(throws: BundleError.self) { try strict.contents(at: "zeros", limit: .max) }
  }

  @Test func refusesReadsPastTheArchiveTotal() throws {
    let bytes = try ZipBuilder()
      .file("a", [UInt8](repeating: 1, count: 1000)).file("b", [UInt8](repeating: 2, count: 1000))
      .build()
    let archive = try ZipArchive(bytes: bytes, name: "t.zip", limits: ZipLimits(maxTotalSize: 1500))
    #expect(try archive.contents(at: "a", limit: .max).count == 1000)
    #expect(
      throws: BundleError(
        .limitExceeded,
        "reading the entry takes the archive past its limit of 1500 bytes read in total",
        path: "b")
    ) { try archive.contents(at: "b", limit: .max) }
    #expect(archive.bytesRead == 1000)
  }

  @Test func refusesAnArchiveWithTooManyEntries() throws {
    var builder = ZipBuilder()
    for index in 0..<4 { builder = builder.file("f\(index)", text: "x") }
    let bytes = try builder.build()
    #expect(
      try ZipArchive(bytes: bytes, name: "n.zip", limits: ZipLimits(maxEntryCount: 4))
        .entries.count == 4)
    #expect(
      throws: BundleError(
        .limitExceeded, "the archive has 4 entries, more than the limit of 3", path: "n.zip")
    ) { try ZipArchive(bytes: bytes, name: "n.zip", limits: ZipLimits(maxEntryCount: 3)) }
  }

  /// The headers (local and central, kept in agreement) claim 10 bytes; the deflate stream
  /// holds 100,000: reading stops at the first chunk past the declared size.
  @Test(arguments: [ZipBuilder.Method.deflate, .store])
  func stopsWhenMoreBytesComeOutThanDeclared(method: ZipBuilder.Method) throws {
    let built = try ZipBuilder()
      .file("liar", [UInt8](repeating: 0x41, count: 100_000), method: method).build()
    let bytes = ZipBuilder.patchUncompressedSize(built, entry: "liar", to: 10)
    let archive = try ZipArchive(bytes: bytes, name: "liar.zip")
    #expect(archive.entry(at: "liar")?.size == 10)
    #expect(
      throws: BundleError(
        .malformed,
        "the entry holds more bytes than the 10 its header declares; the archive is corrupt or "
          + "hostile", path: "liar")
    ) { try archive.contents(at: "liar", limit: .max) }
    #expect(archive.bytesRead == 0)
  }

  @Test func refusesAnEntryShorterThanDeclared() throws {
    let built = try ZipBuilder().file("short", [UInt8](repeating: 0x41, count: 1000)).build()
    let bytes = ZipBuilder.patchUncompressedSize(built, entry: "short", to: 5000)
    let archive = try ZipArchive(bytes: bytes, name: "short.zip")
    #expect {
      try archive.contents(at: "short", limit: .max)
    } throws: { error in
      (error as? BundleError)?.kind == .malformed && (error as? BundleError)?.path == "short"
    }
  }
}
