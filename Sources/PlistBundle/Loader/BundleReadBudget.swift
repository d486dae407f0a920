import Foundation

/// The most bytes read from the files of one input (a bundle folder, an `.ipa`, an
/// `.xcarchive` or a project), summed over every file the loader reads for it.
///
/// Each file already has its own cap (`BundleWalker.maxPropertyListBytes`, …); this one stops
/// an input that holds many files just under those caps, such as a thousand nested bundles
/// with a 200 MB executable each. One budget is shared by every walker of one input.
package final class BundleReadBudget: @unchecked Sendable {
  /// The default most bytes read for one input: 4 GiB, far above any real app (the largest
  /// executables are a few hundred MB) and below what one machine can hold twice.
  package static let defaultMaxBytes = 4 << 30

  /// The most bytes read for the input.
  package let maxBytes: Int
  private var used = 0
  private let lock = NSLock()

  /// Creates a budget of `maxBytes` bytes.
  package init(maxBytes: Int = defaultMaxBytes) { self.maxBytes = maxBytes }

  /// The bytes read so far.
  package var bytesRead: Int { lock.withLock { used } }

  /// Refuses a read of `count` more bytes when it would pass `maxBytes`, else counts them.
  ///
  /// - Throws: `BundleError` of kind `.limitExceeded` naming `path`, the limit and its value.
  func spend(_ count: Int, path: String) throws(BundleError) {
    let total: Int? = lock.withLock {
      guard count <= maxBytes - used else { return nil }
      used += count
      return used
    }
    guard total != nil else {
      throw BundleError(
        .limitExceeded,
        "reading this file of \(count) bytes would take the bytes read for this input past "
          + "\(maxBytes), the most infoscope reads for one input (BundleReadBudget.maxBytes)",
        path: path)
    }
  }
}

/// A `FileTree` that charges every file read from `base` to a `BundleReadBudget`, refusing a
/// file before it is read when its size passes what is left.
package struct BudgetedTree: FileTree {
  /// The tree read from.
  package let base: any FileTree
  /// The budget every read is charged to.
  package let budget: BundleReadBudget

  /// Wraps `base`, charging its reads to `budget`.
  package init(base: any FileTree, budget: BundleReadBudget) {
    self.base = base
    self.budget = budget
  }

  package var name: String { base.name }

  package func entry(at path: String) -> FileTreeEntry? { base.entry(at: path) }

  package func children(of path: String) throws(BundleError) -> [FileTreeEntry] {
    try base.children(of: path)
  }

  /// The contents of the file at `path`, charged to the budget.
  ///
  /// - Throws: `BundleError` of kind `.limitExceeded` when the file would pass the budget, or
  ///   as the base tree does.
  package func contents(of path: String, limit: Int) throws(BundleError) -> [UInt8] {
    if let declared = base.entry(at: path)?.size, declared > budget.maxBytes - budget.bytesRead {
      try budget.spend(declared, path: path)
    }
    let bytes = try base.contents(of: path, limit: limit)
    try budget.spend(bytes.count, path: path)
    return bytes
  }

  package func resolveLink(at path: String) -> String? { base.resolveLink(at: path) }
}
