import Foundation
import PlistCore

/// Trees a command has read, kept alive to the end of the process when the executable asks
/// (`isKeeping`), so that a command which exits once its output is written does not free its
/// tree node by node first.
///
/// Freeing is one release per node and one `free` per allocation: about a tenth of a whole
/// `convert` of a document with many small values. The process's exit returns the memory at
/// once. Tests and the inspector leave `isKeeping` false, so nothing accumulates there.
package enum FinishedTrees {
  /// Whether `keep(_:)` keeps; the `infoscope` executable sets it before running a command.
  nonisolated(unsafe) package static var isKeeping = false

  private static let lock = NSLock()
  nonisolated(unsafe) private static var kept: [PlistNode] = []

  /// Keeps the tree under `root` until the process exits, when `isKeeping` is set.
  ///
  /// Does nothing otherwise. Only the tree is kept: a document's text, one allocation, is
  /// freed as usual.
  static func keep(_ root: PlistNode) {
    guard isKeeping else { return }
    lock.withLock { kept.append(root) }
  }
}
