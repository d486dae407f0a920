import PlistCore

/// Comparison of trees that, unlike `PlistNode`'s `==`, also compares where every node and key
/// was read from: undo must restore locations, or the format-preserving writer would rewrite
/// untouched elements.
enum Located {
  /// The first difference between `a` and `b` in value, key, node location or key location
  /// (locations only when `locations` is true), described with its index path; `nil` when the
  /// trees are the same in all of them.
  static func difference(
    _ a: PlistNode, _ b: PlistNode, locations: Bool = true, at path: [Int] = []
  ) -> String? {
    if locations, a.location != b.location {
      return "at \(path): location \(describe(a.location)) vs \(describe(b.location))"
    }
    switch (a.value, b.value) {
    case (.array(let x), .array(let y)):
      guard x.count == y.count else { return "at \(path): \(x.count) items vs \(y.count)" }
      for i in x.indices {
        if let d = difference(x[i], y[i], locations: locations, at: path + [i]) { return d }
      }
      return nil
    case (.dictionary(let x), .dictionary(let y)):
      guard x.count == y.count else { return "at \(path): \(x.count) entries vs \(y.count)" }
      for i in x.entries.indices {
        let (p, q) = (x.entries[i], y.entries[i])
        if p.key != q.key { return "at \(path + [i]): key \(p.key) vs \(q.key)" }
        if locations, p.keyLocation != q.keyLocation {
          return
            "at \(path + [i]): key location \(describe(p.keyLocation)) vs \(describe(q.keyLocation))"
        }
        if let d = difference(p.node, q.node, locations: locations, at: path + [i]) { return d }
      }
      return nil
    default:
      return a.value == b.value ? nil : "at \(path): \(a.value) vs \(b.value)"
    }
  }

  /// True when `a` and `b` are the same in value, keys and every location.
  static func same(_ a: PlistNode, _ b: PlistNode) -> Bool { difference(a, b) == nil }

  /// Line, column and byte range of a location.
  static func describe(_ l: SourceLocation) -> String {
    "\(l.line):\(l.column) [\(l.start)..<\(l.end), content \(l.contentStart)]"
  }
}
