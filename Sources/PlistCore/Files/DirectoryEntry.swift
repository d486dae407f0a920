import Glibc

/// Folder entries as `readdir` returns them.
package enum DirectoryEntry {
  /// The name of `entry`, read in place up to its NUL.
  ///
  /// `readdir`'s record ends with the name (`d_reclen` bytes long), not with the 256-byte
  /// `d_name` field the C type declares: copying the field, as reading `entry.pointee.d_name`
  /// as a value does, reads past the end of the folder's buffer, a crash when that buffer ends
  /// a mapped page. Bytes that are not UTF-8 become U+FFFD.
  package static func name(_ entry: UnsafePointer<dirent>) -> String {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
    return String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
  }
}
