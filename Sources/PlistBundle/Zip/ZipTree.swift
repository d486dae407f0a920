/// A `FileTree` over the entries of a `ZipArchive` (an `.ipa`).
///
/// Folders are synthesised from entry paths, since archives often lack folder entries.
/// Symbolic links are listed as `.symbolicLink` and never followed; `resolveLink(at:)` gives
/// their target only when it stays inside the archive. An entry whose path lies inside a file
/// (`a` a file and `a/b` an entry) is left out and reported in `rejectedEntries`.
package struct ZipTree: FileTree {
  /// The most bytes of a symbolic link entry read as its target.
  static let maxLinkTargetSize = 4096

  /// The archive read.
  package let archive: ZipArchive
  /// The archive's rejected entries followed by entries whose paths clash with others.
  package let rejectedEntries: [BundleError]
  /// The folders and entries as a tree of nodes (index 0 is the root), each naming its
  /// children by the component; names are substrings of the entries' own paths, so building
  /// the tree costs time and memory linear in the names' bytes, whatever their depth (an entry
  /// of 30,000 components once cost 191 s and 1.8 GB when every folder prefix was a string).
  private let nodes: [Node]

  /// One folder or entry of the tree.
  private struct Node {
    var kind: FileTreeEntry.Kind
    var size: Int
    var children: [Substring: Int] = [:]
  }

  /// A description of the tree for messages: the archive's name.
  package var name: String { archive.name }

  /// Creates the tree of `archive`'s entries.
  package init(archive: ZipArchive) {
    self.archive = archive
    var nodes = [Node(kind: .directory, size: 0)]
    var rejected = archive.rejectedEntries
    entryLoop: for zipEntry in archive.entries {
      let parts = zipEntry.path.split(separator: "/")
      guard let last = parts.last else { continue }
      var current = 0
      for part in parts.dropLast() {
        if let child = nodes[current].children[part] {
          guard nodes[child].kind == .directory else {
            let folder = zipEntry.path[..<part.endIndex]
            rejected.append(
              BundleError(
                .malformed, "the entry lies inside \(folder), which is not a folder; it is skipped",
                path: zipEntry.path))
            continue entryLoop
          }
          current = child
        } else {
          nodes.append(Node(kind: .directory, size: 0))
          nodes[current].children[part] = nodes.count - 1
          current = nodes.count - 1
        }
      }
      let kind: FileTreeEntry.Kind =
        zipEntry.isDirectory ? .directory : zipEntry.isSymbolicLink ? .symbolicLink : .file
      if let existing = nodes[current].children[last] {
        if nodes[existing].kind == .directory && kind == .directory { continue }
        rejected.append(
          BundleError(
            .malformed, "another entry already uses this path as a folder; it is skipped",
            path: zipEntry.path))
        continue
      }
      nodes.append(Node(kind: kind, size: kind == .file ? zipEntry.size : 0))
      nodes[current].children[last] = nodes.count - 1
    }
    self.nodes = nodes
    self.rejectedEntries = rejected
  }

  /// The node at the tree path `key` (components joined by `/`, `""` for the root).
  private func node(_ key: String) -> Node? {
    var current = 0
    for part in key.split(separator: "/") {
      guard let child = nodes[current].children[part] else { return nil }
      current = child
    }
    return nodes[current]
  }

  /// Opens the archive in `bytes` and creates its tree.
  ///
  /// - Throws: `BundleError` as `ZipArchive.init(bytes:name:limits:)`.
  package init(bytes: [UInt8], name: String, limits: ZipLimits = .standard) throws(BundleError) {
    self.init(archive: try ZipArchive(bytes: bytes, name: name, limits: limits))
  }

  /// The entry at `path`, or nil when there is none or the path is unsafe.
  package func entry(at path: String) -> FileTreeEntry? {
    guard let key = TreePath.components(of: path)?.joined(separator: "/"), let node = node(key)
    else { return nil }
    return FileTreeEntry(path: key, kind: node.kind, size: node.size)
  }

  /// The entries directly inside the folder at `path`, sorted by name.
  ///
  /// - Throws: `BundleError` of kind `.unsafePath` for a path that could leave the tree,
  ///   `.notFound` when there is no folder at `path`.
  package func children(of path: String) throws(BundleError) -> [FileTreeEntry] {
    let key = try ZipTree.key(path)
    guard let folder = node(key) else {
      throw BundleError(.notFound, "the archive has no folder at this path", path: path)
    }
    guard folder.kind == .directory else {
      throw BundleError(.notFound, "this entry is not a folder; expected a folder", path: path)
    }
    return folder.children.sorted { $0.key < $1.key }.map { name, index in
      FileTreeEntry(
        path: TreePath.join(key, String(name)), kind: nodes[index].kind, size: nodes[index].size)
    }
  }

  /// The uncompressed contents of the file at `path`.
  ///
  /// - Throws: `BundleError` of kind `.unsafePath` for a path that could leave the tree or that
  ///   names a symbolic link (never followed), `.notFound` when no file is there, otherwise as
  ///   `ZipArchive.contents(of:limit:)`.
  package func contents(of path: String, limit: Int) throws(BundleError) -> [UInt8] {
    let key = try ZipTree.key(path)
    guard let entry = node(key) else {
      throw BundleError(.notFound, "the archive has no file at this path", path: path)
    }
    switch entry.kind {
    case .file:
      guard let zipEntry = archive.entry(at: key) else {
        throw BundleError(.notFound, "the archive has no file at this path", path: path)
      }
      return try archive.contents(of: zipEntry, limit: limit)
    case .directory:
      throw BundleError(.notFound, "this entry is a folder; expected a file", path: path)
    case .symbolicLink:
      throw BundleError(
        .unsafePath, "this entry is a symbolic link, which is never followed; resolve it first",
        path: path)
    }
  }

  /// The path inside the archive that the symbolic link at `path` leads to, or nil when it is
  /// not a link, its target is absolute, leaves the archive, names nothing, or loops.
  package func resolveLink(at path: String) -> String? {
    guard let parts = TreePath.components(of: path) else { return nil }
    return TreePath.resolveLink(
      at: parts, kind: { node($0)?.kind },
      target: { linkPath in
        guard let zipEntry = archive.entry(at: linkPath),
          let bytes = try? archive.contents(of: zipEntry, limit: ZipTree.maxLinkTargetSize)
        else { return nil }
        return String(validating: bytes, as: UTF8.self)
      })
  }

  private static func key(_ path: String) throws(BundleError) -> String {
    guard let parts = TreePath.components(of: path) else {
      throw BundleError(
        .unsafePath, "the path leaves the archive; expected a path inside it", path: path)
    }
    return parts.joined(separator: "/")
  }
}
