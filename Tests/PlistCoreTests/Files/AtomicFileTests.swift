import Foundation
import Glibc
import TestSupport
import Testing

@testable import PlistCore

@Suite struct AtomicFileTests {
  /// Writes `text` to `path` with `mode`.
  static func put(_ text: String, at path: String, mode: mode_t = 0o644) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    #expect(chmod(path, mode) == 0)
  }

  static func contents(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
  }

  static func mode(_ path: String) -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return info.st_mode & 0o7777
  }

  /// The names in `folder`, sorted; a temporary file left behind shows up here.
  static func names(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  @Test(arguments: [0o640, 0o755, 0o600, 0o444] as [mode_t])
  func replacesContentAndKeepsPermissions(mode: mode_t) throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/Info.plist"
    try Self.put("old\n", at: path, mode: mode)
    try AtomicFile.write(
      Array("new content\n".utf8), to: path,
      options: AtomicFile.Options(overwriteReadOnly: mode == 0o444))
    #expect(try Self.contents(path) == "new content\n")
    #expect(Self.mode(path) == mode)
    #expect(try Self.names(folder) == ["Info.plist"])
  }

  @Test(.enabled(if: geteuid() == 0, "only root can give a file to another owner"))
  func keepsOwnerAndGroup() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/Info.plist"
    try Self.put("old", at: path, mode: 0o664)
    #expect(chown(path, 65_534, 65_534) == 0)
    try AtomicFile.write(Array("new".utf8), to: path, expecting: nil)
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_uid == 65_534)
    #expect(info.st_gid == 65_534)
    #expect(info.st_mode & 0o7777 == 0o664)
  }

  @Test func newFileGetsDefaultPermissionsLessUmask() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let status = try Self.contents("/proc/self/status")
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
    let umask = try #require(mode_t(line.split(separator: "\t").last ?? "", radix: 8))
    let path = folder + "/New.plist"
    try AtomicFile.write(Array("<plist/>".utf8), to: path, expecting: nil)
    #expect(try Self.contents(path) == "<plist/>")
    #expect(Self.mode(path) == 0o666 & ~umask)
    #expect(try Self.names(folder) == ["New.plist"])
  }

  @Test func readGivesBytesAndFingerprint() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/Info.plist"
    try Self.put("hello", at: path)
    let (bytes, fingerprint) = try AtomicFile.read(path: path)
    #expect(bytes == Array("hello".utf8))
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(fingerprint.size == 5)
    #expect(fingerprint.inode == UInt64(info.st_ino))
    #expect(fingerprint.modificationSeconds == Int64(info.st_mtim.tv_sec))
    #expect(fingerprint.modificationNanoseconds == Int64(info.st_mtim.tv_nsec))
    // FNV-1a 64 of "hello", as published for the algorithm.
    #expect(fingerprint.contentHash == 0xA430_D846_80AA_BD0B)
    #expect(try AtomicFile.fingerprint(path: path) == fingerprint)
    #expect(throws: FileError.self) { try AtomicFile.read(path: folder + "/missing") }
    #expect(throws: FileError(.readFailed, "\(folder) could not be read: it is a folder")) {
      try AtomicFile.read(path: folder)
    }
  }

  @Test func refusesToOverwriteAFileChangedOnDisk() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/Info.plist"
    try Self.put("as read\n", at: path)
    let fingerprint = try AtomicFile.fingerprint(path: path)
    try Self.put("changed by someone else\n", at: path)
    #expect(throws: FileError(.changedOnDisk, "\(path) changed on disk since it was read")) {
      try AtomicFile.write(Array("ours\n".utf8), to: path, expecting: fingerprint)
    }
    #expect(try Self.contents(path) == "changed by someone else\n")
    #expect(try Self.names(folder) == ["Info.plist"])
    // Same length, one byte different: still a change.
    try Self.put("as reaD\n", at: path)
    #expect(throws: FileError.self) {
      try AtomicFile.write(Array("ours\n".utf8), to: path, expecting: fingerprint)
    }
    // The same bytes written again (new time stamp) lose nothing, so the save goes ahead.
    try Self.put("as read\n", at: path)
    try AtomicFile.write(Array("ours\n".utf8), to: path, expecting: fingerprint)
    #expect(try Self.contents(path) == "ours\n")
  }

  @Test func refusesWhenTheFileWasRemovedSinceItWasRead() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/Info.plist"
    try Self.put("x", at: path)
    let fingerprint = try AtomicFile.fingerprint(path: path)
    #expect(unlink(path) == 0)
    #expect(
      throws: FileError(.changedOnDisk, "\(path) was removed or renamed since it was read")
    ) {
      try AtomicFile.write(Array("y".utf8), to: path, expecting: fingerprint)
    }
    #expect(try Self.names(folder) == [])
  }

  @Test func writesThroughASymbolicLink() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/real", withIntermediateDirectories: true)
    try Self.put("old", at: folder + "/real/Info.plist", mode: 0o640)
    #expect(symlink("real/Info.plist", folder + "/link.plist") == 0)
    let fingerprint = try AtomicFile.fingerprint(path: folder + "/link.plist")
    try AtomicFile.write(Array("new".utf8), to: folder + "/link.plist", expecting: fingerprint)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.plist")
        == "real/Info.plist")
    #expect(try Self.contents(folder + "/real/Info.plist") == "new")
    #expect(Self.mode(folder + "/real/Info.plist") == 0o640)
    #expect(try Self.names(folder + "/real") == ["Info.plist"])
    #expect(try Self.names(folder) == ["link.plist", "real"])
  }

  @Test func refusesALinkToNothingAndADirectory() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(symlink("missing.plist", folder + "/dangling.plist") == 0)
    #expect(
      throws: FileError(
        .writeFailed,
        "\(folder)/dangling.plist was not saved: it is a symbolic link to a file that does not "
          + "exist")
    ) {
      try AtomicFile.write([1], to: folder + "/dangling.plist", expecting: nil)
    }
    #expect(throws: FileError(.refused, "\(folder) was not saved: it is a folder, not a file")) {
      try AtomicFile.write([1], to: folder, expecting: nil)
    }
    #expect(try Self.names(folder) == ["dangling.plist"])
  }

  @Test func readOnlyDirectoryLeavesTheOriginal() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer {
      chmod(folder, 0o755)
      try? FileManager.default.removeItem(atPath: folder)
    }
    let path = folder + "/Info.plist"
    try Self.put("original\n", at: path)
    if geteuid() != 0 {
      #expect(chmod(folder, 0o555) == 0)
      #expect(
        throws: FileError(
          .writeFailed,
          "\(path) was not saved: Permission denied while creating a temporary file in \(folder)")
      ) {
        try AtomicFile.write(Array("new\n".utf8), to: path, expecting: nil)
      }
      #expect(try Self.contents(path) == "original\n")
      #expect(try Self.names(folder) == ["Info.plist"])
    } else {
      // Root writes into a 0555 folder anyway; /proc refuses new files even to root.
      let before = try Self.contents("/proc/version")
      #expect(throws: FileError.self) {
        try AtomicFile.write(Array("new\n".utf8), to: "/proc/version", expecting: nil)
      }
      #expect(try Self.contents("/proc/version") == before)
    }
    // A path under a regular file fails the same way for everyone.
    #expect(
      throws: FileError(
        .writeFailed,
        "\(path)/Info.plist was not saved: Not a directory while reading its details")
    ) {
      try AtomicFile.write(Array("new\n".utf8), to: path + "/Info.plist", expecting: nil)
    }
    #expect(try Self.contents(path) == "original\n")
    #expect(try Self.names(folder) == ["Info.plist"])
  }
}
