import Foundation

extension ThemeLoader.FileSystem {
  /// The machine's own file system, through Foundation.
  ///
  /// Reading a folder, or a file that cannot be opened or read, is a ``ThemeError`` of kind
  /// `unreadable`; a missing path is `nil`. At most `limit + 1` bytes are read, so a huge file
  /// or a device costs nothing before the parser refuses it.
  package static let local = ThemeLoader.FileSystem(
    read: { (path: String, limit: Int) throws(ThemeError) -> [UInt8]? in
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        return nil
      }
      let shown = ThemeError.quoted(path, limit: 200)
      guard !isDirectory.boolValue else {
        throw ThemeError(.unreadable, "\(shown) is a folder; give the path of a .theme file")
      }
      // Only a regular file is opened: a FIFO would block the open until a writer came, and
      // a device has no end.
      var info = stat()
      guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
        throw ThemeError(
          .unreadable, "\(shown) is not a regular file; give the path of a .theme file")
      }
      guard let handle = FileHandle(forReadingAtPath: path) else {
        throw ThemeError(.unreadable, "cannot open \(shown); check that it is readable")
      }
      defer { try? handle.close() }
      do {
        return [UInt8](try handle.read(upToCount: limit + 1) ?? Data())
      } catch {
        throw ThemeError(.unreadable, "cannot read \(shown): \(error.localizedDescription)")
      }
    },
    list: { directory in
      (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    })
}

extension ThemeLoader {
  /// The absolute path of the running executable (through `/proc/self/exe` on Linux), or `nil`
  /// when it cannot be found; pass it to ``resolve(requested:environment:colorCount:executablePath:)``.
  package static func currentExecutablePath() -> String? {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
      path.hasPrefix("/")
    {
      return path
    }
    if let path = Bundle.main.executablePath, path.hasPrefix("/") { return path }
    return nil
  }
}
