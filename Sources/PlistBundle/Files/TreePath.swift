/// Lexical helpers for `FileTree` paths, shared by `DirectoryTree` and `ZipTree`.
///
/// Nothing here touches the file system: callers pass closures that look entries up in their
/// own tree, so a path can never leave the tree by construction.
enum TreePath {
  /// Joins two tree paths with `/`; an empty side leaves the other as it is.
  static func join(_ a: String, _ b: String) -> String {
    a.isEmpty ? b : b.isEmpty ? a : a + "/" + b
  }

  /// The most symbolic links followed while resolving one path (Linux's `ELOOP` bound).
  static let maxLinkHops = 40

  /// The components of a path asked for by a caller, or nil when it could leave the tree.
  ///
  /// Empty and `.` components are dropped (`a//b/./c` is `a/b/c`, `""` is the root); an
  /// absolute path, a `..` component or a NUL character make the path unsafe.
  static func components(of path: String) -> [String]? {
    if path.hasPrefix("/") || path.utf8.contains(0) { return nil }
    var parts: [String] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." { return nil }
      parts.append(String(part))
    }
    return parts
  }

  /// The path inside the tree that the symbolic link at `link` leads to, or nil.
  ///
  /// The link's target is read with `target`, taken relative to the link's folder, and walked
  /// component by component; links met on the way are followed (at most `maxLinkHops`).
  /// Returns nil when the target is absolute, climbs above the root, names nothing
  /// (`kind` returns nil), or loops.
  ///
  /// - Parameters:
  ///   - link: the link's path in the tree, from `components(of:)`.
  ///   - kind: the kind of the entry at a tree path, or nil when there is none.
  ///   - target: the target text of the symbolic link at a tree path.
  /// - Returns: the resolved path (`""` for the root itself).
  static func resolveLink(
    at link: [String], kind: (String) -> FileTreeEntry.Kind?, target: (String) -> String?
  ) -> String? {
    guard !link.isEmpty, kind(link.joined(separator: "/")) == .symbolicLink else { return nil }
    var resolved = Array(link.dropLast())
    var pending: [Substring] = []
    var hops = 0
    func push(targetOf path: String) -> Bool {
      hops += 1
      guard hops <= maxLinkHops, let text = target(path), !text.isEmpty, !text.hasPrefix("/"),
        !text.utf8.contains(0)
      else { return false }
      pending.append(contentsOf: text.split(separator: "/").reversed())
      return true
    }
    guard push(targetOf: link.joined(separator: "/")) else { return nil }
    while let part = pending.popLast() {
      if part.isEmpty || part == "." { continue }
      if part == ".." {
        if resolved.isEmpty { return nil }
        resolved.removeLast()
        continue
      }
      let candidate = resolved + [String(part)]
      let path = candidate.joined(separator: "/")
      switch kind(path) {
      case nil: return nil
      case .symbolicLink?: guard push(targetOf: path) else { return nil }
      case .file?, .directory?: resolved = candidate
      }
    }
    return resolved.joined(separator: "/")
  }
}
