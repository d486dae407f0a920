import PlistCore

extension AppBundle {
  /// Builds again the effective Info.plist of every project target whose `INFOPLIST_FILE` is
  /// the file at `sourcePath`, reading `bytes` for that file instead of the one on disk (the
  /// editor's unsaved version), so findings about the merged Info.plist follow edits at once.
  ///
  /// - Parameters:
  ///   - sourcePath: the file's path in the input's tree (as ``BundleFile/path`` gives it).
  ///   - bytes: the file's new contents.
  /// - Returns: the paths of the generated Info.plists that changed.
  @discardableResult
  package mutating func remergeInfoPlists(sourcePath: String, bytes: [UInt8]) -> [String] {
    guard inputKind == .project else { return [] }
    var changed: [String] = []
    let projects = self.projects
    func visit(_ node: inout BundleNode) {
      if let effective = node.effectiveInfoPlist, effective.sourceFile?.path == sourcePath,
        var project = projects.first(where: { $0.target(named: effective.target) != nil })
      {
        project.files = OverlayTree(base: project.files, path: sourcePath, bytes: bytes)
        if let rebuilt = try? project.effectiveInfoPlist(
          target: effective.target, configuration: effective.configuration, sdk: effective.sdk)
        {
          node.effectiveInfoPlist = rebuilt
          for i in node.files.indices where node.files[i].isGenerated {
            node.files[i].document = PlistDocument(
              root: PlistNode(.dictionary(rebuilt.dictionary)), format: .xml)
            node.files[i].problem = rebuilt.issues.first
            changed.append(node.files[i].path)
          }
        }
      }
      for i in node.children.indices { visit(&node.children[i]) }
    }
    for i in bundles.indices { visit(&bundles[i]) }
    return changed
  }
}

/// A file tree with one file's contents replaced (an edited, unsaved file).
struct OverlayTree: FileTree {
  let base: any FileTree
  let path: String
  let bytes: [UInt8]

  var name: String { base.name }

  func entry(at path: String) -> FileTreeEntry? {
    guard path == self.path, var entry = base.entry(at: path) else { return base.entry(at: path) }
    entry.size = bytes.count
    return entry
  }

  func children(of path: String) throws(BundleError) -> [FileTreeEntry] {
    try base.children(of: path)
  }

  func contents(of path: String, limit: Int) throws(BundleError) -> [UInt8] {
    guard path == self.path else { return try base.contents(of: path, limit: limit) }
    guard bytes.count <= limit else {
      throw BundleError(.limitExceeded, "the file is larger than \(limit) bytes", path: path)
    }
    return bytes
  }

  func resolveLink(at path: String) -> String? { base.resolveLink(at: path) }
}
