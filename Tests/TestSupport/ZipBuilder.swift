import CZip
import Foundation

/// Builds ZIP archives at test time with libzip's writing API, so tests need no fixture files.
///
/// `ZipBuilder().file("Payload/App.app/Info.plist", bytes).build()` gives the archive's bytes;
/// `ZipBuilder.ipa(...)` lays out an `.ipa`. The `patch…` helpers rewrite built bytes to make
/// hostile archives (lying sizes, NUL in names) that libzip would refuse to write.
package struct ZipBuilder {
  /// How an entry's data is stored.
  package enum Method: Sendable, Equatable {
    case store, deflate
    /// Deflated, then encrypted with WinZip AES-256 under `password`.
    case aes256(password: String)
  }

  private enum Item {
    case file(String, [UInt8], Method)
    case directory(String)
    case symbolicLink(String, target: String)
  }

  /// A failure of libzip while writing, with its message.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  private var items: [Item] = []

  /// An empty archive.
  package init() {}

  /// Adds a file entry.
  package func file(_ name: String, _ bytes: [UInt8], method: Method = .deflate) -> ZipBuilder {
    var copy = self
    copy.items.append(.file(name, bytes, method))
    return copy
  }

  /// Adds a file entry holding `text` in UTF-8.
  package func file(_ name: String, text: String, method: Method = .deflate) -> ZipBuilder {
    file(name, Array(text.utf8), method: method)
  }

  /// Adds a folder entry (libzip appends the `/`).
  package func directory(_ name: String) -> ZipBuilder {
    var copy = self
    copy.items.append(.directory(name))
    return copy
  }

  /// Adds a symbolic link entry: Unix mode `0120777` in the external attributes, target as data.
  package func symbolicLink(_ name: String, target: String) -> ZipBuilder {
    var copy = self
    copy.items.append(.symbolicLink(name, target: target))
    return copy
  }

  /// Writes the archive to a temporary file with libzip and returns its bytes.
  package func build() throws -> [UInt8] {
    let url = TemporaryFolder.uniqueURL("zipbuilder", suffix: ".zip")
    defer { try? FileManager.default.removeItem(at: url) }
    var code: Int32 = 0
    guard let archive = zip_open(url.path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
      throw Failure(description: "zip_open failed with code \(code)")
    }
    func check(_ result: Bool, _ what: String) throws {
      if !result {
        let message = String(cString: zip_strerror(archive))
        zip_discard(archive)
        throw Failure(description: "\(what): \(message)")
      }
    }
    func addData(_ name: String, _ bytes: [UInt8]) throws -> UInt64 {
      // libzip frees the copy (freep = 1) once the archive is written.
      guard let copy = malloc(max(bytes.count, 1)) else { throw Failure(description: "malloc") }
      bytes.withUnsafeBytes { if let base = $0.baseAddress { _ = memcpy(copy, base, bytes.count) } }
      guard let source = zip_source_buffer(archive, copy, UInt64(bytes.count), 1) else {
        free(copy)
        try check(false, "zip_source_buffer")
        return 0
      }
      let index = zip_file_add(archive, name, source, ZIP_FL_ENC_UTF_8)
      if index < 0 { zip_source_free(source) }
      try check(index >= 0, "zip_file_add \(name)")
      return UInt64(index)
    }
    for item in items {
      switch item {
      case .file(let name, let bytes, let method):
        let index = try addData(name, bytes)
        switch method {
        case .store, .deflate:
          let cm = method == .store ? ZIP_CM_STORE : ZIP_CM_DEFLATE
          try check(zip_set_file_compression(archive, index, cm, 0) == 0, "compression")
        case .aes256(let password):
          let em = UInt16(ZIP_EM_AES_256)
          try check(zip_encryption_method_supported(em, 1) != 0, "libzip cannot write AES-256")
          try check(
            zip_file_set_encryption(archive, index, em, password) == 0, "encryption")
        }
      case .directory(let name):
        try check(zip_dir_add(archive, name, ZIP_FL_ENC_UTF_8) >= 0, "zip_dir_add \(name)")
      case .symbolicLink(let name, let target):
        let index = try addData(name, Array(target.utf8))
        let mode: UInt32 = 0o120777
        try check(
          zip_file_set_external_attributes(archive, index, 0, UInt8(ZIP_OPSYS_UNIX), mode << 16)
            == 0, "attributes")
      }
    }
    try check(zip_close(archive) == 0, "zip_close")
    return Array(try Data(contentsOf: url))
  }

  /// An `.ipa` holding `Payload/<app>.app/Info.plist` and whatever `files` adds (paths relative
  /// to the `.app` folder).
  package static func ipa(
    app: String = "App", infoPlist: String, files: [String: [UInt8]] = [:]
  ) throws -> [UInt8] {
    var builder = ZipBuilder().file("Payload/\(app).app/Info.plist", text: infoPlist)
    for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
      builder = builder.file("Payload/\(app).app/\(path)", bytes)
    }
    return try builder.build()
  }

  /// Rewrites the declared uncompressed size of entry `name` in both its local header and its
  /// central-directory record (so libzip sees them agree and only the data can tell).
  package static func patchUncompressedSize(
    _ bytes: [UInt8], entry name: String, to size: UInt32
  ) -> [UInt8] {
    patchField(bytes, entry: name, local: 22, central: 24, width: 4, to: UInt64(size))
  }

  /// Rewrites the compression method of entry `name` in both its headers: a stored entry
  /// patched to 14 is an LZMA entry, which Debian's libzip (built without liblzma) cannot read.
  package static func patchCompressionMethod(
    _ bytes: [UInt8], entry name: String, to method: UInt16
  ) -> [UInt8] {
    patchField(bytes, entry: name, local: 8, central: 10, width: 2, to: UInt64(method))
  }

  /// Writes `value` little-endian over `width` bytes at offset `local` of the entry's local
  /// header and `central` of its central-directory record.
  private static func patchField(
    _ bytes: [UInt8], entry name: String, local: Int, central: Int, width: Int, to value: UInt64
  ) -> [UInt8] {
    var bytes = bytes
    let nameBytes = Array(name.utf8)
    for (signature, fieldOffset, nameLengthOffset, nameOffset) in [
      (UInt32(0x0403_4b50), local, 26, 30), (UInt32(0x0201_4b50), central, 28, 46),
    ] {
      for start in headers(bytes, signature) {
        let length =
          Int(bytes[start + nameLengthOffset]) | Int(bytes[start + nameLengthOffset + 1]) << 8
        guard start + nameOffset + length <= bytes.count,
          Array(bytes[(start + nameOffset)..<(start + nameOffset + length)]) == nameBytes
        else { continue }
        for byte in 0..<width {
          bytes[start + fieldOffset + byte] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(byte)))
        }
      }
    }
    return bytes
  }

  /// Replaces every occurrence of `old` with `new` (the same length) in the archive's bytes:
  /// renames an entry in both its headers.
  package static func patchName(_ bytes: [UInt8], _ old: String, _ new: [UInt8]) -> [UInt8] {
    let old = Array(old.utf8)
    precondition(old.count == new.count)
    var bytes = bytes
    var index = 0
    while index + old.count <= bytes.count {
      if Array(bytes[index..<(index + old.count)]) == old {
        bytes.replaceSubrange(index..<(index + old.count), with: new)
        index += old.count
      } else {
        index += 1
      }
    }
    return bytes
  }

  private static func headers(_ bytes: [UInt8], _ signature: UInt32) -> [Int] {
    var found: [Int] = []
    var index = 0
    while index + 4 <= bytes.count {
      let value =
        UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
        | UInt32(bytes[index + 3]) << 24
      if value == signature { found.append(index) }
      index += 1
    }
    return found
  }
}
