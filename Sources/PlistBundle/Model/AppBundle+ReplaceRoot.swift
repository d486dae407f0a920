import PlistCore

extension AppBundle {
  /// Replaces the tree of the file at `path` (wherever it sits among the bundles); nothing
  /// changes when no file has that path.
  package mutating func replaceRoot(ofFile path: String, with root: PlistNode) {
    if let i = files.firstIndex(where: { $0.path == path }) {
      files[i].document?.root = root
      return
    }
    for i in bundles.indices where bundles[i].replaceRoot(ofFile: path, with: root) { return }
  }
}

extension BundleNode {
  /// Replaces the tree of the file at `path` in this bundle or a nested one.
  ///
  /// - Returns: whether the file was found.
  package mutating func replaceRoot(ofFile path: String, with root: PlistNode) -> Bool {
    if let i = files.firstIndex(where: { $0.path == path }) {
      files[i].document?.root = root
      return true
    }
    for i in children.indices where children[i].replaceRoot(ofFile: path, with: root) {
      return true
    }
    return false
  }
}
