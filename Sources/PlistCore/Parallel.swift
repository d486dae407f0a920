import Foundation

/// Work spread over the machine's cores, with results in the order of the items, so that what
/// is built from them is the same as when the work is done one item after another.
package enum Parallel {
  /// `body(0)`, `body(1)`, … `body(count - 1)`, in that order.
  ///
  /// The calls run at once on the machine's cores (`LargeStack.concurrentPerform`: threads
  /// whose stacks hold the deepest tree the readers accept), unless `serially` is true or
  /// there is a single item; either way the results come back in index order. `body` must not
  /// depend on the order the calls run in.
  ///
  /// - Parameters:
  ///   - count: the number of items (0 gives an empty array).
  ///   - serially: true to call `body` on the calling thread, one index after another (for
  ///     comparison, and wherever the calls must not overlap).
  ///   - costs: an estimate of each item's work, by index, when the items differ: the costliest
  ///     are started first, so that a large item given last does not run alone at the end
  ///     while the other cores wait. Ignored when serial.
  ///   - body: the work for one index.
  /// - Returns: the results, by index.
  package static func map<Result: Sendable>(
    _ count: Int, serially: Bool = false, costs: [Int]? = nil,
    _ body: @Sendable (Int) -> Result
  ) -> [Result] {
    guard count > 1, !serially else { return (0..<max(count, 0)).map { body($0) } }
    let order = startOrder(count, costs: costs)
    let slots = Slots<Result>(count: count)
    LargeStack.concurrentPerform(iterations: count) { position in
      let index = order[position]
      slots.store(body(index), at: index)
    }
    return slots.results()
  }

  /// The order in which `count` items are started: by falling `costs` (ties and equal costs in
  /// index order), or index order without costs.
  ///
  /// - Parameters:
  ///   - count: the number of items.
  ///   - costs: each item's estimated work, by index (nil, or the wrong count, for none).
  /// - Returns: every index below `count`, once.
  package static func startOrder(_ count: Int, costs: [Int]?) -> [Int] {
    guard let costs, costs.count == count else { return Array(0..<max(count, 0)) }
    return (0..<count).sorted { (costs[$1], $0) < (costs[$0], $1) }
  }

  /// Whether `environment` asks for serial work: `INFOSCOPE_SERIAL` set to anything but
  /// empty or `0`.
  ///
  /// - Parameter environment: looks one variable up (the process's environment, or a test's).
  /// - Returns: true when the work is to be done one item after another.
  package static func isSerial(_ environment: (String) -> String?) -> Bool {
    guard let value = environment(serialVariable) else { return false }
    return !value.isEmpty && value != "0"
  }

  /// The environment variable that makes lint work one item at a time.
  package static let serialVariable = "INFOSCOPE_SERIAL"
}

/// One result per index, filled from several threads.
///
/// Each index is written once, by one call; the lock orders the writes with the final read.
private final class Slots<Result: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Result?]

  init(count: Int) { values = Array(repeating: nil, count: count) }

  func store(_ value: Result, at index: Int) {
    lock.lock()
    values[index] = value
    lock.unlock()
  }

  /// The results, once every index has been stored.
  func results() -> [Result] {
    lock.lock()
    defer { lock.unlock() }
    return values.map { value in
      guard let value else { fatalError("Parallel.map: an index was not computed") }
      return value
    }
  }
}
