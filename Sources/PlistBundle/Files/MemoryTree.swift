/// A `FileTree` held in memory: the built-in demo bundle, and bundles assembled by tests.
///
/// Folders are implied by the paths of the files (and may also be added empty); symbolic links
/// are listed but never followed.
package struct MemoryTree: FileTree {
  /// The tree's name in messages.
  package let name: String
  private var files: [String: [UInt8]]
  private var links: [String: String]
  private var folders: Set<String>
  /// The paths directly inside each folder (`""` for the root), so that listing a folder
  /// costs what it holds, not the whole tree.
  private var inside: [String: Set<String>] = [:]

  /// Creates a tree from file contents by path (`Payload/App.app/Info.plist`).
  ///
  /// - Parameters:
  ///   - name: the tree's name in messages.
  ///   - files: file contents by `/`-separated path.
  ///   - links: symbolic links by path, with their (unfollowed) targets.
  ///   - folders: extra empty folders.
  package init(
    name: String, files: [String: [UInt8]], links: [String: String] = [:], folders: [String] = []
  ) {
    self.name = name
    self.files = files
    self.links = links
    var all = Set(folders)
    for path in Array(files.keys) + Array(links.keys) + folders {
      var parts = path.split(separator: "/").dropLast()
      while !parts.isEmpty {
        all.insert(parts.joined(separator: "/"))
        parts = parts.dropLast()
      }
    }
    self.folders = all
    for path in Array(files.keys) + Array(links.keys) + Array(all) where !path.isEmpty {
      let parent = path.split(separator: "/").dropLast().joined(separator: "/")
      inside[parent, default: []].insert(path)
    }
  }

  package func entry(at path: String) -> FileTreeEntry? {
    if path.isEmpty { return FileTreeEntry(path: "", kind: .directory) }
    if let bytes = files[path] { return FileTreeEntry(path: path, kind: .file, size: bytes.count) }
    if links[path] != nil { return FileTreeEntry(path: path, kind: .symbolicLink) }
    if folders.contains(path) { return FileTreeEntry(path: path, kind: .directory) }
    return nil
  }

  package func children(of path: String) throws(BundleError) -> [FileTreeEntry] {
    guard entry(at: path)?.kind == .directory else {
      throw BundleError(.notFound, "no such folder", path: path)
    }
    return (inside[path] ?? []).sorted().compactMap { entry(at: $0) }
  }

  package func contents(of path: String, limit: Int) throws(BundleError) -> [UInt8] {
    guard let bytes = files[path] else {
      throw BundleError(.notFound, "no such file", path: path)
    }
    guard bytes.count <= limit else {
      throw BundleError(
        .limitExceeded, "the file is \(bytes.count) bytes, more than the \(limit) allowed",
        path: path)
    }
    return bytes
  }

  /// The target of the symbolic link at `path`, unresolved.
  package func linkTarget(at path: String) -> String? { links[path] }
}
