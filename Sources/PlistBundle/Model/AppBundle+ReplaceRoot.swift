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

extension AppBundle {
  /// Where a file sits in the input: among the loose files (`bundle` empty), or in the bundle
  /// reached by `bundle`'s child indices (the first into ``AppBundle/bundles``), at `index`
  /// of its files.
  package struct FilePlace: Sendable, Hashable {
    /// The child indices of the bundle holding the file; empty for a loose file.
    package var bundle: [Int]
    /// The file's index among that bundle's (or the loose) files.
    package var index: Int

    /// Creates a place.
    package init(bundle: [Int], index: Int) {
      self.bundle = bundle
      self.index = index
    }
  }

  /// Replaces the tree of the file at `place` (nothing changes when no file is there), found
  /// by index, not by path.
  package mutating func replaceRoot(at place: FilePlace, with root: PlistNode) {
    guard let first = place.bundle.first else {
      if files.indices.contains(place.index) { files[place.index].document?.root = root }
      return
    }
    guard bundles.indices.contains(first) else { return }
    bundles[first].replaceRoot(at: place.bundle.dropFirst(), index: place.index, with: root)
  }
}

extension BundleNode {
  /// Replaces the tree of file `index` of the bundle reached by `path` from this one.
  mutating func replaceRoot(at path: ArraySlice<Int>, index: Int, with root: PlistNode) {
    guard let first = path.first else {
      if files.indices.contains(index) { files[index].document?.root = root }
      return
    }
    guard children.indices.contains(first) else { return }
    children[first].replaceRoot(at: path.dropFirst(), index: index, with: root)
  }
}
