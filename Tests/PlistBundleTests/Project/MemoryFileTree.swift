import PlistBundle

/// A `FileTree` held in memory: a dictionary from path to contents, with folders implied by
/// the paths.
struct MemoryFileTree: FileTree {
  var name = "<memory>"
  var files: [String: [UInt8]]

  init(_ files: [String: String]) {
    self.files = files.mapValues { Array($0.utf8) }
  }

  init(bytes: [String: [UInt8]]) {
    self.files = bytes
  }

  private var folders: Set<String> {
    var out: Set<String> = [""]
    for path in files.keys {
      var parts = path.split(separator: "/").dropLast()
      while !parts.isEmpty {
        out.insert(parts.joined(separator: "/"))
        parts = parts.dropLast()
      }
    }
    return out
  }

  func entry(at path: String) -> FileTreeEntry? {
    if let data = files[path] { return FileTreeEntry(path: path, kind: .file, size: data.count) }
    return folders.contains(path) ? FileTreeEntry(path: path, kind: .directory) : nil
  }

  func children(of path: String) throws(BundleError) -> [FileTreeEntry] {
    let prefix = path.isEmpty ? "" : path + "/"
    let names = Set(
      (Array(files.keys) + Array(folders)).filter { $0.hasPrefix(prefix) && $0 != path }
        .compactMap { $0.dropFirst(prefix.count).split(separator: "/").first.map(String.init) })
    return names.sorted().compactMap { entry(at: prefix + $0) }
  }

  func contents(of path: String, limit: Int) throws(BundleError) -> [UInt8] {
    guard let data = files[path] else { throw BundleError(.notFound, "no such file", path: path) }
    guard data.count <= limit else {
      throw BundleError(.limitExceeded, "file is larger than \(limit) bytes", path: path)
    }
    return data
  }
}
