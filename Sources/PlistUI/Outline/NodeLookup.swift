import Foundation
import PlistCore

/// The nodes along the last path a ``Session`` looked up, so that the next lookup walks only
/// from where the two paths part.
///
/// Shape: `nodes[0]` is the file's root and `nodes[k]` the node at `path[..<k]`, for the one
/// file looked up last. A class, so that a non-mutating lookup can keep it; the lock makes that
/// safe when one session is read from several tasks. The session replaces it whenever its
/// files change, so it never describes another tree than the one it was filled from.
final class NodeLookup: @unchecked Sendable {
  private let lock = NSLock()
  private var file = -1
  private var path: [Int] = []
  private var nodes: [PlistNode] = []

  /// The node at `path` below `root`, the root of file `file`, or nil where `path` leaves the
  /// tree.
  func node(file: Int, path: [Int], root: PlistNode) -> PlistNode? {
    lock.lock()
    defer { lock.unlock() }
    if self.file != file || nodes.isEmpty {
      self.file = file
      self.path = []
      nodes = [root]
    }
    let limit = min(self.path.count, path.count)
    // Consecutive rows share all but their last steps: one comparison of memory settles that
    // case, and only paths that part earlier are compared step by step.
    let samePrefix = self.path.withUnsafeBytes { a in
      path.withUnsafeBytes { b in
        guard limit > 0, let a = a.baseAddress, let b = b.baseAddress else { return false }
        return memcmp(a, b, limit * MemoryLayout<Int>.stride) == 0
      }
    }
    var shared = samePrefix ? limit : 0
    while shared < limit && self.path[shared] == path[shared] { shared += 1 }
    self.path.removeSubrange(shared...)
    nodes.removeSubrange((shared + 1)...)
    var node = nodes[shared]
    for i in path[shared...] {
      switch node.value {
      case .dictionary(let d) where i < d.entries.count:
        node = d.entries[i].node
      case .array(let a) where i < a.count:
        node = a[i]
      default:
        return nil
      }
      self.path.append(i)
      nodes.append(node)
    }
    return node
  }
}
