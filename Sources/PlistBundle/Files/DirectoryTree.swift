import Foundation
import PlistCore

/// A `FileTree` over a folder on disk.
///
/// Every path is walked one component at a time from the root with `openat` and
/// `O_NOFOLLOW`, so a symbolic link anywhere in a path is never followed: links are listed as
/// `.symbolicLink` (from `lstat`-style `fstatat`), reading through one is refused, and
/// `resolveLink(at:)` gives a link's target only when it stays inside the root.
package struct DirectoryTree: FileTree {
  /// The folder's path on disk, as given.
  package let root: String

  /// A description of the tree for messages: the folder's path.
  package var name: String { root }

  /// Creates the tree of the folder at `root` (a link naming the root itself is followed).
  ///
  /// - Throws: `BundleError` of kind `.notFound` when nothing is at `root`, `.unrecognized`
  ///   when it is not a folder, `.io` when it cannot be opened.
  package init(root: String) throws(BundleError) {
    var info = stat()
    guard stat(root, &info) == 0 else {
      throw DirectoryTree.systemError(errno, "could not open the folder", path: root)
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw BundleError(.unrecognized, "this is not a folder; expected a folder", path: root)
    }
    self.root = root
  }

  /// The entry at `path`, or nil when there is none, the path is unsafe, or it passes through
  /// a symbolic link.
  package func entry(at path: String) -> FileTreeEntry? {
    guard let parts = TreePath.components(of: path) else { return nil }
    guard let last = parts.last else { return FileTreeEntry(path: "", kind: .directory) }
    guard let folder = try? openFolder(Array(parts.dropLast()), path: path) else { return nil }
    defer { close(folder) }
    return DirectoryTree.entry(in: folder, name: last, path: parts.joined(separator: "/"))
  }

  /// The entries directly inside the folder at `path` (`.` and `..` left out), sorted by name.
  ///
  /// - Throws: `BundleError` of kind `.unsafePath` for a path that could leave the tree or runs
  ///   through a symbolic link, `.notFound` when no folder is there, `.io` with the system's
  ///   reason when it cannot be listed.
  package func children(of path: String) throws(BundleError) -> [FileTreeEntry] {
    let parts = try DirectoryTree.components(path)
    let folder = try openFolder(parts, path: path)
    guard let directory = fdopendir(folder) else {
      let code = errno
      close(folder)
      throw DirectoryTree.systemError(code, "could not list the folder", path: path)
    }
    defer { closedir(directory) }
    let prefix = parts.joined(separator: "/")
    // Each entry's name as read, so the sort does not split every path again per comparison.
    var result: [(name: String, entry: FileTreeEntry)] = []
    while let item = readdir(directory) {
      let name = DirectoryEntry.name(item)
      if name == "." || name == ".." { continue }
      let entryPath = prefix.isEmpty ? name : prefix + "/" + name
      if let entry = DirectoryTree.entry(in: dirfd(directory), name: name, path: entryPath) {
        result.append((name, entry))
      }
    }
    return result.sorted { $0.name < $1.name }.map(\.entry)
  }

  /// The contents of the regular file at `path`, read only up to `limit` bytes.
  ///
  /// - Throws: `BundleError` of kind `.unsafePath` for a path that could leave the tree or that
  ///   is or runs through a symbolic link, `.notFound` when no file is there, `.limitExceeded`
  ///   naming the size and limit for a larger file, `.unrecognized` for something other than a
  ///   regular file (a FIFO, a device), `.io` with the system's reason when reading fails.
  package func contents(of path: String, limit: Int) throws(BundleError) -> [UInt8] {
    let parts = try DirectoryTree.components(path)
    guard let last = parts.last else {
      throw BundleError(.notFound, "this is the tree's root folder; expected a file", path: path)
    }
    let folder = try openFolder(Array(parts.dropLast()), path: path)
    // O_NONBLOCK keeps a FIFO from blocking the open; it is refused just below.
    let file = openat(folder, last, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    let openError = errno
    close(folder)
    guard file >= 0 else {
      throw DirectoryTree.systemError(openError, "could not open the file", path: path)
    }
    defer { close(file) }
    var info = stat()
    guard fstat(file, &info) == 0 else {
      throw DirectoryTree.systemError(errno, "could not read the file", path: path)
    }
    let type = info.st_mode & S_IFMT
    if type == S_IFDIR {
      throw BundleError(.notFound, "this is a folder; expected a file", path: path)
    }
    guard type == S_IFREG else {
      throw BundleError(.unrecognized, "this is not a regular file; expected a file", path: path)
    }
    let size = Int(info.st_size)
    if size > limit {
      throw BundleError(
        .limitExceeded, "the file has \(size) bytes, more than the limit of \(limit) bytes",
        path: path)
    }
    var bytes = [UInt8](repeating: 0, count: size)
    var filled = 0
    while true {
      // Ask for one byte more than remains so a file that grew is noticed.
      if filled == bytes.count {
        if bytes.count > limit {
          throw BundleError(
            .limitExceeded, "the file grew past the limit of \(limit) bytes while being read",
            path: path)
        }
        bytes.append(contentsOf: repeatElement(0, count: min(limit - filled, (1 << 16) - 1) + 1))
      }
      let count = bytes.withUnsafeMutableBytes {
        read(file, $0.baseAddress.map { $0 + filled }, $0.count - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw DirectoryTree.systemError(errno, "could not read the file", path: path)
      }
      if count == 0 { break }
      filled += count
    }
    if filled > limit {
      throw BundleError(
        .limitExceeded, "the file grew past the limit of \(limit) bytes while being read",
        path: path)
    }
    bytes.removeSubrange(filled...)
    return bytes
  }

  /// The path inside the tree that the symbolic link at `path` leads to, or nil.
  ///
  /// The target is followed, link by link, only through entries of this tree: nil when it is
  /// not a link, when its target is absolute (`/etc`), climbs above the root, names nothing, or
  /// loops. Returns `""` for a link to the root itself.
  package func resolveLink(at path: String) -> String? {
    guard let parts = TreePath.components(of: path) else { return nil }
    return TreePath.resolveLink(
      at: parts, kind: { entry(at: $0)?.kind }, target: { readLink(at: $0) })
  }

  /// The target text of the symbolic link at `path`, or nil.
  private func readLink(at path: String) -> String? {
    guard let parts = TreePath.components(of: path), let last = parts.last,
      let folder = try? openFolder(Array(parts.dropLast()), path: path)
    else { return nil }
    defer { close(folder) }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlinkat(folder, last, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Opens the folder at `parts` without following any symbolic link; the caller closes it.
  private func openFolder(_ parts: [String], path: String) throws(BundleError) -> Int32 {
    var folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else {
      throw DirectoryTree.systemError(errno, "could not open the folder", path: root)
    }
    for part in parts {
      let next = openat(folder, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      var code = errno
      // Linux reports a link opened with O_DIRECTORY | O_NOFOLLOW as ENOTDIR; say it is a link.
      if next < 0, code == ENOTDIR,
        DirectoryTree.entry(in: folder, name: part, path: "")?.kind
          == .symbolicLink
      {
        code = ELOOP
      }
      close(folder)
      guard next >= 0 else {
        throw DirectoryTree.systemError(code, "could not open the folder", path: path)
      }
      folder = next
    }
    return folder
  }

  /// The entry `name` in the open folder `folder`, from `fstatat` without following links.
  private static func entry(in folder: Int32, name: String, path: String) -> FileTreeEntry? {
    var info = stat()
    guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return FileTreeEntry(path: path, kind: .directory)
    case S_IFLNK: return FileTreeEntry(path: path, kind: .symbolicLink)
    case S_IFREG: return FileTreeEntry(path: path, kind: .file, size: Int(info.st_size))
    default: return FileTreeEntry(path: path, kind: .file)
    }
  }

  private static func components(_ path: String) throws(BundleError) -> [String] {
    guard let parts = TreePath.components(of: path) else {
      throw BundleError(
        .unsafePath, "the path leaves the folder; expected a path inside it", path: path)
    }
    return parts
  }

  /// A `BundleError` for a failed system call, with the system's reason.
  private static func systemError(_ code: Int32, _ action: String, path: String) -> BundleError {
    let reason = String(cString: strerror(code))
    switch code {
    case ENOENT, ENOTDIR:
      return BundleError(.notFound, "\(action): \(reason)", path: path)
    case ELOOP:
      return BundleError(
        .unsafePath,
        "\(action): the path is or runs through a symbolic link, which is never "
          + "followed", path: path)
    default:
      return BundleError(.io, "\(action): \(reason)", path: path)
    }
  }
}
