/// One entry of a `FileTree`: a file, a folder or a symbolic link, by its path in the tree.
package struct FileTreeEntry: Sendable, Hashable {
  /// What the entry is.
  package enum Kind: Sendable, Hashable {
    case file
    case directory
    /// A symbolic link, never followed outside the tree's root.
    case symbolicLink
  }

  /// The path from the tree's root, `/`-separated, without a leading or trailing `/`
  /// (`Payload/App.app/Info.plist`); the root itself is the empty string.
  package var path: String
  /// What the entry is.
  package var kind: Kind
  /// The size in bytes of a file's contents (uncompressed, in a ZIP); 0 otherwise.
  package var size: Int

  /// Creates an entry.
  package init(path: String, kind: Kind, size: Int = 0) {
    self.path = path
    self.kind = kind
    self.size = size
  }

  /// The last path component.
  package var name: String { path.split(separator: "/").last.map(String.init) ?? "" }
}

/// A read-only tree of files: a folder on disk or the entries of a ZIP archive read in memory.
///
/// The bundle loader walks bundles through this protocol alone, so an `.app` folder, an `.ipa`
/// and an `.xcarchive` are read by the same code. Implementations never give access outside
/// their root: `..` components, absolute paths and symbolic links that leave the root are
/// refused with `BundleError.Kind.unsafePath`.
package protocol FileTree: Sendable {
  /// A description of the tree for messages (the folder's or archive's path).
  var name: String { get }

  /// The entry at `path`, or nil when there is none.
  func entry(at path: String) -> FileTreeEntry?

  /// The entries directly inside the folder at `path` (`""` for the root), sorted by name.
  ///
  /// - Throws: `BundleError` when the folder cannot be listed.
  func children(of path: String) throws(BundleError) -> [FileTreeEntry]

  /// The contents of the file at `path`.
  ///
  /// - Parameters:
  ///   - path: the file's path in the tree.
  ///   - limit: the most bytes to accept; a larger file is an error of kind `.limitExceeded`.
  /// - Returns: the file's bytes.
  /// - Throws: `BundleError` naming the path.
  func contents(of path: String, limit: Int) throws(BundleError) -> [UInt8]

  /// The path in the tree that the symbolic link at `path` leads to, or nil.
  ///
  /// Nil when `path` is not a link, or its target is absolute, leaves the root, names nothing
  /// or loops; `""` for a link to the root. Links are never followed by the other methods, so a
  /// loader that wants a link's contents (`Versions/Current` in a macOS framework) resolves it
  /// here first. Trees without links keep the default, which returns nil.
  func resolveLink(at path: String) -> String?
}

extension FileTree {
  /// Returns nil: the tree has no symbolic links to resolve.
  package func resolveLink(at path: String) -> String? { nil }
}
