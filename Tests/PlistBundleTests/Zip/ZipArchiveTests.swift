import Foundation
import TestSupport
import Testing

@testable import PlistBundle

@Suite struct ZipArchiveTests {
  private static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.app</string>\
    </dict></plist>
    """

  @Test func listsEntriesWithSizesAndKinds() throws {
    let text = String(repeating: "abcdefgh", count: 512)
    let bytes = try ZipBuilder()
      .directory("Payload")
      .file("Payload/App.app/Info.plist", text: text, method: .deflate)
      .file("Payload/App.app/PkgInfo", text: "APPL????", method: .store)
      .symbolicLink("Payload/App.app/Current", target: "Info.plist")
      .build()
    let archive = try ZipArchive(bytes: bytes, name: "App.ipa")
    #expect(
      archive.entries.map(\.path) == [
        "Payload", "Payload/App.app/Info.plist", "Payload/App.app/PkgInfo",
        "Payload/App.app/Current",
      ])
    #expect(
      archive.entries.map(\.rawName) == [
        "Payload/", "Payload/App.app/Info.plist", "Payload/App.app/PkgInfo",
        "Payload/App.app/Current",
      ])
    #expect(archive.entries.map(\.isDirectory) == [true, false, false, false])
    #expect(archive.entries.map(\.isSymbolicLink) == [false, false, false, true])
    #expect(archive.entries.map(\.size) == [0, 4096, 8, 10])
    let deflated = try #require(archive.entry(at: "Payload/App.app/Info.plist"))
    #expect(deflated.compressedSize > 0 && deflated.compressedSize < 200)
    #expect(archive.entry(at: "Payload/App.app/PkgInfo")?.compressedSize == 8)
    #expect(archive.rejectedEntries.isEmpty)
  }

  @Test(arguments: [ZipBuilder.Method.store, .deflate])
  func readsEntriesExactly(method: ZipBuilder.Method) throws {
    let binary = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
    let bytes = try ZipBuilder()
      .file("Info.plist", text: Self.plist, method: method)
      .file("blob.bin", binary, method: method)
      .file("empty", [], method: method)
      .build()
    let archive = try ZipArchive(bytes: bytes, name: "App.ipa")
    #expect(try archive.contents(at: "Info.plist", limit: 1 << 20) == Array(Self.plist.utf8))
    #expect(try archive.contents(at: "blob.bin", limit: 1 << 20) == binary)
    #expect(try archive.contents(at: "empty", limit: 0) == [])
    #expect(archive.bytesRead == Self.plist.utf8.count + binary.count)
  }

  @Test func readsTheSymbolicLinkTargetAsData() throws {
    let bytes = try ZipBuilder().symbolicLink("link", target: "../../etc/passwd").build()
    let archive = try ZipArchive(bytes: bytes, name: "a.zip")
    #expect(archive.entries.first?.isSymbolicLink == true)
    #expect(try archive.contents(at: "link", limit: 100) == Array("../../etc/passwd".utf8))
  }

  @Test func opensAnArchiveFromAPathWithoutExtracting() throws {
    let bytes = try ZipBuilder().file("a/b.txt", text: "hello").build()
    let url = TemporaryFolder.uniqueURL("ziparchive", suffix: ".ipa")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let archive = try ZipArchive(path: url.path)
    #expect(archive.name == url.path)
    #expect(try archive.contents(at: "a/b.txt", limit: 10) == Array("hello".utf8))
  }

  @Test func reportsAMissingPathAsNotFound() {
    #expect(throws: BundleError.self) { try ZipArchive(path: "/nonexistent/App.ipa") }
    do {
      _ = try ZipArchive(path: "/nonexistent/App.ipa")
    } catch {
      #expect(error.kind == .notFound)
      #expect(error.message == "could not open the archive: No such file or directory")
    }
  }

  @Test(arguments: [
    (
      "../evil.txt",
      "the entry name has a `..` component that would leave the archive; it is skipped"
    ),
    (
      "Payload/../../evil",
      "the entry name has a `..` component that would leave the archive; it is skipped"
    ),
    ("/etc/passwd", "the entry name is an absolute path; it is skipped"),
    (
      "..\\..\\evil.dll",
      "the entry name uses a backslash, which could act as a separator; it is skipped"
    ),
    ("C:/Windows/evil", "the entry name starts with a drive letter; it is skipped"),
  ])
  func rejectsUnsafeNames(name: String, message: String) throws {
    let bytes = try ZipBuilder().file("ok.txt", text: "ok").file(name, text: "evil").build()
    let archive = try ZipArchive(bytes: bytes, name: "evil.zip")
    #expect(archive.entries.map(\.path) == ["ok.txt"])
    #expect(archive.rejectedEntries == [BundleError(.unsafePath, message, path: name)])
    #expect(archive.entry(at: name) == nil)
  }

  /// libzip 1.7 replaces NUL bytes in stored names with spaces as it reads the central
  /// directory, so a NUL never reaches us (nor any C string cut short by it); the name checker
  /// still refuses NUL in case a later libzip stops doing so.
  @Test func neverExposesANulInAName() throws {
    let built = try ZipBuilder().file("ok.txt", text: "ok").file("a_b.txt", text: "x").build()
    let bytes = ZipBuilder.patchName(built, "a_b.txt", Array("a\0b.txt".utf8))
    let archive = try ZipArchive(bytes: bytes, name: "nul.zip")
    #expect(archive.entries.map(\.path) == ["ok.txt", "a b.txt"])
    #expect(archive.entries.allSatisfy { !$0.path.utf8.contains(0) })
    #expect(ZipEntryName.normalise("a\0b.txt") == .rejected("contains a NUL character"))
  }

  @Test func normalisesNamesAndKeepsTheFirstOfDuplicates() throws {
    let built = try ZipBuilder()
      .file("./a//b.txt", text: "first")
      .file("a/b.txt", text: "second")
      .file("c.txt", text: "1")
      .file("d.txt", text: "2")
      .build()
    let bytes = ZipBuilder.patchName(built, "d.txt", Array("c.txt".utf8))
    let archive = try ZipArchive(bytes: bytes, name: "dup.zip")
    #expect(archive.entries.map(\.path) == ["a/b.txt", "c.txt"])
    #expect(try archive.contents(at: "a/b.txt", limit: 10) == Array("first".utf8))
    #expect(try archive.contents(at: "c.txt", limit: 10) == Array("1".utf8))
    #expect(
      archive.rejectedEntries == [
        BundleError(
          .malformed, "another entry already has the path a/b.txt; only the first is used",
          path: "a/b.txt"),
        BundleError(
          .malformed, "another entry already has the path c.txt; only the first is used",
          path: "c.txt"),
      ])
  }

  /// libzip refuses an archive whose UTF-8-marked entry name holds a control character; the
  /// error names the archive and says which kind of record libzip did not accept.
  @Test func aControlCharacterInAUTF8NameIsRefusedWithTheReason() throws {
    let built = try ZipBuilder().file("Payload/App.app/Info.plist", text: "<plist/>")
      .file("Payload/App.app/\u{E9}ab.txt", text: "x").build()
    let hostile = ZipBuilder.patchName(built, "\u{E9}ab", [0xC3, 0xA9, 0x01, 0x62])
    #expect(hostile != built)
    #expect(throws: BundleError.self) {
      _ = try ZipArchive(bytes: hostile, name: "Hostile.ipa")
    }
    do {
      _ = try ZipArchive(bytes: hostile, name: "Hostile.ipa")
    } catch {
      #expect(error.path == "Hostile.ipa")
      #expect(error.kind == .malformed)
      #expect(error.description.contains("entry name marked as UTF-8 that holds a control"))
    }
    // The same archive before the patch opens.
    #expect(try ZipArchive(bytes: built, name: "Plain.ipa").entries.count == 2)
  }

  @Test func refusesAnEmptyFile() {
    #expect {
      try ZipArchive(bytes: [], name: "empty.ipa")
    } throws: { error in
      (error as? BundleError)
        == BundleError(
          .unrecognized, "the file is empty; expected a ZIP archive", path: "empty.ipa")
    }
  }

  @Test func refusesAnEmptyFileOnDisk() throws {
    let url = TemporaryFolder.uniqueURL("ziparchive", suffix: ".ipa")
    try Data().write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(
      throws: BundleError(
        .unrecognized, "the file is empty; expected a ZIP archive", path: url.path)
    ) { try ZipArchive(path: url.path) }
  }

  @Test func refusesRandomBytes() {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
    #expect {
      try ZipArchive(bytes: bytes, name: "random.ipa")
    } throws: { error in
      guard let error = error as? BundleError else { return false }
      return error.kind == .unrecognized && error.path == "random.ipa"
        && error.message == "could not open the ZIP archive: Not a zip archive"
    }
  }

  @Test(arguments: [0.25, 0.5, 0.9])
  func refusesATruncatedArchive(fraction: Double) throws {
    let built = try ZipBuilder()
      .file("Info.plist", text: Self.plist).file("b.bin", [UInt8](repeating: 7, count: 5000))
      .build()
    let bytes = Array(built.prefix(Int(Double(built.count) * fraction)))
    #expect {
      try ZipArchive(bytes: bytes, name: "cut.ipa")
    } throws: { error in
      guard let error = error as? BundleError else { return false }
      return [.unrecognized, .malformed].contains(error.kind)
        && error.message.hasPrefix("could not open the ZIP archive: ")
    }
  }

  @Test func reportsCorruptDataWithLibzipsMessageAndTheEntryName() throws {
    let text = String(repeating: "corrupt me ", count: 200)
    var bytes = try ZipBuilder().file("Payload/x.txt", text: text, method: .store).build()
    // Flip a byte of the stored data (just after the 30-byte header and the 13-byte name).
    bytes[30 + 13 + 5] ^= 0xff
    let archive = try ZipArchive(bytes: bytes, name: "crc.ipa")
    #expect(
      throws: BundleError(.malformed, "could not read the entry: CRC error", path: "Payload/x.txt")
    ) {
      try archive.contents(at: "Payload/x.txt", limit: 1 << 20)
    }
  }

  @Test func reportsAMissingEntry() throws {
    let archive = try ZipArchive(bytes: try ZipBuilder().file("a", text: "a").build(), name: "a")
    #expect(throws: BundleError(.notFound, "the archive has no entry with this path", path: "b")) {
      try archive.contents(at: "b", limit: 10)
    }
  }

  @Test func canBeReadFromManyTasksAtOnce() async throws {
    var builder = ZipBuilder()
    for index in 0..<16 {
      builder = builder.file("f\(index)", text: String(repeating: "\(index)", count: 3000))
    }
    let archive = try ZipArchive(bytes: try builder.build(), name: "many.zip")
    let counts = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<16 {
        group.addTask { try archive.contents(at: "f\(index)", limit: 1 << 20).count }
      }
      return try await group.reduce(0, +)
    }
    #expect(counts == archive.entries.reduce(0) { $0 + $1.size })
  }
}
